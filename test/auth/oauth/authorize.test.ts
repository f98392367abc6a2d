import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  approveAuthorization,
  CODE_KEPT_MS,
  CODE_TTL_MS,
  checkAuthorizationRequest,
  denyAuthorization,
  NotAMember,
  PlanLimitReached,
  STATE_MAX_LENGTH,
} from "../../../src/auth/oauth/authorize.ts";
import { createPerson } from "../../../src/auth/people.ts";
import { setAgentConnectionLimit } from "../../../src/auth/workspaces.ts";
import { hashSecret } from "../../../src/secrets.ts";
import { seed, setup } from "../../support.ts";
import { authorizeQuery, pkce, REDIRECT, registered } from "./support.ts";

describe("authorization requests", () => {
  test("a good request is usable; write asked means read and write offered", async (t) => {
    const { core } = await setup(t);
    const clientId = await registered(core);
    const checked = await checkAuthorizationRequest(core, authorizeQuery(core, clientId, pkce().challenge));
    assert.equal(checked.kind, "ok");
    if (checked.kind !== "ok") return;
    assert.deepEqual(checked.request.scopes, ["workspace.read", "workspace.write"]);
    assert.equal(checked.request.redirectUri, REDIRECT);
    assert.equal(checked.request.client.client_name, "Test Client");
    const readOnly = await checkAuthorizationRequest(
      core,
      authorizeQuery(core, clientId, pkce().challenge, { scope: "workspace.read" }),
    );
    assert.ok(readOnly.kind === "ok" && readOnly.request.scopes.join(" ") === "workspace.read");
    const noScope = await checkAuthorizationRequest(
      core,
      authorizeQuery(core, clientId, pkce().challenge, { scope: undefined }),
    );
    assert.ok(noScope.kind === "ok" && noScope.request.scopes.length === 2);
  });

  test("resource is compared after RFC 3986 normalisation: scheme and host case, default port, dot segments", async (t) => {
    const { core } = await setup(t, { BASE_URL: "https://docket.example" });
    const clientId = await registered(core);
    for (const resource of [
      "https://docket.example/api/mcp",
      "HTTPS://DOCKET.EXAMPLE/api/mcp",
      "https://Docket.Example:443/api/mcp",
      "https://docket.example/api/./mcp",
    ]) {
      const checked = await checkAuthorizationRequest(
        core,
        authorizeQuery(core, clientId, pkce().challenge, { resource }),
      );
      assert.equal(checked.kind, "ok", `${resource}: ${JSON.stringify(checked)}`);
      if (checked.kind === "ok") assert.equal(checked.request.resource, "https://docket.example/api/mcp");
    }
    for (const resource of [
      "https://docket.example:8443/api/mcp",
      "https://docket.example/API/mcp",
      "http://docket.example/api/mcp",
    ]) {
      const checked = await checkAuthorizationRequest(
        core,
        authorizeQuery(core, clientId, pkce().challenge, { resource }),
      );
      assert.equal(checked.kind, "redirect", resource);
    }
  });

  test("scopes Docket does not define (offline_access, openid, profile) are accepted and ignored", async (t) => {
    const { core } = await setup(t);
    const clientId = await registered(core);
    const cases: [string, string][] = [
      ["workspace.read offline_access", "workspace.read"],
      ["openid profile workspace.read workspace.write offline_access", "workspace.read workspace.write"],
      ["offline_access", "workspace.read workspace.write"],
      ["openid admin", "workspace.read workspace.write"],
    ];
    for (const [scope, expected] of cases) {
      const checked = await checkAuthorizationRequest(
        core,
        authorizeQuery(core, clientId, pkce().challenge, { scope }),
      );
      assert.equal(checked.kind, "ok", `${scope}: ${JSON.stringify(checked)}`);
      if (checked.kind === "ok") assert.equal(checked.request.scopes.join(" "), expected, scope);
    }
  });

  const shownAsPage: [string, (clientId: string) => Record<string, unknown>, RegExp][] = [
    ["no client_id", () => ({ client_id: undefined }), /client_id/],
    ["an unknown client_id", () => ({ client_id: "oac_unknown" }), /No client/],
    ["client_id twice", (id) => ({ client_id: [id, id] }), /twice/],
    ["no redirect_uri", () => ({ redirect_uri: undefined }), /redirect_uri/],
    [
      "a redirect_uri not registered",
      () => ({ redirect_uri: "http://127.0.0.1:8765/other" }),
      /match exactly/,
    ],
    [
      "a redirect_uri differing by a trailing slash",
      () => ({ redirect_uri: `${REDIRECT}/` }),
      /match exactly/,
    ],
    ["a redirect_uri differing by a query", () => ({ redirect_uri: `${REDIRECT}?a=1` }), /match exactly/],
    [
      "a redirect_uri differing in case",
      () => ({ redirect_uri: REDIRECT.replace("callback", "Callback") }),
      /match exactly/,
    ],
  ];
  for (const [name, extra, pattern] of shownAsPage) {
    test(`${name}: shown as a page, never redirected`, async (t) => {
      const { core } = await setup(t);
      const clientId = await registered(core);
      const checked = await checkAuthorizationRequest(
        core,
        authorizeQuery(core, clientId, pkce().challenge, extra(clientId)),
      );
      assert.equal(checked.kind, "page");
      if (checked.kind === "page") assert.match(checked.description, pattern);
    });
  }

  const redirected: [string, Record<string, unknown>, string, RegExp][] = [
    ["response_type token", { response_type: "token" }, "unsupported_response_type", /code/],
    ["no response_type", { response_type: undefined }, "invalid_request", /response_type/],
    ["no code_challenge", { code_challenge: undefined }, "invalid_request", /PKCE is required/],
    ["plain PKCE", { code_challenge_method: "plain" }, "invalid_request", /plain is not accepted/],
    ["no code_challenge_method", { code_challenge_method: undefined }, "invalid_request", /must be S256/],
    ["a malformed challenge", { code_challenge: "short" }, "invalid_request", /43 characters/],
    ["no resource", { resource: undefined }, "invalid_target", /resource is required/],
    [
      "another resource",
      { resource: "https://elsewhere.example/api/mcp" },
      "invalid_target",
      /resource must be/,
    ],
    [
      "the resource with a trailing slash",
      { resource: "http://localhost:0/api/mcp/" },
      "invalid_target",
      /resource must be/,
    ],
    [
      "the resource with a fragment",
      { resource: "http://localhost:0/api/mcp#x" },
      "invalid_target",
      /resource must be/,
    ],
    ["scope twice", { scope: ["workspace.read", "workspace.read"] }, "invalid_request", /more than once/],
    [
      `a state over ${STATE_MAX_LENGTH} characters`,
      { state: "s".repeat(STATE_MAX_LENGTH + 1) },
      "invalid_request",
      /state/,
    ],
  ];
  for (const [name, extra, error, pattern] of redirected) {
    test(`${name}: ${error} sent back with state and iss`, async (t) => {
      const { core } = await setup(t);
      const clientId = await registered(core);
      const checked = await checkAuthorizationRequest(
        core,
        authorizeQuery(core, clientId, pkce().challenge, extra),
      );
      assert.equal(checked.kind, "redirect", JSON.stringify(checked));
      if (checked.kind !== "redirect") return;
      const url = new URL(checked.location);
      assert.equal(`${url.origin}${url.pathname}`, REDIRECT);
      assert.equal(url.searchParams.get("error"), error);
      assert.match(url.searchParams.get("error_description") ?? "", pattern);
      assert.equal(url.searchParams.get("iss"), `${core.config.baseUrl}/api/auth`);
      if (typeof extra.state !== "string") assert.equal(url.searchParams.get("state"), "st-123");
    });
  }

  test(`a state of ${STATE_MAX_LENGTH} characters is carried through`, async (t) => {
    const { core } = await setup(t);
    const clientId = await registered(core);
    const state = "s".repeat(STATE_MAX_LENGTH);
    const checked = await checkAuthorizationRequest(
      core,
      authorizeQuery(core, clientId, pkce().challenge, { state }),
    );
    assert.ok(checked.kind === "ok" && checked.request.state === state);
  });
});

