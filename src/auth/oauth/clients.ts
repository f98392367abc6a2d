import { iso, MINUTE } from "../../clock.ts";
import type { Core } from "../../core.ts";
import type { OAuthClient } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/store.ts";
import { checkAddress, OutboundError, outboundRequest } from "../../net/outbound.ts";
import { newId } from "../../secrets.ts";
import { SCOPES } from "../tokens.ts";

/**
 * Browser OAuth clients. A client is either registered dynamically (RFC 7591, the service issues its
 * `client_id`) or names itself by the https URL of its client ID metadata document, which the service
 * fetches, checks and caches. Every client is public: no secret, `token_endpoint_auth_method` `none`,
 * PKCE required.
 */

export const CLIENT_NAME_MAX = 100;
export const REDIRECT_URIS_MAX = 10;
export const REDIRECT_URI_MAX_LENGTH = 2000;
/** Largest client ID metadata document accepted. */
export const METADATA_DOCUMENT_MAX_BYTES = 5 * 1024;
export const METADATA_DOCUMENT_TIMEOUT_MS = 5000;
/** How long a fetched metadata document is trusted without asking again: its max-age within these. */
export const METADATA_CACHE_DEFAULT_MS = 10 * MINUTE;
export const METADATA_CACHE_MIN_MS = MINUTE;
export const METADATA_CACHE_MAX_MS = 24 * 60 * MINUTE;
/**
 * How long a client_id whose document could not be fetched or used is refused without asking again, so
 * unauthenticated requests naming it cannot make the service connect out over and over.
 */
export const METADATA_FAILURE_CACHE_MS = MINUTE;
/** Failures remembered at once, per core; the oldest is forgotten first. */
export const METADATA_FAILURE_CACHE_ENTRIES = 1000;
/** Dynamic registrations per network address per hour. */
export const REGISTRATIONS_PER_ADDRESS_PER_HOUR = 20;

export const GRANT_TYPES = ["authorization_code", "refresh_token"] as const;

/** A refusal of client metadata: RFC 7591's error codes, or invalid_client for an unusable client_id. */
export class ClientError extends Error {
  readonly code: "invalid_redirect_uri" | "invalid_client_metadata" | "invalid_client";
  constructor(code: ClientError["code"], description: string) {
    super(description);
    this.name = "ClientError";
    this.code = code;
  }
}

export interface ClientView {
  client_id: string;
  kind: OAuthClient["kind"];
  client_name: string | null;
  redirect_uris: string[];
}

/** Loopback hosts, for which plain http redirect URIs are allowed (RFC 8252 §7.3). */
function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h);
}

/** An http loopback redirect URI taken apart as written: its host, and everything after the port. */
const LOOPBACK_REDIRECT = /^http:\/\/(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::(\d{1,5}))?([/?].*)?$/;

function loopbackParts(raw: string): { host: string; rest: string } | undefined {
  const m = LOOPBACK_REDIRECT.exec(raw);
  if (!m) return undefined;
  if (m[2] !== undefined && (Number(m[2]) < 1 || Number(m[2]) > 65535)) return undefined;
  return { host: m[1]!, rest: m[3] ?? "" };
}

/**
 * Whether an authorization request's redirect URI is one the client registered: character for character,
 * except that an http loopback URI may name any port (RFC 8252 §7.3). Native apps listen on whatever port
 * is free when the person signs in: VS Code registers `http://127.0.0.1/` and `http://127.0.0.1:33418/`
 * and takes another port when 33418 is busy; Claude Code's metadata document names
 * `http://localhost/callback` and it arrives on an ephemeral port. Only the port is relaxed, and only
 * between loopback URIs on the same host: scheme, host, path and query still match exactly, so a code can
 * never be sent to another machine.
 */
export function isRegisteredRedirectUri(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  const asked = loopbackParts(requested);
  if (!asked) return false;
  return registered.some((uri) => {
    const parts = loopbackParts(uri);
    return parts !== undefined && parts.host === asked.host && parts.rest === asked.rest;
  });
}

/** RFC 3986 §3.1's scheme syntax. */
const SCHEME_SYNTAX = /^[a-zA-Z][a-zA-Z0-9+.-]*$/;

