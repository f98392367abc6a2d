import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { ApprovalsTable, Database } from "../db/schema.ts";
import { conflict, DocketError, invalid, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { parse } from "../validate.ts";
import { recordActivity } from "./activity.ts";
import { objectId, timeOut, versionOut } from "./common.ts";
import type { Ctx } from "./context.ts";
import { emitEvent } from "./events.ts";
import { actorNamed, actsAsAgent, excerptOf, namedActors, notify, reviewersOf } from "./inbox.ts";
import { CLOSED_STATUSES, resolveIssue, updateIssue } from "./issues.ts";
import { type Page, pageQuery, paginate } from "./pagination.ts";

/**
 * Approval requests: anyone who may write (typically an agent) asks a question on an issue; a person
 * answers it, never an agent connection. The asker waits for `approval.resolved` on the event stream, or
 * reads the approval. An open approval shows on the issue and in the inbox of whoever is asked (the
 * person named, else the space's reviewers).
 */

type Db = Kysely<Database> | Transaction<Database>;
export type ApprovalRow = ApprovalsTable;

export const approvalId = objectId("apr", "approval");
export const APPROVE = "approve";
export const REJECT = "reject";

const option = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, { error: "must not be empty" })
  .max(100, { error: "must be at most 100 characters" });

export const requestApprovalInput = z.strictObject({
  question: z
    .string({ error: "must be a string" })
    .trim()
    .min(1, { error: "must not be empty" })
    .max(10_000, { error: "must be at most 10,000 characters" })
    .optional()
    .describe('Markdown. With mark_done, "Mark ENG-42 done?" when left out.'),
  options: z
    .array(option, { error: "must be an array of strings" })
    .min(2, { error: "must offer at least 2 options" })
    .max(10, { error: "must offer at most 10 options" })
    .refine((list) => new Set(list.map((o) => o.toLowerCase())).size === list.length, {
      error: "must not repeat an option",
    })
    .optional()
    .describe('The answers offered, e.g. ["Ship it", "Hold"]; approve or reject when left out.'),
  from: z
    .string({ error: "must be a member's email or id" })
    .trim()
    .min(1, { error: "must be a member's email or id" })
    .max(254)
    .optional()
    .describe("The person asked (email or id); the space's reviewers when left out."),
  mark_done: z
    .boolean({ error: "must be true or false" })
    .optional()
    .describe("true: approving marks the issue done, as the person approving (no options)."),
});
export type RequestApprovalInput = z.input<typeof requestApprovalInput>;

export const answerApprovalInput = z
  .strictObject({
    option: option.optional().describe("One of the approval's options."),
    approve: z
      .boolean({ error: "must be true or false" })
      .optional()
      .describe("true approves, false rejects."),
    comment: z
      .string({ error: "must be a string" })
      .max(10_000, { error: "must be at most 10,000 characters" })
      .optional()
      .describe("Why, for the asker (Markdown)."),
  })
  .refine((a) => (a.option === undefined) !== (a.approve === undefined), {
    error: "send either option or approve, one of them",
    path: ["option"],
  });
export type AnswerApprovalInput = z.input<typeof answerApprovalInput>;

export const listApprovalsQuery = z.strictObject({
  ...pageQuery,
  status: z
    .enum(["open", "resolved"], { error: "must be open or resolved" })
    .optional()
    .describe("Only open or only resolved approvals; all when left out."),
});

export const approvalView = z
  .object({
    id: z.string(),
    issue: z.object({ id: z.string(), identifier: z.string(), title: z.string() }),
    question: z.string(),
    options: z.array(z.string()).describe("The answers offered: its own options, or approve and reject."),
    asked_of: z
      .object({ id: z.string(), name: z.string(), email: z.string() })
      .nullable()
      .describe("The person asked; null when the space's reviewers are."),
    marks_done: z
      .boolean()
      .describe(
        "true when approving marks the issue done (as the person who approves); rejecting changes nothing.",
      ),
    status: z.enum(["open", "resolved"]),
    answer: z.string().nullable().describe("The option chosen (approve or reject for a yes/no question)."),
    approved: z
      .boolean()
      .nullable()
      .describe("For a yes/no question: whether it was approved; null while open or for other options."),
    comment: z.string().nullable(),
    answered_by: actorNamed.nullable(),
    answered_at: timeOut.nullable(),
    asked_by: actorNamed,
    version: versionOut,
    created_at: timeOut,
  })
  .meta({ id: "Approval" });
export type ApprovalView = z.output<typeof approvalView>;

