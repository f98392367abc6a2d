import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import { test } from "node:test";
import pg from "pg";
import { generatePat } from "../src/auth/tokens.ts";
import { createLogger } from "../src/http/logger.ts";
import { startServer } from "../src/server.ts";
import { createTestDatabase, ON_POSTGRES, REPO, TEST_DATABASE_URL, testConfig } from "./support.ts";

test("graceful shutdown: a request in flight finishes, new ones are turned away, the store closes", async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  let entered!: () => void;
  const inside = new Promise<void>((r) => {
    entered = r;
  });
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const server = await startServer(testConfig(database.url), {
    logger: createLogger("silent"),
    beforeListen: (app) =>
      app.get("/probe/slow", async () => {
        entered();
        await gate;
        return { finished: true };
      }),
  });
  // The request in flight rides a keep-alive connection.
  const { port } = new URL(server.address);
  const socket = net.connect(Number(port), "127.0.0.1");
  await once(socket, "connect");
  let raw = "";
  socket.setEncoding("utf8");
  socket.on("data", (d: string) => {
    raw += d;
  });
  socket.write("GET /probe/slow HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n");
  await inside;
  const closing = server.close();
  // The listener closes at once; new connections are refused while the request above is still running.
  let refused = false;
  for (let i = 0; i < 50 && !refused; i++) {
    refused = await fetch(`${server.address}/healthz`).then(
      () => false,
      () => true,
    );
    if (!refused) await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(refused, "no new connections while draining");
  release();
  await once(socket, "end");
  assert.match(raw, /^HTTP\/1\.1 200/);
  assert.match(
    raw,
    /\r\nconnection: close\r\n/i,
    "the answer closes the connection instead of keeping it alive",
  );
  assert.match(raw, /\{"finished":true\}$/);
  await closing;
  await assert.rejects(server.core.store.ping(), /closed/);
});

test("docket serve drains on SIGTERM and exits 0", async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const child = spawn(process.execPath, ["src/cli/main.ts", "serve"], {
    cwd: REPO,
    env: { ...process.env, DATABASE_URL: database.url, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  t.after(() => child.kill("SIGKILL"));
  let out = "";
  child.stdout.setEncoding("utf8");
  const address = await new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: string) => {
      out += chunk;
      const m = /"address":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once("exit", () => reject(new Error(`serve exited early:\n${out}`)));
  });
  const { port } = new URL(address);

  // A request whose body is still arriving when SIGTERM lands.
  const socket = net.connect(Number(port), "127.0.0.1");
  await once(socket, "connect");
  const body = JSON.stringify({ hello: "world" });
  socket.write(
    `POST /nowhere HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  await new Promise((r) => setTimeout(r, 100));
  child.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(child.exitCode, null, "still draining while the request is in flight");
  let response = "";
  socket.setEncoding("utf8");
  socket.on("data", (d: string) => {
    response += d;
  });
  socket.write(body.slice(5));
  const [code] = (await once(child, "exit")) as [number];
  await new Promise((r) => setTimeout(r, 50));
  assert.match(response, /^HTTP\/1\.1 404/);
  assert.match(response, /"error":"not_found"/);
  assert.equal(code, 0);
  assert.match(out, /shutting down/);
  assert.match(out, /"msg":"stopped"/);
});

test("/readyz answers 200 while the database answers and 503 once it is gone", async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const server = await startServer(testConfig(database.url), { logger: createLogger("silent") });
  t.after(() => server.close());
  const ready = await fetch(`${server.address}/readyz`);
  assert.equal(ready.status, 200);
  assert.deepEqual(await ready.json(), { status: "ready", database: ON_POSTGRES ? "postgres" : "sqlite" });

  if (ON_POSTGRES) {
    // The database really goes away: dropped under the server's feet.
    const name = new URL(database.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  } else {
    await server.core.store.close();
  }
  const gone = await fetch(`${server.address}/readyz`);
  assert.equal(gone.status, 503);
  assert.equal(gone.headers.get("retry-after"), "5");
  const body = (await gone.json()) as { error: string; error_description: string };
  assert.equal(body.error, "temporarily_unavailable");
  assert.match(body.error_description, /database cannot be reached/);
  const alive = await fetch(`${server.address}/healthz`);
  assert.equal(alive.status, 200, "alive even when not ready");
  // The API says so too: a 503 to retry, not a 500.
  const api = await fetch(`${server.address}/v1/workspace`, {
    headers: { authorization: `Bearer ${generatePat()}` },
  });
  assert.equal(api.status, 503);
  assert.equal(api.headers.get("retry-after"), "5");
  assert.equal(((await api.json()) as { error: string }).error, "temporarily_unavailable");
});

test("docket serve told not to wait for an unreachable database exits 1 with a clear message", () => {
  const r = spawnSync(process.execPath, ["src/cli/main.ts", "serve"], {
    cwd: REPO,
    env: {
      ...process.env,
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/docket",
      DATABASE_STARTUP_WAIT_MS: "0",
      PORT: "0",
      LOG_LEVEL: "silent",
    },
    encoding: "utf8",
    timeout: 30_000,
  });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /could not start: the database cannot be reached or prepared: connect ECONNREFUSED/);
});
