import assert from "node:assert/strict";
import { test } from "node:test";
import { sql } from "kysely";
import { newId } from "../../src/secrets.ts";
import {
  blockCounts,
  fragmentOf,
  LexemeMatcher,
  lexemeOf,
  lexemesOf,
  newestBlocks,
  parseSearch,
  renderMarks,
  SEARCH_LIMITS,
  toFts5,
  toTsquery,
} from "../../src/tracker/search.ts";
import { indexDocument, removeDocument } from "../../src/tracker/search-index.ts";
import { type Api, api, bearer, ON_POSTGRES, seed } from "../support.ts";

type Kind = "issue" | "decision" | "note" | "file";
const PREFIX: Record<Kind, string> = { issue: "iss", decision: "dec", note: "note", file: "file" };

/** Puts a search document straight into the index, as the modules that own the objects do. */
async function doc(
  a: Api,
  type: Kind,
  title: string,
  body = "",
  workspaceId = a.workspaceId,
): Promise<string> {
  const id = newId(PREFIX[type]);
  await indexDocument(a.env.core.db, {
    object_id: id,
    workspace_id: workspaceId,
    object_type: type,
    title,
    body,
    updated_at: a.env.clock.now().toISOString(),
  });
  return id;
}

async function find(a: Api, params: Record<string, string>, headers?: Record<string, string>) {
  return a.call("GET", `/v1/search?${new URLSearchParams(params)}`, undefined, headers);
}

/**
 * `n` search documents matching "alpha", "beta" and "gamma" in turn, in four kinds, three in seven of
 * them in `other`'s workspace, the rest in `own`'s; `tail` ends a document's body.
 */
function poolRows(n: number, own: string, other: string, tail: (i: number) => string) {
  const words = ["alpha", "beta", "gamma"];
  return Array.from({ length: n }, (_, i) => {
    const type = (["issue", "decision", "note", "file"] as const)[i % 4]!;
    return {
      object_id: newId(PREFIX[type], new Date(Date.parse("2026-01-01T00:00:00Z") + i * 1000)),
      workspace_id: i % 7 < 3 ? other : own,
      object_type: type,
      title: i % 11 === 0 ? `${words[i % 3]} headline` : `Item ${i}`,
      body: `${words[i % 3]} ${words[(i + 1) % 3]} ${i % 5 === 0 ? words[i % 3] : ""} filler ${i}${tail(i)}`,
      updated_at: "2026-01-01T00:00:00.000Z",
    };
  });
}

/** Every result of a search, page after page (100 a page), as `token` sees them. */
async function everyPage(
  a: Api,
  q: string,
  types: readonly string[] | undefined,
  token: string,
): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  do {
    const params: Record<string, string> = { q, limit: "100" };
    if (types) params.type = types.join(",");
    if (cursor) params.cursor = cursor;
    const res = await find(a, params, bearer(token));
    assert.equal(res.status, 200, res.text);
    seen.push(...res.body.data.map((r: { id: string }) => r.id));
    cursor = res.body.next_cursor ?? undefined;
  } while (cursor);
  return seen;
}

async function ids(a: Api, params: Record<string, string>): Promise<string[]> {
  const res = await find(a, params);
  assert.equal(res.status, 200, res.text);
  return res.body.data.map((r: { id: string }) => r.id);
}

test("a title match ranks above a body-only match, and more matches above fewer", async (t) => {
  const a = await api(t);
  const filler = "the service answers requests from the queue and writes results to storage";
  const body1 = await doc(a, "note", "Quarterly plan", `${filler} with a glitch once`);
  const title = await doc(a, "issue", "Glitch in the uploader", filler);
  const body3 = await doc(a, "decision", "Retry policy", `${filler} glitch after glitch, another glitch`);
  await doc(a, "note", "Unrelated", filler);
  const res = await find(a, { q: "glitch" });
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(
    res.body.data.map((r: { id: string }) => r.id),
    [title, body3, body1],
  );
  const scores = res.body.data.map((r: { score: number }) => r.score);
  assert.ok(scores[0] > scores[1] && scores[1] > scores[2], `scores descend: ${scores}`);
  for (const s of scores) assert.ok(s > 0);
});

test("results carry type, title, updated_at and a snippet with escaped HTML and marks", async (t) => {
  const a = await api(t);
  const id = await doc(
    a,
    "note",
    'Release "checklist" & 1 < 2 notes',
    "Before shipping, run <script>alert('x')</script> & check the \"migration\" output twice.",
  );
  const res = await find(a, { q: "migration" });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.data.length, 1);
  const hit = res.body.data[0];
  assert.equal(hit.type, "note");
  assert.equal(hit.id, id);
  assert.equal(hit.title, 'Release "checklist" & 1 < 2 notes');
  assert.equal(hit.updated_at, "2026-03-01T09:00:00.000Z");
  assert.equal(hit.identifier, undefined);
  assert.equal(hit.status, undefined);
  assert.match(
    hit.snippet,
    /\(&#39;x&#39;\)&lt;\/script&gt; &amp; check the &quot;<mark>migration<\/mark>&quot;/,
  );
  // The marks are the only markup.
  assert.deepEqual(hit.snippet.match(/<[^>]*>/g), ["<mark>", "</mark>"]);

  // A title-only match shows the title, highlighted and escaped.
  const byTitle = await find(a, { q: "checklist" });
  assert.equal(
    byTitle.body.data[0].snippet,
    "Release &quot;<mark>checklist</mark>&quot; &amp; 1 &lt; 2 notes",
  );
});

