import { sql } from "kysely";
import { z } from "zod";
import { iso } from "../clock.ts";
import type { Core } from "../core.ts";
import type { Person } from "../db/schema.ts";
import { isUniqueViolation } from "../db/store.ts";
import { conflict, DocketError, invalid, notFound } from "../errors.ts";
import { displayName, parse, slugify } from "../validate.ts";
import { forbidden, requireAdmin, type TeamActor } from "./team-access.ts";
import { prefixFrom } from "./web/claims.ts";
import { createWorkspaceWithin, identityChanged, removeMember } from "./workspaces.ts";

/**
 * Running the team from the app: roles, removal, ownership, the email domains whose people may join by
 * themselves, and a person's own name. Every change here is made by a person as themselves (never an
 * agent connection).
 */

export const memberParams = z.strictObject({
  id: z.string().min(1).max(64).describe("The member's person id (usr_…)."),
});

export const updateMemberInput = z.strictObject({
  role: z
    .enum(["admin", "member"], {
      error: 'must be "admin" or "member" (the Owner changes only by transferring ownership)',
    })
    .describe("admin or member."),
});

export const transferOwnershipInput = z.strictObject({
  person_id: z.string().min(1).max(64).describe("The member (usr_…) who becomes the Owner."),
});

export interface TeamMemberView {
  person_id: string;
  name: string;
  email: string;
  role: "owner" | "admin" | "member";
  joined_at: string;
}

async function memberOf(core: Core, workspaceId: string, personId: string): Promise<TeamMemberView> {
  const row = await core.db
    .selectFrom("memberships as m")
    .innerJoin("people as p", "p.id", "m.person_id")
    .select(["p.id", "p.name", "p.email", "m.role", "m.created_at"])
    .where("m.workspace_id", "=", workspaceId)
    .where("m.person_id", "=", personId)
    .executeTakeFirst();
  if (!row) throw notFound(`${personId} is not a member of this workspace.`);
  return {
    person_id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    joined_at: new Date(row.created_at).toISOString(),
  };
}

/** Changes a member's role (admin or member): admins only; the Owner's role changes only by a transfer. */
export async function changeMemberRole(
  core: Core,
  actor: TeamActor,
  personId: string,
  input: z.input<typeof updateMemberInput>,
): Promise<TeamMemberView> {
  const data = parse(updateMemberInput, input);
  await requireAdmin(core, actor, "change members' roles");
  const member = await memberOf(core, actor.workspaceId, personId);
  if (member.role === "owner") {
    throw conflict(
      "The Owner's role cannot be changed; the Owner transfers ownership (POST /v1/workspace/transfer).",
    );
  }
  await core.db
    .updateTable("memberships")
    .set({ role: data.role })
    .where("workspace_id", "=", actor.workspaceId)
    .where("person_id", "=", personId)
    .execute();
  return { ...member, role: data.role };
}

/**
 * Removes a member (admins; any member may remove themselves, i.e. leave): their tokens for the
 * workspace are revoked, their agent connections to it end and the webhooks they made are disabled
 * (`removeMember`). The Owner cannot be removed (409).
 */
export async function removeMemberById(
  core: Core,
  actor: TeamActor,
  personId: string,
): Promise<TeamMemberView> {
  if (actor.isAgent)
    throw forbidden("Agents may not remove members; a workspace admin does it as themselves.");
  if (personId !== actor.personId) await requireAdmin(core, actor, "remove members");
  const member = await memberOf(core, actor.workspaceId, personId);
  if (member.role === "owner") {
    throw conflict("The Owner cannot be removed; the Owner transfers ownership first.");
  }
  await removeMember(core, actor.workspaceId, member.email);
  return member;
}

/**
 * Makes another member the Owner: the Owner only, as themselves. The former Owner becomes an admin; the
 * new Owner's earlier role is replaced. One transaction.
 */
