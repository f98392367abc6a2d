import type { Transaction } from "kysely";
import type { Core } from "../core.ts";
import type { Database, Role } from "../db/schema.ts";
import type { Db } from "../db/store.ts";
import type { Ctx } from "./context.ts";
import { emitEvent } from "./events.ts";
import { notify } from "./inbox.ts";

/**
 * A webhook lives on the access that made it: the person's membership of the workspace and the
 * credential it was made through (`created_via`: a PAT `pat_…`, an agent connection `con_…`, or `web`,
 * the person's own session, which ends only with the membership or the account). When one of those
 * ends, its webhooks are disabled here, in the transaction of the ending, with a `webhook.disabled`
 * event and an item in the Owner's inbox. The one place that disables a webhook for the service.
 */

/** `disabled_cause` of a webhook whose creator's access ended: only an admin or the Owner enables it again. */
export const ACCESS_ENDED = "access_ended";
/** `disabled_cause` of a webhook whose deliveries failed for 3 days: whoever manages it may enable it again. */
export const RECEIVER_FAILING = "receiver_failing";

/** Which webhooks an ending reaches: those a person made (in one workspace, or all), or made through one credential. */
export interface WebhookMakers {
  /** the person who made them (`created_by`) */
  personId?: string;
  /** only in this workspace (with personId: a membership ended) */
  workspaceId?: string;
  /** the credential they were made through (`created_via`: `pat_…`, `con_…`) */
  via?: string;
  /** these webhooks, whoever made them (the delivery worker giving up on one) */
  ids?: readonly string[];
}

/** The text of `disabled_reason` for each way access ends. */
export const ACCESS_ENDED_REASONS = {
  member_removed: "Its creator was removed from the workspace.",
  account_suspended: "Its creator's account was suspended.",
  account_deleted: "Its creator's account was deleted.",
  token_revoked: "The personal access token it was made with was revoked.",
  token_expired: "The personal access token it was made with expired.",
  connection_revoked: "The agent connection it was made with was revoked.",
  connection_expired: "The agent connection it was made with lapsed.",
} as const;

const AFTER = " An admin or the Owner may enable it again, and becomes its owner.";

/**
 * Disables the enabled webhooks `makers` names, inside `db`'s transaction (or one of its own), with
 * `reason` as `disabled_reason`; each gets a `webhook.disabled` event and an inbox item for its
 * workspace's Owner. `cause` is `access_ended` (the default: its creator's access ended) or
 * `receiver_failing` (deliveries failed for 3 days: whoever manages it may enable it again). The
 * event's actor is the webhook's maker and credential, as for other endings the service records
 * (`claim.expired`). Returns how many.
 */
export async function disableWebhooksOf(
  core: Core,
  db: Db,
  makers: WebhookMakers,
  reason: string,
  cause: typeof ACCESS_ENDED | typeof RECEIVER_FAILING = ACCESS_ENDED,
): Promise<number> {
  if (!makers.personId && !makers.via && !makers.ids) throw new Error("disableWebhooksOf needs a filter");
  if (makers.ids?.length === 0) return 0;
  const run = async (trx: Transaction<Database>) => {
    let q = trx
      .selectFrom("webhooks as w")
      .innerJoin("workspaces as ws", "ws.id", "w.workspace_id")
      .select(["w.id", "w.workspace_id", "w.url", "w.created_by", "w.created_via", "ws.owner_id"])
      .where("w.status", "=", "enabled");
    if (makers.personId) q = q.where("w.created_by", "=", makers.personId);
    if (makers.workspaceId) q = q.where("w.workspace_id", "=", makers.workspaceId);
    if (makers.via) q = q.where("w.created_via", "=", makers.via);
    if (makers.ids) q = q.where("w.id", "in", makers.ids);
    const hooks = await q.orderBy("w.id").execute();
    const at = core.clock.now().toISOString();
    const text = cause === ACCESS_ENDED ? `${reason}${AFTER}` : reason;
    let disabled = 0;
    for (const h of hooks) {
      const done = await trx
        .updateTable("webhooks")
        .set({ status: "disabled", disabled_reason: text, disabled_cause: cause, updated_at: at })
        .where("id", "=", h.id)
        .where("status", "=", "enabled")
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) === 0) continue;
      disabled++;
      const ctx: Ctx = {
        core,
        workspaceId: h.workspace_id,
        actor: { personId: h.created_by, via: h.created_via },
      };
      await emitEvent(trx, ctx, {
        type: "webhook.disabled",
        object: { type: "webhook", id: h.id },
        data: {
          url: h.url,
          reason: text,
          cause,
          created_by: h.created_by,
          created_via: h.created_via,
        },
        at,
      });
      // the Owner is told even of their own webhook: the ending may not have looked like it touched one
      await notify(
        trx,
        ctx,
        [
          {
            personId: h.owner_id,
            kind: "webhook_disabled",
            subject: { type: "webhook", id: h.id },
            title: `Webhook ${h.url} was disabled`,
            excerpt: text,
          },
        ],
        { evenSelf: true },
      );
    }
    return disabled;
  };
  return db.isTransaction ? run(db as Transaction<Database>) : db.transaction().execute(run);
}

/**
 * Disables the webhooks made through credentials that ran out without anyone revoking them: personal
 * access tokens past their `expires_at`, and connections whose assertion or idle time ran out (housekeeping
 * calls this). Returns how many webhooks it disabled.
 */
export async function disableWebhooksOfLapsedCredentials(core: Core): Promise<number> {
  const now = core.clock.now().toISOString();
  const vias = await core.db
    .selectFrom("webhooks as w")
    .select("w.created_via")
    .distinct()
    .where("w.status", "=", "enabled")
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom("personal_access_tokens as t")
            .select("t.id")
            .whereRef("t.id", "=", "w.created_via")
            .where("t.expires_at", "is not", null)
            .where("t.expires_at", "<=", now),
        ),
        eb.exists(
          eb
            .selectFrom("connections as c")
            .select("c.id")
            .whereRef("c.id", "=", "w.created_via")
            .where((e) =>
              e.or([
                e.and([e("c.assertion_expires_at", "is not", null), e("c.assertion_expires_at", "<=", now)]),
                e.and([e("c.idle_expires_at", "is not", null), e("c.idle_expires_at", "<=", now)]),
              ]),
            ),
        ),
      ]),
    )
    .execute();
  let disabled = 0;
  for (const { created_via: via } of vias) {
    const reason = via.startsWith("pat_")
      ? ACCESS_ENDED_REASONS.token_expired
      : ACCESS_ENDED_REASONS.connection_expired;
    disabled += await disableWebhooksOf(core, core.db, { via }, reason);
  }
  return disabled;
}

/** The caller's role in the workspace (an agent connection acts with its person's). */
export async function roleIn(ctx: Ctx, db: Db = ctx.core.db): Promise<Role | undefined> {
  const row = await db
    .selectFrom("memberships")
    .select("role")
    .where("workspace_id", "=", ctx.workspaceId)
    .where("person_id", "=", ctx.actor.personId)
    .executeTakeFirst();
  return row?.role;
}

export const isAdminRole = (role: Role | undefined): boolean => role === "owner" || role === "admin";