test("the snippet is the part of a long body around the match, cut with ellipses", async (t) => {
  const a = await api(t);
  const words = Array.from({ length: 80 }, (_, i) => `word${i}`);
  words.splice(40, 0, "needle");
  await doc(a, "note", "Long", words.join(" "));
  const [hit] = (await find(a, { q: "needle" })).body.data;
  assert.match(hit.snippet, /^….*<mark>needle<\/mark>.*…$/);
  assert.ok(!hit.snippet.includes("word0 "), hit.snippet);
  assert.ok(!hit.snippet.includes("word79"), hit.snippet);

  // A body without the word shows its opening words; the title carries the match.
  await doc(a, "note", "Haystack facts", "Short body without it.");
  const [other] = (await find(a, { q: "haystack" })).body.data;
  assert.equal(other.snippet, "<mark>Haystack</mark> facts");
});

test("words are stemmed; phrases, prefixes, exclusions and OR work", async (t) => {
  const a = await api(t);
  const quick = await doc(a, "note", "Animals", "The quick brown fox jumps over the lazy dog");
  const split = await doc(a, "note", "Colours", "A brown cow and a quick hare");
  const login = await doc(a, "issue", "Login crashes", "Signing in crashes the app");
  const logout = await doc(a, "issue", "Logout button", "Nothing happens on tap");

  assert.deepEqual(await ids(a, { q: "jumping foxes" }), [quick]);
  assert.deepEqual((await ids(a, { q: "quick brown" })).sort(), [quick, split].sort());
  assert.deepEqual(await ids(a, { q: '"quick brown"' }), [quick]);
  assert.deepEqual(await ids(a, { q: '"brown quick"' }), []);
  assert.deepEqual((await ids(a, { q: "log*" })).sort(), [login, logout].sort());
  assert.deepEqual(await ids(a, { q: "log* -crash" }), [logout]);
  assert.deepEqual(await ids(a, { q: "log* NOT button" }), [login]);
  assert.deepEqual((await ids(a, { q: "hare OR fox" })).sort(), [quick, split].sort());
  assert.deepEqual(await ids(a, { q: "hare fox" }), []);
});

test("the type filter keeps the kinds asked for", async (t) => {
  const a = await api(t);
  const note = await doc(a, "note", "Deploy runbook", "steps");
  const decision = await doc(a, "decision", "Deploy on Tuesdays", "why");
  const file = await doc(a, "file", "deploy-diagram.png");
  const issue = await doc(a, "issue", "Deploy fails", "log");
  assert.deepEqual(await ids(a, { q: "deploy", type: "note" }), [note]);
  assert.deepEqual((await ids(a, { q: "deploy", type: "file,decision" })).sort(), [decision, file].sort());
  assert.deepEqual((await ids(a, { q: "deploy" })).sort(), [decision, file, issue, note].sort());
  const files = await find(a, { q: "diagram", type: "file" });
  assert.equal(files.body.data[0].title, "deploy-diagram.png");
  assert.equal(files.body.data[0].snippet, "deploy-<mark>diagram</mark>.png");

  for (const type of ["task", "", "issue,,bogus"]) {
    const res = await find(a, { q: "deploy", type });
    assert.equal(res.status, 400, `type=${type}`);
    assert.ok(
      Object.keys(res.body.fields).some((k) => k.startsWith("query.type")),
      res.text,
    );
  }
});

