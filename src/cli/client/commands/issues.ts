import type { ParseArgsOptionsConfig } from "node:util";
import type { BodyOf, QueryOf, Schemas } from "../../../client/index.ts";
import { str, type Values } from "../../command.ts";
import { table, UsageError } from "../../output.ts";
import { type ApiClient, ifMatchHeader, ok, type Page } from "../api.ts";
import {
  type ClientCommand,
  checkLocally,
  defined,
  IF_VERSION_OPTION,
  ifMatch,
  LIST_OPTIONS,
  many,
  moreNote,
  numberOrNone,
  orNone,
  pageWant,
  type Result,
  type RunContext,
  textOrEdit,
} from "../context.ts";
import { drawTree, fields, statusColour, type TreeNode } from "../render.ts";
import { humanTime } from "../time.ts";
import { fetchThreads, threadsText } from "./conversation.ts";

/** An assignee as people read it: a person's name (or email), an agent as "agent name (for person)". */
export function assigneeText(a: Schemas["Assignee"] | null, withEmail = false): string | null {
  if (!a) return null;
  if (a.type === "agent") return `${a.name} (for ${a.for.name})`;
  return withEmail ? `${a.name} <${a.email}>` : a.name || a.email;
}

/** A time in a table: "3 hours ago", "yesterday 14:02", a date for older. */
const day = (iso: string | null | undefined) => humanTime(iso);

/** Issues as a table: identifier, status, priority, title, assignee, labels, last change. */
export function issueTable(ctx: RunContext, issues: readonly Schemas["IssueSummary"][]): string {
  return table(
    ["ID", "STATUS", "PRIORITY", "TITLE", "ASSIGNEE", "LABELS", "UPDATED"],
    issues.map((i) => [
      i.identifier,
      i.status,
      i.priority,
      i.title,
      assigneeText(i.assignee),
      i.labels.join(",") || null,
      day(i.updated_at),
    ]),
    {
      ...(ctx.term.width ? { width: ctx.term.width } : {}),
      shrink: [3, 4, 5],
      fill: 3,
      paint: (text, row, column) => {
        if (row < 0) return ctx.paint(text, "bold");
        const issue = issues[row]!;
        if (column === 0) return ctx.paint(text, issue.ready ? "green" : undefined);
        if (column === 1) return ctx.paint(text, statusColour(issue.status));
        if (column === 2) return ctx.paint(text, statusColour(issue.priority));
        return text;
      },
    },
  );
}

/** The flags of the issue list's filters, shared by `issues list`, `cycles issues` and `milestones issues`. */
export const ISSUE_FILTERS: ParseArgsOptionsConfig = {
  space: { type: "string" },
  status: { type: "string", multiple: true },
  priority: { type: "string", multiple: true },
  label: { type: "string", multiple: true },
  assignee: { type: "string" },
  cycle: { type: "string" },
  milestone: { type: "string" },
  parent: { type: "string" },
  ready: { type: "boolean" },
  iced: { type: "boolean" },
  q: { type: "string" },
  "updated-since": { type: "string" },
  sort: { type: "string" },
  ...LIST_OPTIONS,
};

/** The issue list's query from the flags; the service checks each value and says which is wrong. */
export function issueFilters(v: Values): QueryOf<"listIssues"> {
  const csv = (list: string[] | undefined) => list?.join(",");
  const bool = (b: unknown) => (typeof b === "boolean" ? (String(b) as "true" | "false") : undefined);
  return defined({
    space: str(v, "space"),
    status: csv(many(v, "status")),
    priority: csv(many(v, "priority")),
    label: csv(many(v, "label")),
    assignee: str(v, "assignee"),
    cycle: str(v, "cycle"),
    milestone: str(v, "milestone"),
    parent: str(v, "parent"),
    ready: bool(v.ready),
    iced: bool(v.iced),
    q: str(v, "q"),
    updated_since: str(v, "updated-since"),
    sort: str(v, "sort") as QueryOf<"listIssues">["sort"],
  });
}

