import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { Webhook } from "standardwebhooks";
import { checkAddress, outboundRequest } from "../../src/net/outbound.ts";
import { backoff, deliverDue, fanOut, RETRY_WINDOW_MS } from "../../src/tracker/webhook-delivery.ts";
import { webhookUrlProblem } from "../../src/tracker/webhooks.ts";
import { type Api, api, bearer, seed } from "../support.ts";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on a loopback port; `answer` decides each status. */
async function receiver(
  t: { after(fn: () => Promise<void> | void): void },
  answer: (n: number) => number = () => 200,
) {
  const got: Received[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = answer(++n);
      if (status === 302) res.writeHead(302, { location: "http://127.0.0.1:1/elsewhere" });
      else res.writeHead(status, { "content-type": "text/plain" });
      res.end(status === 200 ? "thanks" : `status ${status} ${"x".repeat(3000)}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  t.after(() => new Promise<void>((r) => server.close(() => r())));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/hook`, got, server, port };
}

async function webhook(a: Api, url: string, events: string[] = ["*"]) {
  const res = await a.call("POST", "/v1/webhooks", { url, events, description: "test" });
  assert.equal(res.status, 201, res.text);
  return res.body as { id: string; secret: string };
}

async function pump(a: Api) {
  await fanOut(a.env.core);
  while ((await deliverDue(a.env.core)) > 0) {
    // until nothing is due
  }
}

const PRIVATE = { WEBHOOK_ALLOW_PRIVATE: "true" };

test("webhook management: create shows the secret once, list/show/update/delete, bad input names the field", async (t) => {
  const a = await api(t, PRIVATE);
  const created = await webhook(a, "https://hooks.example.com/docket", ["issue.*", "claim.created"]);
  assert.match(created.id, /^wh_/);
  assert.match(created.secret, /^whsec_/);
  // the signing secret is sealed at rest: a copy of the database cannot sign deliveries
  const stored = await a.env.core.db
    .selectFrom("webhooks")
    .select("secret")
    .where("id", "=", created.id)
    .executeTakeFirstOrThrow();
  assert.match(stored.secret, /^enc:v1:/);
  assert.ok(!stored.secret.includes(created.secret.slice(6)));
  // with an Idempotency-Key the answer is kept for replays: sealed, as it shows the secret
  const keyed = { url: "https://hooks.example.com/keyed", events: ["*"] };
  const first = await a.call("POST", "/v1/webhooks", keyed, { "idempotency-key": "make-keyed-hook" });
  assert.equal(first.status, 201, first.text);
  const replay = await a.call("POST", "/v1/webhooks", keyed, { "idempotency-key": "make-keyed-hook" });
  assert.equal(replay.status, 201, replay.text);
  assert.equal(replay.headers["idempotent-replayed"], "true");
  assert.equal(replay.body.secret, first.body.secret);
  const kept = await a.env.core.db
    .selectFrom("idempotency_keys")
    .select("body")
    .where("key", "=", "make-keyed-hook")
    .executeTakeFirstOrThrow();
  assert.match(String(kept.body), /^enc:v1:/);
  assert.ok(!String(kept.body).includes(first.body.secret));
  assert.equal((await a.call("DELETE", `/v1/webhooks/${first.body.id}`)).status, 200);
  // a webhook has no version: PATCH is not conditional and refuses If-Match
  const guarded = await a.call(
    "PATCH",
    `/v1/webhooks/${created.id}`,
    { description: "x" },
    {
      "if-match": '"1"',
    },
  );
  assert.equal(guarded.status, 400, guarded.text);
  assert.ok(guarded.body.fields?.["header.If-Match"], guarded.text);
  const shown = await a.call("GET", `/v1/webhooks/${created.id}`);
  assert.equal(shown.status, 200);
  assert.equal(shown.body.secret, undefined);
  assert.deepEqual(shown.body.events, ["issue.*", "claim.created"]);
  const listed = await a.call("GET", "/v1/webhooks");
  assert.deepEqual(
    listed.body.data.map((w: { id: string }) => w.id),
    [created.id],
  );
  const patched = await a.call("PATCH", `/v1/webhooks/${created.id}`, {
    events: ["issue.ready"],
    status: "disabled",
  });
  assert.equal(patched.status, 200, patched.text);
  assert.deepEqual(patched.body.events, ["issue.ready"]);
  assert.equal(patched.body.status, "disabled");
  for (const [body, field] of [
    [{ events: ["*"] }, "url"],
    [{ url: "https://x.example.com", events: [] }, "events"],
    [{ url: "https://x.example.com", events: ["issue"] }, "events"],
    [{ url: "ftp://x.example.com", events: ["*"] }, "url"],
    [{ url: "not a url", events: ["*"] }, "url"],
    [{ url: "https://x.example.com", events: ["*"], colour: "red" }, "colour"],
    [{ url: "https://x.example.com", events: ["*"], description: "d".repeat(501) }, "description"],
  ] as const) {
    const res = await a.call("POST", "/v1/webhooks", body);
    assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
    // fields are keyed by place: body.url, body.events, body.events[0]
    assert.ok(
      Object.keys(res.body.fields ?? {}).some((k) => k === `body.${field}` || k.startsWith(`body.${field}[`)),
      res.text,
    );
  }
  // a read-only token cannot manage webhooks; another workspace cannot see them
  assert.equal((await a.call("GET", "/v1/webhooks", undefined, bearer(a.readOnlyToken))).status, 403);
  const other = await seed(a.env.core, "globex", "bob@example.com");
  assert.equal(
    (await a.call("GET", `/v1/webhooks/${created.id}`, undefined, bearer(other.token))).status,
    404,
  );
  assert.equal((await a.call("DELETE", `/v1/webhooks/${created.id}`)).status, 200);
  assert.equal((await a.call("GET", `/v1/webhooks/${created.id}`)).status, 404);
});

test("SSRF: private, loopback and link-local addresses and plain http are refused, with the reason", async (t) => {
  const a = await api(t);
  for (const url of [
    "http://hooks.example.com/x",
    "https://127.0.0.1/x",
    "https://10.1.2.3/x",
    "https://[::1]/x",
    "https://169.254.169.254/latest/meta-data",
    "https://[::ffff:127.0.0.1]/x",
    "https://192.168.0.10/x",
    "https://localhost/x",
    "https://localhost./x", // a name that resolves to loopback
    "https://user:pw@hooks.example.com/x",
  ]) {
    const res = await a.call("POST", "/v1/webhooks", { url, events: ["*"] });
    assert.equal(res.status, 400, `${url}: ${res.text}`);
    assert.ok(res.body.fields?.["body.url"], `${url}: ${res.text}`);
    assert.match(res.body.error_description, /^body\.url: /);
  }
  assert.match(checkAddress("169.254.169.254")!.problem!, /link-local/);
  assert.equal(checkAddress("93.184.216.34")!.problem, null);
  assert.equal(checkAddress("2606:4700::1111")!.problem, null);
  assert.ok(checkAddress("fd00::1")!.problem);
  // at delivery time too: deliveries go through the same guard, on what DNS answers when they are made
  await assert.rejects(
    outboundRequest("https://hooks.example.com/x", {
      method: "POST",
      body: "{}",
      timeoutMs: 1000,
      // the name answers loopback when the delivery is made
      resolve: async () => ["93.184.216.34", "127.0.0.1"],
    }),
    (e: Error & { reason?: string }) => e.reason === "forbidden_address",
  );
  assert.match((await webhookUrlProblem("http://127.0.0.1/", false))!, /https/);
  assert.match((await webhookUrlProblem("https://127.0.0.1/", false))!, /not public \(loopback\)/);
  assert.equal(await webhookUrlProblem("http://127.0.0.1/", true), undefined);
});

test("a real receiver gets each event once, signed per Standard Webhooks; a 302 is not followed", async (t) => {
  const a = await api(t, PRIVATE);
  // signatures carry the time; the verifier compares it with the real one
  a.env.clock.advance(Date.now() - a.env.clock.now().getTime());
  const rx = await receiver(t);
  const hook = await webhook(a, rx.url, ["issue.created", "issue.updated"]);
  const moved = await receiver(t, () => 302);
  const redirected = await webhook(a, moved.url, ["issue.created"]);
  const made = await a.call("POST", "/v1/issues", { title: "Hooked" });
  await a.call("PATCH", "/v1/issues/ENG-1", { title: "Hooked!" });
  await a.call("POST", "/v1/notes", { title: "not wanted" });
  await pump(a);
  assert.equal(rx.got.length, 2);
  const verifier = new Webhook(hook.secret);
  const bodies = rx.got.map(
    (r) =>
      verifier.verify(r.body, r.headers as Record<string, string>) as {
        type: string;
        data: { object: { id: string }; id: string };
      },
  );
  // deliveries to one webhook go side by side, in no promised order (see docs/decisions.md)
  assert.deepEqual(bodies.map((b) => b.type).sort(), ["issue.created", "issue.updated"]);
  assert.ok(bodies.every((b) => b.data.object.id === made.body.id));
  assert.match(String(rx.got[0]!.headers["webhook-id"]), /^msg_/);
  // a tampered body fails verification
  const created = rx.got[bodies.findIndex((b) => b.type === "issue.created")]!;
  assert.throws(() =>
    verifier.verify(
      created.body.replace("issue.created", "issue.deleted"),
      created.headers as Record<string, string>,
    ),
  );

  // the redirecting receiver was asked once; its 302 is logged as a failure, never followed
  assert.equal(moved.got.length, 1);
  const log = await a.call("GET", `/v1/webhooks/${redirected.id}/deliveries`);
  assert.equal(log.status, 200);
  const d = log.body.data[0];
  assert.equal(d.status, "pending");
  assert.equal(d.attempt_log[0].status_code, 302);
  assert.ok(d.attempt_log[0].response.length <= 1024);

  // ping
  const ping = await a.call("POST", `/v1/webhooks/${hook.id}/ping`, {});
  assert.equal(ping.status, 200, ping.text);
  assert.equal(ping.body.status, "succeeded");
  assert.equal(ping.body.event_type, "webhook.ping");
  assert.equal(rx.got.length, 3);
});

test("retries with backoff as the clock moves; a receiver down for a while then up gets every event", async (t) => {
  const a = await api(t, PRIVATE);
  let up = false;
  const rx = await receiver(t, () => (up ? 200 : 503));
  const hook = await webhook(a, rx.url, ["issue.created"]);
  for (let i = 1; i <= 5; i++) await a.call("POST", "/v1/issues", { title: `I${i}` });
  await pump(a);
  assert.equal(rx.got.length, 5);
  let log = (await a.call("GET", `/v1/webhooks/${hook.id}/deliveries?status=pending`)).body.data;
  assert.equal(log.length, 5);
  assert.ok(
    log.every(
      (d: { attempts: number; attempt_log: { status_code: number; duration_ms: number }[] }) =>
        d.attempts === 1 && d.attempt_log[0]!.status_code === 503,
    ),
  );
  // nothing is due before the backoff
  await pump(a);
  assert.equal(rx.got.length, 5);
  a.env.clock.advance(10_000);
  await pump(a);
  assert.equal(rx.got.length, 10, "second attempt after ~5 s");
  // down for an hour: attempts keep failing
  for (let i = 0; i < 6; i++) {
    a.env.clock.advance(15 * 60_000);
    await pump(a);
  }
  up = true;
  a.env.clock.advance(3 * 3_600_000);
  await pump(a);
  log = (await a.call("GET", `/v1/webhooks/${hook.id}/deliveries`)).body.data;
  assert.ok(log.every((d: { status: string }) => d.status === "succeeded"));
  const ids = new Set(
    rx.got.filter((_, i) => i >= rx.got.length - 5).map((r) => String(r.headers["webhook-id"])),
  );
  assert.equal(ids.size, 5, "each delivery arrived, with its own id");
  // redeliver sends it again with the same id
  const again = await a.call("POST", `/v1/webhooks/${hook.id}/deliveries/${log[0].id}/redeliver`, {});
  assert.equal(again.status, 200, again.text);
  assert.equal(String(rx.got.at(-1)!.headers["webhook-id"]), log[0].id);
  // backoff grows and carries jitter
  assert.ok(backoff(1, () => 0) < backoff(5, () => 0));
  assert.notEqual(
    backoff(3, () => 0),
    backoff(3, () => 1),
  );
});

test("after 3 days of failure the delivery fails and the webhook is disabled", async (t) => {
  const a = await api(t, PRIVATE);
  const rx = await receiver(t, () => 500);
  const hook = await webhook(a, rx.url, ["issue.created"]);
  await a.call("POST", "/v1/issues", { title: "never" });
  await pump(a);
  for (let elapsed = 0; elapsed <= RETRY_WINDOW_MS + 86_400_000; elapsed += 3_600_000) {
    a.env.clock.advance(3_600_000);
    await pump(a);
  }
  const log = (await a.call("GET", `/v1/webhooks/${hook.id}/deliveries`)).body.data;
  assert.equal(log[0].status, "failed");
  assert.ok(log[0].attempts >= 10 && log[0].attempts <= 20, String(log[0].attempts));
  const shown = (await a.call("GET", `/v1/webhooks/${hook.id}`)).body;
  assert.equal(shown.status, "disabled");
  assert.match(shown.disabled_reason, /3 days/);
  assert.equal(shown.disabled_cause, "receiver_failing");
  // as every disabling: a webhook.disabled event, and the Owner told in the app
  const disabled = (await a.call("GET", "/v1/events?type=webhook.disabled")).body.data;
  assert.deepEqual(
    disabled.map((e: { object: { id: string } }) => e.object.id),
    [hook.id],
  );
  assert.equal(disabled[0].data.cause, "receiver_failing");
  const inbox = (await a.call("GET", "/v1/inbox")).body.data;
  assert.ok(
    inbox.some((i: { kind: string }) => i.kind === "webhook_disabled"),
    JSON.stringify(inbox),
  );
  // a disabled webhook gets no new deliveries
  const before = rx.got.length;
  await a.call("POST", "/v1/issues", { title: "after" });
  await pump(a);
  assert.equal(rx.got.length, before);
});

test("another workspace's events never reach a webhook", async (t) => {
  const a = await api(t, PRIVATE);
  const rx = await receiver(t);
  await webhook(a, rx.url, ["*"]);
  const other = await seed(a.env.core, "globex", "bob@example.com");
  await a.call("POST", "/v1/issues", { title: "Bob's" }, bearer(other.token));
  await pump(a);
  assert.equal(rx.got.length, 0);
  await a.call("POST", "/v1/issues", { title: "Ada's" });
  await pump(a);
  assert.ok(rx.got.length > 0);
  assert.ok(rx.got.every((r) => JSON.parse(r.body).data.workspace_id === a.workspaceId));
});

test("two workers at once never send one delivery twice", async (t) => {
  const a = await api(t, PRIVATE);
  const rx = await receiver(t);
  await webhook(a, rx.url, ["issue.created"]);
  for (let i = 1; i <= 30; i++) await a.call("POST", "/v1/issues", { title: `I${i}` });
  await Promise.all([fanOut(a.env.core), fanOut(a.env.core)]);
  await Promise.all([pump(a), pump(a), pump(a)]);
  const ids = rx.got.map((r) => String(r.headers["webhook-id"]));
  assert.equal(ids.length, 30);
  assert.equal(new Set(ids).size, 30);
});
