import { sql } from "kysely";
import { z } from "zod";
import { iso } from "../clock.ts";
import type { Core } from "../core.ts";
import { prepared } from "../db/prepared.ts";
import type { Role, Space, Workspace } from "../db/schema.ts";
import { type Db, isUniqueViolation, type Tx } from "../db/store.ts";
import { afterCommit } from "../db/unit.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { type Page, pageQuery, paginate } from "../tracker/pagination.ts";
import { ACCESS_ENDED_REASONS, disableWebhooksOf } from "../tracker/webhook-access.ts";
import { displayName, email, parse, prefix, RESERVED_SLUGS, slug, slugify } from "../validate.ts";
import { revokeConnectionsWhere } from "./connections.ts";
import { KnownLookups } from "./known.ts";
import { requirePersonByEmail } from "./people.ts";

/** Agent connections on the free plan, unless the operator sets another number for a workspace. */
export const FREE_PLAN_AGENT_CONNECTIONS = 3;
export const MAX_AGENT_CONNECTIONS = 10_000;

export interface SpaceView {
  id: string;
  name: string;
  prefix: string;
}

export interface WorkspaceView {
  id: string;
  name: string;
  slug: string;
  owner: { id: string; email: string };
  plan: string;
  agent_connection_limit: number;
  members: number;
  spaces: SpaceView[];
  created_at: string;
}

/** What a token may learn of its own workspace: the REST `GET /v1/workspace` and MCP `get_workspace_identity`. */
export interface WorkspaceIdentity {
  id: string;
  name: string;
  slug: string;
  spaces: SpaceView[];
}

/** The shape of a `WorkspaceIdentity`, for the OpenAPI document. */
export const workspaceIdentityView = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    spaces: z.array(z.object({ id: z.string(), name: z.string(), prefix: z.string() })),
  })
  .meta({ id: "Workspace" });

const viewSpace = (s: Pick<Space, "id" | "name" | "prefix">): SpaceView => ({
  id: s.id,
  name: s.name,
  prefix: s.prefix,
});

export const createWorkspaceInput = z.strictObject({
  name: displayName(100),
  slug: slug.optional(),
  owner_email: email,
  space_name: displayName(100).optional(),
  space_prefix: prefix,
  agent_connection_limit: z.number().int().min(0).max(MAX_AGENT_CONNECTIONS).optional(),
});

/** Spaces a workspace may have (docs/limits: 100). */
export const MAX_SPACES = 100;

/**
 * Inserts a space into the workspace: 409 when its prefix or name is taken, 400 when the workspace has
 * MAX_SPACES already. The count and the insert share the transaction, which on PostgreSQL first locks
 * the workspace's row (FOR NO KEY UPDATE: other writes' foreign keys to the workspace do not wait for
 * it): concurrent creations queue there, so none sees a count another is about to raise (SQLite has one
 * writer at a time).
 */
export async function insertSpace(
  tx: Tx,
  core: Core,
  workspaceId: string,
  name: string,
  pfx: string,
): Promise<Space> {
  if (core.store.kind === "postgres")
    await tx.selectFrom("workspaces").select("id").where("id", "=", workspaceId).forNoKeyUpdate().execute();
  const count = await tx
    .selectFrom("spaces")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_SPACES)
    throw invalid(
      `This workspace has ${MAX_SPACES} spaces, the most a workspace may have; rename one to reuse it instead.`,
    );
  const clash = await tx
    .selectFrom("spaces")
    .select(["name", "prefix"])
    .where("workspace_id", "=", workspaceId)
    .where((eb) => eb.or([eb("prefix", "=", pfx), eb("name", "=", name)]))
    .executeTakeFirst();
  if (clash?.prefix === pfx) throw conflict(`This workspace already has a space with the prefix ${pfx}.`);
  if (clash) throw conflict(`This workspace already has a space named "${name}".`);
  const now = iso(core.clock);
  const row: Space = {
    id: newId("spc", core.clock.now()),
    workspace_id: workspaceId,
    name,
    prefix: pfx,
    next_issue_number: 1,
    done_requires: "anyone",
    reviewers: "[]",
    session_stale_minutes: 30,
    auto_start_on_branch: 1,
    auto_review_on_pr: 1,
    auto_done_on_merge: 1,
    created_at: now,
    updated_at: now,
  };
  await tx.insertInto("spaces").values(row).execute();
  return row;
}

