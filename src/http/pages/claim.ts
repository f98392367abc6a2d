import type { FastifyInstance } from "fastify";
import {
  type ApproveInput,
  approveClaim,
  type ClaimView,
  denyClaim,
  describeClaim,
  viewClaim,
} from "../../auth/web/claims.ts";
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
import { describe, type Form, notice, termsCheckbox } from "./signin.ts";

type Open = Extract<ClaimView, { state: "open" }>;

function claimUrl(token: string): string {
  return `/claim?claim_attempt_token=${encodeURIComponent(token)}`;
}

function agentName(view: Open): string {
  return view.clientName
    ? `<p class="agent-name">The agent calls itself <strong>“${esc(view.clientName)}”</strong>.</p>
<p class="unverified">This is the agent's own name for itself; Docket has not verified it.</p>`
    : `<p class="agent-name">The agent gave no name for itself.</p>`;
}

function claimForm(view: Open, csrf: string, token: string, sent: Form = {}, error?: string): string {
  const workspaces =
    view.workspaces.length === 0
      ? `<fieldset><legend>Workspace</legend>
<p class="hint">You have no workspace yet. Name your first one; the agent will work there.</p>
<label for="new_workspace">Name of your first workspace</label>
<input type="text" id="new_workspace" name="new_workspace" maxlength="100" required value="${esc(sent.new_workspace ?? "")}">
</fieldset>`
      : `<fieldset><legend>Workspace the agent may use</legend>
${view.workspaces
  .map((w, i) => {
    const full = w.used >= w.limit;
    const checked = sent.workspace ? sent.workspace === w.id : i === 0 && view.workspaces.length === 1;
    return `<label class="choice" for="ws-${esc(w.id)}"><input type="radio" id="ws-${esc(w.id)}" name="workspace" value="${esc(w.id)}" required${checked ? " checked" : ""}>
<span>${esc(w.name)} <span class="hint">(${esc(w.slug)}) · ${w.used} of ${w.limit} agent connections used${full ? " · full: free a slot in settings first" : ""}</span></span></label>`;
  })
  .join("\n")}
</fieldset>`;
  const access = sent.access === "read-write" ? "read-write" : sent.access === "read" ? "read" : "";
  return `${error ? notice(error) : ""}
${agentName(view)}
<p>It asks to act for <strong>${esc(view.loginHint)}</strong>. Approve only if you started this from an agent you trust.</p>
<form method="post" action="/claim">
<input type="hidden" name="csrf" value="${esc(csrf)}">
<input type="hidden" name="claim_attempt_token" value="${esc(token)}">
<label for="code">Code the agent shows you</label>
<input type="text" id="code" name="code" class="code" inputmode="numeric" autocomplete="off" pattern="[0-9 ]{6,7}" maxlength="7">
<p class="hint">Six digits. ${view.triesLeft} ${view.triesLeft === 1 ? "try" : "tries"} left for this code.</p>
${workspaces}
<fieldset><legend>Access</legend>
<label class="choice" for="access-read"><input type="radio" id="access-read" name="access" value="read"${access === "read" ? " checked" : ""}>
<span>Read only <span class="hint">— it can read issues, notes and decisions, and change nothing</span></span></label>
<label class="choice" for="access-read-write"><input type="radio" id="access-read-write" name="access" value="read-write"${access === "read-write" ? " checked" : ""}>
<span>Read and write <span class="hint">— it can also create and change things</span></span></label>
</fieldset>
${view.termsAccepted ? "" : termsCheckbox().replace(" required", "")}
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" class="danger" formnovalidate>Deny</button>
</form>`;
}

function stateBody(view: ClaimView, csrf: string | undefined, token: string): string {
  if (view.state === "wrong_account" && csrf) {
    return `${notice(describeClaim(view))}
<form method="post" action="/sign-out">
<input type="hidden" name="csrf" value="${esc(csrf)}">
<input type="hidden" name="return_to" value="${esc(claimUrl(token))}">
<button type="submit">Sign out and sign in as ${esc(view.maskedHint)}</button>
</form>`;
  }
  return notice(describeClaim(view), view.state === "decided" && view.status !== "denied" ? "ok" : "error");
}

const TITLE = "Connect an agent";

export function claimRoutes(core: Core, app: FastifyInstance): void {
  app.get("/claim", async (request, reply) => {
    const token = (request.query as Form).claim_attempt_token ?? "";
    const person = await signedInPerson(core, request);
    if (!person) return redirect(reply, signInLocation(claimUrl(token)));
    const csrf = (await currentSession(core, request))!.csrfToken;
    const view = await viewClaim(core, token, person);
    const body = view.state === "open" ? claimForm(view, csrf, token) : stateBody(view, csrf, token);
    return sendPage(
      reply,
      view.state === "not_found" ? 404 : 200,
      page({ title: TITLE, body, person, csrf }),
    );
  });

  app.post("/claim", async (request, reply) => {
    const form = request.body as Form;
    const session = await checkCsrf(core, request, form);
    const token = form.claim_attempt_token ?? "";
    const person = await signedInPerson(core, request);
    if (!person) return redirect(reply, signInLocation(claimUrl(token)));
    const csrf = session.csrfToken;
    const show = (status: number, body: string) =>
      sendPage(reply, status, page({ title: TITLE, body, person, csrf }));
    try {
      if (form.decision === "deny") {
        await denyClaim(core, person, token);
        return show(
          200,
          notice("You denied this agent. It gets no access; it must register again to ask once more.", "ok"),
        );
      }
      if (form.decision !== "approve") return show(400, notice("Choose Approve or Deny."));
      const input: ApproveInput = {
        viewToken: token,
        code: form.code ?? "",
        workspaceId: form.workspace,
        newWorkspaceName: form.new_workspace,
        access: form.access ?? "",
        acceptTerms: form.accept_terms === "yes",
      };
      const approval = await approveClaim(core, person, input);
      const ws = await core.db
        .selectFrom("workspaces")
        .select("name")
        .where("id", "=", approval.workspaceId)
        .executeTakeFirstOrThrow();
      return show(200, approved(ws.name, approval.scopes.length > 1));
    } catch (error) {
      const { status, message } = describe(error);
      const view = await viewClaim(core, token, await reload(core, person));
      const body =
        view.state === "open"
          ? claimForm(view, csrf, token, form, message)
          : `${notice(message)}${view.state === "wrong_account" ? stateBody(view, csrf, token) : ""}`;
      return show(status, body);
    }
  });
}

async function reload(core: Core, person: Person): Promise<Person> {
  return (
    (await core.db.selectFrom("people").selectAll().where("id", "=", person.id).executeTakeFirst()) ?? person
  );
}

function approved(workspace: string, write: boolean): string {
  return `${notice(`Approved. The agent now has ${write ? "read and write" : "read-only"} access to ${workspace}. Go back to it: it finishes connecting on its own.`, "ok")}
<p>You can revoke it at any time in <a href="/settings">Settings</a>.</p>`;
}
