import type { Schemas } from "../../../client/index.ts";
import { str } from "../../command.ts";
import { table, UsageError } from "../../output.ts";
import { type ApiClient, ok } from "../api.ts";
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
import { humanTime } from "../time.ts";

const when = (iso: string) => humanTime(iso, { precise: true }) ?? "";

/** A subject's path under /v1: issues, decisions or notes, from its reference. */
function subjectPath(ref: string): "decisions" | "notes" | "issues" {
  if (ref.startsWith("dec_")) return "decisions";
  if (ref.startsWith("note_")) return "notes";
  return "issues";
}

function commentLines(ctx: RunContext, c: Schemas["Comment"], indent: string): string[] {
  const head = `${indent}${ctx.paint(c.author.label, "bold")}  ${ctx.paint(when(c.created_at), "dim")}${c.edited ? ctx.paint(" (edited)", "dim") : ""}  ${ctx.paint(c.id, "dim")}`;
  const body = c.deleted
    ? [`${indent}  ${ctx.paint("[deleted]", "dim")}`]
    : c.body
        .trimEnd()
        .split("\n")
        .map((l) => `${indent}  ${l}`);
  return [head, ...body];
}

/** Comment threads as text: each comment, its author ("agent (for person)") and when, replies indented. */
export function threadsText(ctx: RunContext, threads: readonly Schemas["CommentThread"][]): string {
  if (threads.length === 0) return "No comments.";
  const out: string[] = [];
  for (const t of threads) {
    if (out.length) out.push("");
    out.push(...commentLines(ctx, t, ""));
    for (const r of t.replies) out.push(...commentLines(ctx, r, "    "));
  }
  return out.join("\n");
}

/** The comments on a subject, thread by thread (oldest first), as many pages as `want` says. */
export async function fetchThreads(api: ApiClient, ref: string, want: { all: boolean; limit: number }) {
  const path = subjectPath(ref);
  return api.list(want, (at) =>
    ok(
      path === "issues"
        ? api.v1.GET("/issues/{id}/comments", { params: { path: { id: ref }, query: at } })
        : path === "decisions"
          ? api.v1.GET("/decisions/{id}/comments", { params: { path: { id: ref }, query: at } })
          : api.v1.GET("/notes/{id}/comments", { params: { path: { id: ref }, query: at } }),
    ),
  );
}

/** The comment's text: the words after the id, `--body`, or `--body-file` (`-` for stdin). */
async function bodyOf(ctx: RunContext, v: Record<string, unknown>, words: string[]): Promise<string> {
  const flag = await textFlag(ctx, v as never, "body");
  if (flag !== undefined && words.length)
    throw new UsageError("give the text as words or with --body/--body-file, not both");
  const text = flag ?? words.join(" ");
  if (!text.trim())
    throw new UsageError("the comment has no text: give it as words, --body or --body-file -");
  return text;
}

function approvalText(ctx: RunContext, a: Schemas["Approval"]): string {
  const lines = [
    `${ctx.paint(a.id, "bold")}  on ${a.issue.identifier}  [${a.status}]`,
    `Asked by ${a.asked_by.label}${a.asked_of ? ` of ${a.asked_of.name || a.asked_of.email}` : " of the space's reviewers"}, ${when(a.created_at)}`,
    "",
    a.question,
    "",
    `Options: ${a.options.join(", ")}`,
  ];
  if (a.status === "resolved")
    lines.push(
      `Answer: ${a.answer} by ${a.answered_by?.label ?? ""} at ${when(a.answered_at ?? "")}`,
      ...(a.comment ? [`Comment: ${a.comment}`] : []),
    );
  return lines.join("\n");
}

