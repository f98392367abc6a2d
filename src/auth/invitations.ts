import { randomBytes } from "node:crypto";
import { z } from "zod";
import { iso } from "../clock.ts";
import type { Core } from "../core.ts";
import type { Person } from "../db/schema.ts";
import { isUniqueViolation } from "../db/store.ts";
import { DocketError, notFound, rateLimited } from "../errors.ts";
import { hashSecret, newId } from "../secrets.ts";
import { type Page, pageQuery, paginate } from "../tracker/pagination.ts";
import { email, parse } from "../validate.ts";
import { requireAdmin, type TeamActor } from "./team-access.ts";

/**
 * Invitations to a workspace by email. An admin (or the Owner) invites an address with a role; the link
 * mailed to it carries a token (kept only as its SHA-256) that works once, for 7 days, for the person
 * signed in with that email. Revoking ends it. Agents never invite.
 */

export const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;
/** Invitations one workspace may send in an hour (each is a mail). */
export const INVITATIONS_PER_WORKSPACE_PER_HOUR = 50;
const HOUR_MS = 3_600_000;
const TOKEN_PREFIX = "docket_inv_";

export const INVITATION_ROLES = ["admin", "member"] as const;

export const createInvitationInput = z.strictObject({
  email: email.describe("The address to invite; the person signs in (or up) with it to accept."),
  role: z
    .enum(INVITATION_ROLES, { error: 'must be "admin" or "member" (a workspace has one Owner)' })
    .default("member")
    .describe("The role the person gets on accepting: admin or member (the default)."),
});

export const invitationParams = z.strictObject({
  id: z.string().min(1).max(64).describe("The invitation's id (inv_…)."),
});

export const listInvitationsQuery = z.strictObject({ ...pageQuery });

export const invitationView = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(INVITATION_ROLES),
    status: z
      .enum(["pending", "accepted", "revoked", "expired"])
      .describe("pending until accepted, revoked or past `expires_at`."),
    invited_by: z.object({ id: z.string(), name: z.string() }),
    expires_at: z.iso.datetime(),
    accepted_at: z.iso.datetime().nullable(),
    revoked_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "Invitation" });
export type InvitationView = z.output<typeof invitationView>;

export const createdInvitationView = invitationView
  .extend({
    url: z
      .string()
      .describe(
        "The invitation's link, as mailed: shown once here so it can also be passed on by hand. It works once, for the invited email, until `expires_at`.",
      ),
  })
  .meta({ id: "CreatedInvitation" });

interface InvitationRow {
  id: string;
  workspace_id: string;
  email: string;
  role: "admin" | "member";
  invited_by: string;
  inviter_name: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
  created_at: string;
}

function statusOf(core: Core, r: Pick<InvitationRow, "accepted_at" | "revoked_at" | "expires_at">) {
  if (r.accepted_at) return "accepted" as const;
  if (r.revoked_at) return "revoked" as const;
  if (new Date(r.expires_at) <= core.clock.now()) return "expired" as const;
  return "pending" as const;
}

function view(core: Core, r: InvitationRow): InvitationView {
  return {
    id: r.id,
    email: r.email,
    role: r.role,
    status: statusOf(core, r),
    invited_by: { id: r.invited_by, name: r.inviter_name },
    expires_at: new Date(r.expires_at).toISOString(),
    accepted_at: r.accepted_at ? new Date(r.accepted_at).toISOString() : null,
    revoked_at: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
    created_at: new Date(r.created_at).toISOString(),
  };
}

const rows = (core: Core) =>
  core.db
    .selectFrom("invitations as i")
    .innerJoin("people as p", "p.id", "i.invited_by")
    .select([
      "i.id",
      "i.workspace_id",
      "i.email",
      "i.role",
      "i.invited_by",
      "p.name as inviter_name",
      "i.expires_at",
      "i.accepted_at",
      "i.revoked_at",
      "i.created_at",
    ]);

/** The link an invitation's mail carries (the token in the query, which request logs redact). */
export function invitationUrl(core: Core, token: string): string {
  return new URL(`/invite?token=${encodeURIComponent(token)}`, core.config.baseUrl).toString();
}

/** What the mail needs: who invites to what, the link, and until when. */
export interface InvitationMail {
  to: string;
  workspaceName: string;
  inviterName: string;
  role: "admin" | "member";
  url: string;
  expiresAt: string;
}

