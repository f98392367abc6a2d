import { type Kysely, sql, type Transaction } from "kysely";
import { insertRows } from "../../db/insert.ts";
import type { Database, ImportsTable, IssueStatus, IssuesTable } from "../../db/schema.ts";
import { invalid } from "../../errors.ts";
import { newId } from "../../secrets.ts";
import { CLOSED_STATUSES, PRIORITIES } from "../common.ts";
import type { Ctx } from "../context.ts";
import { lockCycles } from "../cycles.ts";
import { emitEvent } from "../events.ts";
import { LABEL_PALETTE, labelKey, MAX_LABELS } from "../labels.ts";
import {
  commentHash,
  fitIssue,
  footerOf,
  issueHash,
  MAX_LISTED_MAPPINGS,
  newPlan,
  type Plan,
  personKey,
  planIssue,
} from "./plan.ts";
import type { ImportIssue, ReadItem, SourcePerson } from "./rows.ts";

/**
 * The two passes of an import over its file. `checkFile` reads every row and writes nothing but the job's
 * report (the dry run ends there); `writeFile` reads the file again and writes it in batches of
 * `BATCH` issues, each batch in one transaction together with the source keys of what it wrote and the
 * job's progress. A batch is whole or absent, so a killed run leaves no half-written row, and a re-run
 * finds the keys of the batches done and passes over them.
 */

export const BATCH = 500;
/** Rows a SQL statement inserts at most (the parameters stay under both databases' limits). */
const CHUNK = 200;

type Db = Kysely<Database> | Transaction<Database>;
type Job = ImportsTable & { space_prefix?: string | null };

export interface ImportCounts {
  rows: number;
  issues: { created: number; updated: number; unchanged: number; skipped: number };
  comments: { created: number; updated: number; unchanged: number };
  people: { matched: number; placeholders: number };
  labels: { created: number };
  milestones: { created: number };
  cycles: { created: number };
  dependencies: { created: number; unchanged: number };
  parents: { set: number; cleared: number };
}

export interface ImportMapping {
  statuses: { source: string; status: string; issues: number }[];
  priorities: { source: string; priority: string; issues: number }[];
  labels: { name: string; issues: number; exists: boolean }[];
  milestones: { name: string; issues: number; exists: boolean }[];
  cycles: { name: string; issues: number; exists: boolean; skipped: string | null }[];
  people: {
    source_id: string;
    name: string;
    email: string | null;
    issues: number;
    comments: number;
    member: { id: string; name: string } | null;
  }[];
  people_count: number;
  edges: { parents: number; blocks: number; related: number; duplicates: number };
}

const emptyCounts = (): ImportCounts => ({
  rows: 0,
  issues: { created: 0, updated: 0, unchanged: 0, skipped: 0 },
  comments: { created: 0, updated: 0, unchanged: 0 },
  people: { matched: 0, placeholders: 0 },
  labels: { created: 0 },
  milestones: { created: 0 },
  cycles: { created: 0 },
  dependencies: { created: 0, unchanged: 0 },
  parents: { set: 0, cleared: 0 },
});

function* chunks<T>(list: readonly T[], size: number): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

async function insertChunked<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: Parameters<typeof insertRows<T>>[2],
): Promise<void> {
  for (const part of chunks(rows, CHUNK)) await insertRows(db as Kysely<Database>, table, part);
}

/** The source keys of `ids` (of one object type), by source id. */
async function keysOf(
  db: Db,
  ctx: Ctx,
  source: string,
  objectType: string,
  ids: readonly string[],
): Promise<Map<string, { object_id: string; content_hash: string }>> {
  const out = new Map<string, { object_id: string; content_hash: string }>();
  for (const part of chunks([...new Set(ids)], 500)) {
    const rows = await db
      .selectFrom("import_keys")
      .select(["source_id", "object_id", "content_hash"])
      .where("workspace_id", "=", ctx.workspaceId)
      .where("source", "=", source)
      .where("object_type", "=", objectType)
      .where("source_id", "in", part)
      .execute();
    for (const r of rows) out.set(r.source_id, r);
  }
  return out;
}

/** One fitted issue with the hashes of what the source holds for it. */
interface Read {
  issue: ImportIssue;
  row: number;
  hash: string;
  commentHashes: string[];
}

/** The file's issues, fitted; problems go to `onProblem` (the first pass) or nowhere (the second). */
async function* issuesOf(
  items: AsyncIterable<ReadItem>,
  source: string,
  now: string,
  onProblem?: Plan["problems"],
  onSkipped?: () => void,
): AsyncGenerator<Read> {
  const seen = new Set<string>();
  const seenComments = new Set<string>();
  for await (const item of items) {
    if ("problem" in item) {
      onProblem?.add(item.problem);
      if (item.problem.skipped) onSkipped?.();
      continue;
    }
    const { issue, row } = item;
    if (seen.has(issue.sourceId)) {
      onProblem?.add({
        row,
        sourceId: issue.sourceId,
        message: `Issue ${issue.sourceId} appears twice in the file; the second is skipped.`,
        skipped: true,
      });
      onSkipped?.();
      continue;
    }
    seen.add(issue.sourceId);
    issue.comments = issue.comments.filter((c) => {
      if (seenComments.has(c.sourceId)) return false;
      seenComments.add(c.sourceId);
      return true;
    });
    // hashed as read, so a re-run of the same file hashes the same whatever the fitting adds
    const hash = issueHash(issue);
    const commentHashes = issue.comments.map(commentHash);
    fitIssue(issue, source, now, (message) =>
      onProblem?.add({
        row,
        sourceId: issue.sourceId,
        message: `Issue ${issue.sourceId}: ${message}.`,
        skipped: false,
      }),
    );
    yield { issue, row, hash, commentHashes };
  }
}

async function setJob(db: Db, id: string, set: Partial<ImportsTable>, now: string): Promise<void> {
  await db
    .updateTable("imports")
    .set({ ...set, heartbeat_at: now, updated_at: now })
    .where("id", "=", id)
    .execute();
}

// ---------------------------------------------------------------------------------------------------
// The first pass: check and map

