import assert from "node:assert/strict";
import { test } from "node:test";
import pg from "pg";
import { LISTENER_APPLICATION } from "../../src/db/changes.ts";
import { startServer } from "../../src/server.ts";
import { checkedFetch } from "../contract.ts";
import { createTestDatabase, ON_POSTGRES, seed, testConfig } from "../support.ts";

interface Message {
  id: string;
  /** the `event:` field, when the message has one (`error`: the stream's access ended) */
  event?: string;
  // biome-ignore lint/suspicious/noExplicitAny: events are checked field by field
  data: any;
}

/** An open SSE connection: the messages so far, a way to wait for more, and the raw headers. */
async function openStream(url: string, token: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, {
    // no token: the request is authenticated by what `headers` carry (the web app's session cookie)
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      accept: "text/event-stream",
      ...headers,
    },
    signal: controller.signal,
  });
  const messages: Message[] = [];
  let comments = 0;
  const waiters: (() => void)[] = [];
  let buffer = "";
  let endedAt: number | undefined;
  const reading = (async () => {
    if (!res.ok || !res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut = buffer.indexOf("\n\n");
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let id = "";
          let data = "";
          let event: string | undefined;
          for (const line of block.split("\n")) {
            if (line.startsWith("id: ")) id = line.slice(4);
            else if (line.startsWith("event: ")) event = line.slice(7);
            else if (line.startsWith("data: ")) data += line.slice(6);
            else if (line.startsWith(":")) comments++;
          }
          if (data) messages.push({ id, data: JSON.parse(data), ...(event ? { event } : {}) });
          for (const w of waiters.splice(0)) w();
          cut = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // closed by the test
    }
    endedAt = Date.now();
  })();
  return {
    res,
    messages,
    comments: () => comments,
    async waitFor(n: number, ms = 5000) {
      const deadline = Date.now() + ms;
      while (messages.length < n) {
        if (Date.now() > deadline) throw new Error(`only ${messages.length} of ${n} messages arrived`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
      return messages;
    },
    /** Resolves with when the server ended the stream; rejects if it is still open after `ms`. */
    async ended(ms = 5000): Promise<number> {
      const timer = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`the stream is still open after ${ms} ms`)), ms).unref(),
      );
      await Promise.race([reading, timer]);
      return endedAt!;
    },
    isOpen: () => endedAt === undefined,
    async close() {
      controller.abort();
      await reading;
    },
  };
}

async function service(
  cleanup: (() => Promise<void>)[],
  databaseUrl: string,
  env: Record<string, string> = {},
) {
  const server = await startServer(testConfig(databaseUrl, env));
  cleanup.push(() => server.close());
  return server;
}

async function createIssue(base: string, token: string, title: string, headers: Record<string, string> = {}) {
  const res = await checkedFetch(`${base}/v1/issues`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
    body: JSON.stringify({ title }),
  });
  const text = await res.text();
  assert.equal(res.status, 201, text);
  return JSON.parse(text) as { id: string; identifier: string };
}

