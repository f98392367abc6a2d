import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import {
  type AuthInfo,
  type CallToolResult,
  createMcpHandler,
  type McpRequestContext,
  ProtocolError,
  ProtocolErrorCode,
  Server,
} from "@modelcontextprotocol/server";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/server/validators/ajv";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { authenticateAccessToken, describeAccessTokenFailure, mcpResource } from "../auth/connections.ts";
import { PAT_PREFIX, type Principal } from "../auth/tokens.ts";
import { getWorkspaceIdentity } from "../auth/workspaces.ts";
import type { Core } from "../core.ts";
import { DocketError, rateLimited } from "../errors.ts";
import { BODY_LIMIT_BYTES, IDLE_TIMEOUT_MS } from "../http/app.ts";
import { errorReply, JSON_TOO_DEEP } from "../http/errors.ts";
import { PACKAGE_VERSION } from "../paths.ts";
import { MAX_NESTING } from "../validate.ts";
import {
  codeError,
  nearest,
  readOnlyRefusal,
  structuredError,
  type Tool,
  type ToolLogger,
  type ToolResult,
} from "./catalog.ts";
import { sessionNotices, withNotices } from "./notices.ts";
import { listResources, RESOURCE_TEMPLATES, readResource } from "./resources.ts";
import { TOOLS_BY_NAME, TOOLSET_OF } from "./tools.ts";
import { selectionOf, type ToolSelection } from "./toolsets.ts";
import { WAIT_MAX_SECONDS } from "./wait.ts";

/**
 * The MCP endpoint at `{base_url}/api/mcp`: Streamable HTTP, stateless, the 2026-07-28 revision and the
 * 2025 ones before it (served per request by the SDK's stateless fallback). In front of the SDK's handler:
 * Host and Origin checked against BASE_URL, a connection's access token bound to this resource, and 120
 * requests a minute per connection, every message of a JSON-RPC batch counted as one request. Batches are
 * served only under the revisions that have them (2025-03-26 and before); 2025-06-18 removed them. Each request gets a fresh low-level `Server` with two handlers; the
 * tools, their JSON Schemas and the `tools/list` answer are built once, when the module loads.
 */

export const MCP_PATH = "/api/mcp";
export const MCP_RATE_LIMIT = 120;
const WINDOW_MS = 60_000;

/** Revisions whose Streamable HTTP (or HTTP+SSE) transport takes a JSON-RPC batch in one POST. */
const BATCH_REVISIONS = new Set(["2024-10-07", "2024-11-05", "2025-03-26"]);
/** What a client that sends no MCP-Protocol-Version header is assumed to speak (2025-06-18 spec, Transports). */
const DEFAULT_REVISION = "2025-03-26";
/** The SDK's own bound on a batch; checked here too, so a refused batch spends none of the limit. */
const MAX_BATCH = 100;

/** Every protocol revision served, newest first (the SDK's stateless fallback serves the older ones). */
export const SERVED_REVISIONS = [
  "2026-07-28",
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
  "2024-10-07",
];

/** How long a client may keep a connection's `tools/list` (2026-07-28 `ttlMs`): it changes only on upgrade. */
export const TOOLS_LIST_TTL_MS = 60 * 60_000;

/** A JSON-RPC error with no id (the request's could not be read, or a batch has none of its own). */
function rpcError(
  reply: FastifyReply,
  code: number,
  message: string,
  id: string | number | null = null,
): FastifyReply {
  return reply
    .code(400)
    .header("content-type", "application/json")
    .send(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id }));
}

/**
 * A 2025-era request (no per-request envelope) naming a revision not served. The SDK's 2025 transport
 * lists only the 2025 revisions in its refusal; this one lists every revision served. A request with
 * the 2026-07-28 envelope is left to the SDK, whose refusal carries `data.supported` and the request's id.
 */
