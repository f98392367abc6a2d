import assert from "node:assert/strict";
import { test } from "node:test";
import { createInvitation } from "../../../src/auth/invitations.ts";
import { updateWorkspaceSettings } from "../../../src/auth/team.ts";
import { addMember } from "../../../src/auth/workspaces.ts";
import { seed } from "../../support.ts";
import { assertLabelled, csrfOf, signIn, type Web, type WebClient, web } from "./web.ts";

async function invite(w: Web, email: string, role: "admin" | "member" = "member") {
  const s = await seed(w.core);
  const { invitation } = await createInvitation(
    w.core,
    { workspaceId: s.workspaceId, personId: s.personId, isAgent: false },
    { email, role },
  );
  return { ...s, path: new URL(invitation.url).pathname + new URL(invitation.url).search };
}

/** Signs in from a page that needs it, accepts the Terms, and lands back on `returnTo`. */
async function signUp(w: Web, email: string, returnTo: string): Promise<WebClient> {
  const { client, answer } = await signIn(w, email, returnTo);
  assert.equal(answer.location, `/welcome?return_to=${encodeURIComponent(returnTo)}`);
  const welcome = await client.get(answer.location!);
  const ok = await client.post("/welcome", {
    csrf: csrfOf(welcome.body),
    return_to: returnTo,
    accept_terms: "yes",
  });
  assert.equal(ok.status, 303, ok.body);
  assert.equal(ok.location, returnTo);
  return client;
}

test("an invitation's link: who invites to what, sign up with the address, Join, and the workspace's issues; once", async (t) => {
  const w = await web(t);
  const { path } = await invite(w, "grace@example.com", "admin");
  const anonymous = await w.client().get(path);
  assert.equal(anonymous.status, 200);
  assert.match(
    anonymous.body,
    /<strong>Ada<\/strong> invited you to join <strong>acme<\/strong> on Docket as an admin/,
  );
  assert.match(anonymous.body, /g\*\*\*@e\*\*\*\.com/, "the address, masked");
  assert.ok(anonymous.body.includes(`href="/sign-in?return_to=${encodeURIComponent(path)}`));
  assert.ok(!anonymous.body.includes("<script"));

  const client = await signUp(w, "grace@example.com", path);
  const shown = await client.get(path);
  assert.equal(shown.status, 200);
  assertLabelled(shown.body);
  assert.match(shown.body, /<button type="submit">Join acme<\/button>/);
  const token = new URLSearchParams(path.split("?")[1]).get("token")!;
  const joined = await client.post("/invite", { csrf: csrfOf(shown.body), token });
  assert.equal(joined.status, 303, joined.body);
  assert.equal(joined.location, "/acme/issues");
  const membership = await w.core.db
    .selectFrom("memberships as m")
    .innerJoin("people as p", "p.id", "m.person_id")
    .select("m.role")
    .where("p.email", "=", "grace@example.com")
    .executeTakeFirstOrThrow();
  assert.equal(membership.role, "admin");

  const again = await client.get(path);
  assert.equal(again.status, 410);
  assert.match(again.body, /already been used/);
  const reused = await client.post("/invite", { csrf: csrfOf(shown.body), token });
  assert.equal(reused.status, 410);
});

test("an invitation's link, signed in as someone else: explained, nothing joined; a forged form is refused", async (t) => {
  const w = await web(t);
  const { path } = await invite(w, "grace@example.com");
  const client = await signUp(w, "mallory@example.com", "/settings");
  const shown = await client.get(path);
  assert.equal(shown.status, 403);
  assert.match(shown.body, /sent to g\*\*\*@e\*\*\*\.com; you are signed in as mallory@example\.com/);
  const token = new URLSearchParams(path.split("?")[1]).get("token")!;
  const tried = await client.post("/invite", { csrf: csrfOf(shown.body), token });
  assert.equal(tried.status, 403);
  const forged = await client.post(
    "/invite",
    { csrf: csrfOf(shown.body), token },
    { origin: "https://evil.example" },
  );
  assert.equal(forged.status, 403);
  const rows = await w.core.db.selectFrom("memberships").select("person_id").execute();
  assert.equal(rows.length, 1, "only the Owner");
  const unknown = await client.get("/invite?token=docket_inv_forged");
  assert.equal(unknown.status, 410);
  assert.match(unknown.body, /not valid/);
});

test("/join: a verified address in an allowed domain joins as a member; other domains are told to ask for an invitation", async (t) => {
  const w = await web(t);
  const s = await seed(w.core);
  await updateWorkspaceSettings(
    w.core,
    { workspaceId: s.workspaceId, personId: s.personId, isAgent: false },
    { allowed_domains: ["example.com"] },
  );
  const outsider = await signUp(w, "eve@elsewhere.org", "/join");
  const none = await outsider.get("/join");
  assert.equal(none.status, 200);
  assert.match(none.body, /No workspace lets people at <strong>elsewhere\.org<\/strong> join/);
  const refused = await outsider.post("/join", { csrf: csrfOf(none.body), workspace: "acme" });
  assert.equal(refused.status, 403);
  assert.match(refused.body, /ask its admins for an invitation/);

  const client = await signUp(w, "hal@example.com", "/join");
  const open = await client.get("/join");
  assertLabelled(open.body);
  assert.match(open.body, /aria-label="Join acme"/);
  const joined = await client.post("/join", { csrf: csrfOf(open.body), workspace: "acme" });
  assert.equal(joined.status, 303, joined.body);
  assert.equal(joined.location, "/acme/issues");
  const twice = await client.post("/join", { csrf: csrfOf(open.body), workspace: "acme" });
  assert.equal(twice.status, 409);
  const after = await client.get("/join");
  assert.ok(!after.body.includes('aria-label="Join acme"'), "a member is not offered it again");
  const settings = await client.get("/settings");
  assert.match(
    settings.body,
    /<a href="\/acme\/issues">acme<\/a>.*<a href="\/acme\/settings\/members">Members<\/a>/,
  );
  const before = await outsider.get("/settings");
  assert.match(before.body, /not a member of any workspace yet\. <a href="\/join">Join one<\/a>/);
});