test("the stream sends new events live, with proxy-safe headers, and filters by type", async (t) => {
  const database = await createTestDatabase();
  const cleanup: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const c of cleanup.reverse()) await c();
    await database.drop();
  });
  const server = await service(cleanup, database.url);
  const ada = await seed(server.core);
  const all = await openStream(`${server.address}/v1/events/stream`, ada.token);
  cleanup.push(() => all.close());
  assert.equal(all.res.status, 200);
  assert.match(String(all.res.headers.get("content-type")), /^text\/event-stream/);
  assert.equal(all.res.headers.get("x-accel-buffering"), "no");
  // never the same twice: no ETag to revalidate (and the contract declares none)
  assert.equal(all.res.headers.get("etag"), null);
  assert.ok(all.res.headers.get("ratelimit-limit"), "the rate limit headers survive the hijack");
  assert.match(String(all.res.headers.get("cache-control")), /no-cache/);
  const ready = await openStream(`${server.address}/v1/events/stream?type=issue.ready`, ada.token);
  cleanup.push(() => ready.close());

  const one = await createIssue(server.address, ada.token, "One");
  const blocked = await checkedFetch(`${server.address}/v1/issues`, {
    method: "POST",
    headers: { authorization: `Bearer ${ada.token}`, "content-type": "application/json" },
    body: JSON.stringify({ title: "Two", blockedBy: [one.identifier] }),
  });
  assert.equal(blocked.status, 201);
  const done = await checkedFetch(`${server.address}/v1/issues/${one.identifier}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${ada.token}`, "content-type": "application/json" },
    body: JSON.stringify({ status: "done" }),
  });
  assert.equal(done.status, 200);
  const got = await all.waitFor(5);
  assert.deepEqual(
    got.map((m) => m.data.type),
    ["issue.created", "issue.created", "dependency.created", "issue.updated", "issue.ready"],
  );
  assert.equal(got[0]!.id, got[0]!.data.id);
  assert.equal(got[0]!.data.object.id, one.id);
  const onlyReady = await ready.waitFor(1);
  assert.equal(onlyReady[0]!.data.type, "issue.ready");
  assert.equal(onlyReady[0]!.data.data.identifier, "ENG-2");
  assert.equal(ready.messages.length, 1);

  // a bad filter or resume point is a 400 before the stream opens
  const bad = await checkedFetch(`${server.address}/v1/events/stream?type=nope`, {
    headers: { authorization: `Bearer ${ada.token}` },
  });
  assert.equal(bad.status, 400);
  const badResume = await checkedFetch(`${server.address}/v1/events/stream`, {
    headers: { authorization: `Bearer ${ada.token}`, "last-event-id": "evt_01HZZZZZZZZZZZZZZZZZZZZZZZ" },
  });
  assert.equal(badResume.status, 400);
  assert.match(await badResume.text(), /Last-Event-ID/);
  const noToken = await checkedFetch(`${server.address}/v1/events/stream`);
  assert.equal(noToken.status, 401);
});

test("the web app reads the stream with its session cookie (no CSRF header), filtered by actor", async (t) => {
  const database = await createTestDatabase();
  const cleanup: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const c of cleanup.reverse()) await c();
    await database.drop();
  });
  const server = await service(cleanup, database.url);
  const ada = await seed(server.core);
  const { createSession } = await import("../../src/auth/web/sessions.ts");
  const { acceptTerms } = await import("../../src/auth/web/terms.ts");
  await acceptTerms(server.core, ada.personId);
  const session = await createSession(server.core, { personId: ada.personId });
  const cookie = `docket_session=${session.cookie}`;
  const me = await checkedFetch(`${server.address}/v1/me`, { headers: { cookie } });
  const csrf = ((await me.json()) as { csrf_token: string }).csrf_token;
  const byTokenMe = await checkedFetch(`${server.address}/v1/me`, {
    headers: { authorization: `Bearer ${ada.token}` },
  });
  const tokenId = ((await byTokenMe.json()) as { credential: { id: string } }).credential.id;
  const everything = await openStream(`${server.address}/v1/events/stream?type=issue.created`, "", {
    cookie,
  });
  cleanup.push(() => everything.close());
  assert.equal(everything.res.status, 200);
  const byToken = await openStream(`${server.address}/v1/events/stream?actor=${tokenId}`, "", { cookie });
  cleanup.push(() => byToken.close());
  const inApp = await checkedFetch(`${server.address}/v1/issues`, {
    method: "POST",
    headers: {
      cookie,
      "content-type": "application/json",
      "x-csrf-token": csrf,
      origin: new URL(server.core.config.baseUrl).origin,
    },
    body: JSON.stringify({ title: "In the app" }),
  });
  assert.equal(inApp.status, 201, await inApp.text());
  await createIssue(server.address, ada.token, "With the token");
  const both = await everything.waitFor(2);
  assert.deepEqual(
    both.map((m) => m.data.actor.via_type),
    ["web", "token"],
  );
  const only = await byToken.waitFor(1);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(byToken.messages.length, 1);
  assert.equal(only[0]!.data.actor.via, tokenId);
});

