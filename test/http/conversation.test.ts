import assert from "node:assert/strict";
import { type TestContext, test } from "node:test";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { createPerson } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { addMember } from "../../src/auth/workspaces.ts";
import type { Core } from "../../src/core.ts";
import { startServer } from "../../src/server.ts";
import { checkedFetch } from "../contract.ts";
import { type Api, type ApiCall, api, bearer, createTestDatabase, seed, testConfig } from "../support.ts";

/** An agent connection acting for `personId`, with its access token's headers. */
async function agent(core: Core, workspaceId: string, personId: string, name: string) {
  const connection = await createConnection(core, {
    kind: "agent",
    workspaceId,
    personId,
    name,
    scopes: ["workspace.read", "workspace.write"],
  });
  const { access_token } = await issueAccessToken(core, connection);
  return { id: connection.id, token: access_token, headers: bearer(access_token) };
}

/** A person added to acme with `role`, and their token's headers. */
async function member(a: Api, email: string, name: string, role: "admin" | "member" = "member") {
  const p = await createPerson(a.env.core, { email, name });
  await addMember(a.env.core, { workspace: "acme", email, role });
  const { token } = await mintPat(a.env.core, { workspace: "acme", email, name: "t" });
  return { id: p.id, headers: bearer(token) };
}

async function ok(a: Api, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await a.call(method, url, body, headers);
  assert.ok(res.status === 200 || res.status === 201, `${method} ${url}: ${res.status} ${res.text}`);
  return res.body;
}

function refused(res: ApiCall, status: number, code: string) {
  assert.equal(res.status, status, res.text);
  assert.equal(res.body.error, code, res.text);
}

async function eventsOf(a: Api, type: string) {
  return (await ok(a, "GET", `/v1/events?type=${type}&limit=100`)).data;
}

/** Ada (Owner), Bob (member), Cara (admin), Ada's agent "Build Bot", and an issue ENG-1. */
async function team(t: TestContext) {
  const a = await api(t);
  const bob = await member(a, "bob@example.com", "Bob");
  const cara = await member(a, "cara@example.com", "Cara", "admin");
  const bot = await agent(a.env.core, a.workspaceId, a.personId, "Build Bot");
  await ok(a, "POST", "/v1/issues", { title: "Login page", status: "todo" });
  return { a, bob, cara, bot };
}

