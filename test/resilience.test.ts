import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { sql } from "kysely";
import pg from "pg";
import { createCore } from "../src/core.ts";
import { isDiskFull, isUnavailable, openStore } from "../src/db/store.ts";
import { createLogger } from "../src/http/logger.ts";
import { startServer } from "../src/server.ts";
import { createTestDatabase, ON_POSTGRES, REPO, seed, testConfig } from "./support.ts";

const TEST_REDIS_URL = process.env.TEST_REDIS_URL?.trim() || undefined;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Migrates the database at `url` and seeds Ada's workspace; returns her read-write token. */
async function seededToken(url: string): Promise<string> {
  const config = testConfig(url);
  const store = openStore(config.database, { poolSize: 2 });
  try {
    await store.migrate();
    return (await seed(createCore(config, store))).token;
  } finally {
    await store.close();
  }
}

interface Serving {
  child: ChildProcess;
  /** everything it has logged so far */
  out(): string;
  /** the address once it listens (before or after reaching its database) */
  listening: Promise<string>;
  /** the address once it is ready */
  ready: Promise<string>;
  stop(): Promise<number | null>;
}

/** `docket serve` in a process of its own, on a free port. */
function serve(env: Record<string, string>): Serving {
  const child = spawn(process.execPath, ["src/cli/main.ts", "serve"], {
    cwd: REPO,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.setEncoding("utf8");
  child.stderr!.setEncoding("utf8");
  // Registered first, so that the watchers below see each chunk already added.
  child.stdout!.on("data", (d: string) => {
    out += d;
  });
  child.stderr!.on("data", (d: string) => {
    out += d;
  });
  const seen = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const m = pattern.exec(out);
        if (m) {
          child.stdout!.off("data", look);
          resolve(m[1]!);
        }
      };
      child.stdout!.on("data", look);
      child.once("exit", (code) => reject(new Error(`docket serve exited (${code}):\n${out}`)));
    });
  const listening = seen(/"listening":"(http:\/\/127\.0\.0\.1:\d+)"/);
  const ready = seen(/"address":"(http:\/\/127\.0\.0\.1:\d+)"/);
  listening.catch(() => {});
  ready.catch(() => {});
  return {
    child,
    out: () => out,
    listening,
    ready,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const [code] = (await once(child, "exit")) as [number | null];
      clearTimeout(timer);
      return code;
    },
  };
}

