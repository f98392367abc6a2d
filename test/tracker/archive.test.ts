import assert from "node:assert/strict";
import { createReadStream, mkdtempSync, readFileSync, writeFileSync } from "node:fs";

import { tmpdir } from "node:os";
import path from "node:path";
import { type TestContext, test } from "node:test";
import { gzipSync } from "node:zlib";
import { createPerson } from "../../src/auth/people.ts";
import { addMember } from "../../src/auth/workspaces.ts";
import type { Core } from "../../src/core.ts";
import { exportWorkspace } from "../../src/tracker/archive/export.ts";
import { restoreArchive } from "../../src/tracker/archive/restore.ts";
import { readTar, TarWriter } from "../../src/tracker/archive/tar.ts";
import type { Ctx } from "../../src/tracker/context.ts";
import { fileStore } from "../../src/tracker/files/store.ts";
import { createUploadUrl, registerFile } from "../../src/tracker/files.ts";
import { type Api, api, createTestDatabase, seed, setup, testConfig } from "../support.ts";

async function ok(a: Api, method: string, url: string, body?: unknown) {
  const res = await a.call(method, url, body);
  assert.ok(res.status >= 200 && res.status < 300, `${method} ${url}: ${res.status} ${res.text}`);
  return res.body;
}

const ctxOf = (core: Core, workspaceId: string, personId: string): Ctx => ({
  core,
  workspaceId,
  actor: { personId, via: "admin" },
});

/** A workspace with one of everything the archive holds. */
async function fill(a: Api): Promise<void> {
  await createPerson(a.env.core, { email: "bo@example.com", name: "Bo" });
  await addMember(a.env.core, { workspace: "acme", email: "bo@example.com", role: "member" });
  await ok(a, "POST", "/v1/labels", { name: "Backend", color: "#112233" });
  const cycle = await ok(a, "POST", "/v1/cycles", { starts_on: "2026-03-01", ends_on: "2026-03-14" });
  const milestone = await ok(a, "POST", "/v1/milestones", { name: "Beta", target_date: "2026-04-01" });
  const parent = await ok(a, "POST", "/v1/issues", {
    title: "Migrate the importer",
    description: "zebrafish **markdown**",
    labels: ["Backend"],
    priority: "high",
    cycle: cycle.id,
    milestone: milestone.id,
    estimate: 3,
  });
  const child = await ok(a, "POST", "/v1/issues", { title: "A child", parent: parent.identifier });
  await ok(a, "POST", "/v1/issues", {
    title: "Blocked",
    blockedBy: [child.identifier],
    assignee: "bo@example.com",
  });
  // re-parent the older issue under a newer one: the parent comes later in the archive
  const newer = await ok(a, "POST", "/v1/issues", { title: "Newer" });
  await ok(a, "PATCH", `/v1/issues/${parent.identifier}`, { parent: newer.identifier });
  await ok(a, "PATCH", `/v1/issues/${child.identifier}`, { status: "done" });
  const comment = await ok(a, "POST", `/v1/issues/${parent.identifier}/comments`, { body: "first" });
  await ok(a, "PATCH", `/v1/comments/${comment.id}`, { body: "second" });
  await ok(a, "POST", `/v1/issues/${parent.identifier}/comments`, { body: "a reply", parent: comment.id });
  const decision = await ok(a, "POST", "/v1/decisions", {
    title: "Use JSONL",
    context: "c",
    decision: "d",
    issues: [parent.identifier],
  });
  await ok(a, "POST", `/v1/decisions/${decision.id}/comments`, { body: "agreed" });
  const folder = await ok(a, "POST", "/v1/folders", { name: "Guides" });
  const inner = await ok(a, "POST", "/v1/folders", { name: "Inner", parent: folder.id });
  await ok(a, "POST", "/v1/notes", { title: "How to import", body: "steps", folder: inner.id });
  const ctx = ctxOf(a.env.core, a.workspaceId, a.personId);
  const bytes = Buffer.from("hello, archive\n");
  const upload = await createUploadUrl(ctx, { content_type: "text/plain", size: bytes.length });
  await fileStore(a.env.core).write(
    `uploads/${a.workspaceId}/${upload.upload_id}`,
    [bytes] as never,
    bytes.length,
  );
  const { createHash } = await import("node:crypto");
  await registerFile(ctx, {
    upload_id: upload.upload_id,
    name: "notes.txt",
    sha256: createHash("sha256").update(bytes).digest("hex"),
    issues: [parent.identifier],
  });
}