/** A page of issues printed as a table, with the note that more exist. */
export async function issueList<P extends Page<Schemas["IssueSummary"]>>(
  ctx: RunContext,
  fetchPage: (at: { limit: number; cursor?: string }) => Promise<P>,
  v: Values,
): Promise<Result & { page: P }> {
  const page = await ctx.api().list(pageWant(v), fetchPage);
  const note = moreNote(page.next_cursor, page.data.length);
  return { page, json: page, text: issueTable(ctx, page.data), ...(note ? { note } : {}) };
}

function edgeLines(ctx: RunContext, title: string, list: Schemas["Issue"]["blocks"]): string[] {
  if (list.length === 0) return [];
  return [
    "",
    ctx.paint(title, "bold"),
    ...list.map((n) => `  ${n.identifier}  ${ctx.paint(n.status, statusColour(n.status))}  ${n.title}`),
  ];
}

export function issueText(ctx: RunContext, i: Schemas["Issue"]): string {
  const openBlockers = i.blockedBy.filter((b) => b.status !== "done" && b.status !== "canceled");
  const readiness = i.ready
    ? ctx.paint("ready", "green")
    : ["done", "canceled"].includes(i.status)
      ? `not ready (${i.status})`
      : i.status === "iced"
        ? "not ready (iced)"
        : `not ready (blocked by ${openBlockers.map((b) => b.identifier).join(", ")})`;
  const head = `${ctx.paint(i.identifier, "bold")}  ${i.title}`;
  const facts = fields(
    [
      ["Status", ctx.paint(i.status, statusColour(i.status))],
      ["Readiness", readiness],
      ["Priority", i.priority],
      ["Assignee", assigneeText(i.assignee, true)],
      ["Labels", i.labels.join(", ")],
      ["Estimate", i.estimate],
      ["Due", i.due_date],
      ["Parent", i.parent?.identifier],
      ["Cycle", i.cycle ? `${i.cycle.name} (${i.cycle.id})` : null],
      ["Milestone", i.milestone ? `${i.milestone.name} (${i.milestone.id})` : null],
      ["Created", humanTime(i.created_at, { precise: true })],
      ["Updated", humanTime(i.updated_at, { precise: true })],
      ["Id", i.id],
    ],
    ctx.paint,
  );
  return [
    head,
    "",
    facts,
    ...edgeLines(ctx, "Blocked by", i.blockedBy),
    ...edgeLines(ctx, "Blocks", i.blocks),
    ...edgeLines(ctx, "Related", i.relatesTo),
    ...(i.description.trim() ? ["", i.description.trimEnd()] : []),
  ].join("\n");
}

const LINK_STATE_COLOUR = { open: "green", draft: "gray", merged: "magenta", closed: "red" } as const;

/** An issue's pull requests, branches and commits, one a line: what, where, its state and review. */
export function codeLinkLines(ctx: RunContext, links: readonly Schemas["CodeLink"][]): string[] {
  if (links.length === 0) return [];
  const line = (l: Schemas["CodeLink"]) => {
    const where =
      l.kind === "pull_request"
        ? `${l.provider === "gitlab" ? "MR" : "PR"} ${l.repository}${l.provider === "gitlab" ? "!" : "#"}${l.number}`
        : l.kind === "branch"
          ? `branch ${l.repository}:${l.branch ?? l.title}`
          : `commit ${l.repository}@${l.url.split("/").at(-1)?.slice(0, 7) ?? ""}`;
    const state = l.state ? ctx.paint(l.state, LINK_STATE_COLOUR[l.state]) : "";
    const review =
      l.review_state === "approved"
        ? ctx.paint("approved", "green")
        : l.review_state === "changes_requested"
          ? ctx.paint("changes requested", "yellow")
          : "";
    const title = l.kind === "branch" ? "" : l.title;
    const by = l.author_login ? `by ${l.author_login}` : "";
    const closes = l.closes && l.kind === "pull_request" ? "(closes)" : "";
    return `  ${[where, state, review, title, by, closes].filter(Boolean).join("  ")}`;
  };
  return ["", ctx.paint(`Code (${links.length})`, "bold"), ...links.map(line)];
}

