import assert from "node:assert/strict";
import { type TestContext, test } from "node:test";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { createPerson } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { addMember, createSpace } from "../../src/auth/workspaces.ts";
import { newId } from "../../src/secrets.ts";
import { afterUsage } from "../../src/tracker/budgets.ts";
import type { Ctx } from "../../src/tracker/context.ts";
import { type Api, api, bearer, seed } from "../support.ts";

/**
 * Usage and budgets (REST, both stores): usage summed over a range by agent, space, issue and person;
 * budgets per agent and per space, set by admins, read by everyone; the 80% warning once a month, the
 * 100% refusal of new claims (403 budget_exceeded), and a new month starting from nothing.
 */

async function ok(a: Api, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await a.call(method, url, body, headers);
  assert.ok(res.status === 200 || res.status === 201, `${method} ${url}: ${res.status} ${res.text}`);
  return res.body;
}

function refused(
  res: { status: number; body: { error: string; fields?: object } },
  status: number,
  code: string,
  fields?: string[],
) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.error, code);
  if (fields)
    assert.deepEqual(Object.keys(res.body.fields ?? {}).sort(), fields.sort(), JSON.stringify(res.body));
}

async function agent(a: Api, personId: string, name: string) {
  const connection = await createConnection(a.env.core, {
    kind: "agent",
    workspaceId: a.workspaceId,
    personId,
    name,
    scopes: ["workspace.read", "workspace.write"],
  });
  const { access_token } = await issueAccessToken(a.env.core, connection);
  return { id: connection.id, headers: bearer(access_token) };
}

async function member(a: Api, email: string, name: string, role: "admin" | "member" = "member") {
  const person = await createPerson(a.env.core, { email, name });
  await addMember(a.env.core, { workspace: "acme", email, role });
  const pat = await mintPat(a.env.core, { workspace: "acme", email, name: `${name}'s token` });
  return { id: person.id, patId: pat.details.id, headers: bearer(pat.token) };
}

interface Usage {
  input_tokens?: number;
  output_tokens?: number;
  cache_read_tokens?: number;
  cache_write_tokens?: number;
  cost_micros?: number;
}

/**
 * A run stored as the sessions code stores one, its rows written directly so its activities can be placed
 * at chosen times (ranges, a run across the month's end): the session and its activities with their
 * usage, the session's totals kept, and budgets reviewed after each activity with usage. The tests of
 * budgets reaching their limits go through the runs' API instead.
 */
async function run(
  a: Api,
  s: { agent: string; person: string; issue: string; at: string; live?: boolean },
  activities: [at: string, usage: Usage][],
) {
  const db = a.env.core.db;
  const issue = await db
    .selectFrom("issues")
    .select(["id", "space_id"])
    .where("identifier", "=", s.issue)
    .where("workspace_id", "=", a.workspaceId)
    .executeTakeFirstOrThrow();
  const id = newId("ses");
  const last = activities.at(-1)?.[0] ?? s.at;
  await db
    .insertInto("agent_sessions")
    .values({
      id,
      workspace_id: a.workspaceId,
      space_id: issue.space_id,
      issue_id: issue.id,
      claim_id: null,
      agent_id: s.agent,
      person_id: s.person,
      started_by: s.agent,
      status: s.live ? "active" : "complete",
      status_reason: null,
      last_activity_at: last,
      stop_requested_at: null,
      stop_requested_by: null,
      created_at: s.at,
      updated_at: last,
      ended_at: s.live ? null : last,
    })
    .execute();
  let position = 1;
  for (const [at, usage] of activities) {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("session_activities")
        .values({
          id: newId("sac"),
          workspace_id: a.workspaceId,
          session_id: id,
          client_id: `c${position}`,
          position,
          kind: "thought",
          body: "thinking",
          action: null,
          options: null,
          author_id: s.agent,
          author_via: s.agent,
          created_at: at,
          ...usage,
        })
        .execute();
      position++;
      await trx
        .updateTable("agent_sessions")
        .set((eb) => ({
          input_tokens: eb("input_tokens", "+", usage.input_tokens ?? 0),
          output_tokens: eb("output_tokens", "+", usage.output_tokens ?? 0),
          cache_read_tokens: eb("cache_read_tokens", "+", usage.cache_read_tokens ?? 0),
          cache_write_tokens: eb("cache_write_tokens", "+", usage.cache_write_tokens ?? 0),
          cost_micros: eb("cost_micros", "+", usage.cost_micros ?? 0),
          activity_count: eb("activity_count", "+", 1),
        }))
        .where("id", "=", id)
        .execute();
      const ctx: Ctx = {
        core: a.env.core,
        workspaceId: a.workspaceId,
        actor: { personId: s.person, via: s.agent },
      };
      await afterUsage(trx, ctx, { agentId: s.agent, spaceId: issue.space_id, at });
    });
  }
  return id;
}