test("comments: threads with one level of replies, edits keep history, deletes stay shown; only the author or an admin changes one", async (t) => {
  const { a, bob, cara, bot } = await team(t);
  const first = await ok(a, "POST", "/v1/issues/eng-1/comments", { body: "First **draft**" }, bot.headers);
  assert.match(first.id, /^cmt_/);
  assert.deepEqual(first.subject, { type: "issue", id: first.subject.id, identifier: "ENG-1" });
  assert.equal(first.author.label, "Build Bot (for Ada)");
  assert.deepEqual(first.author.agent, { id: bot.id, name: "Build Bot" });
  assert.equal(first.version, 1);
  assert.deepEqual(first.history, []);
  const reply = await ok(
    a,
    "POST",
    "/v1/issues/ENG-1/comments",
    { body: "Agreed", parent: first.id },
    bob.headers,
  );
  assert.equal(reply.parent_id, first.id);
  assert.equal(reply.author.label, "Bob");

  // one level of replies; a parent elsewhere, or an empty body, is 400 naming the field
  const deep = await a.call("POST", "/v1/issues/ENG-1/comments", { body: "x", parent: reply.id });
  refused(deep, 400, "invalid_request");
  assert.match(deep.body.fields["body.parent"], /is a reply/);
  await ok(a, "POST", "/v1/issues", { title: "Other" });
  const elsewhere = await a.call("POST", "/v1/issues/ENG-2/comments", { body: "x", parent: first.id });
  assert.match(elsewhere.body.fields["body.parent"], /no comment/);
  const empty = await a.call("POST", "/v1/issues/ENG-1/comments", { body: "   " });
  assert.equal(empty.body.fields["body.body"], "must not be empty");
  refused(await a.call("POST", "/v1/issues/ENG-9/comments", { body: "x" }), 404, "not_found");

  // the author edits (through any of their credentials): the earlier text is kept
  const edited = await ok(a, "PATCH", `/v1/comments/${first.id}`, { body: "Final draft" });
  assert.equal(edited.edited, true);
  assert.equal(edited.version, 2);
  assert.deepEqual(
    edited.history.map((h: { version: number; body: string; author: { label: string } }) => [
      h.version,
      h.body,
      h.author.label,
    ]),
    [[1, "First **draft**", "Build Bot (for Ada)"]],
  );
  // others may not: a member, and an admin's own agent
  const bobEdits = await a.call("PATCH", `/v1/comments/${first.id}`, { body: "Hijack" }, bob.headers);
  refused(bobEdits, 403, "forbidden");
  const caraBot = await agent(a.env.core, a.workspaceId, cara.id, "Cara Bot");
  refused(await a.call("DELETE", `/v1/comments/${reply.id}`, undefined, caraBot.headers), 403, "forbidden");
  assert.equal((await ok(a, "GET", `/v1/comments/${first.id}`)).body, "Final draft", "nothing changed");
  // If-Match guards an edit
  const stale = await a.call("PATCH", `/v1/comments/${first.id}`, { body: "Stale" }, { "if-match": '"1"' });
  refused(stale, 412, "precondition_failed");

  // an admin deletes Bob's reply: shown as deleted in its thread, its text gone from answers
  const gone = await ok(a, "DELETE", `/v1/comments/${reply.id}`, undefined, cara.headers);
  assert.equal(gone.deleted, true);
  assert.equal(gone.body, "");
  assert.equal(gone.updated_by.label, "Cara");
  refused(await a.call("PATCH", `/v1/comments/${reply.id}`, { body: "back" }, bob.headers), 409, "conflict");
  const stored = await a.env.core.db
    .selectFrom("comments")
    .select("body")
    .where("id", "=", reply.id)
    .executeTakeFirstOrThrow();
  assert.equal(stored.body, "Agreed", "kept for the record");

  const threads = await ok(a, "GET", "/v1/issues/ENG-1/comments");
  assert.equal(threads.data.length, 1);
  assert.equal(threads.data[0].id, first.id);
  assert.deepEqual(
    threads.data[0].replies.map((r: { id: string; deleted: boolean }) => [r.id, r.deleted]),
    [[reply.id, true]],
  );

  // decisions and notes take comments the same way; another workspace's comment is not found
  const dec = await ok(a, "POST", "/v1/decisions", { title: "Use Postgres" });
  const onDec = await ok(a, "POST", `/v1/decisions/${dec.id}/comments`, { body: "Why not SQLite?" });
  assert.deepEqual(onDec.subject, { type: "decision", id: dec.id, identifier: null });
  const note = await ok(a, "POST", "/v1/notes", { title: "Runbook" });
  await ok(a, "POST", `/v1/notes/${note.id}/comments`, { body: "Step 3 is wrong" });
  assert.equal((await ok(a, "GET", `/v1/notes/${note.id}/comments`)).data.length, 1);
  const other = await seed(a.env.core, "other", "olga@example.com");
  const olga = await a.call("GET", `/v1/comments/${first.id}`, undefined, bearer(other.token));
  refused(olga, 404, "not_found");

  // search finds comments by their text (the current one; a deleted comment no more)
  const found = await ok(a, "GET", "/v1/search?q=final&type=comment");
  assert.deepEqual(
    found.data.map((r: { id: string; type: string; title: string }) => [r.id, r.type, r.title]),
    [[first.id, "comment", "Comment on ENG-1: Login page"]],
  );
  assert.equal(
    (await ok(a, "GET", "/v1/search?q=first&type=comment")).data.length,
    0,
    "the old text is not searched",
  );
  assert.equal((await ok(a, "GET", "/v1/search?q=agreed")).data.length, 0, "deleted");
  assert.equal((await ok(a, "GET", "/v1/search?q=sqlite")).data[0].id, onDec.id);

  // events: comment.created, .updated (with the change) and .deleted
  const created = await eventsOf(a, "comment.*");
  assert.deepEqual(
    created.map((e: { type: string }) => e.type),
    [
      "comment.created",
      "comment.created",
      "comment.updated",
      "comment.deleted",
      "comment.created",
      "comment.created",
    ],
  );
  assert.equal(created[0].object.url, `/v1/comments/${first.id}`);
  assert.equal(created[0].data.subject.identifier, "ENG-1");
  assert.deepEqual(created[2].data.changes.body, { from: "First **draft**", to: "Final draft" });
});

