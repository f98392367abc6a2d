import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Kysely, Transaction } from "kysely";
import type { z } from "zod";
import { identityChanged, roleOf } from "../../auth/workspaces.ts";
import type { Database } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/store.ts";
import { conflict, DocketError, invalid } from "../../errors.ts";
import type { Ctx } from "../context.ts";
import { fileStore } from "../files/store.ts";
import { actsAsAgent } from "../inbox.ts";
import { nameWords } from "../search-index.ts";
import { FILE_ENTRY, LINE_SCHEMAS, type Manifest, manifestSchema, PARTS, type PartName } from "./format.ts";
import { type ReadLimits, readTar } from "./tar.ts";

/**
 * Restores a workspace archive (src/tracker/archive/format.ts) into an empty workspace, on this server
 * or another: ids, identifiers, issue numbers (and each space's next number), versions and times as
 * they were. The archive is read twice: once to check all of it (manifest, every part's SHA-256, size
 * and count, every line's shape, every file's bytes against its SHA-256), writing nothing; then again
 * to write it, in one transaction, so a refusal at any point leaves the workspace as it was.
 *
 * People are matched by email: a member of the archive who has an account here keeps their work (their
 * id in the archive is replaced by theirs here) and becomes a member if not one already (an archive's
 * Owner as an admin: the workspace keeps its Owner). One without an account here is reported in
 * `people.missing` and becomes a placeholder person under their archive id (shown "name (imported)",
 * unable to sign in, not a member), whom an admin can map to a member later, moving their work over.
 */

export interface RestoreProgress {
  phase: "checking" | "restoring";
  part: string;
  done: number;
  total: number;
}

export interface RestoreReport {
  manifest: Manifest;
  counts: Record<PartName, number>;
  files: { count: number; size: number };
  people: {
    matched: number;
    added: number;
    /** placeholder people made for members without an account here (see `missing`) */
    placeholders: number;
    missing: { id: string; email: string; name: string }[];
  };
}

export interface RestoreLimits {
  maxExpandedBytes: number;
  maxRatio: number;
  maxLineBytes: number;
  maxFileBytes: number;
}

export function defaultRestoreLimits(ctx: Ctx): RestoreLimits {
  return {
    maxExpandedBytes: 64 * 1024 ** 3,
    maxRatio: 200,
    maxLineBytes: 16 * 1024 * 1024,
    maxFileBytes: ctx.core.config.files.maxBytes,
  };
}

type Tx = Transaction<Database>;
// biome-ignore lint/suspicious/noExplicitAny: rows of many tables are written alike
type AnyTx = Kysely<any>;
type Line = Record<string, unknown>;

const MANIFEST_MAX = 1024 * 1024;

function tarLimits(limits: RestoreLimits): ReadLimits {
  return {
    maxExpandedBytes: limits.maxExpandedBytes,
    maxRatio: limits.maxRatio,
    entryLimit: (name) => {
      if (name === "manifest.json") return MANIFEST_MAX;
      if ((PARTS as string[]).includes(name)) return limits.maxExpandedBytes;
      if (FILE_ENTRY.test(name)) return limits.maxFileBytes;
      return undefined;
    },
  };
}

const bad = (why: string) => invalid(`This archive cannot be restored: ${why}.`);

/** The lines of a JSONL entry, each parsed and checked against the part's shape. */
async function* linesOf(
  part: PartName,
  body: AsyncIterable<Buffer>,
  limits: RestoreLimits,
  hash: { update(b: Buffer): void },
): AsyncGenerator<Line> {
  const schema = LINE_SCHEMAS[part] as z.ZodType;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let number = 0;
  const parse = (bytes: Buffer): Line => {
    number++;
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString("utf8"));
    } catch {
      throw bad(`${part} line ${number} is not JSON`);
    }
    const result = schema.safeParse(value);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      const where = issue.path.length ? issue.path.join(".") : "the line";
      throw bad(`${part} line ${number}: ${where}: ${issue.message}`);
    }
    return result.data as Line;
  };
  for await (const chunk of body) {
    hash.update(chunk);
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl === -1) break;
      const piece = chunk.subarray(start, nl);
      const bytes = pending.length ? Buffer.concat([...pending, piece]) : piece;
      pending = [];
      pendingBytes = 0;
      if (bytes.length > limits.maxLineBytes)
        throw bad(`${part} line ${number + 1} is over ${limits.maxLineBytes} bytes`);
      yield parse(bytes);
      start = nl + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > limits.maxLineBytes)
        throw bad(`${part} line ${number + 1} is over ${limits.maxLineBytes} bytes`);
    }
  }
  if (pendingBytes > 0) throw bad(`${part} does not end with a line break (cut short?)`);
}

