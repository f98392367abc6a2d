import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  acceptInvitation,
  INVITATION_REFUSALS,
  lookUpInvitation,
  maskEmail,
} from "../../auth/invitations.ts";
import { createFirstWorkspace, firstRunOpen, joinableWorkspaces, joinByDomain } from "../../auth/team.ts";
import { hasAcceptedTerms } from "../../auth/web/terms.ts";
import type { Core } from "../../core.ts";
import type { Person } from "../../db/schema.ts";
import {
  checkCsrf,
  currentSession,
  esc,
  page,
  redirect,
  sendPage,
  signedInPerson,
  signInLocation,
} from "./session.ts";
import { describe, type Form, notice } from "./signin.ts";

/**
 * The pages that bring a person into a workspace: an invitation's link (`/invite?token=…`: sign in or
 * up with the invited address, then Join) and `/join` (workspaces whose allowed email domains include
 * the person's verified address). Both join with a form POST, never on a GET (mail scanners open links).
 */

const inviteLink = (token: string) => `/invite?token=${encodeURIComponent(token)}`;

async function signedInWithTerms(
  core: Core,
  request: FastifyRequest,
  reply: FastifyReply,
  returnTo: string,
): Promise<{ person: Person; csrf: string } | undefined> {
  const person = await signedInPerson(core, request);
  if (!person) return undefined;
  if (!hasAcceptedTerms(person)) {
    redirect(reply, `/welcome?return_to=${encodeURIComponent(returnTo)}`);
    return undefined;
  }
  return { person, csrf: (await currentSession(core, request))!.csrfToken };
}

