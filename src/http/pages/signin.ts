import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { firstRunOpen } from "../../auth/team.ts";
import { enabledProviders, finishProviderSignIn, startProviderSignIn } from "../../auth/web/providers.ts";
import { destroySession, rotateSession, saveSessionData, unstoredSession } from "../../auth/web/sessions.ts";
import {
  type DeliverCode,
  requestSignInCode,
  signInWithVerifiedEmail,
  verifySignInCode,
} from "../../auth/web/signin.ts";
import { acceptTerms, hasAcceptedTerms } from "../../auth/web/terms.ts";
import type { Core } from "../../core.ts";
import type { Person } from "../../db/schema.ts";
import { DocketError } from "../../errors.ts";
import {
  checkCsrf,
  clearSessionCookie,
  currentSession,
  ensureSession,
  esc,
  keepSession,
  page,
  redirect,
  safeReturnTo,
  sendPage,
  signedInPerson,
  signInLocation,
  useSession,
} from "./session.ts";

export type Form = Record<string, string | undefined>;

export function notice(message: string, kind: "error" | "ok" | "" = "error"): string {
  return `<div class="notice ${kind}" role="${kind === "error" ? "alert" : "status"}">${esc(message)}</div>`;
}

export function describe(error: unknown): { status: number; message: string } {
  if (error instanceof DocketError) return { status: error.status, message: error.description };
  throw error;
}

/** Where a newly signed-in person goes: the Terms first unless the claim page asks for them itself. */
function afterSignIn(person: Person, returnTo: string): string {
  if (hasAcceptedTerms(person) || returnTo.startsWith("/claim?")) return returnTo;
  return `/welcome?return_to=${encodeURIComponent(returnTo)}`;
}

async function signIn(
  core: Core,
  request: FastifyRequest,
  reply: FastifyReply,
  person: Person,
  returnTo: string,
): Promise<FastifyReply> {
  useSession(core, request, reply, await rotateSession(core, await currentSession(core, request), person.id));
  return redirect(reply, afterSignIn(person, returnTo));
}

function emailForm(core: Core, csrf: string, returnTo: string, email = "", error?: string): string {
  const providers = enabledProviders(core.config)
    .map(
      (p) =>
        `<a class="button secondary" href="/sign-in/${p.id}?return_to=${esc(encodeURIComponent(returnTo))}">Sign in with ${esc(p.label)}</a>`,
    )
    .join("");
  return `${error ? notice(error) : ""}
<p>New here? Signing in for the first time creates your account.</p>
<form method="post" action="/sign-in">
<input type="hidden" name="csrf" value="${esc(csrf)}">
<input type="hidden" name="return_to" value="${esc(returnTo)}">
<label for="email">Email address</label>
<input type="email" id="email" name="email" autocomplete="email" required maxlength="254" value="${esc(email)}">
<p class="hint">We email you a six-digit code to type on the next page.</p>
<button type="submit">Email me a code</button>
</form>
${providers ? `<h2>Or</h2><p>${providers}</p>` : ""}`;
}

function codeForm(csrf: string, email: string, returnTo: string, error?: string): string {
  return `${error ? notice(error) : ""}
<p>We sent a six-digit code to <strong>${esc(email)}</strong>. It works for 10 minutes.</p>
<form method="post" action="/sign-in/code">
<input type="hidden" name="csrf" value="${esc(csrf)}">
<label for="code">Sign-in code</label>
<input type="text" id="code" name="code" class="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" maxlength="7" required>
<button type="submit">Sign in</button>
</form>
<form method="post" action="/sign-in">
<input type="hidden" name="csrf" value="${esc(csrf)}">
<input type="hidden" name="email" value="${esc(email)}">
<input type="hidden" name="return_to" value="${esc(returnTo)}">
<button type="submit" class="secondary">Send a new code</button>
<a href="/sign-in?return_to=${esc(encodeURIComponent(returnTo))}">Use another email address</a>
</form>`;
}

