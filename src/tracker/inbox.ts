import { type Kysely, sql, type Transaction } from "kysely";
import { z } from "zod";
import type { Database, InboxItemsTable, InboxKind } from "../db/schema.ts";
import { DocketError, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { parse } from "../validate.ts";
import { objectId, queryBool, timeOut } from "./common.ts";
import type { Ctx } from "./context.ts";
import { emitEvents } from "./events.ts";
import { type Page, pageQuery, paginate } from "./pagination.ts";

/**
 * Each person's inbox: mentions of them, issues assigned to them, approvals waiting for them,
 * reviews they must give and (the Owner's) webhooks the service disabled. Items are written in the transaction of the change that caused them, with an
 * `inbox_item.created` event; a person reads theirs and marks them read. Mail about them (immediately or
 * as a daily digest) is sent by `src/tracker/inbox-mail.ts`.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const INBOX_KINDS = [
  "mention",
  "assignment",
  "approval",
  "review",
  "webhook_disabled",
  "session_awaiting_input",
  "session_stale",
  "session_error",
  "budget_warning",
  "budget_exceeded",
] as const;
export const inboxItemId = objectId("inb", "inbox item");

/** True when the caller acts through an agent connection (or an app), not as the person themself. */
export const actsAsAgent = (ctx: Ctx): boolean => ctx.actor.via.startsWith("con_");

/** Who did something, by identity: the agent connection when an agent acted, else the person. */
export const actingIdentity = (ctx: Ctx): string => (actsAsAgent(ctx) ? ctx.actor.via : ctx.actor.personId);

// ---------------------------------------------------------------------------------------------------
// Who acted, with names: "Ada", or "builder (for Ada)"

export const actorNamed = z
  .object({
    person_id: z.string(),
    name: z.string().describe("The person's name."),
    via: z
      .string()
      .describe("The credential: a personal access token (pat_…) or an agent connection (con_…)."),
    agent: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .describe("The agent connection that acted for the person; null when the person acted."),
    label: z.string().describe("How to show who acted: the person's name, or “agent (for person)”."),
  })
  .meta({ id: "Author" });
export type ActorNamed = z.output<typeof actorNamed>;

/** Names for (person, via) pairs, read in two queries for the lot. */
export async function namedActors(
  db: Db,
  pairs: readonly { person: string; via: string }[],
): Promise<(person: string, via: string) => ActorNamed> {
  const people = [...new Set(pairs.map((p) => p.person))];
  const cons = [...new Set(pairs.map((p) => p.via).filter((v) => v.startsWith("con_")))];
  const names = new Map<string, string>();
  if (people.length)
    for (const r of await db.selectFrom("people").select(["id", "name"]).where("id", "in", people).execute())
      names.set(r.id, r.name);
  if (cons.length)
    for (const r of await db
      .selectFrom("connections")
      .select(["id", "name"])
      .where("id", "in", cons)
      .execute())
      names.set(r.id, r.name);
  return (person, via) => {
    const name = names.get(person) ?? "";
    const agent = via.startsWith("con_") ? { id: via, name: names.get(via) ?? "" } : null;
    return { person_id: person, name, via, agent, label: agent ? `${agent.name} (for ${name})` : name };
  };
}

// ---------------------------------------------------------------------------------------------------
// Mentions

/** An agent's handle in a mention: its name in lower case, each run of other characters a hyphen. */
export const agentHandle = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");

const MENTION = /(^|[^\p{L}\p{N}_.@/`])@([\p{L}\p{N}][\p{L}\p{N}._%+-]*(?:@[\p{L}\p{N}.-]+\.[\p{L}]{2,})?)/gu;

/** The handles `@…` in Markdown text, outside code spans and fenced code, in lower case. */
export function mentionHandles(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?(```|$)/g, " ").replace(/`[^`\n]*`/g, " ");
  const out = new Set<string>();
  for (const m of prose.matchAll(MENTION)) {
    const handle = m[2]!.replace(/[.,;:!?)-]+$/, "").toLowerCase();
    if (handle) out.add(handle);
  }
  return [...out];
}

export interface Mentioned {
  people: { id: string; email: string; name: string }[];
  agents: { id: string; name: string; person_id: string }[];
}

/**
 * The members and agent connections of this workspace that `text` mentions (`@email`, `@agent-name`).
 * A handle naming nobody here (a non-member, another workspace's agent) mentions nobody.
 */
export async function findMentions(db: Db, ctx: Ctx, text: string): Promise<Mentioned> {
  const handles = mentionHandles(text);
  if (handles.length === 0) return { people: [], agents: [] };
  const emails = handles.filter((h) => h.includes("@"));
  const names = new Set(handles.filter((h) => !h.includes("@")));
  const people = emails.length
    ? await db
        .selectFrom("memberships as m")
        .innerJoin("people as p", "p.id", "m.person_id")
        .select(["p.id", "p.email", "p.name"])
        .where("m.workspace_id", "=", ctx.workspaceId)
        .where(sql<string>`lower(p.email)`, "in", emails)
        .where("p.suspended_at", "is", null)
        .execute()
    : [];
  const agents = names.size
    ? (
        await db
          .selectFrom("connections")
          .select(["id", "name", "person_id"])
          .where("workspace_id", "=", ctx.workspaceId)
          .where("revoked_at", "is", null)
          .execute()
      ).filter((c) => names.has(agentHandle(c.name)))
    : [];
  return { people, agents };
}

// ---------------------------------------------------------------------------------------------------
// Writing items

export interface Notice {
  personId: string;
  kind: InboxKind;
  subject: { type: string; id: string };
  issueId?: string | null;
  title: string;
  excerpt?: string;
}

/** The first line or so of a text, for an inbox item and its mail. */
export const excerptOf = (text: string, max = 200): string => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * Writes inbox items (and their `inbox_item.created` events) in the caller's transaction. A person is
 * not told of what they did themself (unless `evenSelf`: what the service did on their behalf); one
 * told of something by their own agent is. The same person is told once per call.
 */
export async function notify(
  trx: Transaction<Database>,
  ctx: Ctx,
  notices: readonly Notice[],
  options: { evenSelf?: boolean } = {},
): Promise<void> {
  const at = ctx.core.clock.now().toISOString();
  const seen = new Set<string>();
  const rows = [];
  for (const n of notices) {
    // a person is not told of what they did themselves; an agent's or code host integration's acts are told
    const self = !actsAsAgent(ctx) && !ctx.actor.via.startsWith("int_") && n.personId === ctx.actor.personId;
    if (!options.evenSelf && self) continue;
    const key = `${n.personId}:${n.kind}:${n.subject.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({
      id: newId("inb", new Date(at)),
      workspace_id: ctx.workspaceId,
      person_id: n.personId,
      kind: n.kind,
      subject_type: n.subject.type,
      subject_id: n.subject.id,
      issue_id: n.issueId ?? null,
      title: n.title,
      excerpt: n.excerpt ?? "",
      actor_id: ctx.actor.personId,
      actor_via: ctx.actor.via,
      created_at: at,
      read_at: null,
      emailed_at: null,
    });
  }
  if (rows.length === 0) return;
  await trx.insertInto("inbox_items").values(rows).execute();
  await emitEvents(
    trx,
    ctx,
    rows.map((r) => ({
      type: "inbox_item.created",
      object: { type: "inbox_item", id: r.id },
      data: { person_id: r.person_id, kind: r.kind, subject: { type: r.subject_type, id: r.subject_id } },
      at,
    })),
  );
}

