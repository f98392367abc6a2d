import type { Core } from "../core.ts";
import type { Role } from "../db/schema.ts";
import { DocketError } from "../errors.ts";

/** Who manages the team: a person in one workspace, and whether through an agent connection. */
export interface TeamActor {
  workspaceId: string;
  personId: string;
  /** true for an agent's or app's connection: they never manage people, whoever they act for */
  isAgent: boolean;
}

export const forbidden = (description: string) => new DocketError(403, "forbidden", description);

/** The actor's role in their workspace (undefined when they are no longer a member). */
export async function actorRole(core: Core, actor: TeamActor): Promise<Role | undefined> {
  const row = await core.db
    .selectFrom("memberships")
    .select("role")
    .where("workspace_id", "=", actor.workspaceId)
    .where("person_id", "=", actor.personId)
    .executeTakeFirst();
  return row?.role;
}

/** Refuses (403 `forbidden`) unless the actor is the Owner or an admin, acting as themselves. */
export async function requireAdmin(core: Core, actor: TeamActor, what: string): Promise<Role> {
  if (actor.isAgent) throw forbidden(`Agents may not ${what}; a workspace admin does it as themselves.`);
  const role = await actorRole(core, actor);
  if (role !== "owner" && role !== "admin") {
    throw forbidden(`Only the workspace's Owner and admins may ${what}.`);
  }
  return role;
}