test("Last-Event-ID resumes after a disconnect: nothing lost, nothing repeated", async (t) => {
  const database = await createTestDatabase();
  const cleanup: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const c of cleanup.reverse()) await c();
    await database.drop();
  });
  const server = await service(cleanup, database.url);
  const ada = await seed(server.core);
  const first = await openStream(`${server.address}/v1/events/stream?type=issue.created`, ada.token);
  for (let i = 1; i <= 3; i++) await createIssue(server.address, ada.token, `before ${i}`);
  const seen = await first.waitFor(3);
  const lastSeen = seen.at(-1)!.id;
  await first.close();
  // changes while the client is away
  for (let i = 1; i <= 4; i++) await createIssue(server.address, ada.token, `away ${i}`);

  for (const how of ["header", "query"] as const) {
    const resumed = await openStream(
      `${server.address}/v1/events/stream?type=issue.created${how === "query" ? `&last_event_id=${lastSeen}` : ""}`,
      ada.token,
      how === "header" ? { "last-event-id": lastSeen } : {},
    );
    const back = await resumed.waitFor(4);
    assert.deepEqual(back.map((m) => m.data.object.id).length, 4);
    await new Promise((r) => setTimeout(r, 200));
    const titles = await Promise.all(
      resumed.messages.map(async (m) => {
        const res = await fetch(`${server.address}${m.data.object.url}`, {
          headers: { authorization: `Bearer ${ada.token}` },
        });
        return ((await res.json()) as { title: string }).title;
      }),
    );
    assert.deepEqual(titles, ["away 1", "away 2", "away 3", "away 4"], how);
    await resumed.close();
  }
});

test("another workspace's events never reach a stream", async (t) => {
  const database = await createTestDatabase();
  const cleanup: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const c of cleanup.reverse()) await c();
    await database.drop();
  });
  const server = await service(cleanup, database.url);
  const ada = await seed(server.core);
  const bob = await seed(server.core, "globex", "bob@example.com");
  const adas = await openStream(`${server.address}/v1/events/stream`, ada.token);
  cleanup.push(() => adas.close());
  await createIssue(server.address, bob.token, "Bob's");
  await createIssue(server.address, ada.token, "Ada's");
  const got = await adas.waitFor(1);
  await new Promise((r) => setTimeout(r, 300));
  assert.ok(got.every((m) => m.data.workspace_id === ada.workspaceId));
  assert.equal(adas.messages.length, 1);
});

test("two instances on one PostgreSQL: a change through B reaches a stream on A within a second", {
  skip: !ON_POSTGRES && "needs PostgreSQL",
}, async (t) => {
  const database = await createTestDatabase();
  const cleanup: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const c of cleanup.reverse()) await c();
    await database.drop();
  });
  const a = await service(cleanup, database.url);
  const b = await service(cleanup, database.url);
  const ada = await seed(a.core);
  const onA = await openStream(`${a.address}/v1/events/stream?type=issue.created`, ada.token);
  cleanup.push(() => onA.close());
  const onB = await openStream(`${b.address}/v1/events/stream?type=issue.created`, ada.token);
  cleanup.push(() => onB.close());
  const started = Date.now();
  const made = await createIssue(b.address, ada.token, "through B");
  const [m] = await onA.waitFor(1, 1000);
  assert.equal(m!.data.object.id, made.id);
  assert.ok(Date.now() - started < 1000);
  // concurrent writes through both instances arrive on both streams in one order
  await Promise.all(
    Array.from({ length: 20 }, (_, i) => createIssue(i % 2 ? a.address : b.address, ada.token, `c${i}`)),
  );
  const fromA = await onA.waitFor(21);
  const fromB = await onB.waitFor(21);
  assert.deepEqual(
    fromA.map((x) => x.id),
    fromB.map((x) => x.id),
  );
  // and the feed agrees with the streams
  const feed = await checkedFetch(`${a.address}/v1/events?type=issue.created&limit=100`, {
    headers: { authorization: `Bearer ${ada.token}` },
  });
  const ids = ((await feed.json()) as { data: { id: string }[] }).data.map((e) => e.id);
  assert.deepEqual(
    ids,
    fromA.map((x) => x.id),
  );
});

