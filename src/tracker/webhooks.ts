import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Core } from "../core.ts";
import type { WebhookDeliveriesTable, WebhooksTable } from "../db/schema.ts";
import { DocketError, invalid, notFound } from "../errors.ts";
import { checkAddress, OutboundError, resolveTarget } from "../net/outbound.ts";
import { newId } from "../secrets.ts";
import { countOut, timeOut } from "./common.ts";
import type { Ctx } from "./context.ts";
import { EVENT_TYPES, typePattern } from "./events.ts";
import { type Page, type PageInput, pageQuery, paginate } from "./pagination.ts";
import { ACCESS_ENDED, isAdminRole, RECEIVER_FAILING, roleIn } from "./webhook-access.ts";
import { deliverNow, refusal, schemeProblem, secretPlace } from "./webhook-delivery.ts";

const MAX_WEBHOOKS = 20;
export const webhookId = z
  .string({ error: "must be a webhook id" })
  .trim()
  .regex(/^wh_[0-9A-Z]{26}$/, { error: "must be a webhook id (wh_…)" });
export const deliveryId = z
  .string({ error: "must be a delivery id" })
  .trim()
  .regex(/^msg_[0-9A-Z]{26}$/, { error: "must be a delivery id (msg_…)" });

const url = z
  .string({ error: "must be an https URL" })
  .trim()
  .min(1, { error: "must be an https URL" })
  .max(2000, { error: "must be at most 2000 characters" })
  .describe("Where deliveries are POSTed: an https URL on a public address.")
  .meta({ examples: ["https://example.com/hooks/docket"] });
/** The edits that turn one string into another (Levenshtein), to suggest the type a typo meant. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** The nearest of `candidates` to `given`, when it is near enough to be what was meant. */
function nearest(given: string, candidates: readonly string[]): string | undefined {
  let best: { c: string; d: number } | undefined;
  for (const c of candidates) {
    const d = distance(given, c);
    if (!best || d < best.d) best = { c, d };
  }
  return best && best.d <= Math.max(2, Math.floor(given.length / 3)) ? best.c : undefined;
}

const OBJECT_PATTERNS = [...new Set(EVENT_TYPES.map((t) => `${t.split(".")[0]}.*`))];

/** Why a subscription names no event type (EVENT_TYPES), with the nearest one; undefined when it names one. */
export function unknownEventType(pattern: string): string | undefined {
  if (pattern === "*" || (EVENT_TYPES as readonly string[]).includes(pattern)) return undefined;
  if (pattern.endsWith(".*")) {
    if (EVENT_TYPES.some((t) => t.startsWith(pattern.slice(0, -1)))) return undefined;
    const near = nearest(pattern, OBJECT_PATTERNS);
    return `${pattern} matches no event type${near ? `; did you mean ${near}?` : ""}`;
  }
  const near = nearest(pattern, EVENT_TYPES);
  return `${pattern} is not an event type${near ? `; did you mean ${near}?` : ""}`;
}

const events = z
  .array(
    typePattern.superRefine((p, c) => {
      const problem = unknownEventType(p);
      if (problem) c.addIssue({ code: "custom", message: problem });
    }),
    { error: "must be an array of event types" },
  )
  .min(1, { error: "must name at least one event type or pattern" })
  .max(50, { error: "must hold at most 50 types" })
  .describe(
    "The event types delivered: exact (`issue.ready`), patterns (`issue.*`, matching at least one type) or `*` for all. A type that does not exist is refused (400, with the nearest type).",
  )
  .meta({ examples: [["issue.*", "claim.created"]] });
const description = z
  .string({ error: "must be a string" })
  .max(500, { error: "must be at most 500 characters" })
  .describe("What the webhook is for.")
  .meta({ examples: ["CI: start a build when an issue is ready"] });

export const createWebhookInput = z.strictObject({ url, events, description: description.optional() });
export const updateWebhookInput = z.strictObject({
  url: url.optional(),
  events: events.optional(),
  description: description.optional(),
  status: z
    .enum(["enabled", "disabled"], { error: "must be enabled or disabled" })
    .optional()
    .describe(
      "`enabled` turns a disabled webhook back on (its failed deliveries stay failed). One disabled because its maker's access ended (`disabled_cause: access_ended`) is enabled only by an admin or the Owner, who becomes its owner (`created_by`, `created_via`).",
    ),
});

