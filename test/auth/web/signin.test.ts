import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createPerson, setSuspended } from "../../../src/auth/people.ts";
import {
  requestSignInCode,
  SIGN_IN_CODE_WRONG_TRIES,
  SIGN_IN_CODES_PER_EMAIL_PER_HOUR,
  SIGN_IN_CODES_PER_SESSION_PER_HOUR,
  signInWithVerifiedEmail,
  verifySignInCode,
} from "../../../src/auth/web/signin.ts";
import { HOUR, MINUTE } from "../../../src/clock.ts";
import type { Core } from "../../../src/core.ts";
import { DocketError } from "../../../src/errors.ts";
import { setup } from "../../support.ts";

function mailbox() {
  const sent: { email: string; code: string }[] = [];
  return {
    sent,
    deliver: async (email: string, code: string) => {
      sent.push({ email, code });
    },
    last: () => sent.at(-1)!.code,
  };
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

async function identities(core: Core) {
  return core.db
    .selectFrom("identities")
    .select(["provider", "subject", "person_id", "email"])
    .orderBy("provider")
    .execute();
}

describe("sign-in by emailed code", () => {
  test("a first sign-in creates the account with its email verified; the next finds the same account", async (t) => {
    const { core, clock } = await setup(t);
    const mail = mailbox();
    const { email } = await requestSignInCode(core, "session-a", "  Ada@Example.com ", mail.deliver);
    assert.equal(email, "ada@example.com");
    assert.deepEqual(
      mail.sent.map((m) => m.email),
      ["ada@example.com"],
    );
    assert.match(mail.last(), /^\d{6}$/);
    const stored = await core.db.selectFrom("sign_in_codes").selectAll().executeTakeFirstOrThrow();
    assert.notEqual(stored.code_hash, mail.last());
    assert.equal(stored.expires_at, new Date(clock.now().getTime() + 10 * MINUTE).toISOString());
    const first = await verifySignInCode(core, "session-a", mail.last().replace(/(\d{3})/, "$1 "));
    assert.equal(first.created, true);
    assert.equal(first.person.email, "ada@example.com");
    assert.equal(first.person.email_verified_at, clock.now().toISOString());
    assert.equal(first.person.terms_version, null);
    // A code works once.
    assert.equal((await refusal(verifySignInCode(core, "session-a", mail.last()))).status, 400);
    await requestSignInCode(core, "session-b", "ada@example.com", mail.deliver);
    const second = await verifySignInCode(core, "session-b", mail.last());
    assert.equal(second.created, false);
    assert.equal(second.person.id, first.person.id);
    assert.equal((await core.db.selectFrom("people").selectAll().execute()).length, 1);
    assert.deepEqual(await identities(core), [
      { provider: "email", subject: "ada@example.com", person_id: first.person.id, email: "ada@example.com" },
    ]);
  });

  test("a code belongs to the browser session that asked for it, and a newer code replaces it", async (t) => {
    const { core } = await setup(t);
    const mail = mailbox();
    await requestSignInCode(core, "session-a", "ada@example.com", mail.deliver);
    const old = mail.last();
    assert.equal((await refusal(verifySignInCode(core, "session-b", old))).status, 400);
    await requestSignInCode(core, "session-a", "ada@example.com", mail.deliver);
    if (old !== mail.last()) {
      assert.match((await refusal(verifySignInCode(core, "session-a", old))).description, /not right/);
    }
    await verifySignInCode(core, "session-a", mail.last());
  });

  test(`${SIGN_IN_CODE_WRONG_TRIES} wrong tries end a code; the tries before leave it working`, async (t) => {
    const { core } = await setup(t);
    const mail = mailbox();
    await requestSignInCode(core, "s", "ada@example.com", mail.deliver);
    const wrong = mail.last() === "000000" ? "111111" : "000000";
    for (let i = 1; i < SIGN_IN_CODE_WRONG_TRIES; i++) {
      assert.match(
        (await refusal(verifySignInCode(core, "s", wrong))).description,
        new RegExp(`${SIGN_IN_CODE_WRONG_TRIES - i} tr`),
      );
    }
    assert.match((await refusal(verifySignInCode(core, "s", wrong))).description, /no longer works/);
    assert.match((await refusal(verifySignInCode(core, "s", mail.last()))).description, /5 times/);
    assert.equal((await core.db.selectFrom("people").selectAll().execute()).length, 0);

    // One wrong try fewer, and the right code still works.
    await requestSignInCode(core, "t", "bea@example.com", mail.deliver);
    const wrong2 = mail.last() === "000000" ? "111111" : "000000";
    for (let i = 1; i < SIGN_IN_CODE_WRONG_TRIES; i++) await refusal(verifySignInCode(core, "t", wrong2));
    assert.equal((await verifySignInCode(core, "t", mail.last())).person.email, "bea@example.com");
  });

  test("a code lasts 10 minutes", async (t) => {
    const { core, clock } = await setup(t);
    const mail = mailbox();
    await requestSignInCode(core, "s", "ada@example.com", mail.deliver);
    clock.advance(10 * MINUTE);
    assert.match((await refusal(verifySignInCode(core, "s", mail.last()))).description, /expired/);
    await requestSignInCode(core, "s", "ada@example.com", mail.deliver);
    clock.advance(10 * MINUTE - 1);
    await verifySignInCode(core, "s", mail.last());
  });

  test(`codes per address: ${SIGN_IN_CODES_PER_EMAIL_PER_HOUR} an hour, then 429 until the hour is over`, async (t) => {
    const { core, clock } = await setup(t);
    const mail = mailbox();
    for (let i = 0; i < SIGN_IN_CODES_PER_EMAIL_PER_HOUR; i++) {
      await requestSignInCode(core, `s${i}`, "ada@example.com", mail.deliver);
    }
    const error = await refusal(requestSignInCode(core, "other", "ada@example.com", mail.deliver));
    assert.equal(error.status, 429);
    assert.ok(Number(error.headers?.["retry-after"]) > 0);
    assert.equal(mail.sent.length, SIGN_IN_CODES_PER_EMAIL_PER_HOUR);
    await requestSignInCode(core, "other", "bea@example.com", mail.deliver);
    clock.advance(HOUR);
    await requestSignInCode(core, "other", "ada@example.com", mail.deliver);
  });

  test(`codes per browser session: ${SIGN_IN_CODES_PER_SESSION_PER_HOUR} an hour`, async (t) => {
    const { core } = await setup(t);
    const mail = mailbox();
    for (let i = 0; i < SIGN_IN_CODES_PER_SESSION_PER_HOUR; i++) {
      await requestSignInCode(core, "s", `p${i}@example.com`, mail.deliver);
    }
    assert.equal((await refusal(requestSignInCode(core, "s", "zed@example.com", mail.deliver))).status, 429);
    assert.equal(mail.sent.length, SIGN_IN_CODES_PER_SESSION_PER_HOUR);
  });

  test("bad addresses are refused before anything is sent", async (t) => {
    const { core } = await setup(t);
    const mail = mailbox();
    for (const bad of ["", "not-an-email", "a@b.com, c@d.com", `${"a".repeat(250)}@b.com`]) {
      const error = await refusal(requestSignInCode(core, "s", bad, mail.deliver));
      assert.equal(error.status, 400, bad);
    }
    assert.equal(mail.sent.length, 0);
    assert.equal((await core.db.selectFrom("sign_in_codes").selectAll().execute()).length, 0);
    await requestSignInCode(core, "s", "ada@example.com", mail.deliver);
    assert.match((await refusal(verifySignInCode(core, "s", "12345"))).description, /six digits/);
  });

  test("suspended people cannot sign in", async (t) => {
    const { core } = await setup(t);
    await createPerson(core, { email: "ada@example.com" });
    await setSuspended(core, "ada@example.com", true);
    const mail = mailbox();
    await requestSignInCode(core, "s", "ada@example.com", mail.deliver);
    const error = await refusal(verifySignInCode(core, "s", mail.last()));
    assert.equal(error.status, 403);
    assert.match(error.description, /suspended/);
    const viaProvider = await refusal(
      signInWithVerifiedEmail(core, { provider: "github", subject: "1", email: "ada@example.com" }),
    );
    assert.equal(viaProvider.status, 403);
    assert.deepEqual(await identities(core), []);
  });
});

describe("sign-in through a provider", () => {
  test("an existing account gets the provider added, never a second account", async (t) => {
    const { core } = await setup(t);
    const existing = await createPerson(core, { email: "ada@example.com" });
    const first = await signInWithVerifiedEmail(core, {
      provider: "github",
      subject: "42",
      email: "Ada@Example.com",
    });
    assert.equal(first.created, false);
    assert.equal(first.person.id, existing.id);
    // An account made by the operator without a verified email is verified by the provider's word.
    assert.ok(first.person.email_verified_at);
    // The provider account is linked: it finds the same person even after its email changed there.
    const again = await signInWithVerifiedEmail(core, {
      provider: "github",
      subject: "42",
      email: "ada@new.example",
    });
    assert.equal(again.person.id, existing.id);
    assert.equal(again.person.email, "ada@example.com");
    assert.equal((await core.db.selectFrom("people").selectAll().execute()).length, 1);
    const created = await signInWithVerifiedEmail(core, {
      provider: "oidc",
      subject: "https://id.example#7",
      email: "bo@example.com",
    });
    assert.equal(created.created, true);
    assert.deepEqual(
      (await identities(core)).map((i) => [i.provider, i.subject, i.email]),
      [
        ["github", "42", "ada@example.com"],
        ["oidc", "https://id.example#7", "bo@example.com"],
      ],
    );
  });

  test("two first sign-ins at once make one account", async (t) => {
    const { core } = await setup(t);
    const [a, b] = await Promise.all([
      signInWithVerifiedEmail(core, { provider: "github", subject: "1", email: "ada@example.com" }),
      signInWithVerifiedEmail(core, { provider: "oidc", subject: "x#1", email: "ada@example.com" }),
    ]);
    assert.equal(a.person.id, b.person.id);
    assert.equal((await core.db.selectFrom("people").selectAll().execute()).length, 1);
    assert.equal((await identities(core)).length, 2);
  });
});
