import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { MemoryRateLimiter } from "../src/auth/limits.ts";
import { systemClock } from "../src/clock.ts";
import { closeCore, createCore } from "../src/core.ts";
import { openStore } from "../src/db/store.ts";
import { freePort, waitUntilReady } from "./cli/support.ts";
import { createTestDatabase, REPO, seed, TEST_SECRET_KEY, testConfig } from "./support.ts";

/**
 * The built server (scripts/build-server.ts → dist/) is what `docket serve` runs while it is up to date.
 * Built in a copy of the repository (its sources, scripts and bin; node_modules and web/ linked), so
 * that making the copy's build stale touches nothing of this checkout's.
 */
function copyRepository(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "docket-build-"));
  for (const part of ["src", "scripts", "bin", "package.json", "package-lock.json"])
    cpSync(path.join(REPO, part), path.join(dir, part), { recursive: true });
  symlinkSync(path.join(REPO, "node_modules"), path.join(dir, "node_modules"));
  symlinkSync(path.join(REPO, "web"), path.join(dir, "web"));
  return dir;
}

function buildServer(dir: string): string {
  const r = spawnSync(process.execPath, ["scripts/build-server.ts"], { cwd: dir, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

/** The command line the process runs now (after it re-executed itself), on Linux. */
function commandLine(pid: number): string | undefined {
  const file = `/proc/${pid}/cmdline`;
  return existsSync(file) ? readFileSync(file, "utf8").replace(/\0+$/, "").split("\0").join(" ") : undefined;
}

/** The environment the process runs with now, on Linux. */
function environment(pid: number): Map<string, string> | undefined {
  const file = `/proc/${pid}/environ`;
  if (!existsSync(file)) return undefined;
  const pairs = readFileSync(file, "utf8").split("\0").filter(Boolean);
  return new Map(pairs.map((p) => [p.slice(0, p.indexOf("=")), p.slice(p.indexOf("=") + 1)]));
}

async function serve(
  dir: string,
  command: string,
  env: Record<string, string>,
  port: number,
): Promise<{ url: string; child: ChildProcess; stop(): Promise<number | null> }> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [command, "serve"], {
    cwd: dir,
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", BASE_URL: url, LOG_LEVEL: "error" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitUntilReady(child, url, 20);
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
      child.kill("SIGTERM");
      return exited;
    },
  };
}

test("docket serve runs the built server while it is up to date, and the sources once it is stale", async (t) => {
  const dir = copyRepository();
  const database = await createTestDatabase();
  t.after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await database.drop();
  });
  const env = {
    DATABASE_URL: database.url,
    DOCKET_DATA_DIR: database.url.startsWith("postgres") ? dir : path.dirname(database.url),
    DOCKET_SECRET_KEY: TEST_SECRET_KEY,
  };
  const config = testConfig(database.url, env);
  const store = openStore(config.database, { poolSize: 1 });
  const core = createCore(config, store, { limiter: new MemoryRateLimiter(systemClock) });
  await store.migrate();
  const { token } = await seed(core);
  await closeCore(core);
  await store.close();
  const auth = { authorization: `Bearer ${token}` };

  assert.match(buildServer(dir), /server built/);
  assert.ok(existsSync(path.join(dir, "dist", "docket.mjs")));
  assert.match(buildServer(dir), /up to date/);

  // built: bin/docket.mjs hands over to dist/docket.mjs with the service's V8 options
  // one port for both runs: the answers compared name the service's address
  const port = await freePort();
  const built = await serve(dir, "bin/docket.mjs", env, port);
  let document: unknown;
  try {
    const line = commandLine(built.child.pid!);
    if (line !== undefined) {
      assert.match(line, /dist\/docket\.mjs serve$/);
      assert.match(line, /--expose-gc/);
    }
    // two malloc arenas, where the person running it set none
    if (process.env.MALLOC_ARENA_MAX === undefined) {
      const env = environment(built.child.pid!);
      if (env) assert.equal(env.get("MALLOC_ARENA_MAX"), "2");
    }
    const created = await fetch(`${built.url}/v1/issues`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ title: "Zebra crossing" }),
    });
    assert.equal(created.status, 201, await created.clone().text());
    const workspace = await fetch(`${built.url}/v1/workspace`, { headers: auth });
    assert.equal(workspace.status, 200);
    assert.equal(((await workspace.json()) as { slug: string }).slug, "acme");
    // a full-text search is read by the SQLite reader's worker thread, built beside the server
    const found = await fetch(`${built.url}/v1/search?q=zebra`, { headers: auth });
    assert.equal(found.status, 200, await found.clone().text());
    const body = (await found.json()) as { data: { title?: string }[] };
    if (!database.url.startsWith("postgres")) assert.equal(body.data[0]?.title, "Zebra crossing");
    document = await (await fetch(`${built.url}/v1/openapi.json`)).json();
  } finally {
    assert.equal(await built.stop(), 0);
  }

  // stale: a source changed since the build, so the sources run (src/cli/main.ts as started)
  appendFileSync(path.join(dir, "src", "server.ts"), "\n// changed\n");
  const sources = await serve(dir, "src/cli/main.ts", env, port);
  try {
    const line = commandLine(sources.child.pid!);
    if (line !== undefined) {
      assert.doesNotMatch(line, /dist\/docket\.mjs/);
      assert.match(line, /src\/cli\/main\.ts serve$/);
    }
    if (process.env.MALLOC_ARENA_MAX === undefined) {
      const env = environment(sources.child.pid!);
      if (env) assert.equal(env.get("MALLOC_ARENA_MAX"), "2");
    }
    const workspace = await fetch(`${sources.url}/v1/workspace`, { headers: auth });
    assert.equal(workspace.status, 200);
    // the same service either way
    assert.deepEqual(await (await fetch(`${sources.url}/v1/openapi.json`)).json(), document);
  } finally {
    assert.equal(await sources.stop(), 0);
  }

  // and the next build (npm start, npm install) makes it again
  assert.match(buildServer(dir), /server built/);
});
