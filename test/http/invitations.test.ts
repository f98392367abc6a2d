import assert from "node:assert/strict";
import { test } from "node:test";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { acceptInvitation, INVITATIONS_PER_WORKSPACE_PER_HOUR } from "../../src/auth/invitations.ts";
import { createPerson } from "../../src/auth/people.ts";
import { createFirstWorkspace } from "../../src/auth/team.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { addMember, createWorkspace } from "../../src/auth/workspaces.ts";
import { DAY, MINUTE } from "../../src/clock.ts";
import type { Person } from "../../src/db/schema.ts";
import { type Api, type ApiCall, api, bearer } from "../support.ts";

/** A person added to acme with `role`, and a token of theirs. */
async function member(a: Api, email: string, role: "admin" | "member" = "member") {
  const p = await createPerson(a.env.core, { email, name: email.split("@")[0]! });
  await addMember(a.env.core, { workspace: "acme", email, role });
  const pat = await mintPat(a.env.core, { workspace: "acme", email, name: "t" });
  return { id: p.id, email, headers: bearer(pat.token) };
}

async function agentOf(a: Api, personId: string) {
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

async function verifiedPerson(a: Api, email: string): Promise<Person> {
  await createPerson(a.env.core, { email, name: "Newcomer" });
  await a.env.core.db
    .updateTable("people")
    .set({ email_verified_at: a.env.clock.now().toISOString() })
    .where("email", "=", email)
    .execute();
  return a.env.core.db.selectFrom("people").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
}

function refused(res: ApiCall, status: number, code: string) {
  assert.equal(res.status, status, res.text);
  assert.equal(res.body.error, code, res.text);
}

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

test("invitations: created by an admin, listed while pending, accepted once by the invited address with its role", async (t) => {
  const a = await api(t);
  const res = await a.call("POST", "/v1/invitations", { email: " Grace@Example.com ", role: "admin" });
  assert.equal(res.status, 201, res.text);
  assert.equal(res.body.email, "grace@example.com");
  assert.equal(res.body.role, "admin");
  assert.equal(res.body.status, "pending");
  assert.equal(res.body.emailed, false, "no SMTP here: the link went to the log");
  assert.equal(res.body.invited_by.id, a.personId);
  assert.equal(
    new Date(res.body.expires_at).getTime() - a.env.clock.now().getTime(),
    7 * DAY,
    "an invitation lasts 7 days",
  );
  assert.match(res.body.url, /^http:\/\/localhost:\d+\/invite\?token=docket_inv_[A-Za-z0-9_-]{43}$/);
  const token = tokenOf(res.body.url);

  const stored = await a.env.core.db.selectFrom("invitations").selectAll().executeTakeFirstOrThrow();
  assert.notEqual(stored.token_hash, token, "the token is stored hashed");
  assert.ok(!JSON.stringify(stored).includes(token.slice(11)));

  const list = await a.call("GET", "/v1/invitations");
  assert.equal(list.status, 200, list.text);
  assert.deepEqual(
    list.body.data.map((i: { email: string }) => i.email),
    ["grace@example.com"],
  );
  assert.equal(list.body.data[0].url, undefined, "the link is never shown again");

  const grace = await verifiedPerson(a, "grace@example.com");
  const joined = await acceptInvitation(a.env.core, token, grace);
  assert.equal(joined.workspace.slug, "acme");
  const members = await a.call("GET", "/v1/members?q=grace");
  assert.equal(members.body.data[0].role, "admin");
  assert.equal((await a.call("GET", "/v1/invitations")).body.data.length, 0, "accepted: no longer pending");

  // reused: the link works once
  await assert.rejects(acceptInvitation(a.env.core, token, grace), {
    status: 410,
    code: "invitation_accepted",
  });
  // revoking an accepted invitation is refused
  refused(await a.call("DELETE", `/v1/invitations/${stored.id}`), 409, "conflict");
  // and the address is now a member's
  refused(await a.call("POST", "/v1/invitations", { email: "grace@example.com" }), 409, "already_member");
});

test("invitations: expire after 7 days (not before), and revoked ones stop working", async (t) => {
  const a = await api(t);
  const first = await a.call("POST", "/v1/invitations", { email: "lin@example.com" });
  assert.equal(first.status, 201, first.text);
  assert.equal(first.body.role, "member", "member by default");
  const lin = await verifiedPerson(a, "lin@example.com");

  a.env.clock.advance(7 * DAY - MINUTE);
  assert.equal((await a.call("GET", "/v1/invitations")).body.data.length, 1, "still pending a minute before");
  a.env.clock.advance(MINUTE);
  assert.equal((await a.call("GET", "/v1/invitations")).body.data.length, 0, "expired at 7 days");
  await assert.rejects(acceptInvitation(a.env.core, tokenOf(first.body.url), lin), {
    status: 410,
    code: "invitation_expired",
  });

  const second = await a.call("POST", "/v1/invitations", { email: "lin@example.com" });
  const revoked = await a.call("DELETE", `/v1/invitations/${second.body.id}`);
  assert.equal(revoked.status, 200, revoked.text);
  assert.equal(revoked.body.status, "revoked");
  const again = await a.call("DELETE", `/v1/invitations/${second.body.id}`);
  assert.equal(again.status, 200, "revoking a revoked one changes nothing");
  assert.equal(again.body.revoked_at, revoked.body.revoked_at);
  await assert.rejects(acceptInvitation(a.env.core, tokenOf(second.body.url), lin), {
    status: 410,
    code: "invitation_revoked",
  });

  // inviting again replaces a pending invitation: the earlier link stops working
  const third = await a.call("POST", "/v1/invitations", { email: "lin@example.com" });
  const fourth = await a.call("POST", "/v1/invitations", { email: "lin@example.com" });
  await assert.rejects(acceptInvitation(a.env.core, tokenOf(third.body.url), lin), {
    code: "invitation_revoked",
  });
  await assert.rejects(acceptInvitation(a.env.core, "docket_inv_nothing", lin), {
    code: "invitation_unknown",
  });
  const ok = await acceptInvitation(a.env.core, tokenOf(fourth.body.url), lin);
  assert.equal(ok.role, "member");
});

test("invitations: only admins, as themselves; another workspace's are not found; the wrong account is refused", async (t) => {
  const a = await api(t);
  const bob = await member(a, "bob@example.com");
  const cy = await member(a, "cy@example.com", "admin");

  refused(await a.call("POST", "/v1/invitations", { email: "x@example.com" }, bob.headers), 403, "forbidden");
  refused(await a.call("GET", "/v1/invitations", undefined, bob.headers), 403, "forbidden");
  const byAdmin = await a.call("POST", "/v1/invitations", { email: "x@example.com" }, cy.headers);
  assert.equal(byAdmin.status, 201, byAdmin.text);
  refused(
    await a.call("DELETE", `/v1/invitations/${byAdmin.body.id}`, undefined, bob.headers),
    403,
    "forbidden",
  );
  // an agent may not invite, even the Owner's
  const agent = await agentOf(a, a.personId);
  refused(
    await a.call("POST", "/v1/invitations", { email: "y@example.com" }, agent.headers),
    403,
    "forbidden",
  );
  // bad input
  refused(await a.call("POST", "/v1/invitations", { email: "not an address" }), 400, "invalid_request");
  refused(
    await a.call("POST", "/v1/invitations", { email: "z@example.com", role: "owner" }),
    400,
    "invalid_request",
  );
  // the Owner's own address is a member's
  refused(await a.call("POST", "/v1/invitations", { email: "ada@example.com" }), 409, "already_member");

  // another workspace: its Owner sees none of acme's invitations and cannot revoke them
  await createPerson(a.env.core, { email: "olga@example.com", name: "Olga" });
  await createWorkspace(a.env.core, {
    name: "Other",
    slug: "other",
    owner_email: "olga@example.com",
    space_prefix: "OT",
  });
  const olga = bearer(
    (await mintPat(a.env.core, { workspace: "other", email: "olga@example.com", name: "t" })).token,
  );
  refused(await a.call("DELETE", `/v1/invitations/${byAdmin.body.id}`, undefined, olga), 404, "not_found");
  assert.deepEqual((await a.call("GET", "/v1/invitations", undefined, olga)).body.data, []);

  // the invitation is accepted only by the invited address
  const other = await verifiedPerson(a, "mallory@example.com");
  await assert.rejects(acceptInvitation(a.env.core, tokenOf(byAdmin.body.url), other), {
    status: 403,
    code: "wrong_account",
  });
  // an invitation for someone who is a member by then: nothing changes
  const inv = await a.call("POST", "/v1/invitations", { email: "dan@example.com" });
  const dan = await verifiedPerson(a, "dan@example.com");
  await addMember(a.env.core, { workspace: "acme", email: "dan@example.com" });
  await assert.rejects(acceptInvitation(a.env.core, tokenOf(inv.body.url), dan), {
    status: 409,
    code: "already_member",
  });
});

test(`invitations: ${INVITATIONS_PER_WORKSPACE_PER_HOUR} an hour per workspace, the next refused`, async (t) => {
  const a = await api(t);
  for (let i = 0; i < INVITATIONS_PER_WORKSPACE_PER_HOUR; i++) {
    const res = await a.call("POST", "/v1/invitations", { email: `p${i}@example.com` });
    assert.equal(res.status, 201, res.text);
  }
  const over = await a.call("POST", "/v1/invitations", { email: "late@example.com" });
  refused(over, 429, "rate_limited");
  assert.ok(Number(over.headers["retry-after"]) > 0);
  const page = await a.call("GET", "/v1/invitations?limit=20");
  assert.equal(page.body.data.length, 20);
  assert.ok(page.body.next_cursor, "paginated");
});

test("members: roles changed and people removed by admins; the Owner neither; ownership transferred by the Owner only", async (t) => {
  const a = await api(t);
  const bob = await member(a, "bob@example.com");
  const cy = await member(a, "cy@example.com", "admin");

  refused(await a.call("PATCH", `/v1/members/${cy.id}`, { role: "member" }, bob.headers), 403, "forbidden");
  const promoted = await a.call("PATCH", `/v1/members/${bob.id}`, { role: "admin" }, cy.headers);
  assert.equal(promoted.status, 200, promoted.text);
  assert.equal(promoted.body.role, "admin");
  refused(
    await a.call("PATCH", `/v1/members/${a.personId}`, { role: "member" }, cy.headers),
    409,
    "conflict",
  );
  refused(await a.call("PATCH", `/v1/members/${bob.id}`, { role: "owner" }), 400, "invalid_request");
  refused(await a.call("PATCH", "/v1/members/usr_nobody", { role: "admin" }), 404, "not_found");
  refused(await a.call("DELETE", `/v1/members/${a.personId}`, undefined, cy.headers), 409, "conflict");
  const agent = await agentOf(a, a.personId);
  refused(await a.call("DELETE", `/v1/members/${bob.id}`, undefined, agent.headers), 403, "forbidden");
  refused(
    await a.call("PATCH", `/v1/members/${bob.id}`, { role: "member" }, agent.headers),
    403,
    "forbidden",
  );

  // transfer: not by an admin; to a member; the former Owner becomes an admin
  refused(await a.call("POST", "/v1/workspace/transfer", { person_id: cy.id }, cy.headers), 403, "forbidden");
  refused(await a.call("POST", "/v1/workspace/transfer", { person_id: a.personId }), 409, "conflict");
  const moved = await a.call("POST", "/v1/workspace/transfer", { person_id: cy.id });
  assert.equal(moved.status, 200, moved.text);
  assert.equal(moved.body.owner.person_id, cy.id);
  assert.equal(moved.body.previous_owner.role, "admin");
  assert.equal((await a.call("GET", "/v1/workspace/settings")).body.owner_id, cy.id);

  // removal by an admin ends the person's tokens
  const removed = await a.call("DELETE", `/v1/members/${bob.id}`, undefined, cy.headers);
  assert.equal(removed.status, 200, removed.text);
  assert.equal((await a.call("GET", "/v1/me", undefined, bob.headers)).status, 401);
  // a member may leave
  const dee = await member(a, "dee@example.com");
  assert.equal((await a.call("DELETE", `/v1/members/${dee.id}`, undefined, dee.headers)).status, 200);
});

test("workspace settings: allowed domains set by admins, validated; a verified address there may join", async (t) => {
  const a = await api(t);
  const bob = await member(a, "bob@example.com");
  refused(
    await a.call("PATCH", "/v1/workspace", { allowed_domains: ["example.com"] }, bob.headers),
    403,
    "forbidden",
  );
  refused(await a.call("PATCH", "/v1/workspace", { allowed_domains: ["gmail.com"] }), 400, "invalid_request");
  refused(
    await a.call("PATCH", "/v1/workspace", { allowed_domains: ["not a domain"] }),
    400,
    "invalid_request",
  );
  refused(await a.call("PATCH", "/v1/workspace", {}), 400, "invalid_request");
  const twenty = Array.from({ length: 20 }, (_, i) => `d${i}.example.com`);
  assert.equal((await a.call("PATCH", "/v1/workspace", { allowed_domains: twenty })).status, 200);
  refused(
    await a.call("PATCH", "/v1/workspace", { allowed_domains: [...twenty, "d20.example.com"] }),
    400,
    "invalid_request",
  );
  const set = await a.call("PATCH", "/v1/workspace", {
    allowed_domains: ["Acme.Example.com", "acme.example.com"],
  });
  assert.equal(set.status, 200, set.text);
  assert.deepEqual(set.body.allowed_domains, ["acme.example.com"]);
});

test("profile: PATCH /v1/me changes your name; an agent may not", async (t) => {
  const a = await api(t);
  const res = await a.call("PATCH", "/v1/me", { name: "  Ada King " });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.name, "Ada King");
  assert.equal((await a.call("GET", "/v1/me")).body.person.name, "Ada King");
  refused(await a.call("PATCH", "/v1/me", { name: "" }), 400, "invalid_request");
  refused(await a.call("PATCH", "/v1/me", { name: "x".repeat(101) }), 400, "invalid_request");
  assert.equal((await a.call("PATCH", "/v1/me", { name: "x".repeat(100) })).status, 200);
  const agent = await agentOf(a, a.personId);
  refused(await a.call("PATCH", "/v1/me", { name: "Agent" }, agent.headers), 403, "forbidden");
});

