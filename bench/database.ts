/**
 * A database of a bench's own: on the PostgreSQL server BENCH_DATABASE_URL names (a fresh database,
 * dropped afterwards), else a SQLite file in a fresh temporary folder.
 */
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
