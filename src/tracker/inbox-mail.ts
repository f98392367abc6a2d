import nodemailer from "nodemailer";
import type { Logger } from "pino";
import { DAY, MINUTE } from "../clock.ts";
import type { Core } from "../core.ts";
import { inSpan } from "../ops/hooks.ts";

/**
 * Mail about the inbox, over the SMTP the service already uses (SMTP_URL): each new item at once for
 * people who chose `immediate`, one digest a day of the unread items for those who chose `daily`. Every
 * mail carries a link (and the List-Unsubscribe headers, one-click per RFC 8058) that turns it off.
 * An item is mailed at most once: it is marked before the mail goes, and unmarked if the mail fails.
 */

export interface InboxMail {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

export type SendMail = (mail: InboxMail) => Promise<void>;

/** How often a running service looks for inbox mail to send. */
export const INBOX_MAIL_EVERY_MS = MINUTE;
/** The most items one round mails at once (the rest wait for the next round). */
const BATCH = 200;

const UNSUBSCRIBE_PURPOSE = "inbox-unsubscribe";

/** The link in every mail that turns a person's inbox mail off. */
export function unsubscribeUrl(core: Core, personId: string): string {
  const token = `${personId}.${core.secrets.mac(UNSUBSCRIBE_PURPOSE, personId)}`;
  return new URL(`/inbox/unsubscribe?token=${encodeURIComponent(token)}`, core.config.baseUrl).toString();
}

/** The person an unsubscribe token names, or undefined when it is not one this service made. */
export function unsubscribeTokenPerson(core: Core, token: string): string | undefined {
  const dot = token.indexOf(".");
  if (dot <= 0) return undefined;
  const personId = token.slice(0, dot);
  return core.secrets.macMatches(UNSUBSCRIBE_PURPOSE, personId, token.slice(dot + 1)) ? personId : undefined;
}

/** Turns a person's inbox mail off (the unsubscribe link); true when it was on. */
export async function unsubscribe(core: Core, personId: string): Promise<boolean> {
  const r = await core.db
    .updateTable("people")
    .set({ inbox_email: "off", updated_at: core.clock.now().toISOString() })
    .where("id", "=", personId)
    .where("inbox_email", "!=", "off")
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Mail through SMTP_URL; undefined when the service has no SMTP (then no inbox mail is sent). */
export function smtpSender(core: Core): SendMail | undefined {
  if (!core.config.smtpUrl) return undefined;
  const transport = nodemailer.createTransport(core.config.smtpUrl);
  return async (mail) => {
    // a span when tracing is on: the mail's kind, never its address or text
    await inSpan("smtp send", "client", { "docket.mail.kind": "inbox" }, () =>
      transport.sendMail({
        from: core.config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        headers: mail.headers,
      }),
    );
  };
}

interface Pending {
  id: string;
  person_id: string;
  email: string;
  kind: string;
  title: string;
  excerpt: string;
  subject_type: string;
  subject_id: string;
  issue_identifier: string | null;
  workspace_slug: string;
  created_at: string;
}

const KIND_TEXT: Record<string, string> = {
  mention: "mentioned you",
  assignment: "assigned you",
  approval: "asks for your approval",
  review: "asks for your review",
  webhook_disabled: "it receives no events until it is enabled again",
  budget_warning: "80% of this month's budget is spent",
  budget_exceeded:
    "this month's budget is spent: its runs stop and it takes no new work until the month ends",
};

function itemText(core: Core, n: Pending): string {
  // the web app's pages: /{workspace}/issue/ENG-42, /{workspace}/decisions/dec_…, /{workspace}/notes/note_…;
  // anything else (a comment on a decision or a note) opens the person's inbox, which links to it
  const where = n.issue_identifier
    ? `/${n.workspace_slug}/issue/${n.issue_identifier}`
    : n.subject_type === "decision" || n.subject_type === "note"
      ? `/${n.workspace_slug}/${n.subject_type}s/${n.subject_id}`
      : `/${n.workspace_slug}/inbox`;
  return [
    `${n.title} (${n.workspace_slug}): ${KIND_TEXT[n.kind] ?? n.kind}`,
    ...(n.excerpt ? [`  ${n.excerpt}`] : []),
    `  ${new URL(where, core.config.baseUrl).toString()}`,
  ].join("\n");
}

function mailOf(core: Core, personId: string, to: string, subject: string, body: string[]): InboxMail {
  const link = unsubscribeUrl(core, personId);
  return {
    to,
    subject,
    text: [
      ...body,
      "",
      "You get this mail because of your Docket inbox settings.",
      `Turn it off: ${link}`,
    ].join("\n"),
    headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

function pendingQuery(core: Core, choice: "immediate" | "daily") {
  return core.db
    .selectFrom("inbox_items as n")
    .innerJoin("people as p", "p.id", "n.person_id")
    .innerJoin("workspaces as w", "w.id", "n.workspace_id")
    .leftJoin("issues as i", "i.id", "n.issue_id")
    .select([
      "n.id",
      "n.person_id",
      "p.email",
      "n.kind",
      "n.title",
      "n.excerpt",
      "n.subject_type",
      "n.subject_id",
      "i.identifier as issue_identifier",
      "w.slug as workspace_slug",
      "n.created_at",
    ])
    .where("p.inbox_email", "=", choice)
    .where("p.suspended_at", "is", null)
    .where("n.emailed_at", "is", null)
    .where("n.read_at", "is", null);
}

/** Marks items mailed unless another instance did first; the ids this call took. */
async function take(core: Core, ids: string[], at: string): Promise<string[]> {
  const taken: string[] = [];
  for (const id of ids) {
    const r = await core.db
      .updateTable("inbox_items")
      .set({ emailed_at: at })
      .where("id", "=", id)
      .where("emailed_at", "is", null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) > 0) taken.push(id);
  }
  return taken;
}

async function release(core: Core, ids: string[]): Promise<void> {
  if (ids.length)
    await core.db.updateTable("inbox_items").set({ emailed_at: null }).where("id", "in", ids).execute();
}

/**
 * One round of inbox mail: a mail per new unread item for people who chose immediate; a digest for each
 * person who chose daily and had none for a day, of their unread items not mailed yet. Returns how many
 * mails went.
 */
export async function sendInboxMail(
  core: Core,
  send: SendMail,
): Promise<{ immediate: number; digests: number }> {
  const now = core.clock.now();
  const at = now.toISOString();
  let immediate = 0;
  const items = (await pendingQuery(core, "immediate").orderBy("n.id").limit(BATCH).execute()) as Pending[];
  for (const n of items) {
    if ((await take(core, [n.id], at)).length === 0) continue;
    try {
      await send(
        mailOf(core, n.person_id, n.email, `[Docket] ${n.title}: ${KIND_TEXT[n.kind] ?? n.kind}`, [
          itemText(core, n),
        ]),
      );
      immediate++;
    } catch (error) {
      await release(core, [n.id]);
      throw error;
    }
  }

  let digests = 0;
  const due = await core.db
    .selectFrom("people")
    .select(["id", "email", "digest_sent_at"])
    .where("inbox_email", "=", "daily")
    .where("suspended_at", "is", null)
    .where((eb) =>
      eb.or([
        eb("digest_sent_at", "is", null),
        eb("digest_sent_at", "<=", new Date(now.getTime() - DAY).toISOString()),
      ]),
    )
    .orderBy("id")
    .limit(BATCH)
    .execute();
  for (const person of due) {
    // one instance per person per day: the digest time moves first, compare-and-set
    const moved = await core.db
      .updateTable("people")
      .set({ digest_sent_at: at })
      .where("id", "=", person.id)
      .where((eb) =>
        person.digest_sent_at === null
          ? eb("digest_sent_at", "is", null)
          : eb("digest_sent_at", "=", person.digest_sent_at),
      )
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) continue;
    const list = (await pendingQuery(core, "daily")
      .where("n.person_id", "=", person.id)
      .orderBy("n.id")
      .limit(BATCH)
      .execute()) as Pending[];
    if (list.length === 0) continue;
    const taken = new Set(
      await take(
        core,
        list.map((n) => n.id),
        at,
      ),
    );
    const mine = list.filter((n) => taken.has(n.id));
    if (mine.length === 0) continue;
    try {
      await send(
        mailOf(
          core,
          person.id,
          person.email,
          `[Docket] Your daily digest: ${mine.length} new item${mine.length === 1 ? "" : "s"}`,
          [
            `${mine.length} item${mine.length === 1 ? "" : "s"} in your Docket inbox since the last digest:`,
            "",
            ...mine.map((n) => itemText(core, n)).flatMap((t) => [t, ""]),
          ],
        ),
      );
      digests++;
    } catch (error) {
      await release(
        core,
        mine.map((n) => n.id),
      );
      await core.db
        .updateTable("people")
        .set({ digest_sent_at: person.digest_sent_at })
        .where("id", "=", person.id)
        .execute();
      throw error;
    }
  }
  return { immediate, digests };
}

/** Sends inbox mail now and then while the service runs (with SMTP_URL); a failed round is logged. */
export function startInboxMail(core: Core, logger: Logger, everyMs = INBOX_MAIL_EVERY_MS): () => void {
  const send = smtpSender(core);
  if (!send) return () => {};
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sendInboxMail(core, send)
      .then((sent) => {
        if (sent.immediate + sent.digests > 0) logger.info({ inbox_mail: sent }, "inbox mail sent");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "inbox mail failed; trying again later"))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
