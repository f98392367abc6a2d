import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { createConnection, issueAccessToken } from "../src/auth/connections.ts";
import { DAY, HOUR } from "../src/clock.ts";
import { sweepExpired } from "../src/housekeeping.ts";
import { newId } from "../src/secrets.ts";
import { deliverDue, fanOut } from "../src/tracker/webhook-delivery.ts";
import { api, seed, setup } from "./support.ts";

test("housekeeping deletes what has run out, and keeps what is live or still named", async (t) => {
  const { core, clock } = await setup(t);
  const s = await seed(core);
  const connection = await createConnection(core, {
    kind: "agent",
    workspaceId: s.workspaceId,
    personId: s.personId,
    name: "helper",
    scopes: ["workspace.read"],
  });
  await issueAccessToken(core, connection);
  const registration = (status: "pending" | "redeemed" | "denied", id = newId("reg", clock.now())) => ({
    id,
    claim_token_hash: `${id}-hash`,
    login_hint: "ada@example.com",
    client_name: null,
    status,
    ip: null,
    interval_seconds: 5,
    last_polled_at: null,
    codes_issued: 1,
    person_id: null,
    workspace_id: null,
    scopes: null,
    connection_id: status === "redeemed" ? connection.id : null,
    decided_at: null,
    redeemed_at: null,
    created_at: clock.now().toISOString(),
    expires_at: new Date(clock.now().getTime() + HOUR).toISOString(),
  });
  await core.db
    .insertInto("agent_registrations")
    .values([registration("pending"), registration("denied"), registration("redeemed")])
    .execute();
  await core.db
    .insertInto("idempotency_keys")
    .values({
      token_id: "pat_x",
      key: "k1",
      fingerprint: "f",
      status: 201,
      body: "{}",
      content_type: "application/json",
      created_at: clock.now().toISOString(),
    })
    .execute();

  const nothing = await sweepExpired(core);
  assert.deepEqual(nothing, {
    access_tokens: 0,
    agent_registrations: 0,
    sign_in_codes: 0,
    web_sessions: 0,
    idempotency_keys: 0,
    expired_claims: 0,
    events: 0,
    lapsed_webhooks: 0,
    trash: 0,
    exports: 0,
  });

  // A day after the token's hour and a week after the registrations' hour.
  clock.advance(HOUR + 7 * DAY + 1000);
  const fresh = await issueAccessToken(core, connection);
  const swept = await sweepExpired(core);
  assert.equal(swept.access_tokens, 1);
  assert.equal(
    swept.agent_registrations,
    2,
    "pending and denied go; the redeemed one is named by its connection",
  );
  assert.equal(swept.idempotency_keys, 1);
  const left = await core.db.selectFrom("agent_registrations").select("status").execute();
  assert.deepEqual(left, [{ status: "redeemed" }]);
  const tokens = await core.db.selectFrom("access_tokens").select("expires_at").execute();
  assert.deepEqual(tokens.length, 1, "the live token stays");
  assert.ok(fresh.access_token.startsWith("docket_at_"));
});

/** The `data:` events of an SSE answer, read until `n` arrived (or 5 s passed). */
async function streamed(res: Response, n: number): Promise<{ id: string; type: string }[]> {
  const got: { id: string; type: string }[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const deadline = Date.now() + 5000;
  while (got.length < n && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<undefined>((r) => setTimeout(() => r(undefined), deadline - Date.now())),
    ]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
      const data = buffer
        .slice(0, cut)
        .split("\n")
        .find((l) => l.startsWith("data: "));
      buffer = buffer.slice(cut + 2);
      if (data) got.push(JSON.parse(data.slice(6)));
    }
  }
  await reader.cancel();
  return got;
}

