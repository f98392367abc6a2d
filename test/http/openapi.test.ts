import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, type TestContext, test } from "node:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import { z } from "zod";
import { DOCS_CSP, renderDocs } from "../../src/http/docs.ts";
import { buildOpenApi, type Json, type OpenApiDocument, openApiPath } from "../../src/http/v1/openapi.ts";
import { type Operation, operations } from "../../src/http/v1/route.ts";
import { api } from "../support.ts";

// The spec's REST table ("REST API, base {base_url}/v1"), row by row. This is the acceptance check that
// every documented operation exists; path parameter names may differ ({id}, {ref}), the shape may not.
const SPEC_REST_TABLE: Record<string, string[]> = {
  Issues: ["GET /issues", "POST /issues", "GET /issues/{id}", "PATCH /issues/{id}", "POST /issues/{id}/ice"],
  Decisions: ["GET /decisions", "POST /decisions", "GET /decisions/{id}", "PATCH /decisions/{id}"],
  Notes: ["GET /notes", "POST /notes", "GET /notes/{id}", "PATCH /notes/{id}", "GET /folders"],
  Cycles: ["GET /cycles", "POST /cycles", "GET /cycles/{id}/issues", "GET /cycles/{id}/stats"],
  Milestones: [
    "GET /milestones",
    "POST /milestones",
    "GET /milestones/{id}/issues",
    "POST /milestones/{id}/dependencies",
  ],
  Files: ["POST /files/upload-url", "POST /files", "GET /files/{id}", "GET /files"],
  "Search and bundles": ["GET /search", "POST /bundles/preview", "POST /bundles", "GET /bundles/{id}"],
  Dependencies: [
    "POST /issues/{id}/dependencies",
    "PATCH /dependencies/{id}",
    "DELETE /dependencies/{id}",
    "POST /milestones/{id}/dependencies",
  ],
};

const METHODS = ["get", "post", "patch", "delete", "put"];
const shape = (path: string) => path.replace(/\{[^}]+\}/g, "{}");

async function fetchDocument(t: TestContext) {
  const a = await api(t);
  const res = await a.app.inject({ method: "GET", url: "/v1/openapi.json" });
  assert.equal(res.statusCode, 200, res.body);
  return { a, res, doc: res.json() as Json };
}

/** Every JSON Schema in the document: components, parameters, bodies and answers. */
function schemasIn(doc: Json): [string, Json][] {
  const out: [string, Json][] = Object.entries(doc.components.schemas as Record<string, Json>).map(
    ([name, s]) => [`components.schemas.${name}`, s],
  );
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const [method, o] of Object.entries(item as Record<string, Json>)) {
      for (const p of o.parameters ?? []) if (p.schema) out.push([`${method} ${path} ${p.name}`, p.schema]);
      for (const [type, media] of Object.entries((o.requestBody?.content ?? {}) as Record<string, Json>))
        if (media.schema) out.push([`${method} ${path} body ${type}`, media.schema]);
      for (const [status, answer] of Object.entries(o.responses as Record<string, Json>))
        for (const [type, media] of Object.entries((answer.content ?? {}) as Record<string, Json>))
          if (media.schema) out.push([`${method} ${path} ${status} ${type}`, media.schema]);
    }
  }
  return out;
}

