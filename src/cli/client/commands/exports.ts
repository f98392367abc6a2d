import { createWriteStream, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Schemas } from "../../../client/index.ts";
import { UsageError } from "../../output.ts";
import { ok } from "../api.ts";
import { type ClientCommand, many } from "../context.ts";
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
];
