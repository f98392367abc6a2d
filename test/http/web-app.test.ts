import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, type TestContext, test } from "node:test";
import { gzipSync } from "node:zlib";
import { createPerson } from "../../src/auth/people.ts";
import { createWorkspace } from "../../src/auth/workspaces.ts";
import { buildApp } from "../../src/http/app.ts";
import { createLogger } from "../../src/http/logger.ts";
import { APP_CSP, ASSET_CACHE_CONTROL } from "../../src/http/web-app.ts";
import { RESERVED_SLUGS } from "../../src/validate.ts";
import { seed, setup } from "../support.ts";
import { csrfOf, signIn, type Web, type WebClient, web } from "./pages/web.ts";

/**
 * Serving the web app: a small build of its own (index.html and a hashed asset), never the app's real
 * build; the page for the signed-in, sign-in and back for the signed-out, JSON 404s for server paths.
 */

const INDEX = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docket</title>
<script type="module" src="/assets/index-Bq3x9.js"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = "console.log('docket app');\n".repeat(20);

function fixtureDist(t: TestContext): string {
  const dir = mkdtempSync(path.join(tmpdir(), "docket-web-dist-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), INDEX);
  writeFileSync(path.join(dir, "assets", "index-Bq3x9.js"), SCRIPT);
  writeFileSync(path.join(dir, "assets", "index-Bq3x9.js.gz"), gzipSync(SCRIPT));
  writeFileSync(path.join(dir, "assets", "index-Dd81k.css"), "body{margin:0}");
  writeFileSync(path.join(dir, "assets", ".hidden"), "secret");
  return dir;
}

/** The pages' web client (test/http/pages/web.ts) over an app serving `dist`. */
const webWith = (t: TestContext, dist: string): Promise<Web> => web(t, {}, { webDist: dist });

/** Signs Ada in (a member of acme) and accepts the Terms: a client at home in the app. */
async function signedIn(w: Web, returnTo = "/"): Promise<WebClient> {
  await seed(w.core);
  const { client, answer } = await signIn(w, "ada@example.com", returnTo);
  assert.equal(answer.location, `/welcome?return_to=${encodeURIComponent(returnTo)}`);
  const welcome = await client.get(answer.location!);
  const accepted = await client.post("/welcome", {
    csrf: csrfOf(welcome.body),
    return_to: returnTo,
    accept_terms: "yes",
  });
  assert.equal(accepted.status, 303);
  assert.equal(accepted.location, returnTo);
  return client;
}

function assertJson404(
  res: { status: number; headers: Record<string, unknown>; body: string },
  what: string,
) {
  assert.equal(res.status, 404, `${what}: ${res.body}`);
  assert.match(String(res.headers["content-type"]), /^application\/json/, what);
  assert.equal(JSON.parse(res.body).error, "not_found", what);
  assert.match(JSON.parse(res.body).error_description, /^Nothing is at /, what);
}

describe("the web app", () => {
  test("signed in: / and every workspace path answer the page, with its CSP and no-cache", async (t) => {
    const w = await webWith(t, fixtureDist(t));
    const client = await signedIn(w);
    for (const url of [
      "/",
      "/acme",
      "/acme/issues",
      "/acme/issue/ENG-42",
      "/acme/board?group=status",
      "/acme/",
    ]) {
      const res = await client.get(url);
      assert.equal(res.status, 200, `${url}: ${res.body}`);
      assert.equal(res.body, INDEX, url);
      assert.equal(res.headers["content-type"], "text/html; charset=utf-8");
      assert.equal(res.headers["content-security-policy"], APP_CSP, url);
      assert.equal(res.headers["cache-control"], "no-cache", url);
      assert.equal(res.headers["referrer-policy"], "same-origin", "the app's writes carry its Origin");
      assert.equal(res.headers["x-frame-options"], "DENY");
      assert.equal(res.headers["x-content-type-options"], "nosniff");
    }
    const first = await client.get("/acme/issues");
    const again = await client.get("/acme/issues", { "if-none-match": String(first.headers.etag) });
    assert.equal(again.status, 304);
    assert.equal(again.body, "");
    // the strict policy: no inline scripts, nothing from elsewhere
    assert.ok(!APP_CSP.includes("unsafe-eval"));
    assert.match(APP_CSP, /script-src 'self';/);
    assert.match(APP_CSP, /frame-ancestors 'none'/);
    // the other pages keep their own policy
    const settings = await client.get("/settings");
    assert.equal(settings.status, 200);
    assert.match(String(settings.headers["content-security-policy"]), /^default-src 'none'/);
  });

  test("assets: hashed files cached for a year, compressed when asked, missing ones a JSON 404", async (t) => {
    const w = await webWith(t, fixtureDist(t));
    const client = w.client();
    const js = await client.get("/assets/index-Bq3x9.js");
    assert.equal(js.status, 200);
    assert.match(String(js.headers["content-type"]), /javascript/);
    assert.equal(js.headers["cache-control"], ASSET_CACHE_CONTROL);
    assert.equal(js.body, SCRIPT);
    const gz = await w.app.inject({ url: "/assets/index-Bq3x9.js", headers: { "accept-encoding": "gzip" } });
    assert.equal(gz.statusCode, 200);
    assert.equal(gz.headers["content-encoding"], "gzip");
    assert.equal(gz.headers["cache-control"], ASSET_CACHE_CONTROL);
    assert.match(String(gz.headers.vary), /accept-encoding/i);
    const css = await client.get("/assets/index-Dd81k.css");
    assert.match(String(css.headers["content-type"]), /^text\/css/);
    // the pages' own stylesheet is still theirs
    const pages = await client.get("/assets/docket.css");
    assert.equal(pages.status, 200);
    assert.equal(pages.headers["cache-control"], "public, max-age=3600");
    for (const url of [
      "/assets/missing-123.js",
      "/assets/.hidden",
      "/assets/../index.html",
      "/assets/%2e%2e/index.html",
      "/assets/",
    ]) {
      const res = await client.get(url);
      assert.ok(res.status === 404 || res.status === 403, `${url}: ${res.status}`);
      assert.ok(!res.body.includes("secret") && !res.body.includes('<div id="root">'), url);
    }
    assertJson404(await client.get("/assets/missing-123.js"), "a missing asset");
  });

  test("signed out: the app's paths send to sign in and back there; server paths keep their JSON 404", async (t) => {
    const w = await webWith(t, fixtureDist(t));
    const client = w.client();
    const home = await client.get("/");
    assert.equal(home.status, 303);
    assert.equal(home.location, "/sign-in?return_to=%2F");
    const deep = await client.get("/acme/issues?status=todo&assignee=me");
    assert.equal(deep.status, 303);
    assert.equal(
      deep.location,
      `/sign-in?return_to=${encodeURIComponent("/acme/issues?status=todo&assignee=me")}`,
    );
    // signing in from there ends back there, through the Terms
    const back = await signedIn(w, "/acme/issues?status=todo&assignee=me");
    assert.equal((await back.get("/acme/issues?status=todo&assignee=me")).status, 200);
    // and from / back at /
    const other = await webWith(t, fixtureDist(t));
    const atHome = await signedIn(other, "/");
    assert.equal((await atHome.get("/")).body, INDEX);
  });

  test("unknown paths of the server stay JSON 404s, signed in or not; writes to app paths are 404", async (t) => {
    const w = await webWith(t, fixtureDist(t));
    const signedInClient = await signedIn(w);
    for (const client of [w.client(), signedInClient]) {
      for (const url of [
        "/v1/unknown",
        "/v1",
        "/v1/",
        "/api/nothing",
        "/api/auth/nothing",
        "/sign-in/x/y/z",
        "/docs/x",
        "/settings/x/y",
        "/claim/x",
        "/healthz/x",
        "/files/x",
        "/.well-known/nothing",
        "/favicon.ico",
        "/robots.txt",
        "/ACME/issues",
        "/%E2%9C%93",
      ]) {
        assertJson404(await client.get(url), url);
      }
      const post = await w.app.inject({
        method: "POST",
        url: "/acme/issues",
        headers: { "content-type": "application/json" },
        payload: "{}",
      });
      assertJson404({ status: post.statusCode, headers: post.headers, body: post.body }, "POST /acme/issues");
      const v1post = await w.app.inject({ method: "POST", url: "/v1/unknown" });
      assertJson404(
        { status: v1post.statusCode, headers: v1post.headers, body: v1post.body },
        "POST /v1/unknown",
      );
    }
    // existing pages are unchanged
    assert.equal((await w.client().get("/healthz")).status, 200);
    assert.equal((await w.client().get("/sign-in")).status, 200);
    assert.equal((await w.client().get("/docs")).status, 200);
  });

  test("sign-out from the app: a form POST with the csrf_token of /v1/me", async (t) => {
    const w = await webWith(t, fixtureDist(t));
    const client = await signedIn(w);
    const me = await w.app.inject({ url: "/v1/me", headers: { cookie: `docket_session=${client.cookie}` } });
    assert.equal(me.statusCode, 200);
    const out = await client.post("/sign-out", { csrf: me.json().csrf_token });
    assert.equal(out.status, 303);
    assert.equal(out.location, "/sign-in");
    const after = await client.get("/acme/issues");
    assert.equal(after.status, 303);
    assert.match(after.location!, /^\/sign-in\?return_to=/);
    const v1 = await w.app.inject({
      url: "/v1/me",
      headers: { cookie: `docket_session=${client.cookie ?? "x"}` },
    });
    assert.equal(v1.statusCode, 401);
  });

  test("not built: / says so and names the command; app paths too; server paths unchanged", async (t) => {
    const w = await webWith(t, path.join(tmpdir(), "docket-no-such-dist"));
    const home = await w.client().get("/");
    assert.equal(home.status, 200);
    assert.match(home.body, /web app is not built/);
    assert.match(home.body, /npm run build:web/);
    assert.match(home.body, /<a href="\/docs">/);
    const deep = await w.client().get("/acme/issues");
    assert.equal(deep.status, 503);
    assert.match(deep.body, /npm run build:web/);
    assertJson404(await w.client().get("/assets/index-Bq3x9.js"), "no assets");
    assertJson404(await w.client().get("/v1/unknown"), "/v1/unknown");
  });

  test("a build made while the service runs is served at once", async (t) => {
    const dist = mkdtempSync(path.join(tmpdir(), "docket-web-later-"));
    t.after(() => rmSync(dist, { recursive: true, force: true }));
    const w = await webWith(t, dist);
    const client = await signedIn(w);
    assert.match((await client.get("/")).body, /not built/);
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(path.join(dist, "index.html"), INDEX);
    writeFileSync(path.join(dist, "assets", "index-Bq3x9.js"), SCRIPT);
    assert.equal((await client.get("/")).body, INDEX);
    assert.equal((await client.get("/assets/index-Bq3x9.js")).status, 200);
    writeFileSync(path.join(dist, "index.html"), INDEX.replace("Bq3x9", "Zz000"));
    assert.match((await client.get("/")).body, /Zz000/);
  });
});

describe("paths kept for the server", () => {
  test("every first segment of a server route is kept from workspace slugs", async (t) => {
    const { core } = await setup(t);
    const instance = buildApp(core, { logger: createLogger("silent") });
    const firsts = new Set<string>();
    instance.addHook("onRoute", (r) => {
      firsts.add(r.url.split("/")[1] ?? "");
    });
    await instance.ready();
    t.after(() => instance.close());
    // the routes buildApp adds itself, before this hook
    for (const own of ["healthz", "readyz"]) firsts.add(own);
    for (const first of firsts) {
      if (first === "" || first.startsWith(":") || first.startsWith(".")) continue;
      assert.ok(RESERVED_SLUGS.includes(first), `/${first} is kept from workspace slugs`);
    }
  });

  test("a workspace cannot take a kept slug", async (t) => {
    const { core } = await setup(t);
    await createPerson(core, { email: "ada@example.com", name: "Ada" });
    for (const slug of ["settings", "v1", "assets", "sign-in"]) {
      await assert.rejects(
        createWorkspace(core, { name: "X", slug, owner_email: "ada@example.com", space_prefix: "ENG" }),
        (e: Error & { status?: number }) => e.status === 409 && /kept for the service/.test(e.message),
        slug,
      );
    }
    await assert.rejects(
      createWorkspace(core, { name: "Settings", owner_email: "ada@example.com", space_prefix: "ENG" }),
      /kept for the service/,
    );
  });
});