interface Checked {
  manifest: Manifest;
  people: Line[];
  files: Map<string, { size: number; sha256: string }>;
}

/** Pass one: reads the whole archive and checks it, writing nothing. */
async function check(
  archivePath: string,
  limits: RestoreLimits,
  tell: (p: RestoreProgress) => void,
): Promise<Checked> {
  let manifest: Manifest | undefined;
  const people: Line[] = [];
  const files = new Map<string, { size: number; sha256: string }>();
  const seenFiles = new Set<string>();
  let partIndex = 0;
  let done = 0;
  let total = 0;
  for await (const entry of readTar(createReadStream(archivePath), tarLimits(limits))) {
    if (!manifest) {
      if (entry.name !== "manifest.json")
        throw bad("its first entry is not manifest.json (is it a Docket archive?)");
      const chunks: Buffer[] = [];
      for await (const c of entry.body) chunks.push(c);
      let json: unknown;
      try {
        json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        throw bad("manifest.json is not JSON");
      }
      const parsed = manifestSchema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw bad(`manifest.json: ${issue.path.join(".") || "the manifest"}: ${issue.message}`);
      }
      manifest = parsed.data;
      manifest.parts.forEach((p, i) => {
        if (p.name !== PARTS[i]) throw bad(`manifest.json lists ${p.name} where ${PARTS[i]} belongs`);
      });
      total = manifest.parts.reduce((n, p) => n + p.count, 0);
      continue;
    }
    if (partIndex < PARTS.length) {
      const part = PARTS[partIndex]!;
      if (entry.name !== part)
        throw bad(`entry ${entry.name} comes where ${part} belongs (parts are in a fixed order)`);
      const expected = manifest.parts[partIndex]!;
      if (entry.size !== expected.size)
        throw bad(`${part} has ${entry.size} bytes; the manifest says ${expected.size}`);
      const hash = createHash("sha256");
      let count = 0;
      for await (const line of linesOf(part, entry.body, limits, hash)) {
        count++;
        done++;
        if (part === "people.jsonl") people.push(line);
        if (part === "files.jsonl") {
          if (Number(line.size) > limits.maxFileBytes)
            throw bad(
              `file ${line.id} has ${line.size} bytes, over this service's limit of ${limits.maxFileBytes}`,
            );
          files.set(String(line.id), { size: Number(line.size), sha256: String(line.sha256) });
        }
        if (done % 5000 === 0) tell({ phase: "checking", part, done, total });
      }
      if (hash.digest("hex") !== expected.sha256)
        throw bad(`${part} does not match its SHA-256 in the manifest (the archive was changed or damaged)`);
      if (count !== expected.count)
        throw bad(`${part} has ${count} lines; the manifest says ${expected.count}`);
      partIndex++;
      continue;
    }
    const m = FILE_ENTRY.exec(entry.name);
    if (!m) throw bad(`entry ${entry.name} is out of place`);
    const file = files.get(m[1]!);
    if (!file) throw bad(`entry ${entry.name} is not listed in files.jsonl`);
    if (seenFiles.has(m[1]!)) throw bad(`entry ${entry.name} appears twice`);
    if (entry.size !== file.size)
      throw bad(`entry ${entry.name} has ${entry.size} bytes; files.jsonl says ${file.size}`);
    const hash = createHash("sha256");
    for await (const c of entry.body) hash.update(c);
    if (hash.digest("hex") !== file.sha256) throw bad(`entry ${entry.name} does not match its SHA-256`);
    seenFiles.add(m[1]!);
  }
  if (!manifest) throw bad("it holds no manifest.json");
  if (partIndex < PARTS.length) throw bad(`it ends before ${PARTS[partIndex]}`);
  if (seenFiles.size !== files.size) {
    const missing = [...files.keys()].find((id) => !seenFiles.has(id));
    throw bad(`the bytes of file ${missing} are missing`);
  }
  if (manifest.files.count !== files.size) throw bad("the manifest's file count does not match files.jsonl");
  return { manifest, people, files };
}