test("mentions reach exactly the mentioned members' inboxes; agents get mention.created; read and read-all", async (t) => {
  const { a, bob, cara, bot } = await team(t);
  // Eve exists, but in another workspace: no item for her, and her workspace's agent is not mentioned
  const other = await seed(a.env.core, "other", "eve@example.com");
  const eveBot = await agent(a.env.core, other.workspaceId, other.personId, "Deploy Bot");
  const c = await ok(
    a,
    "POST",
    "/v1/issues/ENG-1/comments",
    {
      body: "@bob@example.com and @CARA@example.com, see `@ada@example.com`; @eve@example.com, @build-bot @deploy-bot @nobody",
    },
    bot.headers,
  );
  const bobs = await ok(a, "GET", "/v1/inbox", undefined, bob.headers);
  assert.equal(bobs.unread_count, 1);
  assert.equal(bobs.data[0].kind, "mention");
  assert.deepEqual(bobs.data[0].subject, { type: "comment", id: c.id, url: `/v1/comments/${c.id}` });
  assert.equal(bobs.data[0].issue.identifier, "ENG-1");
  assert.equal(bobs.data[0].actor.label, "Build Bot (for Ada)");
  assert.equal(
    (await ok(a, "GET", "/v1/inbox", undefined, cara.headers)).unread_count,
    1,
    "case-insensitive",
  );
  assert.equal((await ok(a, "GET", "/v1/inbox")).unread_count, 0, "a code span mentions nobody");
  assert.equal((await ok(a, "GET", "/v1/inbox", undefined, bearer(other.token))).unread_count, 0);
  const people = await a.env.core.db.selectFrom("inbox_items").select("person_id").execute();
  assert.deepEqual(people.map((p) => p.person_id).sort(), [bob.id, cara.id].sort());

  const mentions = await eventsOf(a, "mention.created");
  assert.deepEqual(
    mentions.map((e: { data: { mentioned: { type: string; id: string } } }) => [
      e.data.mentioned.type,
      e.data.mentioned.id,
    ]),
    [
      ["person", bob.id],
      ["person", cara.id],
      ["agent", bot.id],
    ],
  );
  assert.ok(!JSON.stringify(mentions).includes(eveBot.id), "another workspace's agent is never mentioned");
  assert.equal(mentions[2].object.id, c.id);

  // an edit that adds a mention tells only the newcomer; a description mentions too
  await ok(a, "PATCH", `/v1/comments/${c.id}`, { body: `${c.body} and @ada@example.com` }, bot.headers);
  assert.equal((await ok(a, "GET", "/v1/inbox")).unread_count, 1);
  assert.equal((await ok(a, "GET", "/v1/inbox", undefined, bob.headers)).unread_count, 1, "Bob is told once");
  await ok(a, "PATCH", "/v1/issues/ENG-1", { description: "Needs @bob@example.com" });
  const bobNow = await ok(a, "GET", "/v1/inbox?unread=true", undefined, bob.headers);
  assert.deepEqual(
    bobNow.data.map((n: { kind: string; subject: { type: string } }) => [n.kind, n.subject.type]),
    [
      ["mention", "issue"],
      ["mention", "comment"],
    ],
  );

  // assignment to Bob is an item; assigning oneself is not
  await ok(a, "PATCH", "/v1/issues/ENG-1", { assignee: "bob@example.com" });
  await ok(a, "POST", "/v1/issues", { title: "Mine", assignee: "me" }, bob.headers);
  const kinds = await ok(a, "GET", "/v1/inbox?kind=assignment", undefined, bob.headers);
  assert.deepEqual(
    kinds.data.map((n: { title: string }) => n.title),
    ["ENG-1: Login page"],
  );

  // read one (again: no change), then all; another person's item is 404 and changes nothing
  const first = bobNow.data[0].id;
  const once = await ok(a, "POST", `/v1/inbox/${first}/read`, {}, bob.headers);
  assert.deepEqual(once, { read: 1, unread_count: 2 });
  assert.deepEqual(await ok(a, "POST", `/v1/inbox/${first}/read`, {}, bob.headers), {
    read: 0,
    unread_count: 2,
  });
  refused(await a.call("POST", `/v1/inbox/${first}/read`, {}, cara.headers), 404, "not_found");
  refused(await a.call("GET", `/v1/inbox/${first}`, undefined, cara.headers), 404, "not_found");
  assert.equal((await ok(a, "GET", `/v1/inbox/${first}`, undefined, bob.headers)).read, true);
  refused(await a.call("POST", "/v1/inbox/inb_bad/read", {}, bob.headers), 400, "invalid_request");
  assert.deepEqual(await ok(a, "POST", "/v1/inbox/read-all", {}, bob.headers), { read: 2, unread_count: 0 });
  assert.equal((await ok(a, "GET", "/v1/inbox?unread=false", undefined, bob.headers)).data.length, 3);
  assert.equal((await eventsOf(a, "inbox_item.created")).length, 5);
});

