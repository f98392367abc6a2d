import type { QueryOf, Schemas } from "../../../client/index.ts";
import type { Values } from "../../command.ts";
import { table } from "../../output.ts";
import { ok } from "../api.ts";
import {
  type ClientCommand,
  defined,
  LIST_OPTIONS,
  many,
  moreNote,
  pageWant,
  type RunContext,
} from "../context.ts";
import { clockTime, humanTime } from "../time.ts";

/** One event as a line for people: when, type, object, who. */
function eventLine(e: Schemas["Event"]): string {
  const who = e.actor.via_name
    ? `${e.actor.person_name ?? e.actor.person_id} via ${e.actor.via_name}`
    : (e.actor.person_name ?? e.actor.person_id);
  const identifier = (e.data as { identifier?: string }).identifier;
  return `${clockTime(e.created_at)}  ${e.type.padEnd(22)} ${identifier ?? e.object.id}  ${who}`;
}

const FILTER_OPTIONS = {
  type: { type: "string", multiple: true },
  object: { type: "string" },
  after: { type: "string" },
  since: { type: "string" },
} as const;

function filters(v: Values) {
  const types = many(v, "type");
  return defined({
    type: types?.length ? types.join(",") : undefined,
    object: typeof v.object === "string" ? v.object : undefined,
    after: typeof v.after === "string" ? v.after : undefined,
    since: typeof v.since === "string" ? v.since : undefined,
  }) as QueryOf<"listEvents">;
}

export const EVENT_COMMANDS: ClientCommand[] = [
  {
    name: "events list",
    summary: "The workspace's events (committed changes), oldest first",
    options: { ...FILTER_OPTIONS, ...LIST_OPTIONS },
    examples: [
      "docket events list --type 'issue.*' --since 2026-03-01T00:00:00Z",
      "docket events list --object iss_01JD4Q5M0V6S8Y2T7K3N9W1XBC --json",
      "docket events list --after evt_01JD4Q5M0V6S8Y2T7K3N9W1XBC --all",
    ],
    async run(ctx, v) {
      const want = pageWant(v);
      const api = ctx.api();
      const query = filters(v);
      const page = await api.list(want, (at) =>
        ok(api.v1.GET("/events", { params: { query: { ...query, ...at } } })),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      return {
        json: page,
        text: table(
          ["TIME", "TYPE", "OBJECT", "BY"],
          page.data.map((e) => [
            humanTime(e.created_at, { precise: true }),
            e.type,
            (e.data as { identifier?: string }).identifier ?? e.object.id,
            e.actor.via_name
              ? `${e.actor.person_name ?? e.actor.person_id} via ${e.actor.via_name}`
              : (e.actor.person_name ?? e.actor.person_id),
          ]),
          {
            ...(ctx.term.width ? { width: ctx.term.width } : {}),
            paint: (t, row) => (row < 0 ? ctx.paint(t, "bold") : t),
          },
        ),
        ...(note ? { note } : {}),
      };
    },
  },
  {
    name: "events tail",
    summary:
      "Follow the workspace's events as they happen (reconnects and resumes by itself); --json prints one JSON line each",
    options: { ...FILTER_OPTIONS, "last-event-id": { type: "string" } },
    examples: [
      "docket events tail",
      "docket events tail --type issue.ready --json | jq -r .data.identifier",
      "docket events tail --last-event-id evt_01JD4Q5M0V6S8Y2T7K3N9W1XBC",
    ],
    async run(ctx: RunContext, v) {
      const controller = new AbortController();
      const stop = () => controller.abort();
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
      try {
        await ctx.api().follow(
          "/events/stream",
          filters(v),
          (_id, data) => {
            ctx.io.out(ctx.json ? JSON.stringify(data) : eventLine(data as Schemas["Event"]));
          },
          {
            signal: controller.signal,
            ...(typeof v["last-event-id"] === "string" ? { lastEventId: v["last-event-id"] } : {}),
          },
        );
      } finally {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
      }
      return { json: undefined, text: "" };
    },
  },
];