/**
 * Mentions in `text` that `before` did not already hold: an inbox item for each member mentioned and a
 * `mention.created` event for each member and agent connection (an agent filters those naming it).
 */
export async function recordMentions(
  trx: Transaction<Database>,
  ctx: Ctx,
  where: { type: string; id: string; issueId?: string | null; title: string },
  text: string,
  before = "",
): Promise<void> {
  const now = await findMentions(trx, ctx, text);
  if (now.people.length === 0 && now.agents.length === 0) return;
  const old = before ? await findMentions(trx, ctx, before) : { people: [], agents: [] };
  const had = new Set([...old.people.map((p) => p.id), ...old.agents.map((a) => a.id)]);
  const people = now.people.filter((p) => !had.has(p.id));
  const agents = now.agents.filter((a) => !had.has(a.id));
  const excerpt = excerptOf(text);
  await notify(
    trx,
    ctx,
    people.map((p) => ({
      personId: p.id,
      kind: "mention" as const,
      subject: { type: where.type, id: where.id },
      issueId: where.issueId ?? null,
      title: where.title,
      excerpt,
    })),
  );
  const at = ctx.core.clock.now().toISOString();
  await emitEvents(trx, ctx, [
    ...people.map((p) => ({
      type: "mention.created",
      object: { type: where.type, id: where.id },
      data: { mentioned: { type: "person", id: p.id, name: p.name }, title: where.title, excerpt },
      at,
    })),
    ...agents.map((a) => ({
      type: "mention.created",
      object: { type: where.type, id: where.id },
      data: {
        mentioned: { type: "agent", id: a.id, name: a.name, person_id: a.person_id },
        title: where.title,
        excerpt,
      },
      at,
    })),
  ]);
}

