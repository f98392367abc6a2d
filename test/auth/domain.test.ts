import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createPerson } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import {
  addMember,
  createSpace,
  createWorkspace,
  setAgentConnectionLimit,
} from "../../src/auth/workspaces.ts";
import { DocketError } from "../../src/errors.ts";
import { slugify } from "../../src/validate.ts";
import { setup } from "../support.ts";

/** Asserts a 400 invalid_request whose `fields` names `field`, and returns its message. */
async function refused(promise: Promise<unknown>, field: string): Promise<string> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof DocketError, String(error));
    assert.equal(error.status, 400);
    assert.equal(error.code, "invalid_request");
    assert.ok(error.fields && field in error.fields, `fields: ${JSON.stringify(error.fields)}`);
    return error.fields![field]!;
  }
  assert.fail(`expected ${field} to be refused`);
}

describe("people", () => {
  test("email: one address, trimmed and lowercased, at most 254 characters", async (t) => {
    const { core } = await setup(t);
    const at254 = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`;
    assert.equal(at254.length, 254);
    assert.equal((await createPerson(core, { email: at254 })).email, at254);
    const over = `${"a".repeat(64)}@${"b".repeat(190)}.com`;
    assert.ok(over.length > 254);
    assert.match(await refused(createPerson(core, { email: over }), "email"), /at most 254/);
    assert.match(
      await refused(createPerson(core, { email: "a@example.com, b@example.com" }), "email"),
      /email/,
    );
    const p = await createPerson(core, { email: "  Mixed@Example.COM " });
    assert.equal(p.email, "mixed@example.com");
    assert.equal(p.name, "mixed", "the name defaults to the address's local part");
  });

  test("name: 1 to 100 characters, no control characters", async (t) => {
    const { core } = await setup(t);
    await createPerson(core, { email: "a@example.com", name: "x".repeat(100) });
    assert.match(
      await refused(createPerson(core, { email: "b@example.com", name: "x".repeat(101) }), "name"),
      /at most 100/,
    );
    assert.match(
      await refused(createPerson(core, { email: "c@example.com", name: "  " }), "name"),
      /must not be empty/,
    );
    assert.match(
      await refused(createPerson(core, { email: "d@example.com", name: "a\u0007b" }), "name"),
      /control/,
    );
  });
});

describe("workspaces and spaces", () => {
  test("slugs derive from names and follow the rule; prefixes are 2 to 10 characters", async (t) => {
    const { core } = await setup(t);
    await createPerson(core, { email: "ada@example.com" });
    assert.equal(slugify("Ünïcode & Co. — Labs!"), "unicode-co-labs");
    assert.equal(slugify("!!!"), "workspace");
    const ws = await createWorkspace(core, {
      name: "Acme Labs",
      owner_email: "ada@example.com",
      space_prefix: "ab",
    });
    assert.equal(ws.slug, "acme-labs");
    assert.equal(ws.spaces[0]!.prefix, "AB");
    const slug48 = `s${"x".repeat(47)}`;
    const long = await createWorkspace(core, {
      name: "Long",
      slug: slug48,
      owner_email: "ada@example.com",
      space_prefix: "LG",
    });
    assert.equal(long.slug, slug48);
    assert.match(
      await refused(
        createWorkspace(core, {
          name: "Longer",
          slug: `${slug48}x`,
          owner_email: "ada@example.com",
          space_prefix: "LG",
        }),
        "slug",
      ),
      /1 to 48/,
    );
    assert.match(
      await refused(
        createWorkspace(core, {
          name: "X",
          slug: "-bad",
          owner_email: "ada@example.com",
          space_prefix: "XX",
        }),
        "slug",
      ),
      /lowercase letters, digits or hyphens/,
    );
    await createSpace(core, { workspace: "acme-labs", name: "Ten", prefix: "ABCDEFGHIJ" });
    assert.match(
      await refused(createSpace(core, { workspace: "acme-labs", name: "One", prefix: "A" }), "prefix"),
      /2 to 10/,
    );
    assert.match(
      await refused(
        createSpace(core, { workspace: "acme-labs", name: "Eleven", prefix: "ABCDEFGHIJK" }),
        "prefix",
      ),
      /2 to 10/,
    );
    await assert.rejects(
      createSpace(core, { workspace: "acme-labs", name: "Ten", prefix: "ZZ" }),
      /already has a space named "Ten"/,
    );
  });

  test("two workspaces racing for one slug: exactly one wins, the other is a conflict", async (t) => {
    const { core } = await setup(t);
    await createPerson(core, { email: "ada@example.com" });
    const results = await Promise.allSettled(
      [1, 2, 3].map(() =>
        createWorkspace(core, { name: "Race", owner_email: "ada@example.com", space_prefix: "RC" }),
      ),
    );
    assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
    for (const r of results.filter((x) => x.status === "rejected")) {
      assert.equal(((r as PromiseRejectedResult).reason as DocketError).code, "conflict");
    }
    const rows = await core.db.selectFrom("workspaces").select("id").execute();
    assert.equal(rows.length, 1);
    const spaces = await core.db.selectFrom("spaces").select("id").execute();
    assert.equal(spaces.length, 1, "the losers left no space behind");
  });

  test("agent-connection limit: 0 to 10,000", async (t) => {
    const { core } = await setup(t);
    await createPerson(core, { email: "ada@example.com" });
    await createWorkspace(core, { name: "Acme", owner_email: "ada@example.com", space_prefix: "AC" });
    assert.equal((await setAgentConnectionLimit(core, "acme", 10_000)).agent_connection_limit, 10_000);
    assert.equal((await setAgentConnectionLimit(core, "acme", 0)).agent_connection_limit, 0);
    await assert.rejects(setAgentConnectionLimit(core, "acme", 10_001), /at most 10000/);
    await assert.rejects(setAgentConnectionLimit(core, "acme", 1.5), /whole number/);
  });
});

describe("minting tokens", () => {
  test("scopes must include workspace.read; one expiry form; names 1 to 100 characters", async (t) => {
    const { core, clock } = await setup(t);
    await createPerson(core, { email: "ada@example.com" });
    await createWorkspace(core, { name: "Acme", owner_email: "ada@example.com", space_prefix: "AC" });
    const base = { workspace: "acme", email: "ada@example.com", name: "t" };
    assert.match(
      await refused(mintPat(core, { ...base, scopes: ["workspace.write"] }), "scopes"),
      /must include workspace\.read/,
    );
    assert.match(await refused(mintPat(core, { ...base, scopes: [] }), "scopes"), /at least one scope/);
    assert.match(
      await refused(mintPat(core, { ...base, scopes: ["workspace.admin" as "workspace.read"] }), "scopes[0]"),
      /must be one of/,
    );
    assert.match(
      await refused(
        mintPat(core, { ...base, expires_at: "2030-01-01T00:00:00Z", expires_in_days: 3 }),
        "expires_at",
      ),
      /not both/,
    );
    assert.match(await refused(mintPat(core, { ...base, expires_at: "tomorrow" }), "expires_at"), /ISO 8601/);
    await mintPat(core, { ...base, name: "n".repeat(100) });
    assert.match(await refused(mintPat(core, { ...base, name: "n".repeat(101) }), "name"), /at most 100/);
    const ro = await mintPat(core, { ...base, scopes: ["workspace.read"], expires_in_days: 1 });
    assert.deepEqual(ro.details.scopes, ["workspace.read"]);
    assert.equal(ro.details.expires_at, new Date(clock.now().getTime() + 86_400_000).toISOString());
    const rows = await core.db.selectFrom("personal_access_tokens").select("id").execute();
    assert.equal(rows.length, 2, "refused mints wrote nothing");
  });

  test("a member gets tokens for their own workspace only", async (t) => {
    const { core } = await setup(t);
    await createPerson(core, { email: "ada@example.com" });
    await createPerson(core, { email: "bob@example.com" });
    await createWorkspace(core, { name: "Acme", owner_email: "ada@example.com", space_prefix: "AC" });
    await assert.rejects(
      mintPat(core, { workspace: "acme", email: "bob@example.com", name: "x" }),
      /not a member/,
    );
    await addMember(core, { workspace: "acme", email: "bob@example.com" });
    const minted = await mintPat(core, { workspace: "acme", email: "bob@example.com", name: "x" });
    assert.equal(minted.details.workspace.slug, "acme");
  });
});
