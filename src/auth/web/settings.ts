import type { Core } from "../../core.ts";
import type { Connection } from "../../db/schema.ts";
import { notFound } from "../../errors.ts";
import { isLive, revokeConnection } from "../connections.ts";
import { parseScopes, type Scope } from "../tokens.ts";

/**
 * The person's settings: the connections they approved (agents through the registration flow, and
 * browser OAuth sign-ins of MCP clients), each revocable at once. A person sees and revokes only their own.
 */

export interface ConnectionRow {
  id: string;
  kind: Connection["kind"];
  /** the client's own, unverified name */
  name: string;
  workspace: { id: string; name: string; slug: string };
  scopes: Scope[];
  createdAt: string;
  lastUsedAt: string | null;
  /** agent connections: when the identity assertion (or the unredeemed approval) runs out */
  assertionExpiresAt: string | null;
  idleExpiresAt: string | null;
  status: "active" | "expired" | "revoked";
  revokedAt: string | null;
}

export async function listConnections(core: Core, personId: string): Promise<ConnectionRow[]> {
  const now = core.clock.now();
  const rows = await core.db
    .selectFrom("connections as c")
    .innerJoin("workspaces as w", "w.id", "c.workspace_id")
    .selectAll("c")
    .select(["w.name as workspace_name", "w.slug as workspace_slug"])
    .where("c.person_id", "=", personId)
    .orderBy("c.created_at", "desc")
    .orderBy("c.id", "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    workspace: { id: r.workspace_id, name: r.workspace_name, slug: r.workspace_slug },
    scopes: parseScopes(r.scopes),
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    assertionExpiresAt: r.assertion_expires_at,
    idleExpiresAt: r.idle_expires_at,
    status: r.revoked_at ? "revoked" : isLive(r, now) ? "active" : "expired",
    revokedAt: r.revoked_at,
  }));
}

/**
 * Revokes one of the person's own connections: the connection, every access token and its assertion
 * (or refresh tokens) end at once, in one transaction. Someone else's connection is not found.
 */
export async function revokeOwnConnection(
  core: Core,
  personId: string,
  connectionId: string,
  reason = "revoked by the person in settings",
): Promise<void> {
  await core.db.transaction().execute(async (tx) => {
    const row = await tx
      .selectFrom("connections")
      .select("id")
      .where("id", "=", connectionId)
      .where("person_id", "=", personId)
      .executeTakeFirst();
    if (!row) throw notFound("You have no connection with this id.");
    await revokeConnection(core, row.id, reason, tx);
    await tx
      .updateTable("access_tokens")
      .set({ revoked_at: core.clock.now().toISOString() })
      .where("connection_id", "=", row.id)
      .where("revoked_at", "is", null)
      .execute();
  });
  await core.events.accessChanged();
}