test("approvals: an agent asks, only a person answers; 409 once answered; reviewers or the person named are asked", async (t) => {
  const { a, bob, bot } = await team(t);
  const asked = await ok(
    a,
    "POST",
    "/v1/issues/ENG-1/approvals",
    { question: "Deploy to production?", options: ["Ship it", "Hold"], from: "bob@example.com" },
    bot.headers,
  );
  assert.match(asked.id, /^apr_/);
  assert.equal(asked.status, "open");
  assert.equal(asked.asked_of.email, "bob@example.com");
  assert.equal(asked.asked_by.label, "Build Bot (for Ada)");
  const inbox = await ok(a, "GET", "/v1/inbox?kind=approval", undefined, bob.headers);
  assert.equal(inbox.data[0].subject.url, `/v1/approvals/${asked.id}`);

  // the agent cannot answer (nor can another agent); nothing changes
  const byAgent = await a.call(
    "POST",
    `/v1/approvals/${asked.id}/answer`,
    { option: "Ship it" },
    bot.headers,
  );
  refused(byAgent, 403, "forbidden");
  assert.match(byAgent.body.error_description, /Only a person answers/);
  assert.equal((await ok(a, "GET", `/v1/approvals/${asked.id}`)).status, "open");
  // bad answers name the field
  const wrong = await a.call("POST", `/v1/approvals/${asked.id}/answer`, { option: "Maybe" }, bob.headers);
  assert.match(wrong.body.fields["body.option"], /must be one of Ship it, Hold/);
  const both = await a.call("POST", `/v1/approvals/${asked.id}/answer`, { option: "Hold", approve: true });
  refused(both, 400, "invalid_request");
  const yesNo = await a.call("POST", `/v1/approvals/${asked.id}/answer`, { approve: true }, bob.headers);
  assert.match(yesNo.body.fields["body.approve"], /offers options/);

  const answered = await ok(
    a,
    "POST",
    `/v1/approvals/${asked.id}/answer`,
    { option: "hold", comment: "After the freeze" },
    bob.headers,
  );
  assert.equal(answered.status, "resolved");
  assert.equal(answered.answer, "Hold");
  assert.equal(answered.approved, null);
  assert.equal(answered.answered_by.label, "Bob");
  refused(await a.call("POST", `/v1/approvals/${asked.id}/answer`, { option: "Ship it" }), 409, "conflict");
  assert.equal((await ok(a, "GET", "/v1/inbox", undefined, bob.headers)).unread_count, 0, "answered: read");

  // without `from`, the space's reviewers (its admins by default) are asked; approve/reject
  const yes = await ok(a, "POST", "/v1/issues/ENG-1/approvals", { question: "Merge?" }, bot.headers);
  assert.deepEqual(yes.options, ["approve", "reject"]);
  const askedPeople = await a.env.core.db
    .selectFrom("inbox_items")
    .select("person_id")
    .where("subject_id", "=", yes.id)
    .execute();
  assert.equal(askedPeople.length, 2, "Ada (Owner) and Cara (admin)");
  const open = await ok(a, "GET", "/v1/issues/ENG-1/approvals?status=open");
  assert.deepEqual(
    open.data.map((x: { id: string }) => x.id),
    [yes.id],
  );
  const bundle = await ok(a, "GET", "/v1/bundles/ENG-1");
  assert.deepEqual(
    bundle.approvals.map((x: { id: string }) => x.id),
    [yes.id],
  );
  const approved = await ok(a, "POST", `/v1/approvals/${yes.id}/answer`, { approve: false });
  assert.equal(approved.approved, false);
  assert.equal(approved.answer, "reject");

  const events = await eventsOf(a, "approval.*");
  assert.deepEqual(
    events.map((e: { type: string }) => e.type),
    ["approval.requested", "approval.resolved", "approval.requested", "approval.resolved"],
  );
  assert.deepEqual(
    [events[1].data.answer, events[1].data.comment, events[1].object.url],
    ["Hold", "After the freeze", `/v1/approvals/${asked.id}`],
  );
  const unknown = await a.call("POST", "/v1/issues/ENG-1/approvals", {
    question: "?",
    from: "eve@example.com",
  });
  assert.match(unknown.body.fields["body.from"], /no member/);
  const few = await a.call("POST", "/v1/issues/ENG-1/approvals", { question: "?", options: ["Only"] });
  assert.match(few.body.fields["body.options"], /at least 2/);
});

