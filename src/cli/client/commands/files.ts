import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, existsSync, renameSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { BodyOf, QueryOf, Schemas } from "../../../client/index.ts";
import { str } from "../../command.ts";
import { table, UsageError } from "../../output.ts";
import { ok, send, USER_AGENT } from "../api.ts";
import {
  type ClientCommand,
  defined,
  LIST_OPTIONS,
  many,
  moreNote,
  pageWant,
  type RunContext,
} from "../context.ts";
import { fields, formatBytes, progressBar } from "../render.ts";
import { humanTime } from "../time.ts";

/** A media type from the file's extension, for the common kinds; anything else is octet-stream. */
const TYPES: Record<string, string> = {
  ".txt": "text/plain; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
  ".csv": "text/csv; charset=utf-8",
  ".json": "application/json",
  ".html": "text/html; charset=utf-8",
  ".xml": "application/xml",
  ".yaml": "application/yaml",
  ".yml": "application/yaml",
  ".log": "text/plain; charset=utf-8",
  ".pdf": "application/pdf",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".zip": "application/zip",
  ".gz": "application/gzip",
  ".tar": "application/x-tar",
  ".mp4": "video/mp4",
  ".mp3": "audio/mpeg",
};

export const guessType = (file: string) =>
  TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";

/** Sends the file's bytes to the signed URL in one PUT, hashing them on the way; returns the SHA-256. */
export function put(
  ctx: RunContext,
  file: string,
  target: Schemas["UploadUrl"],
  size: number,
  label: string,
): Promise<string> {
  const url = new URL(target.url);
  const hash = createHash("sha256");
  const bar = progressBar(ctx.term, label, size);
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? https : http).request(url, {
      method: target.method,
      headers: { ...target.headers, "content-length": String(size), "user-agent": USER_AGENT },
    });
    request.on("error", (error) => reject(new Error(`upload failed: ${error.message}`)));
    request.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => {
        text += c;
      });
      res.on("end", () => {
        bar.finish();
        if (res.statusCode && res.statusCode >= 200 && res.statusCode < 300)
          return resolve(hash.digest("hex"));
        let why = text.trim().slice(0, 300);
        try {
          const body = JSON.parse(text) as { error?: string; error_description?: string };
          if (body.error) why = `${body.error}: ${body.error_description ?? ""}`;
        } catch {
          // not JSON: the text as it is
        }
        reject(new Error(`the upload was refused (${res.statusCode}): ${why}`));
      });
    });
    const stream = createReadStream(file);
    stream.on("data", (chunk) => {
      hash.update(chunk);
      bar.tick(chunk.length);
    });
    stream.on("error", (error) => request.destroy(error));
    stream.pipe(request);
  });
}

/** Fetches a file's bytes to `out` (a temporary name first), checking the SHA-256 the service has for it. */
async function download(
  ctx: RunContext,
  file: Schemas["File"],
  out: string | undefined,
): Promise<{ path: string; sha256: string }> {
  const res = await send(file.download_url, { headers: { "user-agent": USER_AGENT } });
  if (!res.ok || !res.body) throw new Error(`the download was refused (${res.status} ${res.statusText})`);
  const hash = createHash("sha256");
  const bar = progressBar(ctx.term, file.name, Number(res.headers.get("content-length") ?? file.size));
  const body = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream<Uint8Array>);
  body.on("data", (chunk: Buffer) => {
    hash.update(chunk);
    bar.tick(chunk.length);
  });
  if (out === "-") {
    await pipeline(body, process.stdout);
    bar.finish();
    const sha = hash.digest("hex");
    if (sha !== file.sha256)
      throw new Error(`the bytes received do not match: sha256 ${sha}, expected ${file.sha256}`);
    return { path: "-", sha256: sha };
  }
  const target = path.resolve(out ?? path.basename(file.name));
  const temp = `${target}.docket-part`;
  try {
    await pipeline(body, createWriteStream(temp, { mode: 0o644 }));
    bar.finish();
    const sha = hash.digest("hex");
    if (sha !== file.sha256)
      throw new Error(
        `the bytes received do not match: sha256 ${sha}, expected ${file.sha256}; nothing was kept`,
      );
    renameSync(temp, target);
    return { path: target, sha256: sha };
  } finally {
    rmSync(temp, { force: true });
  }
}

function fileText(ctx: RunContext, f: Schemas["File"]): string {
  return [
    `${ctx.paint(f.id, "bold")}  ${f.name}`,
    "",
    fields(
      [
        ["Type", f.content_type],
        ["Size", `${formatBytes(f.size)} (${f.size} bytes)`],
        ["SHA-256", f.sha256],
        ["Issues", f.issues.map((i) => i.identifier).join(", ")],
        ["Created", humanTime(f.created_at, { precise: true })],
        ["Download", `${f.download_url}  (until ${humanTime(f.download_url_expires_at, { precise: true })})`],
      ],
      ctx.paint,
    ),
  ].join("\n");
}

