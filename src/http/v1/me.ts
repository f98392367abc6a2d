import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { SCOPES } from "../../auth/tokens.ts";
import {
  type ConnectionViewer,
  connectionParams,
  connectionView,
  getWorkspaceConnection,
  listConnectionsQuery,
  listWorkspaceConnections,
  revokeWorkspaceConnection,
} from "../../auth/workspace-connections.ts";
import { listMembersPage, listMembersQuery, memberView } from "../../auth/workspaces.ts";
import type { Core } from "../../core.ts";
import { CSRF_HEADER, membershipsOf } from "../auth.ts";
import { op } from "./route.ts";

const workspaceOfMe = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  role: z.enum(["owner", "admin", "member"]).describe("The person's role in it."),
});

export const meView = z
  .object({
    person: z
      .object({ id: z.string(), email: z.string(), name: z.string() })
      .describe("Who the caller is (for an agent connection: the person it acts for)."),
    credential: z
      .object({
        kind: z
          .enum(["session", "personal_access_token", "connection"])
          .describe(
            "`session`: the web app, signed in (the session cookie); `personal_access_token`; `connection`: an agent's or app's access token.",
          ),
        id: z
          .string()
          .nullable()
          .describe("The token's (pat_…) or connection's (con_…) id; null for a session."),
        name: z.string().nullable().describe("The token's or connection's name; null for a session."),
        scopes: z.array(z.enum(SCOPES)),
      })
      .describe("What the request was authenticated with."),
    workspace: workspaceOfMe
      .nullable()
      .describe(
        "The workspace this request sees: the token's, or for a session the one `Docket-Workspace` names, else the person's first. Null only for a signed-in person who belongs to no workspace.",
      ),
    workspaces: z
      .array(workspaceOfMe)
      .describe(
        "The workspaces the credential can reach: for a session every workspace the person belongs to (oldest membership first; pick one with `Docket-Workspace`); for a token only its own.",
      ),
    csrf_token: z
      .string()
      .optional()
      .describe(
        `Only for a session: the token to send in the \`${CSRF_HEADER}\` header with every POST, PATCH and DELETE made with the session cookie (and as the \`csrf\` field of the sign-out form).`,
      ),
  })
  .meta({ id: "Me" });

const KIND_NAMES = { session: "session", pat: "personal_access_token", connection: "connection" } as const;

async function me(core: Core, request: FastifyRequest): Promise<z.output<typeof meView>> {
  const principal = request.principal!;
  const person = await core.db
    .selectFrom("people")
    .select(["id", "email", "name"])
    .where("id", "=", principal.personId)
    .executeTakeFirstOrThrow();
  const all = await membershipsOf(core, person.id);
  const current = all.find((w) => w.id === principal.workspaceId) ?? null;
  let name: string | null = null;
  if (principal.kind === "pat") {
    const row = await core.db
      .selectFrom("personal_access_tokens")
      .select("name")
      .where("id", "=", principal.tokenId)
      .executeTakeFirst();
    name = row?.name ?? null;
  } else if (principal.kind === "connection") {
    const row = await core.db
      .selectFrom("connections")
      .select("name")
      .where("id", "=", principal.tokenId)
      .executeTakeFirst();
    name = row?.name ?? null;
  }
  const session = principal.kind === "session";
  return {
    person,
    credential: {
      kind: KIND_NAMES[principal.kind],
      id: session ? null : principal.tokenId,
      name,
      scopes: SCOPES.filter((s) => principal.scopes.has(s)),
    },
    workspace: current,
    workspaces: session ? all : current ? [current] : [],
    ...(session && request.webSession ? { csrf_token: request.webSession.csrfToken } : {}),
  };
}

op({
  method: "GET",
  path: "/me",
  operationId: "getMe",
  tag: "Workspace",
  summary: "Who is calling: the person, the credential, the workspace and the workspaces reachable",
  description: `The caller: the person (for an agent connection, the person it acts for), the credential the request was authenticated with (a session, a personal access token or a connection, with its scopes), the workspace the request sees with the person's role in it, and \`workspaces\`: for a session every workspace the person belongs to (the web app's switcher: send \`Docket-Workspace\` to pick one), for a token only its own. A session also gets \`csrf_token\`, to send in \`${CSRF_HEADER}\` with every write it makes. A signed-in person who belongs to no workspace gets \`workspace: null\` here and 404 everywhere else.`,
  scope: "workspace.read",
  response: meView,
  handler: async ({ ctx, request }) => me(ctx.core, request),
});

op({
  method: "GET",
  path: "/members",
  operationId: "listMembers",
  tag: "Workspace",
  summary: "The workspace's members, by name",
  description:
    "Every member of the workspace (person id, name, email, role, and whether suspended), by name then id, a page at a time: for assignee pickers and mentions. `q` keeps those whose name or email contains the text.",
  scope: "workspace.read",
  query: listMembersQuery,
  response: z.object({ data: z.array(memberView), next_cursor: z.string().nullable() }),
  handler: async ({ ctx, query }) => listMembersPage(ctx.core, ctx.workspaceId, query),
});

function viewer(request: FastifyRequest): ConnectionViewer {
  const p = request.principal!;
  return { personId: p.personId, workspaceId: p.workspaceId, isAgent: p.kind === "connection" };
}

op({
  method: "GET",
  path: "/connections",
  operationId: "listConnections",
  tag: "Connections",
  summary: "The workspace's agent and app connections, newest first",
  description:
    "Every agent (registration flow) and app (browser OAuth) a member connected to the workspace: its name, who approved it and when, its access (read or read-write), when it was last used, its status (`active`, `expired`, `revoked`) and whether the caller may revoke it (`revocable`). `status` narrows the list. What a connection is working on: `GET /v1/issues?assignee=con_…` and `GET /v1/claims?holder=con_…`; what it did: `GET /v1/events?actor=con_…`.",
  scope: "workspace.read",
  query: listConnectionsQuery,
  response: z.object({ data: z.array(connectionView), next_cursor: z.string().nullable() }),
  handler: async ({ request, ctx, query }) => listWorkspaceConnections(ctx.core, viewer(request), query),
});

op({
  method: "GET",
  path: "/connections/:id",
  operationId: "getConnection",
  tag: "Connections",
  summary: "One connection",
  description:
    "The connection, as the list shows it. Another workspace's connection is 404, as a missing one.",
  scope: "workspace.read",
  params: connectionParams,
  response: connectionView,
  handler: async ({ request, ctx, params }) => getWorkspaceConnection(ctx.core, viewer(request), params.id),
});

op({
  method: "DELETE",
  path: "/connections/:id",
  operationId: "revokeConnection",
  tag: "Connections",
  summary: "Revoke a connection you approved",
  description:
    "Ends the connection at once, as Revoke in settings does: its access tokens stop working, it can no longer renew, and the claims it holds are released (the issues are ready work again). Only the member who approved it may revoke it (signed in, or with their own personal access token): 403 `forbidden` for anyone else and for an agent. Answers the revoked connection; revoking one already revoked changes nothing.",
  scope: "workspace.write",
  params: connectionParams,
  response: connectionView,
  handler: async ({ request, ctx, params }) =>
    revokeWorkspaceConnection(ctx.core, viewer(request), params.id),
});