export async function transferOwnership(
  core: Core,
  actor: TeamActor,
  input: z.input<typeof transferOwnershipInput>,
): Promise<{ owner: TeamMemberView; previous_owner: TeamMemberView }> {
  const data = parse(transferOwnershipInput, input);
  if (actor.isAgent) throw forbidden("Agents may not transfer ownership.");
  const me = await memberOf(core, actor.workspaceId, actor.personId);
  if (me.role !== "owner") throw forbidden("Only the workspace's Owner may transfer ownership.");
  if (data.person_id === actor.personId) throw conflict("You already own this workspace.");
  const next = await memberOf(core, actor.workspaceId, data.person_id);
  await core.db.transaction().execute(async (tx) => {
    await tx
      .updateTable("workspaces")
      .set({ owner_id: next.person_id, updated_at: iso(core.clock) })
      .where("id", "=", actor.workspaceId)
      .execute();
    await tx
      .updateTable("memberships")
      .set({ role: "admin" })
      .where("workspace_id", "=", actor.workspaceId)
      .where("person_id", "=", actor.personId)
      .execute();
    await tx
      .updateTable("memberships")
      .set({ role: "owner" })
      .where("workspace_id", "=", actor.workspaceId)
      .where("person_id", "=", next.person_id)
      .execute();
  });
  return { owner: { ...next, role: "owner" }, previous_owner: { ...me, role: "admin" } };
}

/** Free mail providers: a domain anyone can have an address at is no company's (refused for self-join). */
export const PUBLIC_MAIL_DOMAINS = [
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "yahoo.com",
  "icloud.com",
  "me.com",
  "aol.com",
  "proton.me",
  "protonmail.com",
  "gmx.com",
  "gmx.de",
  "yandex.ru",
  "mail.ru",
  "qq.com",
  "163.com",
] as const;
export const MAX_ALLOWED_DOMAINS = 20;

const domain = z
  .string({ error: "must be a domain such as example.com" })
  .trim()
  .toLowerCase()
  .max(253, { error: "must be at most 253 characters" })
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    error: "must be a domain such as example.com",
  })
  .refine((d) => !(PUBLIC_MAIL_DOMAINS as readonly string[]).includes(d), {
    error: "is a public mail provider: anyone can have an address there",
  })
  .meta({ examples: ["example.com"] });

export const updateWorkspaceInput = z.strictObject({
  name: displayName(100).optional().describe("The workspace's name."),
  allowed_domains: z
    .array(domain, { error: "must be an array of domains" })
    .max(MAX_ALLOWED_DOMAINS, { error: `must name at most ${MAX_ALLOWED_DOMAINS} domains` })
    .optional()
    .describe(
      "Email domains (`example.com`) whose people, signed in with a verified address there, may join the workspace as members by themselves; [] for none.",
    ),
});

export const workspaceSettingsView = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    owner_id: z.string().describe("The Owner's person id."),
    allowed_domains: z.array(z.string()),
  })
  .meta({ id: "WorkspaceSettings" });
export type WorkspaceSettings = z.output<typeof workspaceSettingsView>;

export async function getWorkspaceSettings(core: Core, workspaceId: string): Promise<WorkspaceSettings> {
  const row = await core.db
    .selectFrom("workspaces")
    .select(["id", "name", "slug", "owner_id", "allowed_domains"])
    .where("id", "=", workspaceId)
    .executeTakeFirst();
  if (!row) throw notFound("This workspace no longer exists.");
  return { ...row, allowed_domains: JSON.parse(row.allowed_domains) as string[] };
}

/** Renames the workspace and sets its self-join domains: admins only. */
export async function updateWorkspaceSettings(
  core: Core,
  actor: TeamActor,
  input: z.input<typeof updateWorkspaceInput>,
): Promise<WorkspaceSettings> {
  const data = parse(updateWorkspaceInput, input);
  await requireAdmin(core, actor, "change the workspace's settings");
  if (data.name === undefined && data.allowed_domains === undefined) {
    throw invalid("Send name or allowed_domains.", { name: "name or allowed_domains is required" });
  }
  await core.db
    .updateTable("workspaces")
    .set({
      ...(data.name !== undefined ? { name: data.name } : {}),
      ...(data.allowed_domains !== undefined
        ? { allowed_domains: JSON.stringify([...new Set(data.allowed_domains)].sort()) }
        : {}),
      updated_at: iso(core.clock),
    })
    .where("id", "=", actor.workspaceId)
    .execute();
  if (data.name !== undefined) await identityChanged(core);
  return getWorkspaceSettings(core, actor.workspaceId);
}

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

/** Workspaces the person may join by themselves: their verified email's domain is allowed there. */
export async function joinableWorkspaces(
  core: Core,
  person: Pick<Person, "id" | "email" | "email_verified_at">,
): Promise<{ id: string; slug: string; name: string }[]> {
  if (!person.email_verified_at) return [];
  const wanted = domainOf(person.email);
  const rows = await core.db
    .selectFrom("workspaces as w")
    .select(["w.id", "w.slug", "w.name", "w.allowed_domains"])
    .where("w.allowed_domains", "like", `%"${wanted.replace(/[\\%_]/g, "")}"%`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("memberships as m")
            .select("m.person_id")
            .whereRef("m.workspace_id", "=", "w.id")
            .where("m.person_id", "=", person.id),
        ),
      ),
    )
    .orderBy("w.name")
    .execute();
  return rows
    .filter((r) => (JSON.parse(r.allowed_domains) as string[]).includes(wanted))
    .map(({ id, slug, name }) => ({ id, slug, name }));
}

