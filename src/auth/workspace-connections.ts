import { z } from "zod";
import type { Core } from "../core.ts";
import { DocketError, notFound } from "../errors.ts";
import { objectId, timeOut } from "../tracker/common.ts";
import { byCreation, type Page, pageQuery, paginate } from "../tracker/pagination.ts";
import { isLive } from "./connections.ts";
import { parseScopes, SCOPES } from "./tokens.ts";
import { revokeOwnConnection } from "./web/settings.ts";

/**
 * A workspace's agent connections as its members see them (the web app's Agents view, any client):
 * every connection a member approved, agents through the registration flow and apps through browser
 * OAuth, with who approved it and whether the caller may revoke it. Revoking keeps the settings page's
 * rule (`revokeOwnConnection`): a person revokes only connections they approved themselves.
 */

/** Who asks: the person, and whether they act as themselves (a session or their token) or as an agent. */
export interface ConnectionViewer {
  personId: string;
  workspaceId: string;
  /** true for an agent connection's token: agents revoke no connections, their own included */
  isAgent: boolean;
}

export const connectionId = objectId("con", "connection");

const STATUSES = ["active", "expired", "revoked"] as const;

export const listConnectionsQuery = z.strictObject({
  status: z
    .enum(STATUSES, { error: "must be active, expired or revoked" })
    .optional()
    .describe(
      "Only connections in this state: `active` (usable now), `expired` (its approval ran out unused) or `revoked`.",
    ),
  ...pageQuery,
});

export const connectionView = z
  .object({
    id: z
      .string()
      .describe("The connection's id (con_…): also its id as an assignee, claim holder and actor."),
    kind: z
      .enum(["agent", "oauth"])
      .describe(
        "`agent`: approved through the agent registration flow; `oauth`: an app signed in with the browser.",
      ),
    name: z.string().describe("The agent's or app's own name, as it gave it (not verified)."),
    approved_by: z
      .object({ id: z.string(), name: z.string(), email: z.string() })
      .describe("The member who approved it, and on whose behalf it acts."),
    approved_at: timeOut.describe("When it was approved."),
    scopes: z.array(z.enum(SCOPES)).describe("What it may do."),
    access: z.enum(["read", "read-write"]).describe("`read` or `read-write`, from its scopes."),
    last_used_at: timeOut.nullable().describe("When it last used its access (to the minute); null if never."),
    expires_at: timeOut
      .nullable()
      .describe("When its approval runs out unless renewed by use (agents: their identity assertion)."),
    status: z.enum(STATUSES).describe("`active`, `expired` or `revoked`."),
    revoked_at: timeOut.nullable(),
    revocable: z
      .boolean()
      .describe(
        "True when the caller may revoke it: the member who approved it, signed in or with their own token, while it is not revoked.",
      ),
  })
  .describe("An agent or app a member connected to the workspace.")
  .meta({ id: "Connection" });
export type ConnectionView = z.output<typeof connectionView>;

function baseQuery(core: Core, workspaceId: string) {
  return core.db
    .selectFrom("connections as c")
    .innerJoin("people as p", "p.id", "c.person_id")
    .select([
      "c.id",
      "c.kind",
      "c.name",
      "c.person_id",
      "c.scopes",
      "c.assertion_expires_at",
      "c.idle_expires_at",
      "c.last_used_at",
      "c.revoked_at",
      "c.created_at",
      "p.name as person_name",
      "p.email as person_email",
    ])
    .where("c.workspace_id", "=", workspaceId);
}
type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];

function view(r: Row, viewer: ConnectionViewer, now: Date): ConnectionView {
  const scopes = parseScopes(r.scopes);
  const status = r.revoked_at ? "revoked" : isLive(r, now) ? "active" : "expired";
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    approved_by: { id: r.person_id, name: r.person_name, email: r.person_email },
    approved_at: r.created_at,
    scopes,
    access: scopes.includes("workspace.write") ? "read-write" : "read",
    last_used_at: r.last_used_at,
    expires_at: r.assertion_expires_at ?? r.idle_expires_at,
    status,
    revoked_at: r.revoked_at,
    revocable: !viewer.isAgent && r.person_id === viewer.personId && status !== "revoked",
  };
}

/** The workspace's connections, newest first, a page at a time. */
export async function listWorkspaceConnections(
  core: Core,
  viewer: ConnectionViewer,
  q: z.output<typeof listConnectionsQuery>,
): Promise<Page<ConnectionView>> {
  const now = core.clock.now();
  const at = now.toISOString();
  let query = baseQuery(core, viewer.workspaceId);
  if (q.status === "revoked") query = query.where("c.revoked_at", "is not", null);
  if (q.status === "active") {
    query = query
      .where("c.revoked_at", "is", null)
      .where((eb) => eb.or([eb("c.assertion_expires_at", "is", null), eb("c.assertion_expires_at", ">", at)]))
      .where((eb) => eb.or([eb("c.idle_expires_at", "is", null), eb("c.idle_expires_at", ">", at)]));
  }
  if (q.status === "expired") {
    query = query
      .where("c.revoked_at", "is", null)
      .where((eb) => eb.or([eb("c.assertion_expires_at", "<=", at), eb("c.idle_expires_at", "<=", at)]));
  }
  const page = await paginate(query, "connections", byCreation("c", "desc"), q);
  return { data: page.data.map((r) => view(r, viewer, now)), next_cursor: page.next_cursor };
}

/** One connection of the workspace; 404 for another workspace's, as for a missing one. */
export async function getWorkspaceConnection(
  core: Core,
  viewer: ConnectionViewer,
  id: string,
): Promise<ConnectionView> {
  const row = await baseQuery(core, viewer.workspaceId).where("c.id", "=", id).executeTakeFirst();
  if (!row) throw notFound(`No connection ${id} in this workspace.`);
  return view(row, viewer, core.clock.now());
}

/**
 * Revokes a connection of the workspace, by the settings page's rule: only the member who approved it
 * (403 `forbidden` for anyone else, and for an agent), through `revokeOwnConnection`. Revoking a revoked
 * connection changes nothing and answers it as it is.
 */
export async function revokeWorkspaceConnection(
  core: Core,
  viewer: ConnectionViewer,
  id: string,
): Promise<ConnectionView> {
  const current = await getWorkspaceConnection(core, viewer, id);
  if (viewer.isAgent) {
    throw new DocketError(
      403,
      "forbidden",
      "An agent cannot revoke connections; the person who approved it revokes it in the web app or settings.",
    );
  }
  if (current.approved_by.id !== viewer.personId) {
    throw new DocketError(
      403,
      "forbidden",
      `Only ${current.approved_by.name || current.approved_by.email}, who approved this connection, can revoke it.`,
    );
  }
  if (current.status === "revoked") return current;
  await revokeOwnConnection(core, viewer.personId, id, "revoked by the person in the web app or API");
  return getWorkspaceConnection(core, viewer, id);
}

export const connectionParams = z.strictObject({ id: connectionId });