/** The tables that must be empty for a restore (a new workspace's one space, without issues, may be there). */
const MUST_BE_EMPTY = [
  "issues",
  "cycles",
  "milestones",
  "labels",
  "decisions",
  "folders",
  "notes",
  "files",
  "comments",
  "dependencies",
  "trash",
] as const;

async function refuseUnlessEmpty(db: Kysely<Database> | Tx, workspaceId: string): Promise<void> {
  for (const table of MUST_BE_EMPTY) {
    const row = await (db as unknown as AnyTx)
      .selectFrom(table)
      .select("workspace_id")
      .where("workspace_id", "=", workspaceId)
      .limit(1)
      .executeTakeFirst();
    if (row) {
      throw conflict(
        `This workspace is not empty (it has ${table.replace("_", " ")}): an archive is restored only into an empty workspace, one with no issues, cycles, milestones, labels, decisions, folders, notes, files or comments. Create a new workspace and restore into it.`,
      );
    }
  }
}

/** How a placeholder person's name ends (as imports show them). */
const PLACEHOLDER_SUFFIX = " (imported)";

const PERSON_ID = /\busr_[0-9A-Z]{26}\b/g;

/**
 * Restores the archive at `archivePath` into the context's workspace, which must be empty (else 409);
 * the caller must be its Owner or an admin, as themselves (else 403). Anything the archive holds that
 * cannot be trusted is refused (400) before anything is written. Answers what was restored.
 */