/** Every entry of an archive, by name. */
async function entries(file: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const limits = { maxExpandedBytes: 1e9, maxRatio: 1e6, entryLimit: () => 1e9 };
  for await (const e of readTar(createReadStream(file), limits)) {
    const chunks: Buffer[] = [];
    for await (const c of e.body) chunks.push(c);
    out.set(e.name, Buffer.concat(chunks));
  }
  return out;
}

/** A second service (its own database, on the store given) where the people of `a` exist with their ids. */
async function elsewhere(t: TestContext, a: Api, databaseServer?: string | null) {
  const env =
    databaseServer === undefined
      ? await setup(t)
      : await (async () => {
          const { openStore } = await import("../../src/db/store.ts");
          const { createCore } = await import("../../src/core.ts");
          const { ManualClock } = await import("../../src/clock.ts");
          const { MemoryRateLimiter } = await import("../../src/auth/limits.ts");
          const database = await createTestDatabase(databaseServer ?? undefined);
          const config = testConfig(database.url);
          const store = openStore(config.database, { poolSize: 4 });
          const clock = new ManualClock("2026-05-01T09:00:00.000Z");
          const core = createCore(config, store, { clock, limiter: new MemoryRateLimiter(clock) });
          t.after(async () => {
            await store.close();
            await database.drop();
          });
          await store.migrate();
          return { core };
        })();
  const people = await a.env.core.db.selectFrom("people").selectAll().execute();
  await env.core.db.insertInto("people").values(people).execute();
  const seeded = await seed(env.core, "copy");
  return { core: env.core, ctx: ctxOf(env.core, seeded.workspaceId, seeded.personId) };
}

function sameParts(one: Map<string, Buffer>, two: Map<string, Buffer>): void {
  assert.deepEqual([...two.keys()], [...one.keys()]);
  for (const [name, bytes] of one) {
    if (name === "manifest.json") continue;
    assert.ok(bytes.equals(two.get(name)!), `${name} differs:\n${bytes}\n---\n${two.get(name)}`);
  }
  const m1 = JSON.parse(one.get("manifest.json")!.toString());
  const m2 = JSON.parse(two.get("manifest.json")!.toString());
  assert.deepEqual(m2.parts, m1.parts);
  assert.deepEqual(m2.files, m1.files);
}

const tempDir = () => mkdtempSync(path.join(tmpdir(), "docket-archive-test-"));