describe("the person's decision", () => {
  test("approve: a connection of kind oauth and a one-time code, sent back with state and iss", async (t) => {
    const { core, clock } = await setup(t);
    const s = await seed(core);
    const clientId = await registered(core);
    const { challenge } = pkce();
    const checked = await checkAuthorizationRequest(core, authorizeQuery(core, clientId, challenge));
    assert.ok(checked.kind === "ok");
    const approved = await approveAuthorization(core, {
      request: checked.request,
      personId: s.personId,
      workspaceId: s.workspaceId,
      access: "read",
    });
    const url = new URL(approved.location);
    const code = url.searchParams.get("code")!;
    assert.match(code, /^docket_ac_[0-9A-Za-z]{43}$/);
    assert.equal(url.searchParams.get("state"), "st-123");
    assert.equal(url.searchParams.get("iss"), `${core.config.baseUrl}/api/auth`);
    const connection = await core.db
      .selectFrom("connections")
      .selectAll()
      .where("id", "=", approved.connectionId)
      .executeTakeFirstOrThrow();
    assert.equal(connection.kind, "oauth");
    assert.equal(connection.client_id, clientId);
    assert.equal(connection.name, "Test Client");
    assert.equal(connection.scopes, "workspace.read", "read-only chosen though write was asked");
    assert.equal(connection.idle_expires_at, new Date(clock.now().getTime() + 5 * 60_000).toISOString());
    const row = await core.db.selectFrom("authorization_codes").selectAll().executeTakeFirstOrThrow();
    assert.equal(row.code_hash, hashSecret(code), "the code is stored only as its hash");
    assert.equal(row.code_challenge, challenge);
  });

  test("deny: access_denied with state and iss; nothing stored", async (t) => {
    const { core } = await setup(t);
    const clientId = await registered(core);
    const checked = await checkAuthorizationRequest(core, authorizeQuery(core, clientId, pkce().challenge));
    assert.ok(checked.kind === "ok");
    const url = new URL(denyAuthorization(core, checked.request));
    assert.equal(url.searchParams.get("error"), "access_denied");
    assert.equal(url.searchParams.get("state"), "st-123");
    assert.equal(url.searchParams.get("iss"), `${core.config.baseUrl}/api/auth`);
    assert.equal((await core.db.selectFrom("connections").selectAll().execute()).length, 0);
  });

  test("the plan limit: the last free slot is taken, the next approval is refused with a clear message", async (t) => {
    const { core } = await setup(t);
    const s = await seed(core);
    await setAgentConnectionLimit(core, "acme", 2);
    const clientId = await registered(core);
    const approve = async () => {
      const checked = await checkAuthorizationRequest(core, authorizeQuery(core, clientId, pkce().challenge));
      assert.ok(checked.kind === "ok");
      return approveAuthorization(core, {
        request: checked.request,
        personId: s.personId,
        workspaceId: s.workspaceId,
        access: "write",
      });
    };
    await approve();
    await approve();
    await assert.rejects(approve(), (e: unknown) => {
      assert.ok(e instanceof PlanLimitReached);
      assert.match(e.message, /already has 2 live connections, all its plan allows/);
      return true;
    });
    assert.equal((await core.db.selectFrom("connections").selectAll().execute()).length, 2);
    assert.equal((await core.db.selectFrom("authorization_codes").selectAll().execute()).length, 2);
  });

  test("an approval never redeemed frees its plan slot when its code expires", async (t) => {
    const { core, clock } = await setup(t);
    const s = await seed(core);
    await setAgentConnectionLimit(core, "acme", 1);
    const clientId = await registered(core);
    const approve = async () => {
      const checked = await checkAuthorizationRequest(core, authorizeQuery(core, clientId, pkce().challenge));
      assert.ok(checked.kind === "ok");
      return approveAuthorization(core, {
        request: checked.request,
        personId: s.personId,
        workspaceId: s.workspaceId,
        access: "write",
      });
    };
    await approve();
    await assert.rejects(approve(), PlanLimitReached);
    clock.advance(5 * 60_000);
    await approve();
  });

  test("spent and expired codes are deleted a day after they expire", async (t) => {
    const { core, clock } = await setup(t);
    const s = await seed(core);
    const clientId = await registered(core);
    const approve = async () => {
      const checked = await checkAuthorizationRequest(core, authorizeQuery(core, clientId, pkce().challenge));
      assert.ok(checked.kind === "ok");
      return approveAuthorization(core, {
        request: checked.request,
        personId: s.personId,
        workspaceId: s.workspaceId,
        access: "write",
      });
    };
    await approve();
    clock.advance(CODE_TTL_MS + CODE_KEPT_MS);
    await approve();
    assert.equal(
      (await core.db.selectFrom("authorization_codes").selectAll().execute()).length,
      2,
      "kept exactly a day",
    );
    clock.advance(1);
    await approve();
    assert.equal(
      (await core.db.selectFrom("authorization_codes").selectAll().execute()).length,
      2,
      "the first is gone",
    );
  });

  test("a workspace the person is not a member of is refused", async (t) => {
    const { core } = await setup(t);
    const s = await seed(core);
    const other = await createPerson(core, { email: "bob@example.com", name: "Bob" });
    const clientId = await registered(core);
    const checked = await checkAuthorizationRequest(core, authorizeQuery(core, clientId, pkce().challenge));
    assert.ok(checked.kind === "ok");
    await assert.rejects(
      approveAuthorization(core, {
        request: checked.request,
        personId: other.id,
        workspaceId: s.workspaceId,
        access: "write",
      }),
      NotAMember,
    );
    assert.equal((await core.db.selectFrom("connections").selectAll().execute()).length, 0);
  });
});

test("approvals racing for the last slot: exactly one wins", async (t) => {
  const { core } = await setup(t);
  const s = await seed(core);
  await setAgentConnectionLimit(core, "acme", 1);
  const clientId = await registered(core);
  const requests = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const checked = await checkAuthorizationRequest(core, authorizeQuery(core, clientId, pkce().challenge));
      assert.ok(checked.kind === "ok");
      return checked.request;
    }),
  );
  const outcomes = await Promise.allSettled(
    requests.map((request) =>
      approveAuthorization(core, {
        request,
        personId: s.personId,
        workspaceId: s.workspaceId,
        access: "write",
      }),
    ),
  );
  assert.equal(outcomes.filter((o) => o.status === "fulfilled").length, 1);
  for (const o of outcomes) if (o.status === "rejected") assert.ok(o.reason instanceof PlanLimitReached);
  assert.equal((await core.db.selectFrom("connections").selectAll().execute()).length, 1);
});
