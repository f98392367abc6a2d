import { sql } from "kysely";
import type { Principal } from "../auth/tokens.ts";
import type { Core } from "../core.ts";
import { prepared } from "../db/prepared.ts";
import type { Db } from "../db/store.ts";
import type { ToolResult } from "./catalog.ts";

/**
 * What an agent's runs (sessions) need it to know, told in every tool answer to its connection: runs
 * delegated to it and waiting (`pending`), runs a person stopped (`stopping`: its writes under them are
 * refused until it ends them), and people's prompts it has not answered yet (the prompts after its last
 * activity in the run, which are the tail of the run's log: only people prompt). Read before the tool
 * runs, so the answer to the call that logs the reply still shows the prompt it replies to. A first query
 * with a point lookup per live run answers the common case (nothing to tell), and on SQLite that answer
 * is kept for the connection until a run or its log is written; the prompts are read only when there
 * are some.
 */

/** At most this many runs' notices in one answer (the oldest first); the rest wait for the next call. */
const MAX_RUNS = 5;
/** A prompt's text in a notice is cut at this many characters (the run's log holds it whole). */
const MAX_PROMPT_CHARS = 2_000;
/** At most this many prompts of one run in one notice (the newest). */
const MAX_PROMPTS = 5;

export interface PromptNotice {
  id: string;
  from: string;
  at: string;
  body: string;
}

export interface SessionNotice {
  session: string;
  issue: string;
  status: "pending" | "stopping" | string;
  prompts: PromptNotice[];
}

/** Whether the agent has a live run to tell of (waiting, stopping, or a person's prompt last): one row or none. */
const liveRunToTell = prepared(
  ["agentId", "workspaceId"],
  (db: Db, { agentId, workspaceId }: { agentId: string; workspaceId: string }) =>
    db
      .selectFrom("agent_sessions as s")
      .leftJoin("session_activities as last", (j) =>
        j.onRef("last.session_id", "=", "s.id").on("last.position", "=", sql<number>`s.next_position - 1`),
      )
      .select("s.id")
      .where("s.agent_id", "=", agentId)
      .where("s.workspace_id", "=", workspaceId)
      .where("s.ended_at", "is", null)
      .where((eb) => eb.or([eb("s.status", "in", ["pending", "stopping"]), eb("last.kind", "=", "prompt")]))
      .limit(1),
);

/** What the first query reads: a kept "nothing to tell" holds while neither is written. */
const READ_TABLES = ["agent_sessions", "session_activities"] as const;

/** At most this many connections' "nothing to tell" are kept per store. */
const MAX_QUIET = 10_000;

/**
 * Connections found with nothing to tell, per store, each with the version it was found under: the
 * request's change version (other processes' commits, announcements) and the store's count of this
 * process's writes to the runs and their activities (src/db/changes.ts), both read before the lookup.
 * An entry holds only while neither table has been written since: runs delegated, stopped or prompted
 * are told at the next call. PostgreSQL, whose store has no such count, keeps none.
 */
const quiet = new WeakMap<object, Map<string, string>>();

function quietOf(core: Core): Map<string, string> {
  let known = quiet.get(core.store);
  if (!known) {
    known = new Map();
    quiet.set(core.store, known);
  }
  return known;
}

/**
 * The notices for an agent connection's live runs; none for a person's caller. `changeVersion` is the
 * request's (read when it arrived); without it the store's version is read here.
 */
