import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import {
  ACCESS_TOKEN_PREFIX,
  authenticateAccessToken,
  describeAccessTokenFailure,
} from "../auth/connections.ts";
import { authenticatePat, describePatFailure, type Principal, SCOPES, type Scope } from "../auth/tokens.ts";
import type { WebSession } from "../auth/web/sessions.ts";
import { hasAcceptedTerms } from "../auth/web/terms.ts";
import type { Core } from "../core.ts";
import type { Role } from "../db/schema.ts";
import { DocketError, insufficientScope, notFound } from "../errors.ts";
import { currentSession, signedInPerson } from "./pages/session.ts";

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
    /** the signed-in web session a /v1 request was authenticated by (no Authorization header) */
    webSession?: WebSession;
    /**
     * the store's change version, read once the request arrived (API paths): what the switches and a
     * token's cached lookup are checked against
     */
    changeVersion?: string;
  }
}

/** The header that carries the session's CSRF token on /v1 writes made with the session cookie. */
export const CSRF_HEADER = "X-CSRF-Token";

/** Methods that change nothing: a session request with one of them needs no CSRF token. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const REALM = 'Bearer realm="docket"';

/** RFC 6750 §3: error_description is printable ASCII without `"` or `\`. */
function headerSafe(text: string): string {
  return text.replaceAll("…", "...").replace(/[^\x20-\x7e]|["\\]/g, "");
}

function unauthorized(description: string, tokenPresented: boolean): DocketError {
  // RFC 6750 §3.1: no error code in the challenge when the request carried no token at all.
  const challenge = tokenPresented
    ? `${REALM}, error="invalid_token", error_description="${headerSafe(description)}"`
    : REALM;
  return new DocketError(401, "invalid_token", description, { headers: { "www-authenticate": challenge } });
}

/** Extracts the bearer token from `Authorization`, or explains why there is none. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) {
    throw unauthorized("Send a personal access token as Authorization: Bearer docket_pat_….", false);
  }
  const match = /^Bearer +([^\s]+) *$/i.exec(header);
  if (!match) throw unauthorized("The Authorization header must be of the form Bearer <token>.", true);
  return match[1]!;
}

/** A personal access token or a connection's access token, checked; 401 when it does not hold. */
async function authenticateBearer(core: Core, token: string, changeVersion?: string): Promise<Principal> {
  if (token.startsWith(ACCESS_TOKEN_PREFIX)) {
    const outcome = await authenticateAccessToken(core, token, undefined, changeVersion);
    if (!outcome.ok) throw unauthorized(describeAccessTokenFailure(outcome.reason), true);
    return outcome.principal;
  }
  const outcome = await authenticatePat(core, token, changeVersion);
  if (!outcome.ok) throw unauthorized(describePatFailure(outcome.reason), true);
  return outcome.principal;
}

/** A workspace a person belongs to, with their role in it. */
export interface MembershipView {
  id: string;
  slug: string;
  name: string;
  role: Role;
}

/** Every workspace the person belongs to, oldest membership first. */
export async function membershipsOf(core: Core, personId: string): Promise<MembershipView[]> {
  return core.db
    .selectFrom("memberships as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .select(["w.id", "w.slug", "w.name", "m.role"])
    .where("m.person_id", "=", personId)
    .orderBy("m.created_at")
    .orderBy("w.id")
    .execute();
}

/** True when `asked` (a Docket-Workspace header: slug or id, any case) names `ws`. */
function names(asked: string, ws: { id: string; slug: string }): boolean {
  const wanted = asked.trim().toLowerCase();
  return ws.slug === wanted || ws.id.toLowerCase() === wanted;
}

function askedWorkspace(request: FastifyRequest): string | undefined {
  const asked = request.headers["docket-workspace"];
  return typeof asked === "string" && asked.trim() !== "" ? asked.trim() : undefined;
}

const csrfRefused = (description: string) => new DocketError(403, "csrf_refused", description);

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The CSRF guard of a write made with the session cookie: not from another site (`Sec-Fetch-Site:
 * cross-site`, or an `Origin` other than BASE_URL's), and `X-CSRF-Token` equal to the session's token.
 * Throws 403 `csrf_refused`; runs before anything reads the body, so a refused request changes nothing.
 */
export function checkSessionCsrf(core: Core, request: FastifyRequest, session: WebSession): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (request.headers["sec-fetch-site"] === "cross-site") {
    throw csrfRefused("A page of another site cannot make changes with your session.");
  }
  const origin = request.headers.origin;
  if (typeof origin === "string" && origin !== new URL(core.config.baseUrl).origin) {
    throw csrfRefused("A page of another origin cannot make changes with your session.");
  }
  const token = request.headers["x-csrf-token"];
  if (typeof token !== "string" || token === "") {
    throw csrfRefused(
      `A change made with the session cookie must carry the ${CSRF_HEADER} header: the csrf_token of GET /v1/me.`,
    );
  }
  if (!sameSecret(token, session.csrfToken)) {
    throw csrfRefused(
      `The ${CSRF_HEADER} header is not this session's token; read csrf_token from GET /v1/me again.`,
    );
  }
}

/**
 * Authenticates a `/v1` request that carries no Authorization header by the signed-in web session of
 * its cookie (an anonymous session does not count). Its workspace is the one `Docket-Workspace` names
 * (404 unless the person belongs to it), else the person's first (oldest membership); a person with no
 * workspace reaches only GET /v1/me. Writes pass the CSRF guard (`checkSessionCsrf`).
 */
async function authenticateSession(core: Core, request: FastifyRequest): Promise<Principal | undefined> {
  const session = await currentSession(core, request);
  if (!session?.stored || !session.personId) return undefined;
  const person = await signedInPerson(core, request);
  if (!person) return undefined;
  if (!hasAcceptedTerms(person)) {
    throw unauthorized(
      "Accept the Terms of Service and Privacy Policy first: open /welcome in your browser.",
      false,
    );
  }
  checkSessionCsrf(core, request, session);
  const workspaces = await membershipsOf(core, person.id);
  const asked = askedWorkspace(request);
  const ws = asked ? workspaces.find((w) => names(asked, w)) : workspaces[0];
  if (asked && !ws) throw notFound(`No workspace "${asked}" is reachable: you are not a member of it.`);
  if (!ws && request.routeOptions.url !== "/v1/me") {
    throw notFound("You are not a member of any workspace yet; ask a workspace's owner to add you.");
  }
  request.webSession = session;
  return {
    kind: "session",
    tokenId: `web:${person.id}:${ws?.id ?? ""}`,
    personId: person.id,
    workspaceId: ws?.id ?? "",
    scopes: new Set(SCOPES),
  };
}

/**
 * Authenticates a `/v1` request and fixes its workspace: by its personal access token (or a
 * connection's access token) when it has an Authorization header, else by the signed-in web session of
 * its cookie (see `authenticateSession`). A request that names another workspace in `Docket-Workspace`
 * gets 404, as every object of another workspace does.
 */
export async function authenticateRequest(core: Core, request: FastifyRequest): Promise<Principal> {
  if (request.headers.authorization === undefined) {
    const principal = await authenticateSession(core, request);
    if (principal) {
      request.principal = principal;
      return principal;
    }
  }
  const token = bearerToken(request);
  const principal = await authenticateBearer(core, token, request.changeVersion);
  const asked = askedWorkspace(request);
  if (asked) {
    const ws = await core.db
      .selectFrom("workspaces")
      .select(["id", "slug"])
      .where("id", "=", principal.workspaceId)
      .executeTakeFirst();
    if (!ws || !names(asked, ws)) {
      throw notFound(`No workspace "${asked}" is reachable with this token.`);
    }
  }
  request.principal = principal;
  return principal;
}

/** The principal of an authenticated request, refused with 403 insufficient_scope when it lacks `scope`. */
export function requireScope(request: FastifyRequest, scope: Scope): Principal {
  const principal = request.principal;
  if (!principal) throw unauthorized("Authentication is required.", false);
  if (!principal.scopes.has(scope)) throw insufficientScope(scope);
  return principal;
}