test("after 31 quiet days retention empties the feed, and positions, webhooks and resumed readers go on", async (t) => {
  const a = await api(t, { WEBHOOK_ALLOW_PRIVATE: "true" });
  const { core, clock } = a.env;
  // a webhook with a real receiver on loopback
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")).data.id);
      res.end("thanks");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  t.after(() => new Promise<void>((r) => server.close(() => r())));
  const port = (server.address() as AddressInfo).port;
  const hook = await a.call("POST", "/v1/webhooks", { url: `http://127.0.0.1:${port}/hook`, events: ["*"] });
  assert.equal(hook.status, 201, hook.text);
  const pump = async () => {
    await fanOut(core);
    while ((await deliverDue(core)) > 0) {
      // until nothing is due
    }
  };
  const feed = async (query = "") => {
    const res = await a.call("GET", `/v1/events?limit=100${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body.data as { id: string }[];
  };
  const positions = async () =>
    (await core.db.selectFrom("events").select("position").orderBy("position").execute()).map((r) =>
      Number(r.position),
    );

  // a busy day, every event delivered
  for (let i = 1; i <= 8; i++) {
    assert.equal((await a.call("POST", "/v1/issues", { title: `Before ${i}` })).status, 201);
  }
  await pump();
  const old = await feed();
  assert.equal(old.length, 8);
  // deliveries go out in any order: compared as sets
  const sorted = (ids: string[]) => [...ids].sort();
  assert.deepEqual(sorted(received), sorted(old.map((e) => e.id)));
  const oldTop = Math.max(...(await positions()));
  const lastSeen = old.at(-1)!.id;
  const page = await a.call("GET", "/v1/events?limit=2");
  assert.ok(page.body.next_cursor);

  // 31 days without a write: housekeeping empties the feed
  clock.advance(31 * DAY);
  assert.equal((await sweepExpired(core)).events, 8);
  assert.deepEqual(await feed(), []);
  await pump();

  // fewer new events than the old top: before, all of them took positions the cursors had passed
  const fresh: string[] = [];
  for (let i = 1; i <= 5; i++) {
    const res = await a.call("POST", "/v1/issues", { title: `After ${i}` });
    assert.equal(res.status, 201);
    fresh.push(res.body.id);
  }
  await pump();
  const now = await positions();
  assert.equal(now.length, 5);
  assert.ok(
    now.every((p) => p > oldTop),
    `positions ${now.join(", ")} go on past the old top ${oldTop}`,
  );
  const newEvents = await feed();
  assert.deepEqual(
    newEvents.map((e) => (e as unknown as { object: { id: string } }).object.id),
    fresh,
  );
  assert.deepEqual(
    sorted(received.slice(8)),
    sorted(newEvents.map((e) => e.id)),
    "the webhook receives every new event",
  );

  // a client that had read up to the newest event before the quiet time missed nothing: it reads on
  assert.deepEqual(
    (await feed(`&after=${lastSeen}`)).map((e) => e.id),
    newEvents.map((e) => e.id),
  );
  // one further back would skip events that are gone: told so, with the field, never a silent hole
  const behind = await a.call("GET", `/v1/events?after=${old[0]!.id}`);
  assert.equal(behind.status, 400, behind.text);
  assert.ok(behind.body.fields?.["query.after"], behind.text);
  const stalePage = await a.call("GET", `/v1/events?limit=2&cursor=${page.body.next_cursor}`);
  assert.equal(stalePage.status, 400, stalePage.text);
  assert.ok(stalePage.body.fields?.["query.cursor"], stalePage.text);

  // a stream resumed with Last-Event-ID gets every new event, then live ones
  const address = await a.app.listen({ port: 0, host: "127.0.0.1" });
  const controller = new AbortController();
  t.after(() => controller.abort());
  const stream = await fetch(`${address}/v1/events/stream`, {
    headers: { authorization: `Bearer ${a.token}`, "last-event-id": lastSeen },
    signal: controller.signal,
  });
  assert.equal(stream.status, 200);
  const reading = streamed(stream, 6);
  await new Promise((r) => setTimeout(r, 200));
  const live = await a.call("POST", "/v1/issues", { title: "Live" });
  assert.equal(live.status, 201);
  const resumed = await reading;
  assert.deepEqual(
    resumed.map((e) => e.id),
    [...newEvents.map((e) => e.id), (await feed()).at(-1)!.id],
  );
  const refused = await fetch(`${address}/v1/events/stream`, {
    headers: { authorization: `Bearer ${a.token}`, "last-event-id": old[0]!.id },
  });
  assert.equal(refused.status, 400);
  assert.match(await refused.text(), /no longer kept|not an event of this workspace's feed/);
});
