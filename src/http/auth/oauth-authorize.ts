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
import { isPrivateUseRedirect } from "../../auth/oauth/clients.ts";
import { hasAcceptedTerms } from "../../auth/web/terms.ts";
import type { Core } from "../../core.ts";
import type { Person } from "../../db/schema.ts";
import { DocketError } from "../../errors.ts";
import {
  checkCsrf,
  ensureSession,
  esc as escapeHtml,
  page,
  pageHeaders,
  signedInPerson,
} from "../pages/session.ts";

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

/**
 * The pages' CSP, except that the consent form may lead on to the client's redirect URI: browsers apply
 * form-action to the redirect that answers the form.
 */
function consentCsp(redirectUri: string): string {
  const url = new URL(redirectUri);
  // A private-use scheme has no origin ("null"); the form may lead on to that scheme.
  const target = isPrivateUseRedirect(redirectUri) ? url.protocol : url.origin;
  return `default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' ${target}; frame-ancestors 'none'; base-uri 'none'`;
}

/** Where the browser goes after approval, as the consent page states it. */
function destination(redirectUri: string): string {
  const url = new URL(redirectUri);
  if (!isPrivateUseRedirect(redirectUri)) {
    return `your browser goes back to <strong>${escapeHtml(url.host)}</strong>`;
  }
  const scheme = url.protocol.slice(0, -1);
  return `your browser hands the answer to whichever app on this computer opens <strong>${escapeHtml(scheme)}:</strong> links (the redirect address is <code>${escapeHtml(redirectUri)}</code>); the app is not a web site and Docket cannot tell which app that is`;
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
  const carried: Record<(typeof REQUEST_PARAMS)[number], string | undefined> = {
    response_type: "code",
    client_id: request.client.client_id,
    redirect_uri: request.redirectUri,
    code_challenge: request.codeChallenge,
    code_challenge_method: "S256",
    resource: request.resource,
    scope: request.scopes.join(" "),
    state: request.state,
  };
  const hidden = REQUEST_PARAMS.map((p) =>
    carried[p] === undefined ? "" : `<input type="hidden" name="${p}" value="${escapeHtml(carried[p])}">`,
  ).join("\n");
  const alert = problem ? `<div class="notice error" role="alert">${escapeHtml(problem)}</div>` : "";
  if (workspaces.length === 0) {
    return `<p>You are signed in as ${escapeHtml(person.email)}, but you are not a member of any workspace yet, so there is nothing to connect. Ask a workspace's Owner to add you, then start again from your client.</p>
<form method="post" action="${AUTHORIZE_PATH}">
${hidden}
<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">
<button type="submit" name="decision" value="deny">Cancel</button>
</form>`;
  }
  const canWrite = request.scopes.includes("workspace.write");
  const options = workspaces
    .map((w, i) => {
      const full = w.live >= w.limit;
      const checked = chosen.workspaceId ? chosen.workspaceId === w.id : i === 0;
      return `<div><input type="radio" id="workspace-${i}" name="workspace" value="${escapeHtml(w.id)}"${checked ? " checked" : ""}> <label for="workspace-${i}">${escapeHtml(w.name)} <small>(${escapeHtml(w.slug)}; ${w.live} of ${w.limit} connections in use${full ? ", full" : ""})</small></label></div>`;
    })
    .join("\n");
  const access = canWrite
    ? `<div><input type="radio" id="access-read" name="access" value="read"${chosen.access === "read" ? " checked" : ""}> <label for="access-read">Read only</label></div>
<div><input type="radio" id="access-write" name="access" value="write"${chosen.access === "read" ? "" : " checked"}> <label for="access-write">Read and write</label></div>`
    : `<input type="hidden" name="access" value="read"><p>Read only (the client asked for no more).</p>`;
  return `${alert}
<p><strong>${escapeHtml(name)}</strong> is the name the client gives itself; Docket has not verified it. After you approve, ${destination(request.redirectUri)}.</p>
<p>Signed in as ${escapeHtml(person.email)}. The connection stays while the client uses it at least every 30 days; you can revoke it in settings at any time.</p>
<form method="post" action="${AUTHORIZE_PATH}">
${hidden}
<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">
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
export function oauthAuthorizeRoutes(core: Core) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_r, body, done) => done(null, body),
    );

    const errorPage = (reply: FastifyReply, status: number, title: string, text: string) =>
      pageHeaders(reply)
        .code(status)
        .type("text/html; charset=utf-8")
        .send(page({ title, body: `<div class="notice error" role="alert">${escapeHtml(text)}</div>` }));

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
      const csrf = (await ensureSession(core, request, reply)).csrfToken;
      const workspaces = await workspacesOf(core, person.id);
      return pageHeaders(reply)
        .header("content-security-policy", consentCsp(authorization.redirectUri))
        .code(status)
        .type("text/html; charset=utf-8")
        .send(
          page({
            title: `Connect ${authorization.client.client_name ?? "an MCP client"} to Docket?`,
            body: consentBody(authorization, person, workspaces, csrf, problem, chosen),
            person,
            csrf,
          }),
        );
    };

    app.get(AUTHORIZE_PATH, async (request, reply) => {
      if (await switchedOff(reply)) return reply;
      const checked = await checkAuthorizationRequest(core, request.query as Record<string, unknown>);
      if (checked.kind === "page")
        return errorPage(reply, 400, "This sign-in link does not work", checked.description);
      if (checked.kind === "redirect")
        return reply.code(302).header("cache-control", "no-store").redirect(checked.location);
      const person = await signedInPerson(core, request);
      if (!person) return reply.code(302).redirect(`/sign-in?return_to=${encodeURIComponent(request.url)}`);
      if (!hasAcceptedTerms(person)) {
        return reply.code(302).redirect(`/welcome?return_to=${encodeURIComponent(request.url)}`);
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
      try {
        await checkCsrf(core, request, { csrf: one("csrf") });
      } catch (error) {
        if (error instanceof DocketError)
          return errorPage(reply, error.status, "This form was refused", error.description);
        throw error;
      }
      const checked = await checkAuthorizationRequest(core, asQuery(fields));
      if (checked.kind === "page")
        return errorPage(reply, 400, "This sign-in link does not work", checked.description);
      if (checked.kind === "redirect")
        return reply.code(302).header("cache-control", "no-store").redirect(checked.location);
      const person = await signedInPerson(core, request);
      if (!person || !hasAcceptedTerms(person)) {
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
