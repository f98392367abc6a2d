import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  createConnection,
  issueAccessToken,
  isWellFormedAccessToken,
  revokeAccessToken,
  revokeConnection,
} from "../../src/auth/connections.ts";
import { MemoryRateLimiter } from "../../src/auth/limits.ts";
import { createPerson, setSuspended } from "../../src/auth/people.ts";
import { generatePat, isWellFormedPat, listPats, mintPat, revokePat } from "../../src/auth/tokens.ts";
import { addMember, removeMember } from "../../src/auth/workspaces.ts";
import { DAY, HOUR } from "../../src/clock.ts";
import { type Core, closeCore, createCore } from "../../src/core.ts";
import { openStore } from "../../src/db/store.ts";
import { authenticateRequest, requireScope } from "../../src/http/auth.ts";
import { hashSecret } from "../../src/secrets.ts";
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
      (tk) => bearer(tk.replace("docket_pat_", "docket_xyz_")),
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

  test("a token's lookup is kept until access changes somewhere, and no longer", async (t) => {
    const { core } = await setup(t);
    await seed(core);
    const server = await app(t, core);
    let n = 0;
    const token = await keptAfterSilentEnd(
      core,
      async () => {
        const name = `kept ${++n}`;
        const { token } = await mintPat(core, { workspace: "acme", email: "ada@example.com", name });
        return {
          credential: token,
          end: async () => {
            await core.db
              .updateTable("personal_access_tokens")
              .set({ revoked_at: "2026-03-01T09:00:00.000Z" })
              .where("name", "=", name)
              .execute();
          },
        };
      },
      async (credential) =>
        (await server.inject({ url: "/v1/workspace", headers: bearer(credential) })).statusCode,
    );
    assert.ok(token, "the lookup was kept");
    // … and every path that ends access tells the instances, which look the token up again
    await core.events.accessChanged();
    assert.equal((await server.inject({ url: "/v1/workspace", headers: bearer(token) })).statusCode, 401);
  });

  test("a connection's access token's lookup is kept until access changes, and no longer; it expires on the clock", async (t) => {
    const { core, clock } = await setup(t);
    const s = await seed(core);
    const server = await app(t, core);
    const connection = await createConnection(core, {
      kind: "agent",
      workspaceId: s.workspaceId,
      personId: s.personId,
      name: "helper",
      scopes: ["workspace.read"],
    });
    const use = async (token: string) => {
      const res = await server.inject({ url: "/v1/workspace", headers: bearer(token) });
      return res.statusCode === 200 ? 200 : `${res.statusCode} ${res.json().error_description}`;
    };
    const kept = await keptAfterSilentEnd(
      core,
      async () => {
        const token = (await issueAccessToken(core, connection)).access_token;
        return {
          credential: token,
          end: async () => {
            await core.db
              .updateTable("access_tokens")
              .set({ revoked_at: "2026-03-01T09:00:00.000Z" })
              .where("token_hash", "=", hashSecret(token))
              .execute();
          },
        };
      },
      async (credential) => ((await use(credential)) === 200 ? 200 : 401),
    );
    assert.ok(kept, "the lookup was kept");
    // … and every path that ends access tells the instances, which look the token up again
    await core.events.accessChanged();
    assert.match(String(await use(kept)), /^401 .*revoked/);
    // the product's own revocation, of a token used (and kept) just before
    const second = (await issueAccessToken(core, connection)).access_token;
    assert.equal(await use(second), 200);
    await revokeAccessToken(core, second);
    assert.match(String(await use(second)), /^401 .*revoked/);
    // expiry is the clock's, whatever was kept
    const third = (await issueAccessToken(core, connection)).access_token;
    assert.equal(await use(third), 200);
    clock.advance(61 * 60 * 1000);
    assert.match(String(await use(third)), /^401 .*expired/);
  });

  test("a token revoked at another instance is refused at once here, though it was just used", async (t) => {
    const { core, config, clock } = await setup(t);
    const s = await seed(core);
    const other = openStore(config.database, { poolSize: 2 });
    const otherCore = createCore(config, other, { clock, limiter: new MemoryRateLimiter(clock) });
    t.after(async () => {
      await closeCore(otherCore);
      await other.close();
    });
    const here = await app(t, core);
    const there = await app(t, otherCore);
    for (const server of [here, there, here, there]) {
      assert.equal((await server.inject({ url: "/v1/workspace", headers: bearer(s.token) })).statusCode, 200);
    }
    const [pat] = (await listPats(otherCore, { workspace: "acme" })).filter((p) => p.name === "rw");
    await revokePat(otherCore, pat!.id);
    for (const server of [here, there]) {
      const res = await server.inject({ url: "/v1/workspace", headers: bearer(s.token) });
      assert.equal(res.statusCode, 401);
      assert.match(res.json().error_description, /revoked/);
    }
    // a suspension there, and a member removed there (their tokens revoked with it), are refused here at once too
    await createPerson(core, { email: "bob@example.com", name: "Bob" });
    await addMember(core, { workspace: "acme", email: "bob@example.com", role: "member" });
    for (const [email, end, why] of [
      ["ada@example.com", () => setSuspended(otherCore, "ada@example.com", true), /suspended/],
      ["bob@example.com", () => removeMember(otherCore, "acme", "bob@example.com"), /revoked/],
    ] as const) {
      const { token } = await mintPat(core, { workspace: "acme", email, name: "next" });
      for (const server of [here, here]) {
        assert.equal((await server.inject({ url: "/v1/workspace", headers: bearer(token) })).statusCode, 200);
      }
      await end();
      const res = await here.inject({ url: "/v1/workspace", headers: bearer(token) });
      assert.equal(res.statusCode, 401);
      assert.match(res.json().error_description, why);
    }
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

describe("connection access tokens on /v1", () => {
  async function connected(t: Parameters<typeof setup>[0], kind: "agent" | "oauth" = "agent") {
    const ctx = await setup(t);
    const s = await seed(ctx.core);
    const connection = await createConnection(ctx.core, {
      kind,
      workspaceId: s.workspaceId,
      personId: s.personId,
      name: "helper",
      scopes: ["workspace.read"],
    });
    const issued = await issueAccessToken(ctx.core, connection);
    const server = await app(t, ctx.core);
    const get = () => server.inject({ url: "/v1/workspace", headers: bearer(issued.access_token) });
    return { ...ctx, s, connection, issued, server, get };
  }

  test("an access token reads its workspace and acts as its connection, read-only as approved", async (t) => {
    const { issued, get, server, connection, s } = await connected(t);
    assert.ok(isWellFormedAccessToken(issued.access_token));
    assert.match(issued.access_token, /^docket_at_/);
    assert.equal(issued.expires_in, 3600);
    assert.equal(issued.scope, "workspace.read");
    const res = await get();
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().id, s.workspaceId);
    const write = await server.inject({
      method: "POST",
      url: "/v1/issues",
      headers: bearer(issued.access_token),
      payload: { title: "nope" },
    });
    assert.equal(write.statusCode, 403);
    assert.equal(write.json().error, "insufficient_scope");
    assert.ok(connection.id.startsWith("con_"));
  });

  test("it stops after 60 minutes, when revoked, when its connection ends or its person is suspended", async (t) => {
    const { core, clock, get, connection, issued } = await connected(t);
    clock.advance(HOUR - 1000);
    assert.equal((await get()).statusCode, 200);
    clock.advance(1000);
    assert.match((await get()).json().error_description, /expired/);

    const fresh = await issueAccessToken(core, connection);
    const server = await app(t, core);
    const use = () => server.inject({ url: "/v1/workspace", headers: bearer(fresh.access_token) });
    assert.equal((await use()).statusCode, 200);
    await revokeAccessToken(core, issued.access_token);
    assert.equal((await use()).statusCode, 200, "revoking one token leaves the others");
    await revokeConnection(core, connection.id, "person revoked it");
    const ended = await use();
    assert.equal(ended.statusCode, 401);
    assert.match(ended.json().error_description, /connection .* has ended/);

    // Suspension ends a connection for good (spec: account suspended → revoked): reinstating the
    // person brings back their personal access tokens, not their connections.
    const other = await createConnection(core, {
      kind: "agent",
      workspaceId: connection.workspace_id,
      personId: connection.person_id,
      name: "another",
      scopes: ["workspace.read"],
    });
    const otherToken = await issueAccessToken(core, other);
    const useOther = () => server.inject({ url: "/v1/workspace", headers: bearer(otherToken.access_token) });
    assert.equal((await useOther()).statusCode, 200);
    await setSuspended(core, "ada@example.com", true);
    assert.equal((await useOther()).statusCode, 401);
    await setSuspended(core, "ada@example.com", false);
    const after = await useOther();
    assert.equal(after.statusCode, 401);
    assert.match(after.json().error_description, /connection .* has ended/);
  });

  test("a browser OAuth token stops at once when browser OAuth is switched off", async (t) => {
    const { core, get } = await connected(t, "oauth");
    assert.equal((await get()).statusCode, 200);
    await core.switches.set("browser_oauth", false);
    assert.match((await get()).json().error_description, /switched off/);
    await core.switches.set("browser_oauth", true);
    assert.equal((await get()).statusCode, 200);
  });
});

/**
 * A credential whose lookup was kept: made fresh, used once (looked up and kept), ended by a write that
 * tells no one (no product path does this), and still accepted when used again; undefined when no try
 * showed it. On PostgreSQL a version vouches only within its lease (src/db/changes.ts), and an event
 * loop held up past it (a first request, a busy machine) rightly looks up again, so a few are tried.
 */
async function keptAfterSilentEnd(
  core: Core,
  fresh: () => Promise<{ credential: string; end: () => Promise<void> }>,
  use: (credential: string) => Promise<number>,
): Promise<string | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { credential, end } = await fresh();
    for (let i = 0; i < 300 && (await core.store.changes.version()).includes(":u"); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.equal(await use(credential), 200);
    await end();
    if ((await use(credential)) === 200) return credential;
  }
  return undefined;
}
