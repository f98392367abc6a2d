import * as oauth from "oauth4webapi";
import type { Config, GitHubConfig, OidcConfig } from "../../config.ts";
import type { Core } from "../../core.ts";
import { DocketError } from "../../errors.ts";
import type { PendingProviderSignIn } from "./sessions.ts";

/**
 * Sign-in through an external identity provider: GitHub (an OAuth app) or any OpenID Connect provider,
 * both as an authorization-code client with PKCE (S256) and state, through oauth4webapi. The provider
 * must vouch for a verified primary email; that email is what the account is matched on.
 */

export type ProviderId = "github" | "oidc";

export interface ProviderInfo {
  id: ProviderId;
  /** shown on the button: "Sign in with …" */
  label: string;
}

/** A pending provider sign-in older than this is refused at the callback. */
export const PROVIDER_SIGN_IN_TTL_MS = 10 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 10_000;

export function enabledProviders(config: Config): ProviderInfo[] {
  const list: ProviderInfo[] = [];
  if (config.signIn.github) list.push({ id: "github", label: "GitHub" });
  if (config.signIn.oidc) list.push({ id: "oidc", label: config.signIn.oidc.name });
  return list;
}

export function providerLabel(config: Config, id: string): string | undefined {
  return enabledProviders(config).find((p) => p.id === id)?.label;
}

export function redirectUri(config: Config, provider: ProviderId): string {
  return `${config.baseUrl}/sign-in/${provider}/callback`;
}

export const signInFailed = (description: string) => new DocketError(400, "sign_in_failed", description);

export const noVerifiedEmail = (label: string) =>
  new DocketError(
    403,
    "email_not_verified",
    `${label} did not report a verified primary email for your account. Verify your primary email address at ${label}, then sign in again.`,
  );