/** Creates a workspace, its Owner's membership and its first space, all or nothing. */
export async function createWorkspace(
  core: Core,
  input: z.input<typeof createWorkspaceInput>,
): Promise<WorkspaceView> {
  const data = parse(createWorkspaceInput, input);
  const owner = await requirePersonByEmail(core, data.owner_email);
  const workspace = await core.db
    .transaction()
    .execute((tx) => createWorkspaceWithin(tx, core, owner.id, { ...data, owner_email: owner.email }));
  return getWorkspaceView(core, workspace.slug);
}

/**
 * The body of createWorkspace, inside the caller's transaction (the claim page makes a person's first
 * workspace and approves an agent for it in one). `input` is parsed here; its owner_email is not read.
 */
export async function createWorkspaceWithin(
  tx: Tx,
  core: Core,
  ownerId: string,
  input: z.input<typeof createWorkspaceInput>,
): Promise<Workspace> {
  const data = parse(createWorkspaceInput, input);
  const wsSlug = data.slug ?? slugify(data.name);
  if (RESERVED_SLUGS.includes(wsSlug)) {
    throw conflict(
      `The workspace slug "${wsSlug}" is kept for the service's own pages (/${wsSlug}); choose another with a slug.`,
    );
  }
  const now = iso(core.clock);
  const workspace: Workspace = {
    id: newId("ws", core.clock.now()),
    name: data.name,
    slug: wsSlug,
    owner_id: ownerId,
    plan: "free",
    agent_connection_limit: data.agent_connection_limit ?? FREE_PLAN_AGENT_CONNECTIONS,
    allowed_domains: "[]",
    created_at: now,
    updated_at: now,
  };
  const taken = await tx.selectFrom("workspaces").select("id").where("slug", "=", wsSlug).executeTakeFirst();
  if (taken) throw conflict(`The workspace slug "${wsSlug}" is taken; choose another with a slug.`);
  try {
    await tx.insertInto("workspaces").values(workspace).execute();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`The workspace slug "${wsSlug}" is taken; choose another with a slug.`);
    throw error;
  }
  await tx
    .insertInto("memberships")
    .values({ workspace_id: workspace.id, person_id: ownerId, role: "owner", created_at: now })
    .execute();
  await insertSpace(tx, core, workspace.id, data.space_name ?? data.space_prefix, data.space_prefix);
  return workspace;
}

export async function requireWorkspace(core: Core, slugOrId: string): Promise<Workspace> {
  const key = slugOrId.trim();
  const row = await core.db
    .selectFrom("workspaces")
    .selectAll()
    .where((eb) => eb.or([eb("slug", "=", key.toLowerCase()), eb("id", "=", key)]))
    .executeTakeFirst();
  if (!row) throw notFound(`No workspace has the slug or id "${key}".`);
  return row;
}

async function spacesOf(core: Core, workspaceIds: string[]): Promise<Map<string, SpaceView[]>> {
  const map = new Map<string, SpaceView[]>();
  if (workspaceIds.length === 0) return map;
  const rows = await core.db
    .selectFrom("spaces")
    .select(["id", "name", "prefix", "workspace_id"])
    .where("workspace_id", "in", workspaceIds)
    .orderBy("prefix")
    .execute();
  for (const r of rows) {
    const list = map.get(r.workspace_id) ?? [];
    list.push(viewSpace(r));
    map.set(r.workspace_id, list);
  }
  return map;
}

