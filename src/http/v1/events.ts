import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { StreamPrincipal } from "../../events/access.ts";
import type { Subscriber } from "../../events/hub.ts";
import { hashSecret } from "../../secrets.ts";
import type { Ctx } from "../../tracker/context.ts";
import {
  eventView,
  eventViews,
  listEvents,
  listEventsQuery,
  positionBefore,
  positionOf,
  readEvents,
  streamEventsQuery,
} from "../../tracker/events.ts";
import { parse } from "../../validate.ts";
import { bearerToken } from "../auth.ts";
import { op, page } from "./route.ts";

op({
  method: "GET",
  path: "/events",
  operationId: "listEvents",
  tag: "Events",
  summary: "The workspace's events, oldest first",
  description:
    "Every committed change as an event (`issue.created`, `issue.updated` with the changed fields, `issue.ready`, `dependency.deleted`, …), kept 30 days. Filters combine with AND: `type` (comma-separated; `issue.*` matches every issue event), `object` (an object's id), `actor` (an agent connection's or token's id for what went through it, a person's id for everything they did), `after` (an event id: where you left off) or `since` (a time). Pages follow `next_cursor`; when it is null you are at the end, and `after` with the last id you saw reads on later. `order=newest` reads backwards instead, latest first (an agent's recent activity: `actor=con_…&order=newest`). The order is the order of commits: a page never skips an event that commits later.",
  scope: "workspace.read",
  query: listEventsQuery,
  response: page(eventView),
  handler: async ({ ctx, query }) => listEvents(ctx, query),
});

op({
  method: "GET",
  path: "/events/stream",
  operationId: "streamEvents",
  tag: "Events",
  summary: "The workspace's events as they happen (Server-Sent Events)",
  description:
    'A `text/event-stream` of the same events as `GET /v1/events`, with the same filters. Each message\'s `id:` is the event id and its `data:` the event as JSON. Send `Last-Event-ID` (a header, as browsers do on reconnect, or the `last_event_id` query parameter) to resume exactly after that event: nothing is lost or repeated. Without it the stream starts at the end of the feed (or at `after` / `since`). A comment line is sent every 15 seconds as a heartbeat. Changes made through any instance arrive within a second. A stream lives while its access does: when its token or agent connection is revoked, its session ends or its person leaves the workspace (or is suspended), it ends within about a second with a last `event: error` message whose data is `{ "error": "invalid_token", "error_description", "reason" }` (authenticate again before reconnecting); a token\'s own expiry ends it within 15 seconds. A stream ends cleanly after an hour (EVENT_STREAM_MAX_SECONDS, plus a little jitter): reconnect with `Last-Event-ID`, nothing is lost. Each server holds at most 20 open streams per credential, 50 per person and 1,000 per workspace (configurable); one more is answered 429 `rate_limited` with `Retry-After`, naming the cap.',
  scope: "workspace.read",
  query: streamEventsQuery,
  response: eventView,
  eventStream: true,
  handler: async ({ ctx, query, request, reply }) => {
    await openStream(ctx, query, request, reply);
    return undefined;
  },
});

