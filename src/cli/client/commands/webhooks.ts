import type { BodyOf, QueryOf, Schemas } from "../../../client/index.ts";
import { table, UsageError } from "../../output.ts";
import { ok } from "../api.ts";
import { type ClientCommand, defined, LIST_OPTIONS, many, moreNote, pageWant } from "../context.ts";
import { fields } from "../render.ts";
import { humanTime } from "../time.ts";

type WebhookView = Schemas["Webhook"];
type DeliveryView = Schemas["WebhookDelivery"];

function webhookText(w: WebhookView & { secret?: string }, paint: Parameters<typeof fields>[1]): string {
  return fields(
    [
      ["Webhook", w.id],
      ["URL", w.url],
      ["Events", w.events.join(", ")],
      ["Status", w.disabled_reason ? `${w.status}: ${w.disabled_reason}` : w.status],
      ["Description", w.description || null],
      ["Made by", `${w.created_by} via ${w.created_via}`],
      ...(w.secret
        ? ([["Secret", `${w.secret}  (shown only now: keep it to verify deliveries)`]] as [string, string][])
        : []),
    ],
    paint,
  );
}

function deliveryLine(d: DeliveryView): string[] {
  const last = d.attempt_log.at(-1);
  return [
    d.id,
    d.event_type,
    d.status,
    String(d.attempts),
    last ? (last.status_code === null ? (last.error ?? "") : String(last.status_code)) : "",
    humanTime(d.next_attempt_at ?? d.finished_at, { precise: true }) ?? "",
  ];
}

const EDIT_OPTIONS = {
  url: { type: "string" },
  events: { type: "string", multiple: true },
  description: { type: "string" },
} as const;