test("pages neither skip nor repeat, and a cursor only serves its own query", async (t) => {
  const a = await api(t);
  const all: string[] = [];
  for (let i = 0; i < 25; i++) {
    // Equal documents tie on score: the object id breaks the tie.
    all.push(await doc(a, i % 2 ? "note" : "issue", `Paging item ${i % 3}`, "pagination body"));
  }
  await doc(a, "note", "Unrelated entry", "other words");
  const seen: string[] = [];
  let cursor: string | undefined;
  const sizes: number[] = [];
  do {
    const res = await find(a, { q: "paging", limit: "10", ...(cursor ? { cursor } : {}) });
    assert.equal(res.status, 200, res.text);
    sizes.push(res.body.data.length);
    seen.push(...res.body.data.map((r: { id: string }) => r.id));
    cursor = res.body.next_cursor ?? undefined;
    if (cursor) assert.match(String(res.headers.link), /rel="next"/);
    else assert.equal(res.headers.link, undefined);
  } while (cursor);
  assert.deepEqual(sizes, [10, 10, 5]);
  assert.equal(new Set(seen).size, 25);
  assert.deepEqual([...seen].sort(), [...all].sort());

  // The same walk again gives the same order.
  const first = await find(a, { q: "paging", limit: "10" });
  assert.deepEqual(
    first.body.data.map((r: { id: string }) => r.id),
    seen.slice(0, 10),
  );

  // Default limit 20; at most 100.
  assert.equal((await find(a, { q: "paging" })).body.data.length, 20);
  assert.equal((await find(a, { q: "paging", limit: "100" })).body.data.length, 25);
  for (const limit of ["0", "101", "ten"]) {
    const res = await find(a, { q: "paging", limit });
    assert.equal(res.status, 400);
    assert.ok(res.body.fields["query.limit"]);
  }

  // A cursor belongs to its q and type.
  const next = first.body.next_cursor;
  for (const params of [
    { q: "pagination", cursor: next },
    { q: "paging", type: "note", cursor: next },
  ] as Record<string, string>[]) {
    const res = await find(a, params);
    assert.equal(res.status, 400, res.text);
    assert.match(res.body.fields["query.cursor"], /another q or type/);
  }
  for (const bad of ["nonsense", Buffer.from('["search",-5,"x"]').toString("base64url")]) {
    const res = await find(a, { q: "paging", cursor: bad });
    assert.equal(res.status, 400);
    assert.ok(res.body.fields["query.cursor"]);
  }
});

test("when more objects match than the pool holds, the newest of them are ranked", async (t) => {
  const a = await api(t);
  const pool = SEARCH_LIMITS.pool;
  const start = Date.parse("2026-01-01T00:00:00Z");
  const rows = Array.from({ length: pool + 5 }, (_, i) => {
    const at = new Date(start + i * 60_000);
    // The five oldest would rank first: the word is in their titles.
    const old = i < 5;
    return {
      object_id: newId("note", at),
      workspace_id: a.workspaceId,
      object_type: "note" as const,
      title: old ? "Common ground" : `Note ${i}`,
      body: `common words, item ${i}`,
      updated_at: at.toISOString(),
    };
  });
  // In creation order, as the service writes them.
  for (let i = 0; i < rows.length; i += 100) {
    await a.env.core.db
      .insertInto("search_documents")
      .values(rows.slice(i, i + 100))
      .execute();
  }
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const res = await find(a, { q: "common", limit: "100", ...(cursor ? { cursor } : {}) });
    assert.equal(res.status, 200, res.text);
    for (const r of res.body.data) seen.add(r.id);
    cursor = res.body.next_cursor ?? undefined;
  } while (cursor);
  assert.equal(seen.size, pool);
  for (const row of rows.slice(0, 5)) assert.ok(!seen.has(row.object_id));
  // A narrower query that matches fewer is ranked in full: the old titles come first, tied on score;
  // SQLite breaks ties newer document first, PostgreSQL by object id.
  const narrow = await ids(a, { q: "common ground" });
  const old = rows.slice(0, 5).map((r) => r.object_id);
  assert.deepEqual(narrow, ON_POSTGRES ? old : old.reverse());
});

test("typing mistakes in query syntax are a 200 or a clear 400, never a 500", async (t) => {
  const a = await api(t);
  await doc(
    a,
    "note",
    "Syntax corner",
    'near quotes and "unclosed things" OR stars * and brackets (like) this 🙂',
  );
  const cases = [
    '"unclosed',
    'unclosed"',
    "AND OR",
    "near AND",
    "OR near",
    "*",
    "(",
    "near(",
    "NEAR(",
    "NEAR(a b)",
    "-",
    "--",
    "- near",
    '"',
    '""',
    '"""',
    "'",
    "🙂",
    "near 🙂",
    "title:near",
    "body:near",
    "^near",
    "near:*",
    "{near}",
    "near)",
    "a*",
    "**near**",
    "near\u0000quotes",
    "\u0000",
    "\\",
    "near\\",
    "'; drop table search_documents; --",
    "!near & | <-> :*",
    "near -near",
    "NOT",
    "NOT near",
    "OR OR OR",
    "the",
    "the of and",
    "-the cat",
    "\ud800near",
    "x".repeat(500),
  ];
  // Deterministic noise over the characters every engine gives meaning to.
  const alphabet = [
    '"',
    "'",
    "*",
    "(",
    ")",
    "-",
    "+",
    ":",
    "^",
    "|",
    "&",
    "!",
    "<",
    ">",
    "\\",
    " ",
    "a",
    "b",
    "OR",
    "AND",
    "NOT",
    "NEAR",
    "é",
    "ß",
    "漢",
    "🙂",
    "{",
    "}",
    "[",
    "]",
    ".",
    ",",
    "~",
    "$",
    "\t",
  ];
  let seedValue = 7;
  const next = () => {
    seedValue = (seedValue * 1103515245 + 12345) % 2147483648;
    return seedValue;
  };
  for (let i = 0; i < 150; i++) {
    let s = "";
    for (let n = next() % 12; n >= 0; n--) s += alphabet[next() % alphabet.length];
    cases.push(s);
  }
  for (const q of cases) {
    const res = await find(a, { q });
    assert.ok(
      res.status === 200 || res.status === 400,
      `${JSON.stringify(q)} gave ${res.status}: ${res.text}`,
    );
    if (res.status === 400) {
      assert.equal(res.body.error, "invalid_request");
      assert.ok(res.body.fields["query.q"], `${JSON.stringify(q)}: ${res.text}`);
    }
  }
  assert.equal((await find(a, { q: '"unclosed' })).body.data.length, 1);
  assert.equal((await find(a, { q: "NEAR(" })).body.data.length, 1);
  assert.equal((await find(a, { q: "(like)" })).body.data.length, 1);
});