/**
 * Invites `email` to the actor's workspace with a role: admins and the Owner only, as themselves (403
 * `forbidden` for members and every agent connection); 409 `already_member` when the address belongs to
 * a member. A pending invitation to the same address is replaced (its link stops working), so inviting
 * again is how a lost mail is re-sent. At most 50 an hour per workspace (429).
 */
export async function createInvitation(
  core: Core,
  actor: TeamActor,
  input: z.input<typeof createInvitationInput>,
): Promise<{ invitation: InvitationView & { url: string }; mail: InvitationMail }> {
  const data = parse(createInvitationInput, input);
  await requireAdmin(core, actor, "invite people");
  const member = await core.db
    .selectFrom("memberships as m")
    .innerJoin("people as p", "p.id", "m.person_id")
    .select(["m.role"])
    .where("m.workspace_id", "=", actor.workspaceId)
    .where("p.email", "=", data.email)
    .executeTakeFirst();
  if (member) {
    throw new DocketError(
      409,
      "already_member",
      `${data.email} is already a member of this workspace (role ${member.role}).`,
    );
  }
  const limit = await core.limiter.hit(
    `invitations:workspace:${actor.workspaceId}`,
    INVITATIONS_PER_WORKSPACE_PER_HOUR,
    HOUR_MS,
  );
  if (!limit.allowed) {
    const seconds = Math.max(1, Math.ceil(limit.resetMs / 1000));
    throw rateLimited(
      seconds,
      `A workspace may send ${INVITATIONS_PER_WORKSPACE_PER_HOUR} invitations an hour; try again in ${Math.ceil(seconds / 60)} minutes.`,
    );
  }
  const now = core.clock.now();
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  const id = newId("inv", now);
  await core.db.transaction().execute(async (tx) => {
    await tx
      .updateTable("invitations")
      .set({ revoked_at: now.toISOString() })
      .where("workspace_id", "=", actor.workspaceId)
      .where("email", "=", data.email)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .execute();
    await tx
      .insertInto("invitations")
      .values({
        id,
        workspace_id: actor.workspaceId,
        email: data.email,
        role: data.role,
        token_hash: hashSecret(token),
        invited_by: actor.personId,
        expires_at: new Date(now.getTime() + INVITATION_DAYS * DAY_MS).toISOString(),
        accepted_at: null,
        accepted_by: null,
        revoked_at: null,
        created_at: now.toISOString(),
      })
      .execute();
  });
  const invitation = view(core, await rows(core).where("i.id", "=", id).executeTakeFirstOrThrow());
  const workspace = await core.db
    .selectFrom("workspaces")
    .select("name")
    .where("id", "=", actor.workspaceId)
    .executeTakeFirstOrThrow();
  const url = invitationUrl(core, token);
  return {
    invitation: { ...invitation, url },
    mail: {
      to: data.email,
      workspaceName: workspace.name,
      inviterName: invitation.invited_by.name,
      role: data.role,
      url,
      expiresAt: invitation.expires_at,
    },
  };
}

/** The workspace's pending invitations, newest first, a page at a time: admins only. */
export async function listInvitations(
  core: Core,
  actor: TeamActor,
  input: z.output<typeof listInvitationsQuery>,
): Promise<Page<InvitationView>> {
  await requireAdmin(core, actor, "see invitations");
  const query = rows(core)
    .where("i.workspace_id", "=", actor.workspaceId)
    .where("i.accepted_at", "is", null)
    .where("i.revoked_at", "is", null)
    .where("i.expires_at", ">", iso(core.clock));
  const page = await paginate(
    query,
    "invitations",
    [
      { column: "i.created_at", direction: "desc" },
      { column: "i.id", direction: "desc" },
    ],
    input,
  );
  return { data: page.data.map((r) => view(core, r)), next_cursor: page.next_cursor };
}

/**
 * Revokes an invitation of the actor's workspace (admins only): its link stops working. Another
 * workspace's invitation is 404, as a missing one; one already accepted is 409; revoking one already
 * revoked changes nothing.
 */
export async function revokeInvitation(core: Core, actor: TeamActor, id: string): Promise<InvitationView> {
  await requireAdmin(core, actor, "revoke invitations");
  const row = await rows(core)
    .where("i.id", "=", id)
    .where("i.workspace_id", "=", actor.workspaceId)
    .executeTakeFirst();
  if (!row) throw notFound(`No invitation ${id} in this workspace.`);
  if (row.accepted_at) {
    throw new DocketError(
      409,
      "conflict",
      `${row.email} already accepted this invitation; remove the member instead.`,
    );
  }
  if (row.revoked_at) return view(core, row);
  const at = iso(core.clock);
  await core.db
    .updateTable("invitations")
    .set({ revoked_at: at })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .execute();
  return view(core, { ...row, revoked_at: at });
}