export const FILE_COMMANDS: ClientCommand[] = [
  {
    name: "files upload",
    summary: "Upload a file: signed URL, the bytes, then registration with their SHA-256",
    positionals: ["path"],
    options: {
      issue: { type: "string", multiple: true },
      name: { type: "string" },
      type: { type: "string" },
    },
    examples: [
      "docket files upload screenshot.png --issue ENG-42",
      "docket files upload build.log --name ci-build-1234.log --type text/plain --json",
    ],
    async run(ctx, v, [file]) {
      let size: number;
      try {
        const stat = statSync(file!);
        if (!stat.isFile()) throw new UsageError(`${file} is not a file`);
        size = stat.size;
      } catch (error) {
        if (error instanceof UsageError) throw error;
        throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
      }
      const name = str(v, "name") ?? path.basename(file!);
      const api = ctx.api();
      const target = await ok(
        api.v1.POST("/files/upload-url", {
          body: { content_type: str(v, "type") ?? guessType(file!), size },
        }),
      );
      const sha256 = await put(ctx, file!, target, size, name);
      const registered = await ok(
        api.v1.POST("/files", {
          body: defined({
            upload_id: target.upload_id,
            name,
            sha256,
            issues: many(v, "issue"),
          }) as BodyOf<"registerFile">,
        }),
      );
      return {
        json: registered,
        text: `Uploaded ${registered.name} as ${registered.id} (${formatBytes(registered.size)}, sha256 ${registered.sha256}).`,
      };
    },
  },
  {
    name: "files download",
    summary: "Download a file (to its own name, -o path, or -o - for stdout) and check its SHA-256",
    positionals: ["id"],
    options: { output: { type: "string", short: "o" }, force: { type: "boolean" } },
    examples: [
      "docket files download file_01JD4Q5M0V6S8Y2T7K3N9W1XBC",
      "docket files download file_01JD4Q5M0V6S8Y2T7K3N9W1XBC -o /tmp/report.pdf --force",
      "docket files download file_01JD4Q5M0V6S8Y2T7K3N9W1XBC -o - | tar xz",
    ],
    async run(ctx, v, [id]) {
      const out = str(v, "output");
      if (out === "-" && ctx.json)
        throw new UsageError("-o - writes the file itself to stdout; leave out --json");
      const file = await ok(ctx.api().v1.GET("/files/{id}", { params: { path: { id: id! } } }));
      const target = out === "-" ? "-" : path.resolve(out ?? path.basename(file.name));
      if (target !== "-" && existsSync(target) && v.force !== true)
        throw new UsageError(`${target} exists; add --force to replace it, or choose another path with -o`);
      const saved = await download(ctx, file, target);
      const json = { ...file, saved_to: saved.path, verified_sha256: saved.sha256 };
      return {
        json,
        text:
          saved.path === "-"
            ? ""
            : `Saved ${file.name} to ${saved.path} (${formatBytes(file.size)}, sha256 verified).`,
      };
    },
  },
  {
    name: "files list",
    summary: "List files, newest first",
    options: { issue: { type: "string" }, type: { type: "string" }, q: { type: "string" }, ...LIST_OPTIONS },
    examples: [
      "docket files list",
      "docket files list --issue ENG-42 --type image/",
      "docket files list --q report --json",
    ],
    async run(ctx, v) {
      const api = ctx.api();
      const query = defined({
        issue: str(v, "issue"),
        content_type: str(v, "type"),
        q: str(v, "q"),
      }) as QueryOf<"listFiles">;
      const page = await api.list(pageWant(v), (at) =>
        ok(api.v1.GET("/files", { params: { query: { ...query, ...at } } })),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      return {
        json: page,
        text: table(
          ["ID", "NAME", "TYPE", "SIZE", "ISSUES", "CREATED"],
          page.data.map((f) => [
            f.id,
            f.name,
            f.content_type,
            formatBytes(f.size),
            f.issues.map((i) => i.identifier).join(",") || null,
            humanTime(f.created_at),
          ]),
          {
            ...(ctx.term.width ? { width: ctx.term.width } : {}),
            shrink: [1, 2, 4],
            paint: (t, row) => (row < 0 ? ctx.paint(t, "bold") : t),
          },
        ),
        ...(note ? { note } : {}),
      };
    },
  },
  {
    name: "files show",
    summary: "One file's metadata, with a fresh download URL",
    positionals: ["id"],
    options: {},
    examples: ["docket files show file_01JD4Q5M0V6S8Y2T7K3N9W1XBC"],
    async run(ctx, _v, [id]) {
      const f = await ok(ctx.api().v1.GET("/files/{id}", { params: { path: { id: id! } } }));
      return { json: f, text: fileText(ctx, f) };
    },
  },
];