function unservedLegacyRevision(
  request: FastifyRequest,
): { version: string; id: string | number | null } | undefined {
  const version = request.headers["mcp-protocol-version"];
  if (typeof version !== "string" || SERVED_REVISIONS.includes(version)) return undefined;
  const body = request.body;
  if (!isPlain(body)) return undefined;
  const params = body.params;
  if (isPlain(params) && isPlain(params._meta) && "io.modelcontextprotocol/protocolVersion" in params._meta)
    return undefined;
  const id = typeof body.id === "string" || typeof body.id === "number" ? body.id : null;
  return { version, id };
}

/** JSON-RPC's Invalid Request (-32600), with no id: a batch has none of its own. */
function invalidBatch(reply: FastifyReply, message: string): FastifyReply {
  return rpcError(reply, -32600, message);
}

/** Accept headers that take anything: `*` + `/*` (or no header at all) accepts both JSON and SSE. */
function acceptsAnything(accept: string | undefined): boolean {
  return accept === undefined || accept.split(",").some((part) => part.split(";")[0]!.trim() === "*/*");
}

/**
 * The revision a batch is sent under: the MCP-Protocol-Version header, else the protocolVersion of an
 * initialize request inside it, else the spec's default for clients that name none.
 */
function batchRevision(request: FastifyRequest, batch: unknown[]): string {
  const header = request.headers["mcp-protocol-version"];
  if (typeof header === "string" && header.trim() !== "") return header.trim();
  for (const m of batch) {
    if (typeof m !== "object" || m === null || (m as { method?: unknown }).method !== "initialize") continue;
    const version = (m as { params?: { protocolVersion?: unknown } }).params?.protocolVersion;
    if (typeof version === "string") return version;
  }
  return DEFAULT_REVISION;
}

const SERVER_INFO = { name: "docket", title: "Docket", version: PACKAGE_VERSION };

const INSTRUCTIONS =
  "Docket is an issue tracker shared by people and agents. The loop: " +
  "(1) get_workspace_identity, and tell the person the name of the workspace you are connected to. " +
  "(2) claim_next_issue (space, label, priority filters): it claims the most urgent issue that can start and " +
  "answers its bundle, everything needed to work on it, and the session id of your run on it; a retry " +
  "answers the same claim. " +
  "(3) Work: update_issue, add_comment, create_decision, create_note as you go; log_session your steps and " +
  "usage (people watch the run; it renews the claim, as heartbeat_claim would); an elicitation asks a " +
  "person, whose prompt comes in a later tool answer; release_claim if you stop without finishing. " +
  "(4) Finish as the space's policy says (the bundle tells): update_issue status done; or, where a person " +
  "must mark it done, status in_review, request_approval with mark_done: true, then wait_for its id. " +
  "Then end_session with your response. A run a person stopped refuses your writes (session_stopped): " +
  "end_session at once. " +
  "A tool error's structuredContent has error, error_description and, when there is one, next: the call to " +
  "make. Issues are named like ENG-42; other objects by prefixed ids (dec_, note_, cyc_, ms_, bnd_, …). " +
  "Issues, decisions, notes and bundles are also resources (docket://issues/ENG-42).";

/** One validator for every per-request server: building one per request would cost more than the call. */
const validator = new AjvJsonSchemaValidator();

interface CallerInfo {
  principal: Principal;
  core: Core;
  log: ToolLogger;
  selection: ToolSelection;
  /** aborts when the client goes away before its answer is sent (wait_for stops waiting) */
  signal?: AbortSignal;
  /** the store's change version read when the request arrived */
  changeVersion?: string;
}

function callerOf(authInfo: AuthInfo | undefined): CallerInfo {
  const caller = authInfo?.extra?.caller as CallerInfo | undefined;
  if (!caller) throw new ProtocolError(ProtocolErrorCode.InternalError, "The request is not authenticated.");
  return caller;
}

