import { randomBytes } from "node:crypto";
import { type Kysely, type Selectable, sql, type Transaction } from "kysely";
import { z } from "zod";
import type { Database, IntegrationsTable } from "../../db/schema.ts";

import { DocketError, invalid, notFound } from "../../errors.ts";
import { placeOf } from "../../secret-box.ts";
import { newId } from "../../secrets.ts";
import { parse } from "../../validate.ts";
import { checkIfMatch, lostRace, timeOut } from "../common.ts";
import type { Ctx } from "../context.ts";
import { actsAsAgent } from "../inbox.ts";
import { resolveIssue } from "../issues.ts";
import { type CodeLinkView, linkView } from "./links.ts";

export { type CodeLinkRow, type CodeLinkView, codeLinkView, linkView } from "./links.ts";

import { type Page, type PageInput, pageQuery, paginate } from "../pagination.ts";
import { isAdminRole, roleIn } from "../webhook-access.ts";

/**
 * Connections to code hosts (GitHub, GitLab), per workspace, made by its admins: each has a webhook
 * secret (sealed at rest, shown once), the repositories it takes (none listed: all), and the deliveries
 * it received. Code links are the pull requests, branches and commits found naming an issue.
 */

type Db = Kysely<Database> | Transaction<Database>;
export type IntegrationRow = Selectable<IntegrationsTable>;

export const PROVIDERS = ["github", "gitlab"] as const;
export type Provider = (typeof PROVIDERS)[number];
export const PROVIDER_NAMES: Record<Provider, string> = { github: "GitHub", gitlab: "GitLab" };
const MAX_INTEGRATIONS = 20;
/** Deliveries kept per integration (older ones are trimmed as new ones come). */
export const KEPT_DELIVERIES = 100;
/** Deliveries an integration's view shows. */
const SHOWN_DELIVERIES = 20;

export const integrationId = z
  .string({ error: "must be an integration id" })
  .trim()
  .regex(/^int_[0-9A-Z]{26}$/, { error: "must be an integration id (int_…)" });

/** Where an integration's secret is sealed (its row): a sealed secret moved to another row does not open. */
export const integrationSecretPlace = (id: string) => placeOf("integrations", "secret", id);

const repository = z
  .string({ error: "must be a repository such as owner/name" })
  .trim()
  .min(3, { error: "must be a repository such as owner/name" })
  .max(255, { error: "must be at most 255 characters" })
  .regex(/^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.*-]+)+$/, {
    error:
      "must be a repository such as owner/name (GitLab: group/sub/project); owner/* takes all of owner's",
  });
const repositories = z
  .array(repository, { error: "must be an array of repositories such as owner/name" })
  .max(200, { error: "must name at most 200 repositories" })
  .describe(
    "The repositories whose deliveries are taken (`owner/name`; GitLab `group/sub/project`; `owner/*` for all of an owner's); empty or absent: every repository. Deliveries of others are answered 202 and ignored.",
  )
  .meta({ examples: [["acme/web", "acme/api"]] });
const spaceRules = z
  .record(
    repository,
    z
      .string({ error: "must be a space prefix such as ENG" })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z][A-Z0-9]{1,9}$/, { error: "must be a space prefix such as ENG" }),
    { error: "must be an object of repository pattern to space prefix" },
  )
  .refine((r) => Object.keys(r).length <= 200, { error: "must hold at most 200 rules" })
  .describe(
    "Optional: which space's identifiers link from a repository ({`owner/name` or `owner/*`: `ENG`}); a repository no rule names links identifiers of every space.",
  )
  .meta({ examples: [{ "acme/web": "WEB" }] });
const secret = z
  .string({ error: "must be a string" })
  .min(8, { error: "must be at least 8 characters" })
  .max(256, { error: "must be at most 256 characters" })
  .describe(
    "The webhook secret to paste on the code host; one of 32 random bytes (hex) is made when none is given.",
  );
