import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/http/logger.ts";
import { telemetryHooks } from "../../src/ops/hooks.ts";
import { jsonEncoder, protobufEncoder } from "../../src/ops/otlp.ts";
import { describeStatement } from "../../src/ops/telemetry.ts";
import { Span } from "../../src/ops/tracing.ts";
import { startServer } from "../../src/server.ts";
import { createTestDatabase, ON_POSTGRES, seed, testConfig } from "../support.ts";

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: Record<string, unknown> }[];
  events?: { name: string; timeUnixNano: string; attributes: OtlpSpan["attributes"] }[];
  status?: { code?: number; message?: string };
}

type Field = { number: number; varint?: bigint; bytes?: Buffer; fixed?: Buffer };

/** A protobuf message's fields, in order: enough of the wire format to read what an exporter sends. */
function fields(buf: Buffer): Field[] {
  const out: Field[] = [];
  let at = 0;
  const varint = (): bigint => {
    let n = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const b = buf[at++]!;
      n |= BigInt(b & 127) << shift;
      if (b < 128) return n;
    }
  };
  while (at < buf.length) {
    const k = Number(varint());
    const number = k >> 3;
    const wire = k & 7;
    if (wire === 0) out.push({ number, varint: varint() });
    else if (wire === 1) {
      out.push({ number, fixed: buf.subarray(at, at + 8) });
      at += 8;
    } else if (wire === 2) {
      const length = Number(varint());
      out.push({ number, bytes: buf.subarray(at, at + length) });
      at += length;
    } else if (wire === 5) {
      out.push({ number, fixed: buf.subarray(at, at + 4) });
      at += 4;
    } else throw new Error(`wire type ${wire} at ${at}`);
  }
  return out;
}

/** An ExportTraceServiceRequest in protobuf, read into the JSON mapping's shape. */
function decodeSpans(buf: Buffer): OtlpSpan[] {
  const spans: OtlpSpan[] = [];
  const attribute = (kv: Buffer) => {
    const f = fields(kv);
    const key = f.find((x) => x.number === 1)!.bytes!.toString("utf8");
    const [v] = fields(f.find((x) => x.number === 2)!.bytes!);
    const value: Record<string, unknown> =
      v!.number === 1
        ? { stringValue: v!.bytes!.toString("utf8") }
        : v!.number === 2
          ? { boolValue: v!.varint === 1n }
          : v!.number === 3
            ? { intValue: String(BigInt.asIntN(64, v!.varint!)) }
            : { doubleValue: v!.fixed!.readDoubleLE(0) };
    return { key, value };
  };
  for (const rs of fields(buf).filter((f) => f.number === 1)) {
    for (const ss of fields(rs.bytes!).filter((f) => f.number === 2)) {
      for (const sp of fields(ss.bytes!).filter((f) => f.number === 2)) {
        const f = fields(sp.bytes!);
        const one = (n: number) => f.find((x) => x.number === n);
        const parent = one(4)?.bytes;
        spans.push({
          traceId: one(1)!.bytes!.toString("hex"),
          spanId: one(2)!.bytes!.toString("hex"),
          ...(parent && parent.length > 0 ? { parentSpanId: parent.toString("hex") } : {}),
          name: one(5)!.bytes!.toString("utf8"),
          kind: Number(one(6)!.varint),
          startTimeUnixNano: one(7)!.fixed!.readBigUInt64LE(0).toString(),
          endTimeUnixNano: one(8)!.fixed!.readBigUInt64LE(0).toString(),
          attributes: f.filter((x) => x.number === 9).map((x) => attribute(x.bytes!)),
          events: f
            .filter((x) => x.number === 11)
            .map((x) => {
              const e = fields(x.bytes!);
              return {
                timeUnixNano: e
                  .find((y) => y.number === 1)!
                  .fixed!.readBigUInt64LE(0)
                  .toString(),
                name: e.find((y) => y.number === 2)!.bytes!.toString("utf8"),
                attributes: e.filter((y) => y.number === 3).map((y) => attribute(y.bytes!)),
              };
            }),
          status: Object.fromEntries(
            fields(one(15)?.bytes ?? Buffer.alloc(0)).map((y) =>
              y.number === 3 ? ["code", Number(y.varint)] : ["message", y.bytes!.toString("utf8")],
            ),
          ),
        });
      }
    }
  }
  return spans;
}