/** The per-request factory: a `Server` and two handlers over the tools built once. */
function serverFor({ authInfo }: McpRequestContext): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: {}, resources: {} },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: validator,
    // tools/list is the same for a connection and its toolset selection until the server is upgraded.
    cacheHints: { "tools/list": { ttlMs: TOOLS_LIST_TTL_MS, cacheScope: "private" } },
  });
  server.setRequestHandler("tools/list", () => callerOf(authInfo).selection.list);
  server.setRequestHandler("tools/call", async (request) => {
    const tool = TOOLS_BY_NAME.get(request.params.name);
    if (!tool) throw unknownTool(request.params.name, callerOf(authInfo).selection);
    const result = await callTool(tool, callerOf(authInfo), request.params.arguments);
    return server.projectCallToolResult(result as CallToolResult, tool.definition.outputSchema);
  });
  server.setRequestHandler("resources/templates/list", () => RESOURCE_TEMPLATES);
  server.setRequestHandler("resources/list", (request) =>
    listResources(ctxOf(authInfo), request.params?.cursor),
  );
  server.setRequestHandler("resources/read", (request) => {
    const { principal, log } = callerOf(authInfo);
    return readResource(ctxOf(authInfo), principal, request.params.uri, log);
  });
  return server;
}

function ctxOf(authInfo: AuthInfo | undefined) {
  return ctxOfCaller(callerOf(authInfo));
}

function ctxOfCaller({ principal, core }: CallerInfo) {
  return {
    core,
    workspaceId: principal.workspaceId,
    actor: { personId: principal.personId, via: principal.tokenId },
  };
}

// ---------------------------------------------------------------------------------------------------
// The fast path: a plain 2026-07-28 tools/call

const CURRENT_REVISION = "2026-07-28";
const ENVELOPE_KEYS = new Set([
  "io.modelcontextprotocol/protocolVersion",
  "io.modelcontextprotocol/clientInfo",
  "io.modelcontextprotocol/clientCapabilities",
]);
const RESULT_META = { "io.modelcontextprotocol/serverInfo": SERVER_INFO };

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Switches the fast path off, so a test can compare its answers with the SDK's. */
export const mcpFastPath = { enabled: true };

/**
 * The tool a request calls, when it is the plainest case of the current revision: one `tools/call` of a
 * known tool, JSON-RPC 2.0 with an id, its MCP-Method and MCP-Name headers matching the body, the
 * per-request envelope complete and nothing else in `_meta` or `params`, and JSON accepted. Such a call
 * is answered here with the bytes the SDK would send (a test holds the two to the same answer), without
 * the per-request server, transport and message validation that cost more than the call itself. Every
 * other request (and every error of the protocol) goes to the SDK.
 */
function plainToolCall(
  request: FastifyRequest,
): { tool: Tool; id: string | number; args: unknown } | undefined {
  if (!mcpFastPath.enabled || request.method !== "POST") return undefined;
  const h = request.headers;
  if (h["mcp-protocol-version"] !== CURRENT_REVISION || h["mcp-method"] !== "tools/call") return undefined;
  if (!String(h.accept ?? "").includes("application/json") && !acceptsAnything(h.accept)) return undefined;
  const body = request.body;
  if (!isPlain(body) || body.jsonrpc !== "2.0" || body.method !== "tools/call") return undefined;
  const id = body.id;
  if (!((typeof id === "string" && id !== "") || (typeof id === "number" && Number.isInteger(id))))
    return undefined;
  for (const k of Object.keys(body))
    if (k !== "jsonrpc" && k !== "id" && k !== "method" && k !== "params") return undefined;
  const params = body.params;
  if (!isPlain(params) || typeof params.name !== "string" || h["mcp-name"] !== params.name) return undefined;
  for (const k of Object.keys(params))
    if (k !== "name" && k !== "arguments" && k !== "_meta") return undefined;
  if (params.arguments !== undefined && !isPlain(params.arguments)) return undefined;
  const meta = params._meta;
  if (!isPlain(meta) || Object.keys(meta).length !== ENVELOPE_KEYS.size) return undefined;
  for (const k of Object.keys(meta)) if (!ENVELOPE_KEYS.has(k)) return undefined;
  if (meta["io.modelcontextprotocol/protocolVersion"] !== CURRENT_REVISION) return undefined;
  const info = meta["io.modelcontextprotocol/clientInfo"];
  if (!isPlain(info) || typeof info.name !== "string" || typeof info.version !== "string") return undefined;
  if (!isPlain(meta["io.modelcontextprotocol/clientCapabilities"])) return undefined;
  const tool = TOOLS_BY_NAME.get(params.name);
  if (!tool) return undefined;
  return { tool, id, args: params.arguments };
}