/** Members of the workspace by email (lower case). */
async function membersByEmail(
  ctx: Ctx,
  emails: readonly string[],
): Promise<Map<string, { id: string; name: string }>> {
  const out = new Map<string, { id: string; name: string }>();
  for (const part of chunks([...new Set(emails.map((e) => e.toLowerCase()))], 500)) {
    const rows = await ctx.core.db
      .selectFrom("people as p")
      .innerJoin("memberships as m", "m.person_id", "p.id")
      .select(["p.id", "p.name", "p.email"])
      .where("m.workspace_id", "=", ctx.workspaceId)
      .where("p.email", "in", part)
      .execute();
    for (const r of rows) out.set(r.email.toLowerCase(), { id: r.id, name: r.name });
  }
  return out;
}

/**
 * Reads the whole file once, writing nothing but the job's report: every row checked, the mapping and
 * the counts worked out (what would be created, updated and left unchanged). A dry run ends here. A file
 * that cannot be trusted (not the documented shape, a broken quote, more labels than a workspace may
 * have) is refused here, before anything is written.
 */
export async function checkFile(
  ctx: Ctx,
  job: Job,
  read: () => Promise<AsyncIterable<ReadItem>>,
): Promise<Plan> {
  const db = ctx.core.db;
  const now = ctx.core.clock.now().toISOString();
  const plan = newPlan();
  const counts = emptyCounts();
  let batch: Read[] = [];
  const tally = async () => {
    const issueKeys = await keysOf(
      db,
      ctx,
      job.source,
      "issue",
      batch.map((b) => b.issue.sourceId),
    );
    const commentIds = batch.flatMap((b) => b.issue.comments.map((c) => c.sourceId));
    const commentKeys = await keysOf(db, ctx, job.source, "comment", commentIds);
    for (const b of batch) {
      const key = issueKeys.get(b.issue.sourceId);
      if (!key) counts.issues.created += 1;
      else if (key.content_hash !== b.hash) counts.issues.updated += 1;
      else counts.issues.unchanged += 1;
      b.issue.comments.forEach((c, i) => {
        const ck = commentKeys.get(c.sourceId);
        if (!ck) counts.comments.created += 1;
        else if (ck.content_hash !== b.commentHashes[i]) counts.comments.updated += 1;
        else counts.comments.unchanged += 1;
      });
    }
    batch = [];
    await setJob(db, job.id, { processed: plan.rows }, ctx.core.clock.now().toISOString());
  };
  for await (const r of issuesOf(await read(), job.source, now, plan.problems, () => {
    counts.issues.skipped += 1;
  })) {
    plan.rows += 1;
    planIssue(plan, r.issue);
    batch.push({ ...r, issue: { ...r.issue, description: "" } });
    if (batch.length >= BATCH) await tally();
  }
  await tally();
  counts.rows = plan.rows;

  // references to issues neither in the file nor imported before
  const named = new Set<string>();
  for (const [, p] of plan.parents) if (!plan.sourceIds.has(p)) named.add(p);
  for (const [b, x] of plan.blocks) for (const s of [b, x]) if (!plan.sourceIds.has(s)) named.add(s);
  for (const [, r] of plan.related) if (!plan.sourceIds.has(r)) named.add(r);
  const before = await keysOf(db, ctx, job.source, "issue", [...named]);
  const known = (s: string) => plan.sourceIds.has(s) || before.has(s);
  for (const [child, parent] of plan.parents)
    if (!known(parent))
      plan.problems.add({
        row: null,
        sourceId: child,
        message: `Issue ${child}: its parent ${parent} is not in the file; it is imported without one.`,
        skipped: false,
      });
  for (const [blocker, blocked] of plan.blocks)
    if (!known(blocker) || !known(blocked))
      plan.problems.add({
        row: null,
        sourceId: blocked,
        message: `Issue ${blocked}: ${known(blocker) ? `the issue it blocks, ${blocked},` : `its blocker ${blocker}`} is not in the file; that edge is left out.`,
        skipped: false,
      });
  for (const [a, b, kind] of plan.related)
    if (!known(b))
      plan.problems.add({
        row: null,
        sourceId: a,
        message: `Issue ${a}: ${kind === "duplicate" ? "the issue it duplicates" : "a related issue"}, ${b}, is not in the file; that link is left out.`,
        skipped: false,
      });

  // labels: a workspace has at most MAX_LABELS
  const labelKeys = [...plan.labels.keys()];
  const existingLabels = new Set<string>();
  for (const part of chunks(labelKeys, 500)) {
    for (const r of await db
      .selectFrom("labels")
      .select("name_key")
      .where("workspace_id", "=", ctx.workspaceId)
      .where("name_key", "in", part)
      .execute())
      existingLabels.add(r.name_key);
  }
  const labelCount = await db
    .selectFrom("labels")
    .select(sql<number>`count(*)`.as("n"))
    .where("workspace_id", "=", ctx.workspaceId)
    .executeTakeFirst();
  const newLabels = labelKeys.filter((k) => !existingLabels.has(k)).length;
  if (Number(labelCount?.n ?? 0) + newLabels > MAX_LABELS)
    throw invalid(
      `The file has ${newLabels} labels this workspace does not have; with its ${Number(labelCount?.n ?? 0)} labels that passes the ${MAX_LABELS} a workspace may have. Merge or delete labels (here or in the file) and import again.`,
    );
  counts.labels.created = newLabels;

  // people: members by email, else placeholders (made once per source person)
  const people = [...plan.people.values()];
  const members = await membersByEmail(
    ctx,
    people.flatMap((p) => (p.person.email ? [p.person.email] : [])),
  );
  const personKeys = await keysOf(
    db,
    ctx,
    job.source,
    "person",
    people.map((p) => personKey(p.person)),
  );
  const mappedTo = await namesOf(
    db,
    [...personKeys.values()].map((k) => k.object_id),
  );
  const peopleView: ImportMapping["people"] = [];
  for (const p of people) {
    const email = p.person.email?.toLowerCase();
    const member = (email && members.get(email)) || undefined;
    const key = personKeys.get(personKey(p.person));
    const earlier = key ? mappedTo.get(key.object_id) : undefined;
    if (member) counts.people.matched += 1;
    else if (!key) counts.people.placeholders += 1;
    if (peopleView.length < MAX_LISTED_MAPPINGS)
      peopleView.push({
        source_id: p.person.sourceId,
        name: p.person.name,
        email: p.person.email,
        issues: p.issues,
        comments: p.comments,
        member:
          member ?? (earlier && !earlier.placeholder ? { id: key!.object_id, name: earlier.name } : null),
      });
  }

  const milestoneNames = [...plan.milestones.keys()];
  const existingMilestones = new Set(
    milestoneNames.length
      ? (
          await db
            .selectFrom("milestones")
            .select("name")
            .where("workspace_id", "=", ctx.workspaceId)
            .where("name", "in", milestoneNames.slice(0, 1000))
            .execute()
        ).map((r) => r.name)
      : [],
  );
  counts.milestones.created = milestoneNames.filter((n) => !existingMilestones.has(n)).length;
  const cycleNames = [...plan.cycles.keys()];
  const cycleFit = fitCycles(
    job.space_id && cycleNames.length ? await spaceCycles(db, job.space_id) : [],
    plan,
  );
  counts.cycles.created = cycleFit.create.length;
  for (const [name, reason] of cycleFit.skipped)
    plan.problems.add({
      row: null,
      sourceId: null,
      message: `Cycle "${name}": ${reason}; its ${plan.cycles.get(name)!.issues} issues are imported without a cycle.`,
      skipped: false,
    });

  const mapping: ImportMapping = {
    statuses: [...plan.statuses].map(([source, v]) => ({ source, status: v.status, issues: v.issues })),
    priorities: [...plan.priorities].map(([source, issues]) => ({ source, priority: source, issues })),
    labels: [...plan.labels.entries()]
      .slice(0, MAX_LISTED_MAPPINGS)
      .map(([key, v]) => ({ name: v.name, issues: v.issues, exists: existingLabels.has(key) })),
    milestones: milestoneNames
      .slice(0, MAX_LISTED_MAPPINGS)
      .map((name) => ({ name, issues: plan.milestones.get(name)!, exists: existingMilestones.has(name) })),
    cycles: cycleNames.slice(0, MAX_LISTED_MAPPINGS).map((name) => ({
      name,
      issues: plan.cycles.get(name)!.issues,
      exists: cycleFit.existing.has(name),
      skipped: cycleFit.skipped.get(name) ?? null,
    })),
    people: peopleView,
    people_count: people.length,
    edges: {
      parents: plan.parents.length,
      blocks: plan.blocks.length,
      related: plan.related.filter((r) => r[2] === "related").length,
      duplicates: plan.related.filter((r) => r[2] === "duplicate").length,
    },
  };
  const at = ctx.core.clock.now().toISOString();
  const report = {
    total: plan.rows,
    processed: plan.rows,
    counts: JSON.stringify(counts),
    mapping: JSON.stringify(mapping),
    problems: JSON.stringify(plan.problems.list),
    problem_count: plan.problems.count,
  };
  if (job.dry_run === 1) {
    await finish(ctx, job, report, counts, at);
  } else {
    await setJob(db, job.id, { ...report, phase: "people", processed: 0 }, at);
  }
  return plan;
}

