/**
 * A service in its own process that a test may kill -9 and start again on the same database: Ada's
 * workspace "acme" (space ENG) and a read-write token, made before the first start.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestContext } from "node:test";
import { MemoryRateLimiter } from "../../src/auth/limits.ts";
import { createPerson } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { createWorkspace } from "../../src/auth/workspaces.ts";
import { systemClock } from "../../src/clock.ts";
import { closeCore, createCore } from "../../src/core.ts";
import { openStore } from "../../src/db/store.ts";
import { freePort } from "../cli/support.ts";
import { createTestDatabase, REPO, testConfig } from "../support.ts";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface CrashableService {
  url: string;
  token: string;
  /** Starts `docket serve` and waits until /readyz answers. */
  start(): Promise<ChildProcess>;
  /** The process last started. */
  child(): ChildProcess | undefined;
}

export async function crashableService(
  t: TestContext,
  options: { dirPrefix: string; env?: Record<string, string> },
): Promise<CrashableService> {
  const database = await createTestDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), options.dirPrefix));
  t.after(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  const config = testConfig(database.url, { DOCKET_DATA_DIR: dir });
  const store = openStore(config.database, { poolSize: 2 });
  const core = createCore(config, store, { limiter: new MemoryRateLimiter(systemClock) });
  await store.migrate();
  await createPerson(core, { email: "ada@example.com", name: "Ada" });
  await createWorkspace(core, {
    name: "Acme",
    slug: "acme",
    owner_email: "ada@example.com",
    space_prefix: "ENG",
  });
  const { token } = await mintPat(core, { workspace: "acme", email: "ada@example.com", name: "rw" });
  await closeCore(core);
  await store.close();

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  t.after(() => child?.kill("SIGKILL"));
  const start = async () => {
    const proc = spawn(process.execPath, ["src/cli/main.ts", "serve"], {
      cwd: REPO,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DOCKET_DATA_DIR: dir,
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: url,
        LOG_LEVEL: "fatal",
        REST_RATE_LIMIT: "0",
        ...options.env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    child = proc;
    for (let i = 0; ; i++) {
      if (proc.exitCode !== null) throw new Error(`docket serve exited with ${proc.exitCode}`);
      const ok = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return proc;
      if (i > 300) throw new Error("docket serve did not become ready in 30 seconds");
      await sleep(100);
    }
  };
  return { url, token, start, child: () => child };
}