async function views(db: Db, rows: readonly ApprovalRow[]): Promise<ApprovalView[]> {
  if (rows.length === 0) return [];
  const issues = new Map(
    (
      await db
        .selectFrom("issues")
        .select(["id", "identifier", "title"])
        .where(
          "id",
          "in",
          rows.map((r) => r.issue_id),
        )
        .execute()
    ).map((i) => [i.id, i]),
  );
  const askedIds = rows.map((r) => r.asked_of).filter((x): x is string => x !== null);
  const asked = new Map(
    askedIds.length
      ? (
          await db.selectFrom("people").select(["id", "name", "email"]).where("id", "in", askedIds).execute()
        ).map((p) => [p.id, p])
      : [],
  );
  const named = await namedActors(db, [
    ...rows.map((r) => ({ person: r.created_by, via: r.created_via })),
    ...rows.flatMap((r) => (r.answered_by ? [{ person: r.answered_by, via: r.answered_via! }] : [])),
  ]);
  return rows.map((r) => {
    const options: string[] = JSON.parse(r.options);
    const yesNo = options.length === 2 && options[0] === APPROVE && options[1] === REJECT;
    return {
      id: r.id,
      issue: issues.get(r.issue_id) ?? { id: r.issue_id, identifier: "", title: "" },
      question: r.question,
      options,
      asked_of: r.asked_of ? (asked.get(r.asked_of) ?? null) : null,
      marks_done: Number(r.marks_done) === 1,
      status: r.status,
      answer: r.answer,
      approved: yesNo && r.answer ? r.answer === APPROVE : null,
      comment: r.comment,
      answered_by: r.answered_by ? named(r.answered_by, r.answered_via!) : null,
      answered_at: r.answered_at,
      asked_by: named(r.created_by, r.created_via),
      version: r.version,
      created_at: r.created_at,
    };
  });
}

async function findApproval(db: Db, ctx: Ctx, id: string, lock = false): Promise<ApprovalRow> {
  let q = db
    .selectFrom("approvals")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id);
  if (lock && ctx.core.store.kind === "postgres") q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound(`No approval ${id} in this workspace.`);
  return row;
}

export async function getApproval(ctx: Ctx, id: string): Promise<ApprovalView> {
  const row = await findApproval(ctx.core.db, ctx, parse(approvalId, id));
  return (await views(ctx.core.db, [row]))[0]!;
}

/** An issue's approvals, newest first. */
export async function listApprovals(
  ctx: Ctx,
  ref: string,
  q: z.output<typeof listApprovalsQuery>,
): Promise<Page<ApprovalView>> {
  const issue = await resolveIssue(ctx, ref);
  let query = ctx.core.db
    .selectFrom("approvals as a")
    .selectAll("a")
    .where("a.workspace_id", "=", ctx.workspaceId)
    .where("a.issue_id", "=", issue.id);
  if (q.status) query = query.where("a.status", "=", q.status);
  const page = await paginate(
    query,
    "approvals",
    [
      { column: "a.created_at", direction: "desc" },
      { column: "a.id", direction: "desc" },
    ],
    q,
  );
  return { data: await views(ctx.core.db, page.data), next_cursor: page.next_cursor };
}

/** The open approvals of an issue (by id), oldest first: for the issue's bundle. */
export async function openApprovals(ctx: Ctx, issueId: string): Promise<ApprovalView[]> {
  const rows = await ctx.core.db
    .selectFrom("approvals")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("issue_id", "=", issueId)
    .where("status", "=", "open")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return views(ctx.core.db, rows);
}