function requestOptions(url: string) {
  return {
    signal: () => AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    // Plain http only where the configuration allowed it: a provider on this machine (tests, development).
    ...(url.startsWith("http:") ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

function githubServer(gh: GitHubConfig): oauth.AuthorizationServer {
  return {
    issuer: gh.webUrl,
    authorization_endpoint: `${gh.webUrl}/login/oauth/authorize`,
    token_endpoint: `${gh.webUrl}/login/oauth/access_token`,
  };
}

const discovered = new Map<string, { as: oauth.AuthorizationServer; at: number }>();
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

async function oidcServer(oidc: OidcConfig): Promise<oauth.AuthorizationServer> {
  const cached = discovered.get(oidc.issuer);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.as;
  const issuer = new URL(oidc.issuer);
  let as: oauth.AuthorizationServer;
  try {
    const response = await oauth.discoveryRequest(issuer, {
      algorithm: "oidc",
      ...requestOptions(oidc.issuer),
    });
    as = await oauth.processDiscoveryResponse(issuer, response);
  } catch (error) {
    throw signInFailed(
      `${oidc.name} could not be reached to start the sign-in (${(error as Error).message}); try again, or sign in with an emailed code.`,
    );
  }
  discovered.set(oidc.issuer, { as, at: Date.now() });
  return as;
}

function configured(core: Core, provider: string): { id: ProviderId; label: string } {
  const label = providerLabel(core.config, provider);
  if (!label)
    throw new DocketError(404, "not_found", "This way of signing in is not set up on this service.");
  return { id: provider as ProviderId, label };
}

/** Where to send the browser to sign in with `provider`, and what the session keeps for the callback. */
export async function startProviderSignIn(
  core: Core,
  provider: string,
  returnTo: string,
): Promise<{ url: string; pending: PendingProviderSignIn }> {
  const { id } = configured(core, provider);
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const challenge = await oauth.calculatePKCECodeChallenge(verifier);
  const pending: PendingProviderSignIn = {
    provider: id,
    state,
    verifier,
    returnTo,
    startedAt: core.clock.now().toISOString(),
  };
  let url: URL;
  if (id === "github") {
    const gh = core.config.signIn.github!;
    url = new URL(githubServer(gh).authorization_endpoint!);
    url.searchParams.set("client_id", gh.clientId);
    url.searchParams.set("scope", "read:user user:email");
    url.searchParams.set("allow_signup", "true");
  } else {
    const oidc = core.config.signIn.oidc!;
    const as = await oidcServer(oidc);
    if (!as.authorization_endpoint) throw signInFailed(`${oidc.name} names no authorization endpoint.`);
    url = new URL(as.authorization_endpoint);
    url.searchParams.set("client_id", oidc.clientId);
    url.searchParams.set("scope", "openid email");
    pending.nonce = oauth.generateRandomNonce();
    url.searchParams.set("nonce", pending.nonce);
  }
  url.searchParams.set("redirect_uri", redirectUri(core.config, id));
  url.searchParams.set("response_type", "code");
  url.searchParams.set("state", state);
  url.searchParams.set("code_challenge", challenge);
  url.searchParams.set("code_challenge_method", "S256");
  return { url: url.href, pending };
}

export interface ProviderIdentity {
  provider: ProviderId;
  subject: string;
  email: string;
}

function explain(error: unknown, label: string): DocketError {
  if (error instanceof DocketError) return error;
  if (error instanceof oauth.AuthorizationResponseError) {
    const denied = error.error === "access_denied";
    return signInFailed(
      denied
        ? `You did not allow ${label} to sign you in.`
        : `${label} refused the sign-in (${error.error}${error.error_description ? `: ${error.error_description}` : ""}).`,
    );
  }
  if (error instanceof oauth.ResponseBodyError) {
    return signInFailed(`${label} refused the sign-in (${error.error}); start again.`);
  }
  return signInFailed(
    `The answer from ${label} could not be accepted (${(error as Error).message}); start again.`,
  );
}

/**
 * Finishes a provider sign-in at the callback: checks state, exchanges the code with the PKCE verifier,
 * and reads the verified primary email (GitHub: the emails API; OpenID Connect: the ID token, else
 * UserInfo, with `email_verified` true).
 */
export async function finishProviderSignIn(
  core: Core,
  provider: string,
  pending: PendingProviderSignIn | undefined,
  callback: URL,
): Promise<ProviderIdentity> {
  const { id, label } = configured(core, provider);
  if (!pending || pending.provider !== id) {
    throw signInFailed(
      `This browser did not start a sign-in with ${label}, or it was already used; start again.`,
    );
  }
  if (core.clock.now().getTime() - new Date(pending.startedAt).getTime() > PROVIDER_SIGN_IN_TTL_MS) {
    throw signInFailed(`The sign-in with ${label} took longer than 10 minutes; start again.`);
  }
  try {
    if (id === "github")
      return await finishGitHub(core, core.config.signIn.github!, pending, callback, label);
    return await finishOidc(core, core.config.signIn.oidc!, pending, callback, label);
  } catch (error) {
    throw explain(error, label);
  }
}

async function finishGitHub(
  core: Core,
  gh: GitHubConfig,
  pending: PendingProviderSignIn,
  callback: URL,
  label: string,
): Promise<ProviderIdentity> {
  const as = githubServer(gh);
  const client: oauth.Client = { client_id: gh.clientId };
  const params = oauth.validateAuthResponse(as, client, callback, pending.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.ClientSecretPost(gh.clientSecret),
    params,
    redirectUri(core.config, "github"),
    pending.verifier,
    requestOptions(as.token_endpoint!),
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
  const api = async (path: string): Promise<unknown> => {
    const url = new URL(`${gh.apiUrl}${path}`);
    const res = await oauth.protectedResourceRequest(
      tokens.access_token,
      "GET",
      url,
      new Headers({ accept: "application/vnd.github+json", "x-github-api-version": "2022-11-28" }),
      null,
      requestOptions(url.href),
    );
    if (!res.ok) throw signInFailed(`${label} did not answer ${path} (HTTP ${res.status}); start again.`);
    return res.json();
  };
  const user = (await api("/user")) as { id?: unknown };
  if (typeof user.id !== "number" && typeof user.id !== "string") {
    throw signInFailed(`${label} did not say which account signed in; start again.`);
  }
  const emails = (await api("/user/emails")) as { email?: unknown; primary?: unknown; verified?: unknown }[];
  const primary = Array.isArray(emails) ? emails.find((e) => e.primary === true) : undefined;
  if (primary?.verified !== true || typeof primary.email !== "string") throw noVerifiedEmail(label);
  return { provider: "github", subject: String(user.id), email: primary.email };
}

async function finishOidc(
  core: Core,
  oidc: OidcConfig,
  pending: PendingProviderSignIn,
  callback: URL,
  label: string,
): Promise<ProviderIdentity> {
  const as = await oidcServer(oidc);
  const client: oauth.Client = { client_id: oidc.clientId };
  const params = oauth.validateAuthResponse(as, client, callback, pending.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.ClientSecretBasic(oidc.clientSecret),
    params,
    redirectUri(core.config, "oidc"),
    pending.verifier,
    requestOptions(as.token_endpoint ?? oidc.issuer),
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: pending.nonce ?? oauth.expectNoNonce,
    requireIdToken: true,
  });
  const claims = oauth.getValidatedIdTokenClaims(tokens)!;
  let email = typeof claims.email === "string" ? claims.email : undefined;
  let verified = claims.email_verified === true;
  if ((!email || !verified) && as.userinfo_endpoint) {
    const res = await oauth.userInfoRequest(
      as,
      client,
      tokens.access_token,
      requestOptions(as.userinfo_endpoint),
    );
    const info = await oauth.processUserInfoResponse(as, client, claims.sub, res);
    email = typeof info.email === "string" ? info.email : email;
    verified = info.email_verified === true;
  }
  if (!email || !verified) throw noVerifiedEmail(label);
  return { provider: "oidc", subject: `${oidc.issuer}#${claims.sub}`, email };
}