export const CONVERSATION_COMMANDS: ClientCommand[] = [
  {
    name: "comment",
    summary: "Comment on an issue, a decision or a note (@email and @agent-name mention)",
    positionals: ["id", "text*"],
    options: { body: { type: "string" }, "body-file": { type: "string" }, "reply-to": { type: "string" } },
    examples: [
      'docket comment ENG-42 "Looks good; @ada@example.com can you confirm?"',
      "git log -1 --format=%B | docket comment ENG-42 --body-file -",
      'docket comment ENG-42 --reply-to cmt_01J… "Done."',
    ],
    async run(ctx, v, [id, ...words]) {
      const api = ctx.api();
      const body = defined({ body: await bodyOf(ctx, v, words), parent: str(v, "reply-to") }) as {
        body: string;
        parent?: string;
      };
      const path = subjectPath(id!);
      const comment = await ok(
        path === "issues"
          ? api.v1.POST("/issues/{id}/comments", { params: { path: { id: id! } }, body })
          : path === "decisions"
            ? api.v1.POST("/decisions/{id}/comments", { params: { path: { id: id! } }, body })
            : api.v1.POST("/notes/{id}/comments", { params: { path: { id: id! } }, body }),
      );
      return { json: comment, text: `Commented on ${id} (${comment.id}).` };
    },
  },
  {
    name: "comments list",
    summary: "The comments on an issue, a decision or a note, thread by thread",
    positionals: ["id"],
    options: { ...LIST_OPTIONS },
    examples: ["docket comments list ENG-42", "docket comments list dec_01J… --all --json"],
    async run(ctx, v, [id]) {
      const page = await fetchThreads(ctx.api(), id!, pageWant(v));
      const note = moreNote(page.next_cursor, page.data.length);
      return { json: page, text: threadsText(ctx, page.data), ...(note ? { note } : {}) };
    },
  },
  {
    name: "comments edit",
    summary: "Replace the text of a comment (its author or a workspace admin); the old text is kept",
    positionals: ["id", "text*"],
    options: { body: { type: "string" }, "body-file": { type: "string" } },
    examples: [
      'docket comments edit cmt_01J… "Fixed the typo"',
      "docket comments edit cmt_01J… --body-file notes.md",
    ],
    async run(ctx, v, [id, ...words]) {
      const body = await bodyOf(ctx, v, words);
      const comment = await ok(
        ctx.api().v1.PATCH("/comments/{id}", { params: { path: { id: id! } }, body: { body } }),
      );
      return { json: comment, text: `Edited ${comment.id} (version ${comment.version}).` };
    },
  },
  {
    name: "comments delete",
    summary: "Delete a comment: it stays in its thread, shown as deleted",
    positionals: ["id"],
    options: {},
    examples: ["docket comments delete cmt_01J…"],
    async run(ctx, _v, [id]) {
      const comment = await ok(ctx.api().v1.DELETE("/comments/{id}", { params: { path: { id: id! } } }));
      return { json: comment, text: `Deleted ${comment.id}.` };
    },
  },
  {
    name: "inbox list",
    summary: "Your inbox: mentions, assignments, approvals and reviews, newest first",
    options: { unread: { type: "boolean" }, kind: { type: "string" }, ...LIST_OPTIONS },
    examples: ["docket inbox list --unread", "docket inbox list --kind approval --json"],
    async run(ctx, v) {
      const api = ctx.api();
      const query = defined({
        unread: v.unread === true ? ("true" as const) : v.unread === false ? ("false" as const) : undefined,
        kind: str(v, "kind") as Schemas["InboxItem"]["kind"] | undefined,
      });
      let unread = 0;
      const page = await api.list(pageWant(v), async (at) => {
        const p = await ok(api.v1.GET("/inbox", { params: { query: { ...query, ...at } } }));
        unread = p.unread_count;
        return p;
      });
      const note = moreNote(page.next_cursor, page.data.length);
      const rows = table(
        ["", "KIND", "WHAT", "BY", "WHEN", "ID"],
        page.data.map((n) => [n.read ? " " : "•", n.kind, n.title, n.actor.label, when(n.created_at), n.id]),
        ctx.term.width ? { width: ctx.term.width, shrink: [2], fill: 2 } : {},
      );
      return {
        json: { ...page, unread_count: unread },
        text: `${unread} unread.\n${page.data.length ? rows : "Nothing in the inbox."}`,
        ...(note ? { note } : {}),
      };
    },
  },
  {
    name: "inbox read",
    summary: "Mark inbox items read: the ids given, or --all",
    positionals: ["ids*"],
    options: { all: { type: "boolean" }, kind: { type: "string" } },
    examples: [
      "docket inbox read inb_01J…",
      "docket inbox read --all",
      "docket inbox read --all --kind mention",
    ],
    async run(ctx, v, ids) {
      const api = ctx.api();
      if (v.all === true) {
        if (ids.length) throw new UsageError("give item ids or --all, not both");
        const kind = str(v, "kind") as Schemas["InboxItem"]["kind"] | undefined;
        const r = await ok(api.v1.POST("/inbox/read-all", { body: defined({ kind }) }));
        return { json: r, text: `Marked ${r.read} read; ${r.unread_count} unread.` };
      }
      if (ids.length === 0) throw new UsageError("give the ids of the items to mark read, or --all");
      let last = { read: 0, unread_count: 0 };
      let read = 0;
      for (const id of ids) {
        last = await ok(api.v1.POST("/inbox/{id}/read", { params: { path: { id } }, body: {} }));
        read += last.read;
      }
      return {
        json: { read, unread_count: last.unread_count },
        text: `Marked ${read} read; ${last.unread_count} unread.`,
      };
    },
  },
  {
    name: "approvals request",
    summary: "Ask a person a question on an issue that only a person can answer",
    positionals: ["issue"],
    options: {
      question: { type: "string" },
      option: { type: "string", multiple: true },
      from: { type: "string" },
      "mark-done": { type: "boolean" },
    },
    examples: [
      'docket approvals request ENG-42 --question "Deploy to production?"',
      "docket approvals request ENG-42 --mark-done   # approving marks ENG-42 done (a review policy's way to finish)",
      'docket approvals request ENG-42 --question "Which plan?" --option "Ship it" --option Hold --from ada@example.com',
    ],
    async run(ctx, v, [issue]) {
      const question = str(v, "question");
      const markDone = v["mark-done"] === true;
      if (!question && !markDone) throw new UsageError("--question is required (unless --mark-done)");
      const options = many(v, "option");
      const from = str(v, "from");
      const a = await ok(
        ctx.api().v1.POST("/issues/{id}/approvals", {
          params: { path: { id: issue! } },
          body: {
            ...(question ? { question } : {}),
            ...(options ? { options } : {}),
            ...(from ? { from } : {}),
            ...(markDone ? { mark_done: true } : {}),
          },
        }),
      );
      return {
        json: a,
        text: `Asked ${a.id} on ${a.issue.identifier}. Wait for the answer with: docket events tail --type approval.resolved --object ${a.id} (or read it: docket approvals show ${a.id})`,
      };
    },
  },
  {
    name: "approvals show",
    summary: "An approval: open, or answered and how",
    positionals: ["id"],
    options: {},
    examples: ["docket approvals show apr_01J…"],
    async run(ctx, _v, [id]) {
      const a = await ok(ctx.api().v1.GET("/approvals/{id}", { params: { path: { id: id! } } }));
      return { json: a, text: approvalText(ctx, a) };
    },
  },
  {
    name: "approvals answer",
    summary: "Answer an approval (people only): --approve, --reject or --option",
    positionals: ["id"],
    options: {
      approve: { type: "boolean" },
      reject: { type: "boolean" },
      option: { type: "string" },
      comment: { type: "string" },
    },
    examples: [
      "docket approvals answer apr_01J… --approve",
      'docket approvals answer apr_01J… --option Hold --comment "after the freeze"',
    ],
    async run(ctx, v, [id]) {
      const chosen = [v.approve === true, v.reject === true, str(v, "option") !== undefined].filter(
        Boolean,
      ).length;
      if (chosen !== 1) throw new UsageError("give one of --approve, --reject or --option");
      const comment = str(v, "comment");
      const body =
        str(v, "option") !== undefined
          ? { option: str(v, "option")!, ...(comment ? { comment } : {}) }
          : { approve: v.approve === true, ...(comment ? { comment } : {}) };
      const a = await ok(
        ctx.api().v1.POST("/approvals/{id}/answer", { params: { path: { id: id! } }, body }),
      );
      return { json: a, text: `Answered ${a.id}: ${a.answer}.` };
    },
  },
];
