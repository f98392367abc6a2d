import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { TOOLS, TOOLSET_NAMES, TOOLSET_OF, TOOLSETS } from "../../src/mcp/tools.ts";
import { countTokens } from "../../src/tokens.ts";
import { ERAS, type McpEnv, mcpEnv } from "./support.ts";

/** What every agent pays on every turn for the default toolset. */
const DEFAULT_BUDGET = 5_000;

const inOrder = (names: readonly string[]) => TOOLS.map((t) => t.name).filter((n) => names.includes(n));
const ofSets = (...sets: string[]) =>
  TOOLS.map((t) => t.name).filter((n) => sets.includes(TOOLSET_OF.get(n)!));
const WRITES = new Set(TOOLS.filter((t) => t.scope === "workspace.write").map((t) => t.name));

interface Result {
  isError?: boolean;
  content: { type: string; text?: string }[];
}
const text = (r: Result) => r.content.map((c) => c.text ?? "").join("\n");

/** One raw tools/list POST with extra headers, under `path` (the endpoint plus a query string). */
async function rawList(m: McpEnv, token: string, headers: Record<string, string>, search = "") {
  return fetch(`${m.url}${search}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": ERAS.older,
      authorization: `Bearer ${token}`,
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
}

describe("MCP toolsets", () => {
  test("every tool is in exactly one toolset, and the default set is the agent's loop", () => {
    const listed = TOOLSET_NAMES.flatMap((n) => [...TOOLSETS[n]]);
    assert.deepEqual([...listed].sort(), TOOLS.map((t) => t.name).sort());
    assert.equal(new Set(listed).size, listed.length);
    for (const name of ["get_workspace_identity", "list_issues", "get_issue", "create_issue", "update_issue"])
      assert.equal(TOOLSET_OF.get(name), "default", name);
    for (const name of ["set_dependencies", "get_bundle", "create_decision", "list_decisions"])
      assert.equal(TOOLSET_OF.get(name), "default", name);
    for (const name of ["create_note", "list_notes", "search"]) assert.equal(TOOLSET_OF.get(name), "default");
  });

  test(`the default tools/list costs at most ${DEFAULT_BUDGET} tokens (o200k_base), in a fixed order`, async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint();
    const client = await m.connect(token);
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((x) => x.name),
      inOrder(TOOLSETS.default),
    );
    const tokens = countTokens(JSON.stringify(tools));
    t.diagnostic(`default tools/list: ${tools.length} tools, ${tokens} tokens`);
    assert.ok(
      tokens <= DEFAULT_BUDGET,
      `the default tools/list costs ${tokens} tokens, over ${DEFAULT_BUDGET}`,
    );
    // the identity tool names every toolset there is
    const identity = tools.find((x) => x.name === "get_workspace_identity")!;
    for (const set of TOOLSET_NAMES.filter((n) => n !== "default"))
      assert.match(identity.description!, new RegExp(`\\b${set}\\b`));
    // stable: a second client sees the same bytes
    const again = await (await m.connect(token, "older")).listTools();
    assert.equal(JSON.stringify(again.tools), JSON.stringify(tools));
  });

  test("the toolset table in docs/mcp.md gives each toolset's token cost as it is", (t) => {
    const readme = readFileSync(new URL("../../docs/mcp.md", import.meta.url), "utf8");
    const cost = (names: string[]) =>
      countTokens(JSON.stringify(TOOLS.filter((x) => names.includes(x.name)).map((x) => x.definition)));
    for (const set of [...TOOLSET_NAMES, "all"] as const) {
      const names = set === "all" ? TOOLS.map((x) => x.name) : [...TOOLSETS[set]];
      const tokens = names.length ? cost(names) : 0;
      t.diagnostic(`${set}: ${names.length} tools, ${tokens} tokens`);
      const row = new RegExp(`^\\| \`${set}\` +\\|.*\\| +([0-9,]+) \\|$`, "m").exec(readme);
      assert.ok(row, `a README row for ${set}`);
      assert.equal(row[1], tokens.toLocaleString("en-US"), `${set}: npm run mcp:tokens prints the figures`);
    }
  });

  for (const query of [false, true]) {
    const how = query ? "?toolsets= on the URL" : "the X-MCP-Toolsets header";
    test(`toolsets by ${how}: the default plus those named; all for every one`, async (t) => {
      const m = await mcpEnv(t);
      const { token } = await m.mint();
      const some = await m.connect(token, "current", { toolsets: "planning, Files", query });
      assert.deepEqual(
        (await some.listTools()).tools.map((x) => x.name),
        ofSets("default", "planning", "files"),
      );
      const all = await m.connect(token, "current", { toolsets: "all", query });
      assert.deepEqual(
        (await all.listTools()).tools.map((x) => x.name),
        TOOLS.map((x) => x.name),
      );
      const plain = await m.connect(token, "current", { toolsets: "default", query });
      assert.deepEqual(
        (await plain.listTools()).tools.map((x) => x.name),
        inOrder(TOOLSETS.default),
      );
    });
  }

  test("a tool outside the client's toolsets is a tool error naming the toolset to enable", async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint();
    const client = await m.connect(token);
    const r = (await client.callTool({ name: "list_cycles", arguments: {} })) as Result;
    assert.equal(r.isError, true);
    assert.match(text(r), /^toolset_not_enabled: list_cycles is in the planning toolset/);
    assert.match(text(r), /X-MCP-Toolsets: planning/);
    assert.match(text(r), /\?toolsets=planning/);
    const enabled = await m.connect(token, "current", { toolsets: "planning" });
    const ok = (await enabled.callTool({ name: "list_cycles", arguments: {} })) as Result;
    assert.ok(!ok.isError, text(ok));
  });

  test("an unknown toolset or a bad readonly value is refused with 400, naming the toolsets there are", async (t) => {
    const m = await mcpEnv(t);
    const { token } = await m.mint();
    for (const [headers, search, pattern] of [
      [
        { "x-mcp-toolsets": "planning,plannning" },
        "",
        /Unknown toolset "plannning".*planning, files, events, labels, trash, sessions, or all/,
      ],
      [{}, "?toolsets=nope", /Unknown toolset "nope"/],
      [{ "x-mcp-readonly": "yes" }, "", /X-MCP-Readonly must be true or false/],
      [{}, "?readonly=1", /readonly parameter must be true or false/],
    ] as const) {
      const res = await rawList(m, token, headers, search);
      assert.equal(res.status, 400, JSON.stringify(headers) + search);
      const body = (await res.json()) as { error: string; error_description: string };
      assert.equal(body.error, "invalid_request");
      assert.match(body.error_description, pattern);
    }
    const fine = await rawList(m, token, { "x-mcp-toolsets": "" }, "?toolsets=");
    assert.equal(fine.status, 200);
  });

  for (const query of [false, true]) {
    test(`read-only mode by ${query ? "?readonly=true" : "X-MCP-Readonly: true"} hides every write; calling one changes nothing`, async (t) => {
      const m = await mcpEnv(t);
      const { token } = await m.mint();
      const client = await m.connect(token, "current", { toolsets: "all", readonly: true, query });
      const names = (await client.listTools()).tools.map((x) => x.name);
      assert.deepEqual(
        names,
        TOOLS.map((x) => x.name).filter((n) => !WRITES.has(n)),
      );
      const before = await m.env.core.db.selectFrom("issues").select("id").execute();
      const r = (await client.callTool({ name: "create_issue", arguments: { title: "Nope" } })) as Result;
      assert.equal(r.isError, true);
      assert.match(
        text(r),
        /^toolset_not_enabled: create_issue writes, and this client asked for read-only mode/,
      );
      assert.deepEqual(await m.env.core.db.selectFrom("issues").select("id").execute(), before);
      const read = (await client.callTool({ name: "list_issues", arguments: {} })) as Result;
      assert.ok(!read.isError, text(read));
      // readonly=false is the same as leaving it out
      const rw = await m.connect(token, "current", { readonly: false, query });
      assert.deepEqual(
        (await rw.listTools()).tools.map((x) => x.name),
        inOrder(TOOLSETS.default),
      );
    });
  }
});
