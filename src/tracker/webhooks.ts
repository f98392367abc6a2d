import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Core } from "../core.ts";
import type { WebhookDeliveriesTable, WebhooksTable } from "../db/schema.ts";
import { invalid, notFound } from "../errors.ts";
import { checkAddress, OutboundError, resolveTarget } from "../net/outbound.ts";
import { newId } from "../secrets.ts";
import { countOut, timeOut } from "./common.ts";
import type { Ctx } from "./context.ts";
import { typePattern } from "./events.ts";
import { type Page, type PageInput, pageQuery, paginate } from "./pagination.ts";
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
const events = z
  .array(typePattern, { error: "must be an array of event types" })
  .min(1, { error: "must name at least one event type or pattern" })
  .max(50, { error: "must hold at most 50 types" })
  .describe("The event types delivered: exact (`issue.ready`), patterns (`issue.*`) or `*` for all.")
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
    .describe("`enabled` turns a disabled webhook back on (its failed deliveries stay failed)."),
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

const view = (w: Omit<WebhooksTable, "secret"> & { secret?: string }): WebhookView => ({
  id: w.id,
  url: w.url,
  description: w.description,
  events: JSON.parse(w.events),
  status: w.status,
  disabled_reason: w.disabled_reason,
  parked_until: w.parked_until,
  parked_reason: w.parked_until ? w.parked_reason : null,
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

export async function createWebhook(ctx: Ctx, input: z.output<typeof createWebhookInput>) {
  await checkUrl(ctx, input.url);
  const count = await ctx.core.db
    .selectFrom("webhooks")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("workspace_id", "=", ctx.workspaceId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_WEBHOOKS) {
    throw invalid(`A workspace has at most ${MAX_WEBHOOKS} webhooks; delete one first.`);
  }
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
    failures_in_row: 0,
    parked_until: null,
    parked_reason: null,
    created_by: ctx.actor.personId,
    created_via: ctx.actor.via,
    created_at: at,
    updated_at: at,
  };
  await ctx.core.db.insertInto("webhooks").values(row).execute();
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

export async function updateWebhook(ctx: Ctx, id: string, input: z.output<typeof updateWebhookInput>) {
  const current = await requireWebhook(ctx, id);
  if (input.url !== undefined) await checkUrl(ctx, input.url);
  const at = ctx.core.clock.now().toISOString();
  const next = {
    url: input.url ?? current.url,
    description: input.description ?? current.description,
    events: input.events ? JSON.stringify([...new Set(input.events)]) : current.events,
    status: input.status ?? current.status,
    disabled_reason: input.status === "enabled" ? null : current.disabled_reason,
    updated_at: at,
  };
  await ctx.core.db.updateTable("webhooks").set(next).where("id", "=", id).execute();
  return view({ ...current, ...next });
}

export async function deleteWebhook(ctx: Ctx, id: string): Promise<{ id: string; deleted: true }> {
  await requireWebhook(ctx, id);
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
  await requireWebhook(ctx, id);
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
  await requireWebhook(ctx, id);
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
  const hook = await requireWebhook(ctx, id);
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
