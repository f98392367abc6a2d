import assert from "node:assert/strict";
import { test } from "node:test";
import { createPerson } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { addMember } from "../../src/auth/workspaces.ts";
import { sendInboxMail, smtpSender } from "../../src/tracker/inbox-mail.ts";
import { startSmtp } from "../smtp.ts";
import { api, bearer } from "../support.ts";

/** The plain text of a mail (quoted-printable soft line breaks joined). */
const bodyOf = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");

test("inbox mail over real SMTP: immediate per item, a daily digest, never twice, and an unsubscribe link that works", async (t) => {
  const smtp = await startSmtp(t);
  const a = await api(t, { SMTP_URL: smtp.url, BASE_URL: "https://docket.example.com" });
  const core = a.env.core;
  const people: Record<string, { headers: Record<string, string> }> = {};
  for (const [email, name] of [
    ["bob@example.com", "Bob"],
    ["cara@example.com", "Cara"],
    ["dan@example.com", "Dan"],
  ] as const) {
    await createPerson(core, { email, name });
    await addMember(core, { workspace: "acme", email });
    const { token } = await mintPat(core, { workspace: "acme", email, name: "t" });
    people[name] = { headers: bearer(token) };
  }
  const call = async (method: string, url: string, body: unknown, headers?: Record<string, string>) => {
    const res = await a.call(method, url, body, headers);
    assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${res.text}`);
    return res.body;
  };
  await call("PATCH", "/v1/inbox/settings", { email: "daily" }, people.Bob!.headers);
  await call("PATCH", "/v1/inbox/settings", { email: "immediate" }, people.Cara!.headers);
  // Dan keeps the default: off

  await call("POST", "/v1/issues", { title: "Checkout flow" }, undefined);
  await call("POST", "/v1/issues/ENG-1/comments", {
    body: "@bob@example.com @cara@example.com @dan@example.com please look",
  });
  await call("PATCH", "/v1/issues/ENG-1", { assignee: "bob@example.com" });
  const send = smtpSender(core)!;

  // first round: Cara's mention at once; Bob's digest is due (he has had none for a day? not yet)
  a.env.clock.advance(60_000);
  let sent = await sendInboxMail(core, send);
  assert.deepEqual(
    sent,
    { immediate: 1, digests: 0 },
    "Bob chose daily just now: his first digest is a day away",
  );
  assert.equal(smtp.inbox.length, 1);
  const cara = smtp.inbox[0]!;
  assert.deepEqual(cara.to, ["cara@example.com"]);
  const caraText = bodyOf(cara.raw);
  assert.match(caraText, /Subject: \[Docket\] ENG-1: Checkout flow: mentioned you/);
  assert.match(caraText, /please look/);
  assert.match(caraText, /https:\/\/docket\.example\.com\/acme\/issue\/ENG-1/);
  const link = /Turn it off: (https:\/\/docket\.example\.com\/inbox\/unsubscribe\?token=\S+)/.exec(
    caraText,
  )?.[1];
  assert.ok(link, caraText);
  assert.match(caraText, /List-Unsubscribe:\s+<https:\/\/docket\.example\.com\/inbox\/unsubscribe\?token=/);
  assert.match(caraText, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);

  // nothing twice
  assert.deepEqual(await sendInboxMail(core, send), { immediate: 0, digests: 0 });

  // a day later: Bob's digest holds both his items; Dan (off) gets nothing
  a.env.clock.advance(24 * 3600_000);
  sent = await sendInboxMail(core, send);
  assert.deepEqual(sent, { immediate: 0, digests: 1 });
  const bob = smtp.inbox[1]!;
  assert.deepEqual(bob.to, ["bob@example.com"]);
  const bobText = bodyOf(bob.raw);
  assert.match(bobText, /Subject: \[Docket\] Your daily digest: 2 new items/);
  assert.match(bobText, /mentioned you/);
  assert.match(bobText, /assigned you/);
  assert.equal(smtp.inbox.filter((m) => m.to.includes("dan@example.com")).length, 0);
  assert.deepEqual(await sendInboxMail(core, send), { immediate: 0, digests: 0 }, "one digest a day");

  // an item read before its digest is not mailed
  await call("POST", "/v1/issues/ENG-1/comments", { body: "@bob@example.com again" });
  const unread = await call("GET", "/v1/inbox?unread=true", undefined, people.Bob!.headers);
  await call("POST", `/v1/inbox/${unread.data[0].id}/read`, {}, people.Bob!.headers);
  a.env.clock.advance(24 * 3600_000);
  assert.deepEqual(await sendInboxMail(core, send), { immediate: 0, digests: 0 });

  // the unsubscribe link: GET only asks, POST (one-click) turns Cara's mail off; a forged token does nothing
  const path = new URL(link).pathname + new URL(link).search;
  const ask = await a.app.inject({ method: "GET", url: path });
  assert.equal(ask.statusCode, 200);
  assert.match(ask.body, /Turn off inbox mail/);
  assert.equal((await call("GET", "/v1/inbox/settings", undefined, people.Cara!.headers)).email, "immediate");
  const forged = await a.app.inject({ method: "POST", url: path.replace(/token=[^.]+/, "token=usr_forged") });
  assert.equal(forged.statusCode, 400);
  const done = await a.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  });
  assert.equal(done.statusCode, 200, done.body);
  assert.equal((await call("GET", "/v1/inbox/settings", undefined, people.Cara!.headers)).email, "off");
  await call("POST", "/v1/issues/ENG-1/comments", { body: "@cara@example.com one more" });
  assert.deepEqual(await sendInboxMail(core, send), { immediate: 0, digests: 0 });
  assert.equal(smtp.inbox.length, 2);
});
