import assert from "node:assert/strict";
import { test } from "node:test";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/http/logger.ts";
import { withUnitSuffixes } from "../../src/ops/metrics.ts";
import { startServer } from "../../src/server.ts";
import { createTestDatabase, ON_POSTGRES, seed, testConfig } from "../support.ts";

/** The samples of one metric family in a Prometheus text: each line's labels and value. */
function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  const out: { labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labels: Record<string, string> = {};
    const open = line.indexOf("{");
    const close = line.lastIndexOf("}");
    if (open >= 0 && open < line.indexOf(" ")) {
      for (const m of line.slice(open + 1, close).matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
        labels[m[1]!] = m[2]!;
    }
    out.push({
      labels,
      value: Number(line.slice((close >= 0 && open >= 0 ? close : line.indexOf(" ")) + 1).trim()),
    });
  }
  return out;
}

const DB = ON_POSTGRES ? "postgresql" : "sqlite";

/** The issue read's route, as its metrics name it. */
const READ_ROUTE = "/v1/issues/:id";

/** How many issue reads (`GET /v1/issues/:id` answered 200) a scrape counts. */
function issueReads(text: string): number {
  return (
    samples(text, "http_server_request_duration_seconds_count").find(
      (s) =>
        s.labels.http_route === READ_ROUTE &&
        s.labels.http_request_method === "GET" &&
        s.labels.http_response_status_code === "200",
    )?.value ?? 0
  );
}

/** A token of the seeded workspace (its headers) and an issue made with it in space ENG. */
async function withIssue(
  server: Awaited<ReturnType<typeof startServer>>,
  title: string,
): Promise<{ auth: Record<string, string>; issue: { id: string } }> {
  const { token } = await seed(server.core);
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const created = await fetch(`${server.address}/v1/issues`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ title, space: "ENG" }),
  });
  assert.equal(created.status, 201);
  return { auth, issue: (await created.json()) as { id: string } };
}

test(`metrics are scraped on their own port with the stable names and units; a request moves its route's histogram (${ON_POSTGRES ? "PostgreSQL" : "SQLite"})`, async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const server = await startServer(testConfig(database.url, { METRICS_PORT: "0" }), {
    logger: createLogger("silent"),
  });
  t.after(() => server.close());
  const metricsUrl = server.telemetry.metricsAddress;
  assert.ok(metricsUrl, "the metrics port is open");
  assert.match(
    metricsUrl,
    /^http:\/\/127\.0\.0\.1:\d+\/metrics$/,
    "on loopback unless METRICS_HOST says otherwise",
  );
  assert.notEqual(new URL(metricsUrl).port, new URL(server.address).port);
  const scrape = async () => {
    const r = await fetch(metricsUrl);
    assert.equal(r.status, 200);
    assert.match(String(r.headers.get("content-type")), /^text\/plain/);
    return r.text();
  };

  const { auth, issue } = await withIssue(server, "Measure me");

  const before = await scrape();
  const read = await fetch(`${server.address}/v1/issues/${issue.id}`, { headers: auth });
  assert.equal(read.status, 200);
  await read.arrayBuffer();
  const search = await fetch(`${server.address}/v1/search?q=measure`, { headers: auth });
  assert.equal(search.status, 200);
  await search.arrayBuffer();
  const after = await scrape();
  assert.equal(issueReads(after), issueReads(before) + 1, "the read moved its route's histogram by one");

  // the stable HTTP and database names, with their units (seconds carry _seconds, as Prometheus names them)
  for (const [name, type, unit] of [
    ["http_server_request_duration_seconds", "histogram", "s"],
    ["http_server_active_requests", "gauge", "{request}"],
    ["db_client_operation_duration_seconds", "histogram", "s"],
    ["db_client_connection_count", "gauge", "{connection}"],
    ["docket_events_written_total", "counter", "{event}"],
    ["docket_webhooks_queue_depth", "gauge", "{delivery}"],
    ["docket_claims_live", "gauge", "{claim}"],
    ["docket_sessions_live", "gauge", "{session}"],
    ["docket_sse_connections", "gauge", "{connection}"],
    ["docket_search_duration_seconds", "histogram", "s"],
  ] as const) {
    assert.match(after, new RegExp(`^# TYPE ${name} ${type}$`, "m"), `${name} is a ${type}`);
    assert.match(
      after,
      new RegExp(`^# UNIT ${name} ${unit.replace(/[{}]/g, "\\$&")}$`, "m"),
      `${name} is in ${unit}`,
    );
  }
  const buckets = samples(after, "http_server_request_duration_seconds_bucket").filter(
    (s) => s.labels.http_route === READ_ROUTE && s.labels.http_response_status_code === "200",
  );
  assert.ok(
    buckets.some((b) => b.labels.le === "0.005") && buckets.some((b) => b.labels.le === "+Inf"),
    "the semantic conventions' buckets",
  );
  assert.ok(
    samples(after, "http_server_request_duration_seconds_count").every(
      (s) => !/[0-9a-f]{8,}/.test(s.labels.http_route ?? ""),
    ),
    "routes are templates, never ids",
  );
  const statements = samples(after, "db_client_operation_duration_seconds_count");
  assert.ok(
    statements.some(
      (s) =>
        s.labels.db_system_name === DB &&
        s.labels.db_operation_name === "SELECT" &&
        s.labels.db_collection_name === "issues",
    ),
    "statements are measured by system, operation and table",
  );
  assert.ok(
    samples(after, "db_client_connection_count").some(
      (s) => s.labels.db_client_connection_state === "idle" && s.labels.db_system_name === DB,
    ),
  );
  assert.ok((samples(after, "docket_events_written_total")[0]?.value ?? 0) >= 1, "the create wrote an event");
  assert.equal(samples(after, "docket_search_duration_seconds_count")[0]?.value, 1, "one search measured");
  assert.equal(samples(after, "docket_webhooks_queue_depth")[0]?.value, 0);
  assert.equal(samples(after, "docket_claims_live")[0]?.value, 0);

  // a request the client cuts off (a stream closed) ends as 499, and is no longer active
  const abort = new AbortController();
  const stream = await fetch(`${server.address}/v1/events/stream`, { headers: auth, signal: abort.signal });
  assert.equal(stream.status, 200);
  const active = async () =>
    samples(await scrape(), "http_server_active_requests").reduce((n, s) => n + s.value, 0);
  assert.equal(await active(), 1, "the open stream is an active request");
  abort.abort();
  const cutOff = async () =>
    samples(await scrape(), "http_server_request_duration_seconds_count").find(
      (s) => s.labels.http_route === "/v1/events/stream" && s.labels.http_response_status_code === "499",
    )?.value ?? 0;
  for (let i = 0; i < 100 && (await cutOff()) === 0; i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(await cutOff(), 1, "the stream cut off counted as 499");
  assert.equal(await active(), 0);

  // never on the public port
  const publicScrape = await fetch(`${server.address}/metrics`);
  assert.ok(!(await publicScrape.text()).includes("http_server_request_duration"), "not served on PORT");
  assert.equal((await fetch(metricsUrl.replace("/metrics", "/other"))).status, 404);
});

