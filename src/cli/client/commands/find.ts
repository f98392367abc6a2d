import { asJson, type QueryOf, type Schemas } from "../../../client/index.ts";
import { table } from "../../output.ts";
import { type ApiClient, ok } from "../api.ts";
import { type ClientCommand, LIST_OPTIONS, many, moreNote, pageWant, type RunContext } from "../context.ts";
import { statusColour } from "../render.ts";
import { humanTime } from "../time.ts";

const enc = encodeURIComponent;

/** A snippet as plain text: `<mark>` shown in colour (or as the bare words), entities decoded. */
function snippet(ctx: RunContext, html: string): string {
  const decode = (s: string) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&");
  return html
    .split(/(<mark>.*?<\/mark>)/)
    .map((part) => {
      const m = /^<mark>(.*)<\/mark>$/.exec(part);
      return m ? ctx.paint(decode(m[1]!), "yellow") : decode(part);
    })
    .join("");
}

/**
 * A bundle: JSON from the typed client with --json, else Markdown, which the service makes (Accept:
 * text/markdown) so that every surface shows the same text.
 */
async function bundleAnswer(
  ctx: RunContext,
  json: (api: ApiClient) => Promise<Schemas["Bundle"] | string>,
  markdown: { method: "GET" | "POST"; path: string; body?: unknown },
) {
  const api = ctx.api();
  if (ctx.json) return { json: asJson(await json(api)), text: "" };
  const answer = await api.call(markdown.method, markdown.path, {
    accept: "text/markdown",
    ...(markdown.body === undefined ? {} : { body: markdown.body }),
  });
  return { json: null, text: answer.text.trimEnd() };
}

export const FIND_COMMANDS: ClientCommand[] = [
  {
    name: "search",
    summary: "Search issues, decisions, notes and file names",
    positionals: ["words..."],
    options: { type: { type: "string", multiple: true }, ...LIST_OPTIONS },
    examples: [
      "docket search login timeout",
      'docket search "rate limit" --type issue,decision',
      "docket search 'deploy* -staging' --json",
    ],
    async run(ctx, v, words) {
      const want = pageWant(v);
      const api = ctx.api();
      const query = { q: words.join(" "), type: many(v, "type")?.join(",") } as QueryOf<"search">;
      const page = await api.list(v.limit === undefined && !want.all ? { ...want, limit: 20 } : want, (at) =>
        ok(api.v1.GET("/search", { params: { query: { ...query, ...at } } })),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      const rows = page.data;
      return {
        json: page,
        text: table(
          ["TYPE", "ID", "TITLE", "STATUS", "MATCH"],
          rows.map((r) => [
            r.type,
            r.identifier ?? r.id,
            r.title,
            r.status,
            snippet({ ...ctx, paint: (t) => t }, r.snippet),
          ]),
          {
            ...(ctx.term.width ? { width: ctx.term.width } : {}),
            shrink: [2, 4],
            fill: 2,
            paint: (t, row, col) =>
              row < 0
                ? ctx.paint(t, "bold")
                : col === 3 && rows[row]!.status
                  ? ctx.paint(t, statusColour(rows[row]!.status!))
                  : t,
          },
        ),
        ...(note ? { note } : {}),
      };
    },
  },
  {
    name: "bundle show",
    summary: "An issue's execution bundle (live), or a kept snapshot by id: Markdown, or JSON with --json",
    args: "<ID | bnd_id>",
    positionals: ["ref"],
    options: {},
    examples: [
      "docket bundle ENG-42",
      "docket bundle ENG-42 --json",
      "docket bundle show bnd_01JD4Q5M0V6S8Y2T7K3N9W1XBC > context.md",
    ],
    async run(ctx, _v, [ref]) {
      return bundleAnswer(ctx, (api) => ok(api.v1.GET("/bundles/{id}", { params: { path: { id: ref! } } })), {
        method: "GET",
        path: `/bundles/${enc(ref!)}`,
      });
    },
  },
  {
    name: "bundle preview",
    summary: "Compute an issue's bundle without keeping it",
    positionals: ["id"],
    options: {},
    examples: ["docket bundle preview ENG-42"],
    async run(ctx, _v, [id]) {
      return bundleAnswer(ctx, (api) => ok(api.v1.POST("/bundles/preview", { body: { issue: id! } })), {
        method: "POST",
        path: "/bundles/preview",
        body: { issue: id },
      });
    },
  },
  {
    name: "bundle create",
    summary: "Keep a snapshot of an issue's bundle; it never changes",
    positionals: ["id"],
    options: {},
    examples: ["docket bundle create ENG-42", "docket bundle create ENG-42 --json | jq -r .id"],
    async run(ctx, _v, [id]) {
      return bundleAnswer(ctx, (api) => ok(api.v1.POST("/bundles", { body: { issue: id! } })), {
        method: "POST",
        path: "/bundles",
        body: { issue: id },
      });
    },
  },
  {
    name: "bundle list",
    summary: "The snapshots kept of an issue, newest first",
    positionals: ["id"],
    options: { ...LIST_OPTIONS },
    examples: ["docket bundle list ENG-42"],
    async run(ctx, v, [id]) {
      const api = ctx.api();
      const page = await api.list(pageWant(v), (at) =>
        ok(api.v1.GET("/bundles", { params: { query: { issue: id!, ...at } } })),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      return {
        json: page,
        text: table(
          ["ID", "ISSUE", "CREATED", "BY"],
          page.data.map((b) => [
            b.id,
            b.issue,
            humanTime(b.created_at, { precise: true }),
            `${b.created_by.person_id} via ${b.created_by.via}`,
          ]),
        ),
        ...(note ? { note } : {}),
      };
    },
  },
];
