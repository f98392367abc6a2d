/**
 * A database of a bench's own: on the PostgreSQL server BENCH_DATABASE_URL names (a fresh database,
 * dropped afterwards), else a SQLite file in a fresh temporary folder; and the service a bench loads,
 * started on it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export async function benchDatabase(
  bench: string,
): Promise<{ url: string; label: string; done: () => Promise<void> }> {
  const given = process.env.BENCH_DATABASE_URL?.trim();
  if (given?.startsWith("postgres")) {
    const name = `docket_${bench}_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: given });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(given);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      label: "PostgreSQL",
      async done() {
        const c = new pg.Client({ connectionString: given });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), `docket-${bench}-bench-`));
  return {
    url: path.join(dir, "docket.db"),
    label: "SQLite",
    done: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * `docket serve` (from the checkout at `cwd`) on the database at `url`, without a rate limit, with a
 * data folder of its own; resolves once it answers /readyz.
 */
export async function benchService(
  bench: string,
  url: string,
  port: number,
  options: { cwd: string; env?: Record<string, string> },
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["src/cli/main.ts", "serve"], {
    cwd: options.cwd,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      REST_RATE_LIMIT: "1000000000",
      DOCKET_DATA_DIR: mkdtempSync(path.join(tmpdir(), `docket-${bench}-bench-data-`)),
      ...options.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitUntilUp(`http://127.0.0.1:${port}/readyz`, child);
  return child;
}

/** Waits for `url` to answer 200, asking every 10 ms (a cold start is measured by it), 20 s at most. */
export async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the service exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the service was not ready within 20 s");
}