test("approvals: only the person asked answers; unnamed, the space's reviewers (else its admins); never the asker", async (t) => {
  const { a, bob, cara, bot } = await team(t);
  const dan = await member(a, "dan@example.com", "Dan");
  const answer = (id: string, who: { headers: Record<string, string> } | undefined) =>
    a.call("POST", `/v1/approvals/${id}/answer`, { approve: true }, who?.headers ?? {});
  const stillOpen = async (id: string) =>
    assert.equal((await ok(a, "GET", `/v1/approvals/${id}`)).status, "open", "nothing changed");

  // asked of Bob: Ada (the Owner), Cara (an admin) and Dan are refused, naming Bob; Bob answers
  const ofBob = await ok(
    a,
    "POST",
    "/v1/issues/ENG-1/approvals",
    { question: "Ship?", from: "bob@example.com" },
    bot.headers,
  );
  for (const who of [undefined, cara, dan]) {
    const res = await answer(ofBob.id, who);
    refused(res, 403, "forbidden");
    assert.match(res.body.error_description, /asked of bob@example\.com; only they answer it/);
  }
  await stillOpen(ofBob.id);
  assert.equal(
    (await ok(a, "POST", `/v1/approvals/${ofBob.id}/answer`, { approve: true }, bob.headers)).status,
    "resolved",
  );

  // nobody named, no reviewers set: the Owner and admins answer, a plain member does not
  const unnamed = await ok(a, "POST", "/v1/issues/ENG-1/approvals", { question: "Merge?" }, bot.headers);
  refused(await answer(unnamed.id, dan), 403, "forbidden");
  refused(await answer(unnamed.id, bob), 403, "forbidden");
  await stillOpen(unnamed.id);
  assert.equal(
    (await ok(a, "POST", `/v1/approvals/${unnamed.id}/answer`, { approve: true }, cara.headers)).status,
    "resolved",
  );

  // the space names reviewers: only they answer, admins no longer
  await ok(a, "PATCH", "/v1/spaces/ENG", { reviewers: ["dan@example.com"] });
  const reviewed = await ok(a, "POST", "/v1/issues/ENG-1/approvals", { question: "Release?" }, bot.headers);
  const byAdmin = await answer(reviewed.id, cara);
  refused(byAdmin, 403, "forbidden");
  assert.match(byAdmin.body.error_description, /reviewers of ENG/);
  refused(await answer(reviewed.id, undefined), 403, "forbidden");
  await stillOpen(reviewed.id);
  assert.equal(
    (await ok(a, "POST", `/v1/approvals/${reviewed.id}/answer`, { approve: true }, dan.headers)).status,
    "resolved",
  );

  // a person who asked as themselves never answers it, even as a reviewer; nor asks themselves
  const own = await ok(a, "POST", "/v1/issues/ENG-1/approvals", { question: "Self?" }, dan.headers);
  const self = await answer(own.id, dan);
  refused(self, 403, "forbidden");
  assert.match(self.body.error_description, /asked approval .* yourself/);
  await stillOpen(own.id);
  const mirror = await a.call(
    "POST",
    "/v1/issues/ENG-1/approvals",
    { question: "Me?", from: "dan@example.com" },
    dan.headers,
  );
  refused(mirror, 400, "invalid_request");
  assert.match(mirror.body.fields["body.from"], /is you/);
  // an agent's person answers what their agent asked (the agent asked; the person decides)
  await ok(a, "PATCH", "/v1/spaces/ENG", { reviewers: [] });
  const byBot = await ok(
    a,
    "POST",
    "/v1/issues/ENG-1/approvals",
    { question: "Go?", from: "ada@example.com" },
    bot.headers,
  );
  assert.equal(
    (await ok(a, "POST", `/v1/approvals/${byBot.id}/answer`, { approve: true })).status,
    "resolved",
  );
});

