import { TOOLS, TOOLSET_NAMES, TOOLSET_OF } from "../src/mcp/tools.ts";
import { selectionOf } from "../src/mcp/toolsets.ts";
import { countTokens } from "../src/tokens.ts";

/**
 * What each MCP toolset adds to `tools/list`, in o200k_base tokens of the `tools` array's JSON as a
 * client receives it: `npm run mcp:tokens` prints the toolset table of docs/mcp.md; `--json` the figures as JSON.
 */

const cost = (tools: unknown[]) => countTokens(JSON.stringify(tools));
const rows: { toolset: string; tools: number; tokens: number }[] = [];
for (const name of TOOLSET_NAMES) {
  const set = TOOLS.filter((t) => TOOLSET_OF.get(t.name) === name).map((t) => t.definition);
  rows.push({ toolset: name, tools: set.length, tokens: set.length ? cost(set) : 0 });
}
for (const [label, headers] of [
  ["all", { "x-mcp-toolsets": "all" }],
  ["default, read-only", { "x-mcp-readonly": "true" }],
  ["all, read-only", { "x-mcp-toolsets": "all", "x-mcp-readonly": "true" }],
] as const) {
  const tools = selectionOf(headers, undefined).list.tools;
  rows.push({ toolset: label, tools: tools.length, tokens: cost(tools) });
}

if (process.argv.includes("--json")) console.log(JSON.stringify(rows, null, 2));
else {
  console.log("| toolset | tools | tokens (o200k_base) |\n| --- | --: | --: |");
  for (const r of rows) console.log(`| ${r.toolset} | ${r.tools} | ${r.tokens.toLocaleString("en-US")} |`);
}
