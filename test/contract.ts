import { createHash } from "node:crypto";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON
type Json = Record<string, any>;

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

/** What a `/v1` answer is checked on: the request's method and URL, and the answer as the client saw it. */
export interface Exchange {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/**
 * Headers that belong to the API's contract: an answer carrying one that its response in the document
 * does not declare is a mismatch (a client generated from the document would not know of it).
 */
const CONTRACT_HEADERS = [
  "etag",
  "link",
  "ratelimit-limit",
  "ratelimit-remaining",
  "ratelimit-reset",
  "retry-after",
  "idempotent-replayed",
  "www-authenticate",
];

const DOC_ID = "https://docket.invalid/openapi.json";

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

interface PathMatcher {
  template: string;
  regex: RegExp;
  params: number;
}

/**
 * The OpenAPI document as a checker of answers: for a request and its answer, every way the answer
 * departs from what the document promises for that operation (status, content type, body, headers).
 * Bodies are checked with Ajv in JSON Schema 2020-12 (OpenAPI 3.1's dialect) with formats, against the
 * document's own schemas and components.
 */
export class Contract {
  readonly document: Json;
  readonly #ajv: Ajv2020;
  readonly #paths: PathMatcher[];
  readonly #validators = new Map<string, ValidateFunction>();
  readonly #base: string;

  constructor(document: Json) {
    this.document = document;
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: false, validateFormats: true });
    addFormats(this.#ajv);
    this.#ajv.addSchema(document, DOC_ID);
    this.#base = new URL(document.servers[0].url).pathname.replace(/\/$/, "");
    this.#paths = Object.keys(document.paths)
      .map((template) => ({
        template,
        regex: new RegExp(
          `^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`,
        ),
        params: (template.match(/\{/g) ?? []).length,
      }))
      // A literal segment wins over a parameter (`/files/upload-url` before `/files/{id}`).
      .sort((a, b) => a.params - b.params);
  }

  #validator(path: string): ValidateFunction {
    let v = this.#validators.get(path);
    if (!v) {
      v = this.#ajv.compile({ $ref: `${DOC_ID}#/${path}` });
      this.#validators.set(path, v);
    }
    return v;
  }