/** A code host's change: "GitHub (pull request #123 by octocat)", "GitLab (merge request !7)". */
export function integrationActor(v: NonNullable<Schemas["Activity"]["via_integration"]>): string {
  const gitlab = v.provider === "gitlab";
  const host = gitlab ? "GitLab" : v.provider === "github" ? "GitHub" : v.provider;
  const what =
    v.kind === "pull_request"
      ? gitlab
        ? `merge request !${v.number}`
        : `pull request #${v.number}`
      : v.kind.replace(/_/g, " ");
  return `${host} (${what}${v.author_login ? ` by ${v.author_login}` : ""})`;
}

/** Activity as a table: when, who (person and token or connection, or the code host), what changed. */
export function activityText(ctx: RunContext, list: readonly Schemas["Activity"][]): string {
  const change = (a: Schemas["Activity"]) =>
    Object.entries(a.changes)
      .map(([k, c]) => `${k}: ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}`)
      .join("; ");
  return table(
    ["AT", "ACTION", "BY", "CHANGES"],
    list.map((a) => [
      humanTime(a.at, { precise: true }),
      a.action,
      a.via_integration
        ? integrationActor(a.via_integration)
        : a.actor.agent
          ? `${a.actor.agent.name} (for ${a.actor.name})`
          : `${a.actor.name || a.actor.person_id} via ${a.actor.via}`,
      change(a),
    ]),
    ctx.term.width ? { width: ctx.term.width, shrink: [2, 3] } : {},
  );
}

export function activityCommand(
  group: string,
  what: string,
  fetchPage: (
    api: ApiClient,
    id: string,
    at: { limit: number; cursor?: string },
  ) => Promise<Page<Schemas["Activity"]>>,
  example: string,
): ClientCommand {
  return {
    name: `${group} activity`,
    summary: `${/^[aeiou]/.test(what) ? "An" : "A"} ${what}'s changes, oldest first, with who made each`,
    positionals: ["id"],
    options: { ...LIST_OPTIONS },
    examples: [`docket ${group} activity ${example}`, `docket ${group} activity ${example} --all --json`],
    async run(ctx, v, [id]) {
      const api = ctx.api();
      const page = await api.list(pageWant(v), (at) => fetchPage(api, id!, at));
      const note = moreNote(page.next_cursor, page.data.length);
      return { json: page, text: activityText(ctx, page.data), ...(note ? { note } : {}) };
    },
  };
}

const WRITE_FIELDS: ParseArgsOptionsConfig = {
  status: { type: "string" },
  priority: { type: "string" },
  label: { type: "string", multiple: true },
  assignee: { type: "string" },
  estimate: { type: "string" },
  due: { type: "string" },
  parent: { type: "string" },
  cycle: { type: "string" },
  milestone: { type: "string" },
  description: { type: "string" },
  "description-file": { type: "string" },
  edit: { type: "boolean" },
};

/** The fields both create and update send; `none` clears the clearable ones. */
function writeBody(v: Values) {
  return defined({
    status: str(v, "status"),
    priority: str(v, "priority"),
    labels: many(v, "label"),
    assignee: orNone(v, "assignee"),
    estimate: numberOrNone(v, "estimate"),
    due_date: orNone(v, "due"),
    parent: orNone(v, "parent"),
    cycle: orNone(v, "cycle"),
    milestone: orNone(v, "milestone"),
  });
}