test("review policy person: an agent's move to done is 403 review_required and changes nothing; a person's succeeds", async (t) => {
  const { a, bob, bot } = await team(t);
  // only admins, as themselves, set it
  refused(
    await a.call("PATCH", "/v1/spaces/ENG", { done_requires: "person" }, bob.headers),
    403,
    "forbidden",
  );
  refused(
    await a.call("PATCH", "/v1/spaces/ENG", { done_requires: "anyone" }, bot.headers),
    403,
    "forbidden",
  );
  const bad = await a.call("PATCH", "/v1/spaces/ENG", { done_requires: "robots" });
  assert.match(bad.body.fields["body.done_requires"], /must be one of anyone, not_author, person/);
  refused(await a.call("PATCH", "/v1/spaces/NOPE", { done_requires: "person" }), 404, "not_found");
  const space = await ok(a, "PATCH", "/v1/spaces/eng", {
    done_requires: "person",
    reviewers: ["bob@example.com"],
  });
  assert.equal(space.done_requires, "person");
  assert.deepEqual(
    space.reviewers.map((r: { email: string }) => r.email),
    ["bob@example.com"],
  );
  assert.equal(space.reviewers_default, false);
  assert.equal((await ok(a, "GET", "/v1/spaces")).data[0].done_requires, "person");

  const before = await ok(a, "GET", "/v1/issues/ENG-1");
  const refusedDone = await a.call(
    "PATCH",
    "/v1/issues/ENG-1",
    { status: "done", title: "Renamed" },
    bot.headers,
  );
  refused(refusedDone, 403, "review_required");
  assert.match(refusedDone.body.error_description, /POST \/v1\/issues\/ENG-1\/approvals/);
  assert.deepEqual(refusedDone.body.review, {
    may_finish: "a person (not an agent connection)",
    ask: "POST /v1/issues/ENG-1/approvals",
    steps: [
      { method: "PATCH", path: "/v1/issues/ENG-1", body: { status: "in_review" } },
      { method: "POST", path: "/v1/issues/ENG-1/approvals", body: { mark_done: true } },
    ],
  });
  assert.match(refusedDone.body.error_description, /in_review.*mark_done/);
  const after = await ok(a, "GET", "/v1/issues/ENG-1");
  assert.deepEqual([after.version, after.status, after.title], [before.version, before.status, before.title]);
  const created = await a.call("POST", "/v1/issues", { title: "Done already", status: "done" }, bot.headers);
  refused(created, 403, "review_required");

  // the agent proposes: in_review tells the space's reviewers (Bob); a person marks it done
  await ok(a, "PATCH", "/v1/issues/ENG-1", { status: "in_review" }, bot.headers);
  const reviews = await ok(a, "GET", "/v1/inbox?kind=review", undefined, bob.headers);
  assert.deepEqual(
    reviews.data.map((n: { title: string }) => n.title),
    ["ENG-1: Login page"],
  );
  assert.equal((await ok(a, "GET", "/v1/inbox?kind=review")).data.length, 0, "Ada is not a reviewer here");
  const done = await ok(a, "PATCH", "/v1/issues/ENG-1", { status: "done" });
  assert.equal(done.status, "done");

  // back to the default reviewers: the admins
  const reset = await ok(a, "PATCH", "/v1/spaces/ENG", { reviewers: [] });
  assert.equal(reset.reviewers_default, true);
  assert.deepEqual(
    reset.reviewers.map((r: { email: string }) => r.email),
    ["ada@example.com", "cara@example.com"],
  );
});