const name = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, { error: "must not be empty" })
  .max(100, { error: "must be at most 100 characters" });

export const createIntegrationInput = z.strictObject({
  provider: z.enum(PROVIDERS, { error: "must be github or gitlab" }).describe("The code host."),
  secret: secret.optional(),
  name: name.optional().describe("What it is called (GitHub or GitLab unless given)."),
  repositories: repositories.optional(),
  space_rules: spaceRules.optional(),
});
export type CreateIntegrationInput = z.output<typeof createIntegrationInput>;
export const updateIntegrationInput = z.strictObject({
  name: name.optional(),
  repositories: repositories.optional(),
  space_rules: spaceRules.optional(),
  rotate_secret: z
    .boolean({ error: "must be true or false" })
    .optional()
    .describe("true: a new secret is made and shown in this answer only (paste it on the code host)."),
  secret: secret.optional().describe("A new secret of your own (shown back in this answer only)."),
});
export type UpdateIntegrationInput = z.output<typeof updateIntegrationInput>;
export const listIntegrationsQuery = z.strictObject({ ...pageQuery });

export const OUTCOMES = ["linked", "ignored", "rejected", "error"] as const;
export const integrationDeliveryView = z
  .object({
    delivery_id: z.string().describe("The code host's delivery id (X-GitHub-Delivery, X-Gitlab-Event-UUID)."),
    event: z.string().meta({ examples: ["pull_request"] }),
    action: z
      .string()
      .nullable()
      .meta({ examples: ["opened"] }),
    outcome: z
      .enum(OUTCOMES)
      .describe("linked (something was linked or updated), ignored, rejected or error."),
    summary: z.string().meta({ examples: ["PR #12 linked to ENG-42; ENG-42 → in_review"] }),
    received_at: timeOut,
  })
  .meta({ id: "IntegrationDelivery" });
export type IntegrationDeliveryView = z.output<typeof integrationDeliveryView>;

export const integrationView = z
  .object({
    id: z.string().meta({ examples: ["int_01JQ2Z8X3V4B5N6M7K8J9H0G1F"] }),
    provider: z.enum(PROVIDERS),
    name: z.string(),
    repositories: z.array(z.string()).describe("The repositories taken; empty: all."),
    space_rules: z.record(z.string(), z.string()),
    webhook_url: z
      .string()
      .describe(
        "Where the code host sends its webhooks: paste it in the repository's or group's webhook settings.",
      )
      .meta({
        examples: ["https://docket.example.com/api/integrations/int_01JQ2Z8X3V4B5N6M7K8J9H0G1F/webhook"],
      }),
    created_by: z
      .string()
      .describe("The admin who made it: the person the integration's changes are accountable to."),
    created_at: timeOut,
    updated_at: timeOut,
    last_delivery_at: timeOut.nullable(),
    version: z.int(),
  })
  .meta({ id: "Integration" });
export type IntegrationView = z.output<typeof integrationView>;
export const integrationDetailView = integrationView
  .extend({
    deliveries: z.array(integrationDeliveryView).describe("The last 20 deliveries received, newest first."),
  })
  .meta({ id: "IntegrationDetail" });
export const createdIntegrationView = integrationDetailView
  .extend({
    secret: z
      .string()
      .describe(
        "The webhook secret, shown only in this answer: paste it on the code host with the webhook URL.",
      )
      .meta({ examples: ["3f7c…"] }),
  })
  .meta({ id: "CreatedIntegration" });
export const updatedIntegrationView = integrationDetailView
  .extend({
    secret: z
      .string()
      .optional()
      .describe("The new secret, when it was rotated or set: shown only in this answer."),
  })
  .meta({ id: "UpdatedIntegration" });

/** `GET /v1/issues/{id}/links`: the pull requests, branches and commits linked to the issue. */
export const listIssueLinksQuery = z.strictObject({ ...pageQuery });

/**
 * An issue's links a page at a time, in the order the issue shows them (linksFromJson): pull requests, then
 * branches, then commits, each most recently updated first.
 */
