import type { QueryOf, Schemas } from "../../../client/index.ts";
import { str } from "../../command.ts";
import { table, UsageError } from "../../output.ts";
import { ok } from "../api.ts";
import {
  type ClientCommand,
  defined,
  LIST_OPTIONS,
  many,
  moreNote,
  pageWant,
  type RunContext,
  textFlag,
} from "../context.ts";
import { clockTime, humanTime } from "../time.ts";

type Session = Schemas["Session"];
type Activity = Schemas["SessionActivity"];

/** Millionths of the currency unit as people read an amount: 0.0421, 12.50. */
export function costText(micros: number): string {
  const units = micros / 1_000_000;
  return units >= 1 ? units.toFixed(2) : units.toFixed(4);
}

/** Tokens as people read a count: 950, 12.3k, 4.1M. */
export function tokensText(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 100_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

const totalTokens = (u: Session["usage"]) =>
  u.input_tokens + u.output_tokens + u.cache_read_tokens + u.cache_write_tokens;

const statusText = (s: Session) =>
  `${s.status}${s.status_reason ? ` (${s.status_reason})` : ""}${s.unresponsive ? ", unresponsive" : ""}`;

const PLAN_MARK = { pending: "[ ]", in_progress: "[~]", done: "[x]", canceled: "[-]" } as const;

/** One activity as a line (or a few) for people following a run. */
export function activityText(ctx: RunContext, a: Activity): string {
  const at = clockTime(a.created_at);
  const who = a.author.type === "person" ? `${a.author.name} ` : "";
  const body = a.body.trim();
  switch (a.kind) {
    case "action": {
      const act = a.action;
      const call = act ? `${act.name}${act.parameter ? `(${act.parameter})` : ""}` : body;
      const result = act?.result ? ` → ${act.result.split("\n")[0]}` : "";
      return `${at}  ${ctx.paint("action", "dim")}      ${call}${result}`;
    }
    case "elicitation":
      return `${at}  ${ctx.paint("asks", "bold")}        ${body}${a.options?.length ? `\n${" ".repeat(22)}options: ${a.options.join(" | ")}` : ""}`;
    case "prompt":
      return `${at}  ${ctx.paint("prompt", "bold")}      ${who}: ${body}`;
    case "error":
      return `${at}  ${ctx.paint("error", "bold")}       ${body}`;
    case "response":
      return `${at}  ${ctx.paint("response", "bold")}    ${body}`;
    default:
      return `${at}  ${ctx.paint(a.kind, "dim")}     ${body}`;
  }
}

function sessionText(ctx: RunContext, s: Session, activities: Activity[]): string {
  const u = s.usage;
  const lines = [
    `${ctx.paint(s.id, "bold")}  ${s.issue.identifier}  ${s.issue.title}`,
    `Status      ${statusText(s)}`,
    `Agent       ${s.agent.name} (${s.agent.id}), for ${s.person.name}`,
    `Started     ${humanTime(s.created_at, { precise: true })} by ${s.started_by.name}${s.started_by.type === "agent" ? " (the agent)" : ""}`,
    `Last        ${humanTime(s.last_activity_at, { precise: true }) ?? "nothing from the agent yet"}`,
    ...(s.ended_at ? [`Ended       ${humanTime(s.ended_at, { precise: true })}`] : []),
    `Usage       ${tokensText(u.input_tokens)} in, ${tokensText(u.output_tokens)} out, ${tokensText(u.cache_read_tokens)} cache read, ${tokensText(u.cache_write_tokens)} cache write; cost ${costText(u.cost_micros)}`,
  ];
  if (s.summary) lines.push("", s.summary);
  if (s.plan.length) lines.push("", "Plan", ...s.plan.map((p) => `  ${PLAN_MARK[p.status]} ${p.content}`));
  if (s.artifacts.length)
    lines.push(
      "",
      "Artifacts",
      ...s.artifacts.map(
        (a) => `  ${a.kind}  ${a.title || a.url}${a.state ? ` [${a.state}]` : ""}  ${a.url}`,
      ),
    );
  if (activities.length) {
    const skipped = s.activity_count - activities.length;
    lines.push(
      "",
      skipped > 0 ? `Activity (the last ${activities.length} of ${s.activity_count})` : "Activity",
    );
    lines.push(...activities.map((a) => activityText(ctx, a)));
  }
  return lines.join("\n");
}

/** A run's activities after `after`, every page (oldest first). */
async function activitiesAfter(ctx: RunContext, id: string, after: number): Promise<Activity[]> {
  const api = ctx.api();
  const page = await api.list({ all: true, limit: 200 }, (at) =>
    ok(api.v1.GET("/sessions/{id}/activities", { params: { path: { id }, query: { ...at, after } } })),
  );
  return page.data;
}

/** The last `n` activities of a run. */
async function lastActivities(ctx: RunContext, s: Session, n: number): Promise<Activity[]> {
  // positions grow by one per stored activity; ephemeral ones replaced leave gaps, so read a little more
  const from = Math.max(0, s.activity_count - n * 2);
  const all = await activitiesAfter(ctx, s.id, from);
  return all.slice(-n);
}

const sessionId = (raw: string) => {
  const id = raw.trim();
  if (!/^ses_[0-9A-Z]{26}$/.test(id))
    throw new UsageError(`"${raw}" is not a run's id (ses_…); docket sessions list shows them`);
  return id;
};

const LIVE = new Set(["pending", "active", "awaiting_input", "stopping", "stale"]);

export const SESSION_COMMANDS: ClientCommand[] = [
  {
    name: "sessions list",
    summary: "Agent runs: what each agent is doing, its status and what it has spent (newest first)",
    options: {
      issue: { type: "string" },
      agent: { type: "string" },
      person: { type: "string" },
      status: { type: "string", multiple: true },
      live: { type: "boolean" },
      ...LIST_OPTIONS,
    },
    examples: [
      "docket sessions list --live",
      "docket sessions list --issue ENG-42",
      "docket sessions list --status awaiting_input --status stale",
      "docket sessions list --agent con_01JD4Q5M0V6S8Y2T7K3N9W1XBC --json",
    ],
    async run(ctx, v) {
      const statuses = many(v, "status") ?? [];
      if (v.live === true) statuses.push("live");
      const query = defined({
        issue: str(v, "issue"),
        agent: str(v, "agent"),
        person: str(v, "person"),
        status: statuses.length ? statuses.join(",") : undefined,
      }) as QueryOf<"listSessions">;
      const api = ctx.api();
      const page = await api.list(pageWant(v), (at) =>
        ok(api.v1.GET("/sessions", { params: { query: { ...query, ...at } } })),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      return {
        json: page,
        text: page.data.length
          ? table(
              ["ID", "ISSUE", "AGENT", "STATUS", "LAST ACTIVITY", "TOKENS", "COST"],
              page.data.map((s) => [
                s.id,
                s.issue.identifier,
                s.agent.name,
                statusText(s),
                humanTime(s.last_activity_at) ?? "-",
                tokensText(totalTokens(s.usage)),
                costText(s.usage.cost_micros),
              ]),
              {
                ...(ctx.term.width ? { width: ctx.term.width } : {}),
                shrink: [2, 3],
                paint: (t, row) => (row < 0 ? ctx.paint(t, "bold") : t),
              },
            )
          : "No runs match.",
        ...(note ? { note } : {}),
      };
    },
  },
  {
    name: "sessions show",
    summary: "One run: status, plan, artifacts, usage and its latest activity",
    positionals: ["id"],
    options: { activities: { type: "string" } },
    examples: [
      "docket sessions show ses_01JD4Q5M0V6S8Y2T7K3N9W1XBC",
      "docket sessions show ses_… --activities 50",
    ],
    async run(ctx, v, [raw]) {
      const id = sessionId(raw!);
      const n = str(v, "activities") === undefined ? 20 : Number(str(v, "activities"));
      if (!Number.isInteger(n) || n < 0 || n > 1000)
        throw new UsageError("--activities must be a whole number from 0 to 1000");
      const s = await ok(ctx.api().v1.GET("/sessions/{id}", { params: { path: { id } } }));
      const activities = n > 0 && s.activity_count > 0 ? await lastActivities(ctx, s, n) : [];
      return { json: { ...s, activities }, text: sessionText(ctx, s, activities) };
    },
  },
  {
    name: "sessions stop",
    summary: "Stop a run: its agent's writes are refused from now on, and it ends within a minute",
    positionals: ["id"],
    options: {},
    examples: ["docket sessions stop ses_01JD4Q5M0V6S8Y2T7K3N9W1XBC"],
    async run(ctx, _v, [raw]) {
      const id = sessionId(raw!);
      const s = await ok(ctx.api().v1.POST("/sessions/{id}/stop", { params: { path: { id } } }));
      const text =
        s.status === "stopping"
          ? `Stopping ${s.id} on ${s.issue.identifier}: ${s.agent.name}'s writes are refused from now on; the run ends with its last word, or in 60 seconds, and the claim goes back.`
          : `${s.id} on ${s.issue.identifier} is ${statusText(s)}.`;
      return { json: s, text };
    },
  },
  {
    name: "sessions prompt",
    summary: "Tell a run's agent something: answer its question, or steer it",
    positionals: ["id", "text*"],
    options: { body: { type: "string" }, "body-file": { type: "string" } },
    examples: [
      'docket sessions prompt ses_01JD4Q5M0V6S8Y2T7K3N9W1XBC "Use the staging database"',
      "docket sessions prompt ses_… --body-file answer.md",
    ],
    async run(ctx, v, [raw, ...words]) {
      const id = sessionId(raw!);
      const flag = await textFlag(ctx, v, "body");
      if (flag !== undefined && words.length)
        throw new UsageError("give the message as words or with --body/--body-file, not both");
      const body = flag ?? words.join(" ");
      if (!body.trim())
        throw new UsageError("the message is empty: give it as words, --body or --body-file -");
      const r = await ok(
        ctx.api().v1.POST("/sessions/{id}/prompts", { params: { path: { id } }, body: { body } }),
      );
      return {
        json: r,
        text: `Sent to ${r.session.agent.name} on ${r.session.issue.identifier} (${r.session.id}, now ${statusText(r.session)}).`,
      };
    },
  },
  {
    name: "sessions watch",
    summary: "Follow a run live: its activities as they come, until it ends (Ctrl-C to leave)",
    positionals: ["id"],
    options: { all: { type: "boolean" } },
    examples: [
      "docket sessions watch ses_01JD4Q5M0V6S8Y2T7K3N9W1XBC",
      "docket sessions watch ses_… --all        # from its first activity",
      "docket sessions watch ses_… --json       # one JSON line per activity",
    ],
    async run(ctx, v, [raw]) {
      const id = sessionId(raw!);
      const api = ctx.api();
      let s = await ok(api.v1.GET("/sessions/{id}", { params: { path: { id } } }));
      const out = (a: Activity) => ctx.io.out(ctx.json ? JSON.stringify(a) : activityText(ctx, a));
      if (!ctx.json)
        ctx.io.out(`${ctx.paint(s.id, "bold")}  ${s.issue.identifier}  ${s.issue.title}  [${statusText(s)}]`);
      const first = v.all === true ? await activitiesAfter(ctx, id, 0) : await lastActivities(ctx, s, 10);
      let last = 0;
      for (const a of first) {
        out(a);
        last = Math.max(last, a.position);
      }
      const ended = (x: Session) => !LIVE.has(x.status);
      if (!ended(s)) {
        const controller = new AbortController();
        const stop = () => controller.abort();
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
        // every change of the run is an event about it: read what came after the last activity shown,
        // one read at a time (events arriving meanwhile are covered by the next read)
        let reading: Promise<void> = Promise.resolve();
        const catchUp = async () => {
          for (const a of await activitiesAfter(ctx, id, last)) {
            out(a);
            last = Math.max(last, a.position);
          }
          s = await ok(api.v1.GET("/sessions/{id}", { params: { path: { id } } }));
          if (ended(s)) controller.abort();
        };
        try {
          const following = api.follow(
            "/events/stream",
            { object: id },
            () => {
              reading = reading.then(catchUp);
            },
            { signal: controller.signal },
          );
          // what happened between the first read and the stream's start
          reading = reading.then(catchUp);
          await following;
          await reading;
        } finally {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
        }
      }
      if (!ctx.json)
        ctx.io.out(
          ended(s)
            ? `Run ${s.status}${s.status_reason ? ` (${s.status_reason})` : ""}; cost ${costText(s.usage.cost_micros)}.`
            : "Left the run (it goes on).",
        );
      return { json: undefined, text: "" };
    },
  },
];