test("durations recorded in passes are all counted: 300 reads past two passes, and a scrape between passes", async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const server = await startServer(testConfig(database.url, { METRICS_PORT: "0", REST_RATE_LIMIT: "0" }), {
    logger: createLogger("silent"),
  });
  t.after(() => server.close());
  const scrape = async () => (await fetch(server.telemetry.metricsAddress!)).text();
  const { auth } = await withIssue(server, "Read often");
  const statements = (text: string) =>
    samples(text, "db_client_operation_duration_seconds_count").reduce((n, s) => n + s.value, 0);
  const read = async () => {
    const r = await fetch(`${server.address}/v1/issues/ENG-1`, { headers: auth });
    assert.equal(r.status, 200);
    await r.arrayBuffer();
  };
  const before = await scrape();
  // a request and its statement make two records each: 100 reads are short of a pass of 256
  for (let i = 0; i < 100; i++) await read();
  const between = await scrape();
  assert.equal(issueReads(between), issueReads(before) + 100, "a scrape records what is kept first");
  for (let i = 0; i < 200; i++) await read();
  const after = await scrape();
  assert.equal(issueReads(after), issueReads(before) + 300, "every read is counted once, across passes");
  assert.ok(statements(after) - statements(before) >= 300, "each read's statement is counted");
});

test("metrics are off unless METRICS_PORT is set", async (t) => {
  const database = await createTestDatabase();
  t.after(() => database.drop());
  const server = await startServer(testConfig(database.url), { logger: createLogger("silent") });
  t.after(() => server.close());
  assert.equal(server.telemetry.metricsAddress, undefined);
});

test("families in seconds get the _seconds suffix, their samples too", () => {
  const text = [
    "# HELP a_duration x",
    "# UNIT a_duration s",
    "# TYPE a_duration histogram",
    'a_duration_bucket{le="1"} 1',
    "a_duration_sum 0.5",
    "a_duration_count 1",
    "# HELP a_durations y",
    "# TYPE a_durations gauge",
    "a_durations 3",
  ].join("\n");
  const out = withUnitSuffixes(text);
  assert.match(out, /^# UNIT a_duration_seconds s$/m);
  assert.match(out, /^a_duration_seconds_bucket\{le="1"\} 1$/m);
  assert.match(out, /^a_duration_seconds_count 1$/m);
  assert.match(out, /^a_durations 3$/m, "another family that merely starts alike is left alone");
});

test("telemetry's configuration: off by default, each variable read and checked", () => {
  assert.deepEqual(loadConfig({}).telemetry, {
    metricsPort: undefined,
    metricsHost: "127.0.0.1",
    tracesEndpoint: undefined,
    tracesHeaders: {},
    tracesProtocol: "http/protobuf",
    serviceName: "docket",
    tracesSampleRatio: 1,
  });
  const on = loadConfig({
    METRICS_PORT: "9464",
    METRICS_HOST: "0.0.0.0",
    OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/",
    OTEL_EXPORTER_OTLP_HEADERS: "authorization=Bearer%20k",
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    OTEL_SERVICE_NAME: "docket-eu",
    OTEL_TRACES_SAMPLER_ARG: "0.25",
  }).telemetry;
  assert.deepEqual(on, {
    metricsPort: 9464,
    metricsHost: "0.0.0.0",
    tracesEndpoint: "http://collector:4318/v1/traces",
    tracesHeaders: { authorization: "Bearer k" },
    tracesProtocol: "http/json",
    serviceName: "docket-eu",
    tracesSampleRatio: 0.25,
  });
  assert.equal(
    loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://t.example/otlp" }).telemetry.tracesEndpoint,
    "https://t.example/otlp",
  );
  assert.throws(() => loadConfig({ METRICS_PORT: "http" }), /METRICS_PORT/);
  assert.throws(() => loadConfig({ OTEL_TRACES_SAMPLER_ARG: "2" }), /OTEL_TRACES_SAMPLER_ARG/);
  assert.throws(
    () => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" }),
    /OTEL_EXPORTER_OTLP_ENDPOINT/,
  );
});
