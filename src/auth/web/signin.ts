import { randomInt, timingSafeEqual } from "node:crypto";
import { HOUR, MINUTE } from "../../clock.ts";
import type { Core } from "../../core.ts";
import type { Person } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/store.ts";
import { DocketError, invalid, rateLimited } from "../../errors.ts";
import { hashSecret, newId } from "../../secrets.ts";
import { email as emailSchema, parse } from "../../validate.ts";

/**
 * Signing a person in: by a six-digit code mailed to their address, or by an external identity provider
 * that vouches for a verified email. One account per verified email; every way in is a row in
 * `identities` (provider `email` for codes), so a second way in adds to the account and never makes a
 * second one.
 */

export const SIGN_IN_CODE_TTL_MS = 10 * MINUTE;
export const SIGN_IN_CODE_WRONG_TRIES = 5;
/** Codes mailed to one address in an hour, and asked for from one browser session in an hour. */
export const SIGN_IN_CODES_PER_EMAIL_PER_HOUR = 5;
export const SIGN_IN_CODES_PER_SESSION_PER_HOUR = 10;

export const suspendedError = () =>
  new DocketError(403, "account_suspended", "This account is suspended; it cannot sign in.");

export const placeholderError = () =>
  new DocketError(
    403,
    "account_suspended",
    "This is a placeholder for someone imported from another tracker; it cannot sign in.",
  );

function codeHash(code: string): string {
  return hashSecret(`sign-in:${code}`);
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** How a code reaches the person: by mail, or into the server log when no SMTP server is configured. */
export type DeliverCode = (email: string, code: string) => Promise<void>;

/**
 * Mails a new sign-in code to `address` for this browser session. Earlier unused codes of the session
 * stop working. Refused with 429 past the per-address or per-session hourly limit.
 */
export async function requestSignInCode(
  core: Core,
  sessionHash: string,
  address: string,
  deliver: DeliverCode,
): Promise<{ email: string }> {
  const email = parse(emailSchema, address);
  for (const [key, limit, what] of [
    [`signin-code:email:${email}`, SIGN_IN_CODES_PER_EMAIL_PER_HOUR, "to this address"],
    [`signin-code:session:${sessionHash}`, SIGN_IN_CODES_PER_SESSION_PER_HOUR, "from this browser"],
  ] as const) {
    const r = await core.limiter.hit(key, limit, HOUR);
    if (!r.allowed) {
      const seconds = Math.max(1, Math.ceil(r.resetMs / 1000));
      throw rateLimited(
        seconds,
        `${limit} sign-in codes an hour may be sent ${what}; try again in ${Math.ceil(seconds / 60)} minutes.`,
      );
    }
  }
  const now = core.clock.now();
  const code = sixDigitCode();
  await core.db.transaction().execute(async (tx) => {
    await tx
      .updateTable("sign_in_codes")
      .set({ used_at: now.toISOString() })
      .where("session_hash", "=", sessionHash)
      .where("used_at", "is", null)
      .execute();
    await tx
      .insertInto("sign_in_codes")
      .values({
        id: newId("sic", now),
        email,
        session_hash: sessionHash,
        code_hash: codeHash(code),
        wrong_tries: 0,
        expires_at: new Date(now.getTime() + SIGN_IN_CODE_TTL_MS).toISOString(),
        used_at: null,
        created_at: now.toISOString(),
      })
      .execute();
  });
  await deliver(email, code);
  return { email };
}

/**
 * Checks a typed sign-in code against the session's current one. A right code signs the person in (an
 * account is made on first sign-in); a wrong one counts, and the fifth wrong try ends the code.
 */
export async function verifySignInCode(
  core: Core,
  sessionHash: string,
  typed: string,
): Promise<{ person: Person; created: boolean }> {
  const code = typed.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) throw invalid("The code is six digits.", { code: "must be six digits" });
  const now = core.clock.now().toISOString();
  const row = await core.db
    .selectFrom("sign_in_codes")
    .selectAll()
    .where("session_hash", "=", sessionHash)
    .where("used_at", "is", null)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!row) throw invalid("No sign-in code is waiting for this browser; ask for a new one.");
  if (row.expires_at <= now)
    throw invalid("This code has expired (codes last 10 minutes); ask for a new one.");
  if (row.wrong_tries >= SIGN_IN_CODE_WRONG_TRIES) {
    throw invalid("This code was typed wrong 5 times and no longer works; ask for a new one.");
  }
  if (!sameHash(row.code_hash, codeHash(code))) {
    const updated = await core.db
      .updateTable("sign_in_codes")
      .set((eb) => ({ wrong_tries: eb("wrong_tries", "+", 1) }))
      .where("id", "=", row.id)
      .where("wrong_tries", "<", SIGN_IN_CODE_WRONG_TRIES)
      .returning("wrong_tries")
      .executeTakeFirst();
    const left = SIGN_IN_CODE_WRONG_TRIES - (updated?.wrong_tries ?? SIGN_IN_CODE_WRONG_TRIES);
    throw invalid(
      left > 0
        ? `That code is not right; ${left} ${left === 1 ? "try" : "tries"} left.`
        : "That code is not right, and it was the fifth wrong try: this code no longer works; ask for a new one.",
      { code: "is not right" },
    );
  }
  const used = await core.db
    .updateTable("sign_in_codes")
    .set({ used_at: now })
    .where("id", "=", row.id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw invalid("This code was already used; ask for a new one.");
  return signInWithVerifiedEmail(core, { provider: "email", subject: row.email, email: row.email });
}