test("q is required, has words, and has at most 500 characters and 16 terms", async (t) => {
  const a = await api(t);
  await doc(a, "note", "Words", "words");
  const cases: [Record<string, string>, RegExp][] = [
    [{}, /required/],
    [{ q: "" }, /empty/],
    [{ q: "   " }, /empty/],
    [{ q: "x".repeat(501) }, /at most 500/],
    [{ q: "-words" }, /besides the excluded/],
    [{ q: "🙂 * ( -" }, /no words/],
    [{ q: Array.from({ length: 17 }, (_, i) => `w${i}`).join(" ") }, /at most 16/],
  ];
  for (const [params, message] of cases) {
    const res = await find(a, params);
    assert.equal(res.status, 400, JSON.stringify(params));
    assert.match(res.body.fields["query.q"], message);
    assert.match(res.body.error_description, /^query\.q: |Invalid input: query\.q: /);
  }
  assert.equal((await find(a, { q: ` ${"x".repeat(500)} ` })).status, 200);
  assert.equal((await find(a, { q: Array.from({ length: 16 }, (_, i) => `w${i}`).join(" ") })).status, 200);
  const unknown = await find(a, { q: "words", sort: "new" });
  assert.equal(unknown.status, 400);
});

test("a query's cost is bounded: prefixes of 2 or more, at most 4 of them, at most 4 alternatives (400 naming q)", async (t) => {
  const a = await api(t);
  const login = await doc(a, "note", "Login page", "the login form");
  const logout = await doc(a, "note", "Logout", "ends the session");
  const cases: [string, RegExp][] = [
    ["a*", /prefix a\* is too short/],
    ["l* page", /prefix l\* is too short/],
    ['"login p"*', /prefix "login p"\* is too short/],
    ["login -x*", /prefix x\* is too short/],
    ["a* OR b* OR c* OR d* OR e* OR f* OR g* OR h* OR i* OR j* OR k* OR l* OR m*", /too short/],
    ["lo* se* pa* fo* en*", /has 5 prefixes.*at most 4/],
    ["lo* se* pa* fo* -en*", /has 5 prefixes.*at most 4/],
    ["login OR logout OR page OR form OR session", /has 5 alternatives joined by OR; use at most 4/],
  ];
  for (const [q, message] of cases) {
    const res = await find(a, { q });
    assert.equal(res.status, 400, q);
    assert.equal(res.body.error, "invalid_request");
    assert.ok(res.body.fields["query.q"], q);
    assert.match(res.body.error_description, message, q);
  }
  // at the limits
  assert.deepEqual((await ids(a, { q: "lo*" })).sort(), [login, logout].sort());
  assert.equal((await find(a, { q: "lo* se* pa* fo*" })).status, 200);
  assert.equal((await find(a, { q: "lo* OR se* OR pa* OR fo*" })).status, 200);
  assert.deepEqual((await ids(a, { q: "login OR logout OR page OR form" })).sort(), [login, logout].sort());
  // a one-letter word without * is a word, as before
  assert.equal((await find(a, { q: "a login" })).status, 200);
});

test("search sees only the token's workspace", async (t) => {
  const a = await api(t);
  const other = await seed(a.env.core, "other", "bob@example.com");
  const mine = await doc(a, "note", "Shared secret word", "zanzibar");
  const theirs = await doc(a, "note", "Shared secret word", "zanzibar", other.workspaceId);
  assert.deepEqual(await ids(a, { q: "zanzibar" }), [mine]);
  const res = await find(a, { q: "zanzibar" }, bearer(other.token));
  assert.deepEqual(
    res.body.data.map((r: { id: string }) => r.id),
    [theirs],
  );
  // Their issue ENG-1 is not ours.
  const created = await a.call("POST", "/v1/issues", { title: "Their tracked thing" }, bearer(other.token));
  assert.equal(created.status, 201, created.text);
  assert.deepEqual(await ids(a, { q: created.body.identifier }), []);
  assert.deepEqual(await ids(a, { q: "tracked" }), []);
});

test("a read-only token can search; a removed document is gone", async (t) => {
  const a = await api(t);
  const id = await doc(a, "file", "budget-2026.xlsx");
  const res = await find(a, { q: "budget" }, bearer(a.readOnlyToken));
  assert.equal(res.status, 200);
  assert.equal(res.body.data[0].id, id);
  await removeDocument(a.env.core.db, id);
  assert.deepEqual(await ids(a, { q: "budget" }), []);
  const anonymous = await find(a, { q: "budget" }, { authorization: "" });
  assert.equal(anonymous.status, 401);
});