export async function restoreArchive(
  ctx: Ctx,
  archivePath: string,
  onProgress: (progress: RestoreProgress) => void = () => {},
  limits: RestoreLimits = defaultRestoreLimits(ctx),
): Promise<RestoreReport> {
  if (actsAsAgent(ctx))
    throw new DocketError(403, "forbidden", "Only a workspace admin may restore an archive, never an agent.");
  const role = await roleOf(ctx.core, ctx.workspaceId, ctx.actor.personId);
  if (role !== "owner" && role !== "admin")
    throw new DocketError(403, "forbidden", "Only the workspace's Owner and admins may restore an archive.");
  try {
    await stat(archivePath);
  } catch {
    throw invalid("There is no archive at that path.");
  }
  const db = ctx.core.db;
  await refuseUnlessEmpty(db, ctx.workspaceId);
  const checked = await check(archivePath, limits, onProgress);
  const { manifest } = checked;
  const total = manifest.parts.reduce((n, p) => n + p.count, 0);

  // people: by email
  const emails = checked.people.map((p) => String(p.email).toLowerCase());
  const here = emails.length
    ? await db.selectFrom("people").select(["id", "email"]).where("email", "in", emails).execute()
    : [];
  const byEmail = new Map(here.map((p) => [p.email.toLowerCase(), p.id]));
  const personMap = new Map<string, string>();
  const missing: RestoreReport["people"]["missing"] = [];
  for (const p of checked.people) {
    const local = byEmail.get(String(p.email).toLowerCase());
    if (local) {
      if (local !== p.id) personMap.set(String(p.id), local);
    } else missing.push({ id: String(p.id), email: String(p.email), name: String(p.name) });
  }
  const who = (v: unknown) => (typeof v === "string" ? (personMap.get(v) ?? v) : v);
  const whoInText = (text: string) =>
    personMap.size === 0 ? text : text.replace(PERSON_ID, (id) => personMap.get(id) ?? id);

  const ws = ctx.workspaceId;
  const store = fileStore(ctx.core);
  const writtenKeys: string[] = [];
  const counts = Object.fromEntries(PARTS.map((p) => [p, 0])) as Record<PartName, number>;
  let added = 0;
  let placeholders = 0;

  try {
    await db.transaction().execute(async (trx) => {
      const t = trx as unknown as AnyTx;
      await refuseUnlessEmpty(trx, ws);
      // a new workspace's spaces (no issues in them) give way to the archive's
      await t
        .deleteFrom("activity")
        .where("workspace_id", "=", ws)
        .where("subject_type", "=", "space")
        .execute();
      await t.deleteFrom("spaces").where("workspace_id", "=", ws).execute();
      // members without an account here become placeholder people under their archive id (no account:
      // they cannot sign in), so their work names someone an admin can later map to a member
      if (missing.length > 0) {
        const taken = new Set(
          (
            await t
              .selectFrom("people")
              .select("id")
              .where(
                "id",
                "in",
                missing.map((m) => m.id),
              )
              .execute()
          ).map((r: { id: string }) => r.id),
        );
        const at = ctx.core.clock.now().toISOString();
        for (const m of missing) {
          if (taken.has(m.id)) continue;
          await t
            .insertInto("people")
            .values({
              id: m.id,
              email: `${m.id.toLowerCase()}@placeholder.invalid`,
              name: `${m.name.trim().slice(0, 100) || m.email}${PLACEHOLDER_SUFFIX}`,
              email_verified_at: null,
              suspended_at: at,
              terms_version: null,
              terms_accepted_at: null,
              inbox_email: "off",
              digest_sent_at: null,
              placeholder_workspace_id: ws,
              created_at: at,
              updated_at: at,
            })
            .execute();
          placeholders++;
        }
      }

      const seen = {
        issues: new Set<string>(),
        decisions: new Set<string>(),
        folders: new Set<string>(),
        comments: new Set<string>(),
      };
      const later: { table: string; id: string; column: string; value: string }[] = [];
      const subjects = new Map<string, { identifier: string | null; title: string }>();
      const pending = new Map<string, Line[]>();
      const flush = async (table: string) => {
        const rows = pending.get(table);
        if (!rows || rows.length === 0) return;
        pending.set(table, []);
        await t.insertInto(table).values(rows).execute();
      };
      const put = async (table: string, row: Line) => {
        const rows = pending.get(table) ?? [];
        rows.push(row);
        pending.set(table, rows);
        // every table in the order it was first written (rows before the rows that refer to them)
        // multi-row inserts of up to ~16,000 values (under both databases' limits on parameters)
        if (rows.length * Object.keys(row).length >= 16_000) await flushAll();
      };
      const flushAll = async () => {
        for (const table of pending.keys()) await flush(table);
      };
      /** a self-reference not written yet is set once everything is */
      const ref = (table: keyof typeof seen, id: string, column: string, value: unknown): string | null => {
        if (value === null || value === undefined) return null;
        if (seen[table].has(String(value))) return String(value);
        later.push({ table, id, column, value: String(value) });
        return null;
      };
      const authored = (l: Line) => ({
        created_by: who(l.created_by),
        created_via: l.created_via,
        created_at: l.created_at,
        updated_by: who(l.updated_by),
        updated_via: l.updated_via,
        updated_at: l.updated_at,
      });
      const index = (
        object_type: string,
        object_id: string,
        title: string,
        body: string,
        updated_at: unknown,
      ) => put("search_documents", { object_id, workspace_id: ws, object_type, title, body, updated_at });

      let done = 0;
      let partIndex = -1;
      for await (const entry of readTar(createReadStream(archivePath), tarLimits(limits))) {
        if (entry.name === "manifest.json") continue;
        const fileMatch = FILE_ENTRY.exec(entry.name);
        if (fileMatch) {
          const id = fileMatch[1]!;
          const info = checked.files.get(id)!;
          const key = `files/${ws}/${id}`;
          const hash = createHash("sha256");
          const body = (async function* () {
            for await (const c of entry.body) {
              hash.update(c);
              yield c;
            }
          })();
          writtenKeys.push(key);
          await store.write(key, body, info.size);
          if (hash.digest("hex") !== info.sha256)
            throw bad(`entry ${entry.name} changed while it was restored`);
          continue;
        }
        const part = entry.name as PartName;
        if (PARTS.indexOf(part) !== partIndex + 1) throw bad(`entry ${entry.name} is out of place`);
        partIndex++;
        const sha = createHash("sha256");
        for await (const l of linesOf(part, entry.body, limits, sha)) {
          done++;
          counts[part]++;
          if (done % 2000 === 0) onProgress({ phase: "restoring", part, done, total });
          switch (part) {
            case "spaces.jsonl":
              await put("spaces", {
                id: l.id,
                workspace_id: ws,
                name: l.name,
                prefix: l.prefix,
                next_issue_number: l.next_issue_number,
                done_requires: l.done_requires,
                reviewers: JSON.stringify(Array.isArray(l.reviewers) ? l.reviewers.map(who) : l.reviewers),
                session_stale_minutes: l.session_stale_minutes,
                created_at: l.created_at,
                updated_at: l.updated_at,
              });
              break;
            case "people.jsonl": {
              const local = byEmail.get(String(l.email).toLowerCase());
              if (!local) break;
              const existing = await t
                .selectFrom("memberships")
                .select("role")
                .where("workspace_id", "=", ws)
                .where("person_id", "=", local)
                .executeTakeFirst();
              if (existing) {
                await t
                  .updateTable("memberships")
                  .set({ created_at: l.joined_at })
                  .where("workspace_id", "=", ws)
                  .where("person_id", "=", local)
                  .execute();
              } else {
                added++;
                await t
                  .insertInto("memberships")
                  .values({
                    workspace_id: ws,
                    person_id: local,
                    role: l.role === "owner" ? "admin" : l.role,
                    created_at: l.joined_at,
                  })
                  .execute();
              }
              break;
            }
            case "labels.jsonl":
              await put("labels", {
                id: l.id,
                workspace_id: ws,
                name: l.name,
                name_key: l.name_key,
                color: l.color,
                description: l.description,
                version: l.version,
                ...authored(l),
              });
              break;
            case "cycles.jsonl":
              await put("cycles", {
                id: l.id,
                workspace_id: ws,
                space_id: l.space_id,
                name: l.name,
                starts_on: l.starts_on,
                ends_on: l.ends_on,
                version: l.version,
                ...authored(l),
              });
              break;
            case "milestones.jsonl":
              await put("milestones", {
                id: l.id,
                workspace_id: ws,
                name: l.name,
                description: l.description,
                target_date: l.target_date,
                version: l.version,
                ...authored(l),
              });
              break;
            case "issues.jsonl": {
              const id = String(l.id);
              const labels = l.labels as string[];
              await put("issues", {
                id,
                workspace_id: ws,
                space_id: l.space_id,
                number: l.number,
                identifier: l.identifier,
                title: l.title,
                description: l.description,
                status: l.status,
                priority: l.priority,
                labels: JSON.stringify(labels),
                assignee_id: who(l.assignee_id),
                estimate: l.estimate,
                due_date: l.due_date,
                parent_id: ref("issues", id, "parent_id", l.parent_id),
                cycle_id: l.cycle_id,
                milestone_id: l.milestone_id,
                completed_at: l.completed_at,
                open_blockers: l.open_blockers,
                version: l.version,
                claim_id: null,
                claim_expires_at: null,
                fencing_token: l.fencing_token,
                substance_by: who(l.substance_by),
                ...authored(l),
              });
              seen.issues.add(id);
              subjects.set(id, { identifier: String(l.identifier), title: String(l.title) });
              for (const label of new Set(labels))
                await put("issue_labels", { issue_id: id, workspace_id: ws, label });
              await index("issue", id, String(l.title), `${l.identifier}\n${l.description}`, l.updated_at);
              break;
            }
            case "edges.jsonl":
              if (l.type === "dependency") {
                await put("dependencies", {
                  id: l.id,
                  workspace_id: ws,
                  kind: l.kind,
                  from_issue_id: l.from_issue_id,
                  to_issue_id: l.to_issue_id,
                  note: l.note,
                  version: l.version,
                  ...authored(l),
                });
              } else if (l.type === "issue_link") {
                await put("issue_links", {
                  workspace_id: ws,
                  object_type: l.object_type,
                  object_id: l.object_id,
                  issue_id: l.issue_id,
                  created_at: l.created_at,
                });
              } else {
                await put("milestone_dependencies", {
                  id: l.id,
                  workspace_id: ws,
                  from_milestone_id: l.from_milestone_id,
                  to_milestone_id: l.to_milestone_id,
                  created_by: who(l.created_by),
                  created_via: l.created_via,
                  created_at: l.created_at,
                });
              }
              break;
            case "decisions.jsonl": {
              const id = String(l.id);
              await put("decisions", {
                id,
                workspace_id: ws,
                title: l.title,
                status: l.status,
                context: l.context,
                decision: l.decision,
                consequences: l.consequences,
                supersedes_id: ref("decisions", id, "supersedes_id", l.supersedes_id),
                version: l.version,
                ...authored(l),
              });
              seen.decisions.add(id);
              subjects.set(id, { identifier: null, title: String(l.title) });
              await index(
                "decision",
                id,
                String(l.title),
                [l.context, l.decision, l.consequences].join("\n\n"),
                l.updated_at,
              );
              break;
            }
            case "folders.jsonl": {
              const id = String(l.id);
              await put("folders", {
                id,
                workspace_id: ws,
                parent_id: ref("folders", id, "parent_id", l.parent_id),
                name: l.name,
                version: l.version,
                created_by: who(l.created_by),
                created_at: l.created_at,
                updated_at: l.updated_at,
              });
              seen.folders.add(id);
              break;
            }
            case "notes.jsonl": {
              const id = String(l.id);
              await put("notes", {
                id,
                workspace_id: ws,
                folder_id: l.folder_id,
                title: l.title,
                body: l.body,
                version: l.version,
                ...authored(l),
              });
              subjects.set(id, { identifier: null, title: String(l.title) });
              await index("note", id, String(l.title), String(l.body), l.updated_at);
              break;
            }
            case "comments.jsonl": {
              const id = String(l.id);
              await put("comments", {
                id,
                workspace_id: ws,
                subject_type: l.subject_type,
                subject_id: l.subject_id,
                parent_id: ref("comments", id, "parent_id", l.parent_id),
                body: l.body,
                version: l.version,
                deleted_at: l.deleted_at,
                deleted_by: who(l.deleted_by),
                deleted_via: l.deleted_via,
                ...authored(l),
              });
              seen.comments.add(id);
              for (const r of l.revisions as Line[]) {
                await put("comment_revisions", {
                  id: r.id,
                  comment_id: id,
                  version: r.version,
                  body: r.body,
                  written_by: who(r.written_by),
                  written_via: r.written_via,
                  written_at: r.written_at,
                  replaced_at: r.replaced_at,
                });
              }
              const subject = subjects.get(String(l.subject_id));
              if (!l.deleted_at && subject) {
                const title = `Comment on ${subject.identifier ? `${subject.identifier}: ` : ""}${subject.title}`;
                await index("comment", id, title, String(l.body), l.updated_at);
              }
              break;
            }
            case "activity.jsonl":
              await put("activity", {
                id: l.id,
                workspace_id: ws,
                subject_type: l.subject_type,
                subject_id: l.subject_id,
                action: l.action,
                changes: whoInText(JSON.stringify(l.changes)),
                actor_id: who(l.actor_id),
                actor_via: l.actor_via,
                created_at: l.created_at,
              });
              break;
            case "cycle_history.jsonl":
              await put("cycle_events", {
                id: l.id,
                cycle_id: l.cycle_id,
                issue_id: l.issue_id,
                in_scope: l.in_scope,
                completed: l.completed,
                estimate: l.estimate,
                created_at: l.created_at,
              });
              break;
            case "files.jsonl":
              await put("files", {
                id: l.id,
                workspace_id: ws,
                name: l.name,
                content_type: l.content_type,
                size: l.size,
                sha256: l.sha256,
                storage_key: `files/${ws}/${l.id}`,
                created_by: who(l.created_by),
                created_via: l.created_via,
                created_at: l.created_at,
              });
              await index("file", String(l.id), String(l.name), nameWords(String(l.name)), l.created_at);
              break;
          }
        }
        // the parts a later part refers to are written before it is read
        await flushAll();
        if (sha.digest("hex") !== manifest.parts[partIndex]!.sha256)
          throw bad(`${part} changed while it was restored`);
      }
      await flushAll();
      for (const l of later) {
        const exists = await t.selectFrom(l.table).select("id").where("id", "=", l.value).executeTakeFirst();
        if (!exists) throw bad(`${l.table} ${l.id} refers to ${l.value}, which is not in the archive`);
        await t
          .updateTable(l.table)
          .set({ [l.column]: l.value })
          .where("id", "=", l.id)
          .execute();
      }
      onProgress({ phase: "restoring", part: "done", done: total, total });
    });
  } catch (error) {
    for (const key of writtenKeys) await store.delete(key).catch(() => {});
    if (error instanceof DocketError) throw error;
    if (isUniqueViolation(error)) {
      throw conflict(
        "This archive's objects already exist on this server (in another workspace, or the archive holds one twice): restore it on another server, or after the workspace it came from is deleted.",
      );
    }
    if (isReferenceViolation(error)) {
      throw bad("a row refers to an object that is not in the archive");
    }
    throw error;
  }
  // the workspace's spaces are the archive's now
  await identityChanged(ctx.core);
  return {
    manifest,
    counts,
    files: manifest.files,
    people: { matched: checked.people.length - missing.length, added, placeholders, missing },
  };
}

function isReferenceViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "23503" || /FOREIGN KEY constraint failed/i.test(String(e?.message ?? ""));
}
