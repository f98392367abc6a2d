import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import { identityChanged, insertSpace, roleOf } from "../auth/workspaces.ts";
import type { Database } from "../db/schema.ts";
import { isUniqueViolation } from "../db/store.ts";
import { conflict, DocketError, invalid, notFound } from "../errors.ts";
import { displayName, parse } from "../validate.ts";
import { diff, recordActivity } from "./activity.ts";
import { timeOut } from "./common.ts";
import type { Ctx } from "./context.ts";
import { actingIdentity, actsAsAgent } from "./inbox.ts";
import { type Page, type PageInput, pageQuery, paginate } from "./pagination.ts";

/**
 * A space's review policy: who may mark its issues done (`done_requires`), and its reviewers (told when
 * an issue moves to in_review, and asked approvals nobody in particular is asked). Workspace admins set
 * it, as themselves: an agent connection never can, even an admin's.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const DONE_REQUIRES = ["anyone", "not_author", "person"] as const;
export type DoneRequires = (typeof DONE_REQUIRES)[number];

const prefixParam = z
  .string({ error: "must be a space prefix such as ENG" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9]{1,9}$/, { error: "must be a space prefix such as ENG" });
/** A space named by its prefix (`ENG`, any case) or its id (`spc_…`, as events name it). */
export const spaceRefParam = z
  .string({ error: "must be a space prefix such as ENG, or a space id (spc_…)" })
  .trim()
  .regex(/^([A-Za-z][A-Za-z0-9]{1,9}|spc_[0-9A-Z]{26})$/, {
    error: "must be a space prefix such as ENG, or a space id (spc_…)",
  })
  .transform((s) => (s.startsWith("spc_") ? s : s.toUpperCase()));
export const spaceParams = z.strictObject({
  prefix: spaceRefParam.describe("The space's prefix, e.g. ENG (or its id, spc_…, as its events name it)."),
});

export const spaceView = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    done_requires: z
      .enum(DONE_REQUIRES)
      .describe(
        "Who may mark an issue done: anyone; not_author (someone other than whoever last changed its title or description); person (a person, never an agent connection).",
      ),
    reviewers: z
      .array(z.object({ id: z.string(), name: z.string(), email: z.string() }))
      .describe("The people told when an issue moves to in_review."),
    reviewers_default: z
      .boolean()
      .describe("true when the space names no reviewers, so its reviewers are the workspace's admins."),
    session_stale_minutes: z
      .int()
      .min(1)
      .describe(
        "Minutes without an activity after which a live agent run on the space's issues is `stale` (30 unless set).",
      ),
    auto_start_on_branch: z
      .boolean()
      .describe(
        "Code hosts: a branch, or a draft pull request, naming a backlog or todo issue moves it to in_progress (on unless turned off).",
      ),
    auto_review_on_pr: z
      .boolean()
      .describe(
        "Code hosts: a pull request ready for review moves its issue to in_review (on unless turned off).",
      ),
    auto_done_on_merge: z
      .boolean()
      .describe(
        "Code hosts: merging a pull request whose closing word (fixes, closes, resolves…) or branch names the issue finishes it, through the review policy: a policy that needs a person asks the reviewers instead (on unless turned off).",
      ),
    updated_at: timeOut,
  })
  .meta({ id: "Space" });
export type SpaceView = z.output<typeof spaceView>;

const spaceName = displayName(100).describe(
  "The space's name, 1 to 100 characters, unique in the workspace.",
);

export const updateSpaceInput = z.strictObject({
  name: spaceName.optional(),
  done_requires: z
    .enum(DONE_REQUIRES, { error: `must be one of ${DONE_REQUIRES.join(", ")}` })
    .optional()
    .describe("anyone, not_author or person."),
  reviewers: z
    .array(z.string({ error: "must be a member's email or id" }).trim().min(1).max(254), {
      error: "must be an array of members' emails or ids",
    })
    .max(50, { error: "must name at most 50 reviewers" })
    .optional()
    .describe("Members (email or usr_… id) to review the space's issues; [] for the workspace's admins."),
  session_stale_minutes: z
    .number({ error: "must be a whole number of minutes" })
    .int({ error: "must be a whole number of minutes" })
    .min(5, { error: "must be at least 5 minutes" })
    .max(10_080, { error: "must be at most 10,080 minutes (a week)" })
    .optional()
    .describe("Minutes without an activity after which a live agent run is `stale`, 5 to 10,080 (a week)."),
  auto_start_on_branch: z
    .boolean({ error: "must be true or false" })
    .optional()
    .describe("Code hosts: a branch or draft pull request moves a backlog/todo issue to in_progress."),
  auto_review_on_pr: z
    .boolean({ error: "must be true or false" })
    .optional()
    .describe("Code hosts: a pull request ready for review moves its issue to in_review."),
  auto_done_on_merge: z
    .boolean({ error: "must be true or false" })
    .optional()
    .describe("Code hosts: a merge with a closing word finishes the issue (through the review policy)."),
});
const AUTOMATION = ["auto_start_on_branch", "auto_review_on_pr", "auto_done_on_merge"] as const;
export type UpdateSpaceInput = z.input<typeof updateSpaceInput>;