export function signInRoutes(core: Core, app: FastifyInstance, deliver: DeliverCode): void {
  app.get("/sign-in", async (request, reply) => {
    const query = request.query as Form;
    const returnTo = safeReturnTo(query.return_to);
    const person = await signedInPerson(core, request);
    if (person) return redirect(reply, afterSignIn(person, returnTo));
    const session = await ensureSession(core, request, reply);
    const firstRun = (await firstRunOpen(core))
      ? `<p class="notice ok" role="status">This Docket has no workspace yet: the first person to sign in creates it.</p>`
      : "";
    return sendPage(
      reply,
      200,
      page({ title: "Sign in", body: firstRun + emailForm(core, session.csrfToken, returnTo) }),
    );
  });

  app.post("/sign-in", async (request, reply) => {
    const form = request.body as Form;
    const session = await checkCsrf(core, request, form);
    const returnTo = safeReturnTo(form.return_to);
    try {
      const { email } = await requestSignInCode(core, session.idHash, form.email ?? "", deliver);
      await saveSessionData(core, session, { ...session.data, codeEmail: email, returnTo });
      return redirect(reply, "/sign-in/code");
    } catch (error) {
      const { status, message } = describe(error);
      const body = emailForm(core, session.csrfToken, returnTo, form.email ?? "", message);
      return sendPage(reply, status, page({ title: "Sign in", body }));
    }
  });

  app.get("/sign-in/code", async (request, reply) => {
    const session = await currentSession(core, request);
    if (!session?.data.codeEmail) return redirect(reply, "/sign-in");
    const body = codeForm(session.csrfToken, session.data.codeEmail, safeReturnTo(session.data.returnTo));
    return sendPage(reply, 200, page({ title: "Type your sign-in code", body }));
  });

  app.post("/sign-in/code", async (request, reply) => {
    const form = request.body as Form;
    const session = await checkCsrf(core, request, form);
    const returnTo = safeReturnTo(session.data.returnTo);
    try {
      const { person } = await verifySignInCode(core, session.idHash, form.code ?? "");
      return await signIn(core, request, reply, person, returnTo);
    } catch (error) {
      const { status, message } = describe(error);
      if (!session.data.codeEmail) return redirect(reply, "/sign-in");
      const body = codeForm(session.csrfToken, session.data.codeEmail, returnTo, message);
      return sendPage(reply, status, page({ title: "Type your sign-in code", body }));
    }
  });

  app.get("/sign-in/:provider", async (request, reply) => {
    const { provider } = request.params as { provider: string };
    const returnTo = safeReturnTo((request.query as Form).return_to);
    const session = await ensureSession(core, request, reply);
    try {
      const { url, pending } = await startProviderSignIn(core, provider, returnTo);
      await keepSession(core, request, session);
      await saveSessionData(core, session, { ...session.data, provider: pending });
      return reply.header("cache-control", "no-store").code(303).header("location", url).send();
    } catch (error) {
      const { status, message } = describe(error);
      return sendPage(reply, status, page({ title: "Sign-in failed", body: failure(message, returnTo) }));
    }
  });

  app.get("/sign-in/:provider/callback", async (request, reply) => {
    const { provider } = request.params as { provider: string };
    const session = await currentSession(core, request);
    const pending = session?.data.provider;
    const returnTo = safeReturnTo(pending?.returnTo);
    try {
      // The pending sign-in is used up whatever the answer: a state works once.
      if (session && pending) await saveSessionData(core, session, { ...session.data, provider: undefined });
      const callback = new URL(request.url, `${core.config.baseUrl}/`);
      const who = await finishProviderSignIn(core, provider, pending, callback);
      const { person } = await signInWithVerifiedEmail(core, who);
      return await signIn(core, request, reply, person, returnTo);
    } catch (error) {
      const { status, message } = describe(error);
      return sendPage(reply, status, page({ title: "Sign-in failed", body: failure(message, returnTo) }));
    }
  });

  app.post("/sign-out", async (request, reply) => {
    const form = request.body as Form;
    const session = await checkCsrf(core, request, form);
    await destroySession(core, session);
    clearSessionCookie(core, reply);
    if (form.return_to) {
      // Switching accounts: a fresh anonymous session (stored once a form is posted), and the sign-in
      // page is told where to come back to.
      const returnTo = safeReturnTo(form.return_to);
      useSession(core, request, reply, unstoredSession(core));
      return redirect(reply, signInLocation(returnTo));
    }
    return redirect(reply, "/sign-in");
  });

  app.get("/welcome", async (request, reply) => {
    const returnTo = safeReturnTo((request.query as Form).return_to);
    const person = await signedInPerson(core, request);
    if (!person) return redirect(reply, signInLocation(`/welcome?return_to=${encodeURIComponent(returnTo)}`));
    if (hasAcceptedTerms(person)) return redirect(reply, returnTo);
    const session = (await currentSession(core, request))!;
    return sendPage(
      reply,
      200,
      page({
        title: "Welcome to Docket",
        body: termsForm(session.csrfToken, returnTo),
        person,
        csrf: session.csrfToken,
      }),
    );
  });

  app.post("/welcome", async (request, reply) => {
    const form = request.body as Form;
    const session = await checkCsrf(core, request, form);
    const returnTo = safeReturnTo(form.return_to);
    const person = await signedInPerson(core, request);
    if (!person) return redirect(reply, signInLocation(returnTo));
    if (form.accept_terms !== "yes") {
      const body = termsForm(
        session.csrfToken,
        returnTo,
        "Tick the box to accept the Terms of Service and Privacy Policy.",
      );
      return sendPage(
        reply,
        400,
        page({ title: "Welcome to Docket", body, person, csrf: session.csrfToken }),
      );
    }
    await acceptTerms(core, person.id);
    return redirect(reply, returnTo);
  });
}

function failure(message: string, returnTo: string): string {
  return `${notice(message)}<p><a class="button" href="/sign-in?return_to=${esc(encodeURIComponent(returnTo))}">Sign in again</a></p>`;
}

export function termsCheckbox(): string {
  return `<label class="choice" for="accept_terms"><input type="checkbox" id="accept_terms" name="accept_terms" value="yes" required>
<span>I accept the <a href="/terms" target="_blank">Terms of Service</a> and the <a href="/privacy" target="_blank">Privacy Policy</a>.</span></label>`;
}

function termsForm(csrf: string, returnTo: string, error?: string): string {
  return `${error ? notice(error) : ""}
<p>Before you go on, please read and accept the Terms of Service and the Privacy Policy.</p>
<form method="post" action="/welcome">
<input type="hidden" name="csrf" value="${esc(csrf)}">
<input type="hidden" name="return_to" value="${esc(returnTo)}">
${termsCheckbox()}
<button type="submit">Continue</button>
</form>`;
}
