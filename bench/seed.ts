/**
 * The benchmark's workspace. `seedFloor` makes the least a request needs (a person, a workspace, a
 * token); `seedWorkspace` builds a realistic one — by default 100,000 issues in 5 spaces, 200,000
 * dependency edges, labels, assignees, cycles, milestones, 10,000 decisions and 10,000 notes linked to
 * issues, a search document and a "created" activity entry for each, and cycle standing events —
 * writing rows directly in multi-row inserts inside one transaction (the secondary indexes made
 * afterwards, in one pass each; on PostgreSQL, as a superuser, without row-by-row foreign-key checks),
 * then ANALYZE (VACUUM ANALYZE on PostgreSQL). A million issues take minutes on either. People, the
 * workspace, its spaces, memberships and tokens are made by the service's own functions; everything
 * else is drawn from a seeded PRNG, so two runs build the same data.
 */
import { sql, type Transaction } from "kysely";
import { createPerson } from "../src/auth/people.ts";
import { mintPat } from "../src/auth/tokens.ts";
import { addMember, createSpace, createWorkspace } from "../src/auth/workspaces.ts";
import type { Core } from "../src/core.ts";
import type { Database, DecisionStatus, IssueStatus } from "../src/db/schema.ts";
import { newId } from "../src/secrets.ts";
import { LABELS, Random, Writer } from "./text.ts";

export interface SeededWorkspace {
  /** A read-write token of the workspace's owner. */
  token: string;
  /** Each space's prefix and how many issues it holds (ENG-1 … ENG-n). */
  spaces: { prefix: string; issues: number }[];
}

/** How much to build; the default is 100,000 issues and the rest in proportion. */
export interface SeedSize {
  issues: number;
  edges: number;
  decisions: number;
  notes: number;
}

export function seedSize(issues: number): SeedSize {
  return { issues, edges: issues * 2, decisions: issues / 10, notes: issues / 10 };
}

const SPACES = [
  { prefix: "ENG", name: "Engineering", share: 0.4 },
  { prefix: "WEB", name: "Web", share: 0.2 },
  { prefix: "OPS", name: "Operations", share: 0.15 },
  { prefix: "DATA", name: "Data", share: 0.15 },
  { prefix: "MOB", name: "Mobile", share: 0.1 },
] as const;

const PEOPLE = [
  ["owner@bench.example", "Olive Owner"],
  ["ada@bench.example", "Ada Byron"],
  ["grace@bench.example", "Grace Brewster"],
  ["linus@bench.example", "Linus Pauling"],
  ["margaret@bench.example", "Margaret Heafield"],
  ["ken@bench.example", "Ken Thompson"],
  ["barbara@bench.example", "Barbara Liskov"],
  ["alan@bench.example", "Alan Kay"],
] as const;

const DAY = 86_400_000;

/** How many labels an issue has, and how likely each priority rank (0 none … 4 urgent) is. */
const LABEL_COUNTS = [
  [0, 25],
  [1, 40],
  [2, 25],
  [3, 10],
] as const;
const PRIORITY_RANKS = [
  [0, 30],
  [1, 25],
  [2, 25],
  [3, 15],
  [4, 5],
] as const;
const DECISION_STATUSES: readonly (readonly [DecisionStatus, number])[] = [
  ["accepted", 65],
  ["proposed", 20],
  ["rejected", 15],
];
/** How many issues a note links to. */
const NOTE_LINKS = [
  [0, 40],
  [1, 35],
  [2, 15],
  [3, 10],
] as const;
const OPEN_STATUSES: readonly (readonly [IssueStatus, number])[] = [
  ["backlog", 36],
  ["todo", 30],
  ["in_progress", 15],
  ["in_review", 8],
  ["iced", 4],
];

/**
 * The workspace an earlier `--seed` run left in the database (`npm run bench -- --reuse`): a new token
 * of its owner's, and each space's issues as seeded (the numbers from 1 up that exist). Refused when
 * the database holds no seeded workspace, or fewer issues than asked for.
 */
