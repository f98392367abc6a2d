import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { FastifyInstance } from "fastify";
import { openApiFor } from "../../src/http/v1/openapi.ts";
import { Contract, ContractError } from "../contract.ts";
import { api, app, bearer, seed, setup } from "../support.ts";

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON
type Json = Record<string, any>;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => void;

/** An app whose answers to GET /v1/workspace are rewritten by `plant` before they leave. */
async function plantedApp(
  t: Parameters<typeof setup>[0],
  plant: (app: FastifyInstance) => void,
): Promise<{ server: FastifyInstance; token: string }> {
  const e = await setup(t);
  const s = await seed(e.core);
  const server = await app(t, e.core, { extend: plant });
  return { server, token: s.token };
}

const rejectsWith = async (promise: Promise<unknown>, pattern: RegExp) => {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ContractError, `a ContractError, not ${String(error)}`);
    assert.match(error.message, pattern);
    return true;
  });
};

describe("every /v1 answer the tests see is checked against the served document", () => {
  test("a route the document does not describe fails the test that calls it", async (t) => {
    const { server, token } = await plantedApp(t, (a) => {
      a.get("/v1/undocumented", async () => ({ ok: true }));
    });
    await rejectsWith(
      server.inject({ method: "GET", url: "/v1/undocumented", headers: bearer(token) }),
      /answered 200, but the document has no operation GET for this path/,
    );
  });

  test("a body that does not match the operation's schema fails", async (t) => {
    const { server, token } = await plantedApp(t, (a) => {
      a.addHook("onSend", async (request, _reply, payload) =>
        request.url === "/v1/workspace" ? JSON.stringify({ id: 5, name: "acme" }) : payload,
      );
    });
    await rejectsWith(
      server.inject({ method: "GET", url: "/v1/workspace", headers: bearer(token) }),
      /the 200 body does not match the document: .*required property 'slug'.*body\/id must be string/s,
    );
  });

  test("a status the operation does not declare fails", async (t) => {
    const { server, token } = await plantedApp(t, (a) => {
      a.addHook("onSend", async (request, reply, payload) => {
        if (request.url === "/v1/workspace") reply.code(202);
        return payload;
      });
    });
    await rejectsWith(
      server.inject({ method: "GET", url: "/v1/workspace", headers: bearer(token) }),
      /answered 202, which getWorkspace does not declare/,
    );
  });

  test("a content type, a header value or an undeclared header out of the contract fails", async (t) => {
    const { server, token } = await plantedApp(t, (a) => {
      a.addHook("onSend", async (request, reply, payload) => {
        if (request.url === "/v1/workspace?as=text") reply.type("text/plain");
        if (request.url === "/v1/workspace?limit=bad") reply.header("ratelimit-remaining", "many");
        if (request.url === "/v1/workspace?link") reply.header("link", '</v1/workspace>; rel="next"');
        return payload;
      });
    });
    const get = (url: string) => server.inject({ method: "GET", url, headers: bearer(token) });
    // The query strings are refused by the operation (400) or ignored; the planted header is what fails.
    await rejectsWith(
      get("/v1/workspace?as=text"),
      /as text\/plain, but the document declares application\/json/,
    );
    await rejectsWith(get("/v1/workspace?limit=bad"), /header RateLimit-Remaining: "many" is not an integer/);
    await rejectsWith(get("/v1/workspace?link"), /carries link, which the document does not declare/);
  });

  test("a patched document: the same answer fails once the document promises something else", async (t) => {
    const a = await api(t);
    const res = await a.app.inject({ method: "GET", url: "/v1/workspace", headers: bearer(a.token) });
    assert.equal(res.statusCode, 200, "the real document accepts the real answer");
    const patched = structuredClone(openApiFor(a.env.core).document) as Json;
    patched.components.schemas.Workspace.required.push("owner");
    const problems = new Contract(patched).problems({
      method: "GET",
      url: "/v1/workspace",
      status: res.statusCode,
      headers: res.headers,
      body: res.body,
    });
    assert.equal(problems.length, 1, problems.join("\n"));
    assert.match(problems[0]!, /must have required property 'owner'/);
  });

  test("errors of unknown paths are checked against the Error schema", async (t) => {
    const a = await api(t);
    const res = await a.call("GET", "/v1/no-such-thing");
    assert.equal(res.status, 404);
    const contract = new Contract(openApiFor(a.env.core).document);
    const problems = contract.problems({
      method: "GET",
      url: "/v1/no-such-thing",
      status: 404,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "Not Found" }),
    });
    assert.match(problems.join("\n"), /the error body does not match Error: .*required property 'error'/);
  });
});

