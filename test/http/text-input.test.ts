import assert from "node:assert/strict";
import { test } from "node:test";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { createPerson } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { addMember } from "../../src/auth/workspaces.ts";
import { type Api, api, bearer } from "../support.ts";

/**
 * U+0000 is refused wherever text enters (PostgreSQL cannot store it; SQLite would keep it), with 400
 * naming the field and nothing changed, on both stores; a lone surrogate is replaced by U+FFFD, so the
 * answer shows what either store keeps.
 */

const NUL = "a\u0000b";

async function ok(a: Api, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await a.call(method, url, body, headers);
  assert.ok(res.status === 200 || res.status === 201, `${method} ${url}: ${res.status} ${res.text}`);
  return res.body;
}

test("U+0000 in any text field is 400 naming the field, on every store, and nothing is written", async (t) => {
  const a = await api(t, { WEBHOOK_ALLOW_PRIVATE: "true" });
  await createPerson(a.env.core, { email: "bob@example.com", name: "Bob" });
  await addMember(a.env.core, { workspace: "acme", email: "bob@example.com", role: "member" });
  const bobToken = bearer(
    (await mintPat(a.env.core, { workspace: "acme", email: "bob@example.com", name: "t" })).token,
  );
  const connection = await createConnection(a.env.core, {
    kind: "agent",
    workspaceId: a.workspaceId,
    personId: a.personId,
    name: "Bot",
    scopes: ["workspace.read", "workspace.write"],
  });
  const bot = bearer((await issueAccessToken(a.env.core, connection)).access_token);
  await ok(a, "POST", "/v1/issues", { title: "Checkout" });
  const decision = await ok(a, "POST", "/v1/decisions", { title: "Use PostgreSQL" });
  const note = await ok(a, "POST", "/v1/notes", { title: "Runbook" });
  const comment = await ok(a, "POST", "/v1/issues/ENG-1/comments", { body: "Fine" });
  const approval = await ok(
    a,
    "POST",
    "/v1/issues/ENG-1/approvals",
    { question: "Ship?", from: "bob@example.com" },
    bot,
  );
  const hook = await ok(a, "POST", "/v1/webhooks", { url: "http://127.0.0.1:9/hook", events: ["*"] });
  const before = await a.env.core.db
    .selectFrom("activity")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();

  const cases: [string, string, unknown, string, Record<string, string>?][] = [
    ["POST", "/v1/issues", { title: "New", description: NUL }, "body.description"],
    ["POST", "/v1/issues", { title: "New", labels: ["ok", NUL] }, "body.labels[1]"],
    ["PATCH", "/v1/issues/ENG-1", { description: NUL }, "body.description"],
    ["POST", "/v1/decisions", { title: "D", context: NUL }, "body.context"],
    ["PATCH", `/v1/decisions/${decision.id}`, { decision: NUL }, "body.decision"],
    ["PATCH", `/v1/decisions/${decision.id}`, { consequences: NUL }, "body.consequences"],
    ["POST", "/v1/notes", { title: "N", body: NUL }, "body.body"],
    ["PATCH", `/v1/notes/${note.id}`, { body: NUL }, "body.body"],
    ["POST", "/v1/issues/ENG-1/comments", { body: NUL }, "body.body"],
    ["PATCH", `/v1/comments/${comment.id}`, { body: NUL }, "body.body"],
    ["POST", "/v1/issues/ENG-1/approvals", { question: NUL }, "body.question"],
    [
      "POST",
      `/v1/approvals/${approval.id}/answer`,
      { approve: true, comment: NUL },
      "body.comment",
      bobToken,
    ],
    [
      "POST",
      "/v1/webhooks",
      { url: "http://127.0.0.1:9/x", events: ["*"], description: NUL },
      "body.description",
    ],
    ["PATCH", `/v1/webhooks/${hook.id}`, { description: NUL }, "body.description"],
    ["GET", `/v1/search?q=${encodeURIComponent(NUL)}`, undefined, "query.q"],
    ["GET", `/v1/issues?label=${encodeURIComponent(NUL)}`, undefined, "query.label"],
  ];
  for (const [method, url, body, field, headers] of cases) {
    const res = await a.call(method, url, body, headers);
    assert.equal(res.status, 400, `${method} ${url} ${field}: ${res.status} ${res.text}`);
    assert.equal(res.body.error, "invalid_request");
    assert.equal(res.body.fields[field], "must not contain the NUL character (U+0000)", res.text);
  }
  const after = await a.env.core.db
    .selectFrom("activity")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  assert.equal(Number(after.n), Number(before.n), "nothing was written");
  assert.equal((await ok(a, "GET", `/v1/approvals/${approval.id}`)).status, "open");
  assert.equal((await ok(a, "GET", "/v1/issues/ENG-1")).description, "");
});

test("a lone surrogate is replaced by U+FFFD: the answer and both stores keep the same text", async (t) => {
  const a = await api(t);
  // JSON can carry half of a UTF-16 pair; no UTF-8 text can hold it
  const raw = '{"title":"Lone \\ud800 half","description":"pair \\ud83d\\ude00 and lone \\udc00 end"}';
  const created = await ok(a, "POST", "/v1/issues", raw);
  assert.equal(created.title, "Lone \ufffd half");
  assert.equal(created.description, "pair \u{1F600} and lone \ufffd end");
  const read = await ok(a, "GET", `/v1/issues/${created.identifier}`);
  assert.equal(read.title, created.title);
  assert.equal(read.description, created.description);
});

test("JSON nested deeper than 64 levels is refused before it is read: 400 on /v1 (keyed or not), Parse error on MCP", async (t) => {
  const a = await api(t);
  const deep = `{"title":"x","labels":${"[".repeat(5000)}${"]".repeat(5000)}}`;
  for (const headers of [{}, { "idempotency-key": "deep-one" }] as Record<string, string>[]) {
    const res = await a.call("POST", "/v1/issues", deep, headers);
    assert.equal(res.status, 400, res.text);
    assert.match(res.body.error_description, /nests deeper than 64 levels/);
  }
  const mcp = await a.app.inject({
    method: "POST",
    url: "/api/mcp",
    headers: {
      ...bearer(a.token),
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    payload: `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":${"[".repeat(100)}${"]".repeat(100)}}`,
  });
  assert.equal(mcp.statusCode, 400);
  assert.equal(JSON.parse(mcp.body).error.code, -32700);
  // brackets inside strings are text, not nesting
  const text = "[".repeat(200);
  const fine = await ok(a, "POST", "/v1/issues", { title: "Brackets", description: text });
  assert.equal(fine.description, text);
  assert.equal((await ok(a, "GET", "/v1/issues?limit=100")).data.length, 1, "nothing else was made");
});
