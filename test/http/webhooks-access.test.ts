import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { createConnection, issueAccessToken, revokeConnection } from "../../src/auth/connections.ts";
import { createPerson, deletePerson, setSuspended } from "../../src/auth/people.ts";
import { listPats, mintPat, revokePat } from "../../src/auth/tokens.ts";
import { addMember, removeMember } from "../../src/auth/workspaces.ts";
import { DAY } from "../../src/clock.ts";
import { sweepExpired } from "../../src/housekeeping.ts";
import { WEB_VIA } from "../../src/tracker/context.ts";
import { deliverDue, fanOut } from "../../src/tracker/webhook-delivery.ts";
import { createWebhook } from "../../src/tracker/webhooks.ts";
import { type Api, type ApiCall, api, bearer } from "../support.ts";

const PRIVATE = { WEBHOOK_ALLOW_PRIVATE: "true" };

/** A receiver on a loopback port that answers 200 and counts what it got, by path. */
async function receiver(t: { after(fn: () => Promise<void> | void): void }) {
  const got: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      got.push(req.url ?? "");
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  t.after(() => new Promise<void>((r) => server.close(() => r())));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, got };
}

/** A person added to acme with `role`, and a token of theirs. */
async function member(a: Api, email: string, role: "admin" | "member" = "member") {
  const p = await createPerson(a.env.core, { email, name: email.split("@")[0]! });
  await addMember(a.env.core, { workspace: "acme", email, role });
  const pat = await mintPat(a.env.core, { workspace: "acme", email, name: "t" });
  return { id: p.id, email, patId: pat.details.id, headers: bearer(pat.token) };
}

/** An agent connection acting for `personId`, and its token's headers. */
async function agent(a: Api, personId: string) {
  const connection = await createConnection(a.env.core, {
    kind: "agent",
    workspaceId: a.workspaceId,
    personId,
    name: "builder",
    scopes: ["workspace.read", "workspace.write"],
  });
  const { access_token } = await issueAccessToken(a.env.core, connection);
  return { id: connection.id, headers: bearer(access_token) };
}

async function hook(a: Api, url: string, headers: Record<string, string> = {}) {
  const res = await a.call("POST", "/v1/webhooks", { url, events: ["*"] }, headers);
  assert.equal(res.status, 201, res.text);
  return res.body as { id: string; created_by: string; created_via: string };
}

function forbidden(res: ApiCall) {
  assert.equal(res.status, 403, res.text);
  assert.equal(res.body.error, "forbidden", res.text);
}

async function shown(a: Api, id: string) {
  const res = await a.call("GET", `/v1/webhooks/${id}`);
  assert.equal(res.status, 200, res.text);
  return res.body;
}

