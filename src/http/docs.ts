import { createHash } from "node:crypto";
import type { FastifyPluginAsync } from "fastify";
import type { Core } from "../core.ts";
import { conventions, type Json, noneMatch, type OpenApiDocument, openApiFor } from "./v1/openapi.ts";

/**
 * `GET /docs`: the API reference as one server-rendered page, made from the same OpenAPI document that
 * `/v1/openapi.json` serves. No scripts, no external resources; one inline style allowed by its hash.
 */

const STYLE = `
:root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#fff;--alt:#f6f8fa;--line:#d1d9e0;--accent:#0550ae;--get:#116329;--post:#0550ae;--patch:#7d4e00;--delete:#a40e26}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9ea8b3;--bg:#0d1117;--alt:#161b22;--line:#3d444d;--accent:#74b9ff;--get:#56d364;--post:#79c0ff;--patch:#e3b341;--delete:#ff8e87}}
*{box-sizing:border-box}
body{margin:0;font:1rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg);-webkit-text-size-adjust:100%}
header,main,footer{max-width:72rem;margin:0 auto;padding:0 1rem}
header{padding-top:1rem}
h1{font-size:1.8rem;margin:.5rem 0}
h2{font-size:1.45rem;margin:2.5rem 0 .5rem;padding-bottom:.25rem;border-bottom:2px solid var(--line)}
h3{font-size:1.1rem;margin:0 0 .25rem;overflow-wrap:anywhere}
h4{font-size:1rem;margin:1rem 0 .25rem}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.skip{position:absolute;left:-9999px;top:0}
.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem 1rem;z-index:1}
code,pre,.method{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
code{font-size:.9em;overflow-wrap:anywhere}
pre{background:var(--alt);border:1px solid var(--line);border-radius:6px;padding:.75rem;overflow-x:auto;font-size:.85rem;line-height:1.45}
pre code{overflow-wrap:normal}
nav ul{list-style:none;padding:0;margin:.5rem 0;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem}
ul.ops{list-style:none;padding:0}
ul.ops li{margin:.2rem 0}
.method{display:inline-block;min-width:4.3em;text-align:center;font-weight:700;font-size:.75rem;line-height:1.7;border:1px solid currentColor;border-radius:4px;padding:0 .3em;margin-right:.35em;vertical-align:.1em}
.get{color:var(--get)}.post{color:var(--post)}.patch{color:var(--patch)}.delete{color:var(--delete)}
.op{border-top:1px solid var(--line);margin-top:1.75rem;padding-top:1rem}
.summary{font-size:1.05rem;margin:.25rem 0}
.meta{color:var(--muted);font-size:.92rem}
.table{overflow-x:auto;margin:.5rem 0 1rem}
table{border-collapse:collapse;width:100%;font-size:.9rem}
caption{text-align:left;font-weight:600;padding:.25rem 0}
th,td{border-bottom:1px solid var(--line);padding:.4rem .5rem;text-align:left;vertical-align:top}
th{background:var(--alt)}
td:first-child code{white-space:nowrap}
.limits{color:var(--muted)}
@media (max-width:40rem){th,td{padding:.3rem}h1{font-size:1.5rem}}
`;

const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

/** The docs page's policy: the page's own style only; nothing else loads or runs. */
export const DOCS_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Plain text with `code` spans, as HTML. */
function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");
}

const anchor = (kind: string, name: string) => `${kind}-${name.replace(/[^A-Za-z0-9_-]+/g, "-")}`;

/** Follows `$ref`s into the document's components. */
function deref(doc: OpenApiDocument, value: Json | undefined): Json {
  let s: Json = value ?? {};
  for (let hops = 0; typeof s.$ref === "string" && hops < 20; hops++) {
    const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(s.$ref) ?? [];
    const target =
      kind && name ? (doc.components as Record<string, Record<string, Json>>)[kind]?.[name] : undefined;
    if (!target) break;
    s = target;
  }
  return s;
}

/** The variants of a union without `null`. */
function nonNull(doc: OpenApiDocument, s: Json): Json[] {
  const variants = (s.anyOf ?? s.oneOf ?? [s]) as Json[];
  return variants.map((v) => deref(doc, v)).filter((v) => v.type !== "null");
}

