/**
 * Live updates: the app reads `/v1/events/stream` (with fetch, so the session's headers go with it) and
 * turns each event into fresh data: the queries the event touches are refetched (coalesced, so an agent
 * writing fifty issues a second costs one refetch per list), and listeners (an open issue page) hear it.
 * It reconnects with Last-Event-ID after a drop, so no event is missed.
 *
 * Where the first connection starts matters too: a change committed between a page's first reads and the
 * stream's start would be in neither. So before a workspace's first reads, `prepareLive` takes the feed's
 * newest event (`wsRoute.beforeLoad` waits for it), and the stream starts right after that event: every
 * change the reads could have missed is replayed, and nothing older is.
 */
import type { QueryClient } from "@tanstack/react-query";
import { appFetch, type Schemas } from "../api.ts";
import { createStore } from "./store.ts";

export type LiveEvent = Schemas["Event"];

/** "connecting" until the stream answers, "live" while it does, "offline" between attempts. */
export const liveState = createStore<"connecting" | "live" | "offline">("connecting");

const listeners = new Set<(event: LiveEvent) => void>();
/** Hears every event of the workspace shown; returns the unsubscribe. */
export function onLiveEvent(listener: (event: LiveEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Which cached reads an event makes stale, by the second part of their keys (queries.ts). */
export function staleAreas(event: Pick<LiveEvent, "type" | "object">): string[] {
  const kind = event.object.type;
  switch (kind) {
    case "issue":
    case "dependency":
      return ["issues", "issue", "cycles", "milestones", "agents", "activity"];
    case "cycle":
      return ["cycles", "issues", "issue"];
    case "milestone":
    case "milestone_dependency":
      return ["milestones", "issues", "issue"];
    case "decision":
      return ["decisions", "issue", "search"];
    case "note":
    case "folder":
      return ["notes", "folders", "issue", "search"];
    case "file":
      return ["files", "issue"];
    case "code_link":
      // a pull request opened, merged or reviewed: the links, and its status when automation moved it
      return ["links", "issue", "issues", "activity"];
    case "claim":
    case "connection":
      return ["agents", "issues", "issue"];
    case "comment":
      return ["comments", "inbox", "search"];
    case "approval":
      return ["approvals", "inbox"];
    case "inbox_item":
      return ["inbox"];
    default:
      return [kind, `${kind}s`];
  }
}

/** Where a prepared stream starts: after an event id, or at the feed's beginning when it was empty. */
type StartAt = { after: string } | { fromBeginning: true };
let prepared: { ws: string; start: Promise<StartAt | null> } | null = null;
/** How long a workspace's first reads wait for the feed's position at most. */
const PREPARE_WAIT_MS = 3000;
let following: string | null = null;

/**
 * Called before a workspace's first reads: reads where its feed ends now, so the stream started after
 * them begins there. A workspace already followed needs nothing (its stream is connected); a failed read
 * leaves the stream to start at the end of the feed, as it would without this.
 */
export function prepareLive(ws: string): Promise<unknown> {
  if (following === ws) return Promise.resolve();
  if (prepared?.ws !== ws) {
    const start = appFetch(
      new Request("/v1/events?order=newest&limit=1", { headers: { "docket-workspace": ws } }),
    )
      .then(async (response): Promise<StartAt | null> => {
        if (!response.ok) return null;
        const page = (await response.json()) as { data: { id: string }[] };
        const newest = page.data[0];
        return newest ? { after: newest.id } : { fromBeginning: true };
      })
      .catch(() => null);
    // a slow answer never holds the page back: after PREPARE_WAIT_MS the stream starts at the end
    const late = new Promise<null>((resolve) => window.setTimeout(() => resolve(null), PREPARE_WAIT_MS));
    prepared = { ws, start: Promise.race([start, late]) };
  }
  return prepared.start;
}

export interface LiveOptions {
  ws: string;
  queryClient: QueryClient;
  /** How long invalidations are gathered before refetching. */
  coalesceMs?: number;
}

/** Follows the workspace's stream until stopped. */
export function startLive({ ws, queryClient, coalesceMs = 150 }: LiveOptions): () => void {
  const controller = new AbortController();
  let lastEventId: string | null = null;
  let connectedBefore = false;
  // kept until a stream connects: a start stopped before connecting (React's double effects) reuses it
  const ready = prepared?.ws === ws ? prepared.start : Promise.resolve(null);
  following = ws;
  let startAt: StartAt | null = null;
  let pendingAreas = new Set<string>();
  let timer: number | undefined;

  const flush = () => {
    timer = undefined;
    const areas = pendingAreas;
    pendingAreas = new Set();
    for (const area of areas) void queryClient.invalidateQueries({ queryKey: ["ws", ws, area] });
  };

  const handle = (event: LiveEvent) => {
    for (const area of staleAreas(event)) pendingAreas.add(area);
    if (timer === undefined) timer = window.setTimeout(flush, coalesceMs);
    for (const listener of listeners) listener(event);
  };

  const run = async () => {
    startAt = await ready;
    if (startAt && "after" in startAt) lastEventId = startAt.after;
    let delay = 500;
    while (!controller.signal.aborted) {
      try {
        const headers: Record<string, string> = { accept: "text/event-stream", "docket-workspace": ws };
        let url = "/v1/events/stream";
        if (lastEventId) headers["last-event-id"] = lastEventId;
        else if (startAt && "fromBeginning" in startAt) url += `?since=${new Date(0).toISOString()}`;
        const response = await appFetch(new Request(url, { headers, signal: controller.signal }));
        if (response.status === 400 && lastEventId) {
          // the event to resume after is no longer kept: start at the end, and read everything afresh
          lastEventId = null;
          startAt = null;
          connectedBefore = true;
          continue;
        }
        if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
        liveState.set("live");
        delay = 500;
        // after a drop with no event seen yet, what is shown may be stale (with one, the stream resumes
        // after it and misses nothing); the first connection follows the first reads, which are fresh
        if (connectedBefore && lastEventId === null)
          void queryClient.invalidateQueries({ queryKey: ["ws", ws] });
        connectedBefore = true;
        startAt = null;
        if (prepared?.ws === ws) prepared = null;
        for await (const message of sseMessages(response.body, controller.signal)) {
          if (message.id) lastEventId = message.id;
          // `event: error` is the last message of a stream whose access ended: not an event
          if (!message.data || (message.event && message.event !== "message")) continue;
          try {
            handle(JSON.parse(message.data) as LiveEvent);
          } catch {
            // a malformed message is skipped; the next refetch corrects what it would have said
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      liveState.set("offline");
      await new Promise((resolve) => window.setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  };
  void run();
  return () => {
    if (following === ws) following = null;
    controller.abort();
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

export interface SseMessage {
  id?: string;
  event?: string;
  data: string;
}

const SEPARATOR = /\r?\n\r?\n/;

/** Parses a text/event-stream body into messages (comments and heartbeats are skipped). */
export async function* sseMessages(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<SseMessage> {
  const reader = body
    .pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>)
    .getReader();
  signal?.addEventListener("abort", () => void reader.cancel().catch(() => undefined), { once: true });
  let buffer = "";
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      for (let m = SEPARATOR.exec(buffer); m; m = SEPARATOR.exec(buffer)) {
        const block = buffer.slice(0, m.index);
        buffer = buffer.slice(m.index + m[0].length);
        const message = parseBlock(block);
        if (message) yield message;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

export function parseBlock(block: string): SseMessage | null {
  const message: SseMessage = { data: "" };
  const data: string[] = [];
  let any = false;
  for (const line of block.split(/\r?\n/)) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "data") data.push(value);
    else if (field === "id") message.id = value;
    else if (field === "event") message.event = value;
    else continue;
    any = true;
  }
  if (!any) return null;
  message.data = data.join("\n");
  return message;
}