/**
 * A small OTLP/HTTP receiver on loopback: keeps the spans of every export it is sent, protobuf or JSON
 * (by its content type), and the content types it saw.
 */
async function receiver() {
  const spans: OtlpSpan[] = [];
  const headers: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
    });
    request.on("end", () => {
      assert.equal(request.url, "/v1/traces");
      headers.push(request.headers);
      const body = Buffer.concat(chunks);
      const type = String(request.headers["content-type"]);
      if (type === "application/x-protobuf") spans.push(...decodeSpans(body));
      else {
        assert.match(type, /application\/json/);
        const data = JSON.parse(body.toString("utf8")) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const rs of data.resourceSpans) for (const ss of rs.scopeSpans) spans.push(...ss.spans);
      }
      response.writeHead(200, { "content-type": type }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { endpoint: `http://127.0.0.1:${port}`, spans, headers, close: () => server.close() };
}

const attr = (span: OtlpSpan, key: string): unknown => {
  const v = span.attributes.find((a) => a.key === key)?.value;
  return v === undefined ? undefined : (v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue);
};

const SERVER = 2;
const CLIENT = 3;

for (const protocol of ["http/protobuf", "http/json"] as const)
  test(`one request's spans reach an OTLP receiver over ${protocol}: the server span by route, its statements beneath it (${ON_POSTGRES ? "PostgreSQL" : "SQLite"})`, async (t) => {
    const otlp = await receiver();
    t.after(() => otlp.close());
    const database = await createTestDatabase();
    t.after(() => database.drop());
    const logs: string[] = [];
    const server = await startServer(
      testConfig(database.url, {
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
        // protobuf is the default: the JSON run names its protocol
        ...(protocol === "http/json" ? { OTEL_EXPORTER_OTLP_PROTOCOL: protocol } : {}),
      }),
      { logger: createLogger("info", { write: (line: string) => logs.push(line) }) },
    );
    let closed = false;
    t.after(() => (closed ? undefined : server.close()));
    assert.ok(telemetryHooks.db && telemetryHooks.span, "tracing hooks are installed");
    const { token } = await seed(server.core);
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const secretTitle = "Quarterly payroll figures 7f3a";
    const created = await fetch(`${server.address}/v1/issues`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ title: secretTitle, space: "ENG" }),
    });
    assert.equal(created.status, 201, await created.clone().text());
    const issue = (await created.json()) as { id: string; identifier?: string };

    // the caller's own trace continues here (W3C traceparent)
    const callerTrace = "4bf92f3577b34da6a3ce929d0e0e4736";
    const callerSpan = "00f067aa0ba902b7";
    const read = await fetch(`${server.address}/v1/issues/${issue.id}`, {
      headers: { authorization: auth.authorization, traceparent: `00-${callerTrace}-${callerSpan}-01` },
    });
    assert.equal(read.status, 200);
    await read.arrayBuffer();
    await server.telemetry.flush();

    for (const h of otlp.headers)
      assert.equal(
        h["content-type"],
        protocol === "http/json" ? "application/json" : "application/x-protobuf",
      );
    const inTrace = otlp.spans.filter((s) => s.traceId === callerTrace);
    const root = inTrace.find((s) => s.kind === SERVER);
    assert.ok(
      root,
      `a server span in the caller's trace (spans: ${otlp.spans.map((s) => s.name).join(", ")})`,
    );
    assert.equal(root.name, "GET /v1/issues/:id");
    assert.equal(attr(root, "http.route"), "/v1/issues/:id");
    assert.equal(attr(root, "http.request.method"), "GET");
    assert.equal(Number(attr(root, "http.response.status_code")), 200);
    assert.equal(root.parentSpanId, callerSpan, "the server span is the caller's span's child");

    const statements = inTrace.filter((s) => s.kind === CLIENT && attr(s, "db.system.name") !== undefined);
    assert.ok(statements.length >= 1, `the read's statement is traced (got ${statements.length})`);
    for (const s of statements) {
      assert.equal(s.parentSpanId, root.spanId, `${s.name} is a child of the request's span`);
      assert.equal(attr(s, "db.system.name"), ON_POSTGRES ? "postgresql" : "sqlite");
      assert.match(String(attr(s, "db.operation.name")), /^[A-Z]+$/);
    }
    assert.ok(
      statements.some(
        (s) => attr(s, "db.collection.name") === "issues" && attr(s, "db.operation.name") === "SELECT",
      ),
      `a SELECT on issues (got ${statements.map((s) => s.name).join(", ")})`,
    );
    // never the statement's values (nor its text)
    const everything = JSON.stringify(otlp.spans);
    assert.ok(!everything.includes(secretTitle), "no value of a statement appears in any span");
    assert.ok(!everything.includes(token), "no token appears in any span");
    assert.ok(!/select .* from/i.test(everything), "no statement text appears");

    // the create's spans form their own trace: the POST's server span and its INSERT beneath it
    const post = otlp.spans.find((s) => s.kind === SERVER && s.name === "POST /v1/issues");
    assert.ok(post, "the create has its server span");
    const insert = otlp.spans.find(
      (s) =>
        s.traceId === post.traceId &&
        attr(s, "db.operation.name") === "INSERT" &&
        attr(s, "db.collection.name") === "issues",
    );
    assert.ok(insert, "the create's INSERT into issues is traced, under the request (a body was read first)");
    assert.equal(insert.parentSpanId, post.spanId);

    // a log line written inside the request carries its trace
    const lines = logs.map((l) => JSON.parse(l) as { trace_id?: string; msg?: string });
    assert.ok(
      lines.some((l) => l.trace_id === callerTrace),
      `a log line carries trace_id (lines: ${lines.map((l) => `${l.msg}:${l.trace_id}`).join(" | ")})`,
    );

    await server.close();
    closed = true;
    assert.equal(telemetryHooks.db, undefined, "closing the service takes its hooks away");
  });