export async function reuseWorkspace(core: Core, issues: number): Promise<SeededWorkspace> {
  const ws = await core.db
    .selectFrom("workspaces")
    .select(["id", "created_at"])
    .where("slug", "=", "bench")
    .executeTakeFirst();
  // the seeded issues are dated before the workspace was made; an earlier run's creations after it
  const counts = ws
    ? await core.db
        .selectFrom("issues as i")
        .innerJoin("spaces as s", "s.id", "i.space_id")
        .select(["s.prefix", (eb) => eb.fn.countAll<number | string>().as("n")])
        .where("i.workspace_id", "=", ws.id)
        .where("i.created_at", "<", ws.created_at)
        .groupBy("s.prefix")
        .execute()
    : [];
  const seeded = new Map(counts.map((c) => [c.prefix, Number(c.n)]));
  const total = [...seeded.values()].reduce((a, b) => a + b, 0);
  if (!ws || total !== issues) {
    throw new Error(
      `--reuse: the database holds no workspace seeded with ${issues.toLocaleString("en")} issues (${total.toLocaleString("en")} found); run once without --reuse to seed it`,
    );
  }
  const { token } = await mintPat(core, { workspace: "bench", email: PEOPLE[0][0], name: "bench" });
  return { token, spaces: SPACES.map((s) => ({ prefix: s.prefix, issues: seeded.get(s.prefix) ?? 0 })) };
}

/** The least a request needs: one person owning workspace "bench" (space BEN) and a token. */
export async function seedFloor(core: Core): Promise<SeededWorkspace> {
  await createPerson(core, { email: "bench@example.com", name: "Bench" });
  await createWorkspace(core, {
    name: "Bench",
    slug: "bench",
    owner_email: "bench@example.com",
    space_prefix: "BEN",
  });
  const { token } = await mintPat(core, { workspace: "bench", email: "bench@example.com", name: "bench" });
  return { token, spaces: [{ prefix: "BEN", issues: 0 }] };
}

type Tx = Transaction<Database>;

/** Collects rows of one table and writes them as multi-row inserts, a few hundred rows per statement. */
class Bulk<T extends keyof Database> {
  readonly #trx: Tx;
  readonly #table: T;
  readonly #after: Bulk<keyof Database> | undefined;
  #perStatement = 0;
  #rows: object[] = [];
  count = 0;

  /** `after`: the table whose rows these refer to, written out first. */
  constructor(trx: Tx, table: T, after?: Bulk<keyof Database>) {
    this.#trx = trx;
    this.#table = table;
    this.#after = after;
  }

