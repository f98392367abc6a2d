import nodemailer from "nodemailer";
import type { Config } from "../../config.ts";
import type { DeliverCode } from "./signin.ts";

interface InfoLog {
  info(object: Record<string, unknown>, message: string): void;
}

/**
 * How sign-in codes reach people: mail over SMTP (SMTP_URL), or, without it, a line in the server log at
 * info level with the address and the code, for a service run on one's own machine.
 */
export function createCodeDelivery(config: Config, log: InfoLog): DeliverCode {
  if (!config.smtpUrl) {
    return async (email, code) => {
      // The log is the mail here: the operator reads the code from it. With SMTP_URL set it never is.
      log.info({ sign_in_email: email, sign_in_code_for_delivery: code }, "sign-in code (no SMTP_URL set)");
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  const host = new URL(config.baseUrl).host;
  return async (email, code) => {
    await transport.sendMail({
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
    });
  };
}