/** A short type for people: `string`, `integer | null`, `array of string`, `map of string`. */
function typeLabel(doc: OpenApiDocument, schema: Json, depth = 0): string {
  const s = deref(doc, schema);
  if (depth > 4) return "any";
  const variants = s.anyOf ?? s.oneOf;
  if (Array.isArray(variants)) {
    return [...new Set(variants.map((v: Json) => typeLabel(doc, v, depth + 1)))].join(" | ");
  }
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length === 0) {
    if (s.const !== undefined) return typeof s.const;
    if (s.properties) return "object";
    return "any";
  }
  return types
    .map((t) => {
      if (t === "array") return s.items ? `array of ${typeLabel(doc, s.items, depth + 1)}` : "array";
      if (t === "object" && !s.properties && s.additionalProperties && s.additionalProperties !== true)
        return `map of ${typeLabel(doc, s.additionalProperties, depth + 1)}`;
      if (t === "string" && typeof s.format === "string") return `string (${s.format})`;
      return t;
    })
    .join(" | ");
}

/** "1 to 255 characters", "at most 20 items", "at least 1"; bounds that say nothing (±2^53, a 0 length) are left out. */
function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  const said = (n: number | undefined) => n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER;
  const lo = said(min) && !(unit && min === 0) ? min : undefined;
  const hi = said(max) ? max : undefined;
  const u = unit ? ` ${unit}` : "";
  if (lo !== undefined && hi !== undefined) return lo === hi ? `exactly ${lo}${u}` : `${lo} to ${hi}${u}`;
  if (hi !== undefined) return `at most ${hi}${u}`;
  if (lo !== undefined) return `at least ${lo}${u}`;
  return undefined;
}

/** The limits of a schema as HTML snippets: values allowed, lengths, ranges, pattern, default. */
function limitsOf(doc: OpenApiDocument, schema: Json, depth = 0): string[] {
  const s = deref(doc, schema);
  const out: string[] = [];
  if (s.anyOf || s.oneOf) {
    const each = nonNull(doc, s).map((v) => limitsOf(doc, v, depth + 1).join(", "));
    if (each.length === 1 && each[0]) out.push(each[0]);
    else if (each.some(Boolean)) out.push(`either ${each.map((l) => l || "any").join("; or ")}`);
  }
  const code = (v: unknown) => `<code>${escapeHtml(typeof v === "string" ? v : JSON.stringify(v))}</code>`;
  if (Array.isArray(s.enum)) out.push(`one of ${s.enum.map(code).join(", ")}`);
  if (s.const !== undefined) out.push(`always ${code(s.const)}`);
  const length = range(s.minLength, s.maxLength, "characters");
  if (length) out.push(length);
  const number = range(s.minimum, s.maximum, "");
  if (number) out.push(number);
  if (s.exclusiveMinimum !== undefined) out.push(`more than ${s.exclusiveMinimum}`);
  if (s.exclusiveMaximum !== undefined) out.push(`less than ${s.exclusiveMaximum}`);
  const items = range(s.minItems, s.maxItems, "items");
  if (items) out.push(items);
  if (typeof s.pattern === "string") out.push(`pattern ${code(s.pattern)}`);
  if (s.default !== undefined) out.push(`default ${code(s.default)}`);
  if (s.type === "array" && s.items && depth < 3) {
    const each = limitsOf(doc, s.items, depth + 1);
    if (each.length) out.push(`each: ${each.join("; ")}`);
  }
  return [...new Set(out)];
}

function descriptionOf(doc: OpenApiDocument, schema: Json): string {
  const s = deref(doc, schema);
  if (typeof schema.description === "string") return schema.description;
  if (typeof s.description === "string") return s.description;
  for (const v of nonNull(doc, s)) if (typeof v.description === "string") return v.description;
  return "";
}

interface Field {
  name: string;
  type: string;
  required: boolean;
  description: string;
  limits: string[];
}

/** The object inside a property worth listing the fields of: itself, its non-null variant, or its items. */
function nestedObject(doc: OpenApiDocument, schema: Json): { schema: Json; suffix: string } | undefined {
  const variants = nonNull(doc, deref(doc, schema));
  if (variants.length !== 1) return undefined;
  const s = variants[0]!;
  if (s.properties) return { schema: s, suffix: "." };
  if (s.type === "array" && s.items) {
    const item = nonNull(doc, deref(doc, s.items));
    if (item.length === 1 && item[0]!.properties) return { schema: item[0]!, suffix: "[]." };
  }
  return undefined;
}