test("an issue created over REST is found by its words and by its identifier, first", async (t) => {
  const a = await api(t);
  const created = await a.call("POST", "/v1/issues", {
    title: "Checkout <button> misaligned",
    description: "On narrow screens the checkout button overlaps the total.",
    priority: "high",
  });
  assert.equal(created.status, 201, created.text);
  const { id, identifier } = created.body;
  const other = await a.call("POST", "/v1/issues", {
    title: "Follow-up",
    description: `Depends on ${identifier} and the checkout button overlapping.`,
  });
  assert.equal(other.status, 201, other.text);

  const byWords = await find(a, { q: "checkout misaligned" });
  assert.equal(byWords.status, 200);
  assert.equal(byWords.body.data.length, 1);
  const hit = byWords.body.data[0];
  assert.deepEqual(hit, {
    type: "issue",
    id,
    identifier,
    title: "Checkout <button> misaligned",
    snippet: hit.snippet,
    score: hit.score,
    status: "backlog",
    updated_at: created.body.updated_at,
  });
  assert.match(hit.snippet, /narrow screens the <mark>checkout<\/mark> button overlaps the total\.$/);
  assert.ok(hit.score > 0);

  for (const q of [identifier, identifier.toLowerCase(), `(${identifier})`]) {
    const res = await find(a, { q });
    assert.equal(res.status, 200);
    assert.equal(res.body.data[0].id, id, q);
    assert.equal(res.body.data[0].identifier, identifier);
    assert.equal(res.body.data[0].score, undefined);
    // Pinned once, not again among the ranked results.
    assert.equal(res.body.data.filter((r: { id: string }) => r.id === id).length, 1);
  }
  // An identifier and words: the issue first, then what matches the words.
  const mixed = await ids(a, { q: `${identifier} overlapping` });
  assert.equal(mixed[0], id);
  assert.ok(mixed.includes(other.body.id));
  // Not when the type filter leaves issues out, nor when the identifier is excluded.
  assert.deepEqual(await ids(a, { q: identifier, type: "note" }), []);
  assert.ok(!(await ids(a, { q: `checkout -${identifier}` })).includes(id));

  // A pinned issue fills the first slot of the first page only.
  const page1 = await find(a, { q: `${identifier} checkout`, limit: "1" });
  assert.deepEqual(
    page1.body.data.map((r: { id: string }) => r.id),
    [id],
  );
  const page2 = await find(a, { q: `${identifier} checkout`, limit: "1", cursor: page1.body.next_cursor });
  assert.equal(page2.status, 200);
  assert.notEqual(page2.body.data[0]?.id, id);

  // A change is searchable at once.
  const patched = await a.call("PATCH", `/v1/issues/${identifier}`, { title: "Checkout button hidden" });
  assert.equal(patched.status, 200, patched.text);
  assert.deepEqual(await ids(a, { q: "misaligned" }), []);
  assert.deepEqual(await ids(a, { q: "hidden" }), [id]);
});

test("decisions and notes written over REST are found, with a decision's status", async (t) => {
  const a = await api(t);
  const decision = await a.call("POST", "/v1/decisions", {
    title: "Adopt a columnar store",
    status: "accepted",
    context: "Reports scan whole tables.",
    decision: "Use a columnar store for analytics.",
  });
  assert.equal(decision.status, 201, decision.text);
  const note = await a.call("POST", "/v1/notes", {
    title: "Analytics runbook",
    body: "Restart the columnar loader.",
  });
  assert.equal(note.status, 201, note.text);
  const res = await find(a, { q: "columnar" });
  assert.equal(res.status, 200);
  const byId = new Map(res.body.data.map((r: { id: string }) => [r.id, r]));
  assert.equal(byId.size, 2);
  const d = byId.get(decision.body.id) as Record<string, unknown>;
  assert.equal(d.type, "decision");
  assert.equal(d.status, "accepted");
  assert.equal(d.identifier, undefined);
  assert.match(String(d.snippet), /<mark>columnar<\/mark> store for analytics/);
  const n = byId.get(note.body.id) as Record<string, unknown>;
  assert.equal(n.type, "note");
  assert.equal(n.status, undefined);
  assert.equal(n.snippet, "Restart the <mark>columnar</mark> loader.");
  // The decision's title match ranks it first.
  assert.equal(res.body.data[0].id, decision.body.id);
});

test("the query parser quotes every term for FTS5 and balances marks", () => {
  assert.equal(
    toFts5(parseSearch('fix "login page" -crash log* OR NEAR(x')),
    '(("fix" AND "login page" AND "log" *) OR ("NEAR(x")) NOT "crash"',
  );
  assert.deepEqual(parseSearch("see ENG-42, and ops-7").identifiers, ["ENG-42", "OPS-7"]);
  assert.deepEqual(parseSearch("ab* c").anyOf[0]![0], { text: "ab", prefix: true });
  assert.equal(
    renderMarks("\uFDD0a\uFDD0 <b>\uFDD1\uFDD1 c\uFDD0d"),
    "<mark>a &lt;b&gt;</mark> c<mark>d</mark>",
  );
  assert.equal(renderMarks("\uFDD0ENG\uFDD1\uFDD0-42\uFDD1 &amp;", true), "<mark>ENG-42</mark> &amp;");
});