async function namesOf(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { name: string; placeholder: boolean }>> {
  const out = new Map<string, { name: string; placeholder: boolean }>();
  for (const part of chunks([...new Set(ids)], 500)) {
    for (const r of await db
      .selectFrom("people")
      .select(["id", "name", "placeholder_workspace_id"])
      .where("id", "in", part)
      .execute())
      out.set(r.id, { name: r.name, placeholder: r.placeholder_workspace_id !== null });
  }
  return out;
}

/** Marks the job completed with its report and publishes `import.completed`, in one transaction. */
async function finish(
  ctx: Ctx,
  job: Job,
  report: Partial<ImportsTable>,
  counts: ImportCounts,
  at: string,
): Promise<void> {
  await ctx.core.db.transaction().execute(async (trx) => {
    await setJob(trx, job.id, { ...report, status: "completed", phase: "done", finished_at: at }, at);
    await emitEvent(trx, ctx, {
      type: "import.completed",
      object: { type: "import", id: job.id },
      data: { source: job.source, space: job.space_prefix ?? null, dry_run: job.dry_run === 1, counts },
      at,
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The second pass: write

/** The placeholder email: in the reserved `.invalid` domain, so no mail reaches anyone. */
export const placeholderEmail = (id: string) => `${id.toLowerCase()}@placeholder.invalid`;
export const PLACEHOLDER_SUFFIX = " (imported)";

/**
 * Everyone the file names as a person id: a member matched by email, a person an earlier import of
 * this source made or mapped, or a new placeholder person (who cannot sign in).
 */
async function resolvePeople(
  ctx: Ctx,
  job: Job,
  plan: Plan,
  counts: ImportCounts,
): Promise<Map<string, string>> {
  const people = [...plan.people.values()].map((p) => p.person);
  const members = await membersByEmail(
    ctx,
    people.flatMap((p) => (p.email ? [p.email] : [])),
  );
  const out = new Map<string, string>();
  const at = ctx.core.clock.now().toISOString();
  for (const part of chunks(people, BATCH)) {
    await ctx.core.db.transaction().execute(async (trx) => {
      const keys = await keysOf(trx, ctx, job.source, "person", part.map(personKey));
      const made: Record<string, unknown>[] = [];
      const keyRows: Database["import_keys"][] = [];
      for (const p of part) {
        const member = p.email ? members.get(p.email.toLowerCase()) : undefined;
        const key = keys.get(personKey(p));
        if (member) {
          counts.people.matched += 1;
          out.set(personKey(p), member.id);
          continue;
        }
        if (key) {
          out.set(personKey(p), key.object_id);
          continue;
        }
        const id = newId("usr", new Date(at));
        made.push(placeholderRow(ctx, id, p, at));
        keyRows.push(keyRow(ctx, job, "person", personKey(p), id, "", at));
        out.set(personKey(p), id);
      }
      counts.people.placeholders += made.length;
      await insertChunked(trx, "people", made as never);
      await insertChunked(trx, "import_keys", keyRows);
    });
  }
  return out;
}

function placeholderRow(ctx: Ctx, id: string, p: SourcePerson, at: string) {
  return {
    id,
    email: placeholderEmail(id),
    name: `${p.name.trim().slice(0, 100) || p.sourceId}${PLACEHOLDER_SUFFIX}`,
    email_verified_at: null,
    // suspended as well: every way in (codes, providers, tokens, connections) already refuses that
    suspended_at: at,
    terms_version: null,
    terms_accepted_at: null,
    inbox_email: "off" as const,
    digest_sent_at: null,
    placeholder_workspace_id: ctx.workspaceId,
    created_at: at,
    updated_at: at,
  };
}

const keyRow = (
  ctx: Ctx,
  job: Job,
  objectType: string,
  sourceId: string,
  objectId: string,
  hash: string,
  at: string,
): Database["import_keys"] => ({
  workspace_id: ctx.workspaceId,
  source: job.source,
  object_type: objectType,
  source_id: sourceId,
  object_id: objectId,
  content_hash: hash,
  import_id: job.id,
  created_at: at,
  updated_at: at,
});

type SpaceCycle = { id: string; name: string; starts_on: string; ends_on: string };

async function spaceCycles(
  db: Kysely<Database> | Transaction<Database>,
  spaceId: string,
): Promise<SpaceCycle[]> {
  return db
    .selectFrom("cycles")
    .select(["id", "name", "starts_on", "ends_on"])
    .where("space_id", "=", spaceId)
    .execute();
}

/**
 * Which of the file's cycles (sprints) are there already (by name), which are made, and which are left out
 * and why: a cycle of a space must not overlap another (the rule cycles.ts keeps), so one whose dates
 * overlap a cycle of the space, or one made before it in the file, is left out, and so is one the file
 * gives no dates for (Jira's CSV names sprints only): made-up dates would be a lie and would overlap.
 */
export function fitCycles(
  existing: readonly SpaceCycle[],
  plan: Pick<Plan, "cycles">,
): {
  existing: Map<string, string>;
  create: { key: string; name: string; starts_on: string; ends_on: string }[];
  skipped: Map<string, string>;
} {
  const byName = new Map(existing.map((c) => [c.name, c]));
  const taken = existing.map((c) => ({ name: c.name, starts_on: c.starts_on, ends_on: c.ends_on }));
  const out = {
    existing: new Map<string, string>(),
    create: [] as { key: string; name: string; starts_on: string; ends_on: string }[],
    skipped: new Map<string, string>(),
  };
  for (const [fullName, c] of plan.cycles) {
    const name = fullName.slice(0, 120);
    const had = byName.get(name);
    if (had) {
      out.existing.set(fullName, had.id);
      continue;
    }
    if (!c.startsAt && !c.endsAt) {
      out.skipped.set(fullName, "the file gives no dates for it");
      continue;
    }
    const a = (c.startsAt ?? c.endsAt)!.slice(0, 10);
    const b = (c.endsAt ?? c.startsAt)!.slice(0, 10);
    // a cycle ends on or after its start
    const [starts_on, ends_on] = [a, b].sort() as [string, string];
    const clash = taken.find((t) => t.starts_on <= ends_on && t.ends_on >= starts_on);
    if (clash) {
      out.skipped.set(
        fullName,
        `${starts_on} to ${ends_on} overlaps "${clash.name}" (${clash.starts_on} to ${clash.ends_on}), and cycles of a space must not overlap`,
      );
      continue;
    }
    taken.push({ name, starts_on, ends_on });
    out.create.push({ key: fullName, name, starts_on, ends_on });
  }
  return out;
}

/** Labels, milestones and cycles the file names: found by name, else made (without events). */
async function ensureNamed(
  ctx: Ctx,
  job: Job,
  plan: Plan,
  counts: ImportCounts,
): Promise<{ labels: Map<string, string>; milestones: Map<string, string>; cycles: Map<string, string> }> {
  const at = ctx.core.clock.now().toISOString();
  const by = {
    created_by: ctx.actor.personId,
    created_via: job.id,
    created_at: at,
    updated_by: ctx.actor.personId,
    updated_via: job.id,
    updated_at: at,
  };
  return ctx.core.db.transaction().execute(async (trx) => {
    if (ctx.core.store.kind === "postgres")
      await sql`select id from workspaces where id = ${ctx.workspaceId} for no key update`.execute(trx);
    const labels = new Map<string, string>();
    const existing = await trx
      .selectFrom("labels")
      .select(["name", "name_key"])
      .where("workspace_id", "=", ctx.workspaceId)
      .execute();
    for (const r of existing) labels.set(r.name_key, r.name);
    const fresh = [...plan.labels.entries()].filter(([k]) => !labels.has(k));
    if (existing.length + fresh.length > MAX_LABELS)
      throw invalid(
        `The file's labels would pass the ${MAX_LABELS} a workspace may have; nothing was written.`,
      );
    await insertChunked(
      trx,
      "labels",
      fresh.map(([key, v], i) => ({
        id: newId("lab", new Date(at)),
        workspace_id: ctx.workspaceId,
        name: v.name,
        name_key: labelKey(v.name) === key ? key : labelKey(v.name),
        color: LABEL_PALETTE[(existing.length + i) % LABEL_PALETTE.length]!,
        description: "",
        version: 1,
        ...by,
      })),
    );
    for (const [key, v] of fresh) labels.set(key, v.name);
    counts.labels.created = fresh.length;

    const milestones = new Map<string, string>();
    const names = [...plan.milestones.keys()];
    for (const part of chunks(names, 500))
      for (const r of await trx
        .selectFrom("milestones")
        .select(["id", "name"])
        .where("workspace_id", "=", ctx.workspaceId)
        .where("name", "in", part)
        .orderBy("created_at")
        .execute())
        if (!milestones.has(r.name)) milestones.set(r.name, r.id);
    const newMilestones = names.filter((n) => !milestones.has(n));
    const msRows = newMilestones.map((name) => ({
      id: newId("ms", new Date(at)),
      workspace_id: ctx.workspaceId,
      name: name.slice(0, 120),
      description: "",
      target_date: null,
      version: 1,
      ...by,
    }));
    await insertChunked(trx, "milestones", msRows);
    for (const [i, n] of newMilestones.entries()) milestones.set(n, msRows[i]!.id);
    counts.milestones.created = newMilestones.length;

    const cycles = new Map<string, string>();
    if (job.space_id && plan.cycles.size) {
      // the same lock cycles.ts takes, so a cycle made meanwhile cannot slip in beside an imported one
      await lockCycles(ctx, trx);
      const fit = fitCycles(await spaceCycles(trx, job.space_id), plan);
      for (const [name, id] of fit.existing) cycles.set(name, id);
      const rows = fit.create.map((c) => ({
        id: newId("cyc", new Date(at)),
        workspace_id: ctx.workspaceId,
        space_id: job.space_id!,
        name: c.name,
        starts_on: c.starts_on,
        ends_on: c.ends_on,
        version: 1,
        ...by,
      }));
      await insertChunked(trx, "cycles", rows);
      for (const [i, c] of fit.create.entries()) cycles.set(c.key, rows[i]!.id);
      counts.cycles.created = rows.length;
    }
    return { labels, milestones, cycles };
  });
}

const priorityRank = (p: ImportIssue["priority"]) => Math.max(0, PRIORITIES.indexOf(p));

/** The columns an imported issue's source decides. */
function sourcedColumns(
  issue: ImportIssue,
  job: Job,
  refs: {
    person: (p: SourcePerson | null) => string | null;
    labels: Map<string, string>;
    milestones: Map<string, string>;
    cycles: Map<string, string>;
  },
) {
  const status: IssueStatus = issue.status;
  const closed = CLOSED_STATUSES.includes(status);
  const labels = [...new Set(issue.labels.map((l) => refs.labels.get(l.toLowerCase()) ?? l))];
  return {
    title: issue.title,
    description: `${issue.description}${footerOf(job.source, issue.sourceUrl)}`,
    status,
    priority: priorityRank(issue.priority),
    labels: JSON.stringify(labels),
    assignee_id: refs.person(issue.assignee),
    estimate: issue.estimate,
    due_date: issue.dueDate,
    cycle_id: issue.cycle ? (refs.cycles.get(issue.cycle.name) ?? null) : null,
    milestone_id: issue.milestone ? (refs.milestones.get(issue.milestone) ?? null) : null,
    completed_at: closed ? (issue.closedAt ?? issue.updatedAt ?? issue.createdAt) : null,
    source: job.source,
    source_url: issue.sourceUrl,
  };
}

const searchBody = (identifier: string, description: string, url: string | null) =>
  `${identifier}\n${description}${url && !description.includes(url) ? `\n${url}` : ""}`;

/**
 * The second pass: people, then labels, milestones and cycles, then the issues and their comments in
 * batches, then parents and edges (which may point further down the file), then the report.
 */
export async function writeFile(
  ctx: Ctx,
  job: Job,
  plan: Plan,
  read: () => Promise<AsyncIterable<ReadItem>>,
): Promise<void> {
  const db = ctx.core.db;
  const counts = emptyCounts();
  counts.rows = plan.rows;
  counts.issues.skipped = plan.problems.skipped;
  const people = await resolvePeople(ctx, job, plan, counts);
  const named = await ensureNamed(ctx, job, plan, counts);
  const person = (p: SourcePerson | null) => (p ? (people.get(personKey(p)) ?? null) : null);
  const refs = { person, ...named };
  const space = await db
    .selectFrom("spaces")
    .select(["id", "prefix"])
    .where("id", "=", job.space_id!)
    .executeTakeFirstOrThrow();
  /** issues whose closed-ness changed: what they block is recounted at the end */
  const reopenedOrClosed: string[] = [];
  let processed = 0;
  let batch: Read[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await writeBatch(ctx, job, space, batch, refs, counts, reopenedOrClosed, plan.unparent);
    processed += batch.length;
    batch = [];
    await setJob(db, job.id, { phase: "issues", processed }, ctx.core.clock.now().toISOString());
  };
  await setJob(db, job.id, { phase: "issues", processed: 0 }, ctx.core.clock.now().toISOString());
  for await (const r of issuesOf(await read(), job.source, ctx.core.clock.now().toISOString())) {
    batch.push(r);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  await writeLinks(ctx, job, plan, counts, reopenedOrClosed);
  const at = ctx.core.clock.now().toISOString();
  await finish(
    ctx,
    job,
    {
      counts: JSON.stringify(counts),
      problems: JSON.stringify(plan.problems.list.slice(0, 1000)),
      problem_count: plan.problems.count,
      processed: plan.rows,
    },
    counts,
    at,
  );
}

/** One batch of issues and their comments, in one transaction with their source keys. */
async function writeBatch(
  ctx: Ctx,
  job: Job,
  space: { id: string; prefix: string },
  batch: Read[],
  refs: Parameters<typeof sourcedColumns>[2],
  counts: ImportCounts,
  reopenedOrClosed: string[],
  unparent: string[],
): Promise<void> {
  const at = ctx.core.clock.now().toISOString();
  const importer = ctx.actor.personId;
  await ctx.core.db.transaction().execute(async (trx) => {
    const keys = await keysOf(
      trx,
      ctx,
      job.source,
      "issue",
      batch.map((b) => b.issue.sourceId),
    );
    const commentKeys = await keysOf(
      trx,
      ctx,
      job.source,
      "comment",
      batch.flatMap((b) => b.issue.comments.map((c) => c.sourceId)),
    );
    const fresh = batch.filter((b) => !keys.has(b.issue.sourceId));
    const changed = batch.filter((b) => {
      const k = keys.get(b.issue.sourceId);
      return k !== undefined && k.content_hash !== b.hash;
    });
    counts.issues.created += fresh.length;
    counts.issues.updated += changed.length;
    counts.issues.unchanged += batch.length - fresh.length - changed.length;

    const issueRows: IssuesTable[] = [];
    const labelRows: Database["issue_labels"][] = [];
    const searchRows: Database["search_documents"][] = [];
    const activityRows: Database["activity"][] = [];
    const cycleRows: Database["cycle_events"][] = [];
    const keyRows: Database["import_keys"][] = [];
    /** the Docket issue of each source id in the batch, with what its comments' search titles need */
    const issueOf = new Map<string, { id: string; identifier: string; title: string }>();

    if (fresh.length > 0) {
      const counter = await trx
        .updateTable("spaces")
        .set((eb) => ({ next_issue_number: eb("next_issue_number", "+", fresh.length) }))
        .where("id", "=", space.id)
        .returning("next_issue_number")
        .executeTakeFirstOrThrow();
      let number = counter.next_issue_number - fresh.length;
      for (const b of fresh) {
        const { issue } = b;
        const cols = sourcedColumns(issue, job, refs);
        const author = refs.person(issue.author) ?? importer;
        const created = issue.createdAt;
        const updated = [issue.updatedAt, issue.closedAt, created]
          .filter((t): t is string => Boolean(t))
          .sort()
          .at(-1)!;
        const row: IssuesTable = {
          id: newId("iss", new Date(created)),
          workspace_id: ctx.workspaceId,
          space_id: space.id,
          number,
          identifier: `${space.prefix}-${number}`,
          ...cols,
          parent_id: null,
          open_blockers: 0,
          version: 1,
          claim_id: null,
          claim_expires_at: null,
          fencing_token: 0,
          substance_by: author,
          created_by: author,
          created_via: job.id,
          created_at: created,
          updated_by: author,
          updated_via: job.id,
          updated_at: updated,
        };
        number += 1;
        issueRows.push(row);
        for (const l of JSON.parse(cols.labels) as string[])
          labelRows.push({ issue_id: row.id, workspace_id: ctx.workspaceId, label: l });
        searchRows.push({
          object_id: row.id,
          workspace_id: ctx.workspaceId,
          object_type: "issue",
          title: row.title,
          body: searchBody(row.identifier, row.description, row.source_url ?? null),
          updated_at: updated,
        });
        activityRows.push({
          id: newId("act", new Date(created)),
          workspace_id: ctx.workspaceId,
          subject_type: "issue",
          subject_id: row.id,
          action: "created",
          changes: JSON.stringify({ source: { from: null, to: job.source } }),
          actor_id: author,
          actor_via: job.id,
          created_at: created,
        });
        if (row.cycle_id)
          cycleRows.push({
            id: newId("cev", new Date(created)),
            cycle_id: row.cycle_id,
            issue_id: row.id,
            in_scope: 1,
            completed: row.completed_at ? 1 : 0,
            estimate: row.estimate,
            created_at: created,
          });
        keyRows.push(keyRow(ctx, job, "issue", issue.sourceId, row.id, b.hash, at));
        issueOf.set(issue.sourceId, { id: row.id, identifier: row.identifier, title: row.title });
      }
      await insertChunked(trx, "issues", issueRows);
      await insertChunked(trx, "issue_labels", labelRows);
      await insertChunked(trx, "search_documents", searchRows);
      await insertChunked(trx, "cycle_events", cycleRows);
    }

    // changed rows: the source's fields replace the issue's, one new version each
    const changedIds = changed.map((b) => keys.get(b.issue.sourceId)!.object_id);
    const current = new Map<string, IssuesTable>();
    for (const part of chunks(changedIds, 500))
      for (const r of await trx.selectFrom("issues").selectAll().where("id", "in", part).execute())
        current.set(r.id, r as IssuesTable);
    for (const b of changed) {
      const key = keys.get(b.issue.sourceId)!;
      // the source took its parent away: cleared with the other links, once every issue is in
      if (b.issue.parentKnown && !b.issue.parentSourceId) unparent.push(key.object_id);
      const before = current.get(key.object_id);
      if (!before) {
        // the issue was deleted here since: the source key is all that is left, so it is made again
        await trx
          .deleteFrom("import_keys")
          .where("workspace_id", "=", ctx.workspaceId)
          .where("source", "=", job.source)
          .where("object_type", "=", "issue")
          .where("source_id", "=", b.issue.sourceId)
          .execute();
        continue;
      }
      const cols = sourcedColumns(b.issue, job, refs);
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const [k, v] of Object.entries(cols)) {
        const was = (before as unknown as Record<string, unknown>)[k];
        if (was !== v) changes[k] = { from: was ?? null, to: v };
      }
      if (CLOSED_STATUSES.includes(before.status) !== CLOSED_STATUSES.includes(cols.status))
        reopenedOrClosed.push(before.id);
      await trx
        .updateTable("issues")
        .set({
          ...cols,
          version: before.version + 1,
          updated_by: importer,
          updated_via: job.id,
          updated_at: at,
        })
        .where("id", "=", before.id)
        .execute();
      if (before.labels !== cols.labels) {
        await trx.deleteFrom("issue_labels").where("issue_id", "=", before.id).execute();
        await insertChunked(
          trx,
          "issue_labels",
          (JSON.parse(cols.labels) as string[]).map((l) => ({
            issue_id: before.id,
            workspace_id: ctx.workspaceId,
            label: l,
          })),
        );
      }
      await trx
        .updateTable("search_documents")
        .set({
          title: cols.title,
          body: searchBody(before.identifier, cols.description, cols.source_url),
          updated_at: at,
        })
        .where("object_id", "=", before.id)
        .execute();
      if (
        cols.cycle_id &&
        (cols.cycle_id !== before.cycle_id || (cols.completed_at !== null) !== (before.completed_at !== null))
      )
        cycleRows.push({
          id: newId("cev", new Date(at)),
          cycle_id: cols.cycle_id,
          issue_id: before.id,
          in_scope: 1,
          completed: cols.completed_at ? 1 : 0,
          estimate: cols.estimate,
          created_at: at,
        });
      activityRows.push({
        id: newId("act", new Date(at)),
        workspace_id: ctx.workspaceId,
        subject_type: "issue",
        subject_id: before.id,
        action: "updated",
        changes: JSON.stringify(changes),
        actor_id: importer,
        actor_via: job.id,
        created_at: at,
      });
      await trx
        .updateTable("import_keys")
        .set({ content_hash: b.hash, import_id: job.id, updated_at: at })
        .where("workspace_id", "=", ctx.workspaceId)
        .where("source", "=", job.source)
        .where("object_type", "=", "issue")
        .where("source_id", "=", b.issue.sourceId)
        .execute();
    }
    if (changed.length > 0)
      await insertChunked(
        trx,
        "cycle_events",
        cycleRows.filter((r) => changedIds.includes(r.issue_id)),
      );

    // comments: new ones added, changed ones rewritten, each under its original author and time
    // an unchanged issue is read only when one of its comments is new or changed
    const unchangedIds = batch
      .filter(
        (b) =>
          keys.get(b.issue.sourceId)?.content_hash === b.hash &&
          b.issue.comments.some((c, i) => commentKeys.get(c.sourceId)?.content_hash !== b.commentHashes[i]),
      )
      .map((b) => [b.issue.sourceId, keys.get(b.issue.sourceId)!.object_id] as const);
    const sourceOf = new Map(
      [...changed.map((b) => b.issue.sourceId), ...unchangedIds.map(([sid]) => sid)].map((sid) => [
        keys.get(sid)!.object_id,
        sid,
      ]),
    );
    for (const part of chunks([...sourceOf.keys()], 500))
      for (const r of await trx
        .selectFrom("issues")
        .select(["id", "identifier", "title"])
        .where("id", "in", part)
        .execute())
        issueOf.set(sourceOf.get(r.id)!, r);
    const subjectById = new Map([...issueOf.values()].map((x) => [x.id, x]));
    const commentRows: Database["comments"][] = [];
    for (const b of batch) {
      const subject = issueOf.get(b.issue.sourceId);
      if (!subject) {
        // an unchanged issue whose comments are all as they were (else it was read above)
        counts.comments.unchanged += b.issue.comments.length;
        continue;
      }
      for (const [i, c] of b.issue.comments.entries()) {
        const hash = b.commentHashes[i]!;
        const key = commentKeys.get(c.sourceId);
        const author = refs.person(c.author) ?? importer;
        if (key && key.content_hash === hash) {
          counts.comments.unchanged += 1;
          continue;
        }
        if (key) {
          const updated = await trx
            .updateTable("comments")
            .set((eb) => ({
              body: c.body,
              version: eb("version", "+", 1),
              updated_by: importer,
              updated_via: job.id,
              updated_at: at,
            }))
            .where("id", "=", key.object_id)
            .where("workspace_id", "=", ctx.workspaceId)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) > 0) {
            counts.comments.updated += 1;
            await trx
              .updateTable("search_documents")
              .set({ body: c.body, updated_at: at })
              .where("object_id", "=", key.object_id)
              .execute();
            await trx
              .updateTable("import_keys")
              .set({ content_hash: hash, import_id: job.id, updated_at: at })
              .where("workspace_id", "=", ctx.workspaceId)
              .where("source", "=", job.source)
              .where("object_type", "=", "comment")
              .where("source_id", "=", c.sourceId)
              .execute();
            continue;
          }
          await trx
            .deleteFrom("import_keys")
            .where("workspace_id", "=", ctx.workspaceId)
            .where("source", "=", job.source)
            .where("object_type", "=", "comment")
            .where("source_id", "=", c.sourceId)
            .execute();
        }
        counts.comments.created += 1;
        const id = newId("cmt", new Date(c.createdAt));
        commentRows.push({
          id,
          workspace_id: ctx.workspaceId,
          subject_type: "issue",
          subject_id: subject.id,
          parent_id: null,
          body: c.body,
          version: 1,
          deleted_at: null,
          deleted_by: null,
          deleted_via: null,
          source: job.source,
          source_url: null,
          created_by: author,
          created_via: job.id,
          created_at: c.createdAt,
          updated_by: author,
          updated_via: job.id,
          updated_at: c.createdAt,
        });
        keyRows.push(keyRow(ctx, job, "comment", c.sourceId, id, hash, at));
        activityRows.push({
          id: newId("act", new Date(c.createdAt)),
          workspace_id: ctx.workspaceId,
          subject_type: "comment",
          subject_id: id,
          action: "created",
          changes: "{}",
          actor_id: author,
          actor_via: job.id,
          created_at: c.createdAt,
        });
      }
    }
    await insertChunked(trx, "comments", commentRows);
    await insertChunked(
      trx,
      "search_documents",
      commentRows.map((c) => {
        const s = subjectById.get(c.subject_id)!;
        return {
          object_id: c.id,
          workspace_id: ctx.workspaceId,
          object_type: "comment" as const,
          title: `Comment on ${s.identifier}: ${s.title}`,
          body: c.body,
          updated_at: c.updated_at,
        };
      }),
    );
    await insertChunked(trx, "activity", activityRows);
    await insertChunked(trx, "import_keys", keyRows);
  });
}

/** Every imported issue of this source, by source id. */
async function importedIssues(ctx: Ctx, source: string): Promise<Map<string, string>> {
  const rows = await ctx.core.db
    .selectFrom("import_keys")
    .select(["source_id", "object_id"])
    .where("workspace_id", "=", ctx.workspaceId)
    .where("source", "=", source)
    .where("object_type", "=", "issue")
    .execute();
  return new Map(rows.map((r) => [r.source_id, r.object_id]));
}

/**
 * Parents, blocking edges and related edges, once every issue is in (an edge may point further down the
 * file). An edge that is there already is left; a blocking edge that would close a cycle, or a parent
 * that would make an issue its own ancestor, is reported and left out. Then what changed is recounted
 * for ready work.
 */
async function writeLinks(
  ctx: Ctx,
  job: Job,
  plan: Plan,
  counts: ImportCounts,
  reopenedOrClosed: string[],
): Promise<void> {
  const db = ctx.core.db;
  const at = ctx.core.clock.now().toISOString();
  await setJob(db, job.id, { phase: "links", processed: 0 }, at);
  const ids = await importedIssues(ctx, job.source);

  // parents: the file's last word per child, without loops
  const parentOf = new Map<string, string>();
  for (const [child, parent] of plan.parents)
    if (ids.has(child) && ids.has(parent)) parentOf.set(child, parent);
  for (const start of [...parentOf.keys()]) {
    const path = new Set<string>([start]);
    let at2 = parentOf.get(start);
    while (at2 !== undefined) {
      if (path.has(at2)) {
        plan.problems.add({
          row: null,
          sourceId: start,
          message: `Issue ${start}: its parent ${parentOf.get(start)} would make it its own ancestor; it is imported without one.`,
          skipped: false,
        });
        parentOf.delete(start);
        break;
      }
      path.add(at2);
      at2 = parentOf.get(at2);
    }
  }
  const pairs = [...parentOf].map(([c, p]) => [ids.get(c)!, ids.get(p)!] as const);
  let done = 0;
  for (const part of chunks(pairs, BATCH)) {
    await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom("issues")
        .select(["id", "parent_id", "version"])
        .where(
          "id",
          "in",
          part.map(([c]) => c),
        )
        .execute();
      const current = new Map(rows.map((r) => [r.id, r]));
      for (const [child, parent] of part) {
        const row = current.get(child);
        if (!row || row.parent_id === parent) continue;
        await trx
          .updateTable("issues")
          .set({ parent_id: parent, version: row.version + 1 })
          .where("id", "=", child)
          .execute();
        counts.parents.set += 1;
      }
      done += part.length;
      await setJob(trx, job.id, { processed: done }, ctx.core.clock.now().toISOString());
    });
  }

  // parents the source removed from changed issues: cleared when the parent is one this source imported
  // (a parent a person set here, to an issue of their own, stays)
  const importedIssueIds = new Set(ids.values());
  for (const part of chunks(plan.unparent, BATCH)) {
    await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom("issues")
        .select(["id", "parent_id", "version"])
        .where("id", "in", part)
        .where("parent_id", "is not", null)
        .execute();
      for (const row of rows) {
        if (!importedIssueIds.has(row.parent_id!)) continue;
        await trx
          .updateTable("issues")
          .set({ parent_id: null, version: row.version + 1 })
          .where("id", "=", row.id)
          .execute();
        counts.parents.cleared += 1;
      }
    });
  }

  // edges: one per pair of issues, as dependencies.ts keeps them
  const existing = await db
    .selectFrom("dependencies")
    .select(["from_issue_id", "to_issue_id", "kind"])
    .where("workspace_id", "=", ctx.workspaceId)
    .execute();
  const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  const linked = new Map<string, { from: string; to: string; kind: string }>();
  const blocks = new Map<string, string[]>();
  const addBlock = (from: string, to: string) => {
    const list = blocks.get(from);
    if (list) list.push(to);
    else blocks.set(from, [to]);
  };
  for (const e of existing) {
    linked.set(pairKey(e.from_issue_id, e.to_issue_id), {
      from: e.from_issue_id,
      to: e.to_issue_id,
      kind: e.kind,
    });
    if (e.kind === "blocks") addBlock(e.from_issue_id, e.to_issue_id);
  }
  /** true when `from` reaches `to` through blocking edges */
  const reaches = (from: string, to: string) => {
    const stack = [from];
    const seen = new Set<string>([from]);
    while (stack.length) {
      const n = stack.pop()!;
      if (n === to) return true;
      for (const m of blocks.get(n) ?? [])
        if (!seen.has(m)) {
          seen.add(m);
          stack.push(m);
        }
    }
    return false;
  };
  const by = {
    created_by: ctx.actor.personId,
    created_via: job.id,
    created_at: at,
    updated_by: ctx.actor.personId,
    updated_via: job.id,
    updated_at: at,
  };
  const rows: Database["dependencies"][] = [];
  const recount = new Set<string>();
  for (const [blockerSid, blockedSid] of plan.blocks) {
    const from = ids.get(blockerSid);
    const to = ids.get(blockedSid);
    if (!from || !to || from === to) continue;
    const had = linked.get(pairKey(from, to));
    if (had) {
      if (had.kind === "blocks" && had.from === from) counts.dependencies.unchanged += 1;
      else
        plan.problems.add({
          row: null,
          sourceId: blockedSid,
          message: `Issue ${blockedSid}: ${blockerSid} blocks it in the file, but the two are already linked otherwise here; that edge is left out.`,
          skipped: false,
        });
      continue;
    }
    if (reaches(to, from)) {
      plan.problems.add({
        row: null,
        sourceId: blockedSid,
        message: `Issue ${blockedSid}: ${blockerSid} blocking it would close a cycle of blocking edges; that edge is left out.`,
        skipped: false,
      });
      continue;
    }
    linked.set(pairKey(from, to), { from, to, kind: "blocks" });
    addBlock(from, to);
    recount.add(to);
    rows.push({
      id: newId("dep", new Date(at)),
      workspace_id: ctx.workspaceId,
      kind: "blocks",
      from_issue_id: from,
      to_issue_id: to,
      note: "",
      version: 1,
      ...by,
    });
  }
  for (const [aSid, bSid, kind] of plan.related) {
    const a = ids.get(aSid);
    const b = ids.get(bSid);
    if (!a || !b || a === b) continue;
    if (linked.has(pairKey(a, b))) {
      counts.dependencies.unchanged += 1;
      continue;
    }
    const [from, to] = a < b ? [a, b] : [b, a];
    linked.set(pairKey(a, b), { from, to, kind: "relates_to" });
    rows.push({
      id: newId("dep", new Date(at)),
      workspace_id: ctx.workspaceId,
      kind: "relates_to",
      from_issue_id: from,
      to_issue_id: to,
      note: kind === "duplicate" ? `${aSid} is a duplicate of ${bSid}` : "",
      version: 1,
      ...by,
    });
  }
  for (const part of chunks(rows, BATCH))
    await db.transaction().execute(async (trx) => {
      await insertChunked(trx, "dependencies", part);
      counts.dependencies.created += part.length;
    });

  // ready work: how many open issues block each issue that gained a blocker or whose blocker closed or reopened
  for (const part of chunks(reopenedOrClosed, 500))
    for (const r of await db
      .selectFrom("dependencies")
      .select("to_issue_id")
      .where("kind", "=", "blocks")
      .where("from_issue_id", "in", part)
      .execute())
      recount.add(r.to_issue_id);
  for (const part of chunks([...recount], 500))
    await db
      .updateTable("issues")
      .set({
        open_blockers: sql<number>`(select count(*) from dependencies d join issues b on b.id = d.from_issue_id
          where d.to_issue_id = issues.id and d.kind = 'blocks' and b.status not in ('done', 'canceled'))`,
      })
      .where("id", "in", part)
      .execute();
}
