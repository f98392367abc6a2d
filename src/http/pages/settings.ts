import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { listPats, mintPat, revokePat, type TokenView } from "../../auth/tokens.ts";
import { type ConnectionRow, listConnections, revokeOwnConnection } from "../../auth/web/settings.ts";
import { hasAcceptedTerms } from "../../auth/web/terms.ts";
import type { Core } from "../../core.ts";
import type { Person } from "../../db/schema.ts";
import { invalid } from "../../errors.ts";
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

/** Expiry choices of a new personal access token, in days; 0 is "never". */
export const PAT_EXPIRY_CHOICES = [7, 30, 90, 365, 0] as const;
const DEFAULT_PAT_EXPIRY = 90;

function when(at: string | null, none = "never"): string {
  if (!at) return none;
  return `<time datetime="${esc(at)}">${esc(at.slice(0, 16).replace("T", " "))} UTC</time>`;
}

function access(scopes: readonly string[]): string {
  return scopes.includes("workspace.write") ? "read and write" : "read only";
}

function connectionItem(c: ConnectionRow, csrf: string): string {
  const mark = c.kind === "agent" ? `<span class="badge flow">made through the registration flow</span>` : "";
  const status = c.status === "active" ? "" : `<span class="badge ${c.status}">${c.status}</span>`;
  const expiry =
    c.kind === "agent"
      ? `<dt>Assertion expires</dt><dd>${when(c.assertionExpiresAt)}</dd>`
      : `<dt>Ends if unused until</dt><dd>${when(c.idleExpiresAt)}</dd>`;
  const revoke =
    c.status === "revoked"
      ? `<p class="hint">Revoked ${when(c.revokedAt)}</p>`
      : `<form method="post" action="/settings/connections/${esc(encodeURIComponent(c.id))}/revoke">
<input type="hidden" name="csrf" value="${esc(csrf)}">
<button type="submit" class="danger" aria-label="Revoke ${esc(c.name)}">Revoke</button></form>`;
  return `<li><h3>${esc(c.name)} <span class="hint">(its own name, unverified)</span>${mark}${status}</h3>
<dl><dt>Workspace</dt><dd>${esc(c.workspace.name)}</dd>
<dt>Access</dt><dd>${access(c.scopes)}</dd>
<dt>Created</dt><dd>${when(c.createdAt)}</dd>
<dt>Last used</dt><dd>${when(c.lastUsedAt)}</dd>
${expiry}</dl>
${revoke}</li>`;
}

function tokenItem(t: TokenView, csrf: string): string {
  const status = t.status === "active" ? "" : `<span class="badge ${t.status}">${t.status}</span>`;
  const revoke =
    t.status === "revoked"
      ? ""
      : `<form method="post" action="/settings/tokens/${esc(encodeURIComponent(t.id))}/revoke">
<input type="hidden" name="csrf" value="${esc(csrf)}">
<button type="submit" class="danger" aria-label="Revoke token ${esc(t.name)}">Revoke</button></form>`;
  return `<li><h3>${esc(t.name)}${status}</h3>
<dl><dt>Token</dt><dd><code>${esc(t.hint)}</code></dd>
<dt>Workspace</dt><dd>${esc(t.workspace.slug)}</dd>
<dt>Access</dt><dd>${access(t.scopes)}</dd>
<dt>Created</dt><dd>${when(t.created_at)}</dd>
<dt>Last used</dt><dd>${when(t.last_used_at)}</dd>
<dt>Expires</dt><dd>${when(t.expires_at)}</dd></dl>
${revoke}</li>`;
}

interface Shown {
  message?: { text: string; kind: "error" | "ok" };
  newToken?: string;
  sent?: Form;
}

