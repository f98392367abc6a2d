import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { setSuspended } from "../../src/auth/people.ts";
import { generatePat, isWellFormedPat, mintPat, revokePat } from "../../src/auth/tokens.ts";
import { DAY } from "../../src/clock.ts";
import { authenticateRequest, requireScope } from "../../src/http/auth.ts";
import { app, bearer, seed, setup } from "../support.ts";

describe("personal access tokens on /v1", () => {
  test("a valid token reads its workspace: name, slug and spaces", async (t) => {
    const { core } = await setup(t);
    const s = await seed(core);
    const server = await app(t, core);
    const res = await server.inject({ url: "/v1/workspace", headers: bearer(s.token) });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.id, s.workspaceId);
    assert.equal(body.name, "acme");
    assert.equal(body.slug, "acme");
    assert.deepEqual(
      body.spaces.map((x: { prefix: string; name: string }) => [x.prefix, x.name]),
      [["ENG", "ENG"]],
    );
  });

  test("token shape: prefix, body and checksum", () => {
    const token = generatePat();
    assert.match(token, /^docket_pat_[0-9A-Za-z]{42}$/);
    assert.ok(isWellFormedPat(token));
    const flipped = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    assert.ok(!isWellFormedPat(flipped), "a wrong checksum is caught without the database");
  });

  test("the token is stored only as a hash", async (t) => {
    const { core } = await setup(t);
    const s = await seed(core);
    const rows = await core.db.selectFrom("personal_access_tokens").selectAll().execute();
    for (const row of rows) {
      assert.ok(!Object.values(row).some((v) => typeof v === "string" && v.includes(s.token.slice(11))));
      assert.match(row.token_hash, /^[0-9a-f]{64}$/);
    }
  });

  const refused: [string, (token: string) => Record<string, string>, RegExp][] = [
    ["no Authorization header", () => ({}), /Send a personal access token/],
    ["a Basic header", () => ({ authorization: "Basic YWRhOnB3" }), /must be of the form Bearer/],
    [
      "a wrong prefix",
      (tk) => bearer(tk.replace("docket_pat_", "docket_at_")),
      /not a Docket personal access token/,
    ],
    [
      "a GitHub-style token",
      () => bearer("ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
      /not a Docket personal access token/,
    ],
    ["a bad checksum", (tk) => bearer(`${tk.slice(0, -6)}AAAAAA`), /not a Docket personal access token/],
    ["an unknown token", () => bearer(generatePat()), /not recognised/],
  ];
  for (const [name, headers, message] of refused) {
    test(`401 with WWW-Authenticate for ${name}`, async (t) => {
      const { core } = await setup(t);
      const s = await seed(core);
      const server = await app(t, core);
      const res = await server.inject({ url: "/v1/workspace", headers: headers(s.token) });
      assert.equal(res.statusCode, 401);
      assert.match(String(res.headers["www-authenticate"]), /^Bearer realm="docket"/);
      assert.equal(res.json().error, "invalid_token");
      assert.match(res.json().error_description, message);
      assert.equal(res.headers["cache-control"], "no-store");
    });
  }

  test("the challenge carries error=invalid_token only when a token was sent (RFC 6750)", async (t) => {
    const { core } = await setup(t);
    const server = await app(t, core);
    const none = await server.inject({ url: "/v1/workspace" });
    assert.equal(none.headers["www-authenticate"], 'Bearer realm="docket"');
    const bad = await server.inject({ url: "/v1/workspace", headers: bearer(generatePat()) });
    assert.match(String(bad.headers["www-authenticate"]), /error="invalid_token"/);
  });

  test("a revoked token is refused at once", async (t) => {
    const { core } = await setup(t);
    await seed(core);
    const { token, details } = await mintPat(core, {
      workspace: "acme",
      email: "ada@example.com",
      name: "soon gone",
    });
    const server = await app(t, core);
    assert.equal((await server.inject({ url: "/v1/workspace", headers: bearer(token) })).statusCode, 200);
    await revokePat(core, details.id);
    const res = await server.inject({ url: "/v1/workspace", headers: bearer(token) });
    assert.equal(res.statusCode, 401);
    assert.match(res.json().error_description, /revoked/);
  });

  test("an expired token is refused once the clock passes its expiry", async (t) => {
    const { core, clock } = await setup(t);
    await seed(core);
    const { token } = await mintPat(core, {
      workspace: "acme",
      email: "ada@example.com",
      name: "week",
      expires_in_days: 7,
    });
    const server = await app(t, core);
    clock.advance(7 * DAY - 1000);
    assert.equal((await server.inject({ url: "/v1/workspace", headers: bearer(token) })).statusCode, 200);
    clock.advance(1000);
    const res = await server.inject({ url: "/v1/workspace", headers: bearer(token) });
    assert.equal(res.statusCode, 401);
    assert.match(res.json().error_description, /expired/);
  });

  test("a suspended person's token stops working, and works again when reinstated", async (t) => {
    const { core } = await setup(t);
    const s = await seed(core);
    const server = await app(t, core);
    await setSuspended(core, "ada@example.com", true);
    const res = await server.inject({ url: "/v1/workspace", headers: bearer(s.token) });
    assert.equal(res.statusCode, 401);
    assert.match(res.json().error_description, /suspended/);
    await setSuspended(core, "ada@example.com", false);
    assert.equal((await server.inject({ url: "/v1/workspace", headers: bearer(s.token) })).statusCode, 200);
  });

  test("a token stops working when its owner leaves the workspace", async (t) => {
    const { core } = await setup(t);
    const s = await seed(core);
    const server = await app(t, core);
    await core.db.deleteFrom("memberships").where("person_id", "=", s.personId).execute();
    const res = await server.inject({ url: "/v1/workspace", headers: bearer(s.token) });
    assert.equal(res.statusCode, 401);
    assert.match(res.json().error_description, /no longer a member/);
  });

  test("last use is recorded, at most once a minute", async (t) => {
    const { core, clock } = await setup(t);
    const s = await seed(core);
    const server = await app(t, core);
    const lastUsed = async () =>
      (
        await core.db
          .selectFrom("personal_access_tokens")
          .select("last_used_at")
          .where("name", "=", "rw")
          .executeTakeFirstOrThrow()
      ).last_used_at;
    assert.equal(await lastUsed(), null);
    await server.inject({ url: "/v1/workspace", headers: bearer(s.token) });
    const first = await lastUsed();
    assert.equal(first, clock.now().toISOString());
    clock.advance(30_000);
    await server.inject({ url: "/v1/workspace", headers: bearer(s.token) });
    assert.equal(await lastUsed(), first);
    clock.advance(30_000);
    await server.inject({ url: "/v1/workspace", headers: bearer(s.token) });
    assert.equal(await lastUsed(), clock.now().toISOString());
  });

  test("a read-only token is refused by the write helper with 403 insufficient_scope", async (t) => {
    const { core } = await setup(t);
    const s = await seed(core);
    const server = await app(t, core, {
      extend: (a) =>
        a.post("/probe/write", async (request) => {
          await authenticateRequest(core, request);
          const principal = requireScope(request, "workspace.write");
          return { ok: true, workspace: principal.workspaceId };
        }),
    });
    const ro = await server.inject({ method: "POST", url: "/probe/write", headers: bearer(s.readOnlyToken) });
    assert.equal(ro.statusCode, 403);
    assert.equal(ro.json().error, "insufficient_scope");
    assert.match(ro.json().error_description, /workspace\.write/);
    assert.match(
      String(ro.headers["www-authenticate"]),
      /error="insufficient_scope", scope="workspace.write"/,
    );
    const rw = await server.inject({ method: "POST", url: "/probe/write", headers: bearer(s.token) });
    assert.equal(rw.statusCode, 200);
    assert.equal(rw.json().workspace, s.workspaceId);
    // reads are open to the read-only token
    const read = await server.inject({ url: "/v1/workspace", headers: bearer(s.readOnlyToken) });
    assert.equal(read.statusCode, 200);
  });

  test("a token of workspace A asking for workspace B gets 404, and never B's data", async (t) => {
    const { core } = await setup(t);
    const a = await seed(core, "alpha", "ada@example.com");
    const b = await seed(core, "bravo", "bob@example.com");
    const server = await app(t, core);
    const cross = await server.inject({
      url: "/v1/workspace",
      headers: { ...bearer(a.token), "docket-workspace": "bravo" },
    });
    assert.equal(cross.statusCode, 404);
    assert.equal(cross.json().error, "not_found");
    assert.ok(!cross.body.includes(b.workspaceId));
    const byId = await server.inject({
      url: "/v1/workspace",
      headers: { ...bearer(a.token), "docket-workspace": b.workspaceId },
    });
    assert.equal(byId.statusCode, 404);
    const own = await server.inject({
      url: "/v1/workspace",
      headers: { ...bearer(a.token), "docket-workspace": "alpha" },
    });
    assert.equal(own.statusCode, 200);
    assert.equal(own.json().id, a.workspaceId);
    // B's own token sees B
    const bOwn = await server.inject({ url: "/v1/workspace", headers: bearer(b.token) });
    assert.equal(bOwn.json().slug, "bravo");
  });
});