export async function listWorkspaces(
  core: Core,
  filter: { member?: string; id?: string } = {},
): Promise<WorkspaceView[]> {
  let query = core.db
    .selectFrom("workspaces as w")
    .innerJoin("people as o", "o.id", "w.owner_id")
    .select((eb) => [
      "w.id",
      "w.name",
      "w.slug",
      "w.plan",
      "w.agent_connection_limit",
      "w.created_at",
      "o.id as owner_id",
      "o.email as owner_email",
      eb
        .selectFrom("memberships as m")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("m.workspace_id", "=", "w.id")
        .as("members"),
    ])
    .orderBy("w.slug");
  if (filter.id) query = query.where("w.id", "=", filter.id);
  if (filter.member) {
    const person = await requirePersonByEmail(core, filter.member);
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("memberships as mm")
          .select("mm.person_id")
          .whereRef("mm.workspace_id", "=", "w.id")
          .where("mm.person_id", "=", person.id),
      ),
    );
  }
  const rows = await query.execute();
  const spaces = await spacesOf(
    core,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    owner: { id: r.owner_id, email: r.owner_email },
    plan: r.plan,
    agent_connection_limit: r.agent_connection_limit,
    members: Number(r.members ?? 0),
    spaces: spaces.get(r.id) ?? [],
    created_at: r.created_at,
  }));
}

export async function getWorkspaceView(core: Core, slugOrId: string): Promise<WorkspaceView> {
  const ws = await requireWorkspace(core, slugOrId);
  const [view] = await listWorkspaces(core, { id: ws.id });
  return view!;
}

/**
 * Workspace identities read lately, by workspace id, each kept while the version it was read under
 * holds (`identityVersion`), and a minute at most. An agent's first call, and a token's check, is this
 * read: kept, it answers without a statement (on PostgreSQL about half of `GET /v1/workspace`'s cost).
 */
const knownIdentities = new KnownLookups<WorkspaceIdentity>(1_000, 60_000);
/** The tables a workspace's identity is read from. */
const IDENTITY_TABLES = ["workspaces", "spaces"] as const;

/**
 * The version an identity read now holds to: the store's change version (the request's, when given),
 * and on SQLite this process's count of writes to the identity's tables, so that a rename or a new
 * space is seen by the next read at once (another process's commit moves the change version). On
 * PostgreSQL the writes that change an identity announce it (`identityChanged`).
 */
async function identityVersion(core: Core, changeVersion?: string): Promise<string | undefined> {
  const version = await KnownLookups.version(core, changeVersion);
  const writes = core.store.changes.writes?.(IDENTITY_TABLES);
  return version === undefined || writes === undefined ? version : `${version} ${writes}`;
}

/**
 * Call after a write that changes a workspace's name or its spaces. SQLite needs nothing (the write
 * moved its count). PostgreSQL announces a change on the store's change signal: this instance's version
 * moves at once, and it resolves once every instance's has (as after a revocation). Inside a unit of
 * work the announcement is made once the unit commits, and not waited for: the unit has not committed
 * yet when this is called.
 */
export async function identityChanged(core: Core): Promise<void> {
  const changes = core.store.changes;
  if (changes.writes) return;
  let announced: Promise<void> | undefined;
  afterCommit(() => {
    announced = changes.announce().catch(() => {});
  });
  await announced;
}

/**
 * The token's own workspace, as `GET /v1/workspace` and the MCP tool `get_workspace_identity` give it.
 * `changeVersion`: the request's, read when it arrived (else the store's is read here).
 */
export async function getWorkspaceIdentity(
  core: Core,
  workspaceId: string,
  changeVersion?: string,
): Promise<WorkspaceIdentity> {
  const version = await identityVersion(core, changeVersion);
  const known = knownIdentities.get(core, workspaceId, version);
  if (known) return known;
  const at = performance.now();
  const rows = await identityRows(core.db, { workspaceId });
  const first = rows[0];
  if (!first) throw notFound("This workspace no longer exists.");
  const spaces = rows.flatMap((r) =>
    r.space_id ? [{ id: r.space_id, name: r.space_name!, prefix: r.space_prefix! }] : [],
  );
  const identity: WorkspaceIdentity = { id: first.id, name: first.name, slug: first.slug, spaces };
  // kept and handed to every later caller: frozen, so that none can change what the others get
  for (const space of spaces) Object.freeze(space);
  Object.freeze(spaces);
  Object.freeze(identity);
  knownIdentities.set(core, workspaceId, version, at, identity);
  return identity;
}

