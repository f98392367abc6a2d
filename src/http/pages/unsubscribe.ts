import type { FastifyInstance } from "fastify";
import type { Core } from "../../core.ts";
import { unsubscribe, unsubscribeTokenPerson } from "../../tracker/inbox-mail.ts";
import { esc, page, sendPage } from "./session.ts";
import { notice } from "./signin.ts";

/**
 * The link at the foot of every inbox mail: GET shows a button (so a mail scanner that follows links
 * changes nothing), POST turns the person's inbox mail off, as the one-click `List-Unsubscribe-Post` of
 * RFC 8058 does. The token in the link is the authority: a MAC of the person's id.
 */
export function unsubscribeRoutes(core: Core, app: FastifyInstance): void {
  const personOf = (query: unknown) => {
    const token = (query as { token?: unknown }).token;
    return typeof token === "string" ? unsubscribeTokenPerson(core, token) : undefined;
  };
  const bad = "This unsubscribe link is not valid. Change your mail in the app's settings instead.";

  app.get("/inbox/unsubscribe", async (request, reply) => {
    const person = personOf(request.query);
    if (!person) return sendPage(reply, 400, page({ title: "Unsubscribe", body: notice(bad) }));
    const token = (request.query as { token: string }).token;
    return sendPage(
      reply,
      200,
      page({
        title: "Unsubscribe",
        body: `<h1>Stop inbox mail</h1><p>Docket mails you about your inbox. Turn that off?</p>
<form method="post" action="/inbox/unsubscribe?token=${esc(encodeURIComponent(token))}"><button type="submit">Turn off inbox mail</button></form>`,
      }),
    );
  });

  app.post("/inbox/unsubscribe", async (request, reply) => {
    const person = personOf(request.query);
    if (!person) return sendPage(reply, 400, page({ title: "Unsubscribe", body: notice(bad) }));
    await unsubscribe(core, person);
    return sendPage(
      reply,
      200,
      page({
        title: "Unsubscribed",
        body: notice("Inbox mail is off. You can turn it on again in the app's settings.", "ok"),
      }),
    );
  });
}