  #resolve(value: Json): { value: Json; at: string | undefined } {
    if (typeof value?.$ref === "string" && value.$ref.startsWith("#/")) {
      const at = value.$ref.slice(2);
      let target: Json = this.document;
      for (const part of at.split("/")) target = target[part.replaceAll("~1", "/").replaceAll("~0", "~")];
      return { value: target, at };
    }
    return { value, at: undefined };
  }

  #schemaErrors(schemaPath: string, data: unknown): string | undefined {
    const v = this.#validator(schemaPath);
    if (v(data)) return undefined;
    return this.#ajv.errorsText(v.errors, { separator: "; ", dataVar: "body" });
  }

  /** The operation a request is for, if the document has one. */
  operationOf(
    method: string,
    url: string,
  ): { template: string; method: string; operation: Json } | undefined {
    const path = new URL(url, "http://x").pathname;
    if (!path.startsWith(`${this.#base}/`)) return undefined;
    const rest = path.slice(this.#base.length);
    const m = method.toLowerCase();
    for (const p of this.#paths) {
      if (!p.regex.test(rest)) continue;
      const operation = this.document.paths[p.template][m];
      if (operation) return { template: p.template, method: m, operation };
    }
    return undefined;
  }

  /** Every way the answer departs from the document; empty when it keeps to it. */
  problems(x: Exchange): string[] {
    const out: string[] = [];
    // A CORS preflight is the transport's, not an operation: it answers 204 with no body, before any token.
    if (x.method.toUpperCase() === "OPTIONS" && x.status === 204) {
      if (x.body.length > 0) out.push("a CORS preflight answered with a body");
      return out;
    }
    const found = this.operationOf(x.method, x.url);
    const type = String(x.headers["content-type"] ?? "")
      .split(";")[0]!
      .trim()
      .toLowerCase();
    if (!found) {
      // No operation: only an error may answer (404 for an unknown path, 405 and the like).
      if (x.status < 400)
        out.push(`answered ${x.status}, but the document has no operation ${x.method} for this path`);
      else if (type !== "application/json") out.push(`an error answered as ${type || "no content type"}`);
      else {
        const e = this.#schemaErrors(pointer("components", "schemas", "Error"), safeJson(x.body));
        if (e) out.push(`the error body does not match Error: ${e}`);
      }
      return out;
    }
    const { template, method, operation } = found;
    const status = String(x.status);
    const declared = operation.responses[status] ?? operation.responses.default;
    if (!declared) {
      out.push(
        `answered ${status}, which ${operation.operationId} does not declare (it declares ${Object.keys(operation.responses).join(", ")})`,
      );
      return out;
    }
    const { value: response, at } = this.#resolve(declared);
    const responsePath =
      at ?? pointer("paths", template, method, "responses", operation.responses[status] ? status : "default");

    // Content type and body.
    const content: Json = response.content ?? {};
    const hasBody = x.body.length > 0 && x.method.toUpperCase() !== "HEAD";
    if (hasBody) {
      if (!content[type]) {
        out.push(
          `answered ${status} as ${type || "no content type"}, but the document declares ${Object.keys(content).join(", ") || "no body"}`,
        );
      } else if (content[type].schema && type.endsWith("json")) {
        const data = safeJson(x.body);
        if (data === undefined) out.push(`the ${status} body is not JSON`);
        else {
          const e = this.#schemaErrors(`${responsePath}/${pointer("content", type, "schema")}`, data);
          if (e) out.push(`the ${status} body does not match the document: ${e}`);
        }
      }
    } else if (Object.keys(content).length > 0 && x.method.toUpperCase() !== "HEAD") {
      out.push(
        `answered ${status} without a body, but the document declares ${Object.keys(content).join(", ")}`,
      );
    }

    // Headers: each declared one present is valid; a required one is present; none of the API's own is
    // sent undeclared.
    const headers: Json = {};
    for (const [name, h] of Object.entries((response.headers ?? {}) as Json))
      headers[name.toLowerCase()] = { ...this.#resolve(h), name };
    for (const [lower, h] of Object.entries(headers)) {
      const raw = x.headers[lower];
      if (raw === undefined) {
        if (h.value.required) out.push(`the ${status} answer lacks the required header ${h.name}`);
        continue;
      }
      const text = Array.isArray(raw) ? raw.join(", ") : String(raw);
      const schema: Json = h.value.schema ?? {};
      const value = schema.type === "integer" || schema.type === "number" ? Number(text) : text;
      if (schema.type === "integer" && !/^-?\d+$/.test(text))
        out.push(`header ${h.name}: ${JSON.stringify(text)} is not an integer`);
      const schemaPath = h.at ? `${h.at}/schema` : `${responsePath}/${pointer("headers", h.name, "schema")}`;
      const e = this.#schemaErrors(schemaPath, value);
      if (e) out.push(`header ${h.name}: ${JSON.stringify(text)} does not match the document: ${e}`);
    }
    for (const name of CONTRACT_HEADERS)
      if (x.headers[name] !== undefined && !headers[name])
        out.push(`the ${status} answer carries ${name}, which the document does not declare for it`);
    return out;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const contracts = new Map<string, Contract>();

/** One checker per distinct document (the document is the same for every test app of a run). */
export function contractFor(documentJson: string): Contract {
  const key = createHash("sha256").update(documentJson).digest("hex");
  let c = contracts.get(key);
  if (!c) {
    c = new Contract(JSON.parse(documentJson));
    contracts.set(key, c);
  }
  return c;
}

/** Thrown when an answer breaks the contract: names the request, what is wrong, and the answer. */
export class ContractError extends Error {
  constructor(x: Exchange, problems: string[]) {
    super(
      `${x.method} ${x.url} answered ${x.status} outside the OpenAPI document:\n- ${problems.join("\n- ")}\n` +
        `body: ${x.body.slice(0, 500)}`,
    );
    this.name = "ContractError";
  }
}

const documents = new Map<string, Promise<string>>();

/**
 * `fetch` for a test that calls a listening service's `/v1` over real HTTP: the answer is checked
 * against the document that service serves (fetched once per origin) and handed back unchanged.
 */
export async function checkedFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, init);
  const text = await res.text();
  const u = new URL(url);
  let document = documents.get(u.origin);
  if (!document) {
    document = fetch(`${u.origin}/v1/openapi.json`).then((r) => r.text());
    documents.set(u.origin, document);
  }
  const exchange: Exchange = {
    method: (init.method ?? "GET").toUpperCase(),
    url: `${u.pathname}${u.search}`,
    status: res.status,
    headers: Object.fromEntries(res.headers.entries()),
    body: text,
  };
  const problems = contractFor(await document).problems(exchange);
  if (problems.length > 0) throw new ContractError(exchange, problems);
  return new Response(text === "" ? null : text, { status: res.status, headers: res.headers });
}