test("without an endpoint nothing is traced and no hook is installed", async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const server = await startServer(testConfig(database.url), { logger: createLogger("silent") });
  t.after(() => server.close());
  assert.equal(server.telemetry.metricsAddress, undefined);
  assert.deepEqual(Object.keys(telemetryHooks), []);
});

test("statements are described by operation and table, never values", () => {
  assert.deepEqual(describeStatement('/* docket:docket_q3 */ select "id" from "issues" where "id" = $1'), {
    operation: "SELECT",
    table: "issues",
    name: "docket_q3",
  });
  assert.deepEqual(describeStatement('insert into "events" ("id") values (?)'), {
    operation: "INSERT",
    table: "events",
    name: undefined,
  });
  assert.deepEqual(describeStatement('update "claims" set "ended_at" = $1'), {
    operation: "UPDATE",
    table: "claims",
    name: undefined,
  });
  assert.deepEqual(
    describeStatement("with x as (select 1) delete from labels where id in (select * from x)"),
    {
      operation: "DELETE",
      table: "labels",
      name: undefined,
    },
  );
  assert.deepEqual(describeStatement("begin"), { operation: "BEGIN", table: undefined, name: undefined });
});

test("a statement's table is the one its outer FROM names, not a sub-select's", () => {
  const s = describeStatement(
    'select "i".*, (select count(*) from "comments" where "issue_id" = "i"."id") as "n", \'from x\' as "f" from "issues" as "i" where "i"."id" = $1',
  );
  assert.equal(s.table, "issues");
  assert.equal(s.operation, "SELECT");
});