/**
 * A call of a tool that does not exist: the protocol's Invalid Params (-32602), naming the nearest tool
 * there is ("did you mean"), with `data` in the shape of a tool error's structured content.
 */
function unknownTool(name: string, selection: ToolSelection): ProtocolError {
  const guess = nearest(name, TOOLS_BY_NAME.keys());
  const where = guess ? TOOLSET_OF.get(guess) : undefined;
  const hint = !guess
    ? ""
    : selection.toolsets.has(where!)
      ? ` Did you mean ${guess}?`
      : ` Did you mean ${guess} (in the ${where} toolset: X-MCP-Toolsets: ${where})?`;
  const description = `Unknown tool: ${name}.${hint} tools/list names the tools there are.`;
  return new ProtocolError(ProtocolErrorCode.InvalidParams, description, {
    error: "unknown_tool",
    error_description: description,
    ...(guess ? { next: { tool: guess } } : {}),
  });
}

/** `No issue FOO-9 in this workspace.`: the tracker's not_found for an issue reference. */
const NO_ISSUE = /^No issue (\S+) in this workspace\.$/;

/**
 * An issue that is not found gets the workspace's spaces: the usual mistake is a prefix from another
 * tracker or workspace (`PROJ-12` where the spaces are ENG and OPS).
 */
async function withSpaces(result: ToolResult, caller: CallerInfo): Promise<ToolResult> {
  const s = result.structuredContent;
  if (!result.isError || s?.error !== "not_found" || typeof s.error_description !== "string") return result;
  const ref = NO_ISSUE.exec(s.error_description)?.[1];
  if (!ref) return result;
  const { spaces } = await getWorkspaceIdentity(
    caller.core,
    caller.principal.workspaceId,
    caller.changeVersion,
  );
  const prefix = ref.includes("-") ? ref.slice(0, ref.lastIndexOf("-")).toUpperCase() : undefined;
  const known = spaces.some((sp) => sp.prefix === prefix);
  const list = spaces.map((sp) => `${sp.prefix} (${sp.name})`).join(", ") || "none";
  const description =
    prefix && !known
      ? `No issue ${ref}: there is no space ${prefix} in this workspace. Its spaces are ${list}.`
      : `No issue ${ref} in this workspace. Its spaces are ${list}.`;
  return structuredError({
    ...s,
    error_description: description,
    spaces: spaces.map((sp) => ({ prefix: sp.prefix, name: sp.name })),
  });
}

/** Whether a request (or a message of a batch) calls wait_for, which may answer only after a minute. */
function callsWaitFor(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some(
    (m) => isPlain(m) && m.method === "tools/call" && isPlain(m.params) && m.params.name === "wait_for",
  );
}

/** Runs a tool for a caller: the one place both paths call tools through. */
async function callTool(tool: Tool, caller: CallerInfo, args: unknown): Promise<ToolResult> {
  const refusal = caller.selection.refusal(tool);
  if (refusal) {
    const set = TOOLSET_OF.get(tool.name)!;
    return codeError("toolset_not_enabled", refusal.replace(/^toolset_not_enabled: /, ""), {
      toolset: set,
    });
  }
  // the agent's runs that need it (delegated and waiting, stopping, a person's prompt): read before the
  // call, so the answer to the call that replies still shows what it replies to
  const notices = await sessionNotices(caller.core, caller.principal, caller.changeVersion).catch(
    (err: unknown) => {
      // the notices inform; the tool's own answer (and a stop's refusal, which the tracker makes) goes on
      caller.log.error({ err }, "reading the agent's run notices failed");
      return [];
    },
  );
  const result = await tool.call(ctxOfCaller(caller), caller.principal, args, caller.log, caller.signal);
  return withNotices(result.isError ? await withSpaces(result, caller) : result, notices);
}

