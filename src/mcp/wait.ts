import { z } from "zod";
import type { Principal } from "../auth/tokens.ts";
import type { Subscriber } from "../events/hub.ts";
import { type ApprovalView, approvalId, approvalView, getApproval } from "../tracker/approvals.ts";
import { issueRef } from "../tracker/common.ts";
import type { Ctx } from "../tracker/context.ts";
import { type EventView, eventView } from "../tracker/events.ts";
import { getIssue, type IssueView } from "../tracker/issues.ts";

/**
 * `wait_for`: an agent waits for a person without polling. It long-polls the event hub (the one that
 * feeds the event stream) for one object's event — an approval's `approval.resolved`, an issue's
 * `issue.ready` — for at most 60 seconds, then answers the event, or `timed_out` with the advice to
 * call again. What is already so (an approval answered, an issue ready) is answered at once. While it
 * waits it holds no database connection, only a place among the instance's open streams (the same caps:
 * past one, 429 `rate_limited`); a client that goes away ends the wait.
 */

export const WAIT_MAX_SECONDS = 60;

export const waitForInput = z.strictObject({
  id: z
    .string()
    .describe("apr_… (until answered) or ENG-42 (until ready)")
    .refine((v) => approvalId.safeParse(v).success || issueRef.safeParse(v).success, {
      error: "must be an approval id (apr_…) or an issue identifier such as ENG-42",
    }),
  timeout_seconds: z
    .number({ error: "must be a number of seconds" })
    .int({ error: "must be a whole number of seconds" })
    .min(1, { error: "must be at least 1" })
    .max(WAIT_MAX_SECONDS, { error: `must be at most ${WAIT_MAX_SECONDS}` })
    .optional()
    .describe(`At most ${WAIT_MAX_SECONDS} (the default).`),
});
export type WaitForInput = z.output<typeof waitForInput>;

export const waitForView = z.object({
  timed_out: z.boolean().describe("true when nothing happened in time: call wait_for again."),
  event: eventView
    .nullable()
    .describe("The event waited for; null when it had already happened, or on a timeout."),
  approval: approvalView.optional(),
  issue: z
    .object({ identifier: z.string(), title: z.string(), status: z.string(), ready: z.boolean() })
    .optional(),
});
export type WaitForView = z.output<typeof waitForView>;

/**
 * Waits (without a database connection) until the hub hands over an event of `types` on `objectId`, the
 * time is up, or `signal` aborts; `settled` is asked once the subscription stands, so an event that
 * happened just before is not missed. Answers the event, `true` when `settled` was, or null.
 */
async function waitForEvent(
  ctx: Ctx,
  principal: Principal,
  objectId: string,
  types: readonly string[],
  settled: () => Promise<boolean>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<EventView | true | null> {
  const hub = ctx.core.events;
  const release = hub.streams.admit({
    kind: principal.kind,
    tokenId: principal.tokenId,
    personId: principal.personId,
    workspaceId: principal.workspaceId,
    credential: principal.tokenId,
  });
  let done: (value: EventView | null) => void = () => {};
  const got = new Promise<EventView | null>((resolve) => {
    done = resolve;
  });
  const sub: Subscriber = {
    workspaceId: ctx.workspaceId,
    types,
    object: objectId,
    cursor: 0,
    live: true,
    missed: false,
    push: (event) => done(event),
    heartbeat() {},
    end: () => done(null),
  };
  let unsubscribe = () => {};
  let timer: NodeJS.Timeout | undefined;
  const onAbort = () => done(null);
  try {
    await hub.ready();
    unsubscribe = hub.subscribe(sub);
    if (await settled()) return true;
    if (signal?.aborted) return null;
    signal?.addEventListener("abort", onAbort, { once: true });
    timer = setTimeout(() => done(null), timeoutMs);
    return await got;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
    unsubscribe();
    release();
  }
}

/** The `wait_for` tool's work: an approval until it is answered, an issue until it is ready. */
export async function waitFor(
  ctx: Ctx,
  principal: Principal,
  input: WaitForInput,
  signal: AbortSignal | undefined,
): Promise<WaitForView> {
  const timeoutMs = (input.timeout_seconds ?? WAIT_MAX_SECONDS) * 1000;
  if (input.id.startsWith("apr_")) {
    let approval: ApprovalView = await getApproval(ctx, input.id);
    if (approval.status === "resolved") return { timed_out: false, event: null, approval };
    const outcome = await waitForEvent(
      ctx,
      principal,
      approval.id,
      ["approval.resolved"],
      async () => (await getApproval(ctx, approval.id)).status === "resolved",
      timeoutMs,
      signal,
    );
    approval = await getApproval(ctx, approval.id);
    if (outcome === null && approval.status !== "resolved") return { timed_out: true, event: null, approval };
    return { timed_out: false, event: outcome === true ? null : outcome, approval };
  }
  const issue = await getIssue(ctx, input.id);
  const summary = (i: IssueView) => ({
    identifier: i.identifier,
    title: i.title,
    status: i.status,
    ready: i.ready,
  });
  if (issue.ready) return { timed_out: false, event: null, issue: summary(issue) };
  const outcome = await waitForEvent(
    ctx,
    principal,
    issue.id,
    ["issue.ready"],
    async () => (await getIssue(ctx, issue.id)).ready,
    timeoutMs,
    signal,
  );
  const now = await getIssue(ctx, issue.id);
  if (outcome === null && !now.ready) return { timed_out: true, event: null, issue: summary(now) };
  return { timed_out: false, event: outcome === true ? null : outcome, issue: summary(now) };
}

/** The one line a model reads. */
export function waitForText(r: WaitForView): string {
  const what = r.approval
    ? `${r.approval.id} on ${r.approval.issue.identifier}: ${r.approval.status === "resolved" ? `answered ${r.approval.answer}${r.approval.comment ? ` (${r.approval.comment})` : ""} by ${r.approval.answered_by?.name ?? "a person"}` : "still open"}`
    : r.issue
      ? `${r.issue.identifier} [${r.issue.status}${r.issue.ready ? ", ready" : ""}]`
      : "";
  return r.timed_out ? `Nothing yet (${what}); call wait_for again.` : what;
}
