import { z } from "zod";
import {
  claimId,
  claimIssue,
  claimView,
  createClaimInput,
  getClaim,
  heartbeatClaim,
  heartbeatClaimInput,
  listClaims,
  listClaimsQuery,
  releaseClaim,
} from "../../tracker/claims.ts";
import { op } from "./route.ts";

const claimParams = z.strictObject({ id: claimId });

op({
  method: "POST",
  path: "/claims",
  operationId: "createClaim",
  tag: "Claims",
  summary: "Claim an issue, or the next startable issue matching filters",
  description:
    "Takes a lease on one issue for the caller: the `issue` named, or else the next startable issue (ready, in `backlog` or `todo`, not claimed) that matches `space`, `label`, `priority`, `milestone` and `cycle` (most urgent first, then oldest). The issue becomes `in_progress` and assigned to the caller (an agent connection itself, or the token's person); the claim keeps the status and assignee it had, which a release gives back. The lease lasts `ttl_seconds` (60 to 86,400; 1,800 by default) unless renewed by heartbeat. Exactly one caller wins a race.\n\n" +
    "While the claim is live, writes to the issue by anyone but its holder are refused with 409 `claimed` (naming `holder` and `expires_at`), except a person's through the web app or a personal access token: a person may always act, and a change of theirs to the issue ends the claim (`claim.released` with reason `taken_over_by_person`). The holder's own writes need no fencing token; a stale one is 409 `lease_lost`.\n\n" +
    "Safe to retry: claiming an issue you already hold answers your current claim, with the same fencing token; a claim of the next issue while you hold a live claim you took with the same filters (the same space, labels, priorities, milestone and cycle, in any order) answers that claim instead of taking a second issue; both say `resumed: true`. Retrying with the same Idempotency-Key answers the same claim.\n\n" +
    "Refusals: a named issue someone else holds: 409 `already_claimed` with `holder` and `expires_at`; a named issue a person has in progress (assigned to them, `in_progress`, no claim): 409 `assigned_to_person` unless `take_over: true`; a named issue open issues block: 409 `not_ready` (with `blocked_by`) unless `force: true`; no startable issue: 404 `no_ready_issue`; a done, canceled or iced issue: 409 `conflict`.",
  scope: "workspace.write",
  status: 201,
  body: createClaimInput,
  response: claimView,
  handler: async ({ ctx, body }) => claimIssue(ctx, body),
});

op({
  method: "GET",
  path: "/claims",
  operationId: "listClaims",
  tag: "Claims",
  summary: "The live claims of the workspace",
  description:
    "Claims not released, ended or run out, oldest first, a page at a time; `holder` (a member, an agent connection's id, or `me`) and `issue` narrow the list.",
  scope: "workspace.read",
  query: listClaimsQuery,
  response: z.object({ data: z.array(claimView), next_cursor: z.string().nullable() }),
  handler: async ({ ctx, query }) => listClaims(ctx, query),
});

op({
  method: "GET",
  path: "/claims/:id",
  operationId: "getClaim",
  tag: "Claims",
  summary: "One claim, live or ended",
  description: "Answers the claim: its issue, holder, fencing token and when it runs out.",
  scope: "workspace.read",
  params: claimParams,
  response: claimView,
  handler: async ({ ctx, params }) => getClaim(ctx, params.id),
});

op({
  method: "POST",
  path: "/claims/:id/heartbeat",
  operationId: "heartbeatClaim",
  tag: "Claims",
  summary: "Renew a claim",
  description:
    "The claim now runs out `ttl_seconds` from now (its own time to live when left out). Only the connection that holds it may renew it (not another connection of the same person): 403 `not_holder` otherwise. A claim that ended because its issue was completed or canceled answers as it is, with `ended`. One that ran out, was released or was taken over cannot be renewed: 409 `lease_lost`, whose description names the next step (claim the issue again when it is free; pick other work when another holds it).",
  scope: "workspace.write",
  params: claimParams,
  body: heartbeatClaimInput,
  response: claimView,
  handler: async ({ ctx, params, body }) => heartbeatClaim(ctx, params.id, body),
});

op({
  method: "DELETE",
  path: "/claims/:id",
  operationId: "releaseClaim",
  tag: "Claims",
  summary: "Release a claim",
  description:
    'Ends the lease: the issue gets back the status and assignee it had before the claim (unless its holder changed them meanwhile: an issue moved to `in_review` stays there). Answers the ended claim, with `ended: "released"`. Only the connection that holds it, or its person acting themself (web app, personal access token), may release it: 403 `not_holder` otherwise. Releasing a claim already released, or ended because its issue was completed or canceled, answers it as it is (`ended` says why); one that ran out or was taken over: 409 `lease_lost`, naming the next step.',
  scope: "workspace.write",
  params: claimParams,
  response: claimView,
  handler: async ({ ctx, params }) => releaseClaim(ctx, params.id),
});
