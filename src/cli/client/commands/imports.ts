import { statSync } from "node:fs";
import path from "node:path";
import type { Schemas } from "../../../client/index.ts";
import { str } from "../../command.ts";
import { table, UsageError } from "../../output.ts";
import { ok } from "../api.ts";
import { type ClientCommand, LIST_OPTIONS, moreNote, pageWant, type RunContext } from "../context.ts";
import { fields } from "../render.ts";
import { guessType, put } from "./files.ts";

type Import = Schemas["Import"];

const SOURCES = ["github", "linear", "jira", "docket"] as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Uploads a local file as a file of the workspace (with a progress bar on a terminal); answers its id. */
async function upload(ctx: RunContext, file: string): Promise<string> {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new UsageError(`${file} is not a file`);
    size = stat.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
  }
  const api = ctx.api();
  const name = path.basename(file);
  const type = name.endsWith(".docket") ? "application/gzip" : guessType(file);
  const target = await ok(api.v1.POST("/files/upload-url", { body: { content_type: type, size } }));
  const sha256 = await put(ctx, file, target, size, `Uploading ${name}`);
  const registered = await ok(api.v1.POST("/files", { body: { upload_id: target.upload_id, name, sha256 } }));
  return registered.id;
}

/** Waits for the import to end, drawing its phase and progress on a terminal. */
async function watch(ctx: RunContext, job: Import): Promise<Import> {
  const api = ctx.api();
  let last = "";
  while (job.status === "queued" || job.status === "running") {
    if (ctx.term.progress) {
      const { processed, total } = job.progress;
      const ratio = total ? Math.min(1, processed / total) : 0;
      const bar = `${"█".repeat(Math.round(ratio * 24))}${"░".repeat(24 - Math.round(ratio * 24))}`;
      const line = `\r${job.phase.padEnd(9)} [${bar}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${processed}${total !== null ? `/${total}` : ""} rows`;
      if (line !== last) ctx.term.stderr(line);
      last = line;
    }
    await sleep(400);
    job = await ok(api.v1.GET("/imports/{id}", { params: { path: { id: job.id } } }));
  }
  if (ctx.term.progress && last) ctx.term.stderr("\n");
  return job;
}

/** The report as a person reads it: the summary, the counts, how values map, the first problems. */
export function importText(job: Import, paint: RunContext["paint"]): string {
  const out = [
    fields(
      [
        ["Import", job.id],
        ["Source", job.source],
        ["Space", job.space ?? "—"],
        ["File", job.file.name],
        ["Status", `${job.status}${job.dry_run ? " (dry run: nothing written)" : ""}`],
      ],
      paint,
    ),
    "",
    job.summary,
  ];
  const c = job.counts;
  if (c) {
    out.push(
      "",
      table(
        ["", "created", "updated", "unchanged"],
        [
          ["issues", c.issues.created, c.issues.updated, c.issues.unchanged],
          ["comments", c.comments.created, c.comments.updated, c.comments.unchanged],
          ["edges", c.dependencies.created, "", c.dependencies.unchanged],
        ],
      ),
      `People: ${c.people.matched} matched to members by email, ${c.people.placeholders} new placeholder people. Labels ${c.labels.created}, milestones ${c.milestones.created}, cycles ${c.cycles.created} new. ${c.issues.skipped} rows skipped.`,
    );
  }
  const m = job.mapping;
  if (m) {
    out.push(
      "",
      "Statuses:",
      table(
        ["in the file", "becomes", "issues"],
        m.statuses.map((s) => [s.source, s.status, s.issues]),
      ),
    );
    if (m.people.length)
      out.push(
        "",
        "People:",
        table(
          ["in the file", "email", "becomes", "issues", "comments"],
          m.people
            .slice(0, 20)
            .map((p) => [
              p.source_id,
              p.email ?? "",
              p.member ? p.member.name : "placeholder",
              p.issues,
              p.comments,
            ]),
        ),
        m.people_count > 20 ? `… and ${m.people_count - 20} more (--json lists up to 500)` : "",
      );
  }
  if (job.problem_count > 0) {
    out.push(
      "",
      `Problems (${job.problem_count}):`,
      table(
        ["row", "issue", "problem"],
        job.problems
          .slice(0, 20)
          .map((p) => [p.row ?? "", p.source_id ?? "", `${p.skipped ? "skipped: " : ""}${p.message}`]),
      ),
    );
    if (job.problem_count > 20) out.push(`… and ${job.problem_count - 20} more (--json lists up to 1,000)`);
  }
  if (job.error) out.push("", `Error: ${job.error}`);
  return out.filter((l, i, all) => !(l === "" && all[i - 1] === "")).join("\n");
}