export async function listIssueLinks(ctx: Ctx, ref: string, input: PageInput): Promise<Page<CodeLinkView>> {
  const q = parse(listIssueLinksQuery, input);
  const issue = await resolveIssue(ctx, ref);
  const ranked = ctx.core.db
    .selectFrom("code_links as l")
    .selectAll("l")
    .select(
      sql<number>`case l.kind when 'pull_request' then 0 when 'branch' then 1 else 2 end`.as("kind_rank"),
    )
    .where("l.workspace_id", "=", ctx.workspaceId)
    .where("l.issue_id", "=", issue.id)
    .as("x");
  const page = await paginate(
    ctx.core.db.selectFrom(ranked).selectAll("x"),
    "code_links",
    [
      { column: "x.kind_rank", direction: "asc" },
      { column: "x.updated_at", direction: "desc" },
      { column: "x.id", direction: "desc" },
    ],
    q,
  );
  return {
    data: page.data.map(({ kind_rank: _rank, ...row }) => linkView(row as never)),
    next_cursor: page.next_cursor,
  };
}

export const linkId = z
  .string({ error: "must be a link id" })
  .trim()
  .regex(/^lnk_[0-9A-Z]{26}$/, { error: "must be a link id (lnk_…)" });

/** `GET /v1/links/{id}`: one code link (where a code_link event's `url` points), with its issue. */
export async function getCodeLink(ctx: Ctx, id: string) {
  const row = await ctx.core.db
    .selectFrom("code_links as l")
    .innerJoin("issues as i", "i.id", "l.issue_id")
    .selectAll("l")
    .select("i.identifier as issue")
    .where("l.workspace_id", "=", ctx.workspaceId)
    .where("l.id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(`No link ${id} in this workspace.`);
  const { issue, ...link } = row;
  return { ...linkView(link), issue };
}

export const webhookUrlOf = (baseUrl: string, id: string) =>
  `${baseUrl.replace(/\/+$/, "")}/api/integrations/${id}/webhook`;

function view(ctx: Ctx, r: IntegrationRow): IntegrationView {
  return {
    id: r.id,
    provider: r.provider,
    name: r.name,
    repositories: JSON.parse(r.repositories),
    space_rules: JSON.parse(r.space_rules),
    webhook_url: webhookUrlOf(ctx.core.config.baseUrl, r.id),
    created_by: r.created_by,
    created_at: r.created_at,
    updated_at: r.updated_at,
    last_delivery_at: r.last_delivery_at,
    version: Number(r.version),
  };
}

async function recentDeliveries(db: Db, id: string): Promise<IntegrationDeliveryView[]> {
  const rows = await db
    .selectFrom("integration_deliveries")
    .selectAll()
    .where("integration_id", "=", id)
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .limit(SHOWN_DELIVERIES)
    .execute();
  return rows.map((d) => ({
    delivery_id: d.delivery_id,
    event: d.event,
    action: d.action,
    outcome: d.outcome,
    summary: d.summary,
    received_at: d.received_at,
  }));
}

/** The workspace's admins and its Owner, as themselves (never through an agent connection); else 403. */
async function requireAdmin(ctx: Ctx, doing: string): Promise<void> {
  if (actsAsAgent(ctx))
    throw new DocketError(403, "forbidden", `Only a workspace admin may ${doing}, never an agent.`);
  if (!isAdminRole(await roleIn(ctx)))
    throw new DocketError(403, "forbidden", `Only the workspace's Owner and admins may ${doing}.`);
}

async function requireIntegration(ctx: Ctx, id: string): Promise<IntegrationRow> {
  const row = await ctx.core.db
    .selectFrom("integrations")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(`No integration ${id} in this workspace.`);
  return row;
}

const newSecret = () => randomBytes(32).toString("hex");

/** Connects a code host (admins): the answer shows the webhook URL and, this once, the secret. */
export async function createIntegration(ctx: Ctx, input: CreateIntegrationInput) {
  await requireAdmin(ctx, "connect a code host");
  const at = ctx.core.clock.now().toISOString();
  const id = newId("int", new Date(at));
  const plain = input.secret ?? newSecret();
  const row: IntegrationRow = {
    id,
    workspace_id: ctx.workspaceId,
    provider: input.provider,
    name: input.name ?? PROVIDER_NAMES[input.provider],
    secret: ctx.core.secrets.seal(plain, integrationSecretPlace(id)),
    repositories: JSON.stringify([...new Set(input.repositories ?? [])]),
    space_rules: JSON.stringify(input.space_rules ?? {}),
    created_by: ctx.actor.personId,
    created_via: ctx.actor.via,
    created_at: at,
    updated_at: at,
    last_delivery_at: null,
    version: 1,
  };
  await ctx.core.db.transaction().execute(async (trx) => {
    if (ctx.core.store.kind === "postgres")
      await trx.selectFrom("workspaces").select("id").where("id", "=", ctx.workspaceId).forUpdate().execute();
    const count = await trx
      .selectFrom("integrations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("workspace_id", "=", ctx.workspaceId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_INTEGRATIONS)
      throw invalid(`A workspace has at most ${MAX_INTEGRATIONS} code host integrations; remove one first.`);
    await trx.insertInto("integrations").values(row).execute();
  });
  return { ...view(ctx, row), deliveries: [], secret: plain };
}

export async function listIntegrations(ctx: Ctx, page: PageInput): Promise<Page<IntegrationView>> {
  await requireAdmin(ctx, "see the code host integrations");
  const { data, next_cursor } = await paginate(
    ctx.core.db.selectFrom("integrations as i").selectAll().where("i.workspace_id", "=", ctx.workspaceId),
    "integrations",
    [{ column: "i.id", direction: "asc" }],
    page,
  );
  return { data: data.map((r) => view(ctx, r)), next_cursor };
}

export async function getIntegration(ctx: Ctx, id: string) {
  await requireAdmin(ctx, "see a code host integration");
  const row = await requireIntegration(ctx, id);
  return { ...view(ctx, row), deliveries: await recentDeliveries(ctx.core.db, id) };
}

export async function updateIntegration(
  ctx: Ctx,
  id: string,
  input: UpdateIntegrationInput,
  ifMatch?: number[],
) {
  await requireAdmin(ctx, "change a code host integration");
  const current = await requireIntegration(ctx, id);
  checkIfMatch(ifMatch, Number(current.version), `Integration ${id}`);
  const at = ctx.core.clock.now().toISOString();
  const plain = input.secret ?? (input.rotate_secret ? newSecret() : undefined);
  const next = {
    name: input.name ?? current.name,
    repositories: input.repositories
      ? JSON.stringify([...new Set(input.repositories)])
      : current.repositories,
    space_rules: input.space_rules ? JSON.stringify(input.space_rules) : current.space_rules,
    ...(plain !== undefined ? { secret: ctx.core.secrets.seal(plain, integrationSecretPlace(id)) } : {}),
    updated_at: at,
    version: Number(current.version) + 1,
  };
  const done = await ctx.core.db
    .updateTable("integrations")
    .set(next)
    .where("id", "=", id)
    .where("version", "=", Number(current.version))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw lostRace(ifMatch, `Integration ${id}`);
  return {
    ...view(ctx, { ...current, ...next }),
    deliveries: await recentDeliveries(ctx.core.db, id),
    ...(plain !== undefined ? { secret: plain } : {}),
  };
}

/** Removes an integration and its delivery log; the links it made stay on their issues. */
export async function deleteIntegration(ctx: Ctx, id: string): Promise<{ id: string; deleted: true }> {
  await requireAdmin(ctx, "remove a code host integration");
  await requireIntegration(ctx, id);
  await ctx.core.db.deleteFrom("integrations").where("id", "=", id).execute();
  return { id, deleted: true };
}