/** The scopes a client asks for to do everything (the 401 and 403 challenges name them). */
const ALL_SCOPES = "workspace.read workspace.write";
/** The JSON-RPC error code of a call the connection's scopes do not allow (server-defined range). */
export const INSUFFICIENT_SCOPE_CODE = -32003;

/**
 * A single `tools/call` of a known tool that the caller's toolset selection allows but its scopes do not:
 * answered before either path runs, so the fast path and the SDK path give the same 403. Calls inside a
 * JSON-RPC batch (2025-03-26) keep the tool error, as one message cannot set the status of the others.
 */
function missingScope(
  body: unknown,
  caller: CallerInfo,
): { id: string | number | null; description: string } | undefined {
  if (!isPlain(body) || body.method !== "tools/call" || !isPlain(body.params)) return undefined;
  const name = body.params.name;
  if (typeof name !== "string") return undefined;
  const tool = TOOLS_BY_NAME.get(name);
  if (!tool || caller.selection.refusal(tool) || caller.principal.scopes.has(tool.scope)) return undefined;
  const id = typeof body.id === "string" || typeof body.id === "number" ? body.id : null;
  return { id, description: readOnlyRefusal(tool.name, tool.scope) };
}

/** Request headers the SDK's handler reads besides the `mcp-*` ones. */
const FORWARDED_HEADERS = new Set(["content-type", "accept", "last-event-id"]);

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** RFC 6750 §3: quoted values are printable ASCII without `"` or `\`. */
function headerSafe(text: string): string {
  return text.replaceAll("…", "...").replace(/[^\x20-\x7e]|["\\]/g, "");
}

export function mcpRoutes(core: Core): FastifyPluginAsync {
  const base = new URL(core.config.baseUrl);
  const loopback = LOOPBACK.has(base.hostname);
  const resource = mcpResource(core);
  const metadataUrl = `${core.config.baseUrl}/.well-known/oauth-protected-resource${MCP_PATH}`;

  /** DNS rebinding protection: Host names BASE_URL's host (any port), Origin, when sent, its origin. */
  function checkHostAndOrigin(request: FastifyRequest): void {
    const host = request.headers.host;
    let hostname: string | undefined;
    try {
      hostname = host ? new URL(`http://${host}`).hostname : undefined;
    } catch {
      hostname = undefined;
    }
    const hostOk =
      hostname !== undefined && (hostname === base.hostname || (loopback && LOOPBACK.has(hostname)));
    if (!hostOk) {
      throw new DocketError(
        403,
        "forbidden",
        `This endpoint answers requests for ${base.host} only (Host header).`,
      );
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let ok = false;
    try {
      const o = new URL(origin);
      ok =
        o.origin === base.origin ||
        core.config.mcpAllowedOrigins.includes(o.origin) ||
        (loopback && LOOPBACK.has(o.hostname) && o.protocol === base.protocol);
    } catch {
      ok = false;
    }
    if (!ok)
      throw new DocketError(403, "forbidden", `Requests from the origin ${origin} are not accepted here.`);
  }

  function challenge(description: string, tokenSent: boolean): DocketError {
    const value = tokenSent
      ? `Bearer resource_metadata="${metadataUrl}", scope="${ALL_SCOPES}", error="invalid_token", error_description="${headerSafe(description)}"`
      : `Bearer resource_metadata="${metadataUrl}", scope="${ALL_SCOPES}"`;
    return new DocketError(401, "invalid_token", description, { headers: { "www-authenticate": value } });
  }

  async function authenticate(request: FastifyRequest): Promise<{ principal: Principal; token: string }> {
    const header = request.headers.authorization;
    if (!header) {
      throw challenge("Send a connection's access token as Authorization: Bearer docket_at_….", false);
    }
    const match = /^Bearer +([^\s]+) *$/i.exec(header);
    if (!match) throw challenge("The Authorization header must be of the form Bearer <token>.", true);
    const token = match[1]!;
    if (token.startsWith(PAT_PREFIX)) {
      throw challenge(
        "Personal access tokens work on the REST API only; MCP takes a connection's access token (docket_at_…).",
        true,
      );
    }
    const outcome = await authenticateAccessToken(core, token, resource, request.changeVersion);
    if (!outcome.ok) throw challenge(describeAccessTokenFailure(outcome.reason), true);
    return { principal: outcome.principal, token };
  }

  /** Counts `cost` requests (the messages of a batch, else one) against the connection's minute. */
  async function limit(principal: Principal, reply: FastifyReply, cost: number): Promise<void> {
    const r = await core.requestLimiter.hit(`mcp:${principal.tokenId}`, MCP_RATE_LIMIT, WINDOW_MS, cost);
    const reset = Math.max(1, Math.ceil(r.resetMs / 1000));
    reply.header("ratelimit-limit", String(MCP_RATE_LIMIT));
    reply.header("ratelimit-remaining", String(r.remaining));
    reply.header("ratelimit-reset", String(reset));
    if (!r.allowed) {
      throw rateLimited(
        reset,
        `More than ${MCP_RATE_LIMIT} MCP requests a minute on this connection; retry after ${reset} seconds.`,
      );
    }
  }

  const handler = createMcpHandler(serverFor, {
    legacy: "stateless",
    maxRequestBodySize: BODY_LIMIT_BYTES,
  });

  return async (app) => {
    app.addHook("onClose", async () => {
      await handler.close();
    });

    // A body that is not JSON (or no body under Content-Type: application/json) is JSON-RPC's Parse
    // error, in every revision; everything else keeps the service's error shape.
    app.setErrorHandler((error, request, reply) => {
      const code = (error as { code?: string }).code;
      if (code === "FST_ERR_CTP_INVALID_JSON_BODY")
        return rpcError(reply, -32700, "Parse error: the body is not valid JSON.");
      if (code === JSON_TOO_DEEP)
        return rpcError(reply, -32700, `Parse error: the body nests deeper than ${MAX_NESTING} levels.`);
      if (code === "FST_ERR_CTP_EMPTY_JSON_BODY")
        return rpcError(reply, -32700, "Parse error: the body is empty; send one JSON-RPC message as JSON.");
      return errorReply(error, request, reply);
    });

    // POST only: the endpoint is stateless, so there is no session stream (GET) or session to end
    // (DELETE). Those methods, and OPTIONS, get the app's 405 with `Allow: POST`, the same answer for
    // every method but POST.
    app.route({
      method: "POST",
      url: MCP_PATH,
      handler: async (request, reply) => {
        checkHostAndOrigin(request);
        const { principal, token } = await authenticate(request);
        const selection = selectionOf(request.headers, request.query as Record<string, unknown> | undefined, {
          writable: principal.scopes.has("workspace.write"),
        });
        const batch = request.method === "POST" && Array.isArray(request.body) ? request.body : undefined;
        if (batch) {
          const revision = batchRevision(request, batch);
          if (!BATCH_REVISIONS.has(revision)) {
            return invalidBatch(
              reply,
              `Invalid Request: JSON-RPC batches are not part of protocol revision ${revision}; send one message per request.`,
            );
          }
          if (batch.length === 0) return invalidBatch(reply, "Invalid Request: the JSON-RPC batch is empty.");
          if (batch.length > MAX_BATCH) {
            return invalidBatch(
              reply,
              `Invalid Request: a JSON-RPC batch holds at most ${MAX_BATCH} messages.`,
            );
          }
        }
        // Each message of a batch is a request as far as the limit goes: one POST of 100 tools/call costs 100.
        await limit(principal, reply, batch ? batch.length : 1);

        const unserved = unservedLegacyRevision(request);
        if (unserved) {
          return rpcError(
            reply,
            -32000,
            `Bad Request: Unsupported protocol version: ${unserved.version} (supported versions: ${SERVED_REVISIONS.join(", ")})`,
            unserved.id,
          );
        }
        // wait_for sends nothing until its answer: its socket may idle past IDLE_TIMEOUT_MS meanwhile
        if (callsWaitFor(request.body)) {
          const socket = request.raw.socket;
          socket.setTimeout(WAIT_MAX_SECONDS * 1000 + IDLE_TIMEOUT_MS);
          reply.raw.once("close", () => {
            if (!socket.destroyed) socket.setTimeout(IDLE_TIMEOUT_MS);
          });
        }
        const gone = new AbortController();
        reply.raw.once("close", () => {
          if (!reply.raw.writableFinished) gone.abort();
        });
        const caller: CallerInfo = {
          principal,
          core,
          log: request.log,
          selection,
          signal: gone.signal,
          changeVersion: request.changeVersion,
        };
        const short = batch ? undefined : missingScope(request.body, caller);
        if (short) {
          // The scope challenge of the MCP authorization spec: 403 with insufficient_scope and the scopes
          // to ask for, so a client can step up; the JSON-RPC error says the same to an agent.
          return reply
            .code(403)
            .header(
              "www-authenticate",
              `Bearer error="insufficient_scope", scope="${ALL_SCOPES}", resource_metadata="${metadataUrl}", error_description="${headerSafe(short.description)}"`,
            )
            .header("content-type", "application/json")
            .send(
              JSON.stringify({
                jsonrpc: "2.0",
                id: short.id,
                error: {
                  code: INSUFFICIENT_SCOPE_CODE,
                  message: `insufficient_scope: ${short.description}`,
                  data: { error: "insufficient_scope", scope: ALL_SCOPES },
                },
              }),
            );
        }
        const plain = plainToolCall(request);
        if (plain) {
          const result = await callTool(plain.tool, caller, plain.args);
          return reply
            .code(200)
            .header("content-type", "application/json")
            .send(
              JSON.stringify({
                result: { ...result, resultType: "complete", _meta: RESULT_META },
                jsonrpc: "2.0",
                id: plain.id,
              }),
            );
        }
        // The SDK reads the content negotiation and the MCP headers; the rest stays with Fastify.
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
          if (value === undefined || !(name.startsWith("mcp-") || FORWARDED_HEADERS.has(name))) continue;
          if (Array.isArray(value)) for (const v of value) headers.append(name, v);
          else headers.set(name, String(value));
        }
        if (acceptsAnything(request.headers.accept))
          headers.set("accept", "application/json, text/event-stream");
        const webRequest = new Request(`${core.config.baseUrl}${request.url}`, {
          method: request.method,
          headers,
        });
        const authInfo: AuthInfo = {
          token,
          clientId: principal.tokenId,
          scopes: [...principal.scopes],
          resource: new URL(resource),
          extra: { caller },
        };
        const response = await handler.fetch(webRequest, {
          authInfo,
          ...(request.method === "POST" ? { parsedBody: request.body } : {}),
        });

        reply.code(response.status);
        for (const [name, value] of response.headers) {
          if (name !== "content-length") reply.header(name, value);
        }
        if (response.body === null) return reply.send();
        const type = response.headers.get("content-type") ?? "";
        if (type.startsWith("text/event-stream")) {
          return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
        }
        // JSON-RPC answers are text: sent as a string, they go out in one write with the headers.
        return reply.send(await response.text());
      },
    });
  };
}