/**
 * Schemes a redirect URI may never use: those a browser runs, reads or renders itself rather than
 * handing to an installed app, and look-alikes of the web's own schemes.
 */
const DENIED_SCHEMES = new Set([
  "javascript",
  "vbscript",
  "data",
  "file",
  "blob",
  "about",
  "filesystem",
  "view-source",
  "ftp",
  "ws",
  "wss",
  "intent",
  "jar",
  "chrome",
  "resource",
]);

/** A scheme that imitates http, https, ws or ftp (`http+x`, `https-app`, `wss.x`…) is refused too. */
function isDeniedScheme(scheme: string): boolean {
  return DENIED_SCHEMES.has(scheme) || /^(https?|wss?|ftp)[+.-]/.test(scheme);
}

/** Whether a redirect URI uses a private-use scheme, so goes to a native app rather than a web page. */
export function isPrivateUseRedirect(uri: string): boolean {
  const scheme = uri.slice(0, Math.max(0, uri.indexOf(":"))).toLowerCase();
  return scheme !== "http" && scheme !== "https";
}

/**
 * One redirect URI: absolute, no fragment, no credentials; https; http only for a loopback host; or a
 * private-use scheme for a native app (RFC 8252 §7.1: `cursor://…`, `vscode://…`, `com.example.app:/cb`)
 * that is a syntactically valid scheme not on the deny list. Every client here is public (no secrets,
 * PKCE required), which is what RFC 8252 allows private-use schemes for.
 */
export function checkRedirectUri(raw: unknown): string {
  if (typeof raw !== "string" || raw.length === 0) {
    throw new ClientError("invalid_redirect_uri", "Each redirect URI must be a non-empty string.");
  }
  if (raw.length > REDIRECT_URI_MAX_LENGTH) {
    throw new ClientError(
      "invalid_redirect_uri",
      `A redirect URI may be at most ${REDIRECT_URI_MAX_LENGTH} characters.`,
    );
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ClientError(
      "invalid_redirect_uri",
      `The redirect URI ${JSON.stringify(raw)} is not an absolute URL.`,
    );
  }
  if (raw.includes("#")) {
    throw new ClientError("invalid_redirect_uri", `The redirect URI ${raw} must not contain a fragment.`);
  }
  if (url.username || url.password) {
    throw new ClientError("invalid_redirect_uri", `The redirect URI ${raw} must not carry credentials.`);
  }
  if (url.protocol === "https:") return raw;
  if (url.protocol === "http:") {
    if (isLoopbackHost(url.hostname)) return raw;
    throw new ClientError(
      "invalid_redirect_uri",
      `The redirect URI ${raw} uses http with a host that is not loopback; use https, or http only for localhost, 127.0.0.1 or [::1].`,
    );
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  const written = raw.slice(0, raw.indexOf(":"));
  if (!SCHEME_SYNTAX.test(written) || isDeniedScheme(scheme)) {
    throw new ClientError(
      "invalid_redirect_uri",
      `The redirect URI ${raw} must use https, http for a loopback host, or a private-use scheme of a native app such as com.example.app: or cursor: (${JSON.stringify(scheme)} is not allowed).`,
    );
  }
  if (raw.length <= written.length + 1) {
    throw new ClientError("invalid_redirect_uri", `The redirect URI ${raw} names a scheme and nothing else.`);
  }
  return raw;
}

function checkRedirectUris(raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw new ClientError("invalid_redirect_uri", "redirect_uris must be a non-empty array of URLs.");
  }
  if (raw.length > REDIRECT_URIS_MAX) {
    throw new ClientError(
      "invalid_redirect_uri",
      `A client may register at most ${REDIRECT_URIS_MAX} redirect URIs.`,
    );
  }
  return [...new Set(raw.map(checkRedirectUri))];
}

function optionalName(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== "string")
    throw new ClientError("invalid_client_metadata", "client_name must be a string.");
  const name = raw.trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (name.length < 1 || name.length > CLIENT_NAME_MAX || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new ClientError(
      "invalid_client_metadata",
      `client_name must be plain text of 1 to ${CLIENT_NAME_MAX} characters.`,
    );
  }
  return name;
}

function stringList(raw: unknown, field: string): string[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw) || raw.some((v) => typeof v !== "string")) {
    throw new ClientError("invalid_client_metadata", `${field} must be an array of strings.`);
  }
  return raw as string[];
}

