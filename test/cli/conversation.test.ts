import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { addMember } from "../../src/auth/workspaces.ts";
import { cleanEnv, docket, type Outcome, type Service, startService } from "./support.ts";

let service: Service;
let agentEnv: Record<string, string>;
let adaEnv: Record<string, string>;

before(async () => {
  service = await startService();
  const core = await service.core();
  const acme = await core.db
    .selectFrom("workspaces")
    .select("id")
    .where("slug", "=", "acme")
    .executeTakeFirstOrThrow();
  const ada = await core.db
    .selectFrom("people")
    .select("id")
    .where("email", "=", "ada@example.com")
    .executeTakeFirstOrThrow();
  await addMember(core, { workspace: "acme", email: "bob@example.com" });
  const connection = await createConnection(core, {
    kind: "agent",
    workspaceId: acme.id,
    personId: ada.id,
    name: "builder",
    scopes: ["workspace.read", "workspace.write"],
  });
  const { access_token } = await issueAccessToken(core, connection);
  agentEnv = { DOCKET_URL: service.url, DOCKET_TOKEN: access_token };
  adaEnv = { DOCKET_URL: service.url, DOCKET_TOKEN: service.token };
});
after(() => service?.stop());

const run = (args: string[], env: Record<string, string>, input?: string) =>
  docket(args, { env: { ...cleanEnv(), ...env } as never, ...(input !== undefined ? { input } : {}) });

function expectCode(r: Outcome, code: number): void {
  assert.equal(r.code, code, `exit ${r.code}, expected ${code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
async function json(args: string[], env: Record<string, string>, input?: string): Promise<any> {
  const r = await run([...args, "--json"], env, input);
  expectCode(r, 0);
  return JSON.parse(r.stdout);
}

test("docket comment (words or --body-file -), comments in issues show, edit and delete, the inbox", async () => {
  await json(["issues", "create", "--title", "Checkout"], adaEnv);
  const said = await run(["comment", "ENG-1", "Started", "on", "it,", "@bob@example.com"], agentEnv);
  expectCode(said, 0);
  assert.match(said.stdout, /^Commented on ENG-1 \(cmt_[0-9A-Z]{26}\)\.$/m);
  const piped = await json(["comment", "ENG-1", "--body-file", "-"], adaEnv, "Line one\n\nLine **two**\n");
  assert.equal(piped.body, "Line one\n\nLine **two**\n");
  const first = (await json(["comments", "list", "ENG-1"], adaEnv)).data[0];
  const reply = await json(["comment", "ENG-1", "--reply-to", first.id, "Thanks"], adaEnv);
  assert.equal(reply.parent_id, first.id);

  const shown = await run(["issues", "show", "ENG-1"], { ...adaEnv, NO_COLOR: "1" });
  expectCode(shown, 0);
  assert.match(shown.stdout, /Comments \(2\)/);
  assert.match(shown.stdout, /builder \(for Ada Lovelace\) .*\n {2}Started on it, @bob@example\.com/);
  assert.match(shown.stdout, /\n {4}Ada Lovelace .*\n {6}Thanks/, "a reply is indented under its comment");
  const shownJson = await json(["issues", "show", "ENG-1"], adaEnv);
  assert.equal(shownJson.identifier, "ENG-1");
  assert.equal(shownJson.comments.length, 2);

  const edited = await json(["comments", "edit", piped.id, "Rewritten"], adaEnv);
  assert.equal(edited.history[0].body, "Line one\n\nLine **two**\n");
  const notMine = await run(["comments", "edit", first.id, "Mine now"], {
    DOCKET_URL: service.url,
    DOCKET_TOKEN: service.otherToken,
  });
  assert.notEqual(notMine.code, 0, "Bob's token of another workspace does not even see it");
  const deleted = await run(["comments", "delete", reply.id], adaEnv);
  expectCode(deleted, 0);
  const none = await run(["comment", "ENG-1"], adaEnv);
  expectCode(none, 2);
  assert.match(none.stderr, /no text/);

  // Ada's inbox: her agent mentioned nobody of hers; an approval asked by her agent is there
  const asked = await json(["approvals", "request", "ENG-1", "--question", "Ship?"], agentEnv);
  const inbox = await json(["inbox", "list", "--unread"], adaEnv);
  assert.equal(inbox.unread_count, 1);
  assert.equal(inbox.data[0].kind, "approval");
  const listed = await run(["inbox", "list"], { ...adaEnv, NO_COLOR: "1" });
  assert.match(listed.stdout, /^1 unread\./);
  assert.match(listed.stdout, /approval\s+ENG-1: Checkout\s+builder \(for Ada Lovelace\)/);
  const refusedAgent = await run(["approvals", "answer", asked.id, "--approve"], agentEnv);
  expectCode(refusedAgent, 1);
  assert.match(refusedAgent.stderr, /Only a person answers/);
  const answered = await json(["approvals", "answer", asked.id, "--reject", "--comment", "Not yet"], adaEnv);
  assert.deepEqual([answered.answer, answered.approved], ["reject", false]);
  const show = await run(["approvals", "show", asked.id], adaEnv);
  assert.match(show.stdout, /Answer: reject by Ada Lovelace/);
  assert.equal((await json(["inbox", "list", "--unread"], adaEnv)).unread_count, 0);
  const readAll = await json(["inbox", "read", "--all"], adaEnv);
  assert.equal(readAll.unread_count, 0);
});

test("docket admin spaces set-policy: person; the agent's done is refused with review_required", async () => {
  const admin = await run(
    ["admin", "spaces", "set-policy", "--workspace", "acme", "--prefix", "ENG", "--done-requires", "person"],
    { DATABASE_URL: service.databaseUrl, LOG_LEVEL: "silent" },
  );
  expectCode(admin, 0);
  assert.match(
    admin.stdout,
    /Space ENG: done requires person; reviewers ada@example\.com \(the workspace's admins\)/,
  );
  const bad = await run(
    ["admin", "spaces", "set-policy", "--workspace", "acme", "--prefix", "ENG", "--done-requires", "robots"],
    { DATABASE_URL: service.databaseUrl, LOG_LEVEL: "silent" },
  );
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /done_requires: must be one of anyone, not_author, person/);

  await json(["issues", "create", "--title", "Gated"], adaEnv);
  const refused = await run(["issues", "update", "ENG-2", "--status", "done"], agentEnv);
  expectCode(refused, 1);
  assert.match(refused.stderr, /review_required/);
  assert.match(refused.stderr, /POST \/v1\/issues\/ENG-2\/approvals \{"mark_done": true\}/);
  // the agent finishes the way the refusal says: in_review, then a mark_done approval Ada grants
  await json(["issues", "update", "ENG-2", "--status", "in_review"], agentEnv);
  const asked = await json(["approvals", "request", "ENG-2", "--mark-done"], agentEnv);
  assert.equal(asked.marks_done, true);
  assert.match(asked.question, /^Mark ENG-2 done\? Gated$/);
  await json(["approvals", "answer", asked.id, "--approve"], adaEnv);
  assert.equal((await json(["issues", "show", "ENG-2"], adaEnv)).status, "done");
});
