import type { ListToolsResult } from "@modelcontextprotocol/server";
import { DocketError } from "../errors.ts";
import type { Tool } from "./catalog.ts";
import { TOOLS, TOOLSET_NAMES, TOOLSET_OF, type ToolsetName } from "./tools.ts";

/**
 * Which tools a client sees: the default toolset plus those it names in `X-MCP-Toolsets` or
 * `?toolsets=` (comma-separated; `all` for every one), less every write with `X-MCP-Readonly: true` or
 * `?readonly=true`. A selection and its `tools/list` answer are built once per process and kept.
 */

export const TOOLSETS_HEADER = "x-mcp-toolsets";
export const READONLY_HEADER = "x-mcp-readonly";

export interface ToolSelection {
  toolsets: ReadonlySet<ToolsetName>;
  /** the client asked for read-only mode: a write is refused as outside the selection */
  readonly: boolean;
  /** the connection may only read (its scopes): writes are left out of tools/list, and a call of one
   * gets the scope challenge (403 insufficient_scope), not a toolset refusal */
  readOnlyConnection: boolean;
  /** the `tools/list` answer: the selected tools in the fixed order of TOOLS */
  list: ListToolsResult;
  /** why `name` cannot be called here (a tool error's text), or undefined when it can */
  refusal(tool: Tool): string | undefined;
}

const selections = new Map<string, ToolSelection>();

function build(toolsets: Set<ToolsetName>, readonly: boolean, readOnlyConnection: boolean): ToolSelection {
  const hideWrites = readonly || readOnlyConnection;
  const shown = TOOLS.filter(
    (t) => toolsets.has(TOOLSET_OF.get(t.name)!) && !(hideWrites && t.scope === "workspace.write"),
  );
  const list = { tools: shown.map((t) => t.definition) } as unknown as ListToolsResult;
  return {
    toolsets,
    readonly,
    readOnlyConnection,
    list,
    refusal(tool) {
      const set = TOOLSET_OF.get(tool.name)!;
      if (!toolsets.has(set)) {
        return `toolset_not_enabled: ${tool.name} is in the ${set} toolset, which this client has not enabled; send the header X-MCP-Toolsets: ${set} (or add ?toolsets=${set} to the endpoint URL).`;
      }
      if (readonly && tool.scope === "workspace.write") {
        return `toolset_not_enabled: ${tool.name} writes, and this client asked for read-only mode (X-MCP-Readonly: true or ?readonly=true).`;
      }
      return undefined;
    },
  };
}

function values(raw: unknown): string[] {
  if (raw === undefined) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.flatMap((v) =>
    String(v)
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

function flag(raw: unknown, name: string): boolean {
  const all = values(raw);
  for (const v of all) {
    if (v !== "true" && v !== "false") {
      throw new DocketError(400, "invalid_request", `${name} must be true or false, not "${v}".`);
    }
  }
  return all.includes("true");
}

/**
 * The selection named by a request's header and query parameter (either may be left out; both add up).
 * An unknown toolset name is refused (400), naming the toolsets there are: a misspelt name would
 * otherwise leave an agent without the tools it was configured for, with nothing to tell it why.
 * A connection that may only read (`writable: false`, its scopes) sees the read-only list whatever the
 * headers say: an agent inside an MCP host cannot set them, and listing writes it cannot make costs
 * tokens and invites calls that fail.
 */
export function selectionOf(
  headers: Record<string, unknown>,
  query: Record<string, unknown> | undefined,
  { writable = true }: { writable?: boolean } = {},
): ToolSelection {
  const names = [...values(headers[TOOLSETS_HEADER]), ...values(query?.toolsets)];
  const readonly =
    flag(headers[READONLY_HEADER], "X-MCP-Readonly") || flag(query?.readonly, "The readonly parameter");
  const toolsets = new Set<ToolsetName>(["default"]);
  for (const name of names) {
    if (name === "all") for (const n of TOOLSET_NAMES) toolsets.add(n);
    else if ((TOOLSET_NAMES as string[]).includes(name)) toolsets.add(name as ToolsetName);
    else {
      throw new DocketError(
        400,
        "invalid_request",
        `Unknown toolset "${name}" (X-MCP-Toolsets or ?toolsets=); the toolsets are ${TOOLSET_NAMES.join(", ")}, or all.`,
      );
    }
  }
  const key = `${TOOLSET_NAMES.filter((n) => toolsets.has(n)).join(",")}${readonly ? ":ro" : ""}${writable ? "" : ":read-scope"}`;
  let selection = selections.get(key);
  if (!selection) {
    selection = build(toolsets, readonly, !writable);
    selections.set(key, selection);
  }
  return selection;
}

/** The default selection: what a client that names no toolset sees. */
export const DEFAULT_SELECTION = selectionOf({}, undefined);