test("typeahead=true makes the last word typed a prefix; without it words match whole", async (t) => {
  const a = await api(t);
  const glitch = await doc(a, "issue", "Glitch in the uploader", "retries stall");
  const upload = await doc(a, "note", "Upload limits", "files over a gigabyte");
  assert.deepEqual(await ids(a, { q: "glit" }), []);
  assert.deepEqual(await ids(a, { q: "glit", typeahead: "true" }), [glitch]);
  assert.deepEqual(await ids(a, { q: "glit", typeahead: "false" }), []);
  // only the last word: "uploa" is not a prefix when another word follows it
  assert.deepEqual(await ids(a, { q: "uploa glitch", typeahead: "true" }), []);
  assert.deepEqual(await ids(a, { q: "glitch uploa", typeahead: "true" }), [glitch]);
  assert.deepEqual((await ids(a, { q: "upl", typeahead: "true" })).sort(), [glitch, upload].sort());
  // a word left out stays whole (no word is "glit", so nothing is left out); a one-letter last word
  // matches as typed (no 400)
  assert.deepEqual((await ids(a, { q: "upload -glit", typeahead: "true" })).sort(), [glitch, upload].sort());
  assert.deepEqual(await ids(a, { q: "upload -glitch", typeahead: "true" }), [upload]);
  const short = await find(a, { q: "upload g", typeahead: "true" });
  assert.equal(short.status, 200, short.text);
  assert.deepEqual(short.body.data, []);
  // the snippet marks the word the prefix matched
  const marked = await find(a, { q: "gigab", typeahead: "true" });
  assert.match(marked.body.data[0].snippet, /<mark>gigabyte<\/mark>/);
  // a cursor of a typeahead search is not one of the plain search with the same q
  for (let i = 0; i < 3; i++) await doc(a, "note", `Upload note ${i}`, "upload");
  const first = await find(a, { q: "uploa", typeahead: "true", limit: "1" });
  assert.ok(first.body.next_cursor);
  const crossed = await find(a, { q: "uploa", limit: "1", cursor: first.body.next_cursor });
  assert.equal(crossed.status, 400, crossed.text);
  const bad = await find(a, { q: "glit", typeahead: "yes" });
  assert.equal(bad.status, 400);
  assert.ok(
    Object.keys(bad.body.fields).some((k) => k.startsWith("query.typeahead")),
    bad.text,
  );
});

test("SQLite: the pool read newest first from FTS5 ranks exactly what the rowid-bounded pool ranked", {
  skip: ON_POSTGRES ? "SQLite's FTS5 query shapes" : false,
}, async (t) => {
  const a = await api(t);
  const other = await seed(a.env.core, "other", "bob@example.com");
  const pool = SEARCH_LIMITS.pool;
  // more matches than the pool holds, in two workspaces and four kinds, interleaved
  const rows = poolRows(pool * 3 + 40, a.workspaceId, other.workspaceId, () => "");
  for (let i = 0; i < rows.length; i += 100) {
    await a.env.core.db
      .insertInto("search_documents")
      .values(rows.slice(i, i + 100))
      .execute();
  }
  const db = a.env.core.db;
  // the shape search used before: a rowid bound on the MATCH, the workspace tested after it
  const before = async (match: string, ws: string, types: string[] | undefined) => {
    const only = (alias: string) =>
      types ? sql`and ${sql.ref(`${alias}.object_type`)} in (${sql.join(types)})` : sql``;
    const { rows: found } = await sql<{ id: string; rank: number }>`
        select d.object_id as id, bm25(search_fts, 4.0, 1.0) as rank
        from search_fts cross join search_documents d on d.rowid = search_fts.rowid
        where search_fts match ${match} and d.workspace_id = ${ws} ${only("d")}
          and search_fts.rowid >= coalesce((
            select f.rowid from search_fts f cross join search_documents w on w.rowid = f.rowid
            where f.search_fts match ${match} and w.workspace_id = ${ws} ${only("w")}
            order by f.rowid desc limit 1 offset ${pool - 1}), 0)
        order by rank, d.rowid desc`.execute(db);
    return found.map((r) => r.id);
  };
  for (const [q, types] of [
    ["alpha", undefined],
    ["beta gamma", undefined],
    ["alpha OR headline", undefined],
    ["gamma", ["note", "file"]],
    ["alpha -beta", ["issue"]],
    ["headline", undefined],
  ] as const) {
    for (const [who, ws] of [
      [a, a.workspaceId],
      [{ ...a, token: other.token }, other.workspaceId],
    ] as const) {
      const seen = await everyPage(a, q, types, who.token);
      const expected = await before(toFts5(parseSearch(q)), ws, types ? [...types] : undefined);
      assert.ok(expected.length > 0, `${q}: matches`);
      if (q === "alpha" && ws === a.workspaceId)
        assert.equal(expected.length, pool, "more match than the pool");
      assert.deepEqual(seen, expected, `${q} ${types ?? ""} in ${ws}`);
    }
  }
});