/** The fields of an object schema, nested ones as `parent.child` / `items[].child`, a few levels deep. */
function fieldsOf(doc: OpenApiDocument, schema: Json, prefix = "", seen: Json[] = []): Field[] {
  const s = deref(doc, schema);
  if (seen.includes(s) || seen.length > 3) return [];
  const out: Field[] = [];
  const required: string[] = s.required ?? [];
  for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, Json>)) {
    out.push({
      name: prefix + name,
      type: typeLabel(doc, prop),
      required: required.includes(name),
      description: descriptionOf(doc, prop),
      limits: limitsOf(doc, prop),
    });
    const inner = nestedObject(doc, prop);
    if (inner) out.push(...fieldsOf(doc, inner.schema, `${prefix}${name}${inner.suffix}`, [...seen, s]));
  }
  return out;
}

/** The fields of a body or answer: of the object itself, or of the objects in a top-level array. */
function topFields(doc: OpenApiDocument, schema: Json): Field[] {
  const s = deref(doc, schema);
  if (s.properties) return fieldsOf(doc, s);
  const inner = nestedObject(doc, s);
  return inner ? fieldsOf(doc, inner.schema, inner.suffix === "." ? "" : "[].") : [];
}

function table(caption: string, head: string[], rows: string[][]): string {
  const th = head.map((h) => `<th scope="col">${h}</th>`).join("");
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`).join("\n");
  return `<div class="table"><table><caption>${caption}</caption><thead><tr>${th}</tr></thead><tbody>
${body}
</tbody></table></div>`;
}

const describeCell = (f: { description: string; limits: string[] }) =>
  [inline(f.description), f.limits.length ? `<span class="limits">${f.limits.join("; ")}.</span>` : ""]
    .filter(Boolean)
    .join(" ");

/** A small JSON value a request could send: the required fields with placeholders. */
function sample(doc: OpenApiDocument, schema: Json, name: string, depth = 0): unknown {
  const s = deref(doc, schema);
  if (depth > 3) return null;
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum)) return s.enum[0];
  const variants = s.anyOf ?? s.oneOf;
  if (Array.isArray(variants)) return sample(doc, nonNull(doc, s)[0] ?? {}, name, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === "integer" || type === "number")
    return typeof s.minimum === "number" && s.minimum > 1 ? s.minimum : 1;
  if (type === "boolean") return true;
  if (type === "array") return s.minItems ? [sample(doc, s.items ?? {}, name, depth + 1)] : [];
  if (type === "object" || s.properties) {
    const out: Record<string, unknown> = {};
    for (const key of (s.required ?? []) as string[]) {
      out[key] = sample(doc, s.properties?.[key] ?? {}, key, depth + 1);
    }
    return out;
  }
  return `<${name}>`;
}

const shellQuote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

function curlOf(doc: OpenApiDocument, method: string, path: string, operation: Json): string {
  const required = ((operation.parameters ?? []) as Json[])
    .map((p) => deref(doc, p))
    .filter((p) => p.in === "query" && p.required);
  const query = required.map((p) => `${p.name}=${encodeURIComponent(`<${p.name}>`)}`).join("&");
  const target = `${doc.servers[0]!.url}${path}${query ? `?${query}` : ""}`;
  const lines = [`curl${method === "get" ? "" : ` -X ${method.toUpperCase()}`} "${target}"`];
  lines.push(`  -H "Authorization: Bearer $DOCKET_TOKEN"`);
  const content = operation.requestBody?.content ?? {};
  if (content["application/json"]) {
    const body = sample(doc, content["application/json"].schema ?? {}, "body");
    lines.push(`  -H "Content-Type: application/json"`);
    lines.push(`  -d ${shellQuote(JSON.stringify(body))}`);
  } else if (content["application/octet-stream"]) {
    lines.push(`  -H "Content-Type: application/octet-stream"`);
    lines.push(`  --data-binary @file`);
  }
  return lines.join(" \\\n");
}

interface Entry {
  method: string;
  path: string;
  operation: Json;
}

function entriesByTag(doc: OpenApiDocument): Map<string, Entry[]> {
  const byTag = new Map<string, Entry[]>(doc.tags.map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = (operation.tags?.[0] as string | undefined) ?? "Other";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, operation });
    }
  }
  return byTag;
}

const methodBadge = (method: string) => `<span class="method ${method}">${method.toUpperCase()}</span>`;

function renderOperation(doc: OpenApiDocument, e: Entry): string {
  const o = e.operation;
  const id = anchor("op", String(o.operationId));
  const fullPath = `/v1${e.path}`;
  const label = `${e.method.toUpperCase()} ${fullPath}`;
  const parts: string[] = [];
  parts.push(`<section class="op" id="${id}" aria-labelledby="${id}-h">`);
  parts.push(`<h3 id="${id}-h">${methodBadge(e.method)}<code>${escapeHtml(fullPath)}</code></h3>`);
  parts.push(`<p class="summary">${inline(String(o.summary ?? ""))}</p>`);
  if (o.description) parts.push(`<p>${inline(String(o.description))}</p>`);
  const [status, success] = Object.entries(o.responses as Json).find(([s]) => /^2/.test(s)) ?? ["200", {}];
  const types = Object.keys(success.content ?? {});
  parts.push(
    `<p class="meta">Scope <code>${escapeHtml(String(o["x-scope"] ?? ""))}</code> · answers ${status}${types.length ? ` (${types.map((t) => `<code>${escapeHtml(t)}</code>`).join(", ")})` : ""} · operation <code>${escapeHtml(String(o.operationId))}</code></p>`,
  );

  const params = ((o.parameters ?? []) as Json[])
    .filter((p) => p.$ref !== "#/components/parameters/DocketWorkspace")
    .map((p) => deref(doc, p));
  if (params.length) {
    const rows = params.map((p) => [
      `<code>${escapeHtml(p.name)}</code>`,
      escapeHtml(p.in),
      escapeHtml(typeLabel(doc, p.schema ?? {})),
      p.required ? "yes" : "no",
      describeCell({ description: p.description ?? "", limits: limitsOf(doc, p.schema ?? {}) }),
    ]);
    parts.push(
      table(`Parameters of ${escapeHtml(label)}`, ["Name", "In", "Type", "Required", "Description"], rows),
    );
  }

  const body = o.requestBody as Json | undefined;
  if (body) {
    const json = body.content?.["application/json"];
    const fields = json ? topFields(doc, json.schema ?? {}) : [];
    if (fields.length) {
      const rows = fields.map((f) => [
        `<code>${escapeHtml(f.name)}</code>`,
        escapeHtml(f.type),
        f.required ? "yes" : "no",
        inline(f.description),
        f.limits.length ? `<span class="limits">${f.limits.join("; ")}</span>` : "",
      ]);
      parts.push(
        table(
          `Request body of ${escapeHtml(label)} (JSON${body.required ? "" : ", optional"})`,
          ["Field", "Type", "Required", "Description", "Limits"],
          rows,
        ),
      );
    } else if (json) {
      parts.push(`<p>Request body: an empty JSON object, or none.</p>`);
    } else {
      parts.push(`<p>Request body: the file's bytes.</p>`);
    }
  }

  const answer = success.content?.["application/json"]?.schema;
  const answerFields = answer ? topFields(doc, answer) : [];
  if (answerFields.length) {
    const rows = answerFields.map((f) => [
      `<code>${escapeHtml(f.name)}</code>`,
      escapeHtml(f.type),
      describeCell(f),
    ]);
    parts.push(table(`Answer of ${escapeHtml(label)} (${status})`, ["Field", "Type", "Description"], rows));
  } else if (answer && typeLabel(doc, answer) !== "any") {
    parts.push(`<p>Answers ${escapeHtml(typeLabel(doc, answer))}.</p>`);
  }

  const errors = Object.keys(o.responses as Json).filter((s) => /^[45]/.test(s));
  parts.push(
    `<p class="meta">Errors: ${errors.map((s) => `<a href="#status-${s}">${s}</a>`).join(", ")}</p>`,
  );
  parts.push(`<h4 id="${id}-example">Example</h4>`);
  parts.push(`<pre><code>${escapeHtml(curlOf(doc, e.method, e.path, o))}</code></pre>`);
  if (types.includes("text/markdown")) {
    parts.push(`<p>For Markdown instead of JSON, add <code>-H "Accept: text/markdown"</code>.</p>`);
  }
  parts.push("</section>");
  return parts.join("\n");
}