describe("the document is exact", () => {
  test("every request and response body has an example, valid against its schema", async (t) => {
    const a = await api(t);
    const doc = structuredClone(openApiFor(a.env.core).document) as Json;
    const ajv = new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: false });
    addFormats(ajv);
    ajv.addSchema(doc, "doc");
    const esc = (p: string) => p.replaceAll("~", "~0").replaceAll("/", "~1");
    const media: [string, string, Json][] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>))
      for (const [method, o] of Object.entries(item as Record<string, Json>)) {
        for (const [type, m] of Object.entries((o.requestBody?.content ?? {}) as Record<string, Json>))
          media.push([
            `${method} ${path} body ${type}`,
            `paths/${esc(path)}/${method}/requestBody/content/${esc(type)}`,
            m,
          ]);
        for (const [status, r] of Object.entries(o.responses as Record<string, Json>))
          if (!r.$ref)
            for (const [type, m] of Object.entries((r.content ?? {}) as Record<string, Json>))
              media.push([
                `${method} ${path} ${status} ${type}`,
                `paths/${esc(path)}/${method}/responses/${status}/content/${esc(type)}`,
                m,
              ]);
      }
    for (const [name, r] of Object.entries(doc.components.responses as Record<string, Json>))
      for (const [type, m] of Object.entries((r.content ?? {}) as Record<string, Json>))
        media.push([`responses ${name} ${type}`, `components/responses/${name}/content/${esc(type)}`, m]);
    assert.ok(media.length > 70, `${media.length} bodies`);
    for (const [what, at, m] of media) {
      assert.notEqual(m.example, undefined, `${what} has an example`);
      if (!m.schema) continue;
      const check = ajv.compile({ $ref: `doc#/${at}/schema` });
      assert.ok(check(m.example), `${what}: ${ajv.errorsText(check.errors)}`);
    }
  });

  test("every operation is described; whole numbers are integers; times, days, URLs and emails have formats", async (t) => {
    const a = await api(t);
    const doc = openApiFor(a.env.core).document as Json;
    for (const item of Object.values(doc.paths as Record<string, Json>))
      for (const o of Object.values(item as Record<string, Json>))
        assert.ok(
          typeof o.description === "string" && o.description.length > 40,
          `${o.operationId} described`,
        );
    const fields = new Map<string, Set<string>>();
    const walk = (v: unknown, key: string) => {
      if (Array.isArray(v)) {
        for (const x of v) walk(x, key);
        return;
      }
      if (!v || typeof v !== "object") return;
      const s = v as Json;
      if (typeof s.type === "string" || Array.isArray(s.type)) {
        const kind = [s.type, s.format].flat().filter(Boolean).join(" ");
        if (!fields.has(key)) fields.set(key, new Set());
        fields.get(key)!.add(kind);
      }
      for (const [k, x] of Object.entries(s))
        walk(x, ["properties", "items", "anyOf", "oneOf", "allOf", "schema"].includes(k) ? key : k);
    };
    walk(doc.components.schemas, "");
    walk(doc.paths, "");
    const kinds = (name: string) => [...(fields.get(name) ?? [])].join(", ");
    for (const name of [
      "version",
      "number",
      "estimate",
      "count",
      "done_count",
      "size",
      "note_count",
      "total",
    ])
      assert.doesNotMatch(kinds(name), /number/, `${name} is an integer (${kinds(name)})`);
    for (const name of ["created_at", "updated_at", "completed_at", "as_of", "generated_at"])
      assert.match(kinds(name), /^string date-time(, null)?$/, `${name}: ${kinds(name)}`);
    for (const name of ["due_date", "starts_on", "ends_on", "target_date"])
      assert.match(kinds(name), /date/, `${name}: ${kinds(name)}`);
    assert.match(kinds("download_url"), /uri/);
    assert.match(kinds("email"), /email/);
    const byStatus = doc.components.schemas.CycleStats.properties.by_status;
    assert.deepEqual(Object.keys(byStatus.properties).sort(), [...byStatus.required].sort());
  });
});