/** Asks a question on an issue: `approval.requested`, and an inbox item for each person asked. */
export async function requestApproval(
  ctx: Ctx,
  ref: string,
  input: RequestApprovalInput,
): Promise<ApprovalView> {
  const data = parse(requestApprovalInput, input);
  const marksDone = data.mark_done === true;
  if (marksDone && data.options)
    throw invalid(
      "options: a mark_done request is a yes/no question (approve or reject); leave options out",
      {
        options: "must be left out with mark_done: approve or reject",
      },
    );
  if (!marksDone && data.question === undefined)
    throw invalid("question: is required (unless mark_done: true)", { question: "is required" });
  const at = ctx.core.clock.now().toISOString();
  let id = newId("apr", new Date(at));
  await ctx.core.db.transaction().execute(async (trx) => {
    const issue = await resolveIssue(ctx, ref, trx);
    if (marksDone) {
      if (CLOSED_STATUSES.includes(issue.status))
        throw conflict(`${issue.identifier} is already ${issue.status}; there is nothing to mark done.`);
      // one open "mark done?" per issue: asking again (a retry) answers the open request
      const open = await trx
        .selectFrom("approvals")
        .select("id")
        .where("issue_id", "=", issue.id)
        .where("status", "=", "open")
        .where("marks_done", "=", 1)
        .executeTakeFirst();
      if (open) {
        id = open.id;
        return;
      }
    }
    const question = data.question ?? `Mark ${issue.identifier} done? ${issue.title}`;
    let askedOf: string | null = null;
    if (data.from) {
      const person = await trx
        .selectFrom("memberships as m")
        .innerJoin("people as p", "p.id", "m.person_id")
        .select("p.id")
        .where("m.workspace_id", "=", ctx.workspaceId)
        .where(
          data.from.includes("@") ? "p.email" : "p.id",
          "=",
          data.from.includes("@") ? data.from.toLowerCase() : data.from,
        )
        .executeTakeFirst();
      if (!person)
        throw invalid(`from: no member ${data.from} in this workspace`, {
          from: `no member ${data.from} in this workspace`,
        });
      if (person.id === ctx.actor.personId && !actsAsAgent(ctx))
        throw invalid(
          "from: you cannot ask yourself; name someone else, or leave it out to ask the reviewers",
          {
            from: "is you: a person does not answer their own request",
          },
        );
      askedOf = person.id;
    }
    const options = data.options ?? [APPROVE, REJECT];
    await trx
      .insertInto("approvals")
      .values({
        id,
        workspace_id: ctx.workspaceId,
        issue_id: issue.id,
        question,
        options: JSON.stringify(options),
        asked_of: askedOf,
        marks_done: marksDone ? 1 : 0,
        status: "open",
        answer: null,
        comment: null,
        answered_by: null,
        answered_via: null,
        answered_at: null,
        version: 1,
        created_by: ctx.actor.personId,
        created_via: ctx.actor.via,
        created_at: at,
      })
      .execute();
    await recordActivity(trx, ctx, [{ type: "approval", id }], "created", {}, at);
    await emitEvent(trx, ctx, {
      type: "approval.requested",
      object: { type: "approval", id },
      data: {
        issue: issue.identifier,
        issue_id: issue.id,
        question,
        options,
        asked_of: askedOf,
        marks_done: marksDone,
      },
      at,
    });
    const people = askedOf ? [askedOf] : await reviewersOf(trx, ctx, issue.space_id);
    await notify(
      trx,
      ctx,
      people.map((personId) => ({
        personId,
        kind: "approval" as const,
        subject: { type: "approval", id },
        issueId: issue.id,
        title: `${issue.identifier}: ${issue.title}`,
        excerpt: excerptOf(question),
      })),
    );
  });
  return getApproval(ctx, id);
}

/**
 * Whether the caller (a person, not an agent) may answer: the person asked; when nobody was named, the
 * space's reviewers (its admins when it names none). Never the asker: a person who asked as themselves
 * does not answer their own question (an agent's person does answer what their agent asked: the agent
 * asked, the person decides). 403 `forbidden` otherwise, naming who may answer.
 */
async function mayAnswer(trx: Db, ctx: Ctx, approval: ApprovalRow): Promise<void> {
  const me = ctx.actor.personId;
  // an agent's or a code host integration's question is answered by its person
  const askedAsThemselves =
    !approval.created_via.startsWith("con_") && !approval.created_via.startsWith("int_");
  if (askedAsThemselves && approval.created_by === me)
    throw new DocketError(
      403,
      "forbidden",
      `You asked approval ${approval.id} yourself; ${approval.asked_of ? "the person asked" : "a reviewer of the space"} answers it.`,
    );
  if (approval.asked_of) {
    if (approval.asked_of === me) return;
    const asked = await trx
      .selectFrom("people")
      .select("email")
      .where("id", "=", approval.asked_of)
      .executeTakeFirst();
    throw new DocketError(
      403,
      "forbidden",
      `Approval ${approval.id} was asked of ${asked?.email ?? approval.asked_of}; only they answer it.`,
    );
  }
  const issue = await trx
    .selectFrom("issues as i")
    .innerJoin("spaces as s", "s.id", "i.space_id")
    .select(["i.space_id", "s.prefix", "s.reviewers"])
    .where("i.id", "=", approval.issue_id)
    .executeTakeFirstOrThrow();
  const reviewers = await reviewersOf(trx, ctx, issue.space_id);
  if (reviewers.includes(me)) return;
  const who = JSON.parse(issue.reviewers).length
    ? `the reviewers of ${issue.prefix}`
    : "the workspace's Owner and admins (the reviewers of a space that names none)";
  throw new DocketError(403, "forbidden", `Only ${who} answer approval ${approval.id}.`);
}