export const webhookView = z
  .object({
    id: z.string().meta({ examples: ["wh_01JQ2Z8X3V4B5N6M7K8J9H0G1F"] }),
    url: z.string(),
    description: z.string(),
    events: z.array(z.string()),
    status: z.enum(["enabled", "disabled"]),
    disabled_reason: z.string().nullable().describe("Why it was disabled, when it was by the service."),
    parked_until: timeOut
      .nullable()
      .describe(
        "While set, its receiver stopped answering (attempts in a row timed out or found no connection): deliveries wait, kept pending, and after this time one is tried first; its success sends the rest, its failure parks it longer. Null when it is not parked.",
      ),
    parked_reason: z.string().nullable().describe("Why it is parked, when it is."),
    disabled_cause: z
      .enum([ACCESS_ENDED, RECEIVER_FAILING])
      .nullable()
      .describe(
        "Why the service disabled it: `access_ended` (the membership, account or credential that made it ended; only an admin or the Owner enables it again, and becomes its owner) or `receiver_failing` (deliveries failed for 3 days); null when it is enabled or was disabled by hand.",
      ),
    created_by: z
      .string()
      .describe(
        "The person who made it (usr_…), or the admin who last enabled it after its maker's access ended.",
      )
      .meta({ examples: ["usr_01JQ2Z8X3V4B5N6M7K8J9H0G1F"] }),
    created_via: z
      .string()
      .describe(
        "What it was made through: a personal access token (pat_…), an agent connection (con_…) or `web` (the person in the web app). It is disabled when that credential, or its person's membership, ends.",
      )
      .meta({ examples: ["pat_01JQ2Z8X3V4B5N6M7K8J9H0G1F"] }),
    created_at: timeOut,
    updated_at: timeOut,
  })
  .meta({ id: "Webhook" });
