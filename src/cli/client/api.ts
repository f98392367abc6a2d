import { randomUUID } from "node:crypto";
import { createDocketClient, type DocketClient } from "../../client/index.ts";
import { DocketError } from "../../errors.ts";

export { ok } from "../../client/index.ts";

export const USER_AGENT = "docket-cli/0.1.0";

/** Where a request's bearer token comes from: a stored token, or one renewed on demand. */
export interface TokenSource {
  /** The token to send. */
  token(): Promise<string>;
  /** After a 401: a fresh token to retry with once, or undefined when there is no way to get one. */
  renew(): Promise<string | undefined>;
}

export type QueryValue = string | number | boolean | readonly string[] | undefined | null;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** the Accept header; JSON unless given */
  accept?: string;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/** How many items a list command fetches: all of them, or up to `limit`. */
export interface PageWant {
  all: boolean;
  limit: number;
  cursor?: string | undefined;
}

/** The most a retry waits for the service's Retry-After, in seconds; longer waits are the caller's call. */
const MAX_RETRY_WAIT_S = 10;
const RETRIES = 2;

/** The service's answer as an error: its `error`, `error_description` and `fields`, and its status. */
async function apiError(res: Response, text: string): Promise<DocketError> {
  let body: { error?: unknown; error_description?: unknown; fields?: unknown } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: described below from the status
  }
  const code = typeof body.error === "string" ? body.error : `http_${res.status}`;
  const description =
    typeof body.error_description === "string"
      ? body.error_description
      : `The service answered ${res.status} ${res.statusText}${text && text.length < 200 ? `: ${text.trim()}` : ""}`;
  const fields =
    body.fields && typeof body.fields === "object" ? (body.fields as Record<string, string>) : undefined;
  return new DocketError(res.status, code, description, fields ? { fields } : {});
}