describe("GET /v1/openapi.json", () => {
  test("is a valid OpenAPI 3.1 document, served without a token", async (t) => {
    const { a, res, doc } = await fetchDocument(t);
    assert.match(String(res.headers["content-type"]), /^application\/json/);
    assert.equal(res.headers["access-control-allow-origin"], "*");
    assert.equal(res.headers["ratelimit-limit"], undefined, "the /v1 hooks do not run for it");
    assert.match(doc.openapi, /^3\.1\.\d+$/);
    assert.deepEqual(doc.servers, [{ url: `${a.env.config.baseUrl}/v1` }]);

    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
    assert.equal(validator.version, "3.1");
  });

  test("every schema in it is valid JSON Schema 2020-12", async (t) => {
    const { doc } = await fetchDocument(t);
    const ajv = new Ajv2020({ strict: false, unicodeRegExp: false });
    const schemas = schemasIn(doc);
    assert.ok(schemas.length > 20);
    for (const [where, schema] of schemas) {
      assert.equal(ajv.validateSchema(schema), true, `${where}: ${ajv.errorsText(ajv.errors)}`);
    }
  });

  test("is generated once: an ETag, and 304 for If-None-Match", async (t) => {
    const { a, res } = await fetchDocument(t);
    const etag = String(res.headers.etag);
    assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
    const again = await a.app.inject({ method: "GET", url: "/v1/openapi.json" });
    assert.equal(again.body, res.body);
    assert.equal(again.headers.etag, etag);
    const cached = await a.app.inject({
      method: "GET",
      url: "/v1/openapi.json",
      headers: { "if-none-match": etag },
    });
    assert.equal(cached.statusCode, 304);
    assert.equal(cached.body, "");
  });

  test("has every operation defined, with its method, scope, tag and parameters", async (t) => {
    const { doc } = await fetchDocument(t);
    assert.ok(operations.length > 0);
    let count = 0;
    for (const path of Object.values(doc.paths as Record<string, Json>))
      count += Object.keys(path).filter((m) => METHODS.includes(m)).length;
    assert.equal(count, operations.length, "one document operation per defined operation");
    const ids = new Set(operations.map((o) => o.operationId));
    assert.equal(ids.size, operations.length, "operationIds are unique");

    for (const o of operations) {
      const path = openApiPath(o.path);
      const documented = doc.paths[path]?.[o.method.toLowerCase()];
      assert.ok(documented, `${o.method} ${path} is documented`);
      assert.equal(documented.operationId, o.operationId);
      assert.deepEqual(documented.tags, [o.tag]);
      assert.equal(documented.summary, o.summary);
      assert.deepEqual(documented.security, [
        { personalAccessToken: [] },
        { connectionAccessToken: [] },
        { webSession: [] },
      ]);
      assert.equal(documented["x-scope"], o.scope);
      assert.ok(documented.description?.includes(o.description), `${o.operationId}: described`);
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const inPath = documented.parameters.filter((p: Json) => p.in === "path").map((p: Json) => p.name);
      assert.deepEqual(inPath, pathParams, `${o.operationId}: path parameters`);
      const success = documented.responses[String(o.status ?? 200)];
      assert.ok(success, `${o.operationId}: success status`);
      for (const status of ["400", "401", "404", "429"]) assert.ok(documented.responses[status]);
      if (o.method === "POST") {
        assert.ok(
          documented.parameters.some((p: Json) => p.$ref === "#/components/parameters/IdempotencyKey"),
        );
      }
      // a change of a versioned object takes If-Match (every PATCH but of what has no version: a webhook,
      // a space's review policy, a person's inbox settings)
      const unversioned = [
        "updateWebhook",
        "updateSpace",
        "updateInboxSettings",
        "updateMember",
        "updateWorkspace",
        "updateMe",
        "updateSavedView",
      ];
      if (o.conditional || (o.method === "PATCH" && !unversioned.includes(o.operationId))) {
        assert.ok(documented.parameters.some((p: Json) => p.$ref === "#/components/parameters/IfMatch"));
        assert.ok(documented.responses["412"]);
      } else {
        assert.ok(!documented.parameters.some((p: Json) => p.$ref === "#/components/parameters/IfMatch"));
      }
      if (o.method === "GET" && !o.eventStream && !o.binary) {
        assert.ok(documented.parameters.some((p: Json) => p.$ref === "#/components/parameters/IfNoneMatch"));
        assert.ok(success.headers.ETag);
      }
      if (o.binary) {
        // a download: its bytes in their media type, sent whole, never revalidated
        assert.ok(!documented.parameters.some((p: Json) => p.$ref === "#/components/parameters/IfNoneMatch"));
        assert.equal(success.headers.ETag, undefined);
        assert.equal(success.content[o.binary.type]?.schema?.format, "binary", `${o.operationId}: binary`);
        assert.equal(documented.responses["304"], undefined);
      }
      if (o.eventStream) {
        // a live stream: no ETag to revalidate; resumed with Last-Event-ID instead
        assert.ok(!documented.parameters.some((p: Json) => p.$ref === "#/components/parameters/IfNoneMatch"));
        assert.equal(success.headers.ETag, undefined);
        assert.ok(success.content["text/event-stream"], `${o.operationId}: text/event-stream`);
        assert.ok(documented.parameters.some((p: Json) => p.name === "Last-Event-ID" && p.in === "header"));
      }
      if (o.query && "cursor" in (o.query as z.ZodObject).shape) assert.ok(success.headers.Link);
      if (o.markdown) assert.ok(success.content["text/markdown"], `${o.operationId}: Markdown answer`);
      if (o.body && !o.rawBody) assert.ok(documented.requestBody.content["application/json"].schema);
    }
  });

  test("documents the shared conventions: errors, bearer tokens, rate limits", async (t) => {
    const { doc } = await fetchDocument(t);
    const error = doc.components.schemas.Error;
    assert.deepEqual(error.required, ["error", "error_description"]);
    assert.ok(error.properties.fields);
    for (const [name, prefix] of [
      ["personalAccessToken", "docket_pat_"],
      ["connectionAccessToken", "docket_at_"],
    ] as const) {
      const scheme = doc.components.securitySchemes[name];
      assert.equal(scheme.type, "http");
      assert.equal(scheme.scheme, "bearer");
      assert.equal(scheme.bearerFormat, `${prefix}…`);
    }
    const tooMany = doc.components.responses.TooManyRequests;
    assert.ok(tooMany.headers["Retry-After"] && tooMany.headers["RateLimit-Limit"]);
    assert.equal(tooMany.content["application/json"].schema.$ref, "#/components/schemas/Error");
    const list = doc.paths["/issues"].get.responses["200"].headers;
    assert.ok(list.Link && list["RateLimit-Remaining"] && list.ETag);
  });
});

