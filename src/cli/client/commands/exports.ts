import { createWriteStream, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Schemas } from "../../../client/index.ts";
import { table, UsageError } from "../../output.ts";
import { ok } from "../api.ts";
import { type ClientCommand, LIST_OPTIONS, many, moreNote, pageWant } from "../context.ts";
import { fields, formatBytes, progressBar } from "../render.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const EXPORT_COMMANDS: ClientCommand[] = [
  {
    name: "export",
    summary: "Export the workspace as one archive file (Owner and admins), to restore elsewhere",
    options: {
      space: { type: "string", multiple: true },
      output: { type: "string", short: "o" },
    },
    examples: [
      "docket export -o acme.docket",
      "docket export --space ENG --space OPS -o eng-ops.docket",
      "docket export -o acme.docket --json",
    ],
    async run(ctx, v) {
      const out = typeof v.output === "string" ? v.output.trim() : "";
      if (!out)
        throw new UsageError("-o/--output <file> is required: where to write the archive (acme.docket)");
      const target = path.resolve(out);
      const api = ctx.api();
      const spaces = many(v, "space");
      let job: Schemas["Export"] = await ok(api.v1.POST("/exports", { body: spaces ? { spaces } : {} }));
      const draw = (j: Schemas["Export"]) => {
        if (!ctx.term.progress) return;
        const { done, total, part } = j.progress;
        const percent = total > 0 ? Math.floor((done / total) * 100) : 0;
        ctx.term.stderr(
          `\rExporting ${part.padEnd(20)} ${String(percent).padStart(3)}% (${done}/${total} rows)`,
        );
      };
      while (job.status === "queued" || job.status === "running") {
        draw(job);
        await sleep(500);
        job = await ok(api.v1.GET("/exports/{id}", { params: { path: { id: job.id } } }));
      }
      if (ctx.term.progress) ctx.term.stderr("\n");
      if (job.status !== "succeeded")
        throw new Error(`the export ${job.status}: ${job.error ?? "no reason given"}`);

      const res = await api.download(`/exports/${job.id}/download`);
      if (!res.body) throw new Error("the download was empty");
      const size = Number(res.headers.get("content-length") ?? job.size ?? 0);
      const bar = progressBar(ctx.term, path.basename(target), size);
      const body = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream<Uint8Array>);
      body.on("data", (chunk: Buffer) => bar.tick(chunk.length));
      const temp = `${target}.docket-part`;
      try {
        await pipeline(body, createWriteStream(temp, { mode: 0o600 }));
        bar.finish();
        renameSync(temp, target);
      } finally {
        rmSync(temp, { force: true });
      }
      return {
        json: { ...job, path: target },
        text: fields(
          [
            ["Export", job.id],
            ["Spaces", job.spaces ? job.spaces.join(", ") : "all"],
            ["Rows", String(job.progress.total)],
            ["Size", `${formatBytes(job.size ?? size)} (${job.size ?? size} bytes)`],
            ["Written to", target],
          ],
          ctx.paint,
        ),
      };
    },
  },
  {
    name: "exports list",
    summary: "The workspace's exports of the last 7 days, newest first, with their status",
    options: { ...LIST_OPTIONS },
    examples: ["docket exports list", "docket exports list --json"],
    async run(ctx, v) {
      const api = ctx.api();
      const page = await api.list(pageWant(v), (at) => ok(api.v1.GET("/exports", { params: { query: at } })));
      return {
        json: page,
        text: page.data.length
          ? `${table(
              ["id", "status", "spaces", "rows", "size", "asked at", "expires"],
              page.data.map((e) => [
                e.id,
                e.status,
                e.spaces ? e.spaces.join(", ") : "all",
                String(e.progress.total),
                e.size === null ? "" : formatBytes(e.size),
                e.created_at.slice(0, 16).replace("T", " "),
                e.expires_at.slice(0, 10),
              ]),
            )}${moreNote(page.next_cursor, page.data.length)}`
          : "No exports in the last 7 days.",
      };
    },
  },
];