/** The people a space names as reviewers; when it names none, the workspace's Owner and admins. */
export async function reviewersOf(db: Db, ctx: Ctx, spaceId: string): Promise<string[]> {
  const space = await db
    .selectFrom("spaces")
    .select("reviewers")
    .where("id", "=", spaceId)
    .where("workspace_id", "=", ctx.workspaceId)
    .executeTakeFirst();
  const named: string[] = space ? JSON.parse(space.reviewers) : [];
  let query = db
    .selectFrom("memberships")
    .select("person_id")
    .where("workspace_id", "=", ctx.workspaceId)
    .orderBy("person_id");
  query = named.length
    ? query.where("person_id", "in", named)
    : query.where("role", "in", ["owner", "admin"]);
  return (await query.execute()).map((r) => r.person_id);
}

// ---------------------------------------------------------------------------------------------------
// Reading

export const inboxItemView = z
  .object({
    id: z.string(),
    kind: z
      .enum(INBOX_KINDS)
      .describe(
        "mention: you were mentioned; assignment: an issue was assigned to you; approval: a question waits for your answer; review: an issue waits for your review; webhook_disabled (the Owner's): the service disabled a webhook (its creator's access ended, or its receiver kept failing), the reason in `excerpt`; session_awaiting_input: an agent's run waits for your answer; session_stale: an agent's run went silent; session_error: an agent's run ended in an error; budget_warning: a budget passed 80% of its month; budget_exceeded: a budget is spent (its agent's runs stop and it takes no new work this month).",
      ),
    subject: z
      .object({
        type: z.string().describe("comment, issue, decision, note, approval, webhook, budget or session."),
        id: z.string(),
        url: z.string().describe("Where it is read (a /v1 path)."),
      })
      .describe("What the item is about."),
    issue: z
      .object({ id: z.string(), identifier: z.string(), title: z.string() })
      .nullable()
      .describe("The issue it concerns, if any."),
    title: z.string().describe("One line saying what happened."),
    excerpt: z
      .string()
      .describe("The start of the text concerned (a comment, a question; why a webhook was disabled)."),
    actor: actorNamed,
    read: z.boolean(),
    read_at: timeOut.nullable(),
    created_at: timeOut,
  })
  .meta({ id: "InboxItem" });
export type InboxItemView = z.output<typeof inboxItemView>;

export const listInboxQuery = z.strictObject({
  ...pageQuery,
  unread: queryBool.optional().describe("true: only unread items; false: only read ones."),
  kind: z
    .enum(INBOX_KINDS, { error: `must be one of ${INBOX_KINDS.join(", ")}` })
    .optional()
    .describe("Only items of this kind."),
});
export type ListInboxQuery = z.output<typeof listInboxQuery>;

const PATHS: Record<string, string> = {
  comment: "comments",
  issue: "issues",
  decision: "decisions",
  note: "notes",
  approval: "approvals",
  webhook: "webhooks",
  budget: "budgets",
  session: "sessions",
};

function itemsQuery(ctx: Ctx) {
  return ctx.core.db
    .selectFrom("inbox_items as n")
    .leftJoin("issues as i", "i.id", "n.issue_id")
    .selectAll("n")
    .select(["i.identifier as issue_identifier", "i.title as issue_title"])
    .where("n.person_id", "=", ctx.actor.personId)
    .where("n.workspace_id", "=", ctx.workspaceId);
}

type ItemRow = InboxItemsTable & { issue_identifier: string | null; issue_title: string | null };

async function itemViews(db: Db, rows: readonly ItemRow[]): Promise<InboxItemView[]> {
  const named = await namedActors(
    db,
    rows.map((r) => ({ person: r.actor_id, via: r.actor_via })),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    subject: { type: r.subject_type, id: r.subject_id, url: `/v1/${PATHS[r.subject_type]}/${r.subject_id}` },
    issue:
      r.issue_id && r.issue_identifier
        ? { id: r.issue_id, identifier: r.issue_identifier, title: r.issue_title ?? "" }
        : null,
    title: r.title,
    excerpt: r.excerpt,
    actor: named(r.actor_id, r.actor_via),
    read: r.read_at !== null,
    read_at: r.read_at,
    created_at: r.created_at,
  }));
}

/** The caller's inbox in this workspace, newest first, with how many items are unread. */
export async function listInbox(
  ctx: Ctx,
  q: ListInboxQuery,
): Promise<Page<InboxItemView> & { unread_count: number }> {
  let query = itemsQuery(ctx);
  if (q.unread === true) query = query.where("n.read_at", "is", null);
  if (q.unread === false) query = query.where("n.read_at", "is not", null);
  if (q.kind) query = query.where("n.kind", "=", q.kind);
  const [page, count] = await Promise.all([
    paginate(query, "inbox", [{ column: "n.id", direction: "desc" }], q),
    unreadCount(ctx),
  ]);
  return {
    data: await itemViews(ctx.core.db, page.data as ItemRow[]),
    next_cursor: page.next_cursor,
    unread_count: count,
  };
}