describe("the spec's REST table, row by row", () => {
  const doc = buildOpenApi(operations, {
    baseUrl: "https://docket.example",
    rateLimit: 0,
  }) as unknown as Json;
  for (const [group, rows] of Object.entries(SPEC_REST_TABLE)) {
    for (const row of rows) {
      test(`${group}: ${row} /v1`, () => {
        const [method, path] = row.split(" ") as [string, string];
        const found = Object.entries(doc.paths as Record<string, Json>).find(
          ([p, item]) => shape(p) === shape(path) && item[method.toLowerCase()],
        );
        assert.ok(found, `${method} /v1${path} is in the document`);
      });
    }
  }
});

describe("the document says what the API accepts", () => {
  test("POST /v1/issues: the body schema gives the same verdicts as the endpoint", async (t) => {
    const { a, doc } = await fetchDocument(t);
    const body = doc.paths["/issues"].post.requestBody;
    assert.equal(body.required, true);
    const schema = body.content["application/json"].schema;
    assert.deepEqual(schema.required, ["title"]);
    assert.equal(schema.additionalProperties, false);
    assert.equal(schema.properties.title.maxLength, 255);

    const ajv = new Ajv2020({ strict: false, unicodeRegExp: false, validateFormats: false });
    ajv.addSchema(doc, "https://docket.test/openapi.json");
    const check = ajv.compile({
      $ref: "https://docket.test/openapi.json#/paths/~1issues/post/requestBody/content/application~1json/schema",
    });
    const bodies: unknown[] = [
      {},
      { title: "Ship it" },
      { title: "Ship it", colour: "red" },
      { title: "" },
      { title: "a".repeat(255) },
      { title: "a".repeat(256) },
      { title: "Ship it", priority: "high" },
      { title: "Ship it", priority: "extreme" },
      { title: "Ship it", labels: ["ui", "bug"] },
      { title: "Ship it", labels: Array.from({ length: 21 }, (_, i) => `l${i}`) },
      { title: "Ship it", labels: ["x".repeat(49)] },
      { title: "Ship it", estimate: 3 },
      { title: "Ship it", estimate: -1 },
      { title: "Ship it", due_date: "2026-03-31" },
      { title: "Ship it", due_date: "31/03/2026" },
      { title: 42 },
    ];
    for (const sent of bodies) {
      const res = await a.call("POST", "/v1/issues", sent);
      const documented = check(sent);
      assert.equal(res.status, documented ? 201 : 400, `${JSON.stringify(sent)}: ${res.text}`);
    }
    const missing = await a.call("POST", "/v1/issues", {});
    assert.equal(
      missing.body.fields["body.title"],
      "is required",
      "the endpoint names the field the schema requires",
    );
  });

  test("GET /v1/issues: the limit parameter's documented range is the one enforced", async (t) => {
    const { a, doc } = await fetchDocument(t);
    const limit = doc.paths["/issues"].get.parameters.find((p: Json) => p.name === "limit");
    assert.equal(limit.in, "query");
    assert.equal(limit.required, false);
    assert.equal((await a.call("GET", `/v1/issues?limit=${limit.schema.maximum}`)).status, 200);
    assert.equal((await a.call("GET", `/v1/issues?limit=${limit.schema.maximum + 1}`)).status, 400);
    assert.equal((await a.call("GET", `/v1/issues?limit=${limit.schema.minimum - 1}`)).status, 400);
  });
});