const ISSUE_FLAG: Record<string, string> = {
  due_date: "due",
  labels: "label",
  blockedBy: "blocked-by",
  relatesTo: "relates-to",
};
const issueFlag = (field: string) => ISSUE_FLAG[field] ?? field.replaceAll("_", "-");

/** A node of the blocker tree: an issue and the issues blocking it. */
interface BlockerNode {
  identifier: string;
  title: string;
  status: string;
  ready?: boolean;
  /** shown already higher in the tree, so not expanded again */
  repeated?: true;
  /** deeper than --depth, so not read */
  cut?: true;
  blockedBy: BlockerNode[];
}

/** Reads the issues blocking `ref`, and theirs, down to `depth` levels; each issue is read once. */
async function blockerTree(
  api: ApiClient,
  ref: string,
  depth: number,
): Promise<{ root: Schemas["Issue"]; tree: BlockerNode }> {
  const read = (id: string) => ok(api.v1.GET("/issues/{id}", { params: { path: { id } } }));
  const root = await read(ref);
  const expanded = new Set<string>();
  const build = async (issue: Schemas["Issue"], level: number): Promise<BlockerNode> => {
    expanded.add(issue.identifier);
    const blockedBy: BlockerNode[] = [];
    for (const b of issue.blockedBy) {
      const leaf = { identifier: b.identifier, title: b.title, status: b.status, blockedBy: [] };
      if (expanded.has(b.identifier)) blockedBy.push({ ...leaf, repeated: true });
      else if (level + 1 >= depth) blockedBy.push({ ...leaf, cut: true });
      else blockedBy.push(await build(await read(b.identifier), level + 1));
    }
    return {
      identifier: issue.identifier,
      title: issue.title,
      status: issue.status,
      ready: issue.ready,
      blockedBy,
    };
  };
  return { root, tree: await build(root, 0) };
}

function drawable(ctx: RunContext, n: BlockerNode): TreeNode {
  const status = ctx.paint(n.status, statusColour(n.status));
  const mark = n.ready ? ` ${ctx.paint("ready", "green")}` : "";
  const tail = n.repeated
    ? " (see above)"
    : n.cut && n.status !== "done" && n.status !== "canceled"
      ? " …"
      : "";
  return {
    label: `${ctx.paint(n.identifier, "bold")} [${status}]${mark} ${n.title}${tail}`,
    children: n.blockedBy.map((c) => drawable(ctx, c)),
  };
}

