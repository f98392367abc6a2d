import type { FastifyPluginAsync } from "fastify";
import { LimiterUnavailable } from "../../auth/limits.ts";
import { createCodeDelivery } from "../../auth/web/mail.ts";
import { sweepSessions } from "../../auth/web/sessions.ts";
import type { Core } from "../../core.ts";
import { isUnavailable } from "../../db/store.ts";
import type { DocketError } from "../../errors.ts";
import { claimRoutes } from "./claim.ts";
import { inviteRoutes } from "./invite.ts";
import { PRIVACY_HTML, TERMS_HTML } from "./legal.ts";
import { acceptForms, currentSession, page, STYLESHEET_PATH, sendPage, signedInPerson } from "./session.ts";
import { settingsRoutes } from "./settings.ts";
import { describe, notice, signInRoutes } from "./signin.ts";
import { STYLESHEET } from "./style.ts";
import { unsubscribeRoutes } from "./unsubscribe.ts";

/** Expired sessions are swept about once per this many new sign-in page views. */
const SWEEP_EVERY = 200;

/**
 * The person's pages: sign in (emailed code, GitHub, OpenID Connect), Terms, the claim page that
 * approves or denies an agent registration, and settings. Server-rendered HTML, no scripts.
 */
export function pageRoutes(core: Core): FastifyPluginAsync {
  return async (app) => {
    acceptForms(app);
    // Errors on pages are pages: the message, and where to go from here.
    app.setErrorHandler(async (error, request, reply) => {
      let status: number;
      let message: string;
      try {
        ({ status, message } = describe(error));
        // e.g. Retry-After on a 429
        for (const [name, value] of Object.entries((error as DocketError).headers ?? {})) {
          reply.header(name, value);
        }
      } catch {
        const fe = error as { statusCode?: number };
        if (error instanceof LimiterUnavailable || isUnavailable(error)) {
          // As on the API: when limits or the store cannot be checked, refuse rather than allow.
          request.log.error({ err: error }, "a page could not be served: limits or database unavailable");
          status = 503;
          message = "Docket cannot check this right now; try again in a few seconds.";
          reply.header("retry-after", "5");
        } else if (typeof fe.statusCode === "number" && fe.statusCode >= 400 && fe.statusCode < 500) {
          status = fe.statusCode;
          message = "The request could not be handled; go back and try again.";
        } else {
          request.log.error({ err: error }, "unhandled error on a page");
          status = 500;
          message = `Something went wrong on our side. Quote request id ${request.id} when reporting it.`;
        }
      }
      const person = await signedInPerson(core, request).catch(() => null);
      const csrf = person ? (await currentSession(core, request))?.csrfToken : undefined;
      return sendPage(
        reply,
        status,
        page({ title: "Something went wrong", body: notice(message), person, csrf }),
      );
    });

    const deliver = createCodeDelivery(core.config, app.log);
    let views = 0;
    app.addHook("onResponse", async (request) => {
      if (request.method === "GET" && request.url.startsWith("/sign-in") && ++views % SWEEP_EVERY === 0) {
        await sweepSessions(core).catch((err) => request.log.warn({ err }, "sweeping web sessions failed"));
      }
    });

    app.get(STYLESHEET_PATH, async (_request, reply) =>
      reply
        .type("text/css; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .header("cross-origin-resource-policy", "same-origin")
        .send(STYLESHEET),
    );

    for (const [path, title, html] of [
      ["/terms", "Terms of Service", TERMS_HTML],
      ["/privacy", "Privacy Policy", PRIVACY_HTML],
    ] as const) {
      app.get(path, async (request, reply) => {
        const person = await signedInPerson(core, request);
        const csrf = person ? (await currentSession(core, request))?.csrfToken : undefined;
        return sendPage(reply, 200, page({ title, body: html, person, csrf }));
      });
    }

    signInRoutes(core, app, deliver);
    claimRoutes(core, app);
    inviteRoutes(core, app);
    settingsRoutes(core, app);
    unsubscribeRoutes(core, app);
  };
}
