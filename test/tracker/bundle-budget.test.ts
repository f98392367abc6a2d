import assert from "node:assert/strict";
import { test } from "node:test";
import { countTokens } from "../../src/tokens.ts";
import {
  BUNDLE_DEFAULT_MAX_TOKENS,
  BUNDLE_MAX_TOKENS,
  BUNDLE_MIN_TOKENS,
} from "../../src/tracker/bundles.ts";
import { mcpEnv } from "../mcp/support.ts";
import { type Api, api } from "../support.ts";

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
type Any = any;

async function post(a: Api, url: string, body: unknown) {
  const res = await a.call("POST", url, body);
  assert.ok(res.status === 200 || res.status === 201, `${url}: ${res.text}`);
  return res.body;
}

/** Distinct words, so that text costs about a token a word. */
const words = (n: number, seed: string) =>
  Array.from({ length: n }, (_, i) => `${seed}${(i * 7919) % 10007}`).join(" ");

/**
 * ENG-3 with a long description; two notes (one long, one longer), a decision with a long text, a
 * related issue and an issue it blocks.
 */
async function world(a: Api) {
  await post(a, "/v1/issues", { title: "Blocker", status: "in_progress" });
  // titles long enough that leaving one out saves more than the line saying so costs
  await post(a, "/v1/issues", { title: words(60, "rel").slice(0, 255) });
  await post(a, "/v1/issues", {
    title: "The big one",
    description: words(1500, "desc"),
    blockedBy: ["ENG-1"],
    relatesTo: ["ENG-2"],
  });
  await post(a, "/v1/issues", { title: words(60, "next").slice(0, 255), blockedBy: ["ENG-3"] });
  const shortNote = await post(a, "/v1/notes", {
    title: "Short",
    body: words(400, "short"),
    issues: ["ENG-3"],
  });
  const longNote = await post(a, "/v1/notes", {
    title: "Long",
    body: words(2000, "long"),
    issues: ["ENG-3"],
  });
  const decision = await post(a, "/v1/decisions", {
    title: "Pick one",
    decision: words(800, "dec"),
    issues: ["ENG-3"],
  });
  return { shortNote, longNote, decision };
}

async function markdown(a: Api, url: string) {
  const res = await a.call("GET", url, undefined, { accept: "text/markdown" });
  assert.equal(res.status, 200, res.text);
  return res.text;
}