test("PostgreSQL: the pool looked for in the newest blocks ranks exactly what the whole workspace's pool ranks", {
  skip: ON_POSTGRES ? false : "PostgreSQL's blocks of seq",
}, async (t) => {
  const a = await api(t);
  const other = await seed(a.env.core, "other", "bob@example.com");
  const pool = SEARCH_LIMITS.pool;
  // more matches than the pool holds, in two workspaces and four kinds, interleaved: the older 600
  // spread thin over places (seq) 1 to 200,000, some 390 blocks of 512 (50 of 4,096), the newer 940 in
  // the last ten blocks of 512, so that a search takes one step, several over fine blocks or coarse
  // ones, or ends over the whole workspace
  const rows = poolRows(pool * 3 + 40, a.workspaceId, other.workspaceId, (i) =>
    i % 97 === 0 ? " rarity" : " ",
  ).map((row, i) => ({ ...row, seq: i < 600 ? 1 + i * 333 : 200_000 + (i - 600) * 5 }));
  const db = a.env.core.db;
  for (let i = 0; i < rows.length; i += 100) {
    await db
      .insertInto("search_documents")
      .values(rows.slice(i, i + 100) as never)
      .execute();
  }
  await sql`select setval(pg_get_serial_sequence('search_documents', 'seq'), ${rows.at(-1)!.seq})`.execute(
    db,
  );
  // A document indexed now is the newest, whatever its id.
  const late = newId("note", new Date(Date.parse("2025-01-01T00:00:00Z")));
  await indexDocument(db, {
    object_id: late,
    workspace_id: a.workspaceId,
    object_type: "note",
    title: "Late alpha",
    body: "alpha",
    updated_at: "2026-01-01T00:00:00.000Z",
  });
  // the pool over the whole workspace, no block named
  const whole = async (q: string, ws: string, types: string[] | undefined) => {
    const query = toTsquery(parseSearch(q));
    const only = types ? sql`and d.object_type in (${sql.join(types)})` : sql``;
    const { rows: found } = await sql<{ id: string }>`
      select p.object_id as id
      from (select d.object_id, d.seq, d.tsv from search_documents d
        where d.workspace_id = ${ws} and d.tsv @@ ${query} ${only}
        order by d.seq desc limit ${pool}) p
      order by ts_rank_cd('{0.1, 0.1, 0.25, 1.0}', p.tsv, ${query}, 1) desc, p.object_id`.execute(db);
    return found.map((r) => r.id);
  };
  const searches = async (round: string) => {
    for (const [q, types] of [
      ["alpha", undefined],
      ["beta gamma", undefined],
      ["alpha OR headline", undefined],
      ["gamma", ["note", "file"]],
      ["alpha -beta", ["issue"]],
      ["headline", undefined],
      ["rarity", undefined],
      ["filler", undefined],
      ["filler", ["issue", "note"]],
      ["the", undefined],
    ] as const) {
      for (const [who, ws] of [
        [a, a.workspaceId],
        [{ ...a, token: other.token }, other.workspaceId],
      ] as const) {
        const seen = await everyPage(a, q, types, who.token);
        const expected = await whole(q, ws, types ? [...types] : undefined);
        if (q === "the") assert.equal(expected.length, 0, "stop words match nothing, blocks or not");
        else assert.ok(expected.length > 0, `${q}: matches`);
        if (q === "alpha" && ws === a.workspaceId) {
          assert.equal(expected.length, pool, "more match than the pool");
          assert.ok(seen.includes(late), "the document indexed last is in the pool");
        }
        assert.deepEqual(seen, expected, `${round}: ${q} ${types ?? ""} in ${ws}`);
      }
    }
  };
  await searches("first search");
  assert.ok(blockCounts.entries.size > 0, "how many blocks held a pool is remembered");
  // the same searches again, starting from the blocks remembered
  await searches("again");
  // what is remembered only sets where a search starts: too few blocks, or far too many, fine or coarse
  for (const count of [1, 40, 320]) {
    for (const key of [...blockCounts.entries.keys()]) blockCounts.set(key, count);
    await searches(`from ${count} blocks`);
    if (count === 320) {
      // far too many blocks named: as many as held the pool (its oldest match's) are remembered instead
      const kept = [...blockCounts.entries]
        .filter(
          ([key, c]) => [a.workspaceId, other.workspaceId].includes(JSON.parse(key)[0]) && Number.isFinite(c),
        )
        .map(([, c]) => c);
      assert.ok(kept.length > 0 && kept.every((c) => c < 320), `remembered from 320 blocks: ${kept}`);
    }
  }
  // nor does the newest block a workspace is thought to have: far behind (documents reached blocks
  // past those named meanwhile) or ahead of it
  for (const newest of [10, 1_000]) {
    for (const key of [...blockCounts.entries.keys()]) blockCounts.set(key, 2);
    for (const ws of [a.workspaceId, other.workspaceId]) newestBlocks.set(ws, newest);
    await searches(`newest block thought ${newest}`);
  }
});