test("OTEL_TRACES_SAMPLER_ARG=0 records no trace started here, yet follows a caller's sampled one", async (t) => {
  const otlp = await receiver();
  t.after(() => otlp.close());
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const server = await startServer(
    testConfig(database.url, { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint, OTEL_TRACES_SAMPLER_ARG: "0" }),
    { logger: createLogger("silent") },
  );
  t.after(() => server.close());
  const { token } = await seed(server.core);
  const headers = { authorization: `Bearer ${token}` };
  await (await fetch(`${server.address}/v1/issues`, { headers })).arrayBuffer();
  const callerTrace = "0af7651916cd43dd8448eb211c80319c";
  await (
    await fetch(`${server.address}/v1/issues?limit=1`, {
      headers: { ...headers, traceparent: `00-${callerTrace}-b7ad6b7169203331-01` },
    })
  ).arrayBuffer();
  await server.telemetry.flush();
  assert.ok(otlp.spans.length > 0, "the caller's sampled trace was recorded");
  assert.ok(
    otlp.spans.every((s) => s.traceId === callerTrace),
    "nothing but the caller's trace was recorded",
  );
  assert.ok(otlp.spans.some((s) => s.kind === CLIENT && s.parentSpanId !== undefined));
});

test("a caller's unsampled or malformed traceparent, the exporter's headers, and span times", async (t) => {
  const otlp = await receiver();
  t.after(() => otlp.close());
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const before = BigInt(Date.now()) * 1_000_000n;
  const server = await startServer(
    testConfig(database.url, {
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
      OTEL_EXPORTER_OTLP_HEADERS: "Authorization=Bearer%20collector-key,x-tenant = docket",
    }),
    { logger: createLogger("silent") },
  );
  t.after(() => server.close());
  const { token } = await seed(server.core);
  const headers = { authorization: `Bearer ${token}` };
  // the caller's trace is not sampled: nothing of it is recorded here
  const unsampled = "5bf92f3577b34da6a3ce929d0e0e4736";
  await (
    await fetch(`${server.address}/v1/issues?limit=1`, {
      headers: { ...headers, traceparent: `00-${unsampled}-00f067aa0ba902b7-00` },
    })
  ).arrayBuffer();
  // a malformed traceparent (an all-zero trace id) starts a trace of its own
  await (
    await fetch(`${server.address}/v1/workspace`, {
      headers: { ...headers, traceparent: `00-${"0".repeat(32)}-00f067aa0ba902b7-01` },
    })
  ).arrayBuffer();
  await server.telemetry.flush();
  const after = BigInt(Date.now()) * 1_000_000n;
  assert.ok(!otlp.spans.some((s) => s.traceId === unsampled), "an unsampled caller's trace is not recorded");
  const own = otlp.spans.find((s) => s.kind === SERVER && s.name === "GET /v1/workspace");
  assert.ok(own, "the malformed traceparent's request has a span of its own");
  assert.match(own.traceId, /^[0-9a-f]{32}$/);
  assert.notEqual(own.traceId, "0".repeat(32));
  assert.match(own.spanId, /^[0-9a-f]{16}$/);
  assert.equal(own.parentSpanId, undefined, "it is the root of its trace");
  const start = BigInt(own.startTimeUnixNano);
  const end = BigInt(own.endTimeUnixNano);
  assert.ok(start >= before - 5_000_000n && end <= after + 5_000_000n, "times are Unix nanoseconds of now");
  assert.ok(end >= start, "a span ends after it starts");
  const ids = new Set(otlp.spans.map((s) => s.spanId));
  assert.equal(ids.size, otlp.spans.length, "every span has an id of its own");
  assert.ok(otlp.headers.length > 0);
  for (const h of otlp.headers) {
    assert.equal(h.authorization, "Bearer collector-key", "OTEL_EXPORTER_OTLP_HEADERS are sent, decoded");
    assert.equal(h["x-tenant"], "docket");
  }
});

