import type { BodyOf, QueryOf, Schemas } from "../../../client/index.ts";
import { str, type Values } from "../../command.ts";
import { table, UsageError } from "../../output.ts";
import { ifMatchHeader, ok } from "../api.ts";
import {
  type ClientCommand,
  checkLocally,
  defined,
  editText,
  IF_VERSION_OPTION,
  ifMatch,
  LIST_OPTIONS,
  many,
  moreNote,
  orNone,
  pageWant,
  type RunContext,
  textFlag,
  textOrEdit,
} from "../context.ts";
import { resolveRef, resolveRefs } from "../refs.ts";
import { drawTree, fields, statusColour, type TreeNode } from "../render.ts";
import { humanTime } from "../time.ts";
import { activityCommand } from "./issues.ts";

/** A time in a table: "3 hours ago", "yesterday 14:02", a date for older. */
const day = (iso: string) => humanTime(iso);
const width = (ctx: RunContext) => (ctx.term.width ? { width: ctx.term.width } : {});

// ---------------------------------------------------------------------------------------------------
// Decisions

const SECTIONS = ["context", "decision", "consequences"] as const;
type Section = (typeof SECTIONS)[number];

/** The three texts of a decision as one Markdown file to edit: a `## Context` heading before each. */
function decisionTemplate(d: Partial<Record<Section, string>>): string {
  return SECTIONS.map((s) => `## ${s[0]!.toUpperCase()}${s.slice(1)}\n\n${(d[s] ?? "").trim()}\n`).join("\n");
}

function parseDecisionTemplate(text: string): Record<Section, string> {
  const out: Record<Section, string> = { context: "", decision: "", consequences: "" };
  let current: Section | undefined;
  const lines: Record<Section, string[]> = { context: [], decision: [], consequences: [] };
  for (const line of text.split("\n")) {
    const heading = /^##\s+(context|decision|consequences)\s*$/i.exec(line);
    if (heading) current = heading[1]!.toLowerCase() as Section;
    else if (current) lines[current].push(line);
  }
  for (const s of SECTIONS) out[s] = lines[s].join("\n").trim();
  return out;
}

const DECISION_TEXT_OPTIONS = {
  context: { type: "string" },
  "context-file": { type: "string" },
  decision: { type: "string" },
  "decision-file": { type: "string" },
  consequences: { type: "string" },
  "consequences-file": { type: "string" },
  edit: { type: "boolean" },
} as const;

/** The decision's texts from their flags, or all three from one file in the editor with --edit. */
async function decisionTexts(
  ctx: RunContext,
  v: Values,
  current?: Schemas["Decision"],
): Promise<Partial<Record<Section, string>>> {
  const given: Partial<Record<Section, string>> = {};
  for (const s of SECTIONS) {
    const text = await textFlag(ctx, v, s);
    if (text !== undefined) given[s] = text;
  }
  if (v.edit !== true) return given;
  const edited = parseDecisionTemplate(
    editText(ctx.env, decisionTemplate({ ...current, ...given }), "decision"),
  );
  return edited;
}

function decisionText(ctx: RunContext, d: Schemas["Decision"]): string {
  const section = (title: string, text: string) =>
    text.trim() ? ["", ctx.paint(title, "bold"), text.trimEnd()] : [];
  return [
    `${ctx.paint(d.id, "bold")}  ${d.title}`,
    "",
    fields(
      [
        ["Status", ctx.paint(d.status, statusColour(d.status))],
        ["Issues", d.issues.map((i) => `${i.identifier} (${i.status})`).join(", ")],
        ["Supersedes", d.supersedes],
        ["Superseded by", d.superseded_by.join(", ")],
        ["Created", humanTime(d.created_at, { precise: true })],
        ["Updated", humanTime(d.updated_at, { precise: true })],
      ],
      ctx.paint,
    ),
    ...section("Context", d.context),
    ...section("Decision", d.decision),
    ...section("Consequences", d.consequences),
  ].join("\n");
}

const decisionFlag = (field: string) => (field === "issues" ? "issue" : field);

// ---------------------------------------------------------------------------------------------------
// Notes and folders

function noteText(ctx: RunContext, n: Schemas["Note"]): string {
  return [
    `${ctx.paint(n.id, "bold")}  ${n.title}`,
    "",
    fields(
      [
        ["Folder", n.folder ? `${n.folder.name} (${n.folder.id})` : "(top level)"],
        ["Issues", n.issues.map((i) => `${i.identifier} (${i.status})`).join(", ")],
        ["Created", humanTime(n.created_at, { precise: true })],
        ["Updated", humanTime(n.updated_at, { precise: true })],
      ],
      ctx.paint,
    ),
    ...(n.body.trim() ? ["", n.body.trimEnd()] : []),
  ].join("\n");
}

