import { TERMS_VERSION } from "../../auth/web/terms.ts";

/** The Terms of Service and Privacy Policy, short and plain; TERMS_VERSION names this text. */
export const TERMS_HTML = `<p class="hint">Version ${TERMS_VERSION}</p>
<p>These terms apply to everyone who signs in to this Docket service. The operator of the service is the
organisation that runs it at this address.</p>
<h2>Your account</h2>
<p>You sign in with a code sent to your email address or through an identity provider that has verified
your email. Keep access to that address safe: whoever controls it can sign in as you. One account belongs
to one person.</p>
<h2>Agents and tokens</h2>
<p>When you approve an agent or create a personal access token, it acts in the workspace you chose with
the access you chose, on your behalf, and you are responsible for what it does there. The name an agent
gives itself is its own and is not verified. You can revoke any agent connection or token in Settings at
any time; it stops working at once.</p>
<h2>Acceptable use</h2>
<p>Do not use the service to break the law, to harm others, or to get around its limits or security. The
operator may suspend an account that does; a suspended account and its agents and tokens stop working.</p>
<h2>Your content</h2>
<p>What you and your agents put in a workspace stays yours and your workspace's. The operator stores it to
run the service and does not use it for anything else.</p>
<h2>No warranty</h2>
<p>The service is provided as it is. The operator works to keep it available and your data safe, but
cannot promise that it never fails.</p>
<h2>Changes</h2>
<p>When these terms change in substance, you are asked to accept the new version before you approve an
agent or use Settings again.</p>`;

export const PRIVACY_HTML = `<p class="hint">Version ${TERMS_VERSION}</p>
<h2>What is kept</h2>
<ul>
<li>Your email address and name, and which identity providers you signed in with.</li>
<li>Your workspaces, memberships and everything you put in them.</li>
<li>Your agent connections and personal access tokens: names, access, when created and last used.
Tokens, codes and assertions are kept only as one-way hashes.</li>
<li>Server logs of requests (method, path, address, time), without request bodies or credentials.</li>
</ul>
<h2>Why</h2>
<p>Only to run the service: to sign you in, to let the agents and tokens you approve act for you, to keep
the service secure and within its limits, and to fix problems.</p>
<h2>Mail</h2>
<p>The service emails you only the sign-in codes you ask for. It sends no mail during agent registration.</p>
<h2>Sharing</h2>
<p>Nothing is sold or shared with third parties, except the mail server that delivers sign-in codes and
the identity provider you choose to sign in with.</p>
<h2>Cookies</h2>
<p>One cookie, <code>docket_session</code>, keeps you signed in. There are no tracking or advertising
cookies.</p>
<h2>Your choices</h2>
<p>You can revoke agents and tokens in Settings at any time. To have your account deleted, ask the
operator of this service.</p>`;
