import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { freePort, waitUntilReady } from "../cli/support.ts";
import { REPO, seed, setup } from "../support.ts";

/** `docket serve` as its own process over `databaseUrl`, ready to answer. */
async function serve(databaseUrl: string, dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["src/cli/main.ts", "serve"], {
    cwd: REPO,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DOCKET_DATA_DIR: dir,
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "error",
      WEBHOOK_ALLOW_PRIVATE: "true",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitUntilReady(child, `http://127.0.0.1:${port}`, 15);
  return child;
}

test("kill -9 of the service mid-delivery, then a restart: every event is delivered at least once", {
  timeout: 90_000,
}, async (t) => {
  // the database, seeded by this process, then served by a child
  const env = await setup(t);
  const ada = await seed(env.core);
  const dir = env.config.dataDir;

  let hang = true;
  const received: { id: string; status: number }[] = [];
  let firstArrived!: () => void;
  const first = new Promise<void>((r) => {
    firstArrived = r;
  });
  const rx = http.createServer((req, res) => {
    req.resume();
    const id = String(req.headers["webhook-id"]);
    if (hang) {
      // never answers: the service is killed while it waits
      received.push({ id, status: 0 });
      firstArrived();
      return;
    }
    received.push({ id, status: 200 });
    res.end("ok");
  });
  await new Promise<void>((r) => rx.listen(0, "127.0.0.1", r));
  t.after(() => {
    rx.closeAllConnections();
    rx.close();
  });
  const hookUrl = `http://127.0.0.1:${(rx.address() as AddressInfo).port}/hook`;

  const port = await freePort();
  const url = env.databaseUrl;
  let child = await serve(url, dir, port);
  t.after(() => {
    if (child.exitCode === null) child.kill("SIGKILL");
  });
  const call = (method: string, path: string, body: unknown) =>
    fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { authorization: `Bearer ${ada.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  assert.equal((await call("POST", "/v1/webhooks", { url: hookUrl, events: ["issue.created"] })).status, 201);
  const made: string[] = [];
  for (let i = 1; i <= 3; i++) {
    const res = await call("POST", "/v1/issues", { title: `crash ${i}` });
    assert.equal(res.status, 201);
    made.push(((await res.json()) as { id: string }).id);
  }
  await first;
  child.kill("SIGKILL");
  await new Promise((r) => child.once("exit", r));
  hang = false;
  rx.closeAllConnections();

  child = await serve(url, dir, port);
  const deadline = Date.now() + 60_000;
  const ids = async () => {
    const rows = await env.core.db
      .selectFrom("webhook_deliveries")
      .select(["id", "status", "event_id"])
      .execute();
    return rows;
  };
  for (;;) {
    const rows = await ids();
    if (rows.length === 3 && rows.every((r) => received.some((x) => x.id === r.id && x.status === 200)))
      break;
    if (Date.now() > deadline) {
      throw new Error(`not all delivered: ${JSON.stringify({ rows, received })}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
});
