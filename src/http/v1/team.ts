import type { FastifyRequest } from "fastify";
import { z } from "zod";
import {
  createdInvitationView,
  createInvitation,
  createInvitationInput,
  invitationParams,
  invitationView,
  listInvitations,
  listInvitationsQuery,
  revokeInvitation,
} from "../../auth/invitations.ts";
import {
  changeMemberRole,
  getWorkspaceSettings,
  memberParams,
  removeMemberById,
  transferOwnership,
  transferOwnershipInput,
  updateMemberInput,
  updateProfile,
  updateProfileInput,
  updateWorkspaceInput,
  updateWorkspaceSettings,
  workspaceSettingsView,
} from "../../auth/team.ts";
import { forbidden, type TeamActor } from "../../auth/team-access.ts";
import { deliverInvitation } from "../../auth/web/mail.ts";
import { op } from "./route.ts";

/** Who manages the team in this request: the person, in the request's workspace, and whether an agent. */
function teamActor(request: FastifyRequest): TeamActor {
  const p = request.principal!;
  return { workspaceId: p.workspaceId, personId: p.personId, isAgent: p.kind === "connection" };
}

const teamMemberView = z
  .object({
    person_id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(["owner", "admin", "member"]),
    joined_at: z.iso.datetime(),
  })
  .meta({ id: "TeamMember" });

op({
  method: "POST",
  path: "/invitations",
  operationId: "createInvitation",
  tag: "Workspace",
  summary: "Invite someone by email",
  description:
    "Invites an email address to the workspace with a role (`admin` or `member`, the default). The address gets a mail with a link (without SMTP on the service, the link goes to the server log, as sign-in codes do); opening it, the person signs in or up with that address and joins. The link works once, for 7 days, and stops working when revoked; it is in the answer too (`url`), once, to pass on by hand. Inviting an address with a pending invitation replaces it (the earlier link stops working). Only the Owner and admins, as themselves: 403 `forbidden` for members and every agent connection. 409 `already_member` when the address is a member's; at most 50 invitations an hour per workspace (429).",
  scope: "workspace.write",
  body: createInvitationInput,
  status: 201,
  secretAnswer: true,
  response: createdInvitationView.extend({
    emailed: z.boolean().describe("true when the mail went out over SMTP; false when it went to the log."),
  }),
  handler: async ({ ctx, request, body }) => {
    const { invitation, mail } = await createInvitation(ctx.core, teamActor(request), body);
    let emailed = false;
    try {
      emailed = await deliverInvitation(ctx.core.config, request.log, mail);
    } catch (err) {
      // The invitation stands (its link is in the answer); only the mail failed.
      request.log.error({ err, invitation: invitation.id }, "an invitation's mail could not be sent");
    }
    return { ...invitation, emailed };
  },
});

op({
  method: "GET",
  path: "/invitations",
  operationId: "listInvitations",
  tag: "Workspace",
  summary: "The workspace's pending invitations, newest first",
  description:
    "Invitations neither accepted, revoked nor expired, newest first, a page at a time (their links are never shown again). Only the Owner and admins, as themselves: 403 `forbidden` otherwise.",
  scope: "workspace.read",
  query: listInvitationsQuery,
  response: z.object({ data: z.array(invitationView), next_cursor: z.string().nullable() }),
  handler: async ({ ctx, request, query }) => listInvitations(ctx.core, teamActor(request), query),
});

op({
  method: "DELETE",
  path: "/invitations/:id",
  operationId: "revokeInvitation",
  tag: "Workspace",
  summary: "Revoke an invitation",
  description:
    "Its link stops working at once. Another workspace's invitation is 404, as a missing one; an accepted one is 409 (remove the member instead); revoking one already revoked changes nothing. Only the Owner and admins, as themselves.",
  scope: "workspace.write",
  params: invitationParams,
  response: invitationView,
  handler: async ({ ctx, request, params }) => revokeInvitation(ctx.core, teamActor(request), params.id),
});

