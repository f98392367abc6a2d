import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { countLiveConnections } from "../../auth/connections.ts";
import {
  type AuthorizationRequest,
  approveAuthorization,
  checkAuthorizationRequest,
  denyAuthorization,
  NotAMember,
  PlanLimitReached,
} from "../../auth/oauth/authorize.ts";
import type { Core } from "../../core.ts";
import type { Person } from "../../db/schema.ts";

/**
 * What the authorization endpoint needs of the person's web session: who is signed in, the session's
 * CSRF token and its check, and the site's page layout. The web pages provide these.
 */
export interface ConsentSession {
  signedInPerson(core: Core, request: FastifyRequest): Promise<Person | null>;
  /** the CSRF token to put in the form of this request's session */
  csrfToken(core: Core, request: FastifyRequest, reply: FastifyReply): Promise<string>;
  /** true when the form's token belongs to this request's session */
  checkCsrf(core: Core, request: FastifyRequest, token: string | undefined): Promise<boolean>;
  /** a whole HTML page around `body` (already HTML) with `title` */
  page(title: string, body: string): string;
}

export const AUTHORIZE_PATH = "/api/auth/oauth2/authorize";
/** The authorization request's parameters, carried through the consent form unchanged. */
const REQUEST_PARAMS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "code_challenge",
  "code_challenge_method",
  "resource",
  "scope",
  "state",
] as const;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The form body as name → every value given, so a repeated field is seen. */
function formFields(body: unknown): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  if (typeof body !== "string") return fields;
  for (const [k, v] of new URLSearchParams(body)) fields.set(k, [...(fields.get(k) ?? []), v]);
  return fields;
}

function asQuery(fields: Map<string, string[]>): Record<string, string | string[]> {
  const q: Record<string, string | string[]> = {};
  for (const name of REQUEST_PARAMS) {
    const v = fields.get(name);
    if (v) q[name] = v.length === 1 ? v[0]! : v;
  }
  return q;
}

interface WorkspaceChoice {
  id: string;
  name: string;
  slug: string;
  limit: number;
  live: number;
}

async function workspacesOf(core: Core, personId: string): Promise<WorkspaceChoice[]> {
  const rows = await core.db
    .selectFrom("workspaces as w")
    .innerJoin("memberships as m", "m.workspace_id", "w.id")
    .select(["w.id", "w.name", "w.slug", "w.agent_connection_limit"])
    .where("m.person_id", "=", personId)
    .orderBy("w.name")
    .execute();
  const out: WorkspaceChoice[] = [];
  for (const r of rows) {
    out.push({
      id: r.id,
      name: r.name,
      slug: r.slug,
      limit: r.agent_connection_limit,
      live: await countLiveConnections(core, r.id),
    });
  }
  return out;
}

/** The consent page's CSP lets its form lead to the client's redirect URI (form-action covers redirects). */
function consentCsp(redirectUri: string): string {
  return `default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self' ${new URL(redirectUri).origin}`;
}

function consentBody(
  request: AuthorizationRequest,
  person: Person,
  workspaces: WorkspaceChoice[],
  csrf: string,
  problem: string | undefined,
  chosen: { workspaceId?: string; access?: string } = {},
): string {
  const name = request.client.client_name ?? "An MCP client";
  const host = new URL(request.redirectUri).host;
  const hidden = REQUEST_PARAMS.map((p) => {
    const value =
      p === "response_type"
        ? "code"
        : p === "client_id"
          ? request.client.client_id
          : p === "redirect_uri"
            ? request.redirectUri
            : p === "code_challenge"
              ? request.codeChallenge
              : p === "code_challenge_method"
                ? "S256"
                : p === "resource"
                  ? request.resource
                  : p === "scope"
                    ? request.scopes.join(" ")
                    : request.state;
    return value === undefined ? "" : `<input type="hidden" name="${p}" value="${escapeHtml(value)}">`;
  }).join("\n");
  const alert = problem ? `<p role="alert" class="problem">${escapeHtml(problem)}</p>` : "";
  if (workspaces.length === 0) {
    return `<h1>Connect ${escapeHtml(name)}</h1>
<p>You are signed in as ${escapeHtml(person.email)}, but you are not a member of any workspace yet, so there is nothing to connect. Ask a workspace's Owner to add you, then start again from your client.</p>
<form method="post" action="${AUTHORIZE_PATH}">
${hidden}
<input type="hidden" name="csrf_token" value="${escapeHtml(csrf)}">
<button type="submit" name="decision" value="deny">Cancel</button>
</form>`;
  }
  const canWrite = request.scopes.includes("workspace.write");
  const options = workspaces
    .map((w, i) => {
      const full = w.live >= w.limit;
      const checked = chosen.workspaceId ? chosen.workspaceId === w.id : i === 0;
      return `<label><input type="radio" name="workspace" value="${escapeHtml(w.id)}"${checked ? " checked" : ""}> ${escapeHtml(w.name)} <small>(${escapeHtml(w.slug)}; ${w.live} of ${w.limit} connections in use${full ? " — full" : ""})</small></label><br>`;
    })
    .join("\n");
  const access = canWrite
    ? `<label><input type="radio" name="access" value="read"${chosen.access === "read" ? " checked" : ""}> Read only</label><br>
<label><input type="radio" name="access" value="write"${chosen.access === "read" ? "" : " checked"}> Read and write</label>`
    : `<input type="hidden" name="access" value="read"><p>Read only (the client asked for no more).</p>`;
  return `<h1>Connect ${escapeHtml(name)} to Docket?</h1>
${alert}
<p><strong>${escapeHtml(name)}</strong> is the name the client gives itself; Docket has not verified it. After you approve, your browser goes back to <strong>${escapeHtml(host)}</strong>.</p>
<p>Signed in as ${escapeHtml(person.email)}. The connection stays while the client uses it at least every 30 days; you can revoke it in settings at any time.</p>
<form method="post" action="${AUTHORIZE_PATH}">
${hidden}
<input type="hidden" name="csrf_token" value="${escapeHtml(csrf)}">
<fieldset><legend>Workspace</legend>
${options}
</fieldset>
<fieldset><legend>Access</legend>
${access}
</fieldset>
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`;
}