/** Two spaces, three issues, two agent connections (Ada's and Bob's) and a scripted agent's token. */
async function world(t: TestContext) {
  const a = await api(t);
  await createSpace(a.env.core, { workspace: "acme", name: "Operations", prefix: "OPS" });
  await ok(a, "POST", "/v1/issues", { title: "Fix login", status: "todo" });
  await ok(a, "POST", "/v1/issues", { title: "Speed up search", status: "todo" });
  await ok(a, "POST", "/v1/issues", { title: "Rotate keys", space: "OPS", status: "todo" });
  const bob = await member(a, "bob@example.com", "Bob");
  const builder = await agent(a, a.personId, "builder");
  const reviewer = await agent(a, bob.id, "reviewer");
  const spaces = (await ok(a, "GET", "/v1/workspace")).spaces as { id: string; prefix: string }[];
  const space = (prefix: string) => spaces.find((s) => s.prefix === prefix)!.id;
  const issue = async (key: string) => (await ok(a, "GET", `/v1/issues/${key}`)).id as string;
  return {
    a,
    bob,
    builder,
    reviewer,
    eng: space("ENG"),
    ops: space("OPS"),
    issues: { eng1: await issue("ENG-1"), eng2: await issue("ENG-2"), ops1: await issue("OPS-1") },
  };
}

