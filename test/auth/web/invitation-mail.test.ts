import assert from "node:assert/strict";
import { test } from "node:test";
import { deliverInvitation } from "../../../src/auth/web/mail.ts";
import { startSmtp } from "../../smtp.ts";
import { testConfig } from "../../support.ts";

const letter = {
  to: "grace@example.com",
  workspaceName: "Acme",
  inviterName: "Ada Lovelace",
  role: "admin" as const,
  url: "http://localhost:3000/invite?token=docket_inv_abc",
  expiresAt: "2026-03-08T09:00:00.000Z",
};

function recorder() {
  const logged: Record<string, unknown>[] = [];
  const said: string[] = [];
  return {
    logged,
    said,
    log: { info: (o: Record<string, unknown>) => void logged.push(o) },
    say: (l: string) => void said.push(l),
  };
}

test("without SMTP an invitation goes to the log, and outside production to a plain line as well", async () => {
  const r = recorder();
  const sent = await deliverInvitation(testConfig("/tmp/x.db"), r.log, letter, r.say);
  assert.equal(sent, false);
  assert.deepEqual(r.logged, [
    { invitation_email: "grace@example.com", invitation_url_for_delivery: letter.url },
  ]);
  assert.deepEqual(r.said, [`Invitation for grace@example.com to Acme: ${letter.url}`]);

  const production = recorder();
  await deliverInvitation(
    testConfig("/tmp/x.db", { NODE_ENV: "production" }),
    production.log,
    letter,
    production.say,
  );
  assert.equal(production.logged.length, 1);
  assert.deepEqual(production.said, [], "no plain line in production mode");
});

test("with SMTP the invitation is mailed: who invites to what, the link and until when", async (t) => {
  const smtp = await startSmtp(t);
  const r = recorder();
  const sent = await deliverInvitation(testConfig("/tmp/x.db", { SMTP_URL: smtp.url }), r.log, letter, r.say);
  assert.equal(sent, true);
  const mail = await smtp.next(1);
  assert.deepEqual(mail.to, ["grace@example.com"]);
  const text = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  assert.match(text, /Subject: Ada Lovelace invited you to Acme on Docket/);
  assert.match(text, /join Acme on Docket as an admin/);
  assert.ok(text.includes(letter.url));
  assert.match(text, /until 2026-03-08 09:00 UTC/);
  assert.deepEqual(r.logged, [], "nothing logged: it went by mail");
  assert.deepEqual(r.said, []);
});
