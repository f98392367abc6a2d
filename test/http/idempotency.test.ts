import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { z } from "zod";
import { openStore } from "../../src/db/store.ts";
import { op } from "../../src/http/v1/route.ts";
import { createIssue, issueView } from "../../src/tracker/issues.ts";
import { type Api, api, ON_POSTGRES } from "../support.ts";

let afterCreate = async () => {};

// An operation only this file mounts: it answers with a Location, as a created resource may.
op({
  method: "POST",
  path: "/test-located-issues",
  operationId: "testLocatedIssue",
  tag: "Test",
  summary: "creates an issue and answers with its Location",
  description: "A test-only operation: creates an issue and answers with a Location.",
  scope: "workspace.write",
  status: 201,
  body: z.object({ title: z.string() }),
  response: issueView,
  handler: async ({ ctx, body, reply }) => {
    const issue = await createIssue(ctx, { title: body.title });
    await afterCreate();
    reply.header("location", `/v1/issues/${issue.id}`);
    return issue;
  },
});

const LEASE_MS = 60_000;

async function titled(a: Api, title: string): Promise<{ id: string }[]> {
  const list = await a.call("GET", "/v1/issues?limit=100");
  return list.body.data.filter((i: { title: string }) => i.title === title);
}

/** The key's row, as the service keeps it. */
async function keyRow(a: Api, key: string) {
  return a.env.core.db
    .selectFrom("idempotency_keys")
    .selectAll()
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
}

test("a replay carries the first answer's status, ETag, Location and Content-Type, not its rate-limit headers", async (t) => {
  const a = await api(t);
  const key = { "idempotency-key": "located-1" };
  const first = await a.call("POST", "/v1/test-located-issues", { title: "Located" }, key);
  assert.equal(first.status, 201);
  assert.match(String(first.headers.etag), /^"1-/);
  assert.equal(first.headers.location, `/v1/issues/${first.body.id}`);
  const replay = await a.call("POST", "/v1/test-located-issues", { title: "Located" }, key);
  assert.equal(replay.status, 201);
  assert.equal(replay.headers["idempotent-replayed"], "true");
  assert.equal(replay.headers.etag, first.headers.etag);
  assert.equal(replay.headers.location, first.headers.location);
  assert.equal(replay.headers["content-type"], first.headers["content-type"]);
  assert.equal(replay.text, first.text);
  assert.equal(
    Number(replay.headers["ratelimit-remaining"]),
    Number(first.headers["ratelimit-remaining"]) - 1,
    "the rate-limit headers are the replay's own",
  );
  const stored = JSON.parse((await keyRow(a, "located-1")).headers!);
  assert.deepEqual(Object.keys(stored).sort(), ["content-type", "etag", "location"]);
  assert.equal((await titled(a, "Located")).length, 1);

  // the ordinary create: the replay's ETag is the first answer's, which If-Match accepts
  const issueKey = { "idempotency-key": "plain-1" };
  const created = await a.call("POST", "/v1/issues", { title: "Plain" }, issueKey);
  const again = await a.call("POST", "/v1/issues", { title: "Plain" }, issueKey);
  assert.equal(again.status, 201);
  assert.ok(created.headers.etag);
  assert.equal(again.headers.etag, created.headers.etag);
  const patched = await a.call(
    "PATCH",
    `/v1/issues/${created.body.id}`,
    { title: "Plain, edited" },
    { "if-match": String(again.headers.etag) },
  );
  assert.equal(patched.status, 200);
});

test("a key whose request died before its change committed answers 409 until its lease ends, then runs once", async (t) => {
  const a = await api(t);
  // Learn the token's id from a key it used.
  await a.call("POST", "/v1/issues", { title: "Warm-up" }, { "idempotency-key": "warm-up" });
  const tokenId = (await keyRow(a, "warm-up")).token_id;
  const body = { title: "Lost" };
  const print = createHash("sha256")
    .update(`POST /v1/issues\n${JSON.stringify(body)}`)
    .digest("hex");
  const now = a.env.clock.now();
  // What a request leaves when the process dies inside its transaction: the key pending, nothing made.
  await a.env.core.db
    .insertInto("idempotency_keys")
    .values({
      token_id: tokenId,
      key: "lost-1",
      fingerprint: print,
      status: null,
      body: null,
      content_type: null,
      headers: null,
      owner: "a-request-that-died",
      lease_until: new Date(now.getTime() + LEASE_MS).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  const key = { "idempotency-key": "lost-1" };
  const held = await a.call("POST", "/v1/issues", body, key);
  assert.equal(held.status, 409);
  assert.equal(held.body.error, "idempotency_key_in_use");
  assert.equal(held.headers["retry-after"], "1");
  a.env.clock.advance(LEASE_MS - 1);
  assert.equal((await a.call("POST", "/v1/issues", body, key)).status, 409, "1 ms before the lease ends");
  assert.equal((await a.call("POST", "/v1/issues", { title: "Other" }, key)).status, 422);
  a.env.clock.advance(1);
  const ran = await a.call("POST", "/v1/issues", body, key);
  assert.equal(ran.status, 201, "the lease has ended: the retry runs");
  assert.equal(ran.headers["idempotent-replayed"], undefined);
  const replay = await a.call("POST", "/v1/issues", body, key);
  assert.equal(replay.status, 201);
  assert.equal(replay.headers["idempotent-replayed"], "true");
  assert.equal(replay.body.id, ran.body.id);
  assert.equal((await titled(a, "Lost")).length, 1, "made once");
  const row = await keyRow(a, "lost-1");
  assert.equal(row.status, 201);
  assert.notEqual(row.owner, "a-request-that-died");
});

test("a refusal is kept and replayed with its status, body and content type", async (t) => {
  const a = await api(t);
  const key = { "idempotency-key": "refused-1" };
  const refused = await a.call("POST", "/v1/issues", { title: "x", priority: 9 }, key);
  assert.equal(refused.status, 400);
  const again = await a.call("POST", "/v1/issues", { title: "x", priority: 9 }, key);
  assert.equal(again.status, 400);
  assert.equal(again.headers["idempotent-replayed"], "true");
  assert.equal(again.headers["content-type"], refused.headers["content-type"]);
  assert.deepEqual(again.body, refused.body);
});

test("a request that outlives its lease and loses its key to a retry has its change undone (PostgreSQL)", {
  skip: ON_POSTGRES ? false : "on SQLite a unit of work holds the one connection: no retry runs beside it",
}, async (t) => {
  const a = await api(t);
  const other = openStore(a.env.config.database, { poolSize: 1 });
  t.after(() => other.close());
  // While the request runs, after its issue is made, a retry past the lease takes the key over.
  afterCreate = async () => {
    await other.db
      .updateTable("idempotency_keys")
      .set({ owner: "a-later-retry" })
      .where("key", "=", "outlived-1")
      .execute();
  };
  t.after(() => {
    afterCreate = async () => {};
  });
  const key = { "idempotency-key": "outlived-1" };
  const lost = await a.call("POST", "/v1/test-located-issues", { title: "Outlived" }, key);
  assert.equal(lost.status, 409);
  assert.equal(lost.body.error, "idempotency_key_in_use");
  assert.equal((await titled(a, "Outlived")).length, 0, "its change is undone: the retry's stands alone");
  const row = await keyRow(a, "outlived-1");
  assert.equal(row.status, null, "the key stays the retry's");
  assert.equal(row.owner, "a-later-retry");
});