test("archive: export, restore into an empty workspace elsewhere, export again: the same parts byte for byte", async (t) => {
  const a = await api(t);
  await fill(a);
  const dir = tempDir();
  const first = path.join(dir, "one.docket");
  const manifest = await exportWorkspace(ctxOf(a.env.core, a.workspaceId, a.personId), {}, first);
  const counts = Object.fromEntries(manifest.parts.map((p) => [p.name, p.count]));
  assert.equal(counts["issues.jsonl"], 4);
  assert.equal(counts["people.jsonl"], 2);
  assert.equal(counts["comments.jsonl"], 3);
  assert.equal(manifest.files.count, 1);

  const there = await elsewhere(t, a);
  const progress: string[] = [];
  const report = await restoreArchive(there.ctx, first, (p) => progress.push(p.phase));
  assert.equal(report.counts["issues.jsonl"], 4);
  assert.equal(report.people.missing.length, 0);
  assert.ok(progress.includes("restoring"));

  const second = path.join(dir, "two.docket");
  await exportWorkspace(there.ctx, {}, second);
  sameParts(await entries(first), await entries(second));

  // what was restored works: identifiers, numbers, search, the next issue's number, the file's bytes
  const issue = await there.core.db
    .selectFrom("issues")
    .selectAll()
    .where("identifier", "=", "ENG-1")
    .executeTakeFirstOrThrow();
  assert.equal(issue.workspace_id, there.ctx.workspaceId);
  const docs = await there.core.db
    .selectFrom("search_documents")
    .select("object_type")
    .where("workspace_id", "=", there.ctx.workspaceId)
    .execute();
  assert.ok(docs.some((d) => d.object_type === "issue") && docs.some((d) => d.object_type === "comment"));
  const file = await there.core.db.selectFrom("files").selectAll().executeTakeFirstOrThrow();
  const chunks: Buffer[] = [];
  for await (const c of await fileStore(there.core).read(file.storage_key)) chunks.push(c as Buffer);
  assert.equal(Buffer.concat(chunks).toString(), "hello, archive\n");
  const { createIssue } = await import("../../src/tracker/issues.ts");
  const next = await createIssue(there.ctx, { title: "After the restore" });
  assert.equal(next.identifier, "ENG-5");

  // a second restore into the now full workspace is refused
  await assert.rejects(restoreArchive(there.ctx, first), (e: { status?: number }) => e.status === 409);
});

test("archive: a restore across stores (SQLite to PostgreSQL) gives the same parts", {
  skip: !process.env.TEST_DATABASE_URL,
}, async (t) => {
  const a = await api(t);
  await fill(a);
  const dir = tempDir();
  const first = path.join(dir, "one.docket");
  await exportWorkspace(ctxOf(a.env.core, a.workspaceId, a.personId), {}, first);
  // this run's store is PostgreSQL: restore into SQLite, export, restore that into PostgreSQL again
  const sqlite = await elsewhere(t, a, null);
  await restoreArchive(sqlite.ctx, first);
  const second = path.join(dir, "two.docket");
  await exportWorkspace(sqlite.ctx, {}, second);
  sameParts(await entries(first), await entries(second));
  const pg = await elsewhere(t, a, process.env.TEST_DATABASE_URL);
  await restoreArchive(pg.ctx, second);
  const third = path.join(dir, "three.docket");
  await exportWorkspace(pg.ctx, {}, third);
  sameParts(await entries(first), await entries(third));
});

test("archive: people are matched by email; those without an account are reported and their work kept", async (t) => {
  const a = await api(t);
  await fill(a);
  const dir = tempDir();
  const file = path.join(dir, "one.docket");
  await exportWorkspace(ctxOf(a.env.core, a.workspaceId, a.personId), {}, file);
  const env = await setup(t);
  // Ada exists here under another id; Bo has no account
  const seeded = await seed(env.core, "copy");
  const ctx = ctxOf(env.core, seeded.workspaceId, seeded.personId);
  const report = await restoreArchive(ctx, file);
  assert.equal(report.people.matched, 1);
  assert.deepEqual(
    report.people.missing.map((p) => p.email),
    ["bo@example.com"],
  );
  const issue = await env.core.db
    .selectFrom("issues")
    .selectAll()
    .where("identifier", "=", "ENG-1")
    .executeTakeFirstOrThrow();
  assert.equal(issue.created_by, seeded.personId);
  // Bo becomes a placeholder under Bo's archive id: the issue assigned to Bo names them
  assert.equal(report.people.placeholders, 1);
  const bo = await env.core.db
    .selectFrom("people")
    .selectAll()
    .where("id", "=", report.people.missing[0]!.id)
    .executeTakeFirstOrThrow();
  assert.equal(bo.name, "Bo (imported)");
  assert.equal(bo.placeholder_workspace_id, seeded.workspaceId);
  assert.ok(bo.suspended_at);
  assert.match(bo.email, /@placeholder\.invalid$/);
  const blocked = await env.core.db
    .selectFrom("issues")
    .select("assignee_id")
    .where("title", "=", "Blocked")
    .executeTakeFirstOrThrow();
  assert.equal(blocked.assignee_id, bo.id);
  const members = await env.core.db
    .selectFrom("memberships")
    .selectAll()
    .where("workspace_id", "=", seeded.workspaceId)
    .execute();
  assert.equal(members.length, 1);
});