export const WEBHOOK_COMMANDS: ClientCommand[] = [
  {
    name: "webhooks create",
    summary: "Create a webhook; prints its signing secret once",
    options: EDIT_OPTIONS,
    examples: [
      "docket webhooks create --url https://ci.example.com/docket --events 'issue.*,claim.created'",
      "docket webhooks create --url https://chat.example.com/hook --events issue.ready --json | jq -r .secret",
    ],
    async run(ctx, v) {
      if (typeof v.url !== "string") throw new UsageError("--url is required");
      const events = many(v, "events");
      if (!events?.length) throw new UsageError("--events is required (e.g. --events 'issue.*')");
      const body = defined({ url: v.url, events, description: v.description as string | undefined });
      const w = await ok(ctx.api().v1.POST("/webhooks", { body: body as BodyOf<"createWebhook"> }));
      return { json: w, text: webhookText(w, ctx.paint) };
    },
  },
  {
    name: "webhooks list",
    summary: "The workspace's webhooks",
    options: { ...LIST_OPTIONS },
    examples: ["docket webhooks list"],
    async run(ctx, v) {
      const api = ctx.api();
      const page = await api.list(pageWant(v), (at) =>
        ok(api.v1.GET("/webhooks", { params: { query: at } })),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      return {
        json: page,
        text: table(
          ["ID", "URL", "EVENTS", "STATUS"],
          page.data.map((w) => [w.id, w.url, w.events.join(","), w.status]),
          { ...(ctx.term.width ? { width: ctx.term.width } : {}), shrink: [1] },
        ),
        ...(note ? { note } : {}),
      };
    },
  },
  {
    name: "webhooks show",
    summary: "One webhook",
    positionals: ["id"],
    options: {},
    examples: ["docket webhooks show wh_01JD4Q5M0V6S8Y2T7K3N9W1XBC"],
    async run(ctx, _v, [id]) {
      const w = await ok(ctx.api().v1.GET("/webhooks/{id}", { params: { path: { id: id! } } }));
      return { json: w, text: webhookText(w, ctx.paint) };
    },
  },
  {
    name: "webhooks update",
    summary: "Change a webhook's URL, events or description; --enable / --disable",
    positionals: ["id"],
    options: { ...EDIT_OPTIONS, enable: { type: "boolean" }, disable: { type: "boolean" } },
    examples: [
      "docket webhooks update wh_01JD4Q5M0V6S8Y2T7K3N9W1XBC --events issue.ready",
      "docket webhooks update wh_01JD4Q5M0V6S8Y2T7K3N9W1XBC --enable",
    ],
    async run(ctx, v, [id]) {
      if (v.enable === true && v.disable === true) throw new UsageError("--enable and --disable do not mix");
      const body = defined({
        url: v.url as string | undefined,
        events: many(v, "events"),
        description: v.description as string | undefined,
        status: v.enable === true ? "enabled" : v.disable === true ? "disabled" : undefined,
      });
      if (Object.keys(body).length === 0)
        throw new UsageError("nothing to change: give --url, --events, --description, --enable or --disable");
      const w = await ok(
        ctx.api().v1.PATCH("/webhooks/{id}", {
          params: { path: { id: id! } },
          body: body as BodyOf<"updateWebhook">,
        }),
      );
      return { json: w, text: webhookText(w, ctx.paint) };
    },
  },
  {
    name: "webhooks delete",
    summary: "Delete a webhook and its delivery log",
    positionals: ["id"],
    options: {},
    examples: ["docket webhooks delete wh_01JD4Q5M0V6S8Y2T7K3N9W1XBC"],
    async run(ctx, _v, [id]) {
      const r = await ok(ctx.api().v1.DELETE("/webhooks/{id}", { params: { path: { id: id! } } }));
      return { json: r, text: `Deleted ${id}.` };
    },
  },
  {
    name: "webhooks deliveries",
    summary: "A webhook's deliveries, newest first, with the last attempt's answer",
    positionals: ["id"],
    options: { status: { type: "string" }, ...LIST_OPTIONS },
    examples: ["docket webhooks deliveries wh_01JD4Q5M0V6S8Y2T7K3N9W1XBC --status failed"],
    async run(ctx, v, [id]) {
      const api = ctx.api();
      const query = defined({ status: v.status as string | undefined }) as QueryOf<"listWebhookDeliveries">;
      const page = await api.list(pageWant(v), (at) =>
        ok(
          api.v1.GET("/webhooks/{id}/deliveries", {
            params: { path: { id: id! }, query: { ...query, ...at } },
          }),
        ),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      return {
        json: page,
        text: table(
          ["DELIVERY", "EVENT", "STATUS", "ATTEMPTS", "LAST ANSWER", "NEXT / DONE"],
          page.data.map(deliveryLine),
          {
            ...(ctx.term.width ? { width: ctx.term.width } : {}),
          },
        ),
        ...(note ? { note } : {}),
      };
    },
  },
  {
    name: "webhooks redeliver",
    summary: "Send a delivery again now",
    positionals: ["id", "delivery"],
    options: {},
    examples: ["docket webhooks redeliver wh_01JD4Q5M0V6S8Y2T7K3N9W1XBC msg_01JD4Q5M0V6S8Y2T7K3N9W1XBD"],
    async run(ctx, _v, [id, delivery]) {
      const d = await ok(
        ctx.api().v1.POST("/webhooks/{id}/deliveries/{delivery_id}/redeliver", {
          params: { path: { id: id!, delivery_id: delivery! } },
          body: {},
        }),
      );
      return {
        json: d,
        text: table(
          ["DELIVERY", "EVENT", "STATUS", "ATTEMPTS", "LAST ANSWER", "NEXT / DONE"],
          [deliveryLine(d)],
        ),
      };
    },
  },
  {
    name: "webhooks ping",
    summary: "Send a webhook.ping delivery now, to check the receiver",
    positionals: ["id"],
    options: {},
    examples: ["docket webhooks ping wh_01JD4Q5M0V6S8Y2T7K3N9W1XBC"],
    async run(ctx, _v, [id]) {
      const d = await ok(
        ctx.api().v1.POST("/webhooks/{id}/ping", { params: { path: { id: id! } }, body: {} }),
      );
      return {
        json: d,
        text: table(
          ["DELIVERY", "EVENT", "STATUS", "ATTEMPTS", "LAST ANSWER", "NEXT / DONE"],
          [deliveryLine(d)],
        ),
      };
    },
  },
];
