import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  ANONYMOUS_SESSIONS_PER_ADDRESS_PER_HOUR,
  checkAnonymousCsrfToken,
  isSessionCookie,
  loadSession,
  SESSION_COOKIE,
  SESSION_MAX_AGE_MS,
  storeSession,
  unstoredSession,
  type WebSession,
} from "../../auth/web/sessions.ts";
import { HOUR } from "../../clock.ts";
import type { Core } from "../../core.ts";
import type { Person } from "../../db/schema.ts";
import { DocketError, rateLimited } from "../../errors.ts";

/**
 * The web session of the person's pages, for every part of the service that builds pages: who is signed
 * in (`signedInPerson`), the CSRF check every POST form passes (`checkCsrf`), form bodies
 * (`acceptForms`), safe return paths (`safeReturnTo`, `signInLocation`), and the page layout (`page`,
 * `sendPage`, `redirect`).
 */

/** Forms are small: a code, a name, a few choices. */
export const FORM_BODY_LIMIT = 16 * 1024;

/**
 * Lets the routes of a plugin take HTML form posts (application/x-www-form-urlencoded, 16 KiB at most)
 * as a plain object of strings, the first value of each name; a POST without a body gets `{}`.
 */
export function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      const form: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(body as string)) if (!(k in form)) form[k] = v;
      done(null, form);
    },
  );
  app.addHook("preValidation", async (request) => {
    if (request.method === "POST" && (typeof request.body !== "object" || request.body === null)) {
      request.body = {};
    }
  });
}

const cache = new WeakMap<FastifyRequest, { session: WebSession | undefined; person?: Person | null }>();

/** The value of one cookie of the request, or undefined. */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The request's session (signed in or not), or undefined when it carries no session cookie. A cookie
 * with no row behind it (an anonymous session nothing was posted from yet, or one that ended) is an
 * unstored anonymous session.
 */
export async function currentSession(core: Core, request: FastifyRequest): Promise<WebSession | undefined> {
  const hit = cache.get(request);
  if (hit) return hit.session;
  const cookie = readCookie(request, SESSION_COOKIE);
  const session =
    (await loadSession(core, cookie)) ??
    (isSessionCookie(cookie) ? unstoredSession(core, cookie).session : undefined);
  cache.set(request, { session });
  return session;
}

/** The signed-in person of this request, or null (no session, not signed in, or suspended). */
export async function signedInPerson(core: Core, request: FastifyRequest): Promise<Person | null> {
  const session = await currentSession(core, request);
  const entry = cache.get(request)!;
  if (entry.person !== undefined) return entry.person;
  let person: Person | null = null;
  if (session?.personId) {
    const row = await core.db
      .selectFrom("people")
      .selectAll()
      .where("id", "=", session.personId)
      .executeTakeFirst();
    person = row && !row.suspended_at ? row : null;
  }
  entry.person = person;
  return person;
}