test("first run (DOCKET_FIRST_RUN=open): the sign-in page says so; the first person creates the first workspace, once", async (t) => {
  const w = await web(t, { DOCKET_FIRST_RUN: "open" });
  const signInPage = await w.client().get("/sign-in");
  assert.match(signInPage.body, /This Docket has no workspace yet: the first person to sign in creates it\./);
  const first = await signUp(w, "ada@example.com", "/join");
  const form = await first.get("/join");
  assertLabelled(form.body);
  assert.match(form.body, /<label for="workspace-name">Workspace name<\/label>/);
  const empty = await first.post("/join/first", { csrf: csrfOf(form.body), name: "  " });
  assert.equal(empty.status, 400);
  assert.match(empty.body, /must not be empty/);
  const made = await first.post("/join/first", { csrf: csrfOf(form.body), name: "Acme Robotics" });
  assert.equal(made.status, 303, made.body);
  assert.equal(made.location, "/acme-robotics/issues");
  const ws = await w.core.db.selectFrom("workspaces").selectAll().executeTakeFirstOrThrow();
  const owner = await w.core.db
    .selectFrom("people")
    .select("id")
    .where("email", "=", "ada@example.com")
    .executeTakeFirstOrThrow();
  assert.equal(ws.owner_id, owner.id);
  const space = await w.core.db.selectFrom("spaces").select(["name", "prefix"]).executeTakeFirstOrThrow();
  assert.deepEqual(space, { name: "General", prefix: "ACM" });

  // over: the sign-in page no longer says so, and a second person cannot make another
  assert.ok(!(await w.client().get("/sign-in")).body.includes("no workspace yet"));
  const second = await signUp(w, "bob@example.com", "/join");
  const page = await second.get("/join");
  assert.ok(!page.body.includes("workspace-name"));
  const refused = await second.post("/join/first", { csrf: csrfOf(page.body), name: "Mine" });
  assert.equal(refused.status, 409);
  assert.match(refused.body, /already has a workspace; ask its admins to invite you/);
  assert.equal((await w.core.db.selectFrom("workspaces").select("id").execute()).length, 1);
});

test("first run closed (DOCKET_FIRST_RUN=closed): no note, no form, and a forged post is refused", async (t) => {
  const w = await web(t, { DOCKET_FIRST_RUN: "closed" });
  assert.ok(!(await w.client().get("/sign-in")).body.includes("no workspace yet"));
  const client = await signUp(w, "ada@example.com", "/join");
  const page = await client.get("/join");
  assert.ok(!page.body.includes("workspace-name"));
  const refused = await client.post("/join/first", { csrf: csrfOf(page.body), name: "Acme" });
  assert.equal(refused.status, 403);
  assert.match(refused.body, /DOCKET_FIRST_RUN=closed/);
  assert.equal((await w.core.db.selectFrom("workspaces").select("id").execute()).length, 0);
});

test("PATCH /v1/me with the session cookie works for a person of no workspace yet, with the CSRF guard", async (t) => {
  const w = await web(t, { DOCKET_FIRST_RUN: "closed" });
  const client = await signUp(w, "hal@example.com", "/join");
  const me = JSON.parse((await client.get("/v1/me")).body);
  assert.equal(me.workspace, null);
  const origin = new URL(w.core.config.baseUrl).origin;
  const send = (headers: Record<string, string>) =>
    w.app.inject({
      method: "PATCH",
      url: "/v1/me",
      headers: {
        cookie: `docket_session=${client.cookie}`,
        "content-type": "application/json",
        origin,
        ...headers,
      },
      payload: JSON.stringify({ name: "Hal Abelson" }),
    });
  const refused = await send({});
  assert.equal(refused.statusCode, 403);
  assert.equal(JSON.parse(refused.body).error, "csrf_refused");
  const ok = await send({ "x-csrf-token": me.csrf_token });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(JSON.parse(ok.body).name, "Hal Abelson");
  assert.equal(JSON.parse((await client.get("/v1/me")).body).person.name, "Hal Abelson");
});

test("an invitation's link for someone who became a member meanwhile: says so and opens the workspace", async (t) => {
  const w = await web(t);
  const { path } = await invite(w, "dan@example.com");
  const client = await signUp(w, "dan@example.com", "/settings");
  await addMember(w.core, { workspace: "acme", email: "dan@example.com" });
  const page = await client.get(path);
  assert.equal(page.status, 200);
  assert.match(page.body, /You are already a member of acme\./);
  assert.match(page.body, /<a class="button" href="\/acme\/issues">Open acme<\/a>/);
  assert.ok(!page.body.includes('action="/invite"'), "no Join form");
});
