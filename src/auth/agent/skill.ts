import type { Core } from "../../core.ts";
import {
  CLAIM_GRANT,
  CODES_PER_REGISTRATION,
  INTERVAL_CEILING_SECONDS,
  JWT_BEARER_GRANT,
  TOKEN_RESPONSES_PER_REGISTRATION_PER_HOUR,
} from "./constants.ts";

/** The Markdown an agent reads to run the registration flow against this service, end to end. */
export function skillDocument(core: Core): string {
  const base = core.config.baseUrl;
  return `# Connecting an agent to Docket

Docket is an issue tracker. This document tells an agent how to get access to one person's Docket
workspace by registering itself and having that person approve it. Nothing is granted until the
person approves; there is no autonomous signup.

Service: ${base}

Metadata: ${base}/.well-known/oauth-authorization-server/api/auth (check that it has an
\`agent_auth\` object before you start; without it registration is switched off and the person should
connect you through the ordinary browser sign-in instead).

## Which way to connect

This flow gives access tokens that last an hour, which you renew yourself with an identity assertion
(section 6). It suits an agent that makes its own HTTP calls: a script, a service, an agent framework.

An MCP host (a desktop or editor app, a command-line assistant) that takes a fixed
\`Authorization\` header from a settings file cannot renew a token every hour, so its connection would
stop after sixty minutes. If the host supports MCP authorization (it opens a browser to sign in when
the server answers 401, and renews with refresh tokens), connect it through the browser sign-in
instead: give it the endpoint \`${base}/api/mcp\` and let the person sign in and approve. That
connection renews itself and lives as long as it is used at least every 30 days.

## 1. Register

Ask the person for the email address of their Docket account (or the one they want to sign up with).

\`\`\`http
POST ${base}/api/agent-auth/identity
Content-Type: application/json

{"type": "service_auth", "login_hint": "person@example.com", "client_name": "Your agent's name"}
\`\`\`

The answer holds \`registration_id\`, \`claim_token\` (\`docket_claim_…\`, valid 60 minutes),
\`claim_token_expires\` and \`claim\` with \`user_code\` (six digits), \`verification_uri\`,
\`expires_in\` (the code's lifetime, 600 seconds) and \`interval\` (seconds between polls, 5).

Keep the claim token in memory only. Docket sends no email: showing the link and the code to the
person is your job.

## 2. Show the link and the code to the person

Tell the person, in these words or close to them:

> Open <verification_uri>, sign in, type the code <user_code>, choose the workspace and whether I may
> write, and approve.

The person signs in with the email you registered, types the code, picks one workspace and
read-only or read-and-write, and approves or denies. The code is never sent back to you.

## 3. Poll until the person decides

\`\`\`http
POST ${base}/api/auth/oauth2/token
Content-Type: application/x-www-form-urlencoded

grant_type=${encodeURIComponent(CLAIM_GRANT)}&claim_token=<claim_token>
\`\`\`

The grant type is \`${CLAIM_GRANT}\` (form-encoded above). Wait \`interval\` seconds between polls. Answers (HTTP 400 with \`{ error, error_description }\`):

| error | what to do |
| --- | --- |
| \`authorization_pending\` | nobody has decided yet: keep polling at the interval |
| \`slow_down\` | you polled too soon: add 5 seconds to the interval (it stops growing at ${INTERVAL_CEILING_SECONDS}); the description states the current interval |
| \`access_denied\` | the person denied: stop, and ask them before registering again |
| \`expired_token\` | the description says which: the code expired (re-initiate, below) or the registration expired (register again) |
| \`invalid_grant\` (bare \`{ "error": "invalid_grant" }\`) | the claim token is unknown, already redeemed, or the connection no longer holds: register again |
| \`unsupported_grant_type\` | registration is switched off: stop, use the ordinary browser sign-in |

### A new code (re-initiate)

When the code expired or the person mistyped it five times:

\`\`\`http
POST ${base}/api/agent-auth/identity/claim
Content-Type: application/json

{"claim_token": "<claim_token>", "email": "person@example.com"}
\`\`\`

The answer's \`claim_attempt\` has a new \`user_code\` and \`verification_uri\`; the previous ones stop
working. A registration gets ${CODES_PER_REGISTRATION} codes in all and is never extended past its 60 minutes.

\`email\` must be the address you registered with (\`login_hint\`, compared without case or
surrounding spaces): re-initiation cannot correct it, and another address is 400 \`invalid_request\`.
If the person gave you the wrong address, register again (step 1) with the right one.

## 4. Redeem

Once the person approves, the next poll answers 200:

\`\`\`json
{"access_token": "docket_at_…", "token_type": "Bearer", "expires_in": 3600,
 "scope": "workspace.read workspace.write", "identity_assertion": "eyJ…",
 "assertion_expires": "…"}
\`\`\`

\`scope\` is \`workspace.read\` alone for a read-only approval. Store the \`identity_assertion\` like a
password (it renews access for 30 days after redemption); keep the access token for the next hour.
If the answer was lost, poll once more within 30 seconds: you get a fresh pair, and the earlier pair
ends, both halves: its access token stops at once, and its identity assertion no longer renews (a
renewal with it is a bare \`invalid_grant\`, with the header \`Docket-Error-Description: superseded: …\`).
Keep only the newest pair. After 30 seconds the claim token answers \`invalid_grant\`.

## 5. Use the access token

Call the MCP endpoint \`${base}/api/mcp\` (Streamable HTTP) with \`Authorization: Bearer <access_token>\`.
Call the tool \`get_workspace_identity\` first and tell the person the workspace name it returns, so they
know where you will work. Then \`claim_next_issue\` takes the most urgent work that can start and
answers everything needed to do it; the server's instructions describe the rest of the loop. The REST
API at \`${base}/v1\` takes the same token.

Tools come in toolsets. \`tools/list\` shows the default set (the agent's loop: find and claim work,
read it, change issues, record decisions and notes, comment, ask a person, search). Add others with the
header \`X-MCP-Toolsets\` (comma-separated: \`issues\`, \`knowledge\`, \`planning\`, \`files\`, \`events\`,
\`conversation\`, or \`all\`), or \`?toolsets=…\` on the endpoint's URL when you cannot set headers.

A read-only approval (\`scope\` is \`workspace.read\` alone) lists only the tools that read, whatever
the headers say. A write called anyway is HTTP 403 with \`insufficient_scope\`: ask the person to
approve read-and-write access (register again). On a read-and-write connection, \`X-MCP-Readonly: true\`
(or \`?readonly=true\`) hides the writes too.

## 6. Renew

An access token lasts 60 minutes. Get a new one with the assertion:

\`\`\`http
POST ${base}/api/auth/oauth2/token
Content-Type: application/x-www-form-urlencoded

grant_type=${encodeURIComponent(JWT_BEARER_GRANT)}&assertion=<identity_assertion>&resource=${encodeURIComponent(`${base}/api/mcp`)}
\`\`\`

The grant type is \`${JWT_BEARER_GRANT}\`. \`resource\` is optional and must be exactly \`${base}/api/mcp\`. \`scope\` is optional and may narrow
the approved access (it must include \`workspace.read\`), never widen it. The answer has
\`access_token\`, \`token_type\`, \`expires_in\` and \`scope\`; the assertion keeps working until
\`assertion_expires\`. At most ${TOKEN_RESPONSES_PER_REGISTRATION_PER_HOUR} token responses an hour per registration (429 with \`Retry-After\` past that).

A bare \`{ "error": "invalid_grant" }\` means the connection ended: the person revoked it, left the
workspace, or the account was suspended or deleted, or the assertion expired. Register again and ask
the person to approve. The one exception says so in a header, since the body stays bare: with
\`Docket-Error-Description: superseded: …\` the assertion was replaced by a repeated redemption (step 4)
while the connection still holds; renew with the newest assertion you were given.

## 7. Revoke

When you are done with an access token:

\`\`\`http
POST ${base}/api/auth/oauth2/revoke
Content-Type: application/x-www-form-urlencoded

token=<access_token>
\`\`\`

The answer is always 200. It ends that one access token; the assertion still renews. The person ends
the whole connection from their settings.

## When things are busy

429 \`rate_limited\` and 503 \`temporarily_unavailable\` carry \`Retry-After\` (seconds): wait that long
and try again.
`;
}
