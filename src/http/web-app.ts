import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasAcceptedTerms } from "../auth/web/terms.ts";
import type { Core } from "../core.ts";
import { ROOT } from "../paths.ts";
import { RESERVED_SLUGS } from "../validate.ts";
import { esc, redirect, signedInPerson, signInLocation } from "./pages/session.ts";

/**
 * The web app: the built single-page app in `web/dist` (index.html and hashed files under assets/),
 * served at `/` and at every path whose first segment could be a workspace's slug (`/acme/issues`,
 * `/acme/issue/ENG-42`). Signed out, those paths send the person to sign in and back; signed in, they
 * all answer index.html and the app routes in the browser. Every other first segment belongs to the
 * server (`/v1`, `/api`, `/docs`, the sign-in and settings pages…): an unknown path there is a JSON
 * 404 as before. The app talks to `/v1` with the session cookie and `X-CSRF-Token` (src/http/auth.ts).
 */

/** Where the app is built: `web/dist` of the repository. */
export const DEFAULT_WEB_DIST = path.join(ROOT, "web", "dist");

/** The command that builds the app, for the page shown when it is not built. */
export const BUILD_COMMAND = "npm run build:web";

/** The app page's policy: its own scripts, styles (inline ones too, for components), and API only. */
export const APP_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/** Hashed assets never change under their name: cached for a year, never revalidated. */
export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";

const SLUG_SEGMENT = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;

interface IndexFile {
  mtimeMs: number;
  size: number;
  body: Buffer;
  etag: string;
}

/** The first segment of a path (`/acme/issues?x` → `acme`), decoded; "" for `/`. */
function firstSegment(url: string): string {
  const pathOnly = url.split("?")[0] ?? "/";
  const first = pathOnly.split("/")[1] ?? "";
  try {
    return decodeURIComponent(first);
  } catch {
    return first;
  }
}

function notBuiltPage(core: Core): string {
  const base = esc(core.config.baseUrl);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Docket: the web app is not built</title></head>
<body><main><h1>Docket</h1>
<p>The service is running, but the web app is not built on this server, so there is nothing to show here yet.</p>
<p>Build it from the repository with <code>${esc(BUILD_COMMAND)}</code> (it writes <code>web/dist</code>), then reload this page; no restart is needed.</p>
<ul>
<li>REST API: <code>${base}/v1</code>, with a personal access token (<code>Authorization: Bearer docket_pat_…</code>)</li>
<li>MCP (Streamable HTTP): <code>${base}/api/mcp</code>, with a connection's access token (<code>Authorization: Bearer docket_at_…</code>)</li>
<li>API reference: <a href="/docs">/docs</a>, OpenAPI 3.1 document: <a href="/v1/openapi.json">/v1/openapi.json</a></li>
<li>People: <a href="/sign-in">sign in</a>, <a href="/settings">settings</a> (agent connections and personal access tokens)</li>
<li>Health: <a href="/healthz">/healthz</a>, readiness: <a href="/readyz">/readyz</a></li>
</ul></main></body></html>
`;
}

/** What the service needs of the app: its routes (`/`, `/assets/*`) and the answer for other app paths. */
export interface WebApp {
  routes: (app: FastifyInstance) => Promise<void>;
  /**
   * Serves an app path that no route matched (called by the not-found handler for GET and HEAD):
   * true when it answered, false when the path is not the app's (a server path, or no app built), which
   * then gets the usual 404.
   */
  fallback: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
}

/**
 * The app from `dist`: `/assets/*` (immutable, pre-compressed `.br`/`.gz` when the build made them),
 * and index.html for `/` and the app's paths, read again whenever the build changes it. `reserved`
 * holds the first segments of every server route (collected as routes are added) besides
 * RESERVED_SLUGS.
 */
export function webApp(core: Core, dist: string, reserved: ReadonlySet<string>): WebApp {
  let cached: IndexFile | undefined;
  const indexPath = path.join(dist, "index.html");
  /** index.html as built now, or undefined when the app is not built. */
  async function indexFile(): Promise<IndexFile | undefined> {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(indexPath);
    } catch {
      cached = undefined;
      return undefined;
    }
    if (!info.isFile()) return undefined;
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const body = await readFile(indexPath);
    cached = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      body,
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    };
    return cached;
  }

  /** The page for the signed-in person; to sign in (and back) for anyone else. */
  async function sendApp(request: FastifyRequest, reply: FastifyReply, index: IndexFile) {
    const person = await signedInPerson(core, request);
    if (!person) return redirect(reply, signInLocation(request.url));
    if (!hasAcceptedTerms(person)) {
      return redirect(reply, `/welcome?return_to=${encodeURIComponent(request.url)}`);
    }
    reply
      .header("content-security-policy", APP_CSP)
      .header("cache-control", "no-cache")
      .header("vary", "Cookie")
      .header("etag", index.etag)
      // same-origin referrers: a form posted from the app (sign-out) carries its Origin; under
      // no-referrer a browser sends `Origin: null` there, which the pages' CSRF check refuses
      .header("referrer-policy", "same-origin")
      .type("text/html; charset=utf-8");
    const inm = request.headers["if-none-match"];
    if (typeof inm === "string" && inm.split(",").some((t) => t.trim().replace(/^W\//, "") === index.etag)) {
      return reply.code(304).send();
    }
    return reply.send(index.body);
  }

  return {
    async routes(app) {
      await app.register(fastifyStatic, {
        root: path.join(dist, "assets"),
        prefix: "/assets/",
        wildcard: true,
        index: false,
        dotfiles: "deny",
        preCompressed: true,
        cacheControl: false,
        lastModified: false,
        etag: false,
        suppressWarning: true,
        decorateReply: false,
        setHeaders: (reply) => {
          reply.header("cache-control", ASSET_CACHE_CONTROL);
        },
      });
      app.get("/", async (request, reply) => {
        const index = await indexFile();
        if (index) return sendApp(request, reply, index);
        // no app: `/` says how to build it
        return reply
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(notBuiltPage(core));
      });
    },
    async fallback(request, reply) {
      const segment = firstSegment(request.url);
      // a server path, or no workspace's: the JSON 404 every unknown path gets
      if (reserved.has(segment) || !SLUG_SEGMENT.test(segment)) return false;
      // no app: any path but `/` is what it was before the app, a 404
      const index = await indexFile();
      if (!index) return false;
      await sendApp(request, reply, index);
      return true;
    },
  };
}

/** The first segments the server's own routes use, plus the names kept for it (RESERVED_SLUGS). */
export function reservedSegments(): Set<string> {
  return new Set(RESERVED_SLUGS);
}