function optionalUrl(raw: unknown, field: string): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== "string" || raw.length > REDIRECT_URI_MAX_LENGTH) {
    throw new ClientError("invalid_client_metadata", `${field} must be a URL string.`);
  }
  try {
    const u = new URL(raw);
    if (u.protocol !== "https:" && u.protocol !== "http:") throw new Error("scheme");
  } catch {
    throw new ClientError("invalid_client_metadata", `${field} must be an http(s) URL.`);
  }
  return raw;
}

export interface ClientMetadata {
  client_name?: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: "none";
  scope?: string;
  client_uri?: string;
  logo_uri?: string;
  software_id?: string;
  software_version?: string;
}

/**
 * Checks client metadata (RFC 7591 §2) for a public client of this service. Unknown fields are ignored,
 * as §2 asks. A confidential authentication method is refused: this service issues no client secrets.
 */
export function checkClientMetadata(body: unknown): ClientMetadata {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ClientError("invalid_client_metadata", "The client metadata must be a JSON object.");
  }
  const b = body as Record<string, unknown>;
  const redirect_uris = checkRedirectUris(b.redirect_uris);
  const client_name = optionalName(b.client_name);
  const grant_types = stringList(b.grant_types, "grant_types") ?? ["authorization_code"];
  for (const g of grant_types) {
    if (!(GRANT_TYPES as readonly string[]).includes(g)) {
      throw new ClientError(
        "invalid_client_metadata",
        `grant_types may hold only ${GRANT_TYPES.join(" and ")}; ${JSON.stringify(g)} is not offered to browser clients.`,
      );
    }
  }
  if (!grant_types.includes("authorization_code")) {
    throw new ClientError("invalid_client_metadata", "grant_types must include authorization_code.");
  }
  const response_types = stringList(b.response_types, "response_types") ?? ["code"];
  if (response_types.length !== 1 || response_types[0] !== "code") {
    throw new ClientError("invalid_client_metadata", 'response_types must be ["code"].');
  }
  const method = b.token_endpoint_auth_method ?? "none";
  if (method !== "none") {
    throw new ClientError(
      "invalid_client_metadata",
      `token_endpoint_auth_method must be "none": clients here are public and use PKCE (got ${JSON.stringify(method)}).`,
    );
  }
  let scope: string | undefined;
  if (b.scope !== undefined) {
    if (typeof b.scope !== "string")
      throw new ClientError("invalid_client_metadata", "scope must be a string.");
    // Scopes Docket does not define (offline_access, openid…) are ignored, as at authorization.
    scope = b.scope
      .split(" ")
      .filter((s) => (SCOPES as readonly string[]).includes(s))
      .join(" ");
  }
  const meta: ClientMetadata = {
    redirect_uris,
    grant_types: [...new Set(grant_types)],
    response_types,
    token_endpoint_auth_method: "none",
  };
  if (client_name !== null) meta.client_name = client_name;
  if (scope) meta.scope = scope;
  const clientUri = optionalUrl(b.client_uri, "client_uri");
  if (clientUri) meta.client_uri = clientUri;
  const logoUri = optionalUrl(b.logo_uri, "logo_uri");
  if (logoUri) meta.logo_uri = logoUri;
  for (const field of ["software_id", "software_version"] as const) {
    const v = b[field];
    if (v === undefined) continue;
    if (typeof v !== "string" || v.length > 200) {
      throw new ClientError(
        "invalid_client_metadata",
        `${field} must be a string of at most 200 characters.`,
      );
    }
    meta[field] = v;
  }
  return meta;
}

/** Registers a public client (RFC 7591 §3): answers the client_id and the metadata as registered. */
export async function registerClient(
  core: Core,
  body: unknown,
  ip: string | null,
): Promise<ClientMetadata & { client_id: string; client_id_issued_at: number }> {
  const meta = checkClientMetadata(body);
  const now = core.clock.now();
  const id = newId("oac", now);
  await core.db
    .insertInto("oauth_clients")
    .values({
      id,
      kind: "registered",
      client_name: meta.client_name ?? null,
      redirect_uris: JSON.stringify(meta.redirect_uris),
      metadata: JSON.stringify(meta),
      registered_ip: ip,
      fetched_at: null,
      fresh_until: null,
      created_at: now.toISOString(),
    })
    .execute();
  return { client_id: id, client_id_issued_at: Math.floor(now.getTime() / 1000), ...meta };
}

