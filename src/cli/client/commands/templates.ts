import type { Schemas } from "../../../client/index.ts";
import { table, UsageError } from "../../output.ts";
import { ok } from "../api.ts";
import { type ClientCommand, LIST_OPTIONS, moreNote, pageWant, type RunContext } from "../context.ts";

export type IssueTemplate = Schemas["IssueTemplate"];

/** Every template of one space, or of every space of the workspace (by prefix, then by name). */
async function templatesOf(ctx: RunContext, space: string | undefined): Promise<IssueTemplate[]> {
  const api = ctx.api();
  const prefixes = space
    ? [space]
    : (
        await api.list({ all: true, limit: 100 }, (at) =>
          ok(api.v1.GET("/spaces", { params: { query: at } })),
        )
      ).data.map((s) => s.prefix);
  const out: IssueTemplate[] = [];
  for (const prefix of prefixes) {
    const page = await api.list({ all: true, limit: 100 }, (at) =>
      ok(api.v1.GET("/spaces/{prefix}/templates", { params: { path: { prefix }, query: at } })),
    );
    out.push(...page.data);
  }
  return out;
}

/**
 * The template a name (any case) or id names, in `space` when given, else in whichever space has it; a
 * name two spaces have needs --space.
 */
export async function findTemplate(
  ctx: RunContext,
  ref: string,
  space: string | undefined,
): Promise<IssueTemplate> {
  const all = await templatesOf(ctx, space);
  const want = ref.trim().toLowerCase();
  const hits = all.filter((t) => t.id === ref.trim() || t.name.toLowerCase() === want);
  if (hits.length === 1) return hits[0]!;
  if (hits.length > 1)
    throw new UsageError(
      `spaces ${hits.map((t) => t.space).join(" and ")} each have a template named "${ref}": add --space`,
    );
  const names = [...new Set(all.map((t) => t.name))];
  throw new UsageError(
    `no template named "${ref}"${space ? ` in space ${space.toUpperCase()}` : ""}${names.length ? ` (there are: ${names.join(", ")})` : " (docket templates list shows them; admins make them in the web app's space settings)"}`,
  );
}

export const TEMPLATE_COMMANDS: ClientCommand[] = [
  {
    name: "templates list",
    summary: "The new-issue templates of a space (or of every space), by name",
    options: { space: { type: "string" }, ...LIST_OPTIONS },
    examples: [
      "docket templates list",
      "docket templates list --space ENG",
      'docket issues create --template "Bug report" --title "Login fails"',
    ],
    async run(ctx, v) {
      const space = typeof v.space === "string" ? v.space : undefined;
      const want = pageWant(v);
      let data: IssueTemplate[];
      let next: string | null = null;
      if (space) {
        const api = ctx.api();
        const page = await api.list(want, (at) =>
          ok(api.v1.GET("/spaces/{prefix}/templates", { params: { path: { prefix: space }, query: at } })),
        );
        data = page.data;
        next = page.next_cursor;
      } else {
        data = await templatesOf(ctx, undefined);
      }
      const note = moreNote(next, data.length);
      return {
        json: { data, next_cursor: next },
        text: data.length
          ? table(
              ["SPACE", "NAME", "TITLE", "PRIORITY", "LABELS", "ESTIMATE"],
              data.map((t) => [
                t.space,
                t.name,
                t.title || null,
                t.priority,
                t.labels.join(",") || null,
                t.estimate === null ? null : String(t.estimate),
              ]),
              { ...(ctx.term.width ? { width: ctx.term.width } : {}), shrink: [2, 4], fill: 2 },
            )
          : `No templates${space ? ` in space ${space.toUpperCase()}` : ""} yet; workspace admins make them in the web app (Settings → Spaces).`,
        ...(note ? { note } : {}),
      };
    },
  },
];
