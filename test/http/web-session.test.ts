import assert from "node:assert/strict";
import { describe, type TestContext, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { createPerson } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { createSession } from "../../src/auth/web/sessions.ts";
import { acceptTerms } from "../../src/auth/web/terms.ts";
import { addMember, createWorkspace } from "../../src/auth/workspaces.ts";
import type { Core } from "../../src/core.ts";
import { app, bearer, type Seeded, seed, setup, type TestEnv } from "../support.ts";

/**
 * The web app's use of /v1: the signed-in session cookie authenticates a request without an
 * Authorization header, writes carry X-CSRF-Token, and tokens behave exactly as before.
 */

interface World {
  env: TestEnv;
  core: Core;
  server: FastifyInstance;
  ada: Seeded;
  /** Ada's session cookie header and CSRF token */
  cookie: string;
  csrf: string;
  origin: string;
  /** Grace: a member of "beta" only, with her own session */
  grace: { id: string; cookie: string; csrf: string; betaId: string };
  call(
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
    // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
}

async function sessionFor(core: Core, personId: string): Promise<{ cookie: string; csrf: string }> {
  await acceptTerms(core, personId);
  const { cookie, session } = await createSession(core, { personId });
  return { cookie: `docket_session=${cookie}`, csrf: session.csrfToken };
}

async function world(t: TestContext, env: Record<string, string> = {}): Promise<World> {
  const e = await setup(t, env);
  const ada = await seed(e.core);
  const server = await app(t, e.core);
  const { cookie, csrf } = await sessionFor(e.core, ada.personId);
  const graceRow = await createPerson(e.core, { email: "grace@example.com", name: "Grace" });
  const beta = await createWorkspace(e.core, {
    name: "Beta",
    slug: "beta",
    owner_email: "grace@example.com",
    space_prefix: "BET",
  });
  const g = await sessionFor(e.core, graceRow.id);
  const origin = new URL(e.core.config.baseUrl).origin;
  return {
    env: e,
    core: e.core,
    server,
    ada,
    cookie,
    csrf,
    origin,
    grace: { id: graceRow.id, cookie: g.cookie, csrf: g.csrf, betaId: beta.id },
    async call(method, url, body, headers = {}) {
      const res = await server.inject({
        method: method as "GET",
        url,
        headers: {
          cookie,
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
          ...(method !== "GET" ? { "x-csrf-token": csrf, origin } : {}),
          ...headers,
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
      const type = String(res.headers["content-type"] ?? "");
      return {
        status: res.statusCode,
        body: type.includes("json") && res.body ? JSON.parse(res.body) : res.body,
        headers: res.headers,
      };
    },
  };
}

async function issueCount(core: Core): Promise<number> {
  const r = await core.db
    .selectFrom("issues")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe("/v1 with the web session", () => {
  test("reads, writes, lists and the event feed work as the signed-in person, with both scopes", async (t) => {
    const w = await world(t);
    const ws = await w.call("GET", "/v1/workspace");
    assert.equal(ws.status, 200);
    assert.equal(ws.body.slug, "acme");
    const created = await w.call("POST", "/v1/issues", { space: "ENG", title: "From the app" });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual(created.body.created_by, { person_id: w.ada.personId, via: "web" });
    const id = created.body.identifier as string;
    const read = await w.call("GET", `/v1/issues/${id}`);
    assert.equal(read.status, 200);
    const etag = String(read.headers.etag);
    const patched = await w.call("PATCH", `/v1/issues/${id}`, { priority: "high" }, { "if-match": etag });
    assert.equal(patched.status, 200, JSON.stringify(patched.body));
    // If-Match still guards: the old ETag is now stale
    const stale = await w.call("PATCH", `/v1/issues/${id}`, { priority: "low" }, { "if-match": etag });
    assert.equal(stale.status, 412);
    const list = await w.call("GET", "/v1/issues?limit=10");
    assert.equal(list.status, 200);
    assert.equal(list.body.data.length, 1);
    const search = await w.call("GET", "/v1/search?q=app");
    assert.equal(search.status, 200);
    // the activity shows the person, and no agent
    const activity = await w.call("GET", `/v1/issues/${id}/activity`);
    assert.equal(activity.status, 200, JSON.stringify(activity.body));
    assert.equal(activity.body.data[0].actor.via, "web");
    assert.equal(activity.body.data[0].actor.agent, null);
    assert.equal(activity.body.data[0].actor.name, "Ada");
    // the events name it `web`, told apart from tokens and agents
    const events = await w.call("GET", "/v1/events?type=issue.*");
    assert.equal(events.status, 200);
    assert.ok(events.body.data.length >= 2);
    for (const e of events.body.data) {
      assert.equal(e.actor.via, "web");
      assert.equal(e.actor.via_type, "web");
      assert.equal(e.actor.person_name, "Ada");
      assert.equal(e.actor.via_name, null);
    }
    // a DELETE (removing a dependency) through the session
    const other = await w.call("POST", "/v1/issues", { space: "ENG", title: "Blocker" });
    const dep = await w.call("POST", `/v1/issues/${id}/dependencies`, {
      blockedBy: [other.body.identifier],
    });
    assert.ok(dep.status === 200 || dep.status === 201, JSON.stringify(dep.body));
    const removed = await w.call("DELETE", `/v1/dependencies/${dep.body.data[0].id}`);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
  });

  test("the workspace comes from Docket-Workspace (slug or id), else the first membership", async (t) => {
    const w = await world(t);
    // Ada joins beta later: her first workspace stays acme
    await addMember(w.core, { workspace: "beta", email: "ada@example.com" });
    assert.equal((await w.call("GET", "/v1/workspace")).body.slug, "acme");
    const bySlug = await w.call("GET", "/v1/workspace", undefined, { "docket-workspace": "beta" });
    assert.equal(bySlug.status, 200);
    assert.equal(bySlug.body.slug, "beta");
    const byId = await w.call("GET", "/v1/workspace", undefined, { "docket-workspace": w.grace.betaId });
    assert.equal(byId.body.slug, "beta");
    const created = await w.call(
      "POST",
      "/v1/issues",
      { space: "BET", title: "In beta" },
      { "docket-workspace": "BETA" },
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.match(created.body.identifier, /^BET-/);
    // Grace is not a member of acme: 404, as any other workspace
    const foreign = await w.server.inject({
      url: "/v1/issues",
      headers: { cookie: w.grace.cookie, "docket-workspace": "acme" },
    });
    assert.equal(foreign.statusCode, 404);
    assert.equal(foreign.json().error, "not_found");
    const unknown = await w.call("GET", "/v1/issues", undefined, { "docket-workspace": "nowhere" });
    assert.equal(unknown.status, 404);
    // Grace's own first workspace is beta: she never sees acme's issues
    const hers = await w.server.inject({ url: "/v1/issues", headers: { cookie: w.grace.cookie } });
    assert.equal(hers.statusCode, 200);
    assert.ok(hers.json().data.every((i: { identifier: string }) => i.identifier.startsWith("BET-")));
  });

  test("CSRF: writes without the header, with a wrong token, from another origin or site change nothing", async (t) => {
    const w = await world(t);
    const before = await issueCount(w.core);
    const refusals: [string, Record<string, string>, number, string][] = [
      ["no X-CSRF-Token", { "x-csrf-token": "" }, 403, "csrf_refused"],
      [
        "a wrong token",
        { "x-csrf-token": `${w.csrf.slice(0, -1)}${w.csrf.endsWith("x") ? "y" : "x"}` },
        403,
        "csrf_refused",
      ],
      ["another session's token", { "x-csrf-token": w.grace.csrf }, 403, "csrf_refused"],
      ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }, 403, "csrf_refused"],
      // the CORS layer refuses another origin carrying the cookie before anything else
      ["a foreign Origin", { origin: "https://evil.example" }, 403, "forbidden"],
    ];
    for (const [why, headers, status, code] of refusals) {
      const res = await w.server.inject({
        method: "POST",
        url: "/v1/issues",
        headers: {
          cookie: w.cookie,
          "content-type": "application/json",
          "x-csrf-token": w.csrf,
          origin: w.origin,
          "idempotency-key": `k-${why.replace(/\W/g, "")}`,
          ...headers,
        },
        payload: JSON.stringify({ space: "ENG", title: "Forged" }),
      });
      assert.equal(res.statusCode, status, `${why}: ${res.body}`);
      assert.equal(res.json().error, code, why);
      assert.ok(res.json().error_description.length > 10, why);
    }
    // the same for PATCH and DELETE
    const made = await w.call("POST", "/v1/issues", { space: "ENG", title: "Real" });
    const after = await issueCount(w.core);
    assert.equal(after, before + 1, "only the real one was made");
    const patch = await w.server.inject({
      method: "PATCH",
      url: `/v1/issues/${made.body.identifier}`,
      headers: { cookie: w.cookie, "content-type": "application/json" },
      payload: JSON.stringify({ title: "Forged" }),
    });
    assert.equal(patch.statusCode, 403);
    assert.equal(patch.json().error, "csrf_refused");
    const kept = await w.call("GET", `/v1/issues/${made.body.identifier}`);
    assert.equal(kept.body.title, "Real");
    const del = await w.server.inject({
      method: "DELETE",
      url: "/v1/connections/con_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
      headers: { cookie: w.cookie },
    });
    assert.equal(del.statusCode, 403);
    assert.equal(del.json().error, "csrf_refused");
    // no idempotency key was kept for a refused request
    const keys = await w.core.db.selectFrom("idempotency_keys").selectAll().execute();
    assert.equal(keys.length, 0);
    // reads need no CSRF header; a same-origin write without Origin (some browsers) passes with the token
    assert.equal(
      (await w.server.inject({ url: "/v1/issues", headers: { cookie: w.cookie } })).statusCode,
      200,
    );
    const noOrigin = await w.server.inject({
      method: "POST",
      url: "/v1/issues",
      headers: { cookie: w.cookie, "content-type": "application/json", "x-csrf-token": w.csrf },
      payload: JSON.stringify({ space: "ENG", title: "No Origin header" }),
    });
    assert.equal(noOrigin.statusCode, 201);
  });

  test("CORS: another origin never uses the cookie, reads included; preflights grant no credentials", async (t) => {
    const w = await world(t);
    const read = await w.server.inject({
      url: "/v1/me",
      headers: { cookie: w.cookie, origin: "https://evil.example" },
    });
    assert.equal(read.statusCode, 403);
    assert.equal(read.json().error, "forbidden");
    assert.ok(!read.body.includes(w.csrf), "the CSRF token never reaches another origin");
    const preflight = await w.server.inject({
      method: "OPTIONS",
      url: "/v1/issues",
      headers: {
        origin: "https://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "x-csrf-token",
      },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers["access-control-allow-origin"], "*");
    assert.equal(preflight.headers["access-control-allow-credentials"], undefined);
    assert.ok(!/x-csrf-token/i.test(String(preflight.headers["access-control-allow-headers"])));
    // the same origin reads with the cookie
    const own = await w.server.inject({ url: "/v1/me", headers: { cookie: w.cookie, origin: w.origin } });
    assert.equal(own.statusCode, 200);
    assert.equal(own.headers["access-control-allow-credentials"], undefined);
  });

  test("anonymous, ended and unknown sessions are not signed in; a token wins over the cookie", async (t) => {
    const w = await world(t);
    const anonymous = await createSession(w.core, {});
    const refused = [
      { cookie: `docket_session=${anonymous.cookie}` },
      { cookie: "docket_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
      { cookie: "docket_session=garbage" },
      {},
    ];
    for (const headers of refused) {
      const res = await w.server.inject({ url: "/v1/issues", headers });
      assert.equal(res.statusCode, 401, JSON.stringify(headers));
      assert.equal(res.json().error, "invalid_token");
    }
    // a request with both is the token's: Grace's cookie with Ada's token reads acme
    const both = await w.server.inject({
      url: "/v1/workspace",
      headers: { cookie: w.grace.cookie, ...bearer(w.ada.token) },
    });
    assert.equal(both.statusCode, 200);
    assert.equal(both.json().slug, "acme");
    // a bad token is refused even with a good cookie
    const bad = await w.server.inject({
      url: "/v1/workspace",
      headers: { cookie: w.cookie, authorization: "Bearer docket_pat_nope" },
    });
    assert.equal(bad.statusCode, 401);
    // a token write needs no CSRF header, with or without the cookie
    const tokenWrite = await w.server.inject({
      method: "POST",
      url: "/v1/issues",
      headers: { ...bearer(w.ada.token), cookie: w.cookie, "content-type": "application/json" },
      payload: JSON.stringify({ space: "ENG", title: "By token" }),
    });
    assert.equal(tokenWrite.statusCode, 201);
    assert.match(tokenWrite.json().created_by.via, /^pat_/);
    // a person who has not accepted the Terms is sent to accept them
    const newcomer = await createPerson(w.core, { email: "new@example.com", name: "New" });
    await addMember(w.core, { workspace: "acme", email: "new@example.com" });
    const s = await createSession(w.core, { personId: newcomer.id });
    const terms = await w.server.inject({ url: "/v1/me", headers: { cookie: `docket_session=${s.cookie}` } });
    assert.equal(terms.statusCode, 401);
    assert.match(terms.json().error_description, /Terms/);
  });

  test("Idempotency-Key replays for the session, per person and workspace; rate limits count per person", async (t) => {
    const w = await world(t, { REST_RATE_LIMIT: "5" });
    const headers = { "idempotency-key": "same-key" };
    const first = await w.call("POST", "/v1/issues", { space: "ENG", title: "Once" }, headers);
    assert.equal(first.status, 201);
    const again = await w.call("POST", "/v1/issues", { space: "ENG", title: "Once" }, headers);
    assert.equal(again.status, 201);
    assert.equal(again.headers["idempotent-replayed"], "true");
    assert.equal(again.body.identifier, first.body.identifier);
    assert.equal(first.headers["ratelimit-limit"], "5");
    // Ada's token has its own budget; her session's is spent after five requests
    let last = 0;
    for (let i = 0; i < 4; i++) last = (await w.call("GET", "/v1/workspace")).status;
    assert.equal(last, 429);
    const byToken = await w.server.inject({ url: "/v1/workspace", headers: bearer(w.ada.token) });
    assert.equal(byToken.statusCode, 200);
    // Grace's session is counted apart
    const grace = await w.server.inject({ url: "/v1/workspace", headers: { cookie: w.grace.cookie } });
    assert.equal(grace.statusCode, 200);
  });

  test("maintenance answers 503 to session requests too", async (t) => {
    const w = await world(t);
    await w.core.switches.set("maintenance", true);
    const res = await w.call("GET", "/v1/workspace");
    assert.equal(res.status, 503);
  });
});

describe("GET /v1/me", () => {
  test("a session: the person, every workspace with the role, and the CSRF token", async (t) => {
    const w = await world(t);
    await addMember(w.core, { workspace: "beta", email: "ada@example.com" });
    const me = await w.call("GET", "/v1/me");
    assert.equal(me.status, 200);
    assert.deepEqual(me.body.person, { id: w.ada.personId, email: "ada@example.com", name: "Ada" });
    assert.deepEqual(me.body.credential, {
      kind: "session",
      id: null,
      name: null,
      scopes: ["workspace.read", "workspace.write"],
    });
    assert.equal(me.body.workspace.slug, "acme");
    assert.equal(me.body.workspace.role, "owner");
    assert.deepEqual(
      me.body.workspaces.map((x: { slug: string; role: string }) => [x.slug, x.role]),
      [
        ["acme", "owner"],
        ["beta", "member"],
      ],
    );
    assert.equal(me.body.csrf_token, w.csrf);
    const inBeta = await w.call("GET", "/v1/me", undefined, { "docket-workspace": "beta" });
    assert.equal(inBeta.body.workspace.slug, "beta");
    assert.equal(inBeta.body.workspace.role, "member");
  });

  test("a token: its own workspace only, no CSRF token; a connection names itself", async (t) => {
    const w = await world(t);
    await addMember(w.core, { workspace: "beta", email: "ada@example.com" });
    const ro = await w.server.inject({ url: "/v1/me", headers: bearer(w.ada.readOnlyToken) });
    assert.equal(ro.statusCode, 200);
    const body = ro.json();
    assert.equal(body.credential.kind, "personal_access_token");
    assert.match(body.credential.id, /^pat_/);
    assert.equal(body.credential.name, "ro");
    assert.deepEqual(body.credential.scopes, ["workspace.read"]);
    assert.deepEqual(
      body.workspaces.map((x: { slug: string }) => x.slug),
      ["acme"],
    );
    assert.equal("csrf_token" in body, false);
    const con = await createConnection(w.core, {
      kind: "agent",
      workspaceId: w.ada.workspaceId,
      personId: w.ada.personId,
      name: "Builder bot",
      scopes: ["workspace.read", "workspace.write"],
    });
    const at = await issueAccessToken(w.core, con);
    const asAgent = await w.server.inject({ url: "/v1/me", headers: bearer(at.access_token) });
    assert.equal(asAgent.statusCode, 200, asAgent.body);
    assert.deepEqual(asAgent.json().credential, {
      kind: "connection",
      id: con.id,
      name: "Builder bot",
      scopes: ["workspace.read", "workspace.write"],
    });
  });

  test("a signed-in person with no workspace reaches /v1/me only", async (t) => {
    const w = await world(t);
    const loner = await createPerson(w.core, { email: "solo@example.com", name: "Solo" });
    const s = await sessionFor(w.core, loner.id);
    const me = await w.server.inject({ url: "/v1/me", headers: { cookie: s.cookie } });
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(me.json().workspace, null);
    assert.deepEqual(me.json().workspaces, []);
    const issues = await w.server.inject({ url: "/v1/issues", headers: { cookie: s.cookie } });
    assert.equal(issues.statusCode, 404);
  });
});

describe("GET /v1/members", () => {
  test("members by name, paged, with role; q narrows; another workspace's members never show", async (t) => {
    const w = await world(t);
    for (const [email, name] of [
      ["zoe@example.com", "Zoe"],
      ["bob@example.com", "Bob"],
    ]) {
      await createPerson(w.core, { email: email!, name: name! });
      await addMember(w.core, { workspace: "acme", email: email! });
    }
    const first = await w.call("GET", "/v1/members?limit=2");
    assert.equal(first.status, 200);
    assert.deepEqual(
      first.body.data.map((m: { name: string }) => m.name),
      ["Ada", "Bob"],
    );
    assert.equal(first.body.data[0].role, "owner");
    assert.equal(first.body.data[0].person_id, w.ada.personId);
    assert.equal(first.body.data[0].suspended, false);
    assert.ok(first.body.next_cursor);
    const second = await w.call("GET", `/v1/members?limit=2&cursor=${first.body.next_cursor}`);
    assert.deepEqual(
      second.body.data.map((m: { name: string }) => m.name),
      ["Zoe"],
    );
    assert.equal(second.body.next_cursor, null);
    const q = await w.call("GET", "/v1/members?q=ZOE");
    assert.deepEqual(
      q.body.data.map((m: { email: string }) => m.email),
      ["zoe@example.com"],
    );
    const wild = await w.call("GET", "/v1/members?q=%25");
    assert.equal(wild.body.data.length, 0, "% is matched literally");
    const byToken = await w.server.inject({ url: "/v1/members", headers: bearer(w.ada.readOnlyToken) });
    assert.equal(byToken.statusCode, 200);
    assert.ok(!byToken.json().data.some((m: { name: string }) => m.name === "Grace"));
    const bad = await w.call("GET", "/v1/members?limit=0");
    assert.equal(bad.status, 400);
  });
});

describe("agent connections over /v1", () => {
  async function connections(w: World) {
    const adaBot = await createConnection(w.core, {
      kind: "agent",
      workspaceId: w.ada.workspaceId,
      personId: w.ada.personId,
      name: "Ada's bot",
      scopes: ["workspace.read", "workspace.write"],
    });
    const bob = await createPerson(w.core, { email: "bob@example.com", name: "Bob" });
    await addMember(w.core, { workspace: "acme", email: "bob@example.com" });
    w.env.clock.advance(1000);
    const bobApp = await createConnection(w.core, {
      kind: "oauth",
      workspaceId: w.ada.workspaceId,
      personId: bob.id,
      name: "Bob's editor",
      scopes: ["workspace.read"],
      idleExpiresAt: new Date(w.env.clock.now().getTime() + 86_400_000).toISOString(),
    });
    const graceBot = await createConnection(w.core, {
      kind: "agent",
      workspaceId: w.grace.betaId,
      personId: w.grace.id,
      name: "Grace's bot",
      scopes: ["workspace.read"],
    });
    return { adaBot, bob, bobApp, graceBot };
  }

  test("the list: newest first, who approved it, access, status and revocable for the caller", async (t) => {
    const w = await world(t);
    const c = await connections(w);
    const list = await w.call("GET", "/v1/connections");
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.deepEqual(
      list.body.data.map((x: { id: string }) => x.id),
      [c.bobApp.id, c.adaBot.id],
      "newest first, and Grace's workspace's connection is not listed",
    );
    const [bobApp, adaBot] = list.body.data;
    assert.deepEqual(bobApp.approved_by, { id: c.bob.id, name: "Bob", email: "bob@example.com" });
    assert.equal(bobApp.kind, "oauth");
    assert.equal(bobApp.access, "read");
    assert.equal(bobApp.status, "active");
    assert.equal(bobApp.revocable, false);
    assert.equal(adaBot.access, "read-write");
    assert.equal(adaBot.revocable, true);
    assert.equal(adaBot.approved_at, c.adaBot.created_at);
    const one = await w.call("GET", `/v1/connections/${c.adaBot.id}`);
    assert.equal(one.status, 200);
    assert.equal(one.body.name, "Ada's bot");
    assert.equal((await w.call("GET", `/v1/connections/${c.graceBot.id}`)).status, 404);
    // a page of one, then the next
    const page = await w.call("GET", "/v1/connections?limit=1");
    assert.equal(page.body.data.length, 1);
    const next = await w.call("GET", `/v1/connections?limit=1&cursor=${page.body.next_cursor}`);
    assert.equal(next.body.data[0].id, c.adaBot.id);
    // status filters
    w.env.clock.advance(2 * 86_400_000);
    const expired = await w.call("GET", "/v1/connections?status=expired");
    assert.deepEqual(
      expired.body.data.map((x: { id: string }) => x.id),
      [c.bobApp.id],
    );
    const active = await w.call("GET", "/v1/connections?status=active");
    assert.deepEqual(
      active.body.data.map((x: { id: string }) => x.id),
      [c.adaBot.id],
    );
  });

  test("revoke: your own connection (it stops at once), not another person's (403), not as an agent", async (t) => {
    const w = await world(t);
    const c = await connections(w);
    const at = await issueAccessToken(w.core, c.adaBot);
    assert.equal(
      (await w.server.inject({ url: "/v1/workspace", headers: bearer(at.access_token) })).statusCode,
      200,
    );
    // an agent cannot revoke, not even itself
    const asAgent = await w.server.inject({
      method: "DELETE",
      url: `/v1/connections/${c.adaBot.id}`,
      headers: bearer(at.access_token),
    });
    assert.equal(asAgent.statusCode, 403);
    assert.equal(asAgent.json().error, "forbidden");
    // Bob's connection: 403, and it stays active
    const others = await w.call("DELETE", `/v1/connections/${c.bobApp.id}`);
    assert.equal(others.status, 403);
    assert.equal(others.body.error, "forbidden");
    assert.match(others.body.error_description, /Bob/);
    assert.equal((await w.call("GET", `/v1/connections/${c.bobApp.id}`)).body.status, "active");
    // another workspace's: 404
    assert.equal((await w.call("DELETE", `/v1/connections/${c.graceBot.id}`)).status, 404);
    // her own: revoked, its token stops
    const own = await w.call("DELETE", `/v1/connections/${c.adaBot.id}`);
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.equal(own.body.status, "revoked");
    assert.equal(own.body.revocable, false);
    assert.ok(own.body.revoked_at);
    assert.equal(
      (await w.server.inject({ url: "/v1/workspace", headers: bearer(at.access_token) })).statusCode,
      401,
    );
    // again: nothing changes
    const again = await w.call("DELETE", `/v1/connections/${c.adaBot.id}`);
    assert.equal(again.status, 200);
    assert.equal(again.body.revoked_at, own.body.revoked_at);
    // with her personal access token too (Bob's still refused)
    const pat = await mintPat(w.core, { workspace: "acme", email: "bob@example.com", name: "bob" });
    const byBob = await w.server.inject({
      method: "DELETE",
      url: `/v1/connections/${c.bobApp.id}`,
      headers: bearer(pat.token),
    });
    assert.equal(byBob.statusCode, 200);
    assert.equal(byBob.json().status, "revoked");
  });

  test("what a connection works on and did: issues by assignee, claims by holder, events by actor", async (t) => {
    const w = await world(t);
    const c = await connections(w);
    const at = await issueAccessToken(w.core, c.adaBot);
    const agent = bearer(at.access_token);
    const claim = await w.server.inject({
      method: "POST",
      url: "/v1/claims",
      headers: { ...agent, "content-type": "application/json" },
      payload: JSON.stringify({}),
    });
    // nothing ready yet: make an issue as Ada in the app, then the agent claims it
    assert.equal(claim.statusCode, 404);
    const made = await w.call("POST", "/v1/issues", { space: "ENG", title: "For the bot" });
    const claimed = await w.server.inject({
      method: "POST",
      url: "/v1/claims",
      headers: { ...agent, "content-type": "application/json" },
      payload: JSON.stringify({ issue: made.body.identifier }),
    });
    assert.equal(claimed.statusCode, 201, claimed.body);
    const assigned = await w.call("GET", `/v1/issues?assignee=${c.adaBot.id}`);
    assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
    assert.deepEqual(
      assigned.body.data.map((i: { identifier: string }) => i.identifier),
      [made.body.identifier],
    );
    const claims = await w.call("GET", `/v1/claims?holder=${c.adaBot.id}`);
    assert.equal(claims.body.data.length, 1);
    const mine = await w.call("GET", `/v1/events?actor=${c.adaBot.id}`);
    assert.equal(mine.status, 200);
    assert.ok(mine.body.data.length >= 1);
    for (const e of mine.body.data) {
      assert.equal(e.actor.via, c.adaBot.id);
      assert.equal(e.actor.via_type, "agent");
      assert.equal(e.actor.via_name, "Ada's bot");
    }
    const byAda = await w.call("GET", `/v1/events?actor=${w.ada.personId}`);
    const vias = new Set(byAda.body.data.map((e: { actor: { via: string } }) => e.actor.via));
    assert.deepEqual(
      [...vias].sort(),
      [c.adaBot.id, "web"].sort(),
      "the person: in the app and through agents",
    );
    const bad = await w.call("GET", "/v1/events?actor=bob");
    assert.equal(bad.status, 400);
    assert.ok(bad.body.fields["query.actor"]);
  });
});