export const ISSUE_COMMANDS: ClientCommand[] = [
  {
    name: "issues list",
    summary: "List issues, with every filter the API has",
    options: ISSUE_FILTERS,
    examples: [
      "docket issues list --ready --sort priority",
      "docket issues list --space ENG --status todo,in_progress --assignee me",
      "docket issues list --label bug --label auth --q login --all --json",
      'docket issues list --cycle "Sprint 3" --milestone Beta   # names or ids',
      "docket issues list --no-iced --updated-since 2026-03-01T00:00:00Z --limit 200",
    ],
    async run(ctx, v) {
      const api = ctx.api();
      const query = issueFilters(v);
      return issueList(ctx, (at) => ok(api.v1.GET("/issues", { params: { query: { ...query, ...at } } })), v);
    },
  },
  {
    name: "issues show",
    summary: "One issue with its blockers, what it blocks, related issues, readiness and comments",
    positionals: ["id"],
    options: { "no-comments": { type: "boolean" } },
    examples: [
      "docket issues show ENG-42",
      "docket issues show ENG-42 --no-comments",
      "docket issues show ENG-42 --json | jq .comments",
    ],
    async run(ctx, v, [id]) {
      const api = ctx.api();
      const issue = await ok(api.v1.GET("/issues/{id}", { params: { path: { id: id! } } }));
      const code = codeLinkLines(ctx, issue.code_links);
      if (v["no-comments"] === true)
        return { json: issue, text: [issueText(ctx, issue), ...code].join("\n") };
      const threads = await fetchThreads(api, issue.identifier, { all: true, limit: 100 });
      const open = await ok(
        api.v1.GET("/issues/{id}/approvals", {
          params: { path: { id: issue.id }, query: { status: "open" } },
        }),
      );
      const extra: string[] = [...code];
      if (open.data.length)
        extra.push(
          "",
          ctx.paint("Open approvals", "bold"),
          ...open.data.map(
            (a) => `  ${a.id}  ${a.question}  (${a.options.join(" / ")}; asked by ${a.asked_by.label})`,
          ),
        );
      extra.push("", ctx.paint(`Comments (${threads.data.length})`, "bold"));
      if (threads.data.length) extra.push(threadsText(ctx, threads.data));
      return {
        json: { ...issue, approvals: open.data, comments: threads.data },
        text: [issueText(ctx, issue), ...extra].join("\n"),
      };
    },
  },
  {
    name: "issues branch",
    summary: "The git branch name for an issue (eng-42-fix-login-redirect), which links its pull request",
    positionals: ["id"],
    options: {},
    examples: ["docket issues branch ENG-42", "git switch -c $(docket issues branch ENG-42)"],
    async run(ctx, _v, [id]) {
      const issue = await ok(ctx.api().v1.GET("/issues/{id}", { params: { path: { id: id! } } }));
      // the service's name (src/tracker/branch.ts: the rules the linker reads and the web app copies)
      const name = issue.branch_name;
      return { json: { identifier: issue.identifier, branch_name: name }, text: name };
    },
  },
  {
    name: "issues create",
    summary: "Create an issue (from a space's template with --template)",
    options: {
      title: { type: "string" },
      space: { type: "string" },
      template: { type: "string" },
      ...WRITE_FIELDS,
      blocks: { type: "string", multiple: true },
      "blocked-by": { type: "string", multiple: true },
      "relates-to": { type: "string", multiple: true },
    },
    examples: [
      'docket issues create --title "Fix login" --priority high --label auth --blocks ENG-1',
      'docket issues create --title "Write the runbook" --space OPS --description-file runbook.md',
      'git log -1 --format=%B | docket issues create --title "Follow up" --description-file -',
      'docket issues create --title "Plan Q3" --edit          # the description in $EDITOR',
      'docket issues create --template "Bug report" --title "Login fails"   # "Bug: Login fails", the template\'s fields',
    ],
    async run(ctx, v) {
      const templateRef = str(v, "template");
      const template = templateRef
        ? await (await import("./templates.ts")).findTemplate(ctx, templateRef, str(v, "space"))
        : undefined;
      const title = str(v, "title");
      if (title === undefined && !template?.title.trim())
        throw new UsageError(
          template
            ? `--title is required (template "${template.name}" gives no title)`
            : "--title is required",
        );
      const description = await textOrEdit(ctx, v, "description", template?.description ?? "");
      let body: Record<string, unknown> = defined({
        title,
        space: template?.space ?? str(v, "space"),
        ...writeBody(v),
        ...(description !== undefined ? { description } : {}),
        blocks: many(v, "blocks"),
        blockedBy: many(v, "blocked-by"),
        relatesTo: many(v, "relates-to"),
      });
      // the template's fields, under what the flags give (labels given are added to the template's)
      if (template) body = (await import("../../../tracker/templates.ts")).applyTemplate(template, body);
      await checkLocally(
        async () => (await import("../../../tracker/issues.ts")).createIssueInput,
        body,
        issueFlag,
      );
      const issue = await ok(ctx.api().v1.POST("/issues", { body: body as BodyOf<"createIssue"> }));
      return { json: issue, text: `Created ${issue.identifier}: ${issue.title}` };
    },
  },
  {
    name: "issues update",
    summary: "Change some fields of an issue (none clears a field: --assignee none)",
    positionals: ["id"],
    options: {
      title: { type: "string" },
      ...WRITE_FIELDS,
      "add-label": { type: "string", multiple: true },
      "remove-label": { type: "string", multiple: true },
      ...IF_VERSION_OPTION,
    },
    examples: [
      "docket issues update ENG-42 --status in_progress --assignee me@example.com",
      "docket issues update ENG-42 --add-label blocked --remove-label triage --due 2026-04-01",
      "docket issues update ENG-42 --estimate none --cycle none",
      "docket issues update ENG-42 --edit                       # change the description in $EDITOR",
      "docket issues update ENG-42 --status done --if-version 7  # only if nobody changed it since version 7",
    ],
    async run(ctx, v, [id]) {
      const params = { path: { id: id! } };
      const adding = many(v, "add-label");
      const removing = many(v, "remove-label");
      if ((adding || removing) && v.label !== undefined)
        throw new UsageError("give --label (the whole set) or --add-label/--remove-label, not both");
      const current =
        adding || removing || v.edit ? await ok(ctx.api().v1.GET("/issues/{id}", { params })) : undefined;
      const description = await textOrEdit(ctx, v, "description", current?.description ?? "");
      const body: Record<string, unknown> = defined({ title: str(v, "title"), ...writeBody(v) });
      if (description !== undefined) body.description = description;
      if (current && (adding || removing))
        body.labels = [...new Set([...current.labels, ...(adding ?? [])])].filter(
          (l) => !(removing ?? []).includes(l),
        );
      if (Object.keys(body).length === 0)
        throw new UsageError(
          "nothing to change: give at least one field to set; see docket issues update --help",
        );
      await checkLocally(
        async () => (await import("../../../tracker/issues.ts")).updateIssueInput,
        body,
        issueFlag,
      );
      const issue = await ok(
        ctx.api().v1.PATCH("/issues/{id}", {
          params,
          body: body as BodyOf<"updateIssue">,
          ...ifMatchHeader(ifMatch(v, current)),
        }),
      );
      return { json: issue, text: `Updated ${issue.identifier}: ${issue.title} [${issue.status}]` };
    },
  },
  {
    name: "issues ice",
    summary: "Put an issue on ice: out of ready work until its status next changes",
    positionals: ["id"],
    options: { ...IF_VERSION_OPTION },
    examples: ["docket issues ice ENG-42", "docket issues update ENG-42 --status todo   # thaws it"],
    async run(ctx, v, [id]) {
      const issue = await ok(
        ctx.api().v1.POST("/issues/{id}/ice", {
          params: { path: { id: id! } },
          body: {},
          ...ifMatchHeader(ifMatch(v)),
        }),
      );
      return { json: issue, text: `${issue.identifier} is on ice.` };
    },
  },
  activityCommand(
    "issues",
    "issue",
    (api, id, at) => ok(api.v1.GET("/issues/{id}/activity", { params: { path: { id }, query: at } })),
    "ENG-42",
  ),
  {
    name: "issues deps add",
    summary: "Add blockedBy, blocks and relatesTo edges to an issue, all or nothing",
    positionals: ["id"],
    options: {
      "blocked-by": { type: "string", multiple: true },
      blocks: { type: "string", multiple: true },
      "relates-to": { type: "string", multiple: true },
    },
    examples: [
      "docket issues deps add ENG-42 --blocked-by ENG-40,ENG-41",
      "docket issues deps add ENG-42 --blocks ENG-50 --relates-to ENG-7",
    ],
    async run(ctx, v, [id]) {
      const body = defined({
        blockedBy: many(v, "blocked-by"),
        blocks: many(v, "blocks"),
        relatesTo: many(v, "relates-to"),
      });
      if (Object.keys(body).length === 0)
        throw new UsageError("name at least one issue with --blocked-by, --blocks or --relates-to");
      const answer = await ok(
        ctx.api().v1.POST("/issues/{id}/dependencies", {
          params: { path: { id: id! } },
          body: body as BodyOf<"addIssueDependencies">,
        }),
      );
      const lines = answer.data.map(
        (d) =>
          `${d.created === false ? "Exists" : "Added"} ${d.id}: ${d.from.identifier} ${d.type === "blocks" ? "blocks" : "relates to"} ${d.to.identifier}`,
      );
      return { json: answer, text: lines.join("\n") };
    },
  },
  {
    name: "issues deps rm",
    summary: "Remove an edge: by its id, or the one between two issues",
    args: "<dep_id | ID OTHER>",
    positionals: ["ref", "other?"],
    options: {},
    examples: ["docket issues deps rm ENG-42 ENG-40", "docket issues deps rm dep_01JD4Q5M0V6S8Y2T7K3N9W1XBC"],
    async run(ctx, _v, [ref, other]) {
      let depId = ref!;
      if (other !== undefined) {
        const issue = await ok(ctx.api().v1.GET("/issues/{id}", { params: { path: { id: ref! } } }));
        const wanted = other.toUpperCase();
        const edge = [...issue.blockedBy, ...issue.blocks, ...issue.relatesTo].find(
          (n) => n.identifier === wanted || n.id === other,
        );
        if (!edge) throw new UsageError(`${issue.identifier} has no dependency on ${other}`);
        depId = edge.dependency_id;
      } else if (!depId.startsWith("dep_")) {
        throw new UsageError(
          "give a dependency id (dep_…) or two issues: docket issues deps rm ENG-42 ENG-40",
        );
      }
      const answer = await ok(ctx.api().v1.DELETE("/dependencies/{id}", { params: { path: { id: depId } } }));
      return { json: answer, text: `Removed ${answer.id}.` };
    },
  },
  {
    name: "issues deps update",
    summary: "Change an edge's type, direction or note",
    positionals: ["dep_id"],
    options: { type: { type: "string" }, reverse: { type: "boolean" }, note: { type: "string" } },
    examples: [
      "docket issues deps update dep_01JD4Q5M0V6S8Y2T7K3N9W1XBC --type relatesTo",
      "docket issues deps update dep_01JD4Q5M0V6S8Y2T7K3N9W1XBC --reverse --note 'the API first'",
    ],
    async run(ctx, v, [depId]) {
      const body = defined({
        type: str(v, "type"),
        reverse: v.reverse === true ? true : undefined,
        note: str(v, "note"),
      });
      if (Object.keys(body).length === 0)
        throw new UsageError("change at least one of --type, --reverse or --note");
      const d = await ok(
        ctx.api().v1.PATCH("/dependencies/{id}", {
          params: { path: { id: depId! } },
          body: body as BodyOf<"updateDependency">,
        }),
      );
      return {
        json: d,
        text: `${d.id}: ${d.from.identifier} ${d.type === "blocks" ? "blocks" : "relates to"} ${d.to.identifier}`,
      };
    },
  },
  {
    name: "issues deps show",
    summary: "The issue's blockers as a tree, recursively, with their statuses",
    positionals: ["id"],
    options: { depth: { type: "string" } },
    examples: ["docket issues deps show ENG-42", "docket issues deps show ENG-42 --depth 2 --json"],
    async run(ctx, v, [id]) {
      const rawDepth = str(v, "depth");
      if (rawDepth !== undefined && !/^\d+$/.test(rawDepth.trim()))
        throw new UsageError(`--depth must be a whole number (got "${rawDepth}")`);
      const depth = rawDepth === undefined ? 10 : Number(rawDepth);
      const { root, tree } = await blockerTree(ctx.api(), id!, depth);
      const extra = [...edgeLines(ctx, "Blocks", root.blocks), ...edgeLines(ctx, "Related", root.relatesTo)];
      return {
        json: { ...tree, blocks: root.blocks, relatesTo: root.relatesTo },
        text: [drawTree([drawable(ctx, tree)]), ...extra].join("\n"),
      };
    },
  },
];