/** The workspace's space with this prefix or id (`spc_…`); another workspace's is 404, as a missing one. */
export async function findSpace(db: Db, ctx: Ctx, ref: string) {
  const row = await db
    .selectFrom("spaces")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where(ref.startsWith("spc_") ? "id" : "prefix", "=", ref)
    .executeTakeFirst();
  if (!row) throw notFound(`No space ${ref} in this workspace.`);
  return row;
}

async function view(db: Db, ctx: Ctx, row: Awaited<ReturnType<typeof findSpace>>): Promise<SpaceView> {
  // the reviewers as reviewersOf finds them (the members the space names, else the Owner and admins),
  // from the row already read, in one statement with their names
  const named: string[] = JSON.parse(row.reviewers);
  const people = await db
    .selectFrom("memberships as m")
    .innerJoin("people as p", "p.id", "m.person_id")
    .select(["p.id", "p.name", "p.email"])
    .where("m.workspace_id", "=", ctx.workspaceId)
    .where(named.length ? "m.person_id" : "m.role", "in", named.length ? named : ["owner", "admin"])
    .orderBy("p.email")
    .execute();
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    done_requires: row.done_requires,
    reviewers: people,
    reviewers_default: named.length === 0,
    session_stale_minutes: row.session_stale_minutes,
    auto_start_on_branch: Boolean(Number(row.auto_start_on_branch)),
    auto_review_on_pr: Boolean(Number(row.auto_review_on_pr)),
    auto_done_on_merge: Boolean(Number(row.auto_done_on_merge)),
    updated_at: row.updated_at,
  };
}

export async function getSpace(ctx: Ctx, prefix: string): Promise<SpaceView> {
  const p = parse(spaceRefParam, prefix);
  return view(ctx.core.db, ctx, await findSpace(ctx.core.db, ctx, p));
}

export const listSpacesQuery = z.strictObject({ ...pageQuery });

/** The workspace's spaces by prefix, a page at a time. */
export async function listSpaces(ctx: Ctx, q: PageInput): Promise<Page<SpaceView>> {
  const page = await paginate(
    ctx.core.db.selectFrom("spaces as s").selectAll("s").where("s.workspace_id", "=", ctx.workspaceId),
    "spaces",
    [{ column: "s.prefix", direction: "asc" }],
    q,
  );
  const data = [];
  for (const r of page.data) data.push(await view(ctx.core.db, ctx, r));
  return { data, next_cursor: page.next_cursor };
}

/** The people `refs` name (email or id), each a member of this workspace; else 400 naming the item. */
async function memberIds(db: Db, workspaceId: string, refs: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  const fields: Record<string, string> = {};
  for (const [i, ref] of refs.entries()) {
    const row = await db
      .selectFrom("memberships as m")
      .innerJoin("people as p", "p.id", "m.person_id")
      .select("p.id")
      .where("m.workspace_id", "=", workspaceId)
      .where(ref.includes("@") ? "p.email" : "p.id", "=", ref.includes("@") ? ref.toLowerCase() : ref)
      .executeTakeFirst();
    if (row) out.push(row.id);
    else fields[`reviewers[${i}]`] = `no member ${ref} in this workspace`;
  }
  if (Object.keys(fields).length) {
    throw invalid(
      `Invalid input: ${Object.entries(fields)
        .map(([f, m]) => `${f}: ${m}`)
        .join("; ")}`,
      fields,
    );
  }
  return [...new Set(out)];
}

