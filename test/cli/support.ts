import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { MemoryRateLimiter } from "../../src/auth/limits.ts";
import { createPerson } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { createWorkspace } from "../../src/auth/workspaces.ts";
import { systemClock } from "../../src/clock.ts";
import { type Core, closeCore, createCore } from "../../src/core.ts";
import { openStore } from "../../src/db/store.ts";
import { createTestDatabase, REPO, type TestDatabase, testConfig } from "../support.ts";

/** A free port on the loopback interface (the service needs it before it starts, for its BASE_URL). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

export interface Service {
  url: string;
  databaseUrl: string;
  /** Ada's read-write token in workspace "acme" (space ENG) */
  token: string;
  /** Ada's read-only token in "acme" */
  readOnlyToken: string;
  /** a token of Ada's in "acme" the test may revoke, and its id */
  spare: { token: string; id: string };
  /** Bob's token in workspace "beta" (space OPS) */
  otherToken: string;
  /** a folder for config files, uploads and downloads */
  dir: string;
  /** the service's store, opened from this process too (to do what the person's pages would) */
  core(): Promise<Core>;
  /** Kills the service with SIGKILL, as a crash would, and waits for it to be gone. */
  crash(): Promise<void>;
  /** Starts the service again on the same port, database and folder; resolves once it is ready. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real `docket serve` process on a port of its own, over a throwaway database (SQLite, or PostgreSQL
 * with TEST_DATABASE_URL) holding two workspaces: Ada's "acme" and Bob's "beta".
 */
export async function startService(): Promise<Service> {
  const database: TestDatabase = await createTestDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), "docket-cli-"));
  const config = testConfig(database.url, { DOCKET_DATA_DIR: dir });
  const store = openStore(config.database, { poolSize: 2 });
  const core = createCore(config, store, { limiter: new MemoryRateLimiter(systemClock) });
  await store.migrate();
  await createPerson(core, { email: "ada@example.com", name: "Ada Lovelace" });
  await createPerson(core, { email: "bob@example.com", name: "Bob" });
  await createWorkspace(core, {
    name: "Acme",
    slug: "acme",
    owner_email: "ada@example.com",
    space_prefix: "ENG",
  });
  await createWorkspace(core, {
    name: "Beta",
    slug: "beta",
    owner_email: "bob@example.com",
    space_prefix: "OPS",
  });
  const rw = await mintPat(core, { workspace: "acme", email: "ada@example.com", name: "rw" });
  const ro = await mintPat(core, {
    workspace: "acme",
    email: "ada@example.com",
    name: "ro",
    scopes: ["workspace.read"],
  });
  const spare = await mintPat(core, { workspace: "acme", email: "ada@example.com", name: "spare" });
  const other = await mintPat(core, { workspace: "beta", email: "bob@example.com", name: "bob" });
  await closeCore(core);
  await store.close();

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const serve = (): ChildProcess =>
    spawn(process.execPath, ["src/cli/main.ts", "serve"], {
      cwd: REPO,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DOCKET_DATA_DIR: dir,
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: url,
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
  let child = serve();
  await waitUntilReady(child, url, 15);
  let opened: { core: Core; close(): Promise<void> } | undefined;
  return {
    url,
    databaseUrl: database.url,
    token: rw.token,
    readOnlyToken: ro.token,
    spare: { token: spare.token, id: spare.details.id },
    otherToken: other.token,
    dir,
    async core() {
      if (!opened) {
        const s = openStore(config.database, { poolSize: 1 });
        const c = createCore(config, s, { limiter: new MemoryRateLimiter(systemClock) });
        opened = {
          core: c,
          async close() {
            await closeCore(c);
            await s.close();
          },
        };
      }
      return opened.core;
    },
    async crash() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await gone;
    },
    async restart() {
      child = serve();
      await waitUntilReady(child, url, 15);
    },
    async stop() {
      await opened?.close();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Variables a developer's shell may have set that would change what the client does. */
const CLEARED = [
  "DOCKET_TOKEN",
  "DOCKET_URL",
  "DOCKET_PROFILE",
  "NO_COLOR",
  "FORCE_COLOR",
  "COLUMNS",
  "EDITOR",
  "VISUAL",
];

/** This process's environment without the client's variables, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of CLEARED) delete env[name];
  return Object.assign(env, extra);
}

/** Runs the real `docket` process with `args`, `input` on stdin and `env` on top of a clean environment. */
export function docket(
  args: string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string; timeoutMs?: number } = {},
): Promise<Outcome> {
  const env = cleanEnv(options.env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO, "src/cli/main.ts"), ...args], {
      cwd: options.cwd ?? REPO,
      env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      stdout += c;
    });
    child.stderr.setEncoding("utf8").on("data", (c: string) => {
      stderr += c;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 30_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}

/** Waits for a spawned `docket serve` to answer /readyz, asking every 100 ms; fails if it exits first. */
export async function waitUntilReady(child: ChildProcess, url: string, seconds: number): Promise<void> {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`docket serve exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (i > seconds * 10) throw new Error(`docket serve did not become ready in ${seconds} seconds`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
