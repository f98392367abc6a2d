import type { BodyOf, Schemas } from "../../../client/index.ts";
import { table, UsageError } from "../../output.ts";
import { ok } from "../api.ts";
import { type ClientCommand, defined, LIST_OPTIONS, moreNote, pageWant } from "../context.ts";
import { fields } from "../render.ts";
import { humanTime } from "../time.ts";

type Label = Schemas["Label"];
type TrashItem = Schemas["TrashItem"];

function labelText(l: Label, paint: Parameters<typeof fields>[1]): string {
  return fields(
    [
      ["Label", l.name],
      ["ID", l.id],
      ["Colour", l.color],
      ["Description", l.description || null],
      ["Issues", String(l.issue_count)],
    ],
    paint,
  );
}

/** A label by its id (lab_…) or its name (any case): names are looked up in the workspace's labels. */
async function labelId(ctx: Parameters<ClientCommand["run"]>[0], ref: string): Promise<string> {
  if (/^lab_[0-9A-Z]{26}$/.test(ref)) return ref;
  const api = ctx.api();
  const found = await ok(api.v1.GET("/labels", { params: { query: { q: ref, limit: 100 } } }));
  const hit = found.data.find((l) => l.name.toLowerCase() === ref.trim().toLowerCase());
  if (!hit) throw new UsageError(`no label named "${ref}" (docket labels list shows them)`);
  return hit.id;
}

const EDIT_OPTIONS = {
  name: { type: "string" },
  color: { type: "string" },
  description: { type: "string" },
} as const;

export const LABEL_COMMANDS: ClientCommand[] = [
  {
    name: "labels list",
    summary: "The workspace's labels by name, with their colours and how many issues carry each",
    options: { q: { type: "string" }, ...LIST_OPTIONS },
    examples: ["docket labels list", "docket labels list --q design"],
    async run(ctx, v) {
      const api = ctx.api();
      const q = typeof v.q === "string" ? v.q : undefined;
      const page = await api.list(pageWant(v), (at) =>
        ok(api.v1.GET("/labels", { params: { query: defined({ ...at, q }) } })),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      return {
        json: page,
        text: table(
          ["NAME", "COLOUR", "ISSUES", "DESCRIPTION"],
          page.data.map((l) => [l.name, l.color, String(l.issue_count), l.description]),
          { ...(ctx.term.width ? { width: ctx.term.width } : {}), shrink: [3] },
        ),
        ...(note ? { note } : {}),
      };
    },
  },
  {
    name: "labels create",
    summary: "Create a label (a colour from the palette unless --color #rrggbb)",
    positionals: ["name"],
    options: { color: { type: "string" }, description: { type: "string" } },
    examples: ['docket labels create "needs design" --color "#bb87fc" --description "Waiting on a design"'],
    async run(ctx, v, [name]) {
      const body = defined({
        name,
        color: v.color as string | undefined,
        description: v.description as string | undefined,
      });
      const l = await ok(ctx.api().v1.POST("/labels", { body: body as BodyOf<"createLabel"> }));
      return { json: l, text: labelText(l, ctx.paint) };
    },
  },
  {
    name: "labels update",
    summary: "Rename, recolour or describe a label; a rename to another label's name merges the two",
    positionals: ["label"],
    options: EDIT_OPTIONS,
    examples: ["docket labels update bug --color '#eb5757'", "docket labels update defect --name bug"],
    async run(ctx, v, [ref]) {
      const body = defined({
        name: v.name as string | undefined,
        color: v.color as string | undefined,
        description: v.description as string | undefined,
      });
      if (Object.keys(body).length === 0)
        throw new UsageError("nothing to change: give --name, --color or --description");
      const id = await labelId(ctx, ref!);
      const l = await ok(
        ctx.api().v1.PATCH("/labels/{id}", { params: { path: { id } }, body: body as BodyOf<"updateLabel"> }),
      );
      const merged = l.id !== id ? `Merged into ${l.name}.\n` : "";
      return { json: l, text: merged + labelText(l, ctx.paint) };
    },
  },
  {
    name: "labels delete",
    summary: "Delete a label and take it off every issue",
    positionals: ["label"],
    options: {},
    examples: ["docket labels delete wontfix"],
    async run(ctx, _v, [ref]) {
      const id = await labelId(ctx, ref!);
      const r = await ok(ctx.api().v1.DELETE("/labels/{id}", { params: { path: { id } } }));
      const n = r.issues_changed;
      return { json: r, text: `Deleted ${ref}; taken off ${n} issue${n === 1 ? "" : "s"}.` };
    },
  },
  {
    name: "trash list",
    summary: "What is in the workspace's trash and when each is purged",
    options: { type: { type: "string" }, ...LIST_OPTIONS },
    examples: ["docket trash list", "docket trash list --type issue"],
    async run(ctx, v) {
      const api = ctx.api();
      const type = v.type as TrashItem["type"] | undefined;
      const page = await api.list(pageWant(v), (at) =>
        ok(api.v1.GET("/trash", { params: { query: defined({ ...at, type }) } })),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      return {
        json: page,
        text: table(
          ["TYPE", "REF", "TITLE", "DELETED", "PURGED"],
          page.data.map((x) => [
            x.type,
            x.ref,
            x.title,
            humanTime(x.deleted_at) ?? x.deleted_at,
            x.purge_at.slice(0, 10),
          ]),
          { ...(ctx.term.width ? { width: ctx.term.width } : {}), shrink: [2] },
        ),
        ...(note ? { note } : {}),
      };
    },
  },
  ...(["issue", "decision", "note", "folder", "cycle", "milestone"] as const).flatMap(
    (type): ClientCommand[] => {
      const group = `${type}s`;
      const path = `/${group}/{id}`;
      const example =
        type === "issue"
          ? "ENG-42"
          : `${{ decision: "dec", note: "note", folder: "fld", cycle: "cyc", milestone: "ms" }[type]}_01JD4Q5M0V6S8Y2T7K3N9W1XBC`;
      return [
        {
          name: `${group} delete`,
          summary: `Move a ${type} to the trash (restorable for 30 days)`,
          positionals: ["id"],
          options: {},
          examples: [`docket ${group} delete ${example}`],
          async run(ctx, _v, [id]) {
            const r = (await ok(
              ctx.api().v1.DELETE(path as "/issues/{id}", { params: { path: { id: id! } } }) as never,
            )) as TrashItem;
            return {
              json: r,
              text: `Moved ${type === "issue" ? r.ref : r.title} to the trash; purged ${r.purge_at.slice(0, 10)}. Undo: docket ${group} restore ${r.ref}`,
            };
          },
        },
        {
          name: `${group} restore`,
          summary: `Restore a ${type} from the trash`,
          positionals: ["id"],
          options: {},
          examples: [`docket ${group} restore ${example}`],
          async run(ctx, _v, [id]) {
            const r = (await ok(
              ctx.api().v1.POST(`${path}/restore` as "/issues/{id}/restore", {
                params: { path: { id: id! } },
              }) as never,
            )) as TrashItem;
            return { json: r, text: `Restored ${type === "issue" ? `${r.ref} ${r.title}` : r.title}.` };
          },
        },
      ];
    },
  ),
];