test("an event written inside a keyed POST (one unit of work) reaches an open stream promptly, after its commit", async (t) => {
  const database = await createTestDatabase();
  const cleanup: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const c of cleanup.reverse()) await c();
    await database.drop();
  });
  const server = await service(cleanup, database.url);
  const ada = await seed(server.core);
  const stream = await openStream(`${server.address}/v1/events/stream?type=issue.created`, ada.token);
  cleanup.push(() => stream.close());
  for (let i = 1; i <= 3; i++) {
    const started = Date.now();
    const made = await createIssue(server.address, ada.token, `keyed ${i}`, {
      "idempotency-key": `key-${i}-${started}`,
    });
    const got = await stream.waitFor(i, 1000);
    assert.equal(got[i - 1]!.data.object.id, made.id);
    assert.ok(Date.now() - started < 1000, `${Date.now() - started} ms`);
  }
  // a replay of a key answers the recorded answer and writes (and streams) nothing more
  const again = await createIssue(server.address, ada.token, "keyed 1", {
    "idempotency-key": `key-1-${0}`,
  });
  await stream.waitFor(4, 1000);
  const replay = await createIssue(server.address, ada.token, "keyed 1", {
    "idempotency-key": `key-1-${0}`,
  });
  assert.equal(replay.id, again.id);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(stream.messages.length, 4);
});

test("the hub's LISTEN connection terminated by the server is reopened; the process and its streams go on", {
  skip: !ON_POSTGRES && "needs PostgreSQL",
}, async (t) => {
  const database = await createTestDatabase();
  const cleanup: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const c of cleanup.reverse()) await c();
    await database.drop();
  });
  const a = await service(cleanup, database.url);
  const b = await service(cleanup, database.url);
  const ada = await seed(a.core);
  const onA = await openStream(`${a.address}/v1/events/stream?type=issue.created`, ada.token);
  cleanup.push(() => onA.close());
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  cleanup.push(() => admin.end());
  for (let round = 1; round <= 3; round++) {
    // every LISTEN connection of this test database (the hubs' and the change signals'), not ours
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and (query ilike 'listen%' or application_name = $1)`,
      [LISTENER_APPLICATION],
    );
    assert.ok((killed.rowCount ?? 0) > 0, `round ${round}: no LISTEN connection found`);
    const made = await createIssue(b.address, ada.token, `after kill ${round}`);
    const got = await onA.waitFor(round, 3000);
    assert.equal(got[round - 1]!.data.object.id, made.id);
  }
  // reopened: a LISTEN connection is back within a few seconds
  const deadline = Date.now() + 5000;
  for (;;) {
    const listening = await admin.query(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and query ilike 'listen%'`,
    );
    if (listening.rows[0].n > 0) break;
    assert.ok(Date.now() < deadline, "no LISTEN connection came back");
    await new Promise((r) => setTimeout(r, 100));
  }
});

/** Waits for `stream` to end with an `error` message saying why, and checks nothing came after it. */
async function endsForAccess(
  stream: Awaited<ReturnType<typeof openStream>>,
  since: number,
  reason: string | RegExp,
) {
  const at = await stream.ended(3000);
  assert.ok(at - since < 1500, `ended ${at - since} ms after access ended`);
  const last = stream.messages.at(-1)!;
  assert.equal(last.event, "error");
  assert.equal(last.data.error, "invalid_token");
  if (typeof reason === "string") assert.equal(last.data.reason, reason);
  else assert.match(last.data.reason, reason);
  assert.match(last.data.error_description, /./);
}