test("webhook administration: a member manages only their own; admins and the Owner manage all; an agent acts with its person's role", async (t) => {
  const a = await api(t, PRIVATE);
  const bob = await member(a, "bob@example.com");
  const cy = await member(a, "cy@example.com", "admin");
  const owners = await hook(a, "https://hooks.example.com/owner");
  assert.equal(owners.created_by, a.personId);
  assert.match(owners.created_via, /^pat_/);
  const bobs = await hook(a, "https://hooks.example.com/bob", bob.headers);
  assert.equal(bobs.created_by, bob.id);
  assert.equal(bobs.created_via, bob.patId);

  // the Owner's webhook: not the member's to repoint, delete, read the deliveries of or send to
  forbidden(
    await a.call("PATCH", `/v1/webhooks/${owners.id}`, { url: "https://evil.example.com/x" }, bob.headers),
  );
  forbidden(await a.call("DELETE", `/v1/webhooks/${owners.id}`, undefined, bob.headers));
  forbidden(await a.call("GET", `/v1/webhooks/${owners.id}/deliveries`, undefined, bob.headers));
  forbidden(await a.call("POST", `/v1/webhooks/${owners.id}/ping`, {}, bob.headers));
  assert.equal((await shown(a, owners.id)).url, "https://hooks.example.com/owner");
  // the member still sees the workspace's webhooks (never a secret)
  const listed = await a.call("GET", "/v1/webhooks", undefined, bob.headers);
  assert.equal(listed.status, 200, listed.text);
  assert.equal(listed.body.data.length, 2);
  assert.ok(listed.body.data.every((w: { secret?: string }) => w.secret === undefined));

  // their own: theirs to change and delete
  const mine = await a.call("PATCH", `/v1/webhooks/${bobs.id}`, { description: "mine" }, bob.headers);
  assert.equal(mine.status, 200, mine.text);
  assert.equal(
    (await a.call("GET", `/v1/webhooks/${bobs.id}/deliveries`, undefined, bob.headers)).status,
    200,
  );

  // the member's agent is the member: their webhooks yes, the Owner's no
  const bot = await agent(a, bob.id);
  forbidden(await a.call("PATCH", `/v1/webhooks/${owners.id}`, { description: "x" }, bot.headers));
  assert.equal(
    (await a.call("PATCH", `/v1/webhooks/${bobs.id}`, { description: "y" }, bot.headers)).status,
    200,
  );
  const botHook = await hook(a, "https://hooks.example.com/bot", bot.headers);
  assert.equal(botHook.created_by, bob.id);
  assert.equal(botHook.created_via, bot.id);

  // an admin (and the Owner) manage any
  const repointed = await a.call(
    "PATCH",
    `/v1/webhooks/${owners.id}`,
    { url: "https://hooks.example.com/o2" },
    cy.headers,
  );
  assert.equal(repointed.status, 200, repointed.text);
  assert.equal((await a.call("PATCH", `/v1/webhooks/${bobs.id}`, { description: "z" })).status, 200);
  assert.equal((await a.call("DELETE", `/v1/webhooks/${botHook.id}`, undefined, cy.headers)).status, 200);
  assert.equal((await a.call("DELETE", `/v1/webhooks/${bobs.id}`, undefined, bob.headers)).status, 200);
});