/** Why an invitation link does not work, in words a person reads on the page. */
export const INVITATION_REFUSALS = {
  unknown: "This invitation link is not valid. Ask for a new invitation.",
  accepted: "This invitation has already been used. Ask for a new one if you need it.",
  revoked: "This invitation was withdrawn. Ask the person who invited you for a new one.",
  expired: `This invitation has expired (they last ${INVITATION_DAYS} days). Ask for a new one.`,
} as const;
export type InvitationRefusal = keyof typeof INVITATION_REFUSALS;

export interface OpenInvitation {
  id: string;
  email: string;
  role: "admin" | "member";
  workspace: { id: string; slug: string; name: string };
  inviterName: string;
  expiresAt: string;
}

/** The invitation a link's token names, or why it does not work. */
export async function lookUpInvitation(
  core: Core,
  token: string,
): Promise<{ ok: true; invitation: OpenInvitation } | { ok: false; reason: InvitationRefusal }> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return { ok: false, reason: "unknown" };
  const row = await core.db
    .selectFrom("invitations as i")
    .innerJoin("workspaces as w", "w.id", "i.workspace_id")
    .innerJoin("people as p", "p.id", "i.invited_by")
    .select([
      "i.id",
      "i.email",
      "i.role",
      "i.expires_at",
      "i.accepted_at",
      "i.revoked_at",
      "w.id as workspace_id",
      "w.slug",
      "w.name",
      "p.name as inviter_name",
    ])
    .where("i.token_hash", "=", hashSecret(token))
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "unknown" };
  const status = statusOf(core, row);
  if (status !== "pending") return { ok: false, reason: status };
  return {
    ok: true,
    invitation: {
      id: row.id,
      email: row.email,
      role: row.role,
      workspace: { id: row.workspace_id, slug: row.slug, name: row.name },
      inviterName: row.inviter_name,
      expiresAt: new Date(row.expires_at).toISOString(),
    },
  };
}

/** An address shown to someone who may not be its owner: `a***@e***.com`. */
export function maskEmail(address: string): string {
  const [local = "", domain = ""] = address.split("@");
  const dot = domain.lastIndexOf(".");
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${tld}`;
}

/**
 * Accepts an invitation for the signed-in `person`: the token must name a pending invitation (one use,
 * not revoked, not expired) to the person's own verified email (else 403 `wrong_account`). In one
 * transaction the invitation is marked used and the membership made with its role; a person who is
 * already a member keeps their role (409 `already_member`; nothing changes).
 */
export async function acceptInvitation(
  core: Core,
  token: string,
  person: Pick<Person, "id" | "email" | "email_verified_at">,
): Promise<{ workspace: { id: string; slug: string; name: string }; role: "admin" | "member" }> {
  const found = await lookUpInvitation(core, token);
  if (!found.ok) throw new DocketError(410, `invitation_${found.reason}`, INVITATION_REFUSALS[found.reason]);
  const inv = found.invitation;
  if (inv.email !== person.email.toLowerCase() || !person.email_verified_at) {
    throw new DocketError(
      403,
      "wrong_account",
      `This invitation is for ${maskEmail(inv.email)}; you are signed in as ${person.email}. Sign out and sign in with the invited address.`,
    );
  }
  const now = iso(core.clock);
  try {
    await core.db.transaction().execute(async (tx) => {
      const used = await tx
        .updateTable("invitations")
        .set({ accepted_at: now, accepted_by: person.id })
        .where("id", "=", inv.id)
        .where("accepted_at", "is", null)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) {
        throw new DocketError(410, "invitation_accepted", INVITATION_REFUSALS.accepted);
      }
      const existing = await tx
        .selectFrom("memberships")
        .select("role")
        .where("workspace_id", "=", inv.workspace.id)
        .where("person_id", "=", person.id)
        .executeTakeFirst();
      if (existing) {
        throw new DocketError(
          409,
          "already_member",
          `You are already a member of ${inv.workspace.name} (role ${existing.role}).`,
        );
      }
      await tx
        .insertInto("memberships")
        .values({ workspace_id: inv.workspace.id, person_id: person.id, role: inv.role, created_at: now })
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DocketError(409, "already_member", `You are already a member of ${inv.workspace.name}.`);
    }
    throw error;
  }
  return { workspace: inv.workspace, role: inv.role };
}