/**
 * The account behind a verified sign-in: the one already linked to this provider's subject, else the
 * one with this email (the provider is added to it), else a new account with the email verified.
 * Suspended accounts are refused.
 */
export async function signInWithVerifiedEmail(
  core: Core,
  who: { provider: string; subject: string; email: string },
): Promise<{ person: Person; created: boolean }> {
  const email = parse(emailSchema, who.email);
  for (let attempt = 0; ; attempt++) {
    try {
      return await core.db.transaction().execute(async (tx) => {
        const now = core.clock.now().toISOString();
        const linked = await tx
          .selectFrom("identities as i")
          .innerJoin("people as p", "p.id", "i.person_id")
          .selectAll("p")
          .where("i.provider", "=", who.provider)
          .where("i.subject", "=", who.subject)
          .executeTakeFirst();
        let person: Person | undefined = linked;
        let created = false;
        if (!person) {
          person = await tx.selectFrom("people").selectAll().where("email", "=", email).executeTakeFirst();
          if (!person) {
            person = {
              id: newId("usr", core.clock.now()),
              email,
              name: email.split("@")[0]!,
              email_verified_at: now,
              suspended_at: null,
              terms_version: null,
              terms_accepted_at: null,
              inbox_email: "off",
              digest_sent_at: null,
              placeholder_workspace_id: null,
              created_at: now,
              updated_at: now,
            };
            await tx.insertInto("people").values(person).execute();
            created = true;
          }
          await tx
            .insertInto("identities")
            .values({
              provider: who.provider,
              subject: who.subject,
              person_id: person.id,
              email,
              created_at: now,
            })
            .execute();
        }
        // a placeholder an import made (also suspended) is nobody's account: nobody signs in as it
        if (person.placeholder_workspace_id) throw placeholderError();
        if (person.suspended_at) throw suspendedError();
        if (!person.email_verified_at && person.email === email) {
          await tx
            .updateTable("people")
            .set({ email_verified_at: now, updated_at: now })
            .where("id", "=", person.id)
            .execute();
          person = { ...person, email_verified_at: now, updated_at: now };
        }
        return { person, created };
      });
    } catch (error) {
      // Two first sign-ins at once: the loser finds what the winner made.
      if (attempt < 2 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}