export type WebhookView = z.output<typeof webhookView>;
export const createdWebhookView = webhookView
  .extend({
    secret: z
      .string()
      .describe("The signing secret (whsec_…), shown only now: keep it to verify deliveries.")
      .meta({ examples: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"] }),
  })
  .meta({ id: "CreatedWebhook" });

export const attemptView = z.object({
  attempted_at: timeOut,
  status_code: z.int().nullable().describe("The receiver's HTTP status; null when none came."),
  error: z.string().nullable().describe("Why no answer came (timeout, refused address, connection error)."),
  duration_ms: countOut,
  response: z.string().describe("The first KB of the answer."),
});
export const deliveryView = z
  .object({
    id: z
      .string()
      .describe("The delivery id, sent as `webhook-id` (the same on every retry).")
      .meta({ examples: ["msg_01JQ2Z8X3V4B5N6M7K8J9H0G1F"] }),
    webhook_id: z.string(),
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(["pending", "succeeded", "failed"]),
    attempts: countOut,
    next_attempt_at: timeOut.nullable(),
    last_status_code: z.int().nullable(),
    created_at: timeOut,
    finished_at: timeOut.nullable(),
    attempt_log: z.array(attemptView).describe("Every attempt, oldest first."),
  })
  .meta({ id: "WebhookDelivery" });
export type DeliveryView = z.output<typeof deliveryView>;

export const listDeliveriesQuery = z.strictObject({
  status: z
    .enum(["pending", "succeeded", "failed"], { error: "must be pending, succeeded or failed" })
    .optional()
    .describe("Only deliveries in this state."),
  ...pageQuery,
});
export const listWebhooksQuery = z.strictObject({ ...pageQuery });

const causeOf = (c: string | null) => (c === ACCESS_ENDED || c === RECEIVER_FAILING ? c : null);

const view = (w: Omit<WebhooksTable, "secret"> & { secret?: string }): WebhookView => ({
  id: w.id,
  url: w.url,
  description: w.description,
  events: JSON.parse(w.events),
  status: w.status,
  disabled_reason: w.disabled_reason,
  parked_until: w.parked_until,
  parked_reason: w.parked_until ? w.parked_reason : null,
  disabled_cause: w.status === "disabled" ? causeOf(w.disabled_cause) : null,
  created_by: w.created_by,
  created_via: w.created_via,
  created_at: w.created_at,
  updated_at: w.updated_at,
});

/**
 * Why a webhook may not call `raw`, checked by the one outbound guard (src/net/outbound.ts) with the
 * webhook's own rules on top: https only and no user name or password, unless the operator allowed
 * private addresses (WEBHOOK_ALLOW_PRIVATE), which also allows plain http. Undefined when it may.
 */
export async function webhookUrlProblem(raw: string, allowPrivate: boolean): Promise<string | undefined> {
  const problem = schemeProblem(raw, allowPrivate);
  if (problem) return problem;
  // with private addresses allowed, a name is not looked up now (a receiver's name may not resolve
  // from here yet); its addresses are checked at each delivery all the same
  if (allowPrivate && !checkAddress(new URL(raw).hostname)) return undefined;
  try {
    await resolveTarget(raw, { allowPrivate });
  } catch (error) {
    if (error instanceof OutboundError) return `is refused: ${refusal(error)}`;
    throw error;
  }
  return undefined;
}

async function checkUrl(ctx: Ctx, raw: string): Promise<void> {
  const problem = await webhookUrlProblem(raw, ctx.core.config.webhookAllowPrivate);
  if (problem) throw invalid(`url: ${problem}`, { url: problem });
}

async function requireWebhook(ctx: Ctx, id: string): Promise<WebhooksTable> {
  const row = await ctx.core.db
    .selectFrom("webhooks")
    .selectAll()
    .where("workspace_id", "=", ctx.workspaceId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw notFound(`No webhook ${id} in this workspace.`);
  return row;
}

/**
 * The webhook, when the caller may administer it: the workspace's Owner and admins any, a member only
 * those they made (an agent connection acts with its person's role and as its person). 403 `forbidden`
 * otherwise, naming who may.
 */
async function requireManageable(ctx: Ctx, id: string): Promise<WebhooksTable> {
  const row = await requireWebhook(ctx, id);
  if (row.created_by === ctx.actor.personId || isAdminRole(await roleIn(ctx))) return row;
  throw new DocketError(
    403,
    "forbidden",
    `Webhook ${id} was made by another member; only they, the workspace's admins and its Owner may change it, see its deliveries or send to it.`,
  );
}

/**
 * Makes a webhook, owned by the caller (any member with `workspace.write`) and tied to the credential
 * they act through. The limit is counted and the row inserted in one transaction that, on PostgreSQL,
 * first locks the workspace's row: concurrent creations queue there, so none sees a count another is
 * about to raise (SQLite has one writer at a time).
 */
export async function createWebhook(ctx: Ctx, input: z.output<typeof createWebhookInput>) {
  await checkUrl(ctx, input.url);
  const at = ctx.core.clock.now().toISOString();
  const id = newId("wh", new Date(at));
  const secret = `whsec_${randomBytes(32).toString("base64")}`;
  const row: WebhooksTable = {
    id,
    workspace_id: ctx.workspaceId,
    url: input.url,
    description: input.description ?? "",
    events: JSON.stringify([...new Set(input.events)]),
    // sealed at rest with the service's secret key; shown in clear only in this answer
    secret: ctx.core.secrets.seal(secret, secretPlace(id)),
    status: "enabled",
    disabled_reason: null,
    disabled_cause: null,
    failures_in_row: 0,
    parked_until: null,
    parked_reason: null,
    created_by: ctx.actor.personId,
    created_via: ctx.actor.via,
    created_at: at,
    updated_at: at,
  };
  await ctx.core.db.transaction().execute(async (trx) => {
    if (ctx.core.store.kind === "postgres")
      await trx.selectFrom("workspaces").select("id").where("id", "=", ctx.workspaceId).forUpdate().execute();
    const count = await trx
      .selectFrom("webhooks")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("workspace_id", "=", ctx.workspaceId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_WEBHOOKS) {
      throw invalid(`A workspace has at most ${MAX_WEBHOOKS} webhooks; delete one first.`);
    }
    await trx.insertInto("webhooks").values(row).execute();
  });
  return { ...view(row), secret };
}

export async function listWebhooks(ctx: Ctx, page: PageInput): Promise<Page<WebhookView>> {
  const { data, next_cursor } = await paginate(
    ctx.core.db.selectFrom("webhooks as w").selectAll().where("w.workspace_id", "=", ctx.workspaceId),
    "webhooks",
    [{ column: "w.id", direction: "asc" }],
    page,
  );
  return { data: data.map(view), next_cursor };
}

export async function getWebhook(ctx: Ctx, id: string): Promise<WebhookView> {
  return view(await requireWebhook(ctx, id));
}

/**
 * Changes a webhook (its maker, an admin or the Owner). Enabling one the service disabled because its
 * maker's access ended takes an admin or the Owner, who becomes its owner: it then lives on their
 * membership and the credential they enabled it through, so it never again runs on access that ended.
 */
export async function updateWebhook(ctx: Ctx, id: string, input: z.output<typeof updateWebhookInput>) {
  const current = await requireManageable(ctx, id);
  const enabling = input.status === "enabled" && current.status === "disabled";
  const adopting = enabling && current.disabled_cause === ACCESS_ENDED;
  if (adopting && !isAdminRole(await roleIn(ctx))) {
    throw new DocketError(
      403,
      "forbidden",
      `Webhook ${id} was disabled because the access it was made with ended; only the workspace's admins and its Owner may enable it again (and it becomes theirs).`,
    );
  }
  if (input.url !== undefined) await checkUrl(ctx, input.url);
  const at = ctx.core.clock.now().toISOString();
  const status = input.status ?? current.status;
  const next = {
    url: input.url ?? current.url,
    description: input.description ?? current.description,
    events: input.events ? JSON.stringify([...new Set(input.events)]) : current.events,
    status,
    disabled_reason: status === "enabled" ? null : current.disabled_reason,
    disabled_cause: status === "enabled" ? null : current.disabled_cause,
    ...(adopting ? { created_by: ctx.actor.personId, created_via: ctx.actor.via } : {}),
    updated_at: at,
  };
  await ctx.core.db.updateTable("webhooks").set(next).where("id", "=", id).execute();
  return view({ ...current, ...next });
}

export async function deleteWebhook(ctx: Ctx, id: string): Promise<{ id: string; deleted: true }> {
  await requireManageable(ctx, id);
  await ctx.core.db.deleteFrom("webhooks").where("id", "=", id).execute();
  return { id, deleted: true };
}

async function deliveryViews(core: Core, rows: WebhookDeliveriesTable[]): Promise<DeliveryView[]> {
  if (rows.length === 0) return [];
  const attempts = await core.db
    .selectFrom("webhook_attempts")
    .selectAll()
    .where(
      "delivery_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    webhook_id: r.webhook_id,
    event_id: r.event_id,
    event_type: r.event_type,
    status: r.status,
    attempts: Number(r.attempts),
    next_attempt_at: r.status === "pending" ? r.next_attempt_at : null,
    last_status_code: r.last_status_code,
    created_at: r.created_at,
    finished_at: r.finished_at,
    attempt_log: attempts
      .filter((a) => a.delivery_id === r.id)
      .map((a) => ({
        attempted_at: a.attempted_at,
        status_code: a.status_code,
        error: a.error,
        duration_ms: Number(a.duration_ms),
        response: a.response,
      })),
  }));
}

export async function listDeliveries(
  ctx: Ctx,
  id: string,
  q: z.output<typeof listDeliveriesQuery>,
): Promise<Page<DeliveryView>> {
  await requireManageable(ctx, id);
  let query = ctx.core.db
    .selectFrom("webhook_deliveries as d")
    .selectAll()
    .where("d.webhook_id", "=", id)
    .where("d.workspace_id", "=", ctx.workspaceId);
  if (q.status) query = query.where("d.status", "=", q.status);
  const { data, next_cursor } = await paginate(
    query,
    "deliveries",
    [{ column: "d.id", direction: "desc" }],
    q,
  );
  return { data: await deliveryViews(ctx.core, data), next_cursor };
}

async function requireDelivery(ctx: Ctx, id: string, delivery: string) {
  await requireManageable(ctx, id);
  const row = await ctx.core.db
    .selectFrom("webhook_deliveries")
    .selectAll()
    .where("webhook_id", "=", id)
    .where("id", "=", delivery)
    .executeTakeFirst();
  if (!row) throw notFound(`No delivery ${delivery} of webhook ${id}.`);
  return row;
}

/** Sends a delivery again now (the same `webhook-id`, so a receiver that saw it can tell). */
export async function redeliver(ctx: Ctx, id: string, delivery: string): Promise<DeliveryView> {
  await requireDelivery(ctx, id, delivery);
  const now = ctx.core.clock.now().toISOString();
  await ctx.core.db
    .updateTable("webhook_deliveries")
    .set({ status: "pending", next_attempt_at: now, locked_until: null, finished_at: null, created_at: now })
    .where("id", "=", delivery)
    .execute();
  await deliverNow(ctx.core, delivery);
  const [v] = await deliveryViews(ctx.core, [await requireDelivery(ctx, id, delivery)]);
  return v!;
}

/** Sends a `webhook.ping` to the webhook now and answers with the delivery and its first attempt. */
export async function pingWebhook(ctx: Ctx, id: string): Promise<DeliveryView> {
  const hook = await requireManageable(ctx, id);
  const at = ctx.core.clock.now();
  const deliveryIdValue = newId("msg", at);
  const eventId = newId("evt", at);
  const payload = {
    type: "webhook.ping",
    timestamp: at.toISOString(),
    data: { id: eventId, type: "webhook.ping", webhook_id: hook.id, created_at: at.toISOString() },
  };
  await ctx.core.db
    .insertInto("webhook_deliveries")
    .values({
      id: deliveryIdValue,
      webhook_id: hook.id,
      workspace_id: ctx.workspaceId,
      event_id: eventId,
      event_type: "webhook.ping",
      payload: JSON.stringify(payload),
      status: "pending",
      attempts: 0,
      next_attempt_at: at.toISOString(),
      created_at: at.toISOString(),
    })
    .execute();
  await deliverNow(ctx.core, deliveryIdValue);
  const [v] = await deliveryViews(ctx.core, [await requireDelivery(ctx, id, deliveryIdValue)]);
  return v!;
}

export const emptyQuery = z.strictObject({});