export function sessionCookie(core: Core, value: string, maxAgeSeconds: number): string {
  const secure = core.config.baseUrl.startsWith("https:") ? "; Secure" : "";
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

/** Sends the cookie of a new session and makes it this request's session. */
export function useSession(
  core: Core,
  request: FastifyRequest,
  reply: FastifyReply,
  created: { cookie: string; session: WebSession },
): WebSession {
  reply.header("set-cookie", sessionCookie(core, created.cookie, Math.floor(SESSION_MAX_AGE_MS / 1000)));
  cache.set(request, { session: created.session });
  return created.session;
}

/**
 * The request's session, starting an anonymous one (and sending its cookie) when there is none. A new
 * anonymous session is not stored: showing a page writes nothing (see `keepSession`).
 */
export async function ensureSession(
  core: Core,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<WebSession> {
  const existing = await currentSession(core, request);
  if (existing) return existing;
  return useSession(core, request, reply, unstoredSession(core));
}

/**
 * Stores an anonymous session the first time it has something to keep (a form posted, a provider
 * sign-in started), at most ANONYMOUS_SESSIONS_PER_ADDRESS_PER_HOUR from one network address (429 past
 * it), so no one can fill the disk with sessions.
 */
export async function keepSession(
  core: Core,
  request: FastifyRequest,
  session: WebSession,
  csrf: { token: string; issuedAt: Date } = { token: session.csrfToken, issuedAt: core.clock.now() },
): Promise<void> {
  if (session.stored) return;
  const r = await core.limiter.hit(
    `web-session:ip:${request.ip}`,
    ANONYMOUS_SESSIONS_PER_ADDRESS_PER_HOUR,
    HOUR,
  );
  if (!r.allowed) {
    const seconds = Math.max(1, Math.ceil(r.resetMs / 1000));
    throw rateLimited(
      seconds,
      `Too many sign-ins were started from your network address this hour; try again in ${Math.ceil(seconds / 60)} minutes.`,
    );
  }
  await storeSession(core, session, csrf);
}

export function clearSessionCookie(core: Core, reply: FastifyReply): void {
  reply.header("set-cookie", sessionCookie(core, "", 0));
}

export const csrfRefused = (why: string) =>
  new DocketError(
    403,
    "csrf_refused",
    `This form could not be accepted (${why}). Go back, reload the page and try again.`,
  );

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The check every POST form passes: the request comes from our own origin (Origin header, or Referer when
 * a browser sends no Origin), and the form's `csrf` field equals the session's token. Throws 403. An
 * anonymous session that was not stored yet is stored now (`keepSession`), so the session returned
 * can hold data.
 */
export async function checkCsrf(
  core: Core,
  request: FastifyRequest,
  body: Record<string, string | undefined>,
): Promise<WebSession> {
  const own = new URL(core.config.baseUrl).origin;
  const origin = request.headers.origin;
  if (typeof origin === "string") {
    if (origin !== own) throw csrfRefused("it came from another site");
  } else {
    const referer = request.headers.referer;
    let from: string | undefined;
    try {
      from = typeof referer === "string" ? new URL(referer).origin : undefined;
    } catch {
      from = undefined;
    }
    if (from !== own) throw csrfRefused("the browser did not say which site it came from");
  }
  const session = await currentSession(core, request);
  if (!session) throw csrfRefused("your session has ended");
  const token = body.csrf;
  if (typeof token !== "string") throw csrfRefused("the form is out of date");
  if (session.stored) {
    if (!sameSecret(token, session.csrfToken)) throw csrfRefused("the form is out of date");
    return session;
  }
  const checked = checkAnonymousCsrfToken(core, session.idHash, token);
  if (checked.result === "expired") throw csrfRefused("your session has ended");
  if (checked.result !== "ok") throw csrfRefused("the form is out of date");
  await keepSession(core, request, session, { token, issuedAt: checked.issuedAt });
  return session;
}

const onSite = (path: string) => path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");

/**
 * A return path that stays on this site: it starts with exactly one `/` (not `//` or `/\`), and has no
 * control characters or scheme; anything else gives `fallback`. The path is answered in the URL
 * parser's normal form, so characters outside ASCII are percent-encoded (`/。x` → `/%E3%80%82x`) and
 * fit in a `Location` header; a path that normalises to `//…` is refused like one written so.
 */
export function safeReturnTo(value: unknown, fallback = "/settings"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!onSite(value)) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  let normal: string;
  try {
    const resolved = new URL(value, "http://docket.invalid");
    if (resolved.origin !== "http://docket.invalid") return fallback;
    normal = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return fallback;
  }
  if (!onSite(normal) || normal.length > 2000 || !/^[\x21-\x7e]+$/.test(normal)) return fallback;
  return normal;
}

export function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const STYLESHEET_PATH = "/assets/docket.css";

export interface PageOptions {
  title: string;
  /** the page's main content, already escaped HTML */
  body: string;
  /** the signed-in person, for the header (sign-out form needs the session's CSRF token) */
  person?: Person | null;
  csrf?: string;
}

/** The layout of every page: one stylesheet from this service, no scripts, a header with sign-out. */
export function page(options: PageOptions): string {
  const account =
    options.person && options.csrf
      ? `<form method="post" action="/sign-out" class="inline"><input type="hidden" name="csrf" value="${esc(options.csrf)}"><span class="who">${esc(options.person.email)}</span> <a href="/settings">Settings</a> <button type="submit" class="link">Sign out</button></form>`
      : `<a href="/sign-in">Sign in</a>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${esc(options.title)} · Docket</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head><body>
<header><a class="brand" href="/">Docket</a><nav aria-label="Account">${account}</nav></header>
<main>
<h1>${esc(options.title)}</h1>
${options.body}
</main>
<footer><a href="/terms">Terms of Service</a> · <a href="/privacy">Privacy Policy</a></footer>
</body></html>
`;
}

/** Headers of every page: no caching anywhere, styles from this site only, same-origin referrers. */
export function pageHeaders(reply: FastifyReply): FastifyReply {
  return (
    reply
      .header("cache-control", "no-store")
      .header(
        "content-security-policy",
        "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      )
      // Same-origin referrers, so a form's POST carries our Origin; other sites learn nothing.
      .header("referrer-policy", "same-origin")
  );
}

export function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return pageHeaders(reply).code(status).type("text/html; charset=utf-8").send(html);
}

/** A 303 to a path on this site (after a POST, or to sign in). */
export function redirect(reply: FastifyReply, location: string): FastifyReply {
  return pageHeaders(reply).code(303).header("location", location).send();
}

/** Where to send a person who must sign in first, coming back to `returnTo` afterwards. */
export function signInLocation(returnTo: string): string {
  return `/sign-in?return_to=${encodeURIComponent(safeReturnTo(returnTo, "/settings"))}`;
}