const noteFlag = (field: string) => (field === "issues" ? "issue" : field);

/** The folders of a list as a tree: each level sorted by name (ignoring case), then by id. */
function folderNodes(folders: readonly Schemas["Folder"][], parent: string | null = null): TreeNode[] {
  const key = (f: Schemas["Folder"]) => [f.name.toLowerCase(), f.id] as const;
  return folders
    .filter((f) => f.parent_id === parent)
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : 1;
    })
    .map((f) => ({
      label: `${f.name}  (${f.note_count} note${f.note_count === 1 ? "" : "s"}, ${f.id})`,
      children: folderNodes(folders, f.id),
    }));
}

export const KNOWLEDGE_COMMANDS: ClientCommand[] = [
  {
    name: "decisions list",
    summary: "List decisions (without their texts)",
    options: {
      status: { type: "string", multiple: true },
      issue: { type: "string" },
      q: { type: "string" },
      sort: { type: "string" },
      ...LIST_OPTIONS,
    },
    examples: [
      "docket decisions list",
      "docket decisions list --status accepted,proposed --issue ENG-42",
      "docket decisions list --q storage --all --json",
    ],
    async run(ctx, v) {
      const api = ctx.api();
      const query = defined({
        status: many(v, "status")?.join(","),
        issue: str(v, "issue"),
        q: str(v, "q"),
        sort: str(v, "sort"),
      }) as QueryOf<"listDecisions">;
      const page = await api.list(pageWant(v), (at) =>
        ok(api.v1.GET("/decisions", { params: { query: { ...query, ...at } } })),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      return {
        json: page,
        text: table(
          ["ID", "STATUS", "TITLE", "ISSUES", "UPDATED"],
          page.data.map((d) => [
            d.id,
            d.status,
            d.title,
            d.issues.map((i) => i.identifier).join(",") || null,
            day(d.updated_at),
          ]),
          {
            ...width(ctx),
            shrink: [2, 3],
            fill: 2,
            paint: (t, row, col) =>
              row < 0
                ? ctx.paint(t, "bold")
                : col === 1
                  ? ctx.paint(t, statusColour(page.data[row]!.status))
                  : t,
          },
        ),
        ...(note ? { note } : {}),
      };
    },
  },
  {
    name: "decisions show",
    summary: "One decision with its context, decision, consequences and linked issues",
    positionals: ["id"],
    options: {},
    examples: ["docket decisions show dec_01JD4Q5M0V6S8Y2T7K3N9W1XBC"],
    async run(ctx, _v, [id]) {
      const d = await ok(ctx.api().v1.GET("/decisions/{id}", { params: { path: { id: id! } } }));
      return { json: d, text: decisionText(ctx, d) };
    },
  },
  {
    name: "decisions create",
    summary: "Record a decision",
    options: {
      title: { type: "string" },
      status: { type: "string" },
      issue: { type: "string", multiple: true },
      supersedes: { type: "string" },
      ...DECISION_TEXT_OPTIONS,
    },
    examples: [
      'docket decisions create --title "Use PostgreSQL in production" --status accepted --issue ENG-42 --decision "PostgreSQL 16, one primary."',
      'docket decisions create --title "Queue on Redis" --context-file why.md --edit',
      'docket decisions create --title "Queue on PostgreSQL" --supersedes dec_01JD4Q5M0V6S8Y2T7K3N9W1XBC',
    ],
    async run(ctx, v) {
      const title = str(v, "title");
      if (title === undefined) throw new UsageError("--title is required");
      const body = defined({
        title,
        status: str(v, "status"),
        issues: many(v, "issue"),
        supersedes: str(v, "supersedes"),
        ...(await decisionTexts(ctx, v)),
      });
      await checkLocally(
        async () => (await import("../../../tracker/decisions.ts")).createDecisionInput,
        body,
        decisionFlag,
      );
      const d = await ok(ctx.api().v1.POST("/decisions", { body: body as BodyOf<"createDecision"> }));
      return { json: d, text: `Recorded ${d.id}: ${d.title} [${d.status}]` };
    },
  },
  {
    name: "decisions update",
    summary:
      "Change some fields of a decision (--issue replaces the linked issues; --supersedes none clears)",
    positionals: ["id"],
    options: {
      ...IF_VERSION_OPTION,
      title: { type: "string" },
      status: { type: "string" },
      issue: { type: "string", multiple: true },
      supersedes: { type: "string" },
      ...DECISION_TEXT_OPTIONS,
    },
    examples: [
      "docket decisions update dec_01JD4Q5M0V6S8Y2T7K3N9W1XBC --status accepted",
      "docket decisions update dec_01JD4Q5M0V6S8Y2T7K3N9W1XBC --edit   # the three texts in $EDITOR",
    ],
    async run(ctx, v, [id]) {
      const params = { path: { id: id! } };
      const current = v.edit === true ? await ok(ctx.api().v1.GET("/decisions/{id}", { params })) : undefined;
      const body = defined({
        title: str(v, "title"),
        status: str(v, "status"),
        issues: many(v, "issue"),
        supersedes: orNone(v, "supersedes"),
        ...(await decisionTexts(ctx, v, current)),
      });
      if (Object.keys(body).length === 0)
        throw new UsageError("nothing to change; see docket decisions update --help");
      await checkLocally(
        async () => (await import("../../../tracker/decisions.ts")).updateDecisionInput,
        body,
        decisionFlag,
      );
      const d = await ok(
        ctx.api().v1.PATCH("/decisions/{id}", {
          params,
          body: body as BodyOf<"updateDecision">,
          ...ifMatchHeader(ifMatch(v, current)),
        }),
      );
      return { json: d, text: `Updated ${d.id}: ${d.title} [${d.status}]` };
    },
  },
  activityCommand(
    "decisions",
    "decision",
    (api, id, at) => ok(api.v1.GET("/decisions/{id}/activity", { params: { path: { id }, query: at } })),
    "dec_01JD4Q5M0V6S8Y2T7K3N9W1XBC",
  ),
  {
    name: "notes list",
    summary: "List notes (without their bodies)",
    options: {
      folder: { type: "string" },
      issue: { type: "string" },
      q: { type: "string" },
      sort: { type: "string" },
      ...LIST_OPTIONS,
    },
    examples: [
      "docket notes list",
      "docket notes list --folder none",
      "docket notes list --folder Runbooks   # a folder by name or id",
      "docket notes list --issue ENG-42 --json",
    ],
    async run(ctx, v) {
      const api = ctx.api();
      const query = defined({
        folder: str(v, "folder"),
        issue: str(v, "issue"),
        q: str(v, "q"),
        sort: str(v, "sort"),
      }) as QueryOf<"listNotes">;
      const page = await api.list(pageWant(v), (at) =>
        ok(api.v1.GET("/notes", { params: { query: { ...query, ...at } } })),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      return {
        json: page,
        text: table(
          ["ID", "TITLE", "FOLDER", "ISSUES", "UPDATED"],
          page.data.map((n) => [
            n.id,
            n.title,
            n.folder?.name,
            n.issues.map((i) => i.identifier).join(",") || null,
            day(n.updated_at),
          ]),
          {
            ...width(ctx),
            shrink: [1, 2, 3],
            fill: 1,
            paint: (t, row) => (row < 0 ? ctx.paint(t, "bold") : t),
          },
        ),
        ...(note ? { note } : {}),
      };
    },
  },
  {
    name: "notes show",
    summary: "One note with its body, folder and linked issues",
    positionals: ["id"],
    options: {},
    examples: [
      "docket notes show note_01JD4Q5M0V6S8Y2T7K3N9W1XBC",
      "docket notes show note_01JD4Q5M0V6S8Y2T7K3N9W1XBC --json | jq -r .body",
    ],
    async run(ctx, _v, [id]) {
      const n = await ok(ctx.api().v1.GET("/notes/{id}", { params: { path: { id: id! } } }));
      return { json: n, text: noteText(ctx, n) };
    },
  },
  {
    name: "notes create",
    summary: "Write a note",
    options: {
      title: { type: "string" },
      body: { type: "string" },
      "body-file": { type: "string" },
      edit: { type: "boolean" },
      folder: { type: "string" },
      issue: { type: "string", multiple: true },
    },
    examples: [
      'docket notes create --title "Release checklist" --body-file checklist.md --folder fld_01JD4Q5M0V6S8Y2T7K3N9W1XBC',
      'docket notes create --title "Call notes" --issue ENG-42 --edit',
      'pbpaste | docket notes create --title "Paste" --body-file -',
    ],
    async run(ctx, v) {
      const title = str(v, "title");
      if (title === undefined) throw new UsageError("--title is required");
      const body = defined({
        title,
        body: await textOrEdit(ctx, v, "body"),
        folder: str(v, "folder"),
        issues: many(v, "issue"),
      });
      await checkLocally(
        async () => (await import("../../../tracker/notes.ts")).createNoteInput,
        body,
        noteFlag,
      );
      const n = await ok(ctx.api().v1.POST("/notes", { body: body as BodyOf<"createNote"> }));
      return { json: n, text: `Created ${n.id}: ${n.title}` };
    },
  },
  {
    name: "notes update",
    summary:
      "Change some fields of a note (--issue replaces the linked issues; --folder none moves it to the top)",
    positionals: ["id"],
    options: {
      ...IF_VERSION_OPTION,
      title: { type: "string" },
      body: { type: "string" },
      "body-file": { type: "string" },
      edit: { type: "boolean" },
      folder: { type: "string" },
      issue: { type: "string", multiple: true },
    },
    examples: [
      "docket notes update note_01JD4Q5M0V6S8Y2T7K3N9W1XBC --edit",
      "docket notes update note_01JD4Q5M0V6S8Y2T7K3N9W1XBC --folder none --issue ENG-1,ENG-2",
    ],
    async run(ctx, v, [id]) {
      const params = { path: { id: id! } };
      const current = v.edit === true ? await ok(ctx.api().v1.GET("/notes/{id}", { params })) : undefined;
      const body = defined({
        title: str(v, "title"),
        body: await textOrEdit(ctx, v, "body", current?.body ?? ""),
        folder: orNone(v, "folder"),
        issues: many(v, "issue"),
      });
      if (Object.keys(body).length === 0)
        throw new UsageError("nothing to change; see docket notes update --help");
      await checkLocally(
        async () => (await import("../../../tracker/notes.ts")).updateNoteInput,
        body,
        noteFlag,
      );
      const n = await ok(
        ctx.api().v1.PATCH("/notes/{id}", {
          params,
          body: body as BodyOf<"updateNote">,
          ...ifMatchHeader(ifMatch(v, current)),
        }),
      );
      return { json: n, text: `Updated ${n.id}: ${n.title}` };
    },
  },
  activityCommand(
    "notes",
    "note",
    (api, id, at) => ok(api.v1.GET("/notes/{id}/activity", { params: { path: { id }, query: at } })),
    "note_01JD4Q5M0V6S8Y2T7K3N9W1XBC",
  ),
  {
    name: "folders list",
    summary: "The folders as a tree, with how many notes each holds",
    options: { parent: { type: "string" } },
    examples: [
      "docket folders list",
      "docket folders list --parent fld_01JD4Q5M0V6S8Y2T7K3N9W1XBC",
      "docket folders list --json",
    ],
    async run(ctx, v) {
      // every page (a workspace has at most 1,000 folders): a tree needs them all
      const api = ctx.api();
      const parent = str(await resolveRefs(ctx, v, { parent: "folder" }), "parent");
      const query = defined({ parent }) as QueryOf<"listFolders">;
      const page = await api.list({ all: true, limit: 0 }, (at) =>
        ok(api.v1.GET("/folders", { params: { query: { ...query, ...at } } })),
      );
      const root = parent && parent !== "none" ? parent : null;
      const tree = folderNodes(page.data, root);
      return { json: page, text: tree.length ? drawTree(tree) : "(no folders)" };
    },
  },
  {
    name: "folders create",
    summary: "Create a folder, at the top level or in --parent",
    options: { name: { type: "string" }, parent: { type: "string" } },
    examples: [
      'docket folders create --name "Runbooks"',
      'docket folders create --name "Databases" --parent fld_01JD4Q5M0V6S8Y2T7K3N9W1XBC',
    ],
    async run(ctx, v) {
      const name = str(v, "name");
      if (name === undefined) throw new UsageError("--name is required");
      const parent = str(await resolveRefs(ctx, v, { parent: "folder" }), "parent");
      const body = defined({ name, parent }) as BodyOf<"createFolder">;
      const f = await ok(ctx.api().v1.POST("/folders", { body }));
      return { json: f, text: `Created folder ${f.name} (${f.id}).` };
    },
  },
  {
    name: "folders update",
    summary: "Rename a folder or move it (--parent none: to the top level)",
    positionals: ["id"],
    options: { name: { type: "string" }, parent: { type: "string" } },
    examples: ['docket folders update fld_01JD4Q5M0V6S8Y2T7K3N9W1XBC --name "Old runbooks" --parent none'],
    async run(ctx, given, [ref]) {
      const v = await resolveRefs(ctx, given, { parent: "folder" });
      const id = await resolveRef(ctx, "folder", ref!, "folder");
      const body = defined({ name: str(v, "name"), parent: orNone(v, "parent") });
      if (Object.keys(body).length === 0) throw new UsageError("change at least one of --name or --parent");
      const f = await ok(
        ctx
          .api()
          .v1.PATCH("/folders/{id}", { params: { path: { id } }, body: body as BodyOf<"updateFolder"> }),
      );
      return {
        json: f,
        text: `Folder ${f.name} (${f.id}) is ${f.parent_id ? `in ${f.parent_id}` : "at the top level"}.`,
      };
    },
  },
];
