import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Core } from "../../core.ts";
import { isUniqueViolation } from "../../db/store.ts";
import { DocketError, notFound, rateLimited } from "../../errors.ts";
import { newId } from "../../secrets.ts";
import { actOn } from "./automation.ts";
import { readGitHub } from "./github.ts";
import { readGitLab } from "./gitlab.ts";
import { type CodeEvent, obj, str } from "./payloads.ts";
import { type IntegrationRow, integrationSecretPlace, KEPT_DELIVERIES } from "./store.ts";

/**
 * One webhook delivery from a code host, `POST /api/integrations/{id}/webhook`: the signature is checked
 * on the raw bytes, in constant time, before anything is parsed (GitHub: `X-Hub-Signature-256`, an
 * HMAC-SHA256 of the body with the secret; GitLab: `X-Gitlab-Token`, the secret itself); a delivery id
 * seen before (`X-GitHub-Delivery`, `X-Gitlab-Event-UUID`) is answered without acting again; the rest
 * is read, acted on and logged (the last 100 per integration).
 */

/** Deliveries an integration may send a minute (a push of many commits comes as one). */
export const DELIVERIES_PER_MINUTE = 6000;
const WINDOW_MS = 60_000;

export interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** GitHub's "application/x-www-form-urlencoded" content type: the JSON is the `payload` field */
  form?: boolean;
}

export interface Answer {
  status: 200 | 202;
  body: Record<string, unknown>;
}

const header = (d: Delivery, name: string): string | undefined => {
  const v = d.headers[name];
  return typeof v === "string" ? v : Array.isArray(v) ? v[0] : undefined;
};

/** Constant-time equality of two strings of any length (both hashed first, so lengths do not leak). */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Whether the delivery is signed with `secret`; undefined when it is, else why not (for the log). */
export function signatureProblem(
  provider: "github" | "gitlab",
  d: Delivery,
  secret: string,
): string | undefined {
  if (provider === "gitlab") {
    const token = header(d, "x-gitlab-token");
    if (token === undefined) return "no X-Gitlab-Token header";
    return sameSecret(token, secret) ? undefined : "X-Gitlab-Token does not match";
  }
  const given = header(d, "x-hub-signature-256");
  if (given === undefined) return "no X-Hub-Signature-256 header";
  const m = /^sha256=([0-9a-fA-F]{64})$/.exec(given.trim());
  const expected = createHmac("sha256", secret).update(d.body).digest();
  if (!m) {
    timingSafeEqual(expected, expected);
    return "X-Hub-Signature-256 is not sha256=<hex>";
  }
  return timingSafeEqual(Buffer.from(m[1]!, "hex"), expected)
    ? undefined
    : "X-Hub-Signature-256 does not match";
}

export class Unauthorized extends DocketError {
  readonly reason: string;
  constructor(reason: string) {
    super(
      401,
      "unauthorized",
      "The delivery's signature is missing or does not match this integration's secret.",
    );
    this.reason = reason;
  }
}

async function integrationOf(core: Core, id: string): Promise<IntegrationRow> {
  const row = /^int_[0-9A-Z]{26}$/.test(id)
    ? await core.db.selectFrom("integrations").selectAll().where("id", "=", id).executeTakeFirst()
    : undefined;
  if (!row) throw notFound(`No integration ${id}.`);
  return row;
}