export async function sessionNotices(
  core: Core,
  principal: Principal,
  changeVersion?: string,
): Promise<SessionNotice[]> {
  const agentId = principal.tokenId;
  if (!agentId.startsWith("con_")) return [];
  const changes = core.store.changes;
  const writes = changes.writes?.(READ_TABLES);
  const key = `${principal.workspaceId} ${agentId}`;
  const version =
    writes === undefined ? undefined : `${changeVersion ?? (await changes.version())} ${writes}`;
  if (version !== undefined && quietOf(core).get(key) === version) return [];
  // the common case first, with a point lookup per live run: is its newest activity a person's prompt,
  // or is it waiting or stopping? Most calls stop here with nothing to tell.
  const candidates = await liveRunToTell(core.db, { agentId, workspaceId: principal.workspaceId });
  if (candidates.length === 0) {
    if (version !== undefined) {
      const known = quietOf(core);
      known.delete(key);
      if (known.size >= MAX_QUIET) known.delete(known.keys().next().value!);
      known.set(key, version);
    }
    return [];
  }
  // the position of the agent's last activity in each run: every later one is a person's prompt
  const lastOwn = sql<number>`coalesce((select b.position from session_activities b where b.session_id = s.id and b.kind <> 'prompt' order by b.position desc limit 1), 0)`;
  const rows = await core.db
    .selectFrom("agent_sessions as s")
    .innerJoin("issues as i", "i.id", "s.issue_id")
    .leftJoin("session_activities as a", (j) =>
      j.onRef("a.session_id", "=", "s.id").on("a.kind", "=", "prompt").on("a.position", ">", lastOwn),
    )
    .leftJoin("people as p", "p.id", "a.author_id")
    .select([
      "s.id as session",
      "s.status",
      "s.created_at",
      "i.identifier",
      "a.id as prompt",
      "a.position",
      "a.body",
      "a.created_at as at",
      "p.name as from",
    ])
    .where("s.agent_id", "=", agentId)
    .where("s.workspace_id", "=", principal.workspaceId)
    .where("s.ended_at", "is", null)
    .where((eb) => eb.or([eb("s.status", "in", ["pending", "stopping"]), eb("a.id", "is not", null)]))
    .orderBy("s.created_at")
    .orderBy("s.id")
    .orderBy("a.position")
    .limit(MAX_RUNS * MAX_PROMPTS)
    .execute();
  const out = new Map<string, SessionNotice>();
  for (const r of rows) {
    let notice = out.get(r.session);
    if (!notice) {
      if (out.size === MAX_RUNS) break;
      notice = { session: r.session, issue: r.identifier, status: r.status, prompts: [] };
      out.set(r.session, notice);
    }
    if (r.prompt && r.body !== null) {
      const body = r.body.length > MAX_PROMPT_CHARS ? `${r.body.slice(0, MAX_PROMPT_CHARS)}…` : r.body;
      notice.prompts.push({ id: r.prompt, from: r.from ?? "a person", at: String(r.at), body });
      if (notice.prompts.length > MAX_PROMPTS) notice.prompts.shift();
    }
  }
  return [...out.values()];
}

/** One notice in a line or a few, with the call to make. */
function noticeText(n: SessionNotice): string {
  const lines: string[] = [];
  if (n.status === "pending")
    lines.push(
      `Run ${n.session} on ${n.issue} was delegated to you and waits: claim_issue ${n.issue} takes it up.`,
    );
  else if (n.status === "stopping")
    lines.push(
      `Run ${n.session} on ${n.issue} is stopping: a person stopped it and your writes under it are refused (session_stopped). Finish now with end_session (or log_session a response or error).`,
    );
  for (const p of n.prompts)
    lines.push(`Prompt from ${p.from} on run ${n.session} (${n.issue}), ${p.at}:\n${p.body}`);
  return lines.join("\n");
}

/** The session id a tool's answer names (a claim's run, a run), if any. */
function sessionNamed(result: ToolResult): { id: string; ended: boolean } | undefined {
  const s = result.structuredContent;
  if (!s || result.isError) return undefined;
  const claim = (s.claim ?? s) as { session?: unknown };
  if (typeof claim.session === "string") return { id: claim.session, ended: false };
  const run = (s.session ?? s) as { id?: unknown; ended_at?: unknown };
  if (typeof run.id === "string" && run.id.startsWith("ses_"))
    return { id: run.id, ended: typeof run.ended_at === "string" };
  return undefined;
}

/**
 * The answer with the notices added: a text block after the answer's own, and `notices` in its
 * structured content. A notice about the run the answer itself names drops its status line (the
 * answer says it), and the whole notice once the answer ended the run.
 */
export function withNotices(result: ToolResult, notices: SessionNotice[]): ToolResult {
  if (notices.length === 0) return result;
  const named = sessionNamed(result);
  const kept: SessionNotice[] = [];
  for (const n of notices) {
    if (named?.id !== n.session) kept.push(n);
    else if (!named.ended && n.prompts.length) kept.push({ ...n, status: "active" });
  }
  if (kept.length === 0) return result;
  const text = kept.map(noticeText).join("\n");
  return {
    ...result,
    content: [...result.content, { type: "text", text }],
    structuredContent: { ...result.structuredContent, notices: kept },
  };
}