/** One of the caller's inbox items; 404 for another person's. */
export async function getInboxItem(ctx: Ctx, id: string): Promise<InboxItemView> {
  const row = await itemsQuery(ctx).where("n.id", "=", parse(inboxItemId, id)).executeTakeFirst();
  if (!row) throw notFound(`No inbox item ${id} of yours in this workspace.`);
  return (await itemViews(ctx.core.db, [row as ItemRow]))[0]!;
}

/** How many of the caller's items in this workspace are unread. */
export async function unreadCount(ctx: Ctx): Promise<number> {
  const row = await ctx.core.db
    .selectFrom("inbox_items")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("person_id", "=", ctx.actor.personId)
    .where("workspace_id", "=", ctx.workspaceId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export const readResult = z.object({
  read: z.int().min(0).describe("How many items this marked read (0 when they were read already)."),
  unread_count: z.int().min(0).describe("How many of your items are still unread."),
});

/** Marks one of the caller's items read; 404 for an item that is not theirs. */
export async function markRead(ctx: Ctx, id: string): Promise<z.output<typeof readResult>> {
  const itemId = parse(inboxItemId, id);
  const item = await ctx.core.db
    .selectFrom("inbox_items")
    .select(["id", "read_at"])
    .where("id", "=", itemId)
    .where("person_id", "=", ctx.actor.personId)
    .where("workspace_id", "=", ctx.workspaceId)
    .executeTakeFirst();
  if (!item) throw notFound(`No inbox item ${itemId} of yours in this workspace.`);
  let read = 0;
  if (item.read_at === null) {
    const r = await ctx.core.db
      .updateTable("inbox_items")
      .set({ read_at: ctx.core.clock.now().toISOString() })
      .where("id", "=", itemId)
      .where("read_at", "is", null)
      .executeTakeFirst();
    read = Number(r.numUpdatedRows);
  }
  return { read, unread_count: await unreadCount(ctx) };
}

/** Marks every unread item of the caller in this workspace read (of one kind, when given). */
export async function markAllRead(
  ctx: Ctx,
  input: { kind?: InboxKind | undefined } = {},
): Promise<z.output<typeof readResult>> {
  let q = ctx.core.db
    .updateTable("inbox_items")
    .set({ read_at: ctx.core.clock.now().toISOString() })
    .where("person_id", "=", ctx.actor.personId)
    .where("workspace_id", "=", ctx.workspaceId)
    .where("read_at", "is", null);
  if (input.kind) q = q.where("kind", "=", input.kind);
  const r = await q.executeTakeFirst();
  return { read: Number(r.numUpdatedRows), unread_count: await unreadCount(ctx) };
}

export const readAllInput = z.strictObject({
  kind: z
    .enum(INBOX_KINDS, { error: `must be one of ${INBOX_KINDS.join(", ")}` })
    .optional()
    .describe("Only items of this kind; all unread items when left out."),
});

// ---------------------------------------------------------------------------------------------------
// Mail settings

export const INBOX_EMAIL = ["off", "immediate", "daily"] as const;

export const inboxSettingsView = z
  .object({
    email: z
      .enum(INBOX_EMAIL)
      .describe(
        "Mail about new inbox items: off, immediate (one mail per item), or daily (one digest a day).",
      ),
    address: z.string().describe("Where the mail goes: your account's address."),
  })
  .meta({ id: "InboxSettings" });

export const inboxSettingsInput = z.strictObject({
  email: z
    .enum(INBOX_EMAIL, { error: `must be one of ${INBOX_EMAIL.join(", ")}` })
    .describe("off, immediate or daily."),
});

export async function getInboxSettings(ctx: Ctx): Promise<z.output<typeof inboxSettingsView>> {
  const p = await ctx.core.db
    .selectFrom("people")
    .select(["email", "inbox_email"])
    .where("id", "=", ctx.actor.personId)
    .executeTakeFirstOrThrow();
  return { email: p.inbox_email, address: p.email };
}

/** Sets the caller's mail about the inbox; a person's own choice, so an agent connection cannot. */
export async function setInboxSettings(
  ctx: Ctx,
  input: z.input<typeof inboxSettingsInput>,
): Promise<z.output<typeof inboxSettingsView>> {
  const data = parse(inboxSettingsInput, input);
  if (actsAsAgent(ctx))
    throw new DocketError(
      403,
      "forbidden",
      "Only the person may change their own mail settings, not an agent.",
    );
  const now = ctx.core.clock.now().toISOString();
  await ctx.core.db
    .updateTable("people")
    .set({
      inbox_email: data.email,
      // a digest starts from now, not from the whole inbox
      ...(data.email === "daily" ? { digest_sent_at: now } : {}),
      updated_at: now,
    })
    .where("id", "=", ctx.actor.personId)
    .execute();
  return getInboxSettings(ctx);
}