test("a webhook stops when the access that made it ends: connection, token, removal, suspension, deletion, expiry", async (t) => {
  const a = await api(t, PRIVATE);
  const core = a.env.core;
  const rx = await receiver(t);
  const bob = await member(a, "bob@example.com");
  const bot = await agent(a, bob.id);
  const second = await mintPat(core, { workspace: "acme", email: bob.email, name: "second" });
  const control = await hook(a, `${rx.base}/control`);
  const byBot = await hook(a, `${rx.base}/bot`, bot.headers);
  const bySecond = await hook(a, `${rx.base}/second`, bearer(second.token));
  const byPat = await hook(a, `${rx.base}/pat`, bob.headers);
  // made in the web app: it lives on the membership
  const byWeb = await createWebhook(
    { core, workspaceId: a.workspaceId, actor: { personId: bob.id, via: WEB_VIA } },
    { url: `${rx.base}/web`, events: ["*"] },
  );
  assert.equal(byWeb.created_via, "web");

  // the connection is revoked: its webhook only
  await revokeConnection(core, bot.id, "revoked by the person in settings");
  let w = await shown(a, byBot.id);
  assert.equal(w.status, "disabled");
  assert.equal(w.disabled_cause, "access_ended");
  assert.match(w.disabled_reason, /agent connection it was made with was revoked/);
  assert.equal((await shown(a, byPat.id)).status, "enabled");

  // a token is revoked: its webhook only
  await revokePat(core, second.details.id);
  w = await shown(a, bySecond.id);
  assert.equal(w.status, "disabled");
  assert.match(w.disabled_reason, /personal access token it was made with was revoked/);
  assert.equal((await shown(a, byPat.id)).status, "enabled");

  // the member is removed: the rest of theirs, and their tokens are revoked (not dormant)
  await removeMember(core, "acme", bob.email);
  for (const id of [byPat.id, byWeb.id]) {
    w = await shown(a, id);
    assert.equal(w.status, "disabled");
    assert.match(w.disabled_reason, /removed from the workspace/);
  }
  assert.ok((await listPats(core, { email: bob.email })).every((p) => p.status === "revoked"));
  assert.equal((await shown(a, control.id)).status, "enabled");

  // added back, the old token stays refused
  await addMember(core, { workspace: "acme", email: bob.email });
  assert.equal((await a.call("GET", "/v1/webhooks", undefined, bob.headers)).status, 401);

  // suspension, deletion, and a token that ran out
  const cy = await member(a, "cy@example.com");
  const dee = await member(a, "dee@example.com");
  const eve = await createPerson(core, { email: "eve@example.com", name: "eve" });
  await addMember(core, { workspace: "acme", email: "eve@example.com" });
  const brief = await mintPat(core, {
    workspace: "acme",
    email: "eve@example.com",
    name: "brief",
    expires_in_days: 1,
  });
  const byCy = await hook(a, `${rx.base}/cy`, cy.headers);
  const byDee = await hook(a, `${rx.base}/dee`, dee.headers);
  const byEve = await hook(a, `${rx.base}/eve`, bearer(brief.token));
  await setSuspended(core, cy.email, true);
  assert.match((await shown(a, byCy.id)).disabled_reason, /account was suspended/);
  await deletePerson(core, dee.email);
  assert.match((await shown(a, byDee.id)).disabled_reason, /account was deleted/);
  assert.equal((await shown(a, byEve.id)).status, "enabled");
  a.env.clock.advance(2 * DAY);
  assert.equal((await sweepExpired(core)).lapsed_webhooks, 1);
  assert.match((await shown(a, byEve.id)).disabled_reason, /token it was made with expired/);
  assert.equal((await sweepExpired(core)).lapsed_webhooks, 0, "once");
  void eve;

  // nothing is delivered to them after: only the control webhook gets the new issue's events
  await a.call("POST", "/v1/issues", { title: "after" });
  await fanOut(core);
  while ((await deliverDue(core)) > 0) {
    // until nothing is due
  }
  assert.ok(rx.got.includes("/control"), JSON.stringify(rx.got));
  assert.deepEqual(
    rx.got.filter((p) => p !== "/control"),
    [],
  );
  for (const id of [byBot.id, bySecond.id, byPat.id, byWeb.id, byCy.id, byDee.id, byEve.id]) {
    const d = await a.call("GET", `/v1/webhooks/${id}/deliveries`);
    const types = d.body.data.map((x: { event_type: string }) => x.event_type);
    assert.ok(!types.includes("issue.created"), `${id}: ${types}`);
  }

  // each disabling is a webhook.disabled event and an item in the Owner's inbox
  const events = await a.call("GET", "/v1/events?type=webhook.disabled&limit=50");
  assert.equal(events.status, 200, events.text);
  assert.deepEqual(
    events.body.data.map((e: { object: { id: string } }) => e.object.id).sort(),
    [byBot.id, bySecond.id, byPat.id, byWeb.id, byCy.id, byDee.id, byEve.id].sort(),
  );
  const first = events.body.data.find((e: { object: { id: string } }) => e.object.id === byBot.id);
  assert.equal(first.object.url, `/v1/webhooks/${byBot.id}`);
  assert.equal(first.data.url, `${rx.base}/bot`);
  assert.equal(first.data.cause, "access_ended");
  assert.equal(first.actor.via, bot.id);
  const inbox = await a.call("GET", "/v1/inbox?kind=webhook_disabled&limit=50");
  assert.equal(inbox.status, 200, inbox.text);
  assert.equal(inbox.body.data.length, 7);
  const item = inbox.body.data.find((i: { subject: { id: string } }) => i.subject.id === byPat.id);
  assert.equal(item.kind, "webhook_disabled");
  assert.equal(item.subject.url, `/v1/webhooks/${byPat.id}`);
  assert.equal(item.title, `Webhook ${rx.base}/pat was disabled`);
  assert.match(item.excerpt, /removed from the workspace/);
  // a webhook.* pattern is a subscription that names a real type now
  assert.equal(
    (await a.call("POST", "/v1/webhooks", { url: `${rx.base}/watch`, events: ["webhook.*"] })).status,
    201,
  );
});