test("review policy not_author with two people: whoever last changed the substance cannot mark it done; the other can", async (t) => {
  const { a, bob } = await team(t);
  await ok(a, "PATCH", "/v1/spaces/ENG", { done_requires: "not_author" });
  await ok(a, "PATCH", "/v1/issues/ENG-1", { description: "Ada wrote this" });
  const ada = await a.call("PATCH", "/v1/issues/ENG-1", { status: "done" });
  refused(ada, 403, "review_required");
  assert.match(ada.body.review.may_finish, /someone other than/);
  // Bob's status change is not substance: he may finish it
  await ok(a, "PATCH", "/v1/issues/ENG-1", { status: "in_review" }, bob.headers);
  const byBob = await ok(a, "PATCH", "/v1/issues/ENG-1", { status: "done" }, bob.headers);
  assert.equal(byBob.status, "done");

  // Bob reopens and rewrites it: now he is the author, and Ada may finish it
  await ok(a, "PATCH", "/v1/issues/ENG-1", { status: "todo", title: "Login page, rewritten" }, bob.headers);
  refused(await a.call("PATCH", "/v1/issues/ENG-1", { status: "done" }, bob.headers), 403, "review_required");
  // changing the substance and finishing in one write makes you the author
  refused(
    await a.call("PATCH", "/v1/issues/ENG-1", { status: "done", description: "edit" }),
    403,
    "review_required",
  );
  assert.equal((await ok(a, "PATCH", "/v1/issues/ENG-1", { status: "done" })).status, "done");
});

