import { z } from "zod";
import {
  createdWebhookView,
  createWebhook,
  createWebhookInput,
  deleteWebhook,
  deliveryId,
  deliveryView,
  getWebhook,
  listDeliveries,
  listDeliveriesQuery,
  listWebhooks,
  listWebhooksQuery,
  pingWebhook,
  redeliver,
  updateWebhook,
  updateWebhookInput,
  webhookId,
  webhookView,
} from "../../tracker/webhooks.ts";
import { noBody, op } from "./route.ts";

const params = z.strictObject({ id: webhookId });
const deliveryParams = z.strictObject({ id: webhookId, delivery_id: deliveryId });
const page = (item: z.ZodType) => z.object({ data: z.array(item), next_cursor: z.string().nullable() });
const SIGNING =
  "Deliveries follow the Standard Webhooks specification: a JSON body `{ type, timestamp, data }` (data is the event as `GET /v1/events` shows it) with the headers `webhook-id` (the delivery id, the same on every retry), `webhook-timestamp` and `webhook-signature` (HMAC-SHA256 with the secret); verify them with any Standard Webhooks library.";

op({
  method: "POST",
  path: "/webhooks",
  operationId: "createWebhook",
  tag: "Webhooks",
  summary: "Create a webhook: a URL and the event types it wants",
  description: `Answers with the webhook and its signing \`secret\` (whsec_…), shown only here. The URL must be https on a public address: private, loopback and link-local addresses (also through DNS) and plain http are refused with 400 saying why, unless the operator set WEBHOOK_ALLOW_PRIVATE=true. ${SIGNING} Deliveries are retried with exponential backoff for about 3 days; a webhook whose deliveries fail that long is disabled.`,
  scope: "workspace.write",
  status: 201,
  // the signing secret is in this answer: its copy kept for Idempotency-Key replays is sealed
  secretAnswer: true,
  body: createWebhookInput,
  response: createdWebhookView,
  handler: async ({ ctx, body }) => createWebhook(ctx, body),
});

op({
  method: "GET",
  path: "/webhooks",
  operationId: "listWebhooks",
  tag: "Webhooks",
  summary: "List the workspace's webhooks",
  description: "Oldest first; secrets are never shown again.",
  scope: "workspace.write",
  query: listWebhooksQuery,
  response: page(webhookView),
  handler: async ({ ctx, query }) => listWebhooks(ctx, query),
});

op({
  method: "GET",
  path: "/webhooks/:id",
  operationId: "getWebhook",
  tag: "Webhooks",
  summary: "One webhook",
  description: "The webhook's URL, event types, status (and why the service disabled it); never its secret.",
  scope: "workspace.write",
  params,
  response: webhookView,
  handler: async ({ ctx, params }) => getWebhook(ctx, params.id),
});

op({
  method: "PATCH",
  path: "/webhooks/:id",
  operationId: "updateWebhook",
  tag: "Webhooks",
  summary: "Change a webhook's URL, event types or description, or enable it again",
  description: "Only the fields sent change; a new URL is checked like a new webhook's.",
  scope: "workspace.write",
  params,
  body: updateWebhookInput,
  response: webhookView,
  handler: async ({ ctx, params, body }) => updateWebhook(ctx, params.id, body),
});

op({
  method: "DELETE",
  path: "/webhooks/:id",
  operationId: "deleteWebhook",
  tag: "Webhooks",
  summary: "Delete a webhook and its delivery log",
  description:
    "Its delivery log goes with it and nothing more is sent to its URL. Deleting one already gone answers 404.",
  scope: "workspace.write",
  params,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
  handler: async ({ ctx, params }) => deleteWebhook(ctx, params.id),
});

op({
  method: "GET",
  path: "/webhooks/:id/deliveries",
  operationId: "listWebhookDeliveries",
  tag: "Webhooks",
  summary: "A webhook's deliveries, newest first, each with every attempt",
  description:
    "Each attempt shows the receiver's status, how long it took and the first KB of its answer (or why no answer came).",
  scope: "workspace.write",
  params,
  query: listDeliveriesQuery,
  response: page(deliveryView),
  handler: async ({ ctx, params, query }) => listDeliveries(ctx, params.id, query),
});

op({
  method: "POST",
  path: "/webhooks/:id/deliveries/:delivery_id/redeliver",
  operationId: "redeliverWebhookDelivery",
  tag: "Webhooks",
  summary: "Send a delivery again now",
  description:
    "The same `webhook-id` and body, signed afresh; a failed delivery gets another 3 days of retries.",
  scope: "workspace.write",
  // the attempt waits on the receiver (up to its timeout): not inside a transaction; sending again is harmless
  slowOutsideDatabase: true,
  params: deliveryParams,
  body: noBody,
  response: deliveryView,
  handler: async ({ ctx, params }) => redeliver(ctx, params.id, params.delivery_id),
});

op({
  method: "POST",
  path: "/webhooks/:id/ping",
  operationId: "pingWebhook",
  tag: "Webhooks",
  summary: "Send a webhook.ping delivery now, to check the receiver",
  description:
    "A `webhook.ping` delivery, signed like every other, attempted at once; the answer is the delivery with that attempt.",
  scope: "workspace.write",
  // the attempt waits on the receiver (up to its timeout): not inside a transaction; sending again is harmless
  slowOutsideDatabase: true,
  params,
  body: noBody,
  response: deliveryView,
  handler: async ({ ctx, params }) => pingWebhook(ctx, params.id),
});