test("archive: a space filter exports those spaces' issues only", async (t) => {
  const a = await api(t);
  await fill(a);
  await ok(a, "POST", "/v1/spaces", { name: "Ops", prefix: "OPS" });
  await ok(a, "POST", "/v1/issues", { title: "An ops issue", space: "OPS" });
  const dir = tempDir();
  const file = path.join(dir, "ops.docket");
  const manifest = await exportWorkspace(
    ctxOf(a.env.core, a.workspaceId, a.personId),
    { spaces: ["OPS"] },
    file,
  );
  assert.deepEqual(manifest.spaces, ["OPS"]);
  const parts = await entries(file);
  const issues = parts
    .get("issues.jsonl")!
    .toString()
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    issues.map((i) => i.identifier),
    ["OPS-1"],
  );
  assert.equal(parts.get("edges.jsonl")!.toString().includes("dependency"), false);
  await assert.rejects(
    exportWorkspace(ctxOf(a.env.core, a.workspaceId, a.personId), { spaces: ["NOPE"] }, file),
    /no space NOPE/,
  );
});

/** Writes an archive from entries given by hand. */
async function handmade(file: string, list: [string, Buffer][]): Promise<void> {
  const { createGzip } = await import("node:zlib");
  const { createWriteStream } = await import("node:fs");
  const gzip = createGzip();
  const sink = createWriteStream(file);
  const done = new Promise<void>((resolve) => sink.on("finish", () => resolve()));
  gzip.pipe(sink);
  const tar = new TarWriter(gzip);
  for (const [name, bytes] of list) await tar.entry(name, bytes.length, bytes);
  await tar.finish();
  await done;
}