/**
 * GET and POST /api/auth/oauth2/authorize: the authorization endpoint and its consent page. Errors before
 * the client and its redirect URI are trusted are shown as a page; after, they go back to the client.
 * A person who is not signed in is sent to /sign-in and comes back here.
 */
export function oauthAuthorizeRoutes(core: Core, session: ConsentSession) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_r, body, done) => done(null, body),
    );

    const errorPage = (reply: FastifyReply, status: number, title: string, text: string) =>
      reply
        .code(status)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(session.page(title, `<h1>${escapeHtml(title)}</h1>\n<p role="alert">${escapeHtml(text)}</p>`));

    const switchedOff = async (reply: FastifyReply) => {
      if (await core.switches.isOn("browser_oauth")) return false;
      errorPage(reply, 404, "Not available", "The browser OAuth sign-in is switched off on this service.");
      return true;
    };

    const showConsent = async (
      request: FastifyRequest,
      reply: FastifyReply,
      authorization: AuthorizationRequest,
      person: Person,
      status = 200,
      problem?: string,
      chosen?: { workspaceId?: string; access?: string },
    ) => {
      const csrf = await session.csrfToken(core, request, reply);
      const workspaces = await workspacesOf(core, person.id);
      return reply
        .code(status)
        .header("cache-control", "no-store")
        .header("content-security-policy", consentCsp(authorization.redirectUri))
        .type("text/html; charset=utf-8")
        .send(
          session.page(
            `Connect ${authorization.client.client_name ?? "an MCP client"}`,
            consentBody(authorization, person, workspaces, csrf, problem, chosen),
          ),
        );
    };

    app.get(AUTHORIZE_PATH, async (request, reply) => {
      if (await switchedOff(reply)) return reply;
      const checked = await checkAuthorizationRequest(core, request.query as Record<string, unknown>);
      if (checked.kind === "page")
        return errorPage(reply, 400, "This sign-in link does not work", checked.description);
      if (checked.kind === "redirect")
        return reply.code(302).header("cache-control", "no-store").redirect(checked.location);
      const person = await session.signedInPerson(core, request);
      if (!person) {
        return reply.code(302).redirect(`/sign-in?return_to=${encodeURIComponent(request.url)}`);
      }
      return showConsent(request, reply, checked.request, person);
    });

    app.post(AUTHORIZE_PATH, async (request, reply) => {
      if (await switchedOff(reply)) return reply;
      const fields = formFields(request.body);
      const one = (name: string) => {
        const v = fields.get(name);
        return v?.length === 1 ? v[0] : undefined;
      };
      if (!(await session.checkCsrf(core, request, one("csrf_token")))) {
        return errorPage(
          reply,
          403,
          "This form has expired",
          "The form was not sent from this session; go back to your client and start again.",
        );
      }
      const checked = await checkAuthorizationRequest(core, asQuery(fields));
      if (checked.kind === "page")
        return errorPage(reply, 400, "This sign-in link does not work", checked.description);
      if (checked.kind === "redirect")
        return reply.code(302).header("cache-control", "no-store").redirect(checked.location);
      const person = await session.signedInPerson(core, request);
      if (!person) {
        return errorPage(
          reply,
          401,
          "You are signed out",
          "Your session ended; go back to your client and start again.",
        );
      }
      const decision = one("decision");
      if (decision === "deny") {
        return reply
          .code(302)
          .header("cache-control", "no-store")
          .redirect(denyAuthorization(core, checked.request));
      }
      if (decision !== "approve") {
        return errorPage(reply, 400, "Choose Approve or Deny", "The form carried no decision.");
      }
      const workspaceId = one("workspace");
      const access = one("access");
      if (!workspaceId || (access !== "read" && access !== "write")) {
        return showConsent(
          request,
          reply,
          checked.request,
          person,
          400,
          "Choose a workspace and the access to give.",
        );
      }
      try {
        const approved = await approveAuthorization(core, {
          request: checked.request,
          personId: person.id,
          workspaceId,
          access,
        });
        return reply.code(302).header("cache-control", "no-store").redirect(approved.location);
      } catch (error) {
        if (error instanceof PlanLimitReached || error instanceof NotAMember) {
          return showConsent(request, reply, checked.request, person, 409, error.message, {
            workspaceId,
            access,
          });
        }
        throw error;
      }
    });
  };
}