/** One SSE message per event, made once however many streams it goes to. */
const frames = new WeakMap<object, string>();
function frameOf(event: { id: string }): string {
  let frame = frames.get(event);
  if (frame === undefined) {
    frame = `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;
    frames.set(event, frame);
  }
  return frame;
}

/**
 * Who the stream reads for, from the request's principal, with what finds its credential again: the
 * PAT's id, the hash of the connection's access token, the web session's id hash.
 */
function streamPrincipal(request: FastifyRequest): StreamPrincipal | undefined {
  const p = request.principal;
  if (!p) return undefined;
  const credential =
    p.kind === "pat"
      ? p.tokenId
      : p.kind === "connection"
        ? hashSecret(bearerToken(request))
        : request.webSession?.idHash;
  if (credential === undefined) return undefined;
  return { kind: p.kind, tokenId: p.tokenId, personId: p.personId, workspaceId: p.workspaceId, credential };
}

/** A little jitter on a stream's lifetime, so streams opened together do not all end together. */
const LIFETIME_JITTER = 0.1;

/** An open stream whose client reads slower than this much is closed; it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const BACKLOG_PAGE = 500;

async function openStream(
  ctx: Ctx,
  query: z.output<typeof streamEventsQuery>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const hub = ctx.core.events;
  const header = request.headers["last-event-id"];
  const lastEventId =
    typeof header === "string" && header.trim() !== ""
      ? parse(z.object({ "Last-Event-ID": streamEventsQuery.shape.last_event_id }), {
          "Last-Event-ID": header.trim(),
        })["Last-Event-ID"]
      : query.last_event_id;
  await hub.ready();
  const db = ctx.core.db;
  let start: number;
  if (lastEventId) start = await positionOf(db, ctx.workspaceId, lastEventId, "Last-Event-ID");
  else if (query.after) start = await positionOf(db, ctx.workspaceId, query.after);
  else if (query.since)
    start = await positionBefore(db, ctx.workspaceId, new Date(query.since).toISOString());
  else start = await hub.top();

  const principal = streamPrincipal(request);
  // a place under the caps (429 past one), given back when the stream ends
  const release = principal ? hub.streams.admit(principal) : () => {};
  // when the request was authenticated, near enough: a change of access since then is checked again
  const authenticatedAt = performance.now() - reply.elapsedTime;

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    // what the request's hooks set so far (rate limit, CORS), which hijacking would otherwise drop
    ...(reply.getHeaders() as Record<string, string | string[] | number>),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    // nginx and others: pass each message on at once
    "x-accel-buffering": "no",
    "x-request-id": request.id,
  });
  raw.write("retry: 2000\n\n");

  let ended = false;
  let lifetime: NodeJS.Timeout | undefined;
  const sub: Subscriber = {
    principal,
    workspaceId: ctx.workspaceId,
    types: query.type,
    object: query.object,
    actor: query.actor,
    cursor: start,
    live: false,
    missed: false,
    push(event) {
      if (ended) return;
      raw.write(frameOf(event));
      if (raw.writableLength > MAX_BUFFERED_BYTES) sub.end();
    },
    heartbeat() {
      if (!ended) raw.write(": heartbeat\n\n");
    },
    end(final) {
      if (ended) return;
      ended = true;
      clearTimeout(lifetime);
      unsubscribe();
      release();
      if (final !== undefined) raw.end(final);
      else raw.end();
    },
  };
  const unsubscribe = hub.subscribe(sub);
  hub.recheckIfChangedSince(authenticatedAt);
  // the longest a stream stays open: then it ends cleanly, and the client resumes with Last-Event-ID
  const { maxLifetimeMs } = hub.streams.limits;
  lifetime = setTimeout(() => sub.end(), maxLifetimeMs * (1 + LIFETIME_JITTER * Math.random()));
  lifetime.unref();
  request.raw.on("close", () => sub.end());
  raw.on("error", () => sub.end());

  // Catch up from the feed; events dispatched meanwhile mark the stream `missed`, so read again.
  try {
    do {
      sub.missed = false;
      for (;;) {
        const rows = await readEvents(
          db,
          { workspaceId: ctx.workspaceId, types: query.type, object: query.object, actor: query.actor },
          sub.cursor,
          BACKLOG_PAGE,
        );
        if (ended) return;
        const views = await eventViews(db, rows);
        views.forEach((v, i) => {
          sub.push(v, Number(rows[i]!.position));
        });
        if (rows.length > 0) sub.cursor = Number(rows.at(-1)!.position);
        if (rows.length < BACKLOG_PAGE) break;
      }
    } while (sub.missed && !ended);
    sub.live = true;
  } catch (error) {
    request.log.warn({ err: error }, "event stream failed while catching up");
    sub.end();
  }
}
