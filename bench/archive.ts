/**
 * `node bench/archive.ts [--issues 100000] [--restore]`: how fast the workspace archive is written (and,
 * with --restore, restored into an empty workspace of a second database), and in how much memory.
 * Seeds the bench workspace (bench/seed.ts: 100,000 issues, 200,000 edges, decisions, notes, activity)
 * into a fresh SQLite file, or into BENCH_DATABASE_URL (PostgreSQL; the database must exist and be
 * empty), then exports it and prints parts, rows, bytes, seconds and the peak RSS of this process.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/config.ts";
import { closeCore, createCore } from "../src/core.ts";
import { openStore } from "../src/db/store.ts";
import { exportWorkspace } from "../src/tracker/archive/export.ts";
import { restoreArchive } from "../src/tracker/archive/restore.ts";
import { seedSize, seedWorkspace } from "./seed.ts";
import { runAsService } from "./service-flags.ts";

runAsService();

const { values } = parseArgs({
  options: {
    issues: { type: "string", default: "100000" },
    restore: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
  },
});
const issues = Number(values.issues);
const dir = mkdtempSync(path.join(tmpdir(), "docket-bench-archive-"));
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
sampler.unref();
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

function open(databaseUrl: string) {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DOCKET_DATA_DIR: dir,
    DOCKET_SECRET_KEY: process.env.DOCKET_SECRET_KEY ?? Buffer.alloc(32, 7).toString("base64"),
  });
  const store = openStore(config.database, { timeouts: { statementMs: 600_000 } });
  return { store, core: createCore(config, store) };
}

try {
  const source = open(process.env.BENCH_DATABASE_URL ?? path.join(dir, "source.db"));
  await source.store.migrate();
  let began = performance.now();
  await seedWorkspace(source.core, seedSize(issues));
  const seeded = (performance.now() - began) / 1000;
  const ws = await source.core.db
    .selectFrom("workspaces")
    .select(["id", "owner_id"])
    .where("slug", "=", "bench")
    .executeTakeFirstOrThrow();
  console.log(`seeded ${issues} issues on ${source.store.kind} in ${seeded.toFixed(1)} s`);

  const file = path.join(dir, "bench.docket");
  peak = process.memoryUsage().rss;
  began = performance.now();
  let current = "counting";
  const manifest = await exportWorkspace(
    { core: source.core, workspaceId: ws.id, actor: { personId: ws.owner_id, via: "admin" } },
    {},
    file,
    (p) => {
      if (p.part !== current) {
        if (values.verbose)
          console.log(`  ${current} done at ${((performance.now() - began) / 1000).toFixed(1)} s`);
        current = p.part;
      }
      if (p.part === "archive")
        console.log(`  parts written in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    },
  );
  const exported = (performance.now() - began) / 1000;
  const rows = manifest.parts.reduce((n, p) => n + p.count, 0);
  const bytes = manifest.parts.reduce((n, p) => n + p.size, 0);
  console.log(
    `export: ${rows} rows, ${mib(bytes)} of JSONL, archive ${mib(statSync(file).size)}, ${exported.toFixed(1)} s, peak RSS ${mib(peak)}`,
  );
  for (const p of manifest.parts)
    console.log(`  ${p.name.padEnd(22)} ${String(p.count).padStart(8)} ${mib(p.size)}`);

  if (values.restore) {
    // the same people on the other side, then an empty workspace of the owner's
    const target = open(path.join(dir, "target.db"));
    await target.store.migrate();
    const people = await source.core.db.selectFrom("people").selectAll().execute();
    await target.core.db.insertInto("people").values(people).execute();
    const { createWorkspace } = await import("../src/auth/workspaces.ts");
    const owner = people.find((p) => p.id === ws.owner_id)!;
    const copy = await createWorkspace(target.core, {
      name: "Copy",
      slug: "copy",
      owner_email: owner.email,
      space_prefix: "TMP",
    });
    peak = process.memoryUsage().rss;
    began = performance.now();
    await restoreArchive(
      { core: target.core, workspaceId: copy.id, actor: { personId: owner.id, via: "admin" } },
      file,
    );
    const restored = (performance.now() - began) / 1000;
    console.log(`restore (into SQLite): ${restored.toFixed(1)} s, peak RSS ${mib(peak)}`);
    await closeCore(target.core);
    await target.store.close();
  }
  await closeCore(source.core);
  await source.store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