export function buildUrl(base: string, path: string, query: Record<string, QueryValue> = {}): string {
  const url = new URL(`${base}${path}`);
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    url.searchParams.set(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  return url.toString();
}

/** fetch, with a failure to connect said in words. */
export async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    throw new Error(`could not reach ${new URL(url).origin}: ${why}`);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A client of the service's REST API under `{base_url}/v1`. */
export class ApiClient {
  readonly baseUrl: string;
  readonly #tokens: TokenSource;
  /**
   * The typed client, made from the OpenAPI document: `ok(api.v1.GET("/issues/{id}", …))`. Its
   * requests carry the token (renewed once after a 401), an Idempotency-Key on POST, and are retried
   * after a short 429 or 503; any answer outside 2xx is thrown as the service's error.
   */
  readonly v1: DocketClient;

  constructor(baseUrl: string, tokens: TokenSource) {
    this.baseUrl = baseUrl;
    this.#tokens = tokens;
    this.v1 = createDocketClient(baseUrl, { fetch: (request) => this.#fetch(request) });
  }

  async #fetch(request: Request): Promise<Response> {
    const headers: Record<string, string> = Object.fromEntries(request.headers.entries());
    headers.accept ??= "application/json";
    headers["user-agent"] = USER_AGENT;
    if (request.method === "POST") headers["idempotency-key"] ??= randomUUID();
    const text = request.method === "GET" || request.method === "DELETE" ? "" : await request.text();
    const { res, text: answer } = await this.#send(request.method, request.url, headers, text || undefined);
    return new Response(answer === "" ? null : answer, { status: res.status, headers: res.headers });
  }

  /**
   * One exchange. A 401 renews the token once when the credentials can; 429 and 503 with a short
   * Retry-After are retried (POSTs carry an Idempotency-Key, so a retry never writes twice). Any other
   * answer outside 2xx is thrown as the service's error.
   */
  async #send(
    method: string,
    url: string,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<{ res: Response; text: string }> {
    let token = await this.#tokens.token();
    let renewed = false;
    for (let attempt = 0; ; attempt++) {
      const res = await send(url, {
        method,
        headers: { ...headers, authorization: `Bearer ${token}` },
        body,
      });
      const text = await res.text();
      if (res.status === 401 && !renewed) {
        renewed = true;
        const fresh = await this.#tokens.renew();
        if (fresh) {
          token = fresh;
          continue;
        }
      }
      if ((res.status === 429 || res.status === 503) && attempt < RETRIES) {
        const wait = Number(res.headers.get("retry-after"));
        if (Number.isFinite(wait) && wait >= 0 && wait <= MAX_RETRY_WAIT_S) {
          await sleep(wait * 1000);
          continue;
        }
      }
      if (res.status < 200 || res.status >= 300) throw await apiError(res, text);
      return { res, text };
    }
  }

  /**
   * A request outside the typed client, for what it cannot say: an answer in Markdown (`accept`). The
   * same token, retries and errors as `v1`.
   */
  async call(
    method: "GET" | "POST",
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<string>> {
    const url = buildUrl(this.baseUrl, `/v1${path}`, options.query);
    const headers: Record<string, string> = {
      accept: options.accept ?? "application/json",
      "user-agent": USER_AGENT,
    };
    if (options.body !== undefined) headers["content-type"] = "application/json";
    if (method === "POST") headers["idempotency-key"] = randomUUID();
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const { res, text } = await this.#send(method, url, headers, body);
    return { status: res.status, headers: res.headers, body: text, text };
  }

  /**
   * A GET whose answer is bytes (a download), handed back unread to be streamed: the same token
   * (renewed once after a 401) and errors as `v1`.
   */
  async download(path: string): Promise<Response> {
    let token = await this.#tokens.token();
    let renewed = false;
    for (;;) {
      const res = await send(buildUrl(this.baseUrl, `/v1${path}`), {
        headers: { accept: "*/*", "user-agent": USER_AGENT, authorization: `Bearer ${token}` },
      });
      if (res.status === 401 && !renewed) {
        renewed = true;
        const fresh = await this.#tokens.renew();
        if (fresh) {
          token = fresh;
          continue;
        }
      }
      if (res.status < 200 || res.status >= 300) throw await apiError(res, await res.text());
      return res;
    }
  }

  /**
   * Follows a Server-Sent Events stream, calling `onEvent` with each message's id and parsed data; on a
   * dropped connection it reconnects with `Last-Event-ID`, so nothing is lost or repeated. Resolves
   * when `signal` aborts; an answer outside 2xx (a bad filter, a revoked token) is thrown.
   */
  async follow(
    path: string,
    query: Record<string, QueryValue>,
    onEvent: (id: string, data: unknown) => void,
    options: { signal?: AbortSignal; lastEventId?: string; retryMs?: number } = {},
  ): Promise<void> {
    let lastId = options.lastEventId;
    let renewed = false;
    let token = await this.#tokens.token();
    while (!options.signal?.aborted) {
      const headers: Record<string, string> = {
        accept: "text/event-stream",
        "user-agent": USER_AGENT,
        authorization: `Bearer ${token}`,
      };
      if (lastId) headers["last-event-id"] = lastId;
      let res: Response;
      try {
        res = await fetch(buildUrl(this.baseUrl, `/v1${path}`, query), {
          headers,
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch {
        if (options.signal?.aborted) return;
        await sleep(options.retryMs ?? 1000);
        continue;
      }
      if (res.status === 401 && !renewed) {
        renewed = true;
        const fresh = await this.#tokens.renew();
        if (fresh) {
          token = fresh;
          continue;
        }
      }
      if (res.status < 200 || res.status >= 300) {
        if (res.status === 503) {
          await sleep(options.retryMs ?? 1000);
          continue;
        }
        throw await apiError(res, await res.text());
      }
      renewed = false;
      try {
        let buffer = "";
        const decoder = new TextDecoder();
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut = buffer.indexOf("\n\n");
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            let id: string | undefined;
            let event: string | undefined;
            const data: string[] = [];
            for (const line of block.split("\n")) {
              if (line.startsWith("id:")) id = line.slice(3).trim();
              else if (line.startsWith("event:")) event = line.slice(6).trim();
              else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
            }
            // `event: error` ends a stream whose access ended: the reconnect's 401 renews or stops
            if (data.length > 0 && (event === undefined || event === "message")) {
              if (id) lastId = id;
              onEvent(id ?? "", JSON.parse(data.join("\n")));
            }
            cut = buffer.indexOf("\n\n");
          }
        }
      } catch {
        // the connection dropped: reconnect and resume
      }
      if (options.signal?.aborted) return;
      await sleep(options.retryMs ?? 1000);
    }
  }

  /**
   * A list: pages of up to 100, each fetched by `page`, followed through `next_cursor` until
   * `want.limit` items (or every item with `want.all`). The answer keeps the cursor of what is left,
   * null when nothing is.
   */
  async list<T, P extends Page<T>>(
    want: PageWant,
    page: (at: { limit: number; cursor?: string }) => Promise<P>,
  ): Promise<P> {
    const data: T[] = [];
    let cursor = want.cursor;
    for (;;) {
      const left = want.all ? 100 : want.limit - data.length;
      const answer = await page({ limit: Math.min(100, left), ...(cursor ? { cursor } : {}) });
      data.push(...answer.data);
      cursor = answer.next_cursor ?? undefined;
      if (!cursor || (!want.all && data.length >= want.limit))
        return { ...answer, data, next_cursor: cursor ?? null };
    }
  }
}

/** `If-Match` for a write: the object's version it was read at; 412 if it changed since. */
export const ifMatchHeader = (version: string | undefined) =>
  version === undefined ? {} : { headers: { "if-match": version } };