describe("the generator", () => {
  test("turns Fastify paths into OpenAPI paths", () => {
    assert.equal(openApiPath("/issues/:id"), "/issues/{id}");
    assert.equal(openApiPath("/milestones/:id/dependencies/:dep"), "/milestones/{id}/dependencies/{dep}");
    assert.equal(openApiPath("/search"), "/search");
  });

  test("copes with any zod schema: transforms, pipes, recursion, shared ids, dates", async () => {
    const shared = z.object({ id: z.string() }).meta({ id: "Shared" });
    const tree: z.ZodType = z.object({
      name: z.string(),
      get children() {
        return z.array(tree);
      },
    });
    const node: z.ZodType = z.object({
      name: z.string(),
      get parent() {
        return node.optional();
      },
    });
    const ops: Operation[] = [
      {
        method: "POST",
        path: "/things/:ref",
        operationId: "makeThing",
        tag: "Things",
        summary: "Make a thing",
        description: "For the test.",
        scope: "workspace.write",
        params: z.strictObject({ ref: z.string().transform((s) => s.toUpperCase()) }),
        query: z.strictObject({ n: z.coerce.number().default(1), tags: z.string().pipe(z.string().max(5)) }),
        body: z.strictObject({
          when: z.string().transform((s) => new Date(s)),
          a: shared,
          b: shared,
          custom: z.custom<string>((v) => typeof v === "string"),
          big: z.bigint().optional(),
        }),
        response: z.object({
          made: z.date(),
          a: shared,
          tree,
          node,
          pair: z.tuple([z.string(), z.number()]),
        }),
        status: 201,
        markdown: true,
        handler: async () => ({}),
      },
      {
        method: "GET",
        path: "/trees",
        operationId: "listTrees",
        tag: "Things",
        summary: "Trees",
        description: "For the test.",
        scope: "workspace.read",
        response: z.object({ data: z.array(tree), node, a: shared }),
        handler: async () => ({}),
      },
      {
        method: "POST",
        path: "/things/:ref/bytes",
        operationId: "putBytes",
        tag: "Things",
        summary: "Upload",
        description: "For the test.",
        scope: "workspace.write",
        params: z.strictObject({ ref: z.string() }),
        body: z.instanceof(Buffer),
        rawBody: true,
        handler: async () => ({}),
      },
    ];
    const doc = buildOpenApi(ops, { baseUrl: "https://docket.example", rateLimit: 10 }) as unknown as Json;
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
    assert.ok(!JSON.stringify(doc).includes('"#/$defs'), "no $ref points outside the document's components");
    assert.ok(!JSON.stringify(doc).includes('"$ref":"#"'));
    assert.ok(doc.components.schemas.Shared, "a schema with an id becomes a named component");
    assert.ok(doc.components.schemas.SharedInput, "its request side has a name of its own");
    const made = doc.paths["/things/{ref}"].post.responses["201"].content["application/json"].schema;
    assert.deepEqual(made.properties.a, { $ref: "#/components/schemas/Shared" });
    const trees = doc.paths["/trees"].get.responses["200"].content["application/json"].schema;
    assert.deepEqual(trees.properties.a, { $ref: "#/components/schemas/Shared" }, "shared across operations");
    assert.equal(Object.keys(doc.components.schemas).filter((n) => n.startsWith("Shared")).length, 2);
    const make = doc.paths["/things/{ref}"].post;
    assert.equal(make.requestBody.content["application/json"].schema.properties.when.type, "string");
    assert.deepEqual(make.responses["201"].content["text/markdown"].schema, { type: "string" });
    const query = make.parameters.filter((p: Json) => p.in === "query");
    assert.deepEqual(
      query.map((p: Json) => [p.name, p.required]),
      [
        ["n", false],
        ["tags", true],
      ],
    );
    assert.deepEqual(Object.keys(doc.paths["/things/{ref}/bytes"].post.requestBody.content), [
      "application/octet-stream",
    ]);
    const ajv = new Ajv2020({ strict: false });
    for (const [where, schema] of schemasIn(doc)) {
      assert.equal(ajv.validateSchema(schema), true, `${where}: ${ajv.errorsText(ajv.errors)}`);
    }

    const html = renderDocs(doc as unknown as OpenApiDocument, []);
    for (const id of ["makeThing", "listTrees", "putBytes"]) assert.ok(html.includes(`id="op-${id}"`));
    assert.match(html, /<code>data\[\]\.children<\/code><\/td><td>array of object/, "recursion stops");
    assert.match(html, /For Markdown instead of JSON/);
    assert.match(html, /--data-binary @file/);
  });
});