test("a stream ends within a second when its PAT is revoked, its person removed, or its agent connection revoked", async (t) => {
  const database = await createTestDatabase();
  const cleanup: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const c of cleanup.reverse()) await c();
    await database.drop();
  });
  const server = await service(cleanup, database.url, { BASE_URL: "https://docket.test" });
  const core = server.core;
  const ada = await seed(core);
  const { mintPat, revokePat } = await import("../../src/auth/tokens.ts");
  const { addMember, removeMember } = await import("../../src/auth/workspaces.ts");
  const { createPerson } = await import("../../src/auth/people.ts");
  const { revokeConnection } = await import("../../src/auth/connections.ts");
  const { connectedAgent } = await import("../auth/agent-support.ts");
  const read = await mintPat(core, { workspace: "acme", email: "ada@example.com", name: "reader" });
  await createPerson(core, { email: "bob@example.com", name: "Bob" });
  await addMember(core, { workspace: "acme", email: "bob@example.com" });
  const bob = await mintPat(core, { workspace: "acme", email: "bob@example.com", name: "bob" });
  const agent = await connectedAgent({
    app: server.app,
    core,
    seeded: ada,
  } as unknown as import("../auth/agent-support.ts").AgentEnv);
  const agentToken = agent.redeemed.body.access_token as string;

  const byPat = await openStream(`${server.address}/v1/events/stream`, read.token);
  cleanup.push(() => byPat.close());
  const byBob = await openStream(`${server.address}/v1/events/stream`, bob.token);
  cleanup.push(() => byBob.close());
  const byAgent = await openStream(`${server.address}/v1/events/stream`, agentToken);
  cleanup.push(() => byAgent.close());
  // Ada's other token reads on throughout
  const other = await openStream(`${server.address}/v1/events/stream`, ada.token);
  cleanup.push(() => other.close());
  for (const s of [byPat, byBob, byAgent, other]) assert.equal(s.res.status, 200);
  await createIssue(server.address, ada.token, "one");
  for (const s of [byPat, byBob, byAgent, other]) await s.waitFor(1);

  let since = Date.now();
  await revokePat(core, read.details.id);
  await endsForAccess(byPat, since, "revoked");
  assert.ok(byBob.isOpen() && byAgent.isOpen() && other.isOpen(), "only the revoked token's stream ends");

  since = Date.now();
  await removeMember(core, "acme", "bob@example.com");
  // (its tokens stop as the membership goes: revoked with it, or refused for want of it)
  await endsForAccess(byBob, since, /^(not_a_member|revoked)$/);

  since = Date.now();
  await revokeConnection(core, agent.connectionId, "revoked_by_person");
  await endsForAccess(byAgent, since, "connection_ended");

  // nothing reaches an ended stream; the stream whose access holds gets what follows
  await createIssue(server.address, ada.token, "two");
  await other.waitFor(2);
  await new Promise((r) => setTimeout(r, 200));
  for (const s of [byPat, byBob, byAgent]) {
    assert.deepEqual(
      s.messages.map((m) => m.event ?? m.data.type),
      ["issue.created", "error"],
    );
  }
  assert.ok(other.isOpen());
  // and a new stream with an ended credential is refused as any request is
  const again = await checkedFetch(`${server.address}/v1/events/stream`, {
    headers: { authorization: `Bearer ${read.token}` },
  });
  assert.equal(again.status, 401);
});