/**
 * Joins a workspace as a member because the person's verified email is in one of its allowed domains.
 * 403 `domain_not_allowed` otherwise; 409 `already_member` for a member.
 */
export async function joinByDomain(
  core: Core,
  person: Pick<Person, "id" | "email" | "email_verified_at">,
  workspaceSlug: string,
): Promise<{ id: string; slug: string; name: string }> {
  const ws = await core.db
    .selectFrom("workspaces")
    .select(["id", "slug", "name", "allowed_domains"])
    .where("slug", "=", workspaceSlug.trim().toLowerCase())
    .executeTakeFirst();
  const allowed = ws ? (JSON.parse(ws.allowed_domains) as string[]) : [];
  if (!ws || !person.email_verified_at || !allowed.includes(domainOf(person.email))) {
    throw new DocketError(
      403,
      "domain_not_allowed",
      `No workspace "${workspaceSlug}" lets people at ${domainOf(person.email)} join by themselves; ask its admins for an invitation.`,
    );
  }
  try {
    await core.db
      .insertInto("memberships")
      .values({ workspace_id: ws.id, person_id: person.id, role: "member", created_at: iso(core.clock) })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DocketError(409, "already_member", `You are already a member of ${ws.name}.`);
    }
    throw error;
  }
  return { id: ws.id, slug: ws.slug, name: ws.name };
}

export const updateProfileInput = z.strictObject({
  name: displayName(100).describe("Your name, as others see it (1 to 100 characters)."),
});

/** Changes the person's own name. */
export async function updateProfile(
  core: Core,
  personId: string,
  input: z.input<typeof updateProfileInput>,
): Promise<{ id: string; email: string; name: string }> {
  const data = parse(updateProfileInput, input);
  await core.db
    .updateTable("people")
    .set({ name: data.name, updated_at: iso(core.clock) })
    .where("id", "=", personId)
    .execute();
  return core.db
    .selectFrom("people")
    .select(["id", "email", "name"])
    .where("id", "=", personId)
    .executeTakeFirstOrThrow();
}

/** True while the operator lets the first person in create the first workspace and none exists yet. */
export async function firstRunOpen(core: Core): Promise<boolean> {
  if (core.config.firstRun !== "open") return false;
  const any = await core.db.selectFrom("workspaces").select("id").limit(1).executeTakeFirst();
  return !any;
}

export const firstWorkspaceInput = z.strictObject({ name: displayName(100) });

/**
 * The first run of an installation: the signed-in person creates its first workspace and owns it (with
 * one space, "General"), allowed only with DOCKET_FIRST_RUN=open (403 `first_run_closed`) and only while
 * no workspace exists (409 `first_run_over`; checked again inside the transaction, under a lock on
 * PostgreSQL, so two people racing make one).
 */
export async function createFirstWorkspace(
  core: Core,
  person: Pick<Person, "id" | "email">,
  input: z.input<typeof firstWorkspaceInput>,
): Promise<{ id: string; slug: string; name: string }> {
  const data = parse(firstWorkspaceInput, input);
  if (core.config.firstRun !== "open") {
    throw new DocketError(
      403,
      "first_run_closed",
      "This installation's operator creates workspaces (DOCKET_FIRST_RUN=closed); ask them, or a workspace's admin, to add you.",
    );
  }
  const over = () =>
    new DocketError(
      409,
      "first_run_over",
      "This installation already has a workspace; ask its admins to invite you.",
    );
  return core.db.transaction().execute(async (tx) => {
    if (core.store.kind === "postgres") {
      await sql`select pg_advisory_xact_lock(hashtext('docket:first-run'))`.execute(tx);
    }
    const any = await tx.selectFrom("workspaces").select("id").limit(1).executeTakeFirst();
    if (any) throw over();
    const ws = await createWorkspaceWithin(tx, core, person.id, {
      name: data.name,
      slug: slugify(data.name).slice(0, 40).replace(/-+$/, "") || "workspace",
      owner_email: person.email,
      space_name: "General",
      space_prefix: prefixFrom(data.name),
    });
    return { id: ws.id, slug: ws.slug, name: ws.name };
  });
}
