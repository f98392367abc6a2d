import type { BodyOf, QueryOf, Schemas } from "../../../client/index.ts";
import { str } from "../../command.ts";
import { table, UsageError } from "../../output.ts";
import { ifMatchHeader, ok } from "../api.ts";
import {
  type ClientCommand,
  checkLocally,
  defined,
  IF_VERSION_OPTION,
  ifMatch,
  LIST_OPTIONS,
  many,
  moreNote,
  orNone,
  pageWant,
  type RunContext,
  textOrEdit,
} from "../context.ts";
import { resolveRef } from "../refs.ts";
import { burnDownChart, fields, statusColour } from "../render.ts";
import { humanTime } from "../time.ts";
import { ISSUE_FILTERS, issueFilters, issueList } from "./issues.ts";

const width = (ctx: RunContext) => (ctx.term.width ? { width: ctx.term.width } : {});
const flagOf = (field: string) =>
  field === "starts_on"
    ? "starts"
    : field === "ends_on"
      ? "ends"
      : field === "target_date"
        ? "target"
        : field;

function cycleTable(ctx: RunContext, cycles: readonly Schemas["Cycle"][]): string {
  return table(
    ["ID", "SPACE", "NAME", "STARTS", "ENDS", "STATE"],
    cycles.map((c) => [c.id, c.space, c.name, c.starts_on, c.ends_on, c.state]),
    {
      ...width(ctx),
      shrink: [2],
      paint: (t, row, col) =>
        row < 0 ? ctx.paint(t, "bold") : col === 5 ? ctx.paint(t, statusColour(cycles[row]!.state)) : t,
    },
  );
}

function cycleText(ctx: RunContext, c: Schemas["Cycle"]): string {
  return [
    `${ctx.paint(c.id, "bold")}  ${c.name}`,
    "",
    fields(
      [
        ["Space", c.space],
        ["Dates", `${c.starts_on} to ${c.ends_on}`],
        ["State", ctx.paint(c.state, statusColour(c.state))],
        ["Created", humanTime(c.created_at, { precise: true })],
        ["Updated", humanTime(c.updated_at, { precise: true })],
      ],
      ctx.paint,
    ),
  ].join("\n");
}

function statsText(ctx: RunContext, s: Schemas["CycleStats"], byEstimate: boolean): string {
  const unit = byEstimate ? "points" : "issues";
  const statuses = Object.entries(s.by_status)
    .filter(([, a]) => a.count > 0)
    .map(
      ([status, a]) =>
        `${ctx.paint(status, statusColour(status))} ${a.count}${a.estimate ? ` (${a.estimate} pts)` : ""}`,
    )
    .join(", ");
  const chart = burnDownChart(
    {
      actual: s.burn_down.map((d) => (byEstimate ? d.remaining_estimate : d.remaining_count)),
      ideal: s.ideal.map((d) => (byEstimate ? d.remaining_estimate : d.remaining_count)),
      dates: s.ideal.map((d) => d.date),
    },
    { paint: ctx.paint, width: ctx.term.width ?? 80 },
  );
  return [
    `${ctx.paint(s.cycle.name, "bold")}  ${s.cycle.space}, ${s.cycle.starts_on} to ${s.cycle.ends_on} (${s.cycle.state})`,
    "",
    fields(
      [
        [
          "Issues",
          `${s.total.count} (${s.total.estimate} pts), ${s.remaining.count} remaining (${s.remaining.estimate} pts)`,
        ],
        ["By status", statuses || "none"],
        [
          "Completion",
          `${s.completion.percent}% of issues, ${s.completion.estimate_percent}% of points (${s.completion.done_count} done, ${s.completion.canceled_count} canceled)`,
        ],
        ["Scope added", `${s.scope_added.count} (${s.scope_added.estimate} pts)`],
        ["Scope removed", `${s.scope_removed.count} (${s.scope_removed.estimate} pts)`],
        ["As of", s.as_of],
      ],
      ctx.paint,
    ),
    "",
    `Burn-down (${unit} remaining; · ideal)`,
    chart,
  ].join("\n");
}

const progressText = (p: Schemas["Milestone"]["progress"]) =>
  `${p.percent}% (${p.done}/${p.total - p.canceled} done${p.canceled ? `, ${p.canceled} canceled` : ""})`;