/** A TCP proxy to PostgreSQL that the test can freeze (nothing forwarded either way) and thaw. */
class FreezableProxy {
  readonly #server = net.createServer((client) => this.#accept(client));
  readonly #sockets = new Set<net.Socket>();
  #frozen = false;
  readonly #target: { host: string; port: number };
  constructor(target: string) {
    const u = new URL(target);
    this.#target = { host: u.hostname, port: Number(u.port || 5432) };
  }
  async listen(port = 0): Promise<number> {
    this.#server.listen(port, "127.0.0.1");
    await once(this.#server, "listening");
    return (this.#server.address() as net.AddressInfo).port;
  }
  /** A database URL that reaches `url`'s database through this proxy. */
  static via(url: string, port: number): string {
    const u = new URL(url);
    u.host = `127.0.0.1:${port}`;
    return u.toString();
  }
  #accept(client: net.Socket): void {
    const upstream = net.connect(this.#target.port, this.#target.host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.#sockets.add(from);
      from.on("data", (d) => to.write(d));
      from.on("error", () => to.destroy());
      from.on("close", () => {
        this.#sockets.delete(from);
        to.destroy();
      });
      if (this.#frozen) from.pause();
    }
  }
  freeze(): void {
    this.#frozen = true;
    for (const s of this.#sockets) s.pause();
  }
  thaw(): void {
    this.#frozen = false;
    for (const s of this.#sockets) s.resume();
  }
  async close(): Promise<void> {
    for (const s of this.#sockets) s.destroy();
    await new Promise<void>((r) => this.#server.close(() => r()));
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/** One request over `agent` (so a test decides how many connections there are). */
function call(
  agent: http.Agent | undefined,
  address: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${address}${url}`, {
      method,
      agent,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload
          ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
          : {}),
      },
    });
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        text += d;
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: text,
          ms: performance.now() - started,
        }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** The outcomes of a load run: acknowledged writes, counts by status, and anything not allowed. */
class Tally {
  readonly written: string[] = [];
  readonly byStatus = new Map<string, number>();
  readonly wrong: string[] = [];
  note(answer: Answer, what: string): void {
    const key = String(answer.status);
    this.byStatus.set(key, (this.byStatus.get(key) ?? 0) + 1);
    if (answer.status >= 200 && answer.status < 300) return;
    if (answer.status === 503 && answer.headers["retry-after"]) return;
    this.wrong.push(`${what}: ${answer.status} ${answer.body.slice(0, 200)}`);
  }
  failed(error: unknown, what: string): void {
    this.byStatus.set("network error", (this.byStatus.get("network error") ?? 0) + 1);
    this.wrong.push(`${what}: ${(error as Error).message}`);
  }
}

/** Mixed reads and writes on `connections` connections until `stop` says so. */
function load(address: string, token: string, tally: Tally, stop: () => boolean, connections = 8) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const worker = async (w: number) => {
    for (let i = 0; !stop(); i++) {
      const write = i % 2 === 0;
      const what = write ? "POST /v1/issues" : "GET /v1/issues";
      try {
        const answer = write
          ? await call(agent, address, "POST", "/v1/issues", token, { title: `chaos ${w}-${i}` })
          : await call(agent, address, "GET", "/v1/issues?limit=5", token);
        tally.note(answer, what);
        if (write && answer.status === 201)
          tally.written.push((JSON.parse(answer.body) as { id: string }).id);
        if (answer.status === 503) await sleep(20);
      } catch (error) {
        tally.failed(error, what);
        await sleep(20);
      }
    }
  };
  return Promise.all(Array.from({ length: connections }, (_, w) => worker(w))).finally(() => agent.destroy());
}

/** How long until a read and a write both succeed again. */
async function recoveryMs(address: string, token: string, limitMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const read = await call(undefined, address, "GET", "/v1/issues?limit=1", token).catch(() => undefined);
    const write = await call(undefined, address, "POST", "/v1/issues", token, { title: "after" }).catch(
      () => undefined,
    );
    if (read?.status === 200 && write?.status === 201) return performance.now() - started;
    await sleep(50);
  }
  return Number.POSITIVE_INFINITY;
}

test("PostgreSQL backends terminated 5 times under load: the process stays up, answers are 2xx or 503 with Retry-After, writes acknowledged are kept", {
  skip: ON_POSTGRES ? false : "needs PostgreSQL (TEST_DATABASE_URL): SQLite has no connections to lose",
}, async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const token = await seededToken(database.url);
  // The per-token limit stays on (it is part of every request) but out of reach.
  const service = serve({ DATABASE_URL: database.url, REST_RATE_LIMIT: "1000000" });
  t.after(() => service.stop());
  const address = await service.ready;

  const admin = new pg.Client({ connectionString: database.url });
  // Dropping the database at the end ends this connection too.
  admin.on("error", () => {});
  await admin.connect();
  t.after(() => admin.end());
  const tally = new Tally();
  let stopping = false;
  const running = load(address, token, tally, () => stopping);
  // Whatever happens below, the load stops with the test.
  t.after(() => {
    stopping = true;
  });
  const recoveries: number[] = [];
  let survived = 0;
  for (let round = 1; round <= 5; round++) {
    await sleep(400);
    // Only this test's database, never this connection: the server is shared.
    const { rows } = await admin.query(
      "select pg_terminate_backend(pid) as gone from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    assert.ok(rows.length > 0, "the service had connections to terminate");
    await sleep(100);
    if (service.child.exitCode === null && service.child.signalCode === null) survived++;
  }
  stopping = true;
  await running;
  recoveries.push(await recoveryMs(address, token, 5000));
  t.diagnostic(`terminations survived: ${survived} of 5; answers: ${JSON.stringify([...tally.byStatus])}`);
  t.diagnostic(`recovered in ${Math.round(recoveries[0]!)} ms`);

  assert.equal(survived, 5, `the process died:\n${service.out().slice(-3000)}`);
  assert.equal(service.child.exitCode, null);
  assert.deepEqual(tally.wrong, [], "only 2xx, or 503 with Retry-After");
  assert.ok((tally.byStatus.get("503") ?? 0) > 0, "some requests met a terminated connection");
  assert.ok(recoveries[0]! <= 2000, `recovered within 2 s (took ${recoveries[0]} ms)`);
  // Every write answered 201 is there.
  assert.ok(tally.written.length > 0);
  const { rows } = await admin.query("select id from issues where id = any($1)", [tally.written]);
  assert.equal(rows.length, tally.written.length, "every acknowledged write is kept");
  assert.match(service.out(), /a database connection failed; it is replaced/);
  assert.equal(await service.stop(), 0);
});

test("Redis connections killed 5 times under load: the process stays up, answers are 2xx or 503 with Retry-After", {
  skip: TEST_REDIS_URL ? false : "needs Redis (TEST_REDIS_URL)",
}, async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const token = await seededToken(database.url);
  const service = serve({
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL!,
    REST_RATE_LIMIT: "1000000",
  });
  t.after(() => service.stop());
  const address = await service.ready;
  const { Redis } = await import("ioredis");
  const redis = new Redis(TEST_REDIS_URL!);
  t.after(() => redis.disconnect());
  const name = `docket-${service.child.pid}`;

  const tally = new Tally();
  let stopping = false;
  const running = load(address, token, tally, () => stopping);
  // Whatever happens below, the load stops with the test.
  t.after(() => {
    stopping = true;
  });
  let survived = 0;
  let killed = 0;
  for (let round = 1; round <= 5; round++) {
    await sleep(400);
    // Only the service's own clients, found by the name it gives them.
    const list = (await redis.call("CLIENT", "LIST")) as string;
    for (const line of list.split("\n")) {
      const id = /\bid=(\d+)\b/.exec(line)?.[1];
      if (id && new RegExp(`\\bname=${name}\\b`).test(line)) {
        await redis.call("CLIENT", "KILL", "ID", id);
        killed++;
      }
    }
    await sleep(100);
    if (service.child.exitCode === null && service.child.signalCode === null) survived++;
  }
  stopping = true;
  await running;
  const recovered = await recoveryMs(address, token, 5000);
  t.diagnostic(
    `Redis kills: ${killed}; survived ${survived} of 5; answers: ${JSON.stringify([...tally.byStatus])}`,
  );
  assert.ok(killed >= 5, "the service's Redis clients were found and killed");
  assert.equal(survived, 5, `the process died:\n${service.out().slice(-3000)}`);
  assert.deepEqual(tally.wrong, [], "only 2xx, or 503 with Retry-After");
  assert.ok(recovered <= 2000, `recovered within 2 s (took ${recovered} ms)`);
  assert.equal(await service.stop(), 0);
});

test("a frozen PostgreSQL: requests answer 503 within the statement bound, and the service recovers when it answers again", {
  skip: ON_POSTGRES ? false : "needs PostgreSQL (TEST_DATABASE_URL): the freeze is a proxy in front of it",
}, async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const token = await seededToken(database.url);
  const proxy = new FreezableProxy(database.url);
  const port = await proxy.listen();
  t.after(() => proxy.close());
  // The default bounds: 5 s statements (+0.5 s before the client gives up), 2 s to get a connection.
  const server = await startServer(testConfig(FreezableProxy.via(database.url, port)), {
    logger: createLogger("silent"),
  });
  t.after(() => server.close());
  const { address } = server;
  assert.equal((await call(undefined, address, "GET", "/v1/issues", token)).status, 200);

  proxy.freeze();
  // More requests than the pool has connections: some hold one, the rest wait for one.
  const answers = await Promise.all(
    Array.from({ length: 14 }, (_, i) =>
      i % 2
        ? call(undefined, address, "GET", "/v1/issues", token)
        : call(undefined, address, "POST", "/v1/issues", token, { title: `frozen ${i}` }),
    ),
  );
  const slowest = Math.max(...answers.map((a) => a.ms));
  t.diagnostic(`while frozen: ${answers.map((a) => `${a.status}/${Math.round(a.ms)}ms`).join(" ")}`);
  for (const a of answers) {
    assert.equal(a.status, 503, a.body);
    assert.ok(a.headers["retry-after"]);
    assert.equal((JSON.parse(a.body) as { error: string }).error, "temporarily_unavailable");
  }
  assert.ok(slowest < 8000, `every request answered within 2 s + 5.5 s (slowest ${Math.round(slowest)} ms)`);
  const ready = await call(undefined, address, "GET", "/readyz");
  assert.equal(ready.status, 503);

  proxy.thaw();
  const recovered = await recoveryMs(address, token, 10_000);
  t.diagnostic(`recovered ${Math.round(recovered)} ms after the database answered again`);
  assert.ok(recovered < 3000, `recovered (took ${recovered} ms)`);
  assert.equal((await call(undefined, address, "GET", "/readyz")).status, 200);
});

test("start-up while PostgreSQL is unreachable: it listens, logs that it waits, /readyz is 503, and it becomes ready when the database appears", {
  skip: ON_POSTGRES ? false : "needs PostgreSQL (TEST_DATABASE_URL)",
}, async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const token = await seededToken(database.url);
  // A port nobody listens on yet; the proxy takes it later.
  const probe = net.createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((r) => probe.close(() => r()));

  const service = serve({ DATABASE_URL: FreezableProxy.via(database.url, port) });
  t.after(() => service.stop());
  const address = await service.listening;
  while (!/database unreachable; waiting for it before serving/.test(service.out())) await sleep(50);
  assert.equal((await call(undefined, address, "GET", "/healthz")).status, 200, "alive while waiting");
  const waiting = await call(undefined, address, "GET", "/readyz");
  assert.equal(waiting.status, 503);
  assert.ok(waiting.headers["retry-after"]);
  const api = await call(undefined, address, "GET", "/v1/issues", token);
  assert.equal(api.status, 503);
  assert.match(api.body, /waiting for its database/);
  await sleep(1500);
  assert.equal(service.child.exitCode, null, "still waiting, not exited");

  const proxy = new FreezableProxy(database.url);
  await proxy.listen(port);
  t.after(() => proxy.close());
  const appeared = performance.now();
  await service.ready;
  const ready = await call(undefined, address, "GET", "/readyz");
  t.diagnostic(`ready ${Math.round(performance.now() - appeared)} ms after the database appeared`);
  assert.equal(ready.status, 200);
  assert.equal((await call(undefined, address, "GET", "/v1/issues", token)).status, 200);
  assert.match(service.out(), /"msg":"database reachable"/);
  assert.equal(await service.stop(), 0);
});

test("start-up gives up after DATABASE_STARTUP_WAIT_MS and exits 1, saying how long it waited", () => {
  const started = performance.now();
  const r = spawnSync(process.execPath, ["src/cli/main.ts", "serve"], {
    cwd: REPO,
    env: {
      ...process.env,
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/docket",
      DATABASE_STARTUP_WAIT_MS: "1500",
      PORT: "0",
      LOG_LEVEL: "warn",
    },
    encoding: "utf8",
    timeout: 30_000,
  });
  assert.equal(r.status, 1, r.stderr);
  assert.match(
    r.stderr,
    /could not start: the database cannot be reached or prepared: .*gave up after waiting/,
  );
  assert.match(r.stdout, /database unreachable; waiting for it before serving/);
  assert.ok(performance.now() - started < 10_000);
});

test("disk-full errors of both databases are 'unavailable' and 'disk full'", () => {
  assert.ok(isDiskFull({ code: "53100" }) && isUnavailable({ code: "53100" }));
  assert.ok(isDiskFull({ errcode: 13 }) && isUnavailable({ errcode: 13 }));
  assert.ok(isUnavailable({ code: "57014" }), "a statement cancelled by statement_timeout");
  assert.ok(isUnavailable({ code: "57P01" }), "terminated by an administrator");
  assert.ok(isUnavailable(new Error("Query read timeout")));
  assert.ok(!isDiskFull({ code: "23505" }) && !isUnavailable({ code: "23505" }));
});

/** Writes issues until one is refused; returns that answer. */
async function writeUntilRefused(address: string, token: string): Promise<Answer> {
  const description = "x".repeat(4000);
  for (let i = 0; i < 2000; i++) {
    const a = await call(undefined, address, "POST", "/v1/issues", token, {
      title: `fill ${i}`,
      description,
    });
    if (a.status !== 201) return a;
  }
  throw new Error("every write succeeded");
}

test("SQLite at its size limit (max_page_count): writes are 503 with Retry-After, /readyz is 503, both recover when there is room", {
  skip: ON_POSTGRES ? "SQLite's page limit; PostgreSQL's disk-full code is mapped in the test above" : false,
}, async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const server = await startServer(testConfig(database.url), { logger: createLogger("silent") });
  t.after(() => server.close());
  const { token } = await seed(server.core);
  const { address } = server;
  const db = server.core.db;
  const pages = await sql<{ page_count: number }>`select page_count from pragma_page_count()`.execute(db);
  await sql.raw(`pragma max_page_count = ${pages.rows[0]!.page_count + 2}`).execute(db);

  const refused = await writeUntilRefused(address, token);
  assert.equal(refused.status, 503, refused.body);
  assert.equal(refused.headers["retry-after"], "30");
  assert.match(refused.body, /out of space/);
  const ready = await call(undefined, address, "GET", "/readyz");
  assert.equal(ready.status, 503);
  assert.match(ready.body, /Writes fail/);
  assert.equal(
    (await call(undefined, address, "GET", "/v1/issues?limit=1", token)).status,
    200,
    "reads go on",
  );

  await sql.raw("pragma max_page_count = 1073741823").execute(db);
  const again = await call(undefined, address, "POST", "/v1/issues", token, { title: "room again" });
  assert.equal(again.status, 201);
  assert.equal((await call(undefined, address, "GET", "/readyz")).status, 200);
});

test("SQLite on a full file system (a small tmpfs): writes are 503, /readyz is 503, both recover once space is freed", {
  skip: ON_POSTGRES ? "a SQLite file on a small file system" : false,
}, async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), "docket-full-"));
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", dir], { encoding: "utf8" });
  if (mounted.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    t.skip(`cannot mount a tmpfs here (${(mounted.stderr || "").trim()})`);
    return;
  }
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  t.after(async () => {
    await server?.close();
    spawnSync("umount", [dir]);
    rmSync(dir, { recursive: true, force: true });
  });
  const file = path.join(dir, "db", "docket.db");
  mkdirSync(path.dirname(file));
  server = await startServer(testConfig(file), { logger: createLogger("silent") });
  const { token } = await seed(server.core);
  const { address } = server;
  // Most of the space goes to a file that is removed later.
  const filler = path.join(dir, "filler");
  try {
    writeFileSync(filler, Buffer.alloc(6 * 1024 * 1024));
  } catch {
    // the file system filled up before the filler was whole: full is what is wanted
  }
  const refused = await writeUntilRefused(address, token);
  assert.equal(refused.status, 503, refused.body);
  assert.ok(refused.headers["retry-after"]);
  assert.equal((await call(undefined, address, "GET", "/readyz")).status, 503);

  rmSync(filler, { force: true });
  await server.core.store.checkpoint();
  const again = await call(undefined, address, "POST", "/v1/issues", token, { title: "room again" });
  assert.equal(again.status, 201, again.body);
  assert.equal((await call(undefined, address, "GET", "/readyz")).status, 200);
});

test("housekeeping's checkpoint truncates SQLite's write-ahead log", {
  skip: ON_POSTGRES ? "SQLite's WAL" : false,
}, async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const server = await startServer(testConfig(database.url), { logger: createLogger("silent") });
  t.after(() => server.close());
  await seed(server.core);
  const { statSync } = await import("node:fs");
  const wal = `${database.url}-wal`;
  assert.ok(statSync(wal).size > 0);
  await server.core.store.checkpoint();
  assert.equal(statSync(wal).size, 0);
});

/** Opens a socket and sends `head`, then one byte of body every `everyMs`; resolves when the server closes it. */
async function trickle(address: string, head: string, everyMs: number) {
  const { port } = new URL(address);
  const socket = net.connect(Number(port), "127.0.0.1");
  await once(socket, "connect");
  const started = performance.now();
  let response = "";
  socket.setEncoding("utf8");
  socket.on("data", (d: string) => {
    response += d;
  });
  socket.on("error", () => {});
  socket.write(head);
  const timer = setInterval(() => {
    if (!socket.destroyed) socket.write("x");
  }, everyMs);
  let giveUp: NodeJS.Timeout | undefined;
  await new Promise((resolve) => {
    socket.once("close", resolve);
    giveUp = setTimeout(resolve, 20_000);
  });
  clearTimeout(giveUp);
  clearInterval(timer);
  socket.destroy();
  return { response, ms: performance.now() - started };
}

test("a request body trickling in is cut off within REQUEST_TIMEOUT_MS, and so are trickling headers", async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const server = await startServer(testConfig(database.url, { REQUEST_TIMEOUT_MS: "2000" }), {
    logger: createLogger("silent"),
  });
  t.after(() => server.close());
  const { token } = await seed(server.core);
  const post = (authorization: string) =>
    `POST /v1/issues HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${authorization}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`;
  // Turned away before its body has arrived: the answer closes the connection at once.
  const refused = await trickle(server.address, post("docket_pat_nope"), 200);
  assert.match(refused.response, /^HTTP\/1\.1 401/);
  assert.match(refused.response, /\r\nconnection: close\r\n/i);
  assert.ok(refused.ms < 1000, `closed after the 401 (took ${Math.round(refused.ms)} ms)`);
  // Accepted, but the body never arrives whole.
  const body = await trickle(server.address, post(token), 200);
  t.diagnostic(`body cut off after ${Math.round(body.ms)} ms`);
  assert.ok(body.ms < 2000 + 1000 + 1000, `cut off within the bound (took ${Math.round(body.ms)} ms)`);
  assert.ok(body.ms >= 1900, "not before the bound");
  assert.match(body.response, /^HTTP\/1\.1 408/);

  const headers = await trickle(server.address, "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ", 200);
  assert.ok(
    headers.ms < 2000 + 1000 + 1000,
    `headers cut off within the bound (took ${Math.round(headers.ms)} ms)`,
  );
  // A request that arrives in time is not affected.
  assert.equal((await call(undefined, server.address, "GET", "/healthz")).status, 200);
});

test("SIGTERM under load: requests arriving while it shuts down get 503 with Connection: close, none is reset", async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const service = serve({ DATABASE_URL: database.url });
  t.after(() => service.stop());
  const address = await service.ready;
  const outcomes = new Map<string, number>();
  const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  const wrong: string[] = [];
  let exited = false;
  // when each 503 told its client to come back (Retry-After after it arrived)
  const comeBackAt: number[] = [];
  const exit = once(service.child, "exit").then(() => {
    exited = true;
    return performance.now();
  });
  const worker = async (keepAlive: boolean) => {
    const agent = keepAlive ? new http.Agent({ keepAlive: true, maxSockets: 1 }) : undefined;
    while (!exited) {
      try {
        const a = await call(agent, address, "GET", "/healthz");
        count(String(a.status));
        if (a.status === 503 && a.headers.connection !== "close") wrong.push("503 without Connection: close");
        if (a.status !== 200 && a.status !== 503) wrong.push(`answered ${a.status}`);
        // A client doing what the answer says: come back after Retry-After.
        if (a.status === 503) {
          const wait = Number(a.headers["retry-after"] ?? 1) * 1000;
          comeBackAt.push(performance.now() + wait);
          await sleep(wait);
        }
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        count(code);
        // Refused: the listener is closed, nothing was accepted. Anything else lost a request.
        if (code !== "ECONNREFUSED") wrong.push(code);
        await sleep(5);
      }
    }
    agent?.destroy();
  };
  const workers = [
    ...Array.from({ length: 8 }, () => worker(true)),
    ...Array.from({ length: 4 }, () => worker(false)),
  ];
  await sleep(500);
  service.child.kill("SIGTERM");
  const exitedAt = await exit;
  await Promise.all(workers);
  t.diagnostic(`outcomes: ${JSON.stringify([...outcomes])}`);
  // Retry-After reaches past the listener's close: a client that waits as told never meets it closing.
  assert.ok(
    comeBackAt.every((at) => at > exitedAt),
    "every 503 asked its client to come back after the service had gone",
  );
  assert.equal(service.child.exitCode, 0);
  assert.deepEqual(wrong, []);
  assert.ok((outcomes.get("503") ?? 0) >= 8, "every keep-alive connection was told 503 before it closed");
});