/** Takes one delivery: 401 (Unauthorized) unsigned, 404 unknown, 429 over the rate, else the answer. */
export async function receiveDelivery(core: Core, id: string, d: Delivery): Promise<Answer> {
  const integration = await integrationOf(core, id);
  const secret = core.secrets.open(integration.secret, integrationSecretPlace(integration.id));
  const problem = signatureProblem(integration.provider, d, secret);
  if (problem) throw new Unauthorized(problem);

  // the in-process limiter (Redis's when set, shared by instances): a delivery writes nothing to count it
  const limit = await core.requestLimiter.hit(
    `integration:${integration.id}`,
    DELIVERIES_PER_MINUTE,
    WINDOW_MS,
  );
  if (!limit.allowed) {
    const reset = Math.max(1, Math.ceil(limit.resetMs / 1000));
    throw rateLimited(
      reset,
      `More than ${DELIVERIES_PER_MINUTE} deliveries a minute to this integration; retry after ${reset} seconds.`,
    );
  }

  const github = integration.provider === "github";
  const event = (github ? header(d, "x-github-event") : header(d, "x-gitlab-event")) ?? "";
  const deliveryId =
    (github ? header(d, "x-github-delivery") : header(d, "x-gitlab-event-uuid"))?.slice(0, 200) ||
    // a host that names no delivery: the body's hash stands for it (the same bytes again are a redelivery)
    `sha256:${createHash("sha256").update(d.body).digest("hex")}`;
  const at = core.clock.now().toISOString();

  const seen = await core.db
    .selectFrom("integration_deliveries")
    .select(["id", "outcome", "summary"])
    .where("integration_id", "=", integration.id)
    .where("delivery_id", "=", deliveryId)
    .executeTakeFirst();
  if (seen && seen.outcome !== "error")
    return {
      status: 200,
      body: { duplicate: true, delivery_id: deliveryId, outcome: seen.outcome, summary: seen.summary },
    };

  let parsed: unknown;
  let read: CodeEvent;
  try {
    const text = d.body.toString("utf8");
    parsed = JSON.parse(d.form ? (new URLSearchParams(text).get("payload") ?? "") : text);
    read = github ? readGitHub(event, parsed) : readGitLab(event, parsed);
  } catch {
    read = { type: "ignored", reason: "the body is not JSON" };
  }
  const action = str(obj(parsed).action) ?? (github ? null : str(obj(obj(parsed).object_attributes).action));
  let outcome: "linked" | "ignored" | "error";
  let summary: string;
  let failure: unknown;
  try {
    ({ outcome, summary } = await actOn(core, integration, read));
  } catch (error) {
    outcome = "error";
    summary = `failed: ${(error as Error).message ?? String(error)}`.slice(0, 500);
    failure = error;
  }
  const recorded = await record(core, integration.id, seen?.id, {
    delivery_id: deliveryId,
    event: event.slice(0, 100) || "(none)",
    action: action?.slice(0, 100) ?? null,
    outcome,
    summary,
    received_at: at,
  });
  if (failure) throw failure;
  if (!recorded) return { status: 200, body: { duplicate: true, delivery_id: deliveryId } };
  return {
    status: 202,
    body: {
      delivery_id: deliveryId,
      event,
      outcome,
      summary,
      ...(read.type === "ignored" ? { ignored: true } : {}),
    },
  };
}

/**
 * Logs the delivery (or, for one that failed before, its new outcome), notes when the integration last
 * heard from its host, and trims its log to the last KEPT_DELIVERIES, in one transaction. False when
 * the same delivery was logged meanwhile (a redelivery racing it): it is then a duplicate.
 */
async function record(
  core: Core,
  integrationId: string,
  failedBefore: string | undefined,
  d: {
    delivery_id: string;
    event: string;
    action: string | null;
    outcome: "linked" | "ignored" | "error";
    summary: string;
    received_at: string;
  },
): Promise<boolean> {
  try {
    await core.db.transaction().execute(async (trx) => {
      if (failedBefore)
        await trx
          .updateTable("integration_deliveries")
          .set({ outcome: d.outcome, summary: d.summary, received_at: d.received_at })
          .where("id", "=", failedBefore)
          .execute();
      else
        await trx
          .insertInto("integration_deliveries")
          .values({ id: newId("idl", new Date(d.received_at)), integration_id: integrationId, ...d })
          .execute();
      await trx
        .updateTable("integrations")
        .set({ last_delivery_at: d.received_at })
        .where("id", "=", integrationId)
        .execute();
      // ids grow with time (ULIDs): the newest KEPT_DELIVERIES stay
      await trx
        .deleteFrom("integration_deliveries")
        .where("integration_id", "=", integrationId)
        .where(
          "id",
          "not in",
          trx
            .selectFrom("integration_deliveries")
            .select("id")
            .where("integration_id", "=", integrationId)
            .orderBy("id", "desc")
            .limit(KEPT_DELIVERIES),
        )
        .execute();
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
