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
  summary: "Claim an issue, or the next ready issue matching filters",
  description:
    "Takes a lease on one issue for the caller: the `issue` named, or else the next ready issue nobody holds that matches `space`, `label`, `priority`, `milestone` and `cycle` (most urgent first, then oldest). The issue becomes `in_progress` and assigned to the caller (an agent connection itself, or the token's person). The lease lasts `ttl_seconds` (60 to 86,400; 1,800 by default) unless renewed by heartbeat. Exactly one caller wins a race. Claiming an issue you already hold answers your current claim, with the same fencing token; retrying with the same Idempotency-Key answers the same claim. A named issue someone else holds: 409 `already_claimed` with `claim` (holder, expiry); no ready issue: 404 `no_ready_issue`; a done, canceled or iced issue: 409.",
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
    "The claim now runs out `ttl_seconds` from now (its own time to live when left out). Only its holder (or the person an agent acts for) may renew it: 403 `not_holder` otherwise. A claim that ran out or ended cannot be renewed: 409 `lease_lost`; claim the issue again.",
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
    "Ends the lease: the issue goes back to `todo` (unless its holder changed its status) and unassigned (unless reassigned meanwhile), so it is ready work again. Answers the ended claim. Only its holder (or the person an agent acts for) may release it: 403 `not_holder` otherwise; a claim that ran out or ended: 409 `lease_lost`.",
  scope: "workspace.write",
  params: claimParams,
  response: claimView,
  handler: async ({ ctx, params }) => releaseClaim(ctx, params.id),
});