/** Sets a space's review policy and reviewers; the operator's tool passes `asOperator`. */
export async function updateSpace(
  ctx: Ctx,
  prefix: string,
  input: UpdateSpaceInput,
  options: { asOperator?: boolean } = {},
): Promise<SpaceView> {
  const data = parse(updateSpaceInput, input);
  const p = parse(spaceRefParam, prefix);
  const db = ctx.core.db;
  if (!options.asOperator)
    await requireAdmin(
      ctx,
      data.name !== undefined && Object.keys(data).length === 1
        ? "rename a space"
        : "change a space's review policy",
    );
  const row = await findSpace(db, ctx, p);
  if (data.name !== undefined && data.name !== row.name) await refuseNameClash(db, ctx, data.name, row.id);
  const reviewers =
    data.reviewers === undefined ? undefined : await memberIds(db, ctx.workspaceId, data.reviewers);
  const at = ctx.core.clock.now().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      const query = trx.selectFrom("spaces").selectAll().where("id", "=", row.id);
      const current = await (ctx.core.store.kind === "postgres"
        ? query.forNoKeyUpdate()
        : query
      ).executeTakeFirst();
      if (!current) throw notFound(`No space ${p} in this workspace.`);
      const changes = diff(
        {
          name: current.name,
          done_requires: current.done_requires,
          reviewers: JSON.parse(current.reviewers),
          session_stale_minutes: current.session_stale_minutes,
          ...Object.fromEntries(AUTOMATION.map((k) => [k, Boolean(Number(current[k]))])),
        },
        {
          name: data.name ?? current.name,
          done_requires: data.done_requires ?? current.done_requires,
          reviewers: reviewers ?? JSON.parse(current.reviewers),
          session_stale_minutes: data.session_stale_minutes ?? current.session_stale_minutes,
          ...Object.fromEntries(AUTOMATION.map((k) => [k, data[k] ?? Boolean(Number(current[k]))])),
        },
      );
      if (Object.keys(changes).length === 0) return;
      await trx
        .updateTable("spaces")
        .set({
          ...(data.done_requires ? { done_requires: data.done_requires } : {}),
          ...(reviewers ? { reviewers: JSON.stringify(reviewers) } : {}),
          ...(data.name !== undefined ? { name: data.name } : {}),
          ...(data.session_stale_minutes !== undefined
            ? { session_stale_minutes: data.session_stale_minutes }
            : {}),
          ...Object.fromEntries(
            AUTOMATION.filter((k) => data[k] !== undefined).map((k) => [k, data[k] ? 1 : 0]),
          ),
          updated_at: at,
        })
        .where("id", "=", row.id)
        .execute();
      // published as `space.updated`, with the fields that changed
      await recordActivity(trx, ctx, { type: "space", id: row.id }, "updated", changes, at);
    });
  } catch (error) {
    // renamed at the same moment to the same name by someone else: the unique key holds
    if (isUniqueViolation(error)) throw conflict(`This workspace already has a space named "${data.name}".`);
    throw error;
  }
  if (data.name !== undefined) await identityChanged(ctx.core);
  return view(db, ctx, await findSpace(db, ctx, row.id));
}

/** Workspace admins (and the Owner), as themselves: others and every agent connection get 403. */
async function requireAdmin(ctx: Ctx, doing: string): Promise<void> {
  if (actsAsAgent(ctx))
    throw new DocketError(403, "forbidden", `Only a workspace admin may ${doing}, never an agent.`);
  const role = await roleOf(ctx.core, ctx.workspaceId, ctx.actor.personId);
  if (role !== "owner" && role !== "admin")
    throw new DocketError(403, "forbidden", `Only the workspace's Owner and admins may ${doing}.`);
}

async function refuseNameClash(db: Db, ctx: Ctx, name: string, self?: string): Promise<void> {
  const clash = await db
    .selectFrom("spaces")
    .select("id")
    .where("workspace_id", "=", ctx.workspaceId)
    .where("name", "=", name)
    .executeTakeFirst();
  if (clash && clash.id !== self) throw conflict(`This workspace already has a space named "${name}".`);
}

export const createSpaceBody = z.strictObject({
  name: spaceName,
  prefix: prefixParam.describe(
    "2 to 10 letters or digits, starting with a letter: the ENG of ENG-42. It cannot be changed later (issue identifiers are made from it).",
  ),
});
export type CreateSpaceBody = z.input<typeof createSpaceBody>;

/**
 * Makes a space (workspace admins, as themselves); 409 when the prefix or the name is taken, 400 when the
 * workspace has MAX_SPACES already (counted under the workspace's row lock: see `insertSpace`). Published
 * as `space.created`.
 */