  async add(row: Database[T]): Promise<void> {
    // both databases take well over 30,000 parameters a statement; stay under that and under 1,000 rows
    if (this.#perStatement === 0)
      this.#perStatement = Math.min(1000, Math.floor(30_000 / Object.keys(row).length));
    this.#rows.push(row);
    this.count++;
    if (this.#rows.length >= this.#perStatement) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.#rows.length === 0) return;
    await this.#after?.flush();
    const rows = this.#rows;
    this.#rows = [];
    // biome-ignore lint/suspicious/noExplicitAny: one writer for every table; each row is typed by add()
    await (this.#trx.insertInto(this.#table) as any).values(rows).execute();
  }
}

/** The tables the bulk load fills. */
const BULK_TABLES = [
  "issues",
  "issue_labels",
  "cycle_events",
  "dependencies",
  "activity",
  "search_documents",
  "issue_links",
  "decisions",
  "notes",
  "folders",
];

/**
 * Takes the bulk-loaded tables' secondary indexes (and on SQLite the full-text triggers) away for the
 * load, and `restore` makes them again from their own SQL, each index in one sorted pass (on SQLite the
 * full-text index rebuilt from the documents): inserting a million issues through a dozen indexes (and
 * FTS5's pending lists), row by row, took many times longer than building them once. Indexes that
 * enforce a constraint (primary and unique keys) stay.
 */
async function deferIndexes(core: Core): Promise<{ restore: () => Promise<void> }> {
  return core.store.kind === "sqlite" ? deferSqliteIndexes(core.db) : deferPostgresIndexes(core.db);
}

async function deferPostgresIndexes(db: Core["db"]): Promise<{ restore: () => Promise<void> }> {
  const { rows } = await sql<{ name: string; sql: string }>`
    select quote_ident(c.relname) as name, pg_get_indexdef(i.indexrelid) as sql
    from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_class t on t.oid = i.indrelid
    where t.relnamespace = current_schema()::regnamespace
      and t.relname in (${sql.join(BULK_TABLES)})
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`.execute(db);
  for (const r of rows) await sql.raw(`drop index ${r.name}`).execute(db);
  return {
    restore: async () => {
      // one connection, with room to sort in memory (the full-text GIN index above all)
      await db.connection().execute(async (c) => {
        await sql`set maintenance_work_mem = '512MB'`.execute(c);
        try {
          for (const r of rows) await sql.raw(r.sql).execute(c);
        } finally {
          await sql`reset maintenance_work_mem`.execute(c);
        }
      });
    },
  };
}

async function deferSqliteIndexes(db: Core["db"]): Promise<{ restore: () => Promise<void> }> {
  const { rows } = await sql<{ type: string; name: string; sql: string }>`
    select type, name, sql from sqlite_master
    where type in ('index', 'trigger') and sql is not null
      and tbl_name in (${sql.join(BULK_TABLES)})`.execute(db);
  for (const r of rows) await sql.raw(`drop ${r.type} "${r.name}"`).execute(db);
  return {
    restore: async () => {
      for (const r of rows.filter((x) => x.type === "index")) await sql.raw(r.sql).execute(db);
      await sql`insert into search_fts(search_fts) values ('rebuild')`.execute(db);
      for (const r of rows.filter((x) => x.type === "trigger")) await sql.raw(r.sql).execute(db);
    },
  };
}

/**
 * Whether the load may skip PostgreSQL's foreign-key checks (session_replication_role = replica): only
 * as a superuser, and only while no table loaded has a trigger of its own, which replica mode would
 * skip too.
 */
async function foreignKeysMaySkip(db: Core["db"]): Promise<boolean> {
  const { rows } = await sql<{ superuser: boolean; triggers: number }>`
    select (select rolsuper from pg_roles where rolname = current_user) as superuser,
      (select count(*)::int from pg_trigger g join pg_class t on t.oid = g.tgrelid
       where not g.tgisinternal and t.relnamespace = current_schema()::regnamespace
         and t.relname in (${sql.join(BULK_TABLES)})) as triggers`.execute(db);
  return rows[0]?.superuser === true && rows[0].triggers === 0;
}

const iso = (ms: number) => new Date(ms).toISOString();
const day = (ms: number) => iso(ms).slice(0, 10);

/** Builds the workspace described at the top of this file; `log` hears each phase as it ends. */
export async function seedWorkspace(
  core: Core,
  size: SeedSize,
  log: (line: string) => void = () => {},
): Promise<SeededWorkspace> {
  const began = performance.now();
  const say = log;
  // each phase's line ends with the seconds since the start
  log = (line) => say(`${line} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
  const rng = new Random(20260301);
  const write = new Writer(rng);

  // People, workspace, spaces, memberships and one token per person, through the service's functions.
  const [owner, ...others] = PEOPLE;
  for (const [email, name] of PEOPLE) await createPerson(core, { email, name, email_verified: true });
  const ws = await createWorkspace(core, {
    name: "Bench",
    slug: "bench",
    owner_email: owner[0],
    space_prefix: SPACES[0].prefix,
    space_name: SPACES[0].name,
  });
  for (const s of SPACES.slice(1))
    await createSpace(core, { workspace: "bench", name: s.name, prefix: s.prefix });
  for (const [email] of others) await addMember(core, { workspace: "bench", email });
  const people: { id: string; via: string }[] = [];
  let token = "";
  for (const [email] of PEOPLE) {
    const pat = await mintPat(core, { workspace: "bench", email, name: "bench" });
    people.push({ id: pat.details.person.id, via: pat.details.id });
    if (email === owner[0]) token = pat.token;
  }
  const spaceRows = await core.db
    .selectFrom("spaces")
    .select(["id", "prefix"])
    .where("workspace_id", "=", ws.id)
    .execute();
  const spaceId = new Map(spaceRows.map((r) => [r.prefix, r.id]));
  const workspaceId = ws.id;

  const N = size.issues;
  const end = core.clock.now().getTime() - 3_600_000;
  const start = end - 730 * DAY;
  const step = (end - start) / N;
  const person = () => people[Math.min(people.length - 1, Math.floor(rng.next() ** 1.5 * people.length))]!;

  // The plan of every issue: its space, number, id and time, in creation order (ids sort the same way).
  const issueSpace = new Uint8Array(N);
  const issueNumber = new Uint32Array(N);
  const posInSpace = new Uint32Array(N);
  const issueId: string[] = new Array(N);
  const createdMs = new Float64Array(N);
  const bySpace: number[][] = SPACES.map(() => []);
  const shares = SPACES.map((s, i) => [i, s.share] as const);
  for (let k = 0; k < N; k++) {
    const s = rng.weighted(shares);
    issueSpace[k] = s;
    posInSpace[k] = bySpace[s]!.length;
    bySpace[s]!.push(k);
    issueNumber[k] = bySpace[s]!.length;
    createdMs[k] = Math.floor(start + k * step + rng.next() * step * 0.5);
    issueId[k] = newId("iss", new Date(createdMs[k]!));
  }
  const identifier = (k: number) => `${SPACES[issueSpace[k]!]!.prefix}-${issueNumber[k]}`;

  // a large page cache for this connection only: the bulk load touches every index page many times
  if (core.store.kind === "sqlite") await sql`pragma cache_size = -262144`.execute(core.db);
  const deferred = await deferIndexes(core);
  const skipForeignKeys = core.store.kind === "postgres" && (await foreignKeysMaySkip(core.db));
  await core.db.transaction().execute(async (trx) => {
    // PostgreSQL checks each row's foreign keys with a lookup of its own (eight an issue): the rows
    // made here refer only to rows made before them, so a superuser loads them unchecked
    if (skipForeignKeys) await sql`set local session_replication_role = replica`.execute(trx);
    // Milestones: one about every two months, the last few still ahead; a few block the next.
    const milestones: { id: string; target: number }[] = [];
    const msRows = new Bulk(trx, "milestones");
    for (let m = 0; m < 14; m++) {
      const target = start + (m + 1) * 60 * DAY;
      const created = start + m * 60 * DAY;
      const by = person();
      const id = newId("ms", new Date(created));
      milestones.push({ id, target });
      await msRows.add({
        id,
        workspace_id: workspaceId,
        name: `M${m + 1}: ${write.title().slice(0, 60)}`,
        description: write.paragraph(1, 3),
        target_date: day(target),
        version: 1,
        created_by: by.id,
        created_via: by.via,
        created_at: iso(created),
        updated_by: by.id,
        updated_via: by.via,
        updated_at: iso(created),
      });
    }
    await msRows.flush();
    const msDeps = new Bulk(trx, "milestone_dependencies");
    for (let m = 0; m + 1 < milestones.length; m += 2) {
      const by = person();
      await msDeps.add({
        id: newId("mdep", new Date(start)),
        workspace_id: workspaceId,
        from_milestone_id: milestones[m]!.id,
        to_milestone_id: milestones[m + 1]!.id,
        created_by: by.id,
        created_via: by.via,
        created_at: iso(start + m * 60 * DAY),
      });
    }
    await msDeps.flush();

    // Cycles: two weeks each, the last 26 weeks of every space plus the one after.
    const cycleStart = end - 26 * 7 * DAY;
    const cycles: string[][] = SPACES.map(() => []);
    const cycleRows = new Bulk(trx, "cycles");
    for (const [s, space] of SPACES.entries()) {
      for (let c = 0; c < 14; c++) {
        const from = cycleStart + c * 14 * DAY;
        const by = person();
        const id = newId("cyc", new Date(from - DAY));
        cycles[s]!.push(id);
        await cycleRows.add({
          id,
          workspace_id: workspaceId,
          space_id: spaceId.get(space.prefix)!,
          name: `${space.prefix} cycle ${c + 1}`,
          starts_on: day(from),
          ends_on: day(from + 13 * DAY),
          version: 1,
          created_by: by.id,
          created_via: by.via,
          created_at: iso(from - DAY),
          updated_by: by.id,
          updated_via: by.via,
          updated_at: iso(from - DAY),
        });
      }
    }
    await cycleRows.flush();
    log(`milestones and cycles: ${milestones.length + cycleRows.count}`);

    // Issues, their labels and their search documents. Older issues are more often closed (15% in all).
    const issues = new Bulk(trx, "issues");
    const labelRows = new Bulk(trx, "issue_labels", issues);
    const docs = new Bulk(trx, "search_documents");
    const cycleEvents = new Bulk(trx, "cycle_events", issues);
    const activity = new Bulk(trx, "activity");
    /** The "created" entry every object's history starts with. */
    const recordCreated = (type: string, id: string, by: { id: string; via: string }, at: number) =>
      activity.add({
        id: newId("act", new Date(at)),
        workspace_id: workspaceId,
        subject_type: type,
        subject_id: id,
        action: "created",
        changes: "{}",
        actor_id: by.id,
        actor_via: by.via,
        created_at: iso(at),
      });
    const labelWeights = LABELS.map((l, i) => [l, 1 / (i + 1)] as const);
    for (let k = 0; k < N; k++) {
      const age = k / N;
      const closed = rng.chance(0.45 * (1 - age) ** 2);
      const status: IssueStatus = closed
        ? rng.chance(0.85)
          ? "done"
          : "canceled"
        : rng.weighted(OPEN_STATUSES);
      const s = issueSpace[k]!;
      const created = createdMs[k]!;
      const updated = Math.min(end, created + rng.next() ** 3 * 40 * DAY);
      const labels = new Set<string>();
      for (let n = rng.weighted(LABEL_COUNTS); n > 0; n--) labels.add(rng.weighted(labelWeights));
      const pos = posInSpace[k]!;
      const parent =
        pos > 0 && rng.chance(0.06) ? bySpace[s]![Math.max(0, pos - rng.between(1, 30))]! : undefined;
      const cycleIndex = Math.floor((created - cycleStart) / (14 * DAY));
      const cycle = cycleIndex >= 0 && cycleIndex < 14 && rng.chance(0.5) ? cycles[s]![cycleIndex]! : null;
      const milestone = rng.chance(0.25) ? (milestones.find((m) => m.target >= created)?.id ?? null) : null;
      const author = person();
      const editor = rng.chance(0.5) ? author : person();
      const title = write.title();
      const description = write.description();
      const estimate = rng.chance(0.45) ? rng.pick([1, 2, 3, 5, 8, 13]) : null;
      await issues.add({
        open_blockers: 0,
        claim_id: null,
        claim_expires_at: null,
        fencing_token: 0,
        substance_by: null,
        id: issueId[k]!,
        workspace_id: workspaceId,
        space_id: spaceId.get(SPACES[s]!.prefix)!,
        number: issueNumber[k]!,
        identifier: identifier(k),
        title,
        description,
        status,
        priority: rng.weighted(PRIORITY_RANKS),
        labels: JSON.stringify([...labels]),
        assignee_id: rng.chance(0.65) ? person().id : null,
        estimate,
        due_date: rng.chance(0.08) ? day(created + rng.between(7, 60) * DAY) : null,
        parent_id: parent === undefined ? null : issueId[parent]!,
        cycle_id: cycle,
        milestone_id: milestone,
        completed_at: closed ? iso(updated) : null,
        version: rng.between(1, 6),
        created_by: author.id,
        created_via: author.via,
        created_at: iso(created),
        updated_by: editor.id,
        updated_via: editor.via,
        updated_at: iso(updated),
      });
      for (const label of labels)
        await labelRows.add({ issue_id: issueId[k]!, workspace_id: workspaceId, label });
      await docs.add({
        object_id: issueId[k]!,
        workspace_id: workspaceId,
        object_type: "issue",
        title,
        body: `${identifier(k)}\n${description}`,
        updated_at: iso(updated),
      });
      await recordCreated("issue", issueId[k]!, author, created);
      // the issue's standing in its cycle: in scope when made, completed when closed
      if (cycle) {
        const standing = (at: number, completed: number) =>
          cycleEvents.add({
            id: newId("cev", new Date(at)),
            cycle_id: cycle,
            issue_id: issueId[k]!,
            in_scope: 1,
            completed,
            estimate,
            created_at: iso(at),
          });
        await standing(created, 0);
        if (closed) await standing(updated, 1);
      }
    }
    await issues.flush();
    await labelRows.flush();
    await cycleEvents.flush();
    await docs.flush();
    for (const [s, space] of SPACES.entries()) {
      await trx
        .updateTable("spaces")
        .set({ next_issue_number: bySpace[s]!.length + 1 })
        .where("id", "=", spaceId.get(space.prefix)!)
        .execute();
    }
    log(`issues: ${issues.count}, labels: ${labelRows.count}, cycle events: ${cycleEvents.count}`);

    // Dependencies: always from an earlier issue to a later one, so `blocks` stays acyclic. Most join
    // issues of one space at most 200 apart (near ones likelier), which makes chains and diamonds;
    // a tenth reach anywhere later. 85% blocks, 15% relates_to (stored from the smaller id).
    const deps = new Bulk(trx, "dependencies");
    const seen = new Set<number>();
    while (deps.count < size.edges) {
      const i = rng.int(N - 1);
      let j: number;
      if (rng.chance(0.9)) {
        const list = bySpace[issueSpace[i]!]!;
        const target = posInSpace[i]! + 1 + Math.floor(rng.next() ** 2 * 200);
        if (target >= list.length) continue;
        j = list[target]!;
      } else {
        j = i + 1 + Math.floor(rng.next() ** 3 * (N - i - 1));
      }
      const pair = i * N + j;
      if (seen.has(pair)) continue;
      seen.add(pair);
      const at = Math.min(end, createdMs[j]! + rng.next() * 3 * DAY);
      const by = person();
      await deps.add({
        id: newId("dep", new Date(at)),
        workspace_id: workspaceId,
        kind: rng.chance(0.85) ? "blocks" : "relates_to",
        from_issue_id: issueId[i]!,
        to_issue_id: issueId[j]!,
        note: rng.chance(0.05) ? write.sentence() : "",
        version: 1,
        created_by: by.id,
        created_via: by.via,
        created_at: iso(at),
        updated_by: by.id,
        updated_via: by.via,
        updated_at: iso(at),
      });
    }
    await deps.flush();
    log(`dependencies: ${deps.count}`);

    // Links from decisions and notes to 0–3 issues of about the same time.
    const links = new Bulk(trx, "issue_links");
    const linkNear = async (objectType: "decision" | "note", objectId: string, at: number, count: number) => {
      const centre = Math.min(N - 1, Math.max(0, Math.floor((at - start) / step)));
      const chosen = new Set<number>();
      for (let n = 0; n < count; n++) chosen.add(Math.min(N - 1, Math.max(0, centre - rng.int(300))));
      for (const k of chosen) {
        await links.add({
          workspace_id: workspaceId,
          object_type: objectType,
          object_id: objectId,
          issue_id: issueId[k]!,
          created_at: iso(Math.max(at, createdMs[k]!)),
        });
      }
    };

    // Decisions; some supersede an earlier one, which is then marked superseded.
    const D = size.decisions;
    const decisionStatus: DecisionStatus[] = Array.from({ length: D }, () => rng.weighted(DECISION_STATUSES));
    const supersedes = new Int32Array(D).fill(-1);
    for (let d = 1; d < D; d++) {
      const old = d - 1 - rng.int(Math.min(d, 200));
      if (decisionStatus[old] !== "superseded" && rng.chance(0.08)) {
        supersedes[d] = old;
        decisionStatus[old] = "superseded";
        decisionStatus[d] = "accepted";
      }
    }
    const decisionIds: string[] = [];
    const decisions = new Bulk(trx, "decisions");
    for (let d = 0; d < D; d++) {
      const at = start + (d + rng.next()) * ((end - start) / D);
      const by = person();
      const text = write.decision();
      const id = newId("dec", new Date(at));
      decisionIds.push(id);
      await decisions.add({
        id,
        workspace_id: workspaceId,
        title: text.title,
        status: decisionStatus[d]!,
        context: text.context,
        decision: text.decision,
        consequences: text.consequences,
        supersedes_id: supersedes[d]! >= 0 ? decisionIds[supersedes[d]!]! : null,
        version: rng.between(1, 3),
        created_by: by.id,
        created_via: by.via,
        created_at: iso(at),
        updated_by: by.id,
        updated_via: by.via,
        updated_at: iso(at),
      });
      await docs.add({
        object_id: id,
        workspace_id: workspaceId,
        object_type: "decision",
        title: text.title,
        body: `${text.context}\n\n${text.decision}\n\n${text.consequences}`,
        updated_at: iso(at),
      });
      await linkNear("decision", id, at, rng.between(1, 3));
      await recordCreated("decision", id, by, at);
    }
    await decisions.flush();

    // Notes in a two-level folder tree (a tenth at the top level).
    const folders = new Bulk(trx, "folders");
    const folderIds: string[] = [];
    for (const space of SPACES) {
      const by = person();
      const top = newId("fld", new Date(start));
      folderIds.push(top);
      await folders.add({
        id: top,
        workspace_id: workspaceId,
        parent_id: null,
        name: space.name,
        version: 1,
        created_by: by.id,
        created_at: iso(start),
        updated_at: iso(start),
      });
      for (const name of ["Runbooks", "Design", "Meetings", "Retros", "Onboarding"]) {
        const id = newId("fld", new Date(start));
        folderIds.push(id);
        await folders.add({
          id,
          workspace_id: workspaceId,
          parent_id: top,
          name,
          version: 1,
          created_by: by.id,
          created_at: iso(start),
          updated_at: iso(start),
        });
      }
    }
    await folders.flush();
    const notes = new Bulk(trx, "notes");
    for (let n = 0; n < size.notes; n++) {
      const at = start + (n + rng.next()) * ((end - start) / size.notes);
      const by = person();
      const text = write.note();
      const id = newId("note", new Date(at));
      await notes.add({
        id,
        workspace_id: workspaceId,
        folder_id: rng.chance(0.9) ? rng.pick(folderIds) : null,
        title: text.title,
        body: text.body,
        version: rng.between(1, 4),
        created_by: by.id,
        created_via: by.via,
        created_at: iso(at),
        updated_by: by.id,
        updated_via: by.via,
        updated_at: iso(at),
      });
      await docs.add({
        object_id: id,
        workspace_id: workspaceId,
        object_type: "note",
        title: text.title,
        body: text.body,
        updated_at: iso(at),
      });
      await linkNear("note", id, at, rng.weighted(NOTE_LINKS));
      await recordCreated("note", id, by, at);
    }
    await notes.flush();
    await docs.flush();
    await links.flush();
    await activity.flush();
    log(
      `decisions: ${decisions.count}, notes: ${notes.count}, links: ${links.count}, search documents: ${docs.count}`,
    );
  });

  // what the service keeps up to date on every write, counted once here in one pass over the edges
  // (before the indexes are made, so they are not kept up to date row by row)
  await sql`update issues set open_blockers = blocking.n
    from (
      select d.to_issue_id as issue_id, count(*) as n
      from dependencies d join issues b on b.id = d.from_issue_id
      where d.kind = 'blocks' and b.status not in ('done', 'canceled')
      group by d.to_issue_id
    ) as blocking
    where issues.id = blocking.issue_id`.execute(core.db);
  log("open blockers counted");
  await deferred.restore();
  log(core.store.kind === "sqlite" ? "indexes and the full-text index built" : "indexes built");
  // PostgreSQL: VACUUM also clears the rows the count above replaced and marks the pages all-visible
  if (core.store.kind === "postgres") await sql`vacuum analyze`.execute(core.db);
  else await sql`analyze`.execute(core.db);
  if (core.store.kind === "sqlite") await sql`pragma wal_checkpoint(truncate)`.execute(core.db);
  log(`analyzed; seeded in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  return {
    token,
    spaces: SPACES.map((s, i) => ({ prefix: s.prefix, issues: bySpace[i]!.length })),
  };
}