test("archive: bad input is refused with a clear message and nothing is written", async (t) => {
  const a = await api(t);
  await fill(a);
  const dir = tempDir();
  const good = path.join(dir, "good.docket");
  await exportWorkspace(ctxOf(a.env.core, a.workspaceId, a.personId), {}, good);
  const parts = await entries(good);
  const list = [...parts.entries()];
  const env = await setup(t);
  await env.core.db
    .insertInto("people")
    .values(await a.env.core.db.selectFrom("people").selectAll().execute())
    .execute();
  const seeded = await seed(env.core, "copy");
  const ctx = ctxOf(env.core, seeded.workspaceId, seeded.personId);
  const nothingWritten = async () => {
    const issues = await env.core.db.selectFrom("issues").select("id").execute();
    assert.equal(issues.length, 0);
    const spaces = await env.core.db
      .selectFrom("spaces")
      .select("prefix")
      .where("workspace_id", "=", seeded.workspaceId)
      .execute();
    assert.deepEqual(
      spaces.map((s) => s.prefix),
      ["ENG"],
    );
  };
  const refused = async (file: string, pattern: RegExp) => {
    await assert.rejects(restoreArchive(ctx, file), (e: { status?: number; message: string }) => {
      assert.equal(e.status, 400, e.message);
      assert.match(e.message, pattern);
      return true;
    });
    await nothingWritten();
  };

  const text = path.join(dir, "plain.docket");
  writeFileSync(text, "number,title\n1,hello\n");
  await refused(text, /not gzip-compressed/);

  const notTar = path.join(dir, "nottar.docket");
  writeFileSync(notTar, gzipSync(Buffer.alloc(2048, 65)));
  await refused(notTar, /not a tar archive/);

  // one byte of a part changed: its SHA-256 no longer matches
  const tampered = path.join(dir, "tampered.docket");
  await handmade(
    tampered,
    list.map(([n, b]) => [
      n,
      n === "issues.jsonl" ? Buffer.from(b.toString().replace("Migrate", "Migrbte")) : b,
    ]),
  );
  await refused(tampered, /issues\.jsonl does not match its SHA-256/);

  // a path that climbs out, and an absolute one
  const climbing = path.join(dir, "climb.docket");
  await handmade(climbing, [list[0]!, ["../../etc/passwd", Buffer.from("x")]]);
  await refused(climbing, /outside the archive/);
  const absolute = path.join(dir, "absolute.docket");
  await handmade(absolute, [list[0]!, ["/etc/passwd", Buffer.from("x")]]);
  await refused(absolute, /outside the archive/);

  // a file entry over the service's file size limit
  const big = path.join(dir, "big.docket");
  await handmade(big, [list[0]!, [`files/file_${"0".repeat(26)}`, Buffer.alloc(2048)]]);
  await assert.rejects(
    restoreArchive(ctx, big, () => {}, {
      maxExpandedBytes: 1e9,
      maxRatio: 1e6,
      maxLineBytes: 1e6,
      maxFileBytes: 1024,
    }),
    /over its limit of 1024/,
  );

  // a compression bomb: 64 MiB of zeros in a small file (the manifest agreeing with its size)
  const bomb = path.join(dir, "bomb.docket");
  const bombManifest = JSON.parse(parts.get("manifest.json")!.toString());
  bombManifest.parts[0].size = 64 * 1024 * 1024;
  await handmade(bomb, [
    ["manifest.json", Buffer.from(JSON.stringify(bombManifest))],
    ["spaces.jsonl", Buffer.alloc(64 * 1024 * 1024)],
  ]);
  await refused(bomb, /compression bomb/);

  // a line that is JSON but not the documented shape
  const shapes = path.join(dir, "shape.docket");
  const badIssues = Buffer.from(
    parts.get("issues.jsonl")!.toString().replace('"status":"backlog"', '"status":"exploded"'),
  );
  const { createHash } = await import("node:crypto");
  const manifest = JSON.parse(parts.get("manifest.json")!.toString());
  for (const p of manifest.parts)
    if (p.name === "issues.jsonl") {
      p.sha256 = createHash("sha256").update(badIssues).digest("hex");
      p.size = badIssues.length;
    }
  await handmade(
    shapes,
    list.map(([n, b]) => [
      n,
      n === "issues.jsonl" ? badIssues : n === "manifest.json" ? Buffer.from(JSON.stringify(manifest)) : b,
    ]),
  );
  await refused(shapes, /issues\.jsonl line \d+: status/);

  // an archive with an unknown entry
  const extra = path.join(dir, "extra.docket");
  await handmade(extra, [list[0]!, ["evil.sh", Buffer.from("rm -rf /")]]);
  await refused(extra, /not part of the archive format/);

  // a workspace that is not empty
  const full = await setup(t);
  const other = await seed(full.core, "full");
  const { createIssue } = await import("../../src/tracker/issues.ts");
  const fullCtx = ctxOf(full.core, other.workspaceId, other.personId);
  await createIssue(fullCtx, { title: "Already here" });
  await assert.rejects(restoreArchive(fullCtx, good), /not empty/);

  // and the good one restores
  await restoreArchive(ctx, good);
  void readFileSync;
});

test("archive: an export taken while issues and edges are written is consistent, and restores", async (t) => {
  const a = await api(t);
  await fill(a);
  const dir = tempDir();
  const file = path.join(dir, "live.docket");
  const { createIssue } = await import("../../src/tracker/issues.ts");
  const ctx = ctxOf(a.env.core, a.workspaceId, a.personId);
  let previous = (await createIssue(ctx, { title: "Writer 0" })).identifier;
  let stop = false;
  const writer = (async () => {
    for (let i = 1; !stop && i < 200; i++) {
      previous = (await createIssue(ctx, { title: `Writer ${i}`, blockedBy: [previous] })).identifier;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const manifest = await exportWorkspace(ctx, {}, file);
  stop = true;
  await writer;
  const there = await elsewhere(t, a);
  const report = await restoreArchive(there.ctx, file);
  assert.equal(report.counts["issues.jsonl"], manifest.parts.find((p) => p.name === "issues.jsonl")!.count);
});