async function settingsBody(core: Core, person: Person, csrf: string, shown: Shown = {}): Promise<string> {
  const connections = await listConnections(core, person.id);
  const tokens = await listPats(core, { personId: person.id });
  const workspaces = await core.db
    .selectFrom("memberships as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .select(["w.id", "w.name", "w.slug", "m.role"])
    .where("m.person_id", "=", person.id)
    .orderBy("w.name")
    .execute();
  const sent = shown.sent ?? {};
  const expiry = Number(sent.expires_in_days ?? DEFAULT_PAT_EXPIRY);
  const created = shown.newToken
    ? `<div class="notice ok" role="status"><p><strong>Your new token.</strong> Copy it now: it is shown only this once.</p>
<code class="secret" id="new-token">${esc(shown.newToken)}</code></div>`
    : "";
  const form =
    workspaces.length === 0
      ? `<p class="hint">You are not a member of any workspace yet, so you cannot create a token.</p>`
      : `<form method="post" action="/settings/tokens">
<input type="hidden" name="csrf" value="${esc(csrf)}">
<label for="token-name">Token name</label>
<input type="text" id="token-name" name="name" maxlength="100" required value="${esc(sent.name ?? "")}" placeholder="CI on my laptop">
<label for="token-workspace">Workspace</label>
<select id="token-workspace" name="workspace">${workspaces
          .map(
            (w) =>
              `<option value="${esc(w.slug)}"${sent.workspace === w.slug ? " selected" : ""}>${esc(w.name)} (${esc(w.slug)})</option>`,
          )
          .join("")}</select>
<fieldset><legend>Access</legend>
<label class="choice" for="token-read"><input type="radio" id="token-read" name="access" value="read"${sent.access === "read" ? " checked" : ""}><span>Read only</span></label>
<label class="choice" for="token-read-write"><input type="radio" id="token-read-write" name="access" value="read-write"${sent.access !== "read" ? " checked" : ""}><span>Read and write</span></label>
</fieldset>
<label for="token-expiry">Expires</label>
<select id="token-expiry" name="expires_in_days">${PAT_EXPIRY_CHOICES.map(
          (d) =>
            `<option value="${d}"${d === expiry ? " selected" : ""}>${d === 0 ? "Never" : `In ${d} days`}</option>`,
        ).join("")}</select>
<p><button type="submit">Create token</button></p>
</form>`;
  return `${shown.message ? notice(shown.message.text, shown.message.kind) : ""}
<h2 id="agents">Agents and apps</h2>
<p class="hint">Agents you approved through the registration flow, and apps you signed in to with your browser. Revoking one ends its access at once.</p>
${connections.length ? `<ul class="items" aria-labelledby="agents">${connections.map((c) => connectionItem(c, csrf)).join("")}</ul>` : `<p>No agent or app is connected.</p>`}
<h2 id="tokens">Personal access tokens</h2>
<p class="hint">For the REST API and the <code>docket</code> command: <code>Authorization: Bearer docket_pat_…</code>.</p>
${created}
${form}
${tokens.length ? `<ul class="items" aria-labelledby="tokens">${tokens.map((t) => tokenItem(t, csrf)).join("")}</ul>` : ""}
<h2 id="workspaces">Workspaces</h2>
${workspaces.length ? `<ul>${workspaces.map((w) => `<li><a href="/${esc(w.slug)}/issues">${esc(w.name)}</a> <span class="hint">(${esc(w.slug)}, ${esc(w.role)})</span> · <a href="/${esc(w.slug)}/settings/members">Members</a></li>`).join("")}</ul>` : `<p>You are not a member of any workspace yet. <a href="/join">Join one</a> or open the invitation you were sent.</p>`}`;
}

async function gate(core: Core, request: FastifyRequest, reply: FastifyReply): Promise<Person | undefined> {
  const person = await signedInPerson(core, request);
  if (!person) {
    redirect(reply, signInLocation("/settings"));
    return undefined;
  }
  if (!hasAcceptedTerms(person)) {
    redirect(reply, `/welcome?return_to=${encodeURIComponent("/settings")}`);
    return undefined;
  }
  return person;
}

export function settingsRoutes(core: Core, app: FastifyInstance): void {
  const show = async (reply: FastifyReply, person: Person, csrf: string, status: number, shown?: Shown) =>
    sendPage(
      reply,
      status,
      page({ title: "Settings", body: await settingsBody(core, person, csrf, shown), person, csrf }),
    );

  app.get("/settings", async (request, reply) => {
    const person = await gate(core, request, reply);
    if (!person) return reply;
    return show(reply, person, (await currentSession(core, request))!.csrfToken, 200);
  });

  app.post("/settings/connections/:id/revoke", async (request, reply) => {
    const form = request.body as Form;
    const session = await checkCsrf(core, request, form);
    const person = await gate(core, request, reply);
    if (!person) return reply;
    const { id } = request.params as { id: string };
    try {
      await revokeOwnConnection(core, person.id, id);
      return show(reply, person, session.csrfToken, 200, {
        message: { text: "Revoked. It no longer has access.", kind: "ok" },
      });
    } catch (error) {
      const { status, message } = describe(error);
      return show(reply, person, session.csrfToken, status, { message: { text: message, kind: "error" } });
    }
  });

  app.post("/settings/tokens", async (request, reply) => {
    const form = request.body as Form;
    const session = await checkCsrf(core, request, form);
    const person = await gate(core, request, reply);
    if (!person) return reply;
    try {
      const days = Number(form.expires_in_days ?? DEFAULT_PAT_EXPIRY);
      if (!(PAT_EXPIRY_CHOICES as readonly number[]).includes(days)) {
        throw invalid("Choose when the token expires from the list.", {
          expires_in_days: "must be one of the choices",
        });
      }
      const minted = await mintPat(core, {
        workspace: form.workspace ?? "",
        email: person.email,
        name: form.name ?? "",
        scopes: form.access === "read" ? ["workspace.read"] : ["workspace.read", "workspace.write"],
        ...(days > 0 ? { expires_in_days: days } : {}),
      });
      return show(reply, person, session.csrfToken, 201, { newToken: minted.token });
    } catch (error) {
      const { status, message } = describe(error);
      return show(reply, person, session.csrfToken, status, {
        message: { text: message, kind: "error" },
        sent: form,
      });
    }
  });

  app.post("/settings/tokens/:id/revoke", async (request, reply) => {
    const form = request.body as Form;
    const session = await checkCsrf(core, request, form);
    const person = await gate(core, request, reply);
    if (!person) return reply;
    const { id } = request.params as { id: string };
    try {
      const view = await revokePat(core, id, { personId: person.id });
      return show(reply, person, session.csrfToken, 200, {
        message: { text: `Revoked the token ${view.name}.`, kind: "ok" },
      });
    } catch (error) {
      const { status, message } = describe(error);
      return show(reply, person, session.csrfToken, status, { message: { text: message, kind: "error" } });
    }
  });
}