/** The shared error answers, by status, as the operations use them. */
function errorTable(doc: OpenApiDocument): string {
  const byStatus = new Map<string, Json>();
  for (const item of Object.values(doc.paths)) {
    for (const operation of Object.values(item)) {
      for (const [status, answer] of Object.entries(operation.responses as Json)) {
        if (/^[345]/.test(status) && !byStatus.has(status)) byStatus.set(status, deref(doc, answer as Json));
      }
    }
  }
  const rows = [...byStatus.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, answer]) => [
      `<span id="status-${status}">${status}</span>`,
      inline(String(answer.description ?? "")),
      Object.keys(answer.headers ?? {})
        .map((h) => `<code>${escapeHtml(h)}</code>`)
        .join(", "),
    ]);
  return table("Answers other than success", ["Status", "Meaning", "Headers"], rows);
}

/** The whole reference page for a document. */
export function renderDocs(doc: OpenApiDocument, notes: { title: string; text: string }[]): string {
  const byTag = entriesByTag(doc);
  const tags = [...byTag.keys()].filter((t) => byTag.get(t)!.length > 0);
  const describe = new Map(doc.tags.map((t) => [t.name, t.description ?? ""]));
  const count = [...byTag.values()].reduce((n, list) => n + list.length, 0);
  const sections = tags.map((tag) => {
    const list = byTag.get(tag)!;
    const id = anchor("tag", tag);
    const index = list
      .map(
        (e) =>
          `<li><a href="#${anchor("op", String(e.operation.operationId))}">${methodBadge(e.method)}<code>/v1${escapeHtml(e.path)}</code></a> ${inline(String(e.operation.summary ?? ""))}</li>`,
      )
      .join("\n");
    return `<section id="${id}" aria-labelledby="${id}-h">
<h2 id="${id}-h">${escapeHtml(tag)}</h2>
${describe.get(tag) ? `<p>${inline(describe.get(tag)!)}</p>` : ""}
<ul class="ops">
${index}
</ul>
${list.map((e) => renderOperation(doc, e)).join("\n")}
</section>`;
  });
  const conventionHtml = notes
    .map((n) => `<h3>${escapeHtml(n.title)}</h3>\n<p>${inline(n.text)}</p>`)
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Docket API reference</title>
<meta name="description" content="Reference of the Docket REST API: every operation, its parameters, fields and errors.">
<style>${STYLE}</style></head>
<body>
<a class="skip" href="#main">Skip to the reference</a>
<header>
<h1>Docket API reference</h1>
<p>The REST API at <code>${escapeHtml(doc.servers[0]!.url)}</code>: ${count} operations. The same description as OpenAPI 3.1: <a href="/v1/openapi.json">/v1/openapi.json</a>. Back to <a href="/">the front page</a>.</p>
<nav aria-label="Contents"><ul>
<li><a href="#conventions">Conventions</a></li>
<li><a href="#errors">Errors</a></li>
${tags.map((t) => `<li><a href="#${anchor("tag", t)}">${escapeHtml(t)}</a></li>`).join("\n")}
</ul></nav>
</header>
<main id="main">
<section id="conventions" aria-labelledby="conventions-h">
<h2 id="conventions-h">Conventions</h2>
${conventionHtml}
</section>
<section id="errors" aria-labelledby="errors-h">
<h2 id="errors-h">Errors</h2>
<p>What each status other than success means across the API; every error body has the shape under <a href="#conventions">Conventions</a>.</p>
${errorTable(doc)}
</section>
${sections.join("\n")}
</main>
<footer><p class="meta">Docket ${escapeHtml(doc.info.version)}</p></footer>
</body></html>
`;
}

const pages = new WeakMap<OpenApiDocument, { html: string; etag: string }>();

/** `GET /docs`, rendered once per document and served with an ETag. */
export function docsRoutes(core: Core): FastifyPluginAsync {
  return async (app) => {
    app.get("/docs", async (request, reply) => {
      const { document } = openApiFor(core);
      let page = pages.get(document);
      if (!page) {
        const notes = conventions({ baseUrl: core.config.baseUrl, rateLimit: core.config.restRateLimit });
        const html = renderDocs(document, notes);
        page = { html, etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 22)}"` };
        pages.set(document, page);
      }
      reply
        .header("content-security-policy", DOCS_CSP)
        .header("etag", page.etag)
        .header("cache-control", "no-cache");
      if (noneMatch(request.headers["if-none-match"], page.etag)) return reply.code(304).send();
      return reply.type("text/html; charset=utf-8").send(page.html);
    });
  };
}
