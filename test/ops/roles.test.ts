import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import pg from "pg";
import { runServe } from "../../src/cli/serve.ts";
import { ConfigError, loadConfig } from "../../src/config.ts";
import type { Core } from "../../src/core.ts";
import { type RunningServer, startServer } from "../../src/server.ts";
import { getExport, startExport } from "../../src/tracker/archive/jobs.ts";
import type { Ctx } from "../../src/tracker/context.ts";
import { fileStore } from "../../src/tracker/files/store.ts";
import { createUploadUrl, registerFile } from "../../src/tracker/files.ts";
import { getImport, startImport } from "../../src/tracker/imports/index.ts";
import { createWebhook } from "../../src/tracker/webhooks.ts";
import { createTestDatabase, ON_POSTGRES, seed, testConfig } from "../support.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const ctxOf = (core: Core, workspaceId: string, personId: string): Ctx => ({
  core,
  workspaceId,
  actor: { personId, via: "admin" },
});

async function upload(ctx: Ctx, text: string): Promise<string> {
  const bytes = Buffer.from(text);
  const up = await createUploadUrl(ctx, { content_type: "application/json", size: bytes.length });
  await fileStore(ctx.core).write(
    `uploads/${ctx.workspaceId}/${up.upload_id}`,
    [bytes] as never,
    bytes.length,
  );
  const file = await registerFile(ctx, {
    upload_id: up.upload_id,
    name: "issues.json",
    sha256: createHash("sha256").update(bytes).digest("hex"),
  });
  return file.id;
}

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) }, out, err };
};

// ---------------------------------------------------------------------------------------------------
// SQLite: one process, role all only

test("SQLite: roles web and worker are refused with a clear message; all starts and leads", {
  skip: ON_POSTGRES,
}, async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  for (const role of ["web", "worker"]) {
    assert.throws(
      () => testConfig(database.url, { DOCKET_ROLE: role }),
      (e: unknown) =>
        e instanceof ConfigError &&
        e.variable === "DOCKET_ROLE" &&
        /needs PostgreSQL/.test(e.message) &&
        /only role is all/.test(e.message),
    );
    // the flag wins over DOCKET_ROLE, and is refused the same way before anything listens
    const c = capture();
    const code = await runServe(["--role", role], c.io as never, {
      DATABASE_URL: database.url,
      DOCKET_ROLE: "all",
      PORT: "0",
      LOG_LEVEL: "silent",
    });
    assert.equal(code, 2);
    assert.match(c.err.join("\n"), /DOCKET_ROLE \(or --role\) .* needs PostgreSQL/);
  }
  assert.throws(
    () => testConfig(database.url, { DOCKET_ROLE: "both" }),
    /DOCKET_ROLE \(or --role\) must be one of all, web, worker/,
  );
  const c = capture();
  assert.equal(await runServe(["--role", "all", "extra"], c.io as never, {}), 2);
  assert.equal(loadConfig({ DATABASE_URL: database.url }).role, "all");

  const server = await startServer(testConfig(database.url));
  t.after(() => server.close());
  assert.ok(server.background, "role all runs the background work");
  assert.equal(server.background.leadership.leading, true, "the one SQLite process leads");
  assert.equal((await fetch(`${server.address}/readyz`)).status, 200);
});

// ---------------------------------------------------------------------------------------------------
// PostgreSQL: web and workers apart

interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverServer;

/** An S3-compatible store on loopback (s3rver, in this process): files shared with no shared disk. */
async function s3(t: import("node:test").TestContext): Promise<Record<string, string>> {
  const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;
  const directory = mkdtempSync(path.join(tmpdir(), "docket-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: "docket-files" }],
  });
  const { port } = await server.run();
  t.after(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });
  return {
    FILE_STORE: "s3",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: "docket-files",
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  };
}

/** Instances of any role on one fresh PostgreSQL database; each has a data folder of its own. */
async function cluster(t: import("node:test").TestContext, env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const dirs: string[] = [];
  t.after(async () => {
    await database.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const servers: RunningServer[] = [];
  t.after(async () => {
    for (const s of servers) await s.close().catch(() => {});
  });
  const start = async (role: "all" | "web" | "worker") => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "docket-roles-"));
    dirs.push(dataDir);
    const s = await startServer(
      testConfig(database.url, {
        DOCKET_ROLE: role,
        DOCKET_DATA_DIR: dataDir,
        WEBHOOK_ALLOW_PRIVATE: "true",
        ...env,
      }),
    );
    servers.push(s);
    return s;
  };
  const leaders = async () => {
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      const r = await c.query<{ n: string }>(
        "select count(*) as n from pg_stat_activity where datname = current_database() and application_name = 'docket-leader'",
      );
      return Number(r.rows[0]!.n);
    } finally {
      await c.end();
    }
  };
  const terminate = async (pid: number) => {
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      await c.query("select pg_terminate_backend($1)", [pid]);
    } finally {
      await c.end();
    }
  };
  return { start, leaders, terminate, database };
}

