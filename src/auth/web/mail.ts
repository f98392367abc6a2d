import nodemailer from "nodemailer";
import type { Config } from "../../config.ts";
import { inSpan } from "../../ops/hooks.ts";
import { type DeliverCode, SIGN_IN_CODE_TTL_MS } from "./signin.ts";

interface InfoLog {
  info(object: Record<string, unknown>, message: string): void;
}

/** Writes one line for the person running the service (its standard error). */
export type ConsoleLine = (line: string) => void;

const toStderr: ConsoleLine = (line) => {
  process.stderr.write(`${line}\n`);
};

/**
 * How sign-in codes reach people: mail over SMTP (SMTP_URL), or, without it, a line in the server log at
 * info level with the address and the code, for a service run on one's own machine. Outside production
 * mode the code is also written as a plain line of its own on standard error
 * (`Sign-in code for ada@example.com: 123456 (valid 10 minutes)`), where a person starting the service
 * in a terminal sees it among the JSON log lines.
 */
export function createCodeDelivery(config: Config, log: InfoLog, say: ConsoleLine = toStderr): DeliverCode {
  if (!config.smtpUrl) {
    const minutes = Math.round(SIGN_IN_CODE_TTL_MS / 60_000);
    return async (email, code) => {
      // The log is the mail here: the operator reads the code from it. With SMTP_URL set it never is.
      log.info({ sign_in_email: email, sign_in_code_for_delivery: code }, "sign-in code (no SMTP_URL set)");
      if (!config.production) say(`Sign-in code for ${email}: ${code} (valid ${minutes} minutes)`);
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  const host = new URL(config.baseUrl).host;
  return async (email, code) => {
    await sendTraced("sign_in", () =>
      transport.sendMail({
        from: config.mailFrom,
        to: email,
        subject: `${code} is your Docket sign-in code`,
        text: [
          `Your Docket sign-in code for ${host} is:`,
          "",
          `    ${code}`,
          "",
          "Type it on the sign-in page within 10 minutes. If you did not ask to sign in, ignore this mail;",
          "nobody can sign in without the code.",
        ].join("\n"),
      }),
    );
  };
}

/** What an invitation's mail says: who invites to which workspace, the link, and until when. */
export interface InvitationLetter {
  to: string;
  workspaceName: string;
  inviterName: string;
  role: "admin" | "member";
  url: string;
  expiresAt: string;
}

/**
 * Sends an invitation: over SMTP (SMTP_URL), or, without it, as a line in the server log at info level
 * with the address and the link, as sign-in codes are (and outside production mode as a plain line on
 * standard error too). True when it went by mail.
 */
export async function deliverInvitation(
  config: Config,
  log: InfoLog,
  letter: InvitationLetter,
  say: ConsoleLine = toStderr,
): Promise<boolean> {
  if (!config.smtpUrl) {
    log.info(
      { invitation_email: letter.to, invitation_url_for_delivery: letter.url },
      "invitation (no SMTP_URL set)",
    );
    if (!config.production) say(`Invitation for ${letter.to} to ${letter.workspaceName}: ${letter.url}`);
    return false;
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  const role = letter.role === "admin" ? "an admin" : "a member";
  await sendTraced("invitation", () =>
    transport.sendMail({
      from: config.mailFrom,
      to: letter.to,
      subject: `${letter.inviterName} invited you to ${letter.workspaceName} on Docket`,
      text: [
        `${letter.inviterName} invited you to join ${letter.workspaceName} on Docket as ${role}.`,
        "",
        "Open this link to accept; you sign in (or sign up) with this email address:",
        "",
        `    ${letter.url}`,
        "",
        `The link works once, until ${letter.expiresAt.slice(0, 16).replace("T", " ")} UTC. If you did not expect`,
        "this invitation, ignore this mail.",
      ].join("\n"),
    }),
  );
  transport.close();
  return true;
}

/** One mail sent through SMTP, as a span when tracing is on (its kind, never its address or text). */
function sendTraced<T>(kind: string, send: () => Promise<T>): Promise<T> {
  return inSpan("smtp send", "client", { "docket.mail.kind": kind }, send);
}