export const IMPORT_COMMANDS: ClientCommand[] = [
  {
    name: "import",
    summary: "Import GitHub, Linear or Jira issues (or a Docket archive) into a space; safe to run again",
    positionals: ["source", "file"],
    options: {
      space: { type: "string" },
      "dry-run": { type: "boolean" },
      timezone: { type: "string" },
    },
    examples: [
      "gh issue list --state all --limit 100000 --json number,title,body,state,stateReason,labels,assignees,milestone,comments,createdAt,closedAt,author,parent,subIssues,blockedBy,blocking,url > issues.json",
      "docket import github issues.json --space ENG --dry-run",
      "docket import linear linear-export.csv --space ENG",
      "docket import jira jira.csv --space OPS --timezone Europe/Berlin --json",
      "docket import docket acme.docket",
    ],
    async run(ctx, v, [source, file]) {
      if (!(SOURCES as readonly string[]).includes(source!))
        throw new UsageError(`the source must be one of ${SOURCES.join(", ")} (not ${source})`);
      const space = str(v, "space");
      if (source !== "docket" && !space)
        throw new UsageError("--space <prefix> is required: the space the issues go to (ENG)");
      const fileId = await upload(ctx, file!);
      const api = ctx.api();
      const timezone = str(v, "timezone");
      const started = await ok(
        api.v1.POST("/imports", {
          body: {
            source: source as (typeof SOURCES)[number],
            file: fileId,
            ...(space ? { space } : {}),
            ...(v["dry-run"] === true ? { dry_run: true } : {}),
            ...(timezone ? { timezone } : {}),
          },
        }),
      );
      const job = await watch(ctx, started);
      if (job.status === "failed")
        throw new Error(
          `the import ${job.id} failed: ${job.error ?? "no reason given"}; nothing of a refused file was written`,
        );
      return { json: job, text: importText(job, ctx.paint) };
    },
  },
  {
    name: "placeholders list",
    summary: "People imports made for those who are not members, with their issues and comments",
    options: { ...LIST_OPTIONS },
    examples: ["docket placeholders list", "docket placeholders list --json"],
    async run(ctx, v) {
      const api = ctx.api();
      const page = await api.list(pageWant(v), (at) =>
        ok(api.v1.GET("/placeholders", { params: { query: at } })),
      );
      return {
        json: page,
        text: page.data.length
          ? `${table(
              ["id", "name", "in the source", "issues", "comments"],
              page.data.map((p) => [
                p.id,
                p.name,
                p.sources.map((s) => `${s.source}:${s.source_id}`).join(", "),
                p.issues,
                p.comments,
              ]),
            )}${moreNote(page.next_cursor, page.data.length)}`
          : "No placeholder people.",
      };
    },
  },
  {
    name: "placeholders map",
    summary: "Give a placeholder's issues, comments and activity to a member (admins)",
    positionals: ["id"],
    options: { member: { type: "string" } },
    examples: ["docket placeholders map usr_01JD4Q5M0V6S8Y2T7K3N9W1XBC --member bo@example.com"],
    async run(ctx, v, [id]) {
      const member = str(v, "member");
      if (!member)
        throw new UsageError("--member <email or id> is required: who takes the placeholder's work");
      const done = await ok(
        ctx.api().v1.POST("/placeholders/{id}/map", { params: { path: { id: id! } }, body: { member } }),
      );
      return {
        json: done,
        text: `${done.placeholder.name} is now ${done.member.name} <${done.member.email}>: ${done.moved.issues} issues, ${done.moved.comments} comments and ${done.moved.activity} activity entries moved.`,
      };
    },
  },
];
