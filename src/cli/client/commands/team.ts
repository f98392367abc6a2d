import type { Schemas } from "../../../client/index.ts";
import { table, UsageError } from "../../output.ts";
import { ok } from "../api.ts";
import { type ClientCommand, LIST_OPTIONS, moreNote, pageWant } from "../context.ts";
import { fields } from "../render.ts";

type InvitationView = Schemas["Invitation"];

function invitationText(
  i: InvitationView & { url?: string; emailed?: boolean },
  paint: Parameters<typeof fields>[1],
): string {
  return fields(
    [
      ["Invitation", i.id],
      ["Email", i.email],
      ["Role", i.role],
      ["Status", i.status],
      ["Invited by", i.invited_by.name],
      ["Expires", i.expires_at],
      ...(i.url
        ? ([
            [
              "Link",
              `${i.url}  (${i.emailed ? "mailed; " : "not mailed (the service has no SMTP): pass it on; "}shown only now)`,
            ],
          ] as [string, string][])
        : []),
    ],
    paint,
  );
}

export const TEAM_COMMANDS: ClientCommand[] = [
  {
    name: "invitations create",
    summary: "Invite someone by email (admins); prints the link once",
    positionals: ["email"],
    options: { role: { type: "string" } },
    examples: [
      "docket invitations create grace@example.com",
      "docket invitations create lin@example.com --role admin",
    ],
    async run(ctx, v, [email]) {
      if (!email) throw new UsageError("give the address to invite: docket invitations create <email>");
      const role = (v.role as string | undefined) ?? "member";
      if (role !== "admin" && role !== "member") throw new UsageError('--role must be "admin" or "member"');
      const i = await ok(ctx.api().v1.POST("/invitations", { body: { email, role } }));
      return { json: i, text: invitationText(i, ctx.paint) };
    },
  },
  {
    name: "invitations list",
    summary: "The workspace's pending invitations, newest first (admins)",
    options: { ...LIST_OPTIONS },
    examples: ["docket invitations list"],
    async run(ctx, v) {
      const api = ctx.api();
      const page = await api.list(pageWant(v), (at) =>
        ok(api.v1.GET("/invitations", { params: { query: at } })),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      return {
        json: page,
        text: page.data.length
          ? table(
              ["ID", "EMAIL", "ROLE", "INVITED BY", "EXPIRES"],
              page.data.map((i) => [i.id, i.email, i.role, i.invited_by.name, i.expires_at.slice(0, 16)]),
              { ...(ctx.term.width ? { width: ctx.term.width } : {}), shrink: [1] },
            )
          : "No pending invitations.",
        ...(note ? { note } : {}),
      };
    },
  },
  {
    name: "invitations revoke",
    summary: "Revoke an invitation: its link stops working",
    positionals: ["id"],
    options: {},
    examples: ["docket invitations revoke inv_01JD4Q5M0V6S8Y2T7K3N9W1XBC"],
    async run(ctx, _v, [id]) {
      if (!id) throw new UsageError("give the invitation's id: docket invitations revoke <inv_…>");
      const i = await ok(ctx.api().v1.DELETE("/invitations/{id}", { params: { path: { id } } }));
      return { json: i, text: `Revoked the invitation of ${i.email}; its link no longer works.` };
    },
  },
];
