import { z } from "zod";
import { issueRef } from "../../tracker/common.ts";
import {
  activityView,
  delegateSession,
  delegateSessionInput,
  getSession,
  listActivities,
  listActivitiesQuery,
  listSessions,
  listSessionsQuery,
  MAX_BATCH,
  postActivities,
  postActivitiesInput,
  postedActivitiesView,
  postPrompt,
  postPromptInput,
  promptedView,
  sessionParams,
  sessionView,
  startedSessionView,
  startSession,
  startSessionInput,
  stopSession,
  updateSession,
  updateSessionInput,
} from "../../tracker/sessions.ts";
import { noBody, op } from "./route.ts";

const page = (item: z.ZodType) => z.object({ data: z.array(item), next_cursor: z.string().nullable() });
const TAG = "Agent runs";

op({
  method: "POST",
  path: "/sessions",
  operationId: "createSession",
  tag: TAG,
  summary: "Start your run on an issue (agents)",
  description:
    "An agent (its connection, or a scripted agent's personal access token) starts a run on `issue`: the issue is claimed for it as by `POST /v1/claims` (or its live claim on it is adopted; `ttl_seconds` as there), and the run goes `active` under that claim, in one transaction. Answers 201 with `session`, `claim` (with its `fencing_token`) and `resumed`.\n\n" +
    "A run delegated to you and waiting (`pending`) is taken up; your own live run on the issue is answered again with `resumed: true` (a retry is safe). Post activities to it (`POST /v1/sessions/{id}/activities`: they also renew the claim) and end it with `PATCH /v1/sessions/{id}` and `status`.\n\n" +
    "Refusals: another agent's live run on the issue: 409 `session_active` (`session` names it); a claim refused as `POST /v1/claims` refuses it (409 `already_claimed`, `not_ready`, `assigned_to_person`, `conflict`); your run there stopped by a person: 409 `session_stopped`; the agent's or the space's budget spent this month: 403 `budget_exceeded`; a person (the web app): 403 `forbidden` (people delegate: `POST /v1/issues/{id}/sessions`).",
  scope: "workspace.write",
  status: 201,
  body: startSessionInput,
  response: startedSessionView,
  handler: async ({ ctx, body }) => startSession(ctx, body),
});

op({
  method: "GET",
  path: "/sessions",
  operationId: "listSessions",
  tag: TAG,
  summary: "The workspace's agent runs",
  description:
    "Runs newest first, a page at a time: `issue`, `agent` (con_…, pat_… or `me`), `status` (comma-separated; `live` for every live one: pending, active, awaiting_input, stopping, stale) and `person` (the accountable person: an email, an id or `me`) narrow the list. Every member and agent of the workspace reads them.",
  scope: "workspace.read",
  query: listSessionsQuery,
  response: page(sessionView),
  handler: async ({ ctx, query }) => listSessions(ctx, query),
});

op({
  method: "GET",
  path: "/sessions/:id",
  operationId: "getSession",
  tag: TAG,
  summary: "One agent run, live or ended",
  description:
    "The run: its issue, claim, agent, accountable person, who started it, `status` and `status_reason`, `unresponsive` (live, and nothing from the agent in the 10 seconds since it began), plan, summary, artifacts, usage totals and times. Its ETag starts with the version. Another workspace's run is 404.",
  scope: "workspace.read",
  params: sessionParams,
  response: sessionView,
  handler: async ({ ctx, params }) => getSession(ctx, params.id),
});

op({
  method: "PATCH",
  path: "/sessions/:id",
  operationId: "updateSession",
  tag: TAG,
  summary: "Change your run: plan, summary, artifacts, or end it (its agent)",
  description:
    "Only the run's own agent (403 `not_session_agent` for anyone else). `plan` and `artifacts` are replaced whole; `summary` too. `status` ends the run: `complete` needs a `response` activity in its log, or `response` sent here (stored as one first), else 400; `error` ends it in an error (its accountable person is told). Either releases the claim. A run taken up from `pending` claims the issue first; a `stale` one revives.\n\n" +
    "While a person's Stop is pending (`stopping`) only an ending change is taken, and it ends the run `stopped`; anything else is 409 `session_stopped` and changes nothing. An ended run: 409 `conflict`. With If-Match the change is made only if the run is still at that version; else 412.",
  scope: "workspace.write",
  conditional: true,
  params: sessionParams,
  body: updateSessionInput,
  response: sessionView,
  handler: async ({ ctx, params, body, ifMatch }) => updateSession(ctx, params.id, body, ifMatch),
});

op({
  method: "GET",
  path: "/sessions/:id/activities",
  operationId: "listSessionActivities",
  tag: TAG,
  summary: "A run's activities, oldest first",
  description:
    "The run's log by position, a page at a time: thoughts, actions (name, parameter, result), responses, errors, elicitations (with `options`) and people's prompts, each with its usage and author. `after` a position answers only later ones: follow a live run by passing the last position seen (or read the `session.activity` events). Only the latest ephemeral activity is kept.",
  scope: "workspace.read",
  params: sessionParams,
  query: listActivitiesQuery,
  response: page(activityView),
  handler: async ({ ctx, params, query }) => listActivities(ctx, params.id, query),
});

