/**
 * The app's one way to the service: the typed `/v1` client (src/client, generated from the OpenAPI
 * document) with the person's session cookie, the CSRF header on writes and the workspace the URL names.
 * The app has no private endpoint: everything it does, any client can do.
 */
import { createDocketClient, type Schemas } from "@client";
import { createStore } from "./lib/store.ts";

export type { Schemas };
export type Issue = Schemas["Issue"];
export type IssueStatus = Issue["status"];
export type IssuePriority = Issue["priority"];

/** A refused or failed request, with what the person can act on. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Validation messages by place, e.g. `body.title`. */
  readonly fields: Record<string, string>;
  /** Seconds to wait, from `Retry-After` (429, 503). */
  readonly retryAfter: number | undefined;
  readonly body: unknown;
  constructor(status: number, code: string, message: string, extra: Partial<ApiError> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = extra.fields ?? {};
    this.retryAfter = extra.retryAfter;
    this.body = extra.body;
  }
  /** The message for a field, by its name in the body (`title`) or its full place (`body.title`). */
  field(name: string): string | undefined {
    return this.fields[name] ?? this.fields[`body.${name}`] ?? this.fields[`query.${name}`];
  }
}

/** What the banner shows: the service cannot be reached, is in maintenance, or asks us to slow down. */
export interface NetState {
  offline: boolean;
  unavailable: { message: string; until: number } | null;
  rateLimited: { until: number } | null;
}
export const netState = createStore<NetState>({ offline: false, unavailable: null, rateLimited: null });

let csrfToken = "";
let workspace = "";

/** The CSRF token of the person's session (from GET /v1/me); sent on every write. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}
/** The workspace (slug) the app shows; sent as Docket-Workspace unless a call names one itself. */
export function setWorkspace(slug: string): void {
  workspace = slug;
}
export function currentWorkspace(): string {
  return workspace;
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get("retry-after");
  if (!header) return undefined;
  const n = Number(header);
  return Number.isFinite(n) ? n : undefined;
}

/** fetch with the session's headers, keeping `netState` true to what the last answers said. */
export async function appFetch(input: Request): Promise<Response> {
  const request = new Request(input, { credentials: "same-origin" });
  if (workspace && !request.headers.has("docket-workspace"))
    request.headers.set("docket-workspace", workspace);
  if (UNSAFE.has(request.method)) request.headers.set("x-csrf-token", csrfToken);
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    if (request.signal.aborted) throw error;
    netState.set((s) => ({ ...s, offline: true }));
    throw new ApiError(0, "offline", "Docket cannot be reached: check your connection. Nothing was lost.");
  }
  const now = Date.now();
  if (response.status === 503) {
    const wait = retryAfterSeconds(response) ?? 30;
    const body = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { error_description?: string };
    netState.set((s) => ({
      ...s,
      offline: false,
      unavailable: {
        message: body.error_description ?? "Docket is temporarily unavailable.",
        until: now + wait * 1000,
      },
    }));
  } else if (response.status === 429) {
    netState.set((s) => ({
      ...s,
      offline: false,
      rateLimited: { until: now + (retryAfterSeconds(response) ?? 5) * 1000 },
    }));
  } else {
    const s = netState.get();
    if (s.offline || s.unavailable || (s.rateLimited && s.rateLimited.until <= now)) {
      netState.set({
        offline: false,
        unavailable: null,
        rateLimited: s.rateLimited && s.rateLimited.until > now ? s.rateLimited : null,
      });
    }
  }
  if (response.status === 401 && request.headers.get("accept") !== "text/event-stream") {
    // the session ended (signed out elsewhere, expired): sign in again and come back here
    window.location.assign(`/sign-in?return_to=${encodeURIComponent(location.pathname + location.search)}`);
  }
  return response;
}

// (outside a browser, in unit tests, the origin is a placeholder: nothing is fetched there)
export const api = createDocketClient(globalThis.location?.origin ?? "http://localhost", { fetch: appFetch });

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** An ApiError from a refused answer and its body (`{ error, error_description, fields? }`). */
export function toApiError(response: Response, body: unknown): ApiError {
  const b = (body ?? {}) as { error?: string; error_description?: string; fields?: Record<string, string> };
  const retryAfter = retryAfterSeconds(response);
  let message = b.error_description ?? `The service answered ${response.status}.`;
  if (response.status === 429) message = `Too many requests: try again in ${retryAfter ?? 5} s.`;
  return new ApiError(response.status, b.error ?? `http_${response.status}`, message, {
    fields: b.fields ?? {},
    retryAfter,
    body,
  });
}

/** The body of a successful answer, or the ApiError of a refused one. */
export async function unwrap<T>(answer: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await answer;
  if (!response.ok) throw toApiError(response, error);
  return data as T;
}

/** The body and ETag of a successful answer (for If-Match on the next write). */
export async function unwrapTagged<T>(answer: Promise<Answer<T>>): Promise<{ data: T; etag: string }> {
  const { data, error, response } = await answer;
  if (!response.ok) throw toApiError(response, error);
  return { data: data as T, etag: response.headers.get("etag") ?? "" };
}