test("a webhook disabled because its maker's access ended is enabled again only by an admin or the Owner, who then owns it", async (t) => {
  const a = await api(t, PRIVATE);
  const core = a.env.core;
  const bob = await member(a, "bob@example.com");
  const second = await mintPat(core, { workspace: "acme", email: bob.email, name: "second" });
  const byBob = await hook(a, "https://hooks.example.com/bob", bearer(second.token));
  await revokePat(core, second.details.id);
  // its maker, still a member, may not turn it back on
  forbidden(await a.call("PATCH", `/v1/webhooks/${byBob.id}`, { status: "enabled" }, bob.headers));
  // but may still change or delete it
  assert.equal(
    (await a.call("PATCH", `/v1/webhooks/${byBob.id}`, { description: "paused" }, bob.headers)).status,
    200,
  );
  const enabled = await a.call("PATCH", `/v1/webhooks/${byBob.id}`, { status: "enabled" });
  assert.equal(enabled.status, 200, enabled.text);
  assert.equal(enabled.body.status, "enabled");
  assert.equal(enabled.body.disabled_reason, null);
  assert.equal(enabled.body.disabled_cause, null);
  assert.equal(enabled.body.created_by, a.personId);
  assert.match(enabled.body.created_via, /^pat_/);
  // now the Owner's: no longer the member's to change
  forbidden(await a.call("PATCH", `/v1/webhooks/${byBob.id}`, { description: "x" }, bob.headers));

  // one disabled by hand is its maker's to enable again, and stays theirs
  const own = await hook(a, "https://hooks.example.com/own", bob.headers);
  assert.equal(
    (await a.call("PATCH", `/v1/webhooks/${own.id}`, { status: "disabled" }, bob.headers)).status,
    200,
  );
  const back = await a.call("PATCH", `/v1/webhooks/${own.id}`, { status: "enabled" }, bob.headers);
  assert.equal(back.status, 200, back.text);
  assert.equal(back.body.created_by, bob.id);
});

test("the 20-webhook limit holds under 40 concurrent creations", async (t) => {
  const a = await api(t, PRIVATE);
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      a.call("POST", "/v1/webhooks", { url: `https://hooks.example.com/${i}`, events: ["*"] }),
    ),
  );
  const made = answers.filter((r) => r.status === 201);
  const refused = answers.filter((r) => r.status !== 201);
  assert.equal(made.length, 20);
  assert.equal(refused.length, 20);
  for (const r of refused) {
    assert.equal(r.status, 400, r.text);
    assert.match(r.body.error_description, /at most 20 webhooks/);
  }
  const count = await a.env.core.db
    .selectFrom("webhooks")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  assert.equal(Number(count.n), 20);
});

test("webhook events must name event types that exist, with the nearest suggested", async (t) => {
  const a = await api(t, PRIVATE);
  for (const [events, field, text] of [
    [["issue.craeted"], "body.events[0]", "issue.craeted is not an event type; did you mean issue.created?"],
    [["issue.*", "isue.*"], "body.events[1]", "isue.* matches no event type; did you mean issue.*?"],
    [["qwxz.vvv"], "body.events[0]", "qwxz.vvv is not an event type"],
  ] as const) {
    const res = await a.call("POST", "/v1/webhooks", { url: "https://hooks.example.com/x", events });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.fields?.[field], text, res.text);
  }
  const ok = await a.call("POST", "/v1/webhooks", {
    url: "https://hooks.example.com/x",
    events: ["issue.*", "claim.created", "webhook.disabled", "*"],
  });
  assert.equal(ok.status, 201, ok.text);
  const patched = await a.call("PATCH", `/v1/webhooks/${ok.body.id}`, { events: ["comment.craeted"] });
  assert.equal(patched.status, 400, patched.text);
  assert.match(patched.body.fields?.["body.events[0]"] ?? "", /did you mean comment.created\?/);
});