// ---------------------------------------------------------------------------------------------------
// Client ID metadata documents

/**
 * Cores on which a metadata document may be fetched from a loopback address over plain http; tests
 * serve documents from 127.0.0.1. No configuration turns this on: only code that holds the core can.
 */
const loopbackAllowed = new WeakSet<Core>();
export function allowLoopbackClientMetadata(core: Core): void {
  loopbackAllowed.add(core);
}

/** True when a client_id is meant as a metadata document: an https URL (or http, only where allowed). */
export function isMetadataDocumentClientId(clientId: string): boolean {
  return clientId.startsWith("https://") || clientId.startsWith("http://");
}

function checkClientIdUrl(core: Core, clientId: string): URL {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    throw new ClientError("invalid_client", "The client_id is not a valid URL.");
  }
  const loopback = loopbackAllowed.has(core) && url.protocol === "http:" && isLoopbackHost(url.hostname);
  if (url.protocol !== "https:" && !loopback) {
    throw new ClientError("invalid_client", "A client_id that is a URL must use https.");
  }
  if (url.pathname === "/" || url.pathname === "") {
    throw new ClientError("invalid_client", "A client_id URL must have a path naming its metadata document.");
  }
  if (url.hash || clientId.includes("#") || url.username || url.password) {
    throw new ClientError("invalid_client", "A client_id URL must carry no fragment and no credentials.");
  }
  if (/\/\.\.?(\/|$)/.test(url.pathname) || url.href !== clientId) {
    throw new ClientError("invalid_client", "A client_id URL must be in normal form, without dot segments.");
  }
  // A literal address is judged in normal form (mapped, compatible, NAT64, numeric IPv4 forms); a name
  // is judged again, with every address DNS answers, when the document is fetched.
  const literal = checkAddress(url.hostname);
  if (!loopback && (isLoopbackHost(url.hostname) || literal?.problem)) {
    throw new ClientError(
      "invalid_client",
      "A client_id URL must not point at a private or loopback address.",
    );
  }
  return url;
}

/**
 * GETs the document through the outbound guard (src/net/outbound.ts): the host's addresses are checked
 * after resolution and the connection is pinned to the checked one; no redirect is followed; time and
 * size are limited.
 */
async function fetchDocument(core: Core, url: URL) {
  try {
    return await outboundRequest(url, {
      allowPrivate: loopbackAllowed.has(core),
      headers: { accept: "application/json" },
      timeoutMs: METADATA_DOCUMENT_TIMEOUT_MS,
      maxBytes: METADATA_DOCUMENT_MAX_BYTES,
    });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    switch (error.reason) {
      case "forbidden_address":
        throw new ClientError("invalid_client", "The client_id URL resolves to a private address.");
      case "timeout":
        throw new ClientError("invalid_client", "The client metadata document did not arrive in time.");
      case "too_large":
        throw new ClientError(
          "invalid_client",
          `The client metadata document is larger than ${METADATA_DOCUMENT_MAX_BYTES} bytes.`,
        );
      default:
        throw new ClientError(
          "invalid_client",
          `The client metadata document at ${url.href} could not be fetched.`,
        );
    }
  }
}

function cacheLifetimeMs(cacheControl: string): number {
  const cc = cacheControl.toLowerCase();
  if (/\bno-store\b|\bno-cache\b/.test(cc)) return METADATA_CACHE_MIN_MS;
  const m = /\bmax-age=(\d+)/.exec(cc);
  const ms = m ? Number(m[1]) * 1000 : METADATA_CACHE_DEFAULT_MS;
  return Math.min(METADATA_CACHE_MAX_MS, Math.max(METADATA_CACHE_MIN_MS, ms));
}

