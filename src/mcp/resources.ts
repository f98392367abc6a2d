import {
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  ResourceNotFoundError,
} from "@modelcontextprotocol/server";
import type { Principal } from "../auth/tokens.ts";
import type { Ctx } from "../tracker/context.ts";
import { listIssues } from "../tracker/issues.ts";
import type { ToolLogger } from "./catalog.ts";
import { TOOLS_BY_NAME } from "./tools.ts";

/**
 * Issues, decisions, notes and bundles as MCP resources: `docket://issues/ENG-42`,
 * `docket://decisions/dec_…`, `docket://notes/note_…`, `docket://bundles/bnd_…` (or
 * `docket://bundles/ENG-42` for the live bundle). Reading one gives the text its read tool gives, as
 * Markdown; `resources/list` lists the recently updated issues, a page at a time. Resources do not
 * depend on the client's toolsets: reading is never a write.
 */

export const RESOURCE_SCHEME = "docket://";
const PAGE = 50;

const KINDS = {
  issues: { tool: "get_issue", title: "An issue", example: "ENG-42" },
  decisions: { tool: "get_decision", title: "A decision", example: "dec_…" },
  notes: { tool: "get_note", title: "A note", example: "note_…" },
  bundles: { tool: "get_bundle", title: "An issue's execution bundle", example: "bnd_… or ENG-42" },
} as const;
type Kind = keyof typeof KINDS;

/** The resource templates, the same for every caller. */
export const RESOURCE_TEMPLATES: ListResourceTemplatesResult = {
  resourceTemplates: (Object.keys(KINDS) as Kind[]).map((kind) => ({
    uriTemplate: `${RESOURCE_SCHEME}${kind}/{id}`,
    name: kind,
    title: KINDS[kind].title,
    description: `${KINDS[kind].title} as Markdown; {id} is ${KINDS[kind].example}.`,
    mimeType: "text/markdown",
  })),
};

/** `resources/list`: the workspace's issues, most recently updated first, `PAGE` at a time. */
export async function listResources(ctx: Ctx, cursor: string | undefined): Promise<ListResourcesResult> {
  try {
    const page = await listIssues(ctx, {
      limit: PAGE,
      sort: "-updated",
      ...(cursor ? { cursor } : {}),
    } as never);
    return {
      resources: page.data.map((i) => ({
        uri: `${RESOURCE_SCHEME}issues/${i.identifier}`,
        name: i.identifier,
        title: i.title,
        description: `${i.status}, ${i.priority} priority${i.ready ? ", ready" : ""}`,
        mimeType: "text/markdown",
      })),
      ...(page.next_cursor ? { nextCursor: page.next_cursor } : {}),
    };
  } catch (error) {
    throw asProtocolError(error);
  }
}

function asProtocolError(error: unknown): unknown {
  const e = error as { code?: unknown; description?: unknown };
  if (typeof e?.code === "string" && typeof e.description === "string") {
    return new ProtocolError(ProtocolErrorCode.InvalidParams, `${e.code}: ${e.description}`);
  }
  return error;
}

/** `resources/read`: the read tool's text for the object the URI names. */
export async function readResource(
  ctx: Ctx,
  principal: Principal,
  uri: string,
  log: ToolLogger,
): Promise<ReadResourceResult> {
  const match = /^docket:\/\/([a-z]+)\/([^/?#]+)$/.exec(uri);
  const kind = match?.[1] as Kind | undefined;
  if (!match || !kind || !(kind in KINDS)) {
    throw new ResourceNotFoundError(
      uri,
      `Unknown resource ${uri}: Docket's resources are docket://issues/ENG-42, docket://decisions/dec_…, docket://notes/note_… and docket://bundles/{bnd_… or ENG-42}.`,
    );
  }
  const tool = TOOLS_BY_NAME.get(KINDS[kind].tool)!;
  const result = await tool.call(ctx, principal, { id: decodeURIComponent(match[2]!) }, log);
  const text = result.content.map((c) => c.text).join("\n");
  if (result.isError) {
    if (text.startsWith("not_found:") || text.startsWith("invalid_request:")) {
      throw new ResourceNotFoundError(uri, text);
    }
    throw new ProtocolError(ProtocolErrorCode.InternalError, text);
  }
  return { contents: [{ uri, mimeType: "text/markdown", text }] };
}