op({
  method: "PATCH",
  path: "/members/:id",
  operationId: "updateMember",
  tag: "Workspace",
  summary: "Change a member's role",
  description:
    "Makes a member an `admin` or a `member`. Only the Owner and admins, as themselves (403 `forbidden` otherwise, and for every agent connection). The Owner's role is changed only by transferring ownership (409). A person not in the workspace is 404.",
  scope: "workspace.write",
  params: memberParams,
  body: updateMemberInput,
  response: teamMemberView,
  handler: async ({ ctx, request, params, body }) =>
    changeMemberRole(ctx.core, teamActor(request), params.id, body),
});

op({
  method: "DELETE",
  path: "/members/:id",
  operationId: "removeMember",
  tag: "Workspace",
  summary: "Remove a member (or leave)",
  description:
    "Removes the person from the workspace, at once and in one transaction: their personal access tokens for it are revoked (they stay revoked if the person comes back), their agent and app connections to it end (open event streams close) and the webhooks they made there are disabled. Only the Owner and admins may remove others; any member may remove themselves (leave). The Owner cannot be removed (409; transfer ownership first). Agents may not (403).",
  scope: "workspace.write",
  params: memberParams,
  response: teamMemberView,
  handler: async ({ ctx, request, params }) => removeMemberById(ctx.core, teamActor(request), params.id),
});

op({
  method: "POST",
  path: "/workspace/transfer",
  operationId: "transferOwnership",
  tag: "Workspace",
  summary: "Make another member the Owner",
  description:
    "The Owner only, as themselves (403 otherwise): the member named becomes the Owner and the former Owner an admin, in one transaction. Naming yourself is 409; a person not in the workspace is 404.",
  scope: "workspace.write",
  body: transferOwnershipInput,
  response: z.object({ owner: teamMemberView, previous_owner: teamMemberView }),
  handler: async ({ ctx, request, body }) => transferOwnership(ctx.core, teamActor(request), body),
});

op({
  method: "GET",
  path: "/workspace/settings",
  operationId: "getWorkspaceSettings",
  tag: "Workspace",
  summary: "The workspace's name, Owner and self-join domains",
  description:
    "Its id, name, slug, its Owner's person id and `allowed_domains`: the email domains whose people may join by themselves (from the web app's join page, signed in with a verified address there).",
  scope: "workspace.read",
  response: workspaceSettingsView,
  handler: async ({ ctx }) => getWorkspaceSettings(ctx.core, ctx.workspaceId),
});

op({
  method: "PATCH",
  path: "/workspace",
  operationId: "updateWorkspace",
  tag: "Workspace",
  summary: "Rename the workspace or set its self-join domains",
  description:
    "`name`, and `allowed_domains`: up to 20 email domains (`example.com`; public mail providers such as gmail.com are refused) whose people may join as members by themselves once signed in with a verified address there; [] turns self-join off. Only the Owner and admins, as themselves (403 otherwise). Answers the settings as `GET /v1/workspace/settings` does.",
  scope: "workspace.write",
  body: updateWorkspaceInput,
  response: workspaceSettingsView,
  handler: async ({ ctx, request, body }) => updateWorkspaceSettings(ctx.core, teamActor(request), body),
});

op({
  method: "PATCH",
  path: "/me",
  operationId: "updateMe",
  tag: "Workspace",
  summary: "Change your own name",
  description:
    "Your name as others see it (1 to 100 characters), with a session or your own personal access token; an agent connection may not change its person's profile (403). Answers the person. Inbox mail preferences are `PATCH /v1/inbox/settings`.",
  scope: "workspace.write",
  body: updateProfileInput,
  response: z.object({ id: z.string(), email: z.string(), name: z.string() }).meta({ id: "Profile" }),
  handler: async ({ ctx, request, body }) => {
    if (request.principal!.kind === "connection") {
      throw forbidden("An agent connection may not change its person's profile.");
    }
    return updateProfile(ctx.core, ctx.actor.personId, body);
  },
});