test("the bundle carries comments newest first; a token budget cuts the oldest first", async (t) => {
  const { a } = await team(t);
  for (let i = 1; i <= 30; i++) {
    await ok(a, "POST", "/v1/issues/ENG-1/comments", { body: `Comment ${i}: ${"words ".repeat(60)}` });
  }
  const full = await ok(a, "GET", "/v1/bundles/ENG-1");
  assert.equal(full.comments.length, 30);
  assert.match(full.comments[0].body, /^Comment 30:/);
  const cut = await ok(a, "GET", "/v1/bundles/ENG-1?max_tokens=1500");
  assert.ok(cut.comments.length > 0 && cut.comments.length < 30, `${cut.comments.length} kept`);
  assert.match(cut.comments[0].body, /^Comment 30:/, "the newest stay");
  const omitted = cut.omitted.find((o: { kind: string }) => o.kind === "comment");
  assert.equal(omitted.title, `${30 - cut.comments.length} older comments`);
  const md = await a.call("GET", "/v1/bundles/ENG-1?max_tokens=1500", undefined, { accept: "text/markdown" });
  assert.match(md.text, /## Comments \(newest first\)/);
  assert.match(md.text, /older comments of ENG-1/);
});

test("over real HTTP: an agent asks, waits on its stream, and sees approval.resolved when a person answers", async (t) => {
  const database = await createTestDatabase();
  const server = await startServer(testConfig(database.url));
  t.after(async () => {
    await server.close();
    await database.drop();
  });
  const ada = await seed(server.core);
  const bot = await agent(server.core, ada.workspaceId, ada.personId, "waiter");
  const post = async (path: string, body: unknown, token: string) => {
    const res = await checkedFetch(`${server.address}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) };
  };
  assert.equal((await post("/v1/issues", { title: "Ship it" }, bot.token)).status, 201);
  const asked = await post("/v1/issues/ENG-1/approvals", { question: "Release?" }, bot.token);
  assert.equal(asked.status, 201);

  const controller = new AbortController();
  t.after(() => controller.abort());
  const stream = await fetch(
    `${server.address}/v1/events/stream?type=approval.resolved&object=${asked.body.id}`,
    {
      headers: { authorization: `Bearer ${bot.token}`, accept: "text/event-stream" },
      signal: controller.signal,
    },
  );
  assert.equal(stream.status, 200);
  const seen = (async () => {
    let buffer = "";
    const decoder = new TextDecoder();
    for await (const chunk of stream.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      const line = buffer.split("\n").find((l) => l.startsWith("data: "));
      if (line) return JSON.parse(line.slice(6));
    }
    throw new Error("the stream ended");
  })();
  const refusedAnswer = await post(`/v1/approvals/${asked.body.id}/answer`, { approve: true }, bot.token);
  assert.equal(refusedAnswer.status, 403);
  const answer = await post(
    `/v1/approvals/${asked.body.id}/answer`,
    { approve: true, comment: "Go" },
    ada.token,
  );
  assert.equal(answer.status, 200);
  const event = await Promise.race([
    seen,
    new Promise((_, reject) => setTimeout(() => reject(new Error("no approval.resolved within 5 s")), 5000)),
  ]);
  const e = event as { type: string; object: { id: string }; data: { approved: boolean; comment: string } };
  assert.equal(e.type, "approval.resolved");
  assert.equal(e.object.id, asked.body.id);
  assert.deepEqual([e.data.approved, e.data.comment], [true, "Go"]);
  controller.abort();
});

test("a person's mail settings: off by default, set by the person (not an agent), bad values named", async (t) => {
  const { a, bot } = await team(t);
  assert.deepEqual(await ok(a, "GET", "/v1/inbox/settings"), { email: "off", address: "ada@example.com" });
  assert.equal((await ok(a, "PATCH", "/v1/inbox/settings", { email: "daily" })).email, "daily");
  refused(await a.call("PATCH", "/v1/inbox/settings", { email: "off" }, bot.headers), 403, "forbidden");
  const bad = await a.call("PATCH", "/v1/inbox/settings", { email: "hourly" });
  assert.match(bad.body.fields["body.email"], /off, immediate, daily/);
  assert.equal((await ok(a, "GET", "/v1/inbox/settings")).email, "daily");
});