test("OTLP headers are read as key=value pairs; a malformed one is refused at start", () => {
  const base = {
    DATABASE_URL: "/tmp/docket-test.db",
    DOCKET_SECRET_KEY: Buffer.alloc(32, 1).toString("base64"),
  };
  assert.deepEqual(
    loadConfig({
      ...base,
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: "api-key=a%2Cb",
      OTEL_EXPORTER_OTLP_HEADERS: "x=y",
    }).telemetry.tracesHeaders,
    { "api-key": "a,b" },
    "the traces variable wins",
  );
  assert.deepEqual(loadConfig(base).telemetry.tracesHeaders, {});
  assert.throws(
    () => loadConfig({ ...base, OTEL_EXPORTER_OTLP_HEADERS: "no-equals-sign" }),
    /OTEL_EXPORTER_OTLP_HEADERS.*key=value/,
  );
  assert.throws(() => loadConfig({ ...base, OTEL_EXPORTER_OTLP_HEADERS: "k=%0Aevil" }), /line break or NUL/);
});

test("the protobuf and JSON encoders write the same spans: ids, times, attributes of every type, a failure's status and event", () => {
  const source = { resource: { "service.name": "docket" }, scope: { name: "docket", version: "1" } };
  const made: Span[] = [];
  const sink = (span: Span) => made.push(span);
  const shared = { "db.system.name": "sqlite", "db.operation.name": "SELECT" };
  const root = new Span(
    sink,
    "4bf92f3577b34da6a3ce929d0e0e4736",
    undefined,
    "GET /v1/issues/:id",
    2,
    {},
    false,
  );
  root.setAttribute("http.response.status_code", 200);
  root.setAttribute("retried", false);
  root.setAttribute("ratio", 0.25);
  root.setAttribute("offset", -3);
  root.setAttribute("note", 'näive ✓ "quoted"');
  const statement = new Span(sink, root.traceId, root.spanId, "SELECT issues", 3, shared, true);
  statement.fail(new Error("no such table: ïssues"));
  statement.end();
  const again = new Span(sink, root.traceId, root.spanId, "SELECT issues", 3, shared, true);
  again.end();
  root.end();
  const proto = protobufEncoder(source);
  const json = jsonEncoder(source);
  for (const span of made) {
    proto.add(span);
    json.add(span);
  }
  assert.equal(proto.count, 3);
  const fromProto = decodeSpans(proto.take() as Buffer);
  const fromJson = (
    JSON.parse(json.take() as string) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }
  ).resourceSpans[0]!.scopeSpans[0]!.spans;
  assert.equal(proto.take(), undefined, "a take empties the batch");
  assert.equal(proto.count, 0);
  // the JSON mapping writes an int as a number, protobuf's reading gives its decimal string
  const same = (spans: OtlpSpan[]) =>
    spans.map((s) => ({
      ...s,
      attributes: s.attributes.map((a) => ({
        key: a.key,
        value: "intValue" in a.value ? { intValue: String(a.value.intValue) } : a.value,
      })),
      events: s.events ?? [],
      status: s.status ?? {},
    }));
  assert.deepEqual(same(fromProto), same(fromJson));
  const failed = fromProto.find((s) => s.status?.code === 2)!;
  assert.equal(failed.status?.message, "no such table: ïssues");
  assert.equal(failed.events?.[0]?.name, "exception");
  assert.equal(fromProto.filter((s) => s.name === "SELECT issues").length, 2);
  assert.equal(fromProto.find((s) => s.kind === SERVER)?.parentSpanId, undefined);
  // times are now, in Unix nanoseconds, to the microsecond. Date.now() drops the microseconds the spans
  // keep, and the monotonic clock the spans count from may stray from the wall clock by a little: five seconds
  // either way is allowed.
  const now = BigInt(Date.now() + 5000) * 1_000_000n;
  for (const s of fromProto) {
    assert.ok(BigInt(s.startTimeUnixNano) <= now && BigInt(s.startTimeUnixNano) > now - 60_000_000_000n);
    assert.equal(BigInt(s.startTimeUnixNano) % 1000n, 0n);
  }
});