/**
 * A person's answer: one of the options (or approve/reject for a yes/no question) and an optional
 * comment. `approval.resolved`; the approval's inbox items are marked read. An agent connection is
 * refused, and so is a person who may not answer it (`mayAnswer`); an approval already answered is 409.
 */
export async function answerApproval(
  ctx: Ctx,
  id: string,
  input: AnswerApprovalInput,
  ifMatch?: number[],
): Promise<ApprovalView> {
  const data = parse(answerApprovalInput, input);
  const key = parse(approvalId, id);
  if (actsAsAgent(ctx)) {
    throw new DocketError(
      403,
      "forbidden",
      "Only a person answers an approval; an agent connection never can. Wait for approval.resolved on the event stream, or read GET /v1/approvals/" +
        key +
        ".",
    );
  }
  const resolve = async (trx: Transaction<Database>) => {
    const current = await findApproval(trx, ctx, key, true);
    if (ifMatch && !ifMatch.includes(current.version))
      throw new DocketError(412, "precondition_failed", `Approval ${key} changed since you read it.`);
    if (current.status !== "open")
      throw conflict(`Approval ${key} was already answered (${current.answer}).`);
    await mayAnswer(trx, ctx, current);
    const options: string[] = JSON.parse(current.options);
    let answer: string;
    if (data.approve !== undefined) {
      if (!(options[0] === APPROVE && options[1] === REJECT && options.length === 2))
        throw invalid(`approve: this approval offers options (${options.join(", ")}); send option`, {
          approve: `this approval offers options; send option, one of ${options.join(", ")}`,
        });
      answer = data.approve ? APPROVE : REJECT;
    } else {
      const chosen = options.find((o) => o.toLowerCase() === data.option!.toLowerCase());
      if (!chosen)
        throw invalid(`option: must be one of ${options.join(", ")}`, {
          option: `must be one of ${options.join(", ")}`,
        });
      answer = chosen;
    }
    const at = ctx.core.clock.now().toISOString();
    const written = await trx
      .updateTable("approvals")
      .set({
        status: "resolved",
        answer,
        comment: data.comment?.trim() ? data.comment : null,
        answered_by: ctx.actor.personId,
        answered_via: ctx.actor.via,
        answered_at: at,
        version: current.version + 1,
      })
      .where("id", "=", key)
      .where("status", "=", "open")
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) === 0) throw conflict(`Approval ${key} was already answered.`);
    await recordActivity(
      trx,
      ctx,
      [{ type: "approval", id: key }],
      "resolved",
      { answer: { from: null, to: answer } },
      at,
    );
    const issue = await trx
      .selectFrom("issues")
      .select(["identifier"])
      .where("id", "=", current.issue_id)
      .executeTakeFirst();
    await emitEvent(trx, ctx, {
      type: "approval.resolved",
      object: { type: "approval", id: key },
      data: {
        issue: issue?.identifier ?? null,
        issue_id: current.issue_id,
        answer,
        approved: answer === APPROVE ? true : answer === REJECT ? false : null,
        marks_done: Number(current.marks_done) === 1,
        comment: data.comment?.trim() ? data.comment : null,
        asked_by: { person_id: current.created_by, via: current.created_via },
      },
      at,
    });
    await trx
      .updateTable("inbox_items")
      .set({ read_at: at })
      .where("subject_id", "=", key)
      .where("kind", "=", "approval")
      .where("read_at", "is", null)
      .execute();
  };
  // Approving a "mark done?" request marks the issue done as this person, in the same transaction as the
  // answer, through the issue's one write path (its review policy, events, claim completion): if the
  // person may not mark it done, neither happens. Rejecting it, like any other answer, changes nothing else.
  const peek = await findApproval(ctx.core.db, ctx, key);
  const approving =
    data.approve === true || (data.option !== undefined && data.option.toLowerCase() === APPROVE);
  if (Number(peek.marks_done) === 1 && peek.status === "open" && approving) {
    await updateIssue(ctx, peek.issue_id, { status: "done" }, undefined, { alongside: resolve });
  } else {
    await ctx.core.db.transaction().execute(resolve);
  }
  return getApproval(ctx, key);
}

export const approvalParams = z.strictObject({ id: approvalId });