test("PostgreSQL: one of two workers leads the schedules; when its connection is cut or it stops, another leads within seconds", {
  skip: !ON_POSTGRES,
}, async (t) => {
  const { start, leaders, terminate } = await cluster(t);
  const a = await start("worker");
  const b = await start("worker");
  const web = await start("web");
  const leading = () => [a, b].filter((s) => s.background!.leadership.leading);
  await until("a leader", () => leading().length === 1);
  await sleep(2500); // a retry of the follower: still one leader
  assert.equal(leading().length, 1, "exactly one worker leads");
  assert.equal(web.background, undefined, "a web instance runs no background work and never leads");
  assert.equal(await leaders(), 2, "one leader connection per worker, none for web");

  // the leader's connection is cut (its server side ends): it stops leading, and one leads again soon
  const first = leading()[0]!;
  const pid = first.background!.leadership.backendPid!;
  assert.ok(pid > 0);
  await terminate(pid);
  await until(
    "the cut leader to stop leading",
    () => !first.background!.leadership.leading || undefined,
    5000,
  );
  const cut = Date.now();
  await until("a new leader", () => leading().length === 1, 6000);
  assert.ok(Date.now() - cut < 6000);

  // the leader dies (its process ends, taking its connection): the other leads within seconds
  const dying = leading()[0]!;
  const other = dying === a ? b : a;
  const died = Date.now();
  await dying.close();
  await until("the survivor to lead", () => other.background!.leadership.leading, 6000);
  const took = Date.now() - died;
  assert.ok(took < 6000, `handed over in ${took} ms`);

  // the web instance answers HTTP; a worker answers only its health checks
  assert.equal((await fetch(`${web.address}/readyz`)).status, 200);
  assert.equal((await fetch(`${other.address}/healthz`)).status, 200);
  const ready = await fetch(`${other.address}/readyz`);
  assert.equal(ready.status, 200);
  assert.equal(((await ready.json()) as { role: string }).role, "worker");
  assert.equal((await fetch(`${other.address}/v1/issues`)).status, 404);
});

test("PostgreSQL: an import and an export asked of a web instance wait, queued, until a worker runs them; the web instance serves the archive (S3, no shared disk)", {
  skip: !ON_POSTGRES,
}, async (t) => {
  const { start } = await cluster(t, await s3(t));
  const web = await start("web");
  const seeded = await seed(web.core);
  const ctx = ctxOf(web.core, seeded.workspaceId, seeded.personId);
  const file = await upload(
    ctx,
    JSON.stringify([
      {
        number: 1,
        title: "From the import",
        body: "",
        state: "OPEN",
        url: "https://github.com/a/b/issues/1",
      },
    ]),
  );
  const job = await startImport(ctx, { source: "github", space: "ENG", file });
  assert.equal(job.status, "queued");
  await sleep(2500);
  assert.equal((await getImport(ctx, job.id)).status, "queued", "a web instance does not run it");

  await start("worker");
  const done = await until("the worker to finish the import", async () => {
    const v = await getImport(ctx, job.id);
    return v.status === "completed" || v.status === "failed" ? v : undefined;
  });
  assert.equal(done.status, "completed", done.error ?? "");
  assert.equal(done.counts?.issues.created, 1);

  const exp = await startExport(ctx, {});
  assert.equal(exp.status, "queued");
  const exported = await until("the worker to write the export", async () => {
    const v = await getExport(ctx, exp.id);
    return v.status === "succeeded" || v.status === "failed" ? v : undefined;
  });
  assert.equal(exported.status, "succeeded", exported.error ?? "");
  // downloaded through the web instance
  const download = await fetch(exported.download_url!.replace(web.core.config.baseUrl, web.address), {
    headers: { authorization: `Bearer ${seeded.token}` },
  });
  assert.equal(download.status, 200);
  assert.ok((await download.arrayBuffer()).byteLength > 0);
});

test("PostgreSQL: a job left running by a worker that died is taken again by another", {
  skip: !ON_POSTGRES,
}, async (t) => {
  const { start } = await cluster(t);
  const web = await start("web");
  const seeded = await seed(web.core);
  const ctx = ctxOf(web.core, seeded.workspaceId, seeded.personId);
  const exp = await startExport(ctx, {});
  // as a worker that claimed it and died 2 minutes ago would have left it
  const ago = new Date(Date.now() - 120_000).toISOString();
  await web.core.db
    .updateTable("exports")
    .set({ status: "running", started_at: ago, heartbeat_at: ago, part: "issues.jsonl" })
    .where("id", "=", exp.id)
    .execute();
  await start("worker");
  const v = await until("another worker to finish it", async () => {
    const r = await getExport(ctx, exp.id);
    return r.status === "succeeded" || r.status === "failed" ? r : undefined;
  });
  assert.equal(v.status, "succeeded", v.error ?? "");
  assert.equal(v.started_at, ago, "it is the same job, taken again");
});

test("PostgreSQL: with two workers, every webhook delivery is sent exactly once", {
  skip: !ON_POSTGRES,
}, async (t) => {
  const received: string[] = [];
  const receiver = http.createServer((request, response) => {
    received.push(String(request.headers["webhook-id"]));
    request.resume();
    request.on("end", () => {
      // a little slow, so that both workers have deliveries in flight at once
      setTimeout(() => response.writeHead(204).end(), 20);
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  t.after(() => receiver.close());
  const { port } = receiver.address() as AddressInfo;

  const { start } = await cluster(t);
  const web = await start("web");
  const seeded = await seed(web.core);
  const ctx = ctxOf(web.core, seeded.workspaceId, seeded.personId);
  await createWebhook(ctx, { url: `http://127.0.0.1:${port}/hook`, events: ["issue.created"] });
  await start("worker");
  await start("worker");
  const N = 40;
  await Promise.all(
    Array.from({ length: N }, (_, i) =>
      fetch(`${web.address}/v1/issues`, {
        method: "POST",
        headers: { authorization: `Bearer ${seeded.token}`, "content-type": "application/json" },
        body: JSON.stringify({ title: `Issue ${i}`, space: "ENG" }),
      }).then((r) => assert.equal(r.status, 201)),
    ),
  );
  await until("every delivery", () => received.length >= N, 30_000);
  await sleep(2500); // time for a second send, were there one
  assert.equal(received.length, N);
  assert.equal(new Set(received).size, N, "no delivery sent twice");
});