export function inviteRoutes(core: Core, app: FastifyInstance): void {
  const show = (
    reply: FastifyReply,
    status: number,
    title: string,
    body: string,
    who?: { person: Person; csrf: string },
  ) =>
    sendPage(
      reply,
      status,
      page({ title, body, person: who?.person ?? null, ...(who ? { csrf: who.csrf } : {}) }),
    );

  app.get("/invite", async (request, reply) => {
    const token = String((request.query as Record<string, unknown>).token ?? "");
    const found = await lookUpInvitation(core, token);
    const signedIn = await signedInPerson(core, request);
    const who = signedIn ? await signedInWithTerms(core, request, reply, inviteLink(token)) : undefined;
    if (signedIn && !who) return reply;
    if (!found.ok) {
      return show(reply, 410, "Invitation not valid", notice(INVITATION_REFUSALS[found.reason]), who);
    }
    const inv = found.invitation;
    const role = inv.role === "admin" ? "an admin" : "a member";
    const intro = `<p class="lead"><strong>${esc(inv.inviterName)}</strong> invited you to join <strong>${esc(inv.workspace.name)}</strong> on Docket as ${role}.</p>`;
    if (!who) {
      return show(
        reply,
        200,
        `Join ${inv.workspace.name}`,
        `${intro}
<p>Sign in, or sign up, with the address the invitation was sent to (${esc(maskEmail(inv.email))}).</p>
<p><a class="button" href="${esc(signInLocation(inviteLink(token)))}">Sign in to accept</a></p>`,
      );
    }
    if (who.person.email.toLowerCase() !== inv.email) {
      return show(
        reply,
        403,
        "This invitation is for someone else",
        `${intro}
${notice(`The invitation was sent to ${maskEmail(inv.email)}; you are signed in as ${who.person.email}. Sign out, then open the link again and sign in with the invited address.`)}`,
        who,
      );
    }
    const member = await core.db
      .selectFrom("memberships")
      .select("role")
      .where("workspace_id", "=", inv.workspace.id)
      .where("person_id", "=", who.person.id)
      .executeTakeFirst();
    if (member) {
      return show(
        reply,
        200,
        `Join ${inv.workspace.name}`,
        `${intro}
<p>You are already a member of ${esc(inv.workspace.name)}.</p>
<p><a class="button" href="/${esc(inv.workspace.slug)}/issues">Open ${esc(inv.workspace.name)}</a></p>`,
        who,
      );
    }
    return show(
      reply,
      200,
      `Join ${inv.workspace.name}`,
      `${intro}
<form method="post" action="/invite">
<input type="hidden" name="csrf" value="${esc(who.csrf)}">
<input type="hidden" name="token" value="${esc(token)}">
<p><button type="submit">Join ${esc(inv.workspace.name)}</button></p>
</form>`,
      who,
    );
  });

  app.post("/invite", async (request, reply) => {
    const form = request.body as Form;
    await checkCsrf(core, request, form);
    const token = form.token ?? "";
    const who = await signedInWithTerms(core, request, reply, inviteLink(token));
    if (!who) return reply.sent ? reply : redirect(reply, signInLocation(inviteLink(token)));
    try {
      const joined = await acceptInvitation(core, token, who.person);
      return redirect(reply, `/${joined.workspace.slug}/issues`);
    } catch (error) {
      const { status, message } = describe(error);
      return show(reply, status, "Invitation not accepted", notice(message), who);
    }
  });

  const firstRunBody = (csrf: string, message = "", name = "") =>
    `${message}<p class="lead">This Docket has no workspace yet. As the first person here, name the first one: you become its Owner, and invite your team from its Members page.</p>
<form method="post" action="/join/first">
<input type="hidden" name="csrf" value="${esc(csrf)}">
<label for="workspace-name">Workspace name</label>
<input type="text" id="workspace-name" name="name" maxlength="100" required placeholder="Acme" value="${esc(name)}">
<p class="hint">It gets one space, General; add more from the app.</p>
<p><button type="submit">Create workspace</button></p>
</form>`;

  const joinBody = async (person: Person, csrf: string, message = "") => {
    if (await firstRunOpen(core)) return firstRunBody(csrf, message);
    const open = await joinableWorkspaces(core, person);
    const domain = person.email.slice(person.email.lastIndexOf("@") + 1);
    const list = open.length
      ? `<ul class="items">${open
          .map(
            (w) => `<li><h3>${esc(w.name)} <span class="hint">(${esc(w.slug)})</span></h3>
<form method="post" action="/join"><input type="hidden" name="csrf" value="${esc(csrf)}">
<input type="hidden" name="workspace" value="${esc(w.slug)}">
<button type="submit" aria-label="Join ${esc(w.name)}">Join</button></form></li>`,
          )
          .join("")}</ul>`
      : `<p>No workspace lets people at <strong>${esc(domain)}</strong> join by themselves. Ask a workspace's admin to invite ${esc(person.email)}.</p>`;
    return `${message}<p class="hint">Workspaces whose admins let people with a verified address at ${esc(domain)} join as members.</p>${list}`;
  };

  app.get("/join", async (request, reply) => {
    const who = await signedInWithTerms(core, request, reply, "/join");
    if (!who) return reply.sent ? reply : redirect(reply, signInLocation("/join"));
    return show(reply, 200, "Join a workspace", await joinBody(who.person, who.csrf), who);
  });

  app.post("/join/first", async (request, reply) => {
    const form = request.body as Form;
    await checkCsrf(core, request, form);
    const who = await signedInWithTerms(core, request, reply, "/join");
    if (!who) return reply.sent ? reply : redirect(reply, signInLocation("/join"));
    try {
      const ws = await createFirstWorkspace(core, who.person, { name: form.name ?? "" });
      return redirect(reply, `/${ws.slug}/issues`);
    } catch (error) {
      const { status, message } = describe(error);
      const body =
        status === 400 && (await firstRunOpen(core))
          ? firstRunBody(who.csrf, notice(message), form.name ?? "")
          : await joinBody(who.person, who.csrf, notice(message));
      return show(reply, status, "Join a workspace", body, who);
    }
  });

  app.post("/join", async (request, reply) => {
    const form = request.body as Form;
    await checkCsrf(core, request, form);
    const who = await signedInWithTerms(core, request, reply, "/join");
    if (!who) return reply.sent ? reply : redirect(reply, signInLocation("/join"));
    try {
      const ws = await joinByDomain(core, who.person, form.workspace ?? "");
      return redirect(reply, `/${ws.slug}/issues`);
    } catch (error) {
      const { status, message } = describe(error);
      return show(
        reply,
        status,
        "Join a workspace",
        await joinBody(who.person, who.csrf, notice(message)),
        who,
      );
    }
  });
}