const identityRows = prepared(["workspaceId"], (db: Db, { workspaceId }: { workspaceId: string }) =>
  db
    .selectFrom("workspaces as w")
    .leftJoin("spaces as s", "s.workspace_id", "w.id")
    .select([
      "w.id",
      "w.name",
      "w.slug",
      "s.id as space_id",
      "s.name as space_name",
      "s.prefix as space_prefix",
    ])
    .where("w.id", "=", workspaceId)
    .orderBy("s.prefix"),
);

export const createSpaceInput = z.strictObject({
  workspace: z.string().min(1),
  name: displayName(100),
  prefix,
});

export async function createSpace(core: Core, input: z.input<typeof createSpaceInput>): Promise<SpaceView> {
  const data = parse(createSpaceInput, input);
  const ws = await requireWorkspace(core, data.workspace);
  try {
    const space = await core.db
      .transaction()
      .execute((tx) => insertSpace(tx, core, ws.id, data.name, data.prefix));
    await identityChanged(core);
    return viewSpace(space);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`This workspace already has a space with the prefix ${data.prefix}.`);
    throw error;
  }
}

export const addMemberInput = z.strictObject({
  workspace: z.string().min(1),
  email,
  role: z
    .enum(["admin", "member"], { error: 'must be "admin" or "member" (a workspace has one Owner)' })
    .optional(),
});

export interface MemberView {
  person_id: string;
  email: string;
  name: string;
  role: Role;
  joined_at: string;
}