test("snippets mark the words the index matched: stems, phrases, prefixes, OR, and titles", async (t) => {
  const a = await api(t);
  await doc(a, "note", "Animals", "The quick brown fox jumps over the lazy dog");
  await doc(a, "note", "Colours", "A brown cow and a quick hare");
  await doc(a, "issue", "Crashing on login", "Signing in crashes the app & <b>logs</b> nothing");
  const snippet = async (q: string, title: string) => {
    const res = await find(a, { q });
    assert.equal(res.status, 200, res.text);
    const hit = res.body.data.find((r: { title: string }) => r.title === title);
    assert.ok(hit, `${q}: ${res.text}`);
    // words marked one after the other may be one mark (FTS5) or one each (PostgreSQL)
    return (hit.snippet as string).replaceAll("</mark> <mark>", " ");
  };
  assert.equal(
    await snippet("jumping foxes", "Animals"),
    "The quick brown <mark>fox jumps</mark> over the lazy dog",
  );
  assert.equal(
    await snippet('"quick brown"', "Animals"),
    "The <mark>quick brown</mark> fox jumps over the lazy dog",
  );
  assert.equal(await snippet("hare OR fox", "Colours"), "A brown cow and a quick <mark>hare</mark>");
  assert.equal(
    await snippet("log*", "Crashing on login"),
    "Signing in crashes the app &amp; &lt;b&gt;<mark>logs</mark>&lt;/b&gt; nothing",
  );
  // a word left out is not marked; the words looked for are
  assert.equal(
    await snippet("crash -fox", "Crashing on login"),
    "Signing in <mark>crashes</mark> the app &amp; &lt;b&gt;logs&lt;/b&gt; nothing",
  );
  // matched in the title only: the whole title, its matching words marked (stemmed)
  assert.equal(await snippet("animal", "Animals"), "<mark>Animals</mark>");
});

test("a long body's fragment is the window holding the most of the query's words", async (t) => {
  const a = await api(t);
  const words = Array.from({ length: 100 }, (_, i) => `w${i}`);
  words[10] = "alpha";
  words[60] = "alpha";
  words[64] = "beta";
  words[97] = "gamma.";
  await doc(a, "note", "Long", words.join(" "));
  const [hit] = (await find(a, { q: "alpha beta" })).body.data;
  assert.match(hit.snippet, /^…w51 .*<mark>alpha<\/mark> w61 w62 w63 <mark>beta<\/mark> .*w74…$/);
  // at the end of the body: no ellipsis after, the body's own punctuation kept
  const [end] = (await find(a, { q: "gamma" })).body.data;
  assert.match(end.snippet, /^…w76 .* w96 <mark>gamma<\/mark>\. w98 w99$/);
});

test("words are stemmed as PostgreSQL's english configuration stems them", async (t) => {
  // what the index holds for the seed text's words and a few awkward ones
  const text = await import("node:fs/promises").then((fs) =>
    fs.readFile(new URL("../../bench/text.ts", import.meta.url), "utf8"),
  );
  const words = [
    ...new Set(
      [
        ...text.matchAll(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu),
        "dying",
        "skies",
        "generously",
        "café",
        "résumés",
      ].map((m) => (typeof m === "string" ? m : m[0]).toLowerCase()),
    ),
  ];
  assert.ok(words.length > 500, `${words.length} words`);
  assert.equal(lexemeOf("running"), "run");
  assert.equal(lexemeOf("v2"), "v2");
  if (!ON_POSTGRES) return;
  const a = await api(t);
  const { rows } = await sql<{ w: string; lexeme: string | null }>`
    select w, (ts_lexize('english_stem', w))[1] as lexeme from unnest(${words}::text[]) w`.execute(
    a.env.core.db,
  );
  const differ = rows.filter((r) => r.lexeme !== null && !/\d/.test(r.w) && lexemeOf(r.w) !== r.lexeme);
  assert.deepEqual(differ, []);
});

test("the query's lexemes mark words; stop words never match a prefix", () => {
  assert.deepEqual(lexemesOf(["'quick' <-> 'brown'", "'it''s':*", "'log':*", "'quick'"]), [
    { text: "quick", prefix: false },
    { text: "brown", prefix: false },
    { text: "it's", prefix: true },
    { text: "log", prefix: true },
  ]);
  const m = new LexemeMatcher(lexemesOf(["'th':*", "'connect'"]));
  assert.equal(
    m.mark("The thing connects; then Connection, this"),
    "The \uFDD0thing\uFDD1 \uFDD0connects\uFDD1; then \uFDD0Connection\uFDD1, this",
  );
  assert.equal(fragmentOf("  ", m), null);
  const many = Array.from({ length: 30 }, (_, i) => `w${i}`).join(" ");
  assert.equal(fragmentOf(many, m), `${many.split(" ").slice(0, 24).join(" ")}…`);
});