test("usage sums the activities stored in [from, to), by agent, space, issue and person, highest cost first, with totals", async (t) => {
  const w = await world(t);
  const { a } = w;
  // the clock stands at 2026-03-01T09:00Z: the current month is March
  await run(a, { agent: w.builder.id, person: a.personId, issue: "ENG-1", at: "2026-03-01T10:00:00.000Z" }, [
    ["2026-03-01T10:00:00.000Z", { input_tokens: 1000, output_tokens: 200, cost_micros: 50_000 }],
    ["2026-03-02T10:00:00.000Z", { cache_read_tokens: 5000, cache_write_tokens: 100, cost_micros: 10_000 }],
    ["2026-03-02T11:00:00.000Z", {}],
  ]);
  await run(a, { agent: w.reviewer.id, person: w.bob.id, issue: "ENG-2", at: "2026-03-03T10:00:00.000Z" }, [
    ["2026-03-03T10:00:00.000Z", { input_tokens: 300, output_tokens: 30, cost_micros: 200_000 }],
  ]);
  await run(a, { agent: w.builder.id, person: a.personId, issue: "OPS-1", at: "2026-03-04T10:00:00.000Z" }, [
    ["2026-03-04T10:00:00.000Z", { input_tokens: 10, output_tokens: 1, cost_micros: 1_000 }],
  ]);
  // outside March: February, and the first moment of April (to is not included)
  await run(a, { agent: w.reviewer.id, person: w.bob.id, issue: "ENG-1", at: "2026-02-27T10:00:00.000Z" }, [
    ["2026-02-27T10:00:00.000Z", { input_tokens: 7, cost_micros: 9_000_000 }],
  ]);
  await run(a, { agent: w.builder.id, person: a.personId, issue: "ENG-2", at: "2026-04-01T00:00:00.000Z" }, [
    ["2026-04-01T00:00:00.000Z", { input_tokens: 7, cost_micros: 9_000_000 }],
  ]);

  const byAgent = await ok(a, "GET", "/v1/usage");
  assert.equal(byAgent.group_by, "agent");
  assert.equal(byAgent.from, "2026-03-01T00:00:00.000Z");
  assert.equal(byAgent.to, "2026-04-01T00:00:00.000Z");
  assert.deepEqual(byAgent.data, [
    {
      key: w.reviewer.id,
      name: "reviewer",
      identifier: null,
      input_tokens: 300,
      output_tokens: 30,
      cache_read_tokens: 0,
      cache_write_tokens: 0,
      tokens: 330,
      cost_micros: 200_000,
      sessions: 1,
    },
    {
      key: w.builder.id,
      name: "builder",
      identifier: null,
      input_tokens: 1010,
      output_tokens: 201,
      cache_read_tokens: 5000,
      cache_write_tokens: 100,
      tokens: 6311,
      cost_micros: 61_000,
      sessions: 2,
    },
  ]);
  assert.deepEqual(byAgent.totals, {
    input_tokens: 1310,
    output_tokens: 231,
    cache_read_tokens: 5000,
    cache_write_tokens: 100,
    tokens: 6641,
    cost_micros: 261_000,
    sessions: 3,
  });

  const bySpace = await ok(a, "GET", "/v1/usage?group_by=space");
  const engName = (await ok(a, "GET", "/v1/spaces/ENG")).name;
  assert.deepEqual(
    bySpace.data.map(
      (r: { key: string; name: string; identifier: string; cost_micros: number; sessions: number }) => [
        r.key,
        r.name,
        r.identifier,
        r.cost_micros,
        r.sessions,
      ],
    ),
    [
      [w.eng, engName, "ENG", 260_000, 2],
      [w.ops, "Operations", "OPS", 1_000, 1],
    ],
  );
  const byIssue = await ok(a, "GET", "/v1/usage?group_by=issue");
  assert.deepEqual(
    byIssue.data.map((r: { key: string; name: string; identifier: string; cost_micros: number }) => [
      r.key,
      r.identifier,
      r.name,
      r.cost_micros,
    ]),
    [
      [w.issues.eng2, "ENG-2", "Speed up search", 200_000],
      [w.issues.eng1, "ENG-1", "Fix login", 60_000],
      [w.issues.ops1, "OPS-1", "Rotate keys", 1_000],
    ],
  );
  const byPerson = await ok(a, "GET", "/v1/usage?group_by=person");
  assert.deepEqual(
    byPerson.data.map((r: { key: string; name: string; cost_micros: number; tokens: number }) => [
      r.key,
      r.name,
      r.cost_micros,
      r.tokens,
    ]),
    [
      [w.bob.id, "Bob", 200_000, 330],
      [a.personId, "Ada", 61_000, 6311],
    ],
  );

  // a range of its own: February to April's first moment and past it
  const wide = await ok(
    a,
    "GET",
    "/v1/usage?group_by=agent&from=2026-02-01T00:00:00Z&to=2026-04-01T00:00:01%2B00:00",
  );
  assert.equal(wide.totals.cost_micros, 261_000 + 18_000_000);
  assert.equal(wide.totals.sessions, 5);
  assert.equal(wide.to, "2026-04-01T00:00:01.000Z");
  // one day only: March 2nd (the activity with no usage still counts its run)
  const day = await ok(a, "GET", "/v1/usage?from=2026-03-02T00:00:00Z&to=2026-03-03T00:00:00Z");
  assert.deepEqual(
    day.data.map((r: { key: string; cost_micros: number; sessions: number }) => [
      r.key,
      r.cost_micros,
      r.sessions,
    ]),
    [[w.builder.id, 10_000, 1]],
  );
  // a range with nothing in it
  const empty = await ok(a, "GET", "/v1/usage?from=2025-01-01T00:00:00Z&to=2025-02-01T00:00:00Z");
  assert.deepEqual(empty.data, []);
  assert.equal(empty.totals.sessions, 0);
  assert.equal(empty.totals.cost_micros, 0);

  // pages, in order, the totals on each
  const first = await ok(a, "GET", "/v1/usage?group_by=issue&limit=2");
  assert.equal(first.data.length, 2);
  assert.ok(first.next_cursor);
  const second = await ok(
    a,
    "GET",
    `/v1/usage?group_by=issue&limit=2&cursor=${encodeURIComponent(first.next_cursor)}`,
  );
  assert.deepEqual(
    second.data.map((r: { identifier: string }) => r.identifier),
    ["OPS-1"],
  );
  assert.equal(second.next_cursor, null);
  assert.deepEqual(second.totals, first.totals);
  refused(
    await a.call("GET", `/v1/usage?group_by=agent&limit=2&cursor=${encodeURIComponent(first.next_cursor)}`),
    400,
    "invalid_request",
    ["query.cursor"],
  );

  // bad ranges and groups name the field
  refused(await a.call("GET", "/v1/usage?group_by=model"), 400, "invalid_request", ["query.group_by"]);
  refused(await a.call("GET", "/v1/usage?from=yesterday"), 400, "invalid_request", ["query.from"]);
  refused(await a.call("GET", "/v1/usage?from=2026-03-01"), 400, "invalid_request", ["query.from"]);
  const backwards = await a.call("GET", "/v1/usage?from=2026-03-05T00:00:00Z&to=2026-03-05T00:00:00Z");
  refused(backwards, 400, "invalid_request", ["query.to"]);
  assert.match(backwards.body.error_description, /query\.to: must be after from/);
  const long = await a.call("GET", "/v1/usage?from=2025-01-01T00:00:00Z&to=2026-01-03T00:00:00Z");
  refused(long, 400, "invalid_request", ["query.to"]);
  assert.match(long.body.error_description, /at most 366 days/);
  await ok(a, "GET", "/v1/usage?from=2025-01-01T00:00:00Z&to=2026-01-02T00:00:00Z");
  // only to, before the current month: from (the month's start) is after it
  refused(await a.call("GET", "/v1/usage?to=2026-02-01T00:00:00Z"), 400, "invalid_request", ["query.to"]);

  // agents read usage too; another workspace sees none of it
  assert.equal((await ok(a, "GET", "/v1/usage", undefined, w.builder.headers)).totals.sessions, 3);
  const other = await seed(a.env.core, "globex", "eve@example.com");
  const theirs = await ok(a, "GET", "/v1/usage", undefined, bearer(other.token));
  assert.deepEqual(theirs.data, []);
  assert.equal(theirs.totals.cost_micros, 0);
});