test("a web session's stream ends when the person is removed or signs out; an access token's when it alone is revoked; a PAT's at its expiry", async (t) => {
  const database = await createTestDatabase();
  const cleanup: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const c of cleanup.reverse()) await c();
    await database.drop();
  });
  const server = await service(cleanup, database.url);
  const core = server.core;
  const ada = await seed(core);
  const { createPerson } = await import("../../src/auth/people.ts");
  const { addMember, removeMember } = await import("../../src/auth/workspaces.ts");
  const { mintPat } = await import("../../src/auth/tokens.ts");
  const { createSession } = await import("../../src/auth/web/sessions.ts");
  const { acceptTerms } = await import("../../src/auth/web/terms.ts");
  const bob = await createPerson(core, { email: "bob@example.com", name: "Bob" });
  await addMember(core, { workspace: "acme", email: "bob@example.com" });
  await acceptTerms(core, bob.id);
  const session = await createSession(core, { personId: bob.id });
  const inApp = await openStream(`${server.address}/v1/events/stream`, "", {
    cookie: `docket_session=${session.cookie}`,
  });
  cleanup.push(() => inApp.close());
  assert.equal(inApp.res.status, 200);
  // a token that expires in a moment: no notification, the next check ends it
  const soon = await mintPat(core, {
    workspace: "acme",
    email: "ada@example.com",
    name: "soon",
    expires_at: new Date(Date.now() + 1500).toISOString(),
  });
  const expiring = await openStream(`${server.address}/v1/events/stream`, soon.token);
  cleanup.push(() => expiring.close());
  assert.equal(expiring.res.status, 200);
  await createIssue(server.address, ada.token, "one");
  await inApp.waitFor(1);
  const since = Date.now();
  await removeMember(core, "acme", "bob@example.com");
  await endsForAccess(inApp, since, "not_a_member");

  // signing out ends the session's streams; revoking one access token (RFC 7009) ends that token's
  const { destroySession } = await import("../../src/auth/web/sessions.ts");
  const { createConnection, issueAccessToken, revokeAccessToken } = await import(
    "../../src/auth/connections.ts"
  );
  await acceptTerms(core, ada.personId);
  const adaSession = await createSession(core, { personId: ada.personId });
  const adaApp = await openStream(`${server.address}/v1/events/stream`, "", {
    cookie: `docket_session=${adaSession.cookie}`,
  });
  cleanup.push(() => adaApp.close());
  const connection = await createConnection(core, {
    kind: "agent",
    workspaceId: ada.workspaceId,
    personId: ada.personId,
    name: "Reader",
    scopes: ["workspace.read"],
  });
  const { access_token } = await issueAccessToken(core, connection);
  const byAccessToken = await openStream(`${server.address}/v1/events/stream`, access_token);
  cleanup.push(() => byAccessToken.close());
  assert.equal(adaApp.res.status, 200);
  assert.equal(byAccessToken.res.status, 200);
  await createIssue(server.address, ada.token, "two");
  await adaApp.waitFor(1);
  await byAccessToken.waitFor(1);
  let at = Date.now();
  await destroySession(core, adaSession.session);
  await endsForAccess(adaApp, at, "session_ended");
  assert.ok(byAccessToken.isOpen());
  at = Date.now();
  await revokeAccessToken(core, access_token);
  await endsForAccess(byAccessToken, at, "revoked");
  await new Promise((r) => setTimeout(r, 1600));
  // any change of access makes every stream be checked again (the heartbeat does so every 15 s)
  core.events.accessChanged();
  await endsForAccess(expiring, Date.now(), "expired");
});

test("two instances on one PostgreSQL: a revocation through A ends the stream on B", {
  skip: !ON_POSTGRES && "needs PostgreSQL",
}, async (t) => {
  const database = await createTestDatabase();
  const cleanup: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const c of cleanup.reverse()) await c();
    await database.drop();
  });
  const a = await service(cleanup, database.url);
  const b = await service(cleanup, database.url);
  const ada = await seed(a.core);
  const { mintPat, revokePat } = await import("../../src/auth/tokens.ts");
  const read = await mintPat(a.core, { workspace: "acme", email: "ada@example.com", name: "reader" });
  const onB = await openStream(`${b.address}/v1/events/stream`, read.token);
  cleanup.push(() => onB.close());
  const stays = await openStream(`${b.address}/v1/events/stream`, ada.token);
  cleanup.push(() => stays.close());
  await createIssue(a.address, ada.token, "one");
  await onB.waitFor(1);
  const since = Date.now();
  await revokePat(a.core, read.details.id);
  await endsForAccess(onB, since, "revoked");
  assert.ok(stays.isOpen());
});