test("races: two accepts of one invitation join once; two first runs make one workspace", async (t) => {
  const a = await api(t, { DOCKET_FIRST_RUN: "open" });
  const res = await a.call("POST", "/v1/invitations", { email: "grace@example.com" });
  const grace = await verifiedPerson(a, "grace@example.com");
  const both = await Promise.allSettled([
    acceptInvitation(a.env.core, tokenOf(res.body.url), grace),
    acceptInvitation(a.env.core, tokenOf(res.body.url), grace),
  ]);
  assert.equal(both.filter((r) => r.status === "fulfilled").length, 1);
  const lost = both.find((r) => r.status === "rejected") as PromiseRejectedResult;
  assert.match(lost.reason.code, /^(invitation_accepted|already_member)$/);
  const rows = await a.env.core.db
    .selectFrom("memberships")
    .select("person_id")
    .where("person_id", "=", grace.id)
    .execute();
  assert.equal(rows.length, 1);

  // first run: a workspace exists here (acme), so it is over; on an empty installation two make one
  await assert.rejects(createFirstWorkspace(a.env.core, grace, { name: "Mine" }), {
    status: 409,
    code: "first_run_over",
  });
  await a.env.core.db.deleteFrom("workspaces").execute();
  const made = await Promise.allSettled([
    createFirstWorkspace(a.env.core, grace, { name: "One" }),
    createFirstWorkspace(a.env.core, { id: a.personId, email: "ada@example.com" }, { name: "Two" }),
  ]);
  assert.equal(made.filter((r) => r.status === "fulfilled").length, 1);
  assert.equal((await a.env.core.db.selectFrom("workspaces").select("id").execute()).length, 1);
});