describe("GET /docs", () => {
  test("is an accessible HTML reference with every operation, its fields and an example", async (t) => {
    const a = await api(t);
    const res = await a.app.inject({ method: "GET", url: "/docs" });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers["content-type"]), /^text\/html; charset=utf-8/);
    const html = res.body;

    assert.match(html, /<html lang="en">/);
    assert.match(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
    assert.equal(html.match(/<h1[ >]/g)?.length, 1);
    for (const landmark of [/<header>/, /<nav aria-label="Contents">/, /<main id="main">/, /<footer>/])
      assert.match(html, landmark);
    assert.match(html, /<a class="skip" href="#main">/);
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    assert.equal(new Set(ids).size, ids.length, "ids are unique");
    for (const [, target] of html.matchAll(/aria-labelledby="([^"]+)"/g))
      assert.ok(ids.includes(target), `aria-labelledby ${target}`);
    for (const [, target] of html.matchAll(/href="#([^"]+)"/g)) assert.ok(ids.includes(target), `#${target}`);
    const tables = html.match(/<table>/g)?.length ?? 0;
    assert.ok(tables > operations.length, "tables for parameters, bodies and answers");
    assert.equal(html.match(/<caption>/g)?.length, tables, "every table has a caption");
    assert.ok(!/<th>/.test(html), "header cells have a scope");

    for (const o of operations) {
      const path = `/v1${openApiPath(o.path)}`;
      assert.ok(html.includes(`id="op-${o.operationId}"`), `${o.operationId} has a section`);
      assert.ok(html.includes(`${o.method}</span><code>${path}</code>`), `${o.method} ${path} is listed`);
      assert.ok(html.includes(`Scope <code>${o.scope}</code>`));
    }
    // The create-issue body: its fields, which are required, and their limits.
    const create = html.slice(html.indexOf('id="op-createIssue"'), html.indexOf('id="op-getIssue"'));
    assert.match(create, /<td><code>title<\/code><\/td><td>string<\/td><td>yes<\/td>/);
    assert.match(create, /1 to 255 characters/);
    assert.match(create, /<code>priority<\/code><\/td><td>string<\/td><td>no<\/td>/);
    assert.match(create, /one of <code>none<\/code>, <code>low<\/code>/);
    assert.match(create, /curl -X POST &#34;http[^&]+\/v1\/issues&#34;/);
    assert.match(create, /Authorization: Bearer \$DOCKET_TOKEN/);
    assert.match(create, /-d &#39;\{&#34;title&#34;:&#34;&#60;title&#62;&#34;\}&#39;/);
  });

  test("loads nothing from elsewhere and runs no script; only its own style is allowed", async (t) => {
    const a = await api(t);
    const res = await a.app.inject({ method: "GET", url: "/docs" });
    const html = res.body;
    assert.ok(!/<script/i.test(html));
    assert.ok(!/(src|href)="(https?:)?\/\//i.test(html), "no external resources or links");
    const csp = String(res.headers["content-security-policy"]);
    assert.equal(csp, DOCS_CSP);
    assert.match(csp, /default-src 'none'/);
    assert.ok(!csp.includes("unsafe-inline"));
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const hash = createHash("sha256").update(style).digest("base64");
    assert.ok(csp.includes(`style-src 'sha256-${hash}'`), "the inline style's hash is allowed");
    assert.equal(res.headers["x-content-type-options"], "nosniff");

    const front = await a.app.inject({ method: "GET", url: "/" });
    assert.match(front.body, /<a href="\/docs">/);
    assert.ok(
      !String(front.headers["content-security-policy"]).includes("style-src"),
      "other pages keep theirs",
    );

    const cached = await a.app.inject({
      method: "GET",
      url: "/docs",
      headers: { "if-none-match": String(res.headers.etag) },
    });
    assert.equal(cached.statusCode, 304);
  });
});