export async function addMember(core: Core, input: z.input<typeof addMemberInput>): Promise<MemberView> {
  const data = parse(addMemberInput, input);
  const ws = await requireWorkspace(core, data.workspace);
  const person = await requirePersonByEmail(core, data.email);
  const now = iso(core.clock);
  const role = data.role ?? "member";
  try {
    await core.db.transaction().execute(async (tx) => {
      const existing = await tx
        .selectFrom("memberships")
        .select("role")
        .where("workspace_id", "=", ws.id)
        .where("person_id", "=", person.id)
        .executeTakeFirst();
      if (existing)
        throw conflict(`${person.email} is already a member of ${ws.slug} (role ${existing.role}).`);
      await tx
        .insertInto("memberships")
        .values({ workspace_id: ws.id, person_id: person.id, role, created_at: now })
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${person.email} is already a member of ${ws.slug}.`);
    throw error;
  }
  return { person_id: person.id, email: person.email, name: person.name, role, joined_at: now };
}

export async function listMembers(core: Core, workspace: string): Promise<MemberView[]> {
  const ws = await requireWorkspace(core, workspace);
  const rows = await core.db
    .selectFrom("memberships as m")
    .innerJoin("people as p", "p.id", "m.person_id")
    .select(["p.id", "p.email", "p.name", "m.role", "m.created_at"])
    .where("m.workspace_id", "=", ws.id)
    .orderBy("p.email")
    .execute();
  return rows.map((r) => ({
    person_id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    joined_at: r.created_at,
  }));
}

export const listMembersQuery = z.strictObject({
  q: z
    .string({ error: "must be text" })
    .trim()
    .min(1, { error: "must not be empty" })
    .max(100, { error: "must be at most 100 characters" })
    .optional()
    .describe("Only members whose name or email contains this text (any case): for pickers and mentions."),
  ...pageQuery,
});

export const memberView = z
  .object({
    person_id: z.string().describe("The person's id (usr_…): what `assignee` and `holder` take."),
    name: z.string(),
    email: z.string(),
    role: z.enum(["owner", "admin", "member"]),
    joined_at: z.iso.datetime().describe("When they joined the workspace."),
    suspended: z.boolean().describe("True while the account is suspended: it can do nothing."),
  })
  .meta({ id: "Member" });

/** The workspace's members by name (then id), a page at a time; `q` narrows by name or email. */
export async function listMembersPage(
  core: Core,
  workspaceId: string,
  input: z.output<typeof listMembersQuery>,
): Promise<Page<z.output<typeof memberView>>> {
  let query = core.db
    .selectFrom("memberships as m")
    .innerJoin("people as p", "p.id", "m.person_id")
    .select(["p.id", "p.email", "p.name", "p.suspended_at", "m.role", "m.created_at"])
    .where("m.workspace_id", "=", workspaceId);
  if (input.q) {
    const like = `%${input.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(p.name)`, "like", sql`${like} escape '\\'`),
        eb(sql`lower(p.email)`, "like", sql`${like} escape '\\'`),
      ]),
    );
  }
  const page = await paginate(
    query,
    "members",
    [
      { column: "p.name", direction: "asc" },
      { column: "p.id", direction: "asc" },
    ],
    input,
  );
  return {
    data: page.data.map((r) => ({
      person_id: r.id,
      name: r.name,
      email: r.email,
      role: r.role,
      joined_at: r.created_at,
      suspended: r.suspended_at !== null,
    })),
    next_cursor: page.next_cursor,
  };
}

export const agentConnectionLimit = z
  .number({ error: "must be a number" })
  .int({ error: "must be a whole number" })
  .min(0, { error: "must be 0 or more" })
  .max(MAX_AGENT_CONNECTIONS, { error: `must be at most ${MAX_AGENT_CONNECTIONS}` });

export async function setAgentConnectionLimit(
  core: Core,
  workspace: string,
  limit: number,
): Promise<WorkspaceView> {
  const n = parse(agentConnectionLimit, limit);
  const ws = await requireWorkspace(core, workspace);
  await core.db
    .updateTable("workspaces")
    .set({ agent_connection_limit: n, updated_at: iso(core.clock) })
    .where("id", "=", ws.id)
    .execute();
  return getWorkspaceView(core, ws.id);
}

export async function roleOf(core: Core, workspaceId: string, personId: string): Promise<Role | undefined> {
  const row = await core.db
    .selectFrom("memberships")
    .select("role")
    .where("workspace_id", "=", workspaceId)
    .where("person_id", "=", personId)
    .executeTakeFirst();
  return row?.role;
}

/**
 * Removes a person from a workspace, in one transaction: their personal access tokens for it are revoked
 * (they do not come back if the person is added again), their connections to it are revoked and the
 * webhooks they made in it are disabled (the Owner is told). The Owner cannot be removed.
 */
export async function removeMember(core: Core, workspace: string, address: string): Promise<MemberView> {
  const ws = await requireWorkspace(core, workspace);
  const person = await requirePersonByEmail(core, address);
  const membership = await core.db
    .selectFrom("memberships")
    .selectAll()
    .where("workspace_id", "=", ws.id)
    .where("person_id", "=", person.id)
    .executeTakeFirst();
  if (!membership) throw notFound(`${person.email} is not a member of ${ws.slug}.`);
  if (membership.role === "owner") {
    throw conflict(`${person.email} owns ${ws.slug}; the Owner cannot be removed.`);
  }
  await core.db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom("memberships")
      .where("workspace_id", "=", ws.id)
      .where("person_id", "=", person.id)
      .execute();
    await tx
      .updateTable("personal_access_tokens")
      .set({ revoked_at: iso(core.clock) })
      .where("workspace_id", "=", ws.id)
      .where("person_id", "=", person.id)
      .where("revoked_at", "is", null)
      .execute();
    await disableWebhooksOf(
      core,
      tx,
      { personId: person.id, workspaceId: ws.id },
      ACCESS_ENDED_REASONS.member_removed,
    );
    await revokeConnectionsWhere(core, { personId: person.id, workspaceId: ws.id }, "left_workspace", tx);
  });
  await core.events.accessChanged();
  return {
    person_id: person.id,
    email: person.email,
    name: person.name,
    role: membership.role,
    joined_at: membership.created_at,
  };
}

/**
 * Deletes a workspace and everything in it. Its connections are revoked first, so the registrations
 * behind them record the end.
 */
export async function deleteWorkspace(core: Core, workspace: string): Promise<WorkspaceView> {
  const view = await getWorkspaceView(core, workspace);
  await core.db.transaction().execute(async (tx) => {
    await revokeConnectionsWhere(core, { workspaceId: view.id }, "workspace_deleted", tx);
    await tx.deleteFrom("workspaces").where("id", "=", view.id).execute();
  });
  await core.events.accessChanged();
  return view;
}