function milestoneText(ctx: RunContext, m: Schemas["Milestone"]): string {
  return [
    `${ctx.paint(m.id, "bold")}  ${m.name}`,
    "",
    fields(
      [
        ["Target", m.target_date],
        ["Progress", progressText(m.progress)],
        [
          "Points",
          m.progress.estimate_total ? `${m.progress.estimate_done}/${m.progress.estimate_total}` : null,
        ],
        ["Blocked by", m.blockedBy.map((n) => `${n.name} (${n.id})`).join(", ")],
        ["Blocks", m.blocks.map((n) => `${n.name} (${n.id})`).join(", ")],
        ["Created", humanTime(m.created_at, { precise: true })],
        ["Updated", humanTime(m.updated_at, { precise: true })],
      ],
      ctx.paint,
    ),
    ...(m.description.trim() ? ["", m.description.trimEnd()] : []),
  ].join("\n");
}

export const PLANNING_COMMANDS: ClientCommand[] = [
  {
    name: "cycles list",
    summary: "List cycles",
    options: {
      space: { type: "string" },
      state: { type: "string", multiple: true },
      sort: { type: "string" },
      ...LIST_OPTIONS,
    },
    examples: [
      "docket cycles list",
      "docket cycles list --space ENG --state active,upcoming",
      "docket cycles list --sort -starts_on --json",
    ],
    async run(ctx, v) {
      const api = ctx.api();
      const query = defined({
        space: str(v, "space"),
        state: many(v, "state")?.join(","),
        sort: str(v, "sort"),
      }) as QueryOf<"listCycles">;
      const page = await api.list(pageWant(v), (at) =>
        ok(api.v1.GET("/cycles", { params: { query: { ...query, ...at } } })),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      return { json: page, text: cycleTable(ctx, page.data), ...(note ? { note } : {}) };
    },
  },
  {
    name: "cycles create",
    summary: "Create a cycle: a time-boxed set of issues in a space",
    options: {
      space: { type: "string" },
      name: { type: "string" },
      starts: { type: "string" },
      ends: { type: "string" },
    },
    examples: [
      "docket cycles create --space ENG --starts 2026-03-02 --ends 2026-03-15",
      'docket cycles create --name "Sprint 12" --starts 2026-03-16 --ends 2026-03-29 --json',
    ],
    async run(ctx, v) {
      const body = defined({
        space: str(v, "space"),
        name: str(v, "name"),
        starts_on: str(v, "starts"),
        ends_on: str(v, "ends"),
      });
      if (body.starts_on === undefined || body.ends_on === undefined)
        throw new UsageError("--starts and --ends are required (YYYY-MM-DD)");
      await checkLocally(
        async () => (await import("../../../tracker/cycles.ts")).createCycleInput,
        body,
        flagOf,
      );
      const c = await ok(ctx.api().v1.POST("/cycles", { body: body as BodyOf<"createCycle"> }));
      return { json: c, text: `Created ${c.id}: ${c.name} (${c.space}, ${c.starts_on} to ${c.ends_on})` };
    },
  },
  {
    name: "cycles show",
    summary: "One cycle",
    positionals: ["id"],
    options: {},
    examples: [
      "docket cycles show cyc_01JD4Q5M0V6S8Y2T7K3N9W1XBC",
      'docket cycles show "Sprint 3"   # by name',
    ],
    async run(ctx, _v, [ref]) {
      const id = await resolveRef(ctx, "cycle", ref!, "cycle");
      const c = await ok(ctx.api().v1.GET("/cycles/{id}", { params: { path: { id } } }));
      return { json: c, text: cycleText(ctx, c) };
    },
  },
  {
    name: "cycles update",
    summary: "Rename a cycle or move its dates",
    positionals: ["id"],
    options: {
      ...IF_VERSION_OPTION,
      name: { type: "string" },
      starts: { type: "string" },
      ends: { type: "string" },
    },
    examples: ["docket cycles update cyc_01JD4Q5M0V6S8Y2T7K3N9W1XBC --ends 2026-03-20"],
    async run(ctx, v, [ref]) {
      const id = await resolveRef(ctx, "cycle", ref!, "cycle");
      const body = defined({ name: str(v, "name"), starts_on: str(v, "starts"), ends_on: str(v, "ends") });
      await checkLocally(
        async () => (await import("../../../tracker/cycles.ts")).updateCycleInput,
        body,
        flagOf,
      );
      const c = await ok(
        ctx.api().v1.PATCH("/cycles/{id}", {
          params: { path: { id } },
          body: body as BodyOf<"updateCycle">,
          ...ifMatchHeader(ifMatch(v)),
        }),
      );
      return { json: c, text: `Updated ${c.id}: ${c.name} (${c.starts_on} to ${c.ends_on})` };
    },
  },
  {
    name: "cycles issues",
    summary: "The issues in a cycle, with the issue list's filters",
    positionals: ["id"],
    options: (({ cycle: _cycle, ...rest }) => rest)(ISSUE_FILTERS),
    examples: [
      "docket cycles issues cyc_01JD4Q5M0V6S8Y2T7K3N9W1XBC",
      "docket cycles issues cyc_01JD4Q5M0V6S8Y2T7K3N9W1XBC --status todo --sort priority",
    ],
    async run(ctx, v, [ref]) {
      const id = await resolveRef(ctx, "cycle", ref!, "cycle");
      const { cycle: _cycle, ...query } = issueFilters(v);
      const api = ctx.api();
      return issueList(
        ctx,
        (at) =>
          ok(api.v1.GET("/cycles/{id}/issues", { params: { path: { id }, query: { ...query, ...at } } })),
        v,
      );
    },
  },
  {
    name: "cycles stats",
    summary: "A cycle's numbers and its burn-down, drawn in the terminal",
    positionals: ["id"],
    options: { points: { type: "boolean" } },
    examples: [
      "docket cycles stats cyc_01JD4Q5M0V6S8Y2T7K3N9W1XBC",
      "docket cycles stats cyc_01JD4Q5M0V6S8Y2T7K3N9W1XBC --points   # by estimate",
    ],
    async run(ctx, v, [ref]) {
      const id = await resolveRef(ctx, "cycle", ref!, "cycle");
      const s = await ok(ctx.api().v1.GET("/cycles/{id}/stats", { params: { path: { id } } }));
      return { json: s, text: statsText(ctx, s, v.points === true) };
    },
  },
  {
    name: "milestones list",
    summary: "List milestones with their progress",
    options: { "target-from": { type: "string" }, "target-to": { type: "string" }, ...LIST_OPTIONS },
    examples: [
      "docket milestones list",
      "docket milestones list --target-from 2026-04-01 --target-to 2026-06-30 --json",
    ],
    async run(ctx, v) {
      const api = ctx.api();
      const query = defined({ target_from: str(v, "target-from"), target_to: str(v, "target-to") });
      const page = await api.list(pageWant(v), (at) =>
        ok(api.v1.GET("/milestones", { params: { query: { ...query, ...at } } })),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      return {
        json: page,
        text: table(
          ["ID", "NAME", "TARGET", "PROGRESS", "BLOCKED BY"],
          page.data.map((m) => [
            m.id,
            m.name,
            m.target_date,
            progressText(m.progress),
            m.blockedBy.map((n) => n.name).join(", ") || null,
          ]),
          { ...width(ctx), shrink: [1, 4], paint: (t, row) => (row < 0 ? ctx.paint(t, "bold") : t) },
        ),
        ...(note ? { note } : {}),
      };
    },
  },
  {
    name: "milestones create",
    summary: "Create a milestone",
    options: {
      name: { type: "string" },
      target: { type: "string" },
      description: { type: "string" },
      "description-file": { type: "string" },
      edit: { type: "boolean" },
    },
    examples: [
      'docket milestones create --name "Public beta" --target 2026-06-01',
      'docket milestones create --name "GA" --description-file ga.md',
    ],
    async run(ctx, v) {
      const name = str(v, "name");
      if (name === undefined) throw new UsageError("--name is required");
      const body = defined({
        name,
        target_date: str(v, "target"),
        description: await textOrEdit(ctx, v, "description"),
      });
      await checkLocally(
        async () => (await import("../../../tracker/milestones.ts")).createMilestoneInput,
        body,
        flagOf,
      );
      const m = await ok(ctx.api().v1.POST("/milestones", { body: body as BodyOf<"createMilestone"> }));
      return {
        json: m,
        text: `Created ${m.id}: ${m.name}${m.target_date ? ` (target ${m.target_date})` : ""}`,
      };
    },
  },
  {
    name: "milestones show",
    summary: "One milestone with its progress and dependencies",
    positionals: ["id"],
    options: {},
    examples: [
      "docket milestones show ms_01JD4Q5M0V6S8Y2T7K3N9W1XBC",
      "docket milestones show Beta   # by name",
    ],
    async run(ctx, _v, [ref]) {
      const id = await resolveRef(ctx, "milestone", ref!, "milestone");
      const m = await ok(ctx.api().v1.GET("/milestones/{id}", { params: { path: { id } } }));
      return { json: m, text: milestoneText(ctx, m) };
    },
  },
  {
    name: "milestones update",
    summary: "Change a milestone's name, description or target date (--target none clears it)",
    positionals: ["id"],
    options: {
      ...IF_VERSION_OPTION,
      name: { type: "string" },
      target: { type: "string" },
      description: { type: "string" },
      "description-file": { type: "string" },
      edit: { type: "boolean" },
    },
    examples: [
      "docket milestones update ms_01JD4Q5M0V6S8Y2T7K3N9W1XBC --target 2026-07-01",
      "docket milestones update ms_01JD4Q5M0V6S8Y2T7K3N9W1XBC --target none",
    ],
    async run(ctx, v, [ref]) {
      const params = { path: { id: await resolveRef(ctx, "milestone", ref!, "milestone") } };
      const current =
        v.edit === true ? await ok(ctx.api().v1.GET("/milestones/{id}", { params })) : undefined;
      const body = defined({
        name: str(v, "name"),
        target_date: orNone(v, "target"),
        description: await textOrEdit(ctx, v, "description", current?.description ?? ""),
      });
      await checkLocally(
        async () => (await import("../../../tracker/milestones.ts")).updateMilestoneInput,
        body,
        flagOf,
      );
      const m = await ok(
        ctx.api().v1.PATCH("/milestones/{id}", {
          params,
          body: body as BodyOf<"updateMilestone">,
          ...ifMatchHeader(ifMatch(v, current)),
        }),
      );
      return { json: m, text: `Updated ${m.id}: ${m.name}` };
    },
  },
  {
    name: "milestones issues",
    summary: "The issues in a milestone, with the issue list's filters, and its progress",
    positionals: ["id"],
    options: (({ milestone: _milestone, ...rest }) => rest)(ISSUE_FILTERS),
    examples: ["docket milestones issues ms_01JD4Q5M0V6S8Y2T7K3N9W1XBC --ready"],
    async run(ctx, v, [ref]) {
      const id = await resolveRef(ctx, "milestone", ref!, "milestone");
      const { milestone: _milestone, ...query } = issueFilters(v);
      const api = ctx.api();
      const result = await issueList(
        ctx,
        (at) =>
          ok(
            api.v1.GET("/milestones/{id}/issues", {
              params: { path: { id }, query: { ...query, ...at } },
            }),
          ),
        v,
      );
      const progress = result.page.progress;
      return progress ? { ...result, text: `Progress: ${progressText(progress)}\n\n${result.text}` } : result;
    },
  },
  {
    name: "milestones deps add",
    summary: "Add blockedBy and blocks edges between milestones, all or nothing",
    positionals: ["id"],
    options: { "blocked-by": { type: "string", multiple: true }, blocks: { type: "string", multiple: true } },
    examples: [
      "docket milestones deps add ms_01JD4Q5M0V6S8Y2T7K3N9W1XBC --blocked-by ms_01JD4Q5M0V6S8Y2T7K3N9W1XBD",
      "docket milestones deps add GA --blocked-by Beta",
    ],
    async run(ctx, v, [ref]) {
      const id = await resolveRef(ctx, "milestone", ref!, "milestone");
      const names = async (flag: string) => {
        const list = many(v, flag);
        return list && Promise.all(list.map((m) => resolveRef(ctx, "milestone", m, `--${flag}`)));
      };
      const body = defined({ blockedBy: await names("blocked-by"), blocks: await names("blocks") });
      if (Object.keys(body).length === 0)
        throw new UsageError("name at least one milestone with --blocked-by or --blocks");
      const answer = await ok(
        ctx.api().v1.POST("/milestones/{id}/dependencies", {
          params: { path: { id } },
          body: body as BodyOf<"addMilestoneDependencies">,
        }),
      );
      return {
        json: answer,
        text: answer.data
          .map((d) => `${d.created ? "Added" : "Exists"} ${d.id}: ${d.from.name} blocks ${d.to.name}`)
          .join("\n"),
      };
    },
  },
  {
    name: "milestones deps rm",
    summary: "Remove an edge between two milestones by its id",
    positionals: ["mdep_id"],
    options: {},
    examples: ["docket milestones deps rm mdep_01JD4Q5M0V6S8Y2T7K3N9W1XBC"],
    async run(ctx, _v, [id]) {
      const answer = await ok(
        ctx.api().v1.DELETE("/milestone-dependencies/{id}", { params: { path: { id: id! } } }),
      );
      return { json: answer, text: `Removed ${answer.id}.` };
    },
  },
];