test("the encoders write a route's shared attributes with each span's answer, children of spans by their ids, and batches past a pass", () => {
  const source = { resource: { "service.name": "docket" }, scope: { name: "docket", version: "1" } };
  const made: Span[] = [];
  const sink = (span: Span) => made.push(span);
  const route = { "http.request.method": "GET", "http.route": "/v1/issues/:id", "url.scheme": "http" };
  const statement = { "db.system.name": "sqlite", "db.operation.name": "SELECT" };
  const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
  // 300 requests (600 spans): more than one pass of the protobuf encoder
  for (let i = 0; i < 300; i++) {
    const request = new Span(sink, traceId, "00f067aa0ba902b7", "GET /v1/issues/:id", SERVER, route, true);
    new Span(sink, traceId, request, "SELECT issues", CLIENT, statement, true).end();
    request.answered(i % 2 ? 200 : 404);
    request.end();
  }
  assert.equal(route["http.route"], "/v1/issues/:id");
  assert.equal(Object.keys(route).length, 3, "the shared attributes are not written to");
  const proto = protobufEncoder(source);
  const json = jsonEncoder(source);
  for (const span of made) {
    proto.add(span);
    json.add(span);
  }
  assert.equal(proto.count, 600, "spans not yet written are counted");
  const fromProto = decodeSpans(proto.take() as Buffer);
  const fromJson = (
    JSON.parse(json.take() as string) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }
  ).resourceSpans[0]!.scopeSpans[0]!.spans;
  assert.equal(fromProto.length, 600);
  // protobuf's reading gives an int as its decimal string, the JSON mapping as a number
  const attributes = (s: OtlpSpan) =>
    Object.fromEntries(s.attributes.map((a) => [a.key, String(Object.values(a.value)[0])]));
  for (const spans of [fromProto, fromJson]) {
    const requests = spans.filter((s) => s.kind === SERVER);
    assert.equal(requests.length, 300);
    requests.forEach((s, i) => {
      assert.equal(s.parentSpanId, "00f067aa0ba902b7", "a request's span is the caller's span's child");
      assert.deepEqual(attributes(s), { ...route, "http.response.status_code": i % 2 ? "200" : "404" });
    });
    const ids = new Set(requests.map((s) => s.spanId));
    assert.equal(ids.size, 300, "every span has an id of its own");
    for (const id of ids) assert.match(id, /^(?!0{16})[0-9a-f]{16}$/);
    for (const s of spans.filter((x) => x.kind === CLIENT)) {
      assert.ok(ids.has(s.parentSpanId!), "a statement's span is its request's child");
      assert.deepEqual(attributes(s), statement);
    }
  }
  assert.deepEqual(
    fromProto.map((s) => [s.spanId, s.parentSpanId]),
    fromJson.map((s) => [s.spanId, s.parentSpanId]),
  );
  // the spans' own hex ids are those written
  assert.deepEqual(
    made.map((s) => [s.spanId, s.parentSpanId]),
    fromProto.map((s) => [s.spanId, s.parentSpanId]),
  );
});

test("OTEL_EXPORTER_OTLP_PROTOCOL: protobuf by default, JSON when asked, gRPC refused with the way out", () => {
  const base = {
    DATABASE_URL: "/tmp/docket-test.db",
    DOCKET_SECRET_KEY: Buffer.alloc(32, 1).toString("base64"),
  };
  assert.equal(loadConfig(base).telemetry.tracesProtocol, "http/protobuf");
  assert.equal(
    loadConfig({ ...base, OTEL_EXPORTER_OTLP_PROTOCOL: "HTTP/JSON" }).telemetry.tracesProtocol,
    "http/json",
  );
  assert.equal(
    loadConfig({
      ...base,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: "http/protobuf",
    }).telemetry.tracesProtocol,
    "http/protobuf",
    "the traces variable wins",
  );
  assert.throws(() => loadConfig({ ...base, OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" }), /gRPC.*http\/protobuf/);
  assert.throws(
    () => loadConfig({ ...base, OTEL_EXPORTER_OTLP_PROTOCOL: "thrift" }),
    /http\/protobuf or http\/json/,
  );
});