test("open streams are capped per credential, per person and per workspace: 429 with Retry-After", async (t) => {
  const database = await createTestDatabase();
  const cleanup: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const c of cleanup.reverse()) await c();
    await database.drop();
  });
  const server = await service(cleanup, database.url, {
    EVENT_STREAMS_PER_CREDENTIAL: "2",
    EVENT_STREAMS_PER_PERSON: "3",
    EVENT_STREAMS_PER_WORKSPACE: "4",
  });
  const core = server.core;
  const ada = await seed(core);
  const { mintPat } = await import("../../src/auth/tokens.ts");
  const { createPerson } = await import("../../src/auth/people.ts");
  const { addMember } = await import("../../src/auth/workspaces.ts");
  await createPerson(core, { email: "bob@example.com", name: "Bob" });
  await addMember(core, { workspace: "acme", email: "bob@example.com" });
  const bob = await mintPat(core, { workspace: "acme", email: "bob@example.com", name: "bob" });
  const url = `${server.address}/v1/events/stream`;
  const refused = async (token: string, cap: RegExp) => {
    const res = await checkedFetch(url, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(res.status, 429);
    assert.match(String(res.headers.get("retry-after")), /^[1-9]\d*$/);
    const body = (await res.json()) as { error: string; error_description: string; retry_after: number };
    assert.equal(body.error, "rate_limited");
    assert.equal(String(body.retry_after), res.headers.get("retry-after"));
    assert.match(body.error_description, cap);
  };
  const open = async (token: string) => {
    const s = await openStream(url, token);
    cleanup.push(() => s.close());
    assert.equal(s.res.status, 200);
    return s;
  };
  const first = await open(ada.readOnlyToken);
  await open(ada.readOnlyToken);
  await refused(ada.readOnlyToken, /at most 2 per credential/);
  await open(ada.token);
  await refused(ada.token, /at most 3 per person/);
  await open(bob.token);
  await refused(bob.token, /at most 4 per workspace/);
  // nothing else changed: the open streams read on
  await createIssue(server.address, ada.token, "one");
  await first.waitFor(1);
  // a closed stream gives its place back
  await first.close();
  await new Promise((r) => setTimeout(r, 100));
  await open(ada.readOnlyToken);
});

test("a stream ends cleanly at its maximum lifetime, and resuming with Last-Event-ID loses nothing", async (t) => {
  const database = await createTestDatabase();
  const cleanup: (() => Promise<void>)[] = [];
  t.after(async () => {
    for (const c of cleanup.reverse()) await c();
    await database.drop();
  });
  const server = await service(cleanup, database.url, { EVENT_STREAM_MAX_SECONDS: "1" });
  const ada = await seed(server.core);
  const url = `${server.address}/v1/events/stream?type=issue.created`;
  const first = await openStream(url, ada.token);
  cleanup.push(() => first.close());
  const opened = Date.now();
  await createIssue(server.address, ada.token, "before");
  const [seen] = await first.waitFor(1);
  const at = await first.ended(3000);
  assert.ok(at - opened >= 900 && at - opened < 2000, `ended after ${at - opened} ms`);
  assert.ok(
    first.messages.every((m) => m.event === undefined),
    "a clean end: no error message",
  );
  await createIssue(server.address, ada.token, "while away");
  const resumed = await openStream(url, ada.token, { "last-event-id": seen!.id });
  cleanup.push(() => resumed.close());
  const [back] = await resumed.waitFor(1);
  assert.notEqual(back!.id, seen!.id);
  assert.equal(back!.data.type, "issue.created");
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(resumed.messages.length, 1, "nothing repeated");
});
