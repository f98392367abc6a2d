/**
 * `node bench/import.ts [--issues 100000]`: an import of a large GitHub export, end to end through the
 * import job (both passes: the check, then the write), on SQLite (or on PostgreSQL with
 * BENCH_DATABASE_URL). Writes a `gh issue list --json …` file of that many issues with two comments each
 * and a blocking edge on every second issue (100,000 issues: 200,000 comments, 50,000 edges), imports it,
 * then imports it again (nothing changes). Prints seconds and the peak RSS of each run. The aims: 60 s on
 * SQLite, 120 s on PostgreSQL, 300 MiB.
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createPerson } from "../src/auth/people.ts";
import { createWorkspace } from "../src/auth/workspaces.ts";
import { loadConfig } from "../src/config.ts";
import { closeCore, createCore } from "../src/core.ts";
import { openStore } from "../src/db/store.ts";
import type { Ctx } from "../src/tracker/context.ts";
import { fileStore } from "../src/tracker/files/store.ts";
import { createUploadUrl, registerFile } from "../src/tracker/files.ts";
import { getImport, importDone, startImport } from "../src/tracker/imports/index.ts";
import { runAsService } from "./service-flags.ts";

runAsService();

const { values } = parseArgs({ options: { issues: { type: "string", default: "100000" } } });
const count = Number(values.issues);
const dir = mkdtempSync(path.join(tmpdir(), "docket-bench-import-"));
let peak = 0;
let peakHeap = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peak = Math.max(peak, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed + m.external);
}, 50);
sampler.unref();
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;

async function writeExport(file: string): Promise<void> {
  const out = createWriteStream(file);
  const put = async (text: string) => {
    if (!out.write(text)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  };
  await put("[");
  for (let n = 1; n <= count; n++) {
    const url = `https://github.com/acme/app/issues/${n}`;
    const issue = {
      number: n,
      title: `Issue ${n}: the importer reads a large export`,
      body: `Steps to reproduce issue ${n}.\n\n- one\n- two\n\nExpected: it works.`,
      state: n % 3 === 0 ? "CLOSED" : "OPEN",
      stateReason: n % 3 === 0 ? (n % 2 ? "COMPLETED" : "NOT_PLANNED") : "",
      labels: [{ name: ["bug", "feature", "docs", "infra"][n % 4] }],
      assignees: [{ login: `dev${n % 50}` }],
      milestone: n % 10 === 0 ? { title: `v${n % 7}` } : null,
      comments: [1, 2].map((c) => ({
        id: `IC_${n}_${c}`,
        author: { login: `dev${(n + c) % 50}` },
        body: `Comment ${c} on ${n}: looks right.`,
        createdAt: "2024-03-01T10:00:00Z",
      })),
      createdAt: "2024-01-01T10:00:00Z",
      closedAt: n % 3 === 0 ? "2024-02-01T10:00:00Z" : null,
      author: { login: `dev${n % 50}` },
      blockedBy: n % 2 === 0 ? [{ number: n - 1, url: `https://github.com/acme/app/issues/${n - 1}` }] : [],
      url,
    };
    await put(`${n > 1 ? "," : ""}${JSON.stringify(issue)}\n`);
  }
  await put("]");
  await new Promise<void>((resolve) => out.end(() => resolve()));
}

const config = loadConfig({
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? path.join(dir, "bench.db"),
  DOCKET_DATA_DIR: dir,
  DOCKET_SECRET_KEY: process.env.DOCKET_SECRET_KEY ?? Buffer.alloc(32, 7).toString("base64"),
  FILE_MAX_BYTES: String(4 * 1024 ** 3),
});
const store = openStore(config.database, { timeouts: { statementMs: 600_000 } });
const core = createCore(config, store);
try {
  await store.migrate();
  const file = path.join(dir, "issues.json");
  await writeExport(file);
  const size = statSync(file).size;
  console.log(`wrote ${count} issues (${mib(size)}) to ${file}`);
  const person = await createPerson(core, { email: "ada@example.com", name: "Ada" });
  const ws = await createWorkspace(core, {
    name: "Bench",
    slug: `bench-${Date.now()}`,
    owner_email: "ada@example.com",
    space_prefix: "ENG",
  });
  const ctx: Ctx = { core, workspaceId: ws.id, actor: { personId: person.id, via: "admin" } };
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  const upload = await createUploadUrl(ctx, { content_type: "application/json", size });
  await fileStore(core).write(
    `uploads/${ws.id}/${upload.upload_id}`,
    createReadStream(file) as AsyncIterable<Buffer>,
    size,
  );
  const registered = await registerFile(ctx, {
    upload_id: upload.upload_id,
    name: "issues.json",
    sha256: hash.digest("hex"),
  });
  for (const run of ["first run", "second run (nothing changes)"]) {
    // what writing the file left behind is not the import's
    (globalThis as { gc?: () => void }).gc?.();
    const startRss = process.memoryUsage().rss;
    peak = startRss;
    peakHeap = 0;
    const began = performance.now();
    const cpu = process.cpuUsage();
    const job = await startImport(ctx, { source: "github", space: "ENG", file: registered.id });
    await importDone(job.id);
    const seconds = (performance.now() - began) / 1000;
    const used = process.cpuUsage(cpu);
    const cpuSeconds = (used.user + used.system) / 1e6;
    const done = await getImport(ctx, job.id);
    if (done.status !== "completed") throw new Error(`the import ${done.status}: ${done.error}`);
    const c = done.counts!;
    console.log(
      `${run} on ${store.kind}: ${seconds.toFixed(1)} s (CPU ${cpuSeconds.toFixed(1)} s), peak RSS ${mib(peak)} (${mib(startRss)} before it; JavaScript heap and buffers ${mib(peakHeap)}); issues ${c.issues.created} created / ${c.issues.unchanged} unchanged, comments ${c.comments.created} / ${c.comments.unchanged}, edges ${c.dependencies.created} / ${c.dependencies.unchanged}, placeholders ${c.people.placeholders}`,
    );
  }
} finally {
  await closeCore(core);
  rmSync(dir, { recursive: true, force: true });
}