test("max_tokens: what does not fit is cut in order (note bodies largest first, decision texts, related, blocks, then the description) and listed at the end", async (t) => {
  const a = await api(t);
  const { shortNote, longNote, decision } = await world(a);
  const full = await markdown(a, "/v1/bundles/ENG-3");
  const fullTokens = countTokens(full);
  assert.ok(fullTokens > 5000, `the whole bundle is ${fullTokens} tokens`);
  assert.doesNotMatch(full, /## Left out/);

  // a budget the whole bundle fits: nothing cut, no omitted field
  const roomy = (await a.call("GET", `/v1/bundles/ENG-3?max_tokens=${fullTokens + 10}`)).body;
  assert.equal(roomy.omitted, undefined);

  const longT = countTokens(longNote.body);
  const shortT = countTokens(shortNote.body);
  const cut = async (max: number) => {
    const json = (await a.call("GET", `/v1/bundles/ENG-3?max_tokens=${max}`)).body;
    const md = await markdown(a, `/v1/bundles/ENG-3?max_tokens=${max}`);
    assert.ok(countTokens(md) <= max, `${countTokens(md)} tokens over ${max}`);
    return { json, md, order: json.omitted.map((o: Any) => [o.kind, o.id]) };
  };

  // a little over: the largest note body goes first, and only it
  const one = await cut(fullTokens - 200);
  assert.deepEqual(one.order, [["note_body", longNote.id]]);
  assert.equal(one.json.notes.find((n: Any) => n.id === longNote.id).body, "");
  assert.ok(one.json.notes.find((n: Any) => n.id === shortNote.id).body.length > 0);
  assert.equal(one.json.decisions[0].decision.length > 0, true);
  assert.match(
    one.json.omitted[0].fetch,
    new RegExp(`get_note ${longNote.id}.*docket://notes/${longNote.id}.*GET /v1/notes/${longNote.id}`),
  );
  assert.equal(one.json.omitted[0].tokens, longT);

  // more: the other note's body next
  const two = await cut(fullTokens - longT - 100);
  assert.deepEqual(two.order, [
    ["note_body", longNote.id],
    ["note_body", shortNote.id],
  ]);
  assert.ok(shortT > 100);

  // more still: then the decision's text
  const three = await cut(fullTokens - longT - shortT - 100);
  assert.deepEqual(three.order, [
    ["note_body", longNote.id],
    ["note_body", shortNote.id],
    ["decision_text", decision.id],
  ]);
  assert.match(
    three.md,
    /## Left out\n\nCut to fit the token budget; in the order cut:\n\n- the body of note/,
  );
  assert.match(three.md, /_Body left out \(see the end\)\._/);
  assert.match(three.md, /_Text left out \(see the end\)\._/);
  // the blockers are never cut
  assert.match(three.md, /ENG-1 Blocker/);

  // at the least budget: everything cuttable goes, the description last and shortened
  const least = await markdown(a, `/v1/bundles/ENG-3?max_tokens=${BUNDLE_MIN_TOKENS}`);
  assert.ok(countTokens(least) <= BUNDLE_MIN_TOKENS, `${countTokens(least)} tokens`);
  const leastJson = (await a.call("GET", `/v1/bundles/ENG-3?max_tokens=${BUNDLE_MIN_TOKENS}`)).body;
  assert.deepEqual(
    leastJson.omitted.map((o: Any) => o.kind),
    ["note_body", "note_body", "decision_text", "related", "blocks", "description"],
  );
  assert.match(least, /the rest of the description of ENG-3 The big one/);
  assert.match(least, /ENG-1 Blocker/);
  assert.equal(leastJson.issue.description.endsWith(" …"), true);

  // preview takes it in the body; the snapshot kept by create is never cut
  const preview = await post(a, "/v1/bundles/preview", { issue: "ENG-3", max_tokens: BUNDLE_MIN_TOKENS });
  assert.deepEqual(preview.omitted, leastJson.omitted);
  const snapshot = await post(a, "/v1/bundles", { issue: "ENG-3" });
  assert.equal(snapshot.omitted, undefined);
  const cutSnapshot = (await a.call("GET", `/v1/bundles/${snapshot.id}?max_tokens=${BUNDLE_MIN_TOKENS}`))
    .body;
  assert.equal(cutSnapshot.omitted.at(-1).kind, "description");
});

test("max_tokens at and past its bounds", async (t) => {
  const a = await api(t);
  await post(a, "/v1/issues", { title: "Small" });
  for (const ok of [BUNDLE_MIN_TOKENS, BUNDLE_MAX_TOKENS])
    assert.equal((await a.call("GET", `/v1/bundles/ENG-1?max_tokens=${ok}`)).status, 200, String(ok));
  for (const bad of [BUNDLE_MIN_TOKENS - 1, BUNDLE_MAX_TOKENS + 1, "lots", 1.5]) {
    const res = await a.call("GET", `/v1/bundles/ENG-1?max_tokens=${bad}`);
    assert.equal(res.status, 400, String(bad));
    assert.ok(res.body.fields["query.max_tokens"], res.text);
  }
  const res = await a.call("POST", "/v1/bundles/preview", { issue: "ENG-1", max_tokens: 999 });
  assert.equal(res.status, 400);
  assert.match(res.body.fields["body.max_tokens"], /at least 1000/);
  assert.equal(BUNDLE_DEFAULT_MAX_TOKENS, 8000);
});

test("MCP get_bundle and preview_bundle take max_tokens; the text ends with what was left out", async (t) => {
  const m = await mcpEnv(t);
  const { token } = await m.mint();
  const client = await m.connect(token, "current", { toolsets: "issues" });
  const ok = async (name: string, args: Record<string, unknown>) => {
    const r = (await client.callTool({ name, arguments: args })) as Any;
    assert.ok(!r.isError, JSON.stringify(r.content));
    return r;
  };
  await ok("create_issue", { title: "Big", description: words(3000, "w") });
  await ok("create_note", { title: "N", body: words(3000, "n"), issues: ["ENG-1"] });
  for (const name of ["get_bundle", "preview_bundle"]) {
    const args =
      name === "get_bundle" ? { id: "ENG-1", max_tokens: 1000 } : { issue: "ENG-1", max_tokens: 1000 };
    const r = await ok(name, args);
    const text = r.content[0].text as string;
    assert.ok(countTokens(text) <= 1000, `${name}: ${countTokens(text)} tokens`);
    assert.deepEqual(
      r.structuredContent.omitted.map((o: Any) => o.kind),
      ["note_body", "description"],
    );
    assert.match(text, /## Left out[\s\S]*get_note note_/);
  }
  const bad = (await client.callTool({
    name: "get_bundle",
    arguments: { id: "ENG-1", max_tokens: 10 },
  })) as Any;
  assert.equal(bad.isError, true);
  assert.match(bad.content[0].text, /^invalid_request: .*max_tokens: must be at least 1000/);
});

test("text with one long run of a character (no spaces) is counted in pieces: a budget cut of a 100,000-character description finishes, and fits", async (t) => {
  const a = await api(t);
  // byte-pair encoding of one 100,000-letter pre-token took minutes of CPU, stalling the process
  for (const run of ["x".repeat(99_000), "🙂".repeat(49_000)]) {
    const issue = await post(a, "/v1/issues", { title: "Pasted blob", description: `Blob: ${run} end` });
    const url = `/v1/bundles/${issue.identifier}?max_tokens=2000`;
    const md = await markdown(a, url);
    assert.ok(countTokens(md) <= 2000, `${countTokens(md)} tokens`);
    const json = (await a.call("GET", url)).body;
    assert.ok(json.issue.description.length < run.length, "the description was shortened");
    assert.ok(json.omitted.length > 0, JSON.stringify(json.omitted));
  }
  // counting in pieces leaves ordinary text's count as it was, and only adds to a long run's
  const prose = words(2000, "w");
  assert.equal(countTokens(prose), countTokens(prose.slice(0, 5000)) + countTokens(prose.slice(5000)));
  assert.ok(countTokens("x".repeat(10_000)) >= 1250);
});
