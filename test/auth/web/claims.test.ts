import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { countLiveConnections, createConnection } from "../../../src/auth/connections.ts";
import { createPerson } from "../../../src/auth/people.ts";
import {
  approveClaim,
  denyClaim,
  maskEmail,
  prefixFrom,
  viewClaim,
  WRONG_TRIES_PER_CODE,
  WRONG_TRIES_PER_PERSON_PER_HOUR,
} from "../../../src/auth/web/claims.ts";
import { acceptTerms, TERMS_VERSION } from "../../../src/auth/web/terms.ts";
import { addMember, createWorkspace, setAgentConnectionLimit } from "../../../src/auth/workspaces.ts";
import { HOUR, MINUTE } from "../../../src/clock.ts";
import type { Core } from "../../../src/core.ts";
import type { Person } from "../../../src/db/schema.ts";
import { DocketError } from "../../../src/errors.ts";
import { seed, setup } from "../../support.ts";
import { createTestRegistration, reinitiate, type TestRegistration } from "./registrations.ts";

async function person(core: Core, email: string): Promise<Person> {
  return core.db.selectFrom("people").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
}

async function refusal(promise: Promise<unknown>): Promise<DocketError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof DocketError, String(error));
    return error;
  }
  assert.fail("expected a refusal");
}