test("budgets: admins set them, everyone reads them, one per agent or space, limits checked, other workspaces' are 404", async (t) => {
  const w = await world(t);
  const { a } = w;
  const script = await mintPat(a.env.core, { workspace: "acme", email: "ada@example.com", name: "nightly" });

  const made = await a.call("POST", "/v1/budgets", { agent: w.builder.id, cost_micros_limit: 1_000_000 });
  assert.equal(made.status, 201, made.text);
  const budget = made.body;
  assert.match(budget.id, /^bud_/);
  assert.deepEqual(budget.scope, { type: "agent", id: w.builder.id, name: "builder", prefix: null });
  assert.equal(budget.cost_micros_limit, 1_000_000);
  assert.equal(budget.token_limit, null);
  assert.equal(budget.month, "2026-03");
  assert.equal(budget.resets_at, "2026-04-01T00:00:00.000Z");
  assert.deepEqual(budget.spent, {
    cost_micros: 0,
    tokens: 0,
    input_tokens: 0,
    output_tokens: 0,
    cache_read_tokens: 0,
    cache_write_tokens: 0,
  });
  assert.equal(budget.percent, 0);
  assert.equal(budget.state, "ok");
  assert.equal(budget.version, 1);
  assert.equal(budget.created_by.person_id, a.personId);
  assert.match(budget.created_by.via, /^pat_/);

  const space = await ok(a, "POST", "/v1/budgets", { space: "ops", token_limit: 5000 });
  assert.deepEqual(space.scope, { type: "space", id: w.ops, name: "Operations", prefix: "OPS" });
  const scripted = await ok(a, "POST", "/v1/budgets", {
    agent: script.details.id,
    cost_micros_limit: 10,
    token_limit: 10,
  });
  assert.equal(scripted.scope.name, "nightly");

  // one per scope
  const twice = await a.call("POST", "/v1/budgets", { agent: w.builder.id, token_limit: 5 });
  refused(twice, 409, "conflict");
  assert.equal(twice.body.budget_id, budget.id);
  refused(await a.call("POST", "/v1/budgets", { space: w.ops, token_limit: 5 }), 409, "conflict");

  // validation: one scope, at least one limit, positive whole numbers, this workspace's scope
  const cases: [unknown, string[]][] = [
    [{ cost_micros_limit: 5 }, ["body.agent", "body.space"]],
    [{ agent: w.reviewer.id, space: "ENG", cost_micros_limit: 5 }, ["body.agent", "body.space"]],
    [{ agent: w.reviewer.id }, ["body.cost_micros_limit", "body.token_limit"]],
    [{ agent: w.reviewer.id, cost_micros_limit: 0 }, ["body.cost_micros_limit"]],
    [{ agent: w.reviewer.id, cost_micros_limit: -5 }, ["body.cost_micros_limit"]],
    [{ agent: w.reviewer.id, token_limit: 1.5 }, ["body.token_limit"]],
    [{ agent: w.reviewer.id, token_limit: "100" }, ["body.token_limit"]],
    [{ agent: w.reviewer.id, token_limit: 2 ** 60 }, ["body.token_limit"]],
    [{ agent: "builder", token_limit: 5 }, ["body.agent"]],
    [{ agent: "con_01JQ2Z8X3V4B5N6M7K8J9H0G1F", token_limit: 5 }, ["body.agent"]],
    [{ space: "NOPE", token_limit: 5 }, ["body.space"]],
    [{ agent: w.reviewer.id, token_limit: 5, month: "2026-03" }, ["body.month"]],
  ];
  for (const [body, fields] of cases)
    refused(await a.call("POST", "/v1/budgets", body), 400, "invalid_request", fields);
  // another workspace's agent is not this workspace's
  const other = await seed(a.env.core, "globex", "eve@example.com");
  const theirAgent = await createConnection(a.env.core, {
    kind: "agent",
    workspaceId: other.workspaceId,
    personId: other.personId,
    name: "theirs",
    scopes: ["workspace.read"],
  });
  const foreign = await a.call("POST", "/v1/budgets", { agent: theirAgent.id, token_limit: 5 });
  refused(foreign, 400, "invalid_request", ["body.agent"]);
  assert.match(foreign.body.error_description, /no agent connection .* in this workspace/);

  // members and agents read; only admins write (an agent never, a token never its own budget)
  const list = await ok(a, "GET", "/v1/budgets", undefined, w.bob.headers);
  assert.deepEqual(
    list.data.map((b: { id: string }) => b.id),
    [budget.id, space.id, scripted.id],
  );
  assert.deepEqual(
    (await ok(a, "GET", `/v1/budgets?agent=${w.builder.id}`, undefined, w.builder.headers)).data.map(
      (b: { id: string }) => b.id,
    ),
    [budget.id],
  );
  assert.deepEqual(
    (await ok(a, "GET", "/v1/budgets?space=OPS")).data.map((b: { id: string }) => b.id),
    [space.id],
  );
  assert.deepEqual((await ok(a, "GET", "/v1/budgets?space=ENG")).data, []);
  assert.deepEqual((await ok(a, "GET", "/v1/budgets?space=ZZZ")).data, []);
  const paged = await ok(a, "GET", "/v1/budgets?limit=2");
  assert.equal(paged.data.length, 2);
  assert.ok(paged.next_cursor);
  assert.equal((await ok(a, "GET", `/v1/budgets/${budget.id}`, undefined, w.bob.headers)).id, budget.id);
  for (const headers of [w.bob.headers, w.builder.headers]) {
    refused(
      await a.call("POST", "/v1/budgets", { agent: w.reviewer.id, token_limit: 5 }, headers),
      403,
      "forbidden",
    );
    refused(await a.call("PATCH", `/v1/budgets/${budget.id}`, { token_limit: 5 }, headers), 403, "forbidden");
    refused(await a.call("DELETE", `/v1/budgets/${budget.id}`, undefined, headers), 403, "forbidden");
  }
  const own = await a.call(
    "PATCH",
    `/v1/budgets/${scripted.id}`,
    { cost_micros_limit: 1_000_000 },
    bearer(script.token),
  );
  refused(own, 403, "forbidden");
  assert.match(own.body.error_description, /may not change its own budget/);
  // a member made admin may
  const lin = await member(a, "lin@example.com", "Lin", "admin");
  await ok(a, "PATCH", `/v1/budgets/${scripted.id}`, { token_limit: null }, lin.headers);

  // changes: only what is sent; null removes a limit, one must remain; If-Match guards
  const read = await a.call("GET", `/v1/budgets/${budget.id}`);
  assert.match(String(read.headers.etag), /^"1-/);
  const changed = await ok(a, "PATCH", `/v1/budgets/${budget.id}`, { token_limit: 20_000 });
  assert.equal(changed.cost_micros_limit, 1_000_000);
  assert.equal(changed.token_limit, 20_000);
  assert.equal(changed.version, 2);
  const stale = await a.call(
    "PATCH",
    `/v1/budgets/${budget.id}`,
    { token_limit: 1 },
    { "if-match": String(read.headers.etag) },
  );
  refused(stale, 412, "precondition_failed");
  refused(
    await a.call("PATCH", `/v1/budgets/${budget.id}`, { cost_micros_limit: null, token_limit: null }),
    400,
    "invalid_request",
    ["body.cost_micros_limit", "body.token_limit"],
  );
  refused(
    await a.call("PATCH", `/v1/budgets/${budget.id}`, { agent: w.reviewer.id }),
    400,
    "invalid_request",
    ["body.agent"],
  );
  const costOnly = await ok(a, "PATCH", `/v1/budgets/${budget.id}`, { token_limit: null });
  assert.equal(costOnly.token_limit, null);
  assert.equal((await ok(a, "GET", `/v1/budgets/${budget.id}`)).version, 3);

  // another workspace's budget is 404 to read, change and delete; theirs are not listed here
  const theirs = await ok(a, "POST", "/v1/budgets", { space: "ENG", token_limit: 5 }, bearer(other.token));
  for (const [method, body] of [["GET"], ["PATCH", { token_limit: 9 }], ["DELETE"]] as const)
    refused(await a.call(method, `/v1/budgets/${theirs.id}`, body), 404, "not_found");
  assert.equal((await ok(a, "GET", "/v1/budgets")).data.length, 3);
  refused(await a.call("GET", "/v1/budgets/bud_01JQ2Z8X3V4B5N6M7K8J9H0G1F"), 404, "not_found");
  refused(await a.call("GET", "/v1/budgets/nope"), 400, "invalid_request", ["path.id"]);

  // delete
  assert.deepEqual(await ok(a, "DELETE", `/v1/budgets/${space.id}`), { id: space.id, deleted: true });
  refused(await a.call("GET", `/v1/budgets/${space.id}`), 404, "not_found");
  // the space may have a budget again
  await ok(a, "POST", "/v1/budgets", { space: "OPS", cost_micros_limit: 5 });
  assert.equal(
    (await ok(a, "GET", `/v1/budgets/${theirs.id}`, undefined, bearer(other.token))).token_limit,
    5,
  );
});

test("an agent's budget, through its runs: the 80% warning once a month, 100% stops its run and refuses its new claims and runs (403 budget_exceeded), a new month starts from nothing", async (t) => {
  const w = await world(t);
  const { a } = w;
  const budget = await ok(a, "POST", "/v1/budgets", { agent: w.builder.id, cost_micros_limit: 1_000_000 });
  const events = async () =>
    (await ok(a, "GET", "/v1/events?type=budget.*&limit=100")).data.map((e: { type: string }) => e.type);
  const inbox = async () =>
    (await ok(a, "GET", "/v1/inbox?limit=100")).data.filter((i: { kind: string }) =>
      i.kind.startsWith("budget_"),
    );
  let n = 0;
  const report = (session: string, cost_micros: number, kind = "thought") =>
    a.call(
      "POST",
      `/v1/sessions/${session}/activities`,
      { activities: [{ id: `r${++n}`, kind, body: "step", usage: { input_tokens: 10, cost_micros } }] },
      w.builder.headers,
    );

  // 50%: nothing
  const run = (await ok(a, "POST", "/v1/sessions", { issue: "ENG-1" }, w.builder.headers)).session;
  assert.equal((await report(run.id, 500_000)).status, 200);
  assert.equal((await ok(a, "GET", `/v1/budgets/${budget.id}`)).state, "ok");
  assert.deepEqual(await events(), []);

  // 85%: one warning, to Ada (the connection's person), not Bob
  assert.equal((await report(run.id, 350_000)).status, 200);
  let read = await ok(a, "GET", `/v1/budgets/${budget.id}`);
  assert.equal(read.state, "warning");
  assert.equal(read.percent, 85);
  assert.equal(read.spent.cost_micros, 850_000);
  assert.equal(read.spent.input_tokens, 20);
  assert.deepEqual(await events(), ["budget.warning"]);
  let items = await inbox();
  assert.equal(items.length, 1);
  assert.equal(items[0].kind, "budget_warning");
  assert.equal(items[0].subject.type, "budget");
  assert.equal(items[0].subject.id, budget.id);
  assert.equal(items[0].subject.url, `/v1/budgets/${budget.id}`);
  assert.match(items[0].title, /builder: 85% of 2026-03 spent/);
  assert.equal((await ok(a, "GET", "/v1/inbox", undefined, w.bob.headers)).data.length, 0);
  const feed = (await ok(a, "GET", "/v1/events?type=budget.warning")).data[0];
  assert.equal(feed.object.id, budget.id);
  assert.equal(feed.object.url, `/v1/budgets/${budget.id}`);
  assert.equal(feed.data.percent, 85);

  // 95%: no second warning in the month; the agent may still claim
  assert.equal((await report(run.id, 100_000)).status, 200);
  assert.equal((await ok(a, "GET", `/v1/budgets/${budget.id}`)).percent, 95);
  assert.deepEqual(await events(), ["budget.warning"]);
  const claim = await ok(a, "POST", "/v1/claims", { issue: "ENG-2" }, w.builder.headers);
  await ok(a, "DELETE", `/v1/claims/${claim.id}`, undefined, w.builder.headers);

  // 103%: exceeded, once; the run is stopping and its writes under the claim are refused
  assert.equal((await report(run.id, 80_000)).status, 200);
  read = await ok(a, "GET", `/v1/budgets/${budget.id}`);
  assert.equal(read.state, "exceeded");
  assert.equal(read.percent, 103);
  assert.deepEqual(await events(), ["budget.warning", "budget.exceeded"]);
  const stopping = await ok(a, "GET", `/v1/sessions/${run.id}`);
  assert.equal(stopping.status, "stopping");
  assert.equal(stopping.status_reason, "budget_exceeded");
  refused(
    await a.call("PATCH", "/v1/issues/ENG-1", { title: "More" }, w.builder.headers),
    409,
    "session_stopped",
  );
  // its last word (with what it used) is taken and ends the run; nobody is told twice
  assert.equal((await report(run.id, 1_000, "response")).status, 200);
  assert.equal((await ok(a, "GET", `/v1/sessions/${run.id}`)).status, "stopped");
  assert.deepEqual(await events(), ["budget.warning", "budget.exceeded"]);
  items = await inbox();
  assert.deepEqual(items.map((i: { kind: string }) => i.kind).sort(), ["budget_exceeded", "budget_warning"]);

  // its new claims and runs are refused, naming the budget; other agents and people go on
  for (const [url, body] of [
    ["/v1/claims", { issue: "ENG-2" }],
    ["/v1/claims", {}],
    ["/v1/sessions", { issue: "ENG-2" }],
  ] as const) {
    const res = await a.call("POST", url, body, w.builder.headers);
    refused(res, 403, "budget_exceeded");
    assert.equal(res.body.budget.id, budget.id);
    assert.equal(res.body.budget.state, "exceeded");
    assert.match(res.body.error_description, /budget of agent builder is spent for 2026-03/);
  }
  assert.equal((await ok(a, "GET", "/v1/claims")).data.length, 0, "nothing was claimed");
  const other = await ok(a, "POST", "/v1/claims", { issue: "ENG-2" }, w.reviewer.headers);
  await ok(a, "DELETE", `/v1/claims/${other.id}`, undefined, w.reviewer.headers);
  const mine = await ok(a, "POST", "/v1/claims", { issue: "ENG-2" });
  await ok(a, "DELETE", `/v1/claims/${mine.id}`);

  // raising the limit lifts the refusal at once
  const raised = await ok(a, "PATCH", `/v1/budgets/${budget.id}`, { cost_micros_limit: 2_000_000 });
  assert.equal(raised.state, "ok");
  const again = await ok(a, "POST", "/v1/claims", { issue: "ENG-2" }, w.builder.headers);
  await ok(a, "DELETE", `/v1/claims/${again.id}`, undefined, w.builder.headers);
  // lowering it below what was spent refuses again at once, and says so again (the raise re-armed it)
  await ok(a, "PATCH", `/v1/budgets/${budget.id}`, { cost_micros_limit: 1_000_000 });
  refused(await a.call("POST", "/v1/claims", { issue: "ENG-2" }, w.builder.headers), 403, "budget_exceeded");
  assert.deepEqual(await events(), ["budget.warning", "budget.exceeded", "budget.exceeded"]);

  // April: a new month from nothing; the agent runs again and warns again when it reaches 80%
  a.env.clock.set("2026-04-01T00:00:00.000Z");
  // (the connection's access token ran out meanwhile: a new one)
  const { access_token } = await issueAccessToken(a.env.core, {
    id: w.builder.id,
    scopes: "workspace.read workspace.write",
  });
  w.builder.headers = bearer(access_token);
  read = await ok(a, "GET", `/v1/budgets/${budget.id}`);
  assert.equal(read.month, "2026-04");
  assert.equal(read.resets_at, "2026-05-01T00:00:00.000Z");
  assert.equal(read.state, "ok");
  assert.equal(read.spent.cost_micros, 0);
  const april = (await ok(a, "POST", "/v1/sessions", { issue: "ENG-2" }, w.builder.headers)).session;
  assert.equal((await report(april.id, 900_000)).status, 200);
  assert.deepEqual(await events(), [
    "budget.warning",
    "budget.exceeded",
    "budget.exceeded",
    "budget.warning",
  ]);
  // what was stored in March stays March's
  const march = await ok(a, "GET", "/v1/usage?from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z");
  assert.equal(march.totals.cost_micros, 1_031_000);
  assert.equal((await ok(a, "GET", "/v1/usage")).totals.cost_micros, 900_000);
});

test("a run that started last month counts this month's activities in this month; a space's budget tells the admins", async (t) => {
  const w = await world(t);
  const { a } = w;
  const lin = await member(a, "lin@example.com", "Lin", "admin");
  const budget = await ok(a, "POST", "/v1/budgets", { space: "ENG", token_limit: 1000 });
  // a run started on the last day of February, still live
  await run(
    a,
    { agent: w.reviewer.id, person: w.bob.id, issue: "ENG-1", at: "2026-02-28T23:00:00.000Z", live: true },
    [
      ["2026-02-28T23:00:00.000Z", { input_tokens: 5000 }],
      ["2026-03-01T08:00:00.000Z", { input_tokens: 400, output_tokens: 100 }],
    ],
  );
  // another agent's run in OPS does not count in ENG
  await run(a, { agent: w.builder.id, person: a.personId, issue: "OPS-1", at: "2026-03-01T08:30:00.000Z" }, [
    ["2026-03-01T08:30:00.000Z", { input_tokens: 5000 }],
  ]);
  let read = await ok(a, "GET", `/v1/budgets/${budget.id}`);
  assert.equal(read.spent.tokens, 500);
  assert.equal(read.state, "ok");
  await run(a, { agent: w.builder.id, person: a.personId, issue: "ENG-2", at: "2026-03-01T08:40:00.000Z" }, [
    ["2026-03-01T08:40:00.000Z", { cache_read_tokens: 250, cache_write_tokens: 50 }],
  ]);
  read = await ok(a, "GET", `/v1/budgets/${budget.id}`);
  assert.equal(read.spent.tokens, 800);
  assert.equal(read.percent, 80);
  assert.equal(read.state, "warning");
  // the admins and the Owner hear of it; a member does not
  for (const [headers, n] of [
    [{}, 1],
    [lin.headers, 1],
    [w.bob.headers, 0],
  ] as const) {
    const items = (await ok(a, "GET", "/v1/inbox?kind=budget_warning", undefined, headers)).data;
    assert.equal(items.length, n);
  }
  // every agent's new claims in the space are refused once it is spent; elsewhere they claim on
  await run(a, { agent: w.builder.id, person: a.personId, issue: "ENG-2", at: "2026-03-01T08:50:00.000Z" }, [
    ["2026-03-01T08:50:00.000Z", { output_tokens: 200 }],
  ]);
  assert.equal((await ok(a, "GET", `/v1/budgets/${budget.id}`)).state, "exceeded");
  const exceeded = (await ok(a, "GET", "/v1/inbox?kind=budget_exceeded", undefined, lin.headers)).data;
  assert.equal(exceeded.length, 1, JSON.stringify(exceeded, null, 1));
  assert.match(exceeded[0].title, /Budget of space ENG spent for 2026-03/);
  for (const who of [w.builder, w.reviewer]) {
    const res = await a.call("POST", "/v1/claims", { issue: "ENG-2" }, who.headers);
    refused(res, 403, "budget_exceeded");
    assert.equal(res.body.budget.scope.prefix, "ENG");
  }
  const ops = await ok(a, "POST", "/v1/claims", { issue: "OPS-1" }, w.builder.headers);
  assert.equal(ops.issue.identifier, "OPS-1");
  // the next ready issue outside the space
  await ok(a, "DELETE", `/v1/claims/${ops.id}`, undefined, w.builder.headers);
  const next = await a.call("POST", "/v1/claims", { space: "OPS" }, w.builder.headers);
  assert.equal(next.status, 201, next.text);
});

test("through the runs' API: activities with usage count, and a spent budget stops the agent's live runs (409 session_stopped on its next write) and refuses its next run", async (t) => {
  const w = await world(t);
  const { a } = w;
  const budget = await ok(a, "POST", "/v1/budgets", { agent: w.builder.id, token_limit: 1000 });
  const first = await ok(a, "POST", "/v1/sessions", { issue: "ENG-1" }, w.builder.headers);
  const second = await ok(a, "POST", "/v1/sessions", { issue: "OPS-1" }, w.builder.headers);
  const theirs = await ok(a, "POST", "/v1/sessions", { issue: "ENG-2" }, w.reviewer.headers);
  const post = (session: string, id: string, usage: Usage, headers = w.builder.headers) =>
    a.call(
      "POST",
      `/v1/sessions/${session}/activities`,
      { activities: [{ id, kind: "thought", body: "working", usage }] },
      headers,
    );
  assert.equal((await post(first.session.id, "a1", { input_tokens: 500, cost_micros: 10 })).status, 200);
  assert.equal((await post(second.session.id, "b1", { output_tokens: 350 })).status, 200);
  assert.equal((await ok(a, "GET", `/v1/budgets/${budget.id}`)).state, "warning");
  assert.equal((await post(theirs.session.id, "c1", { input_tokens: 5000 }, w.reviewer.headers)).status, 200);
  // the report that reaches the limit is stored; then both live runs of the agent are stopping
  assert.equal((await post(first.session.id, "a2", { input_tokens: 200 })).status, 200);
  const read = await ok(a, "GET", `/v1/budgets/${budget.id}`);
  assert.equal(read.state, "exceeded");
  assert.equal(read.spent.tokens, 1050);
  for (const s of [first.session.id, second.session.id]) {
    const run = await ok(a, "GET", `/v1/sessions/${s}`);
    assert.equal(run.status, "stopping");
    assert.equal(run.status_reason, "budget_exceeded");
  }
  assert.equal(
    (await ok(a, "GET", `/v1/sessions/${theirs.session.id}`)).status,
    "active",
    "another agent's run goes on",
  );
  const refusedWrite = await post(second.session.id, "b2", { output_tokens: 1 });
  refused(refusedWrite, 409, "session_stopped");
  const stopped = await a.call("PATCH", "/v1/issues/ENG-1", { title: "More work" }, w.builder.headers);
  refused(stopped, 409, "session_stopped");
  // a new run of the agent is refused, naming the budget
  await ok(a, "POST", "/v1/issues", { title: "Next", status: "todo" });
  const again = await a.call("POST", "/v1/sessions", { issue: "ENG-3" }, w.builder.headers);
  refused(again, 403, "budget_exceeded");
  assert.equal(again.body.budget.id, budget.id);
  const feed = (await ok(a, "GET", "/v1/events?type=budget.*")).data.map((e: { type: string }) => e.type);
  assert.deepEqual(feed, ["budget.warning", "budget.exceeded"]);
  // usage reads the same figures
  const usage = await ok(a, "GET", "/v1/usage?group_by=agent");
  assert.deepEqual(
    usage.data.map((r: { key: string; tokens: number; sessions: number }) => [r.key, r.tokens, r.sessions]),
    [
      // the highest cost first (10 against 0), whatever the tokens
      [w.builder.id, 1050, 2],
      [w.reviewer.id, 5000, 1],
    ],
  );
});