export async function createSpace(ctx: Ctx, input: CreateSpaceBody): Promise<SpaceView> {
  const data = parse(createSpaceBody, input);
  await requireAdmin(ctx, "create a space");
  const db = ctx.core.db;
  try {
    await db.transaction().execute(async (trx) => {
      const space = await insertSpace(trx, ctx.core, ctx.workspaceId, data.name, data.prefix);
      await recordActivity(
        trx,
        ctx,
        { type: "space", id: space.id },
        "created",
        { name: { from: null, to: space.name }, prefix: { from: null, to: space.prefix } },
        space.created_at,
      );
    });
  } catch (error) {
    // made at the same moment by someone else: the unique keys hold
    if (isUniqueViolation(error))
      throw conflict(
        `This workspace already has a space with the prefix ${data.prefix} or the name "${data.name}".`,
      );
    throw error;
  }
  await identityChanged(ctx.core);
  return view(db, ctx, await findSpace(db, ctx, data.prefix));
}

/**
 * Refuses (403 `review_required`) marking `issue` done when its space's policy does not let the caller:
 * `person` wants a person, not an agent connection; `not_author` someone other than whoever last changed
 * the issue's title or description (an agent connection and the person it acts for count apart).
 */
export async function checkDonePolicy(
  db: Db,
  ctx: Ctx,
  issue: {
    identifier: string;
    space_id: string;
    substance_by: string | null;
    created_by: string;
    created_via: string;
  },
): Promise<void> {
  const space = await db
    .selectFrom("spaces")
    .select(["prefix", "done_requires"])
    .where("id", "=", issue.space_id)
    .executeTakeFirst();
  const policy = space?.done_requires ?? "anyone";
  if (policy === "anyone") return;
  const ask = `next: PATCH /v1/issues/${issue.identifier} {"status": "in_review"}, then POST /v1/issues/${issue.identifier}/approvals {"mark_done": true}; a person's approval marks it done`;
  // a code host integration is no person either: its merge asks a reviewer instead (src/tracker/integrations)
  if (policy === "person" && (actsAsAgent(ctx) || ctx.actor.via.startsWith("int_"))) {
    throw reviewRequired(
      `${issue.identifier} needs a person to mark it done (space ${space!.prefix} requires a person): an agent may move it to in_review, and a person marks it done; ${ask}.`,
      "a person (not an agent connection)",
      issue.identifier,
    );
  }
  if (policy === "not_author") {
    const author =
      issue.substance_by ?? (issue.created_via.startsWith("con_") ? issue.created_via : issue.created_by);
    if (author === actingIdentity(ctx)) {
      throw reviewRequired(
        `${issue.identifier} needs review by someone other than its author (space ${space!.prefix} requires not_author): you last changed its substance, so someone else must mark it done; ${ask}.`,
        "someone other than whoever last changed its title or description",
        issue.identifier,
      );
    }
  }
}

function reviewRequired(description: string, mayFinish: string, identifier: string): DocketError {
  return new DocketError(403, "review_required", description, {
    body: {
      review: {
        may_finish: mayFinish,
        ask: `POST /v1/issues/${identifier}/approvals`,
        // the steps in order; a "mark done?" approval marks the issue done when a person approves it
        steps: [
          { method: "PATCH", path: `/v1/issues/${identifier}`, body: { status: "in_review" } },
          { method: "POST", path: `/v1/issues/${identifier}/approvals`, body: { mark_done: true } },
        ],
      },
    },
  });
}

export const finishingView = z
  .object({
    done_requires: z.enum(DONE_REQUIRES),
    reviewers: z
      .array(z.object({ id: z.string(), name: z.string(), email: z.string() }))
      .describe("Who is asked a mark_done approval when nobody is named."),
    how: z.string().describe("How to finish an issue of this space."),
  })
  .describe("How an issue of its space is finished: who may mark it done, and how to ask them.");
export type FinishingView = z.output<typeof finishingView>;

const FINISH_HOW: Record<DoneRequires, string> = {
  anyone: "Anyone may mark it done.",
  person:
    "A person must mark this done: move it to in_review, then request approval with mark_done: true; a person's approval marks it done.",
  not_author:
    "Someone other than whoever last changed its title or description marks it done: if that was you, move it to in_review, then request approval with mark_done: true.",
};

/** How issues of the space with this prefix are finished (the bundle and a claim's answer say it). */
export async function finishingOf(ctx: Ctx, prefix: string): Promise<FinishingView> {
  const space = await getSpace(ctx, prefix);
  return finishingFrom(space.done_requires, space.reviewers);
}

/** How issues of a space are finished, from its rule and its reviewers as `getSpace` names them. */
export const finishingFrom = (
  doneRequires: DoneRequires,
  reviewers: FinishingView["reviewers"],
): FinishingView => ({ done_requires: doneRequires, reviewers, how: FINISH_HOW[doneRequires] });