async function registration(core: Core, id: string) {
  return core.db.selectFrom("agent_registrations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function attempt(core: Core, id: string) {
  return core.db.selectFrom("claim_attempts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function connectionCount(core: Core): Promise<number> {
  const r = await core.db
    .selectFrom("connections")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Ada (terms accepted) owns "acme"; a pending registration for her email. */
async function ready(t: Parameters<typeof setup>[0], clientName: string | null = "Ada's helper") {
  const env = await setup(t);
  const seeded = await seed(env.core);
  await acceptTerms(env.core, seeded.personId);
  const ada = await person(env.core, "ada@example.com");
  const reg = await createTestRegistration(env.core, { loginHint: "ada@example.com", clientName });
  return { ...env, ...seeded, ada, reg };
}

function approve(
  core: Core,
  who: Person,
  reg: TestRegistration,
  more: Partial<Parameters<typeof approveClaim>[2]> = {},
) {
  return approveClaim(core, who, {
    viewToken: reg.viewToken,
    code: reg.userCode,
    access: "read-write",
    acceptTerms: false,
    ...more,
  });
}

describe("claim page: viewing", () => {
  test("an open claim shows the agent's own name, the person's workspaces with their slots, and the tries left", async (t) => {
    const { core, ada, reg, workspaceId } = await ready(t);
    const view = await viewClaim(core, reg.viewToken, ada);
    assert.equal(view.state, "open");
    if (view.state !== "open") return;
    assert.equal(view.clientName, "Ada's helper");
    assert.equal(view.loginHint, "ada@example.com");
    assert.equal(view.triesLeft, 5);
    assert.equal(view.termsAccepted, true);
    assert.deepEqual(
      view.workspaces.map((w) => [w.id, w.used, w.limit]),
      [[workspaceId, 0, 3]],
    );
  });

  test("unknown or malformed view tokens are not found", async (t) => {
    const { core, ada } = await ready(t);
    assert.equal((await viewClaim(core, "docket_view_nope", ada)).state, "not_found");
    assert.equal((await viewClaim(core, "something-else", ada)).state, "not_found");
    assert.equal((await viewClaim(core, "", ada)).state, "not_found");
  });

  test("emails must match ignoring case; another account sees only a masked hint", async (t) => {
    const { core, reg } = await ready(t);
    await createPerson(core, { email: "bob@example.org", email_verified: true });
    const bob = await person(core, "bob@example.org");
    const view = await viewClaim(core, reg.viewToken, bob);
    assert.deepEqual(view, { state: "wrong_account", maskedHint: "a***@e***.com" });
    const error = await refusal(approve(core, bob, reg));
    assert.equal(error.status, 403);
    assert.match(error.description, /a\*\*\*@e\*\*\*\.com/);
    assert.equal((await refusal(denyClaim(core, bob, reg.viewToken))).status, 403);
    assert.equal((await registration(core, reg.registrationId)).status, "pending");

    const upper = await createTestRegistration(core, { loginHint: "ADA@Example.COM" });
    await core.db
      .updateTable("agent_registrations")
      .set({ login_hint: "ADA@Example.COM" })
      .where("id", "=", upper.registrationId)
      .execute();
    const ada = await person(core, "ada@example.com");
    assert.equal((await viewClaim(core, upper.viewToken, ada)).state, "open");
  });

  test("masking keeps the first letters and the top-level domain only", () => {
    assert.equal(maskEmail("ada@example.com"), "a***@e***.com");
    assert.equal(maskEmail("z@mail.example.co.uk"), "z***@m***.uk");
    assert.equal(maskEmail("x@localhost"), "x***@l***");
  });
});

describe("claim page: approving", () => {
  test("approval creates the agent connection and approves the registration, in one go", async (t) => {
    const { core, ada, reg, workspaceId } = await ready(t);
    const before = await registration(core, reg.registrationId);
    const result = await approve(core, ada, reg, { workspaceId });
    assert.deepEqual(result.scopes, ["workspace.read", "workspace.write"]);
    const r = await registration(core, reg.registrationId);
    assert.equal(r.status, "approved");
    assert.equal(r.person_id, ada.id);
    assert.equal(r.workspace_id, workspaceId);
    assert.equal(r.scopes, "workspace.read workspace.write");
    assert.equal(r.connection_id, result.connectionId);
    assert.equal(r.decided_at, core.clock.now().toISOString());
    const c = await core.db
      .selectFrom("connections")
      .selectAll()
      .where("id", "=", result.connectionId)
      .executeTakeFirstOrThrow();
    assert.equal(c.kind, "agent");
    assert.equal(c.name, "Ada's helper");
    assert.equal(c.registration_id, reg.registrationId);
    assert.equal(c.workspace_id, workspaceId);
    assert.equal(c.person_id, ada.id);
    assert.equal(c.scopes, "workspace.read workspace.write");
    assert.equal(c.assertion_expires_at, before.expires_at);
    assert.equal(c.assertion_jti, null);
    assert.equal(c.revoked_at, null);
    // Decided now: the page says so, and a second approval changes nothing.
    assert.deepEqual(await viewClaim(core, reg.viewToken, ada), { state: "decided", status: "approved" });
    assert.equal((await refusal(approve(core, ada, reg, { workspaceId }))).status, 409);
    assert.equal(await connectionCount(core), 1);
  });

  test("read-only approval, and the generic name when the agent gave none", async (t) => {
    const { core, ada, reg, workspaceId } = await ready(t, null);
    const result = await approve(core, ada, reg, { workspaceId, access: "read" });
    assert.deepEqual(result.scopes, ["workspace.read"]);
    const c = await core.db
      .selectFrom("connections")
      .selectAll()
      .where("id", "=", result.connectionId)
      .executeTakeFirstOrThrow();
    assert.equal(c.name, "Agent");
    assert.equal(c.scopes, "workspace.read");
    assert.equal((await registration(core, reg.registrationId)).scopes, "workspace.read");
  });

  test("incomplete forms are refused and change nothing", async (t) => {
    const { core, ada, reg, workspaceId } = await ready(t);
    const cases: [Partial<Parameters<typeof approveClaim>[2]>, string][] = [
      [{ workspaceId, code: "12345" }, "code"],
      [{ workspaceId, code: "abcdef" }, "code"],
      [{ workspaceId, access: "admin" }, "access"],
      [{ workspaceId: undefined }, "workspace"],
      [{ workspaceId: "ws_someone_elses" }, "workspace"],
    ];
    for (const [input, field] of cases) {
      const error = await refusal(approve(core, ada, reg, input));
      assert.equal(error.status, 400, field);
      assert.ok(error.fields && field in error.fields, `${field}: ${JSON.stringify(error.fields)}`);
    }
    assert.equal((await attempt(core, reg.attemptId)).wrong_tries, 0);
    assert.equal((await registration(core, reg.registrationId)).status, "pending");
    assert.equal(await connectionCount(core), 0);
  });

  test("a person who has not accepted the current Terms accepts them with the approval", async (t) => {
    const { core, reg, workspaceId, ada } = await ready(t);
    await core.db
      .updateTable("people")
      .set({ terms_version: "2020-01-01" })
      .where("id", "=", ada.id)
      .execute();
    const stale = await person(core, "ada@example.com");
    const view = await viewClaim(core, reg.viewToken, stale);
    assert.equal(view.state === "open" && view.termsAccepted, false);
    const error = await refusal(approve(core, stale, reg, { workspaceId }));
    assert.ok(error.fields && "accept_terms" in error.fields);
    assert.equal((await registration(core, reg.registrationId)).status, "pending");
    await approve(core, stale, reg, { workspaceId, acceptTerms: true });
    const after = await person(core, "ada@example.com");
    assert.equal(after.terms_version, TERMS_VERSION);
    assert.equal(after.terms_accepted_at, core.clock.now().toISOString());
  });

  test("a person with no workspace names a first one on the same page", async (t) => {
    const { core } = await setup(t);
    await createPerson(core, { email: "cy@example.com", email_verified: true });
    const cy = await person(core, "cy@example.com");
    const reg = await createTestRegistration(core, { loginHint: "cy@example.com" });
    const view = await viewClaim(core, reg.viewToken, cy);
    assert.deepEqual(view.state === "open" && view.workspaces, []);
    const empty = await refusal(approve(core, cy, reg, { newWorkspaceName: "  ", acceptTerms: true }));
    assert.equal(empty.status, 400);
    assert.equal((await core.db.selectFrom("workspaces").selectAll().execute()).length, 0);
    const result = await approve(core, cy, reg, { newWorkspaceName: "Blue Team", acceptTerms: true });
    const ws = await core.db
      .selectFrom("workspaces")
      .selectAll()
      .where("id", "=", result.workspaceId)
      .executeTakeFirstOrThrow();
    assert.equal(ws.name, "Blue Team");
    assert.equal(ws.slug, "blue-team");
    assert.equal(ws.owner_id, cy.id);
    const space = await core.db.selectFrom("spaces").selectAll().where("workspace_id", "=", ws.id).execute();
    assert.deepEqual(
      space.map((s) => [s.name, s.prefix]),
      [["General", "BLU"]],
    );
    const member = await core.db
      .selectFrom("memberships")
      .selectAll()
      .where("workspace_id", "=", ws.id)
      .execute();
    assert.deepEqual(
      member.map((m) => [m.person_id, m.role]),
      [[cy.id, "owner"]],
    );
    assert.equal((await registration(core, reg.registrationId)).workspace_id, ws.id);
    assert.equal(prefixFrom("42 Acme"), "ACM");
    assert.equal(prefixFrom("Q"), "WS");
  });

  test("a first workspace whose slug is taken gets the next free one", async (t) => {
    const { core } = await setup(t);
    await seed(core, "blue-team");
    await createPerson(core, { email: "cy@example.com", email_verified: true });
    const cy = await person(core, "cy@example.com");
    const reg = await createTestRegistration(core, { loginHint: "cy@example.com" });
    const result = await approve(core, cy, reg, { newWorkspaceName: "Blue Team", acceptTerms: true });
    const ws = await core.db
      .selectFrom("workspaces")
      .select("slug")
      .where("id", "=", result.workspaceId)
      .executeTakeFirstOrThrow();
    assert.equal(ws.slug, "blue-team-2");
  });
});

describe("claim page: plan slots", () => {
  test("approval fits while a slot is free, and is refused once every slot is taken", async (t) => {
    const { core, ada, workspaceId } = await ready(t);
    await setAgentConnectionLimit(core, "acme", 2);
    for (let i = 0; i < 2; i++) {
      const reg = await createTestRegistration(core, { loginHint: "ada@example.com" });
      await approve(core, ada, reg, { workspaceId });
    }
    assert.equal(await countLiveConnections(core, workspaceId), 2);
    const third = await createTestRegistration(core, { loginHint: "ada@example.com" });
    const error = await refusal(approve(core, ada, third, { workspaceId }));
    assert.equal(error.status, 409);
    assert.equal(error.code, "agent_connection_limit");
    assert.match(error.description, /2 of 2/);
    assert.match(error.description, /another workspace/);
    assert.match(error.description, /settings/);
    assert.equal((await registration(core, third.registrationId)).status, "pending");
    assert.equal((await attempt(core, third.attemptId)).wrong_tries, 0);
    assert.equal(await connectionCount(core), 2);

    // Another workspace with a free slot takes it; so does this one once a slot is freed.
    await seed(core, "second");
    const second = await core.db
      .selectFrom("workspaces")
      .select("id")
      .where("slug", "=", "second")
      .executeTakeFirstOrThrow();
    const other = await approve(core, ada, third, { workspaceId: second.id });
    assert.equal(other.workspaceId, second.id);
  });

  test("browser OAuth connections take slots too, and an approval never redeemed stops taking one when the registration ends", async (t) => {
    const { core, ada, workspaceId, clock } = await ready(t);
    await setAgentConnectionLimit(core, "acme", 1);
    const browser = await createConnection(core, {
      kind: "oauth",
      workspaceId,
      personId: ada.id,
      name: "Editor",
      scopes: ["workspace.read"],
    });
    const reg = await createTestRegistration(core, { loginHint: "ada@example.com" });
    assert.equal((await refusal(approve(core, ada, reg, { workspaceId }))).code, "agent_connection_limit");
    await core.db
      .updateTable("connections")
      .set({ revoked_at: clock.now().toISOString() })
      .where("id", "=", browser.id)
      .execute();
    await approve(core, ada, reg, { workspaceId });
    assert.equal(await countLiveConnections(core, workspaceId), 1);
    clock.advance(60 * MINUTE);
    assert.equal(await countLiveConnections(core, workspaceId), 0);
    const later = await createTestRegistration(core, { loginHint: "ada@example.com" });
    await approve(core, ada, later, { workspaceId });
  });

  test("a member who is not the Owner approves against the workspace's plan", async (t) => {
    const { core } = await ready(t);
    await createPerson(core, { email: "dee@example.com", email_verified: true });
    await addMember(core, { workspace: "acme", email: "dee@example.com" });
    const dee = await person(core, "dee@example.com");
    await acceptTerms(core, dee.id);
    const reg = await createTestRegistration(core, { loginHint: "dee@example.com" });
    const ws = await createWorkspace(core, {
      name: "Dee's own",
      owner_email: "dee@example.com",
      space_prefix: "DEE",
    });
    const view = await viewClaim(core, reg.viewToken, await person(core, "dee@example.com"));
    assert.deepEqual(view.state === "open" && view.workspaces.map((w) => [w.slug, w.role]), [
      ["dee-s-own", "owner"],
      ["acme", "member"],
    ]);
    const result = await approve(core, await person(core, "dee@example.com"), reg, { workspaceId: ws.id });
    assert.equal(result.workspaceId, ws.id);
  });
});

describe("claim page: codes", () => {
  test(`${WRONG_TRIES_PER_CODE} wrong tries make a code unusable; the ones before leave it working`, async (t) => {
    const { core, ada, reg, workspaceId } = await ready(t);
    const wrong = reg.userCode === "000000" ? "111111" : "000000";
    for (let i = 1; i < WRONG_TRIES_PER_CODE; i++) {
      const error = await refusal(approve(core, ada, reg, { workspaceId, code: wrong }));
      assert.equal(error.code, "invalid_code");
      assert.match(error.description, new RegExp(`${WRONG_TRIES_PER_CODE - i} tr`));
    }
    const open = await viewClaim(core, reg.viewToken, ada);
    assert.equal(open.state === "open" && open.triesLeft, 1);
    const fifth = await refusal(approve(core, ada, reg, { workspaceId, code: wrong }));
    assert.equal(fifth.code, "invalid_code");
    assert.match(fifth.description, /can no longer be used/);
    assert.equal((await attempt(core, reg.attemptId)).wrong_tries, WRONG_TRIES_PER_CODE);
    assert.deepEqual(await viewClaim(core, reg.viewToken, ada), { state: "locked" });
    // Even the right code no longer works; the registration stays pending for a new code.
    const locked = await refusal(approve(core, ada, reg, { workspaceId }));
    assert.equal(locked.code, "claim_locked");
    assert.equal((await attempt(core, reg.attemptId)).wrong_tries, WRONG_TRIES_PER_CODE);
    assert.equal((await registration(core, reg.registrationId)).status, "pending");
    const fresh = await reinitiate(core, reg);
    await approve(core, ada, fresh, { workspaceId });
    assert.equal((await registration(core, reg.registrationId)).status, "approved");
  });

  test(`${WRONG_TRIES_PER_PERSON_PER_HOUR} wrong tries per person in an hour: the next try is refused, even with the right code`, async (t) => {
    const { core, ada, workspaceId, clock } = await ready(t);
    let tries = 0;
    while (tries < WRONG_TRIES_PER_PERSON_PER_HOUR) {
      const reg = await createTestRegistration(core, { loginHint: "ada@example.com" });
      const wrong = reg.userCode === "000000" ? "111111" : "000000";
      for (let i = 0; i < WRONG_TRIES_PER_CODE && tries < WRONG_TRIES_PER_PERSON_PER_HOUR; i++, tries++) {
        assert.equal(
          (await refusal(approve(core, ada, reg, { workspaceId, code: wrong }))).code,
          "invalid_code",
        );
      }
    }
    const next = await createTestRegistration(core, { loginHint: "ada@example.com" });
    const limited = await refusal(approve(core, ada, next, { workspaceId }));
    assert.equal(limited.status, 429);
    assert.equal(limited.code, "rate_limited");
    assert.ok(Number(limited.headers?.["retry-after"]) > 0);
    assert.equal((await attempt(core, next.attemptId)).wrong_tries, 0);
    assert.equal((await registration(core, next.registrationId)).status, "pending");
    // Another person is not affected; the next hour the person may try again.
    clock.advance(HOUR);
    const after = await createTestRegistration(core, { loginHint: "ada@example.com" });
    await approve(core, ada, after, { workspaceId });
  });

  test("a code lasts 10 minutes; a re-initiated link replaces the old one", async (t) => {
    const { core, ada, reg, workspaceId, clock } = await ready(t);
    clock.advance(10 * MINUTE - 1);
    assert.equal((await viewClaim(core, reg.viewToken, ada)).state, "open");
    clock.advance(1);
    assert.deepEqual(await viewClaim(core, reg.viewToken, ada), { state: "code_expired" });
    assert.equal((await refusal(approve(core, ada, reg, { workspaceId }))).code, "claim_code_expired");
    const fresh = await reinitiate(core, reg);
    assert.deepEqual(await viewClaim(core, reg.viewToken, ada), { state: "superseded" });
    assert.equal((await refusal(approve(core, ada, reg, { workspaceId }))).code, "claim_superseded");
    assert.equal((await refusal(denyClaim(core, ada, reg.viewToken))).code, "claim_superseded");
    // The old code on the new link is just a wrong code.
    if (fresh.userCode !== reg.userCode) {
      assert.equal(
        (await refusal(approve(core, ada, fresh, { workspaceId, code: reg.userCode }))).code,
        "invalid_code",
      );
    }
    await approve(core, ada, fresh, { workspaceId });
  });

  test("the registration lasts 60 minutes", async (t) => {
    const { core, ada, reg, workspaceId, clock } = await ready(t);
    clock.advance(55 * MINUTE);
    const fresh = await reinitiate(core, reg);
    clock.advance(5 * MINUTE);
    assert.deepEqual(await viewClaim(core, fresh.viewToken, ada), { state: "expired" });
    const error = await refusal(approve(core, ada, fresh, { workspaceId }));
    assert.equal(error.code, "claim_expired");
    assert.match(error.description, /register again/);
    assert.equal(await connectionCount(core), 0);
  });
});

describe("claim page: denying", () => {
  test("denial marks the registration denied and creates nothing", async (t) => {
    const { core, ada, reg, workspaceId } = await ready(t);
    const result = await denyClaim(core, ada, reg.viewToken);
    assert.equal(result.registrationId, reg.registrationId);
    const r = await registration(core, reg.registrationId);
    assert.equal(r.status, "denied");
    assert.equal(r.decided_at, core.clock.now().toISOString());
    assert.equal(r.connection_id, null);
    assert.equal(await connectionCount(core), 0);
    assert.deepEqual(await viewClaim(core, reg.viewToken, ada), { state: "decided", status: "denied" });
    assert.equal((await refusal(approve(core, ada, reg, { workspaceId }))).code, "claim_decided");
    assert.equal((await refusal(denyClaim(core, ada, reg.viewToken))).code, "claim_decided");
  });
});

describe("claim page: at the same time", () => {
  test("two approvals racing for the last slot: one wins, the other is refused and changes nothing", async (t) => {
    const { core, ada, workspaceId } = await ready(t);
    await setAgentConnectionLimit(core, "acme", 1);
    const a = await createTestRegistration(core, { loginHint: "ada@example.com" });
    const b = await createTestRegistration(core, { loginHint: "ada@example.com" });
    const results = await Promise.allSettled([
      approve(core, ada, a, { workspaceId }),
      approve(core, ada, b, { workspaceId }),
    ]);
    assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    assert.ok(lost.reason instanceof DocketError);
    assert.equal(lost.reason.code, "agent_connection_limit");
    assert.equal(await connectionCount(core), 1);
    const statuses = await core.db
      .selectFrom("agent_registrations")
      .select("status")
      .where("id", "in", [a.registrationId, b.registrationId])
      .orderBy("status")
      .execute();
    assert.deepEqual(
      statuses.map((s) => s.status),
      ["approved", "pending"],
    );
  });

  test("the same claim approved twice at once is approved once", async (t) => {
    const { core, ada, reg, workspaceId } = await ready(t);
    const results = await Promise.allSettled([
      approve(core, ada, reg, { workspaceId }),
      approve(core, ada, reg, { workspaceId }),
    ]);
    assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
    assert.equal(await connectionCount(core), 1);
  });
});