op({
  method: "POST",
  path: "/sessions/:id/activities",
  operationId: "postSessionActivities",
  tag: TAG,
  summary: "Log activities and usage to your run (its agent)",
  description: `Only the run's own agent (403 \`not_session_agent\`). A batch of 1 to ${MAX_BATCH} activities, each with your own \`id\`: one stored before is not stored again (a retried batch is safe) and the answer lists the batch's activities, \`created\` saying which this call stored. \`body\` (and an action's \`parameter\` and \`result\`) at most 64 KiB of UTF-8 each; more, or more than ${MAX_BATCH} activities, is 400 and stores nothing. A \`usage\` delta (tokens, cache reads and writes, \`cost_micros\`, \`model\`) is summed onto the run; \`thought\` and \`action\` may be \`ephemeral\` (only the latest kept, without usage).\n\nPosting renews the claim's lease, as a heartbeat would (one call, not two); a claim that ended or ran out is 409 \`lease_lost\`. A \`pending\` run is taken up first (it claims the issue); a \`stale\` one goes \`active\`; an \`elicitation\` makes it \`awaiting_input\` and puts an item in the accountable person's inbox. Kept activities that are not ephemeral each emit \`session.activity\`.\n\nWhile a person's Stop is pending (\`stopping\`) only the last word is taken: a batch of \`response\` or \`error\` activities, which ends the run \`stopped\` and releases the claim; anything else is 409 \`session_stopped\` and stores nothing. An ended run: 409 \`conflict\`.`,
  scope: "workspace.write",
  params: sessionParams,
  body: postActivitiesInput,
  response: postedActivitiesView,
  handler: async ({ ctx, params, body }) => postActivities(ctx, params.id, body),
});

op({
  method: "POST",
  path: "/sessions/:id/prompts",
  operationId: "postSessionPrompt",
  tag: TAG,
  summary: "Tell the agent something: answer its question or steer it (people)",
  description:
    "Adds a `prompt` activity by you to the run (`id`, if given, makes a retry safe). A run `awaiting_input` (or `stale`) goes back to `active`. Only people: an agent, or the run's own token, is 403 `forbidden`. A run that ended or is stopping takes none: 409 `conflict`. Answers 201 with the run and the activity.",
  scope: "workspace.write",
  status: 201,
  params: sessionParams,
  body: postPromptInput,
  response: promptedView,
  handler: async ({ ctx, params, body }) => postPrompt(ctx, params.id, body),
});

op({
  method: "POST",
  path: "/sessions/:id/stop",
  operationId: "stopSession",
  tag: TAG,
  summary: "Stop a run (people)",
  description:
    "The run goes `stopping` (reason `stop_requested`) and `session.stop_requested` is emitted. From that moment every write of its agent under the run and its claim (the issue, its comments and dependencies, the claim's heartbeat, the run's activities and PATCH) is refused with 409 `session_stopped` and changes nothing, on every instance; the agent's last word (a `response` or `error` activity, or PATCH with `status`) ends it `stopped` and releases the claim, and 60 seconds without one the service does. A `pending` run ends `stopped` at once. A run already stopping or ended is answered as it is.\n\n" +
    "Only the accountable person, the person who delegated the run, or a workspace admin (the Owner too); never an agent: 403 `forbidden`.",
  scope: "workspace.write",
  params: sessionParams,
  body: noBody,
  response: sessionView,
  handler: async ({ ctx, params }) => stopSession(ctx, params.id),
});

op({
  method: "POST",
  path: "/issues/:id/sessions",
  operationId: "delegateIssue",
  tag: TAG,
  summary: "Delegate an issue to an agent with a prompt (people)",
  description:
    "Creates a `pending` run of `agent` (an agent connection of the workspace, con_…) on the issue, accountable to the connection's person, with `prompt` as its first activity; `session.created` tells the agent. It takes the run up by claiming the issue (`POST /v1/claims`, `POST /v1/sessions`, the MCP claim tools) or posting to it. Assigning the issue to an agent connection delegates it too (without a prompt).\n\n" +
    "Refusals: a done, canceled or iced issue: 409 `conflict`; a live run on the issue already: 409 `session_active` (`session` names it); an agent not of this workspace, or revoked: 400; its budget (or the space's) spent this month: 403 `budget_exceeded`; an agent connection delegating: 403 `forbidden`.",
  scope: "workspace.write",
  status: 201,
  params: z.strictObject({ id: issueRef }),
  body: delegateSessionInput,
  response: sessionView,
  handler: async ({ ctx, params, body }) => delegateSession(ctx, params.id, body),
});