/** Fetches and checks a client ID metadata document; its client_id must equal the URL it came from. */
async function loadMetadataDocument(
  core: Core,
  clientId: string,
): Promise<{ meta: ClientMetadata; ttlMs: number }> {
  const url = checkClientIdUrl(core, clientId);
  const fetched = await fetchDocument(core, url);
  if (fetched.status !== 200) {
    throw new ClientError(
      "invalid_client",
      `The client metadata document at ${clientId} answered HTTP ${fetched.status}, not 200.`,
    );
  }
  let doc: unknown;
  try {
    doc = JSON.parse(fetched.body.toString("utf8"));
  } catch {
    throw new ClientError("invalid_client", `The client metadata document at ${clientId} is not JSON.`);
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) {
    throw new ClientError(
      "invalid_client",
      `The client metadata document at ${clientId} is not a JSON object.`,
    );
  }
  const d = doc as Record<string, unknown>;
  if (d.client_id !== clientId) {
    throw new ClientError(
      "invalid_client",
      `The client metadata document's client_id must equal its URL ${clientId}.`,
    );
  }
  if ("client_secret" in d || "client_secret_expires_at" in d) {
    throw new ClientError("invalid_client", "A client metadata document must not carry a client secret.");
  }
  let meta: ClientMetadata;
  try {
    meta = checkClientMetadata({ grant_types: [...GRANT_TYPES], ...d });
  } catch (error) {
    if (error instanceof ClientError) {
      throw new ClientError("invalid_client", `The client metadata document is not usable: ${error.message}`);
    }
    throw error;
  }
  return { meta, ttlMs: cacheLifetimeMs(String(fetched.headers["cache-control"] ?? "")) };
}

const failures = new WeakMap<Core, Map<string, { error: ClientError; until: number }>>();

/** Loads a metadata document; a refusal is remembered for METADATA_FAILURE_CACHE_MS and answered again. */
async function loadRememberingFailures(
  core: Core,
  clientId: string,
): ReturnType<typeof loadMetadataDocument> {
  let remembered = failures.get(core);
  if (!remembered) {
    remembered = new Map();
    failures.set(core, remembered);
  }
  const now = core.clock.now().getTime();
  const hit = remembered.get(clientId);
  if (hit && hit.until > now) throw hit.error;
  remembered.delete(clientId);
  try {
    return await loadMetadataDocument(core, clientId);
  } catch (error) {
    if (error instanceof ClientError) {
      if (remembered.size >= METADATA_FAILURE_CACHE_ENTRIES) {
        remembered.delete(remembered.keys().next().value!);
      }
      remembered.set(clientId, { error, until: now + METADATA_FAILURE_CACHE_MS });
    }
    throw error;
  }
}

function view(row: OAuthClient): ClientView {
  return {
    client_id: row.id,
    kind: row.kind,
    client_name: row.client_name,
    redirect_uris: JSON.parse(row.redirect_uris) as string[],
  };
}

/**
 * The client a `client_id` names: a registered one, or the metadata document at that URL (from the
 * cache while fresh, else fetched again). Throws ClientError invalid_client when there is none.
 */
export async function resolveClient(core: Core, clientId: string): Promise<ClientView> {
  if (clientId.length === 0 || clientId.length > REDIRECT_URI_MAX_LENGTH) {
    throw new ClientError("invalid_client", "The client_id is missing or too long.");
  }
  const row = await core.db
    .selectFrom("oauth_clients")
    .selectAll()
    .where("id", "=", clientId)
    .executeTakeFirst();
  const now = core.clock.now();
  if (row && (row.kind === "registered" || (row.fresh_until && row.fresh_until > now.toISOString()))) {
    return view(row);
  }
  if (!isMetadataDocumentClientId(clientId)) {
    throw new ClientError("invalid_client", "No client is registered with this client_id.");
  }
  const { meta, ttlMs } = await loadRememberingFailures(core, clientId);
  const values = {
    client_name: meta.client_name ?? null,
    redirect_uris: JSON.stringify(meta.redirect_uris),
    metadata: JSON.stringify(meta),
    fetched_at: now.toISOString(),
    fresh_until: new Date(now.getTime() + ttlMs).toISOString(),
  };
  try {
    await core.db
      .insertInto("oauth_clients")
      .values({
        id: clientId,
        kind: "metadata_document",
        registered_ip: null,
        created_at: iso(core.clock),
        ...values,
      })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return {
    client_id: clientId,
    kind: "metadata_document",
    client_name: values.client_name,
    redirect_uris: meta.redirect_uris,
  };
}
