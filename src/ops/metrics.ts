import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Histogram, Attributes as OtelAttributes } from "@opentelemetry/api";
import { PrometheusExporter, PrometheusSerializer } from "@opentelemetry/exporter-prometheus";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { MeterProvider } from "@opentelemetry/sdk-metrics";
import { sql } from "kysely";
import type { Logger } from "pino";
import type { TelemetryConfig } from "../config.ts";
import type { Core } from "../core.ts";
import type { DbSystem } from "./hooks.ts";
import type { Statement } from "./tracing.ts";

/**
 * Metrics, for Prometheus to scrape on a port of their own (METRICS_PORT, on METRICS_HOST: 127.0.0.1
 * unless set), never on the public one. The stable OpenTelemetry names for HTTP and database clients,
 * and Docket's own under docket.*. Loaded only when METRICS_PORT is set (see src/ops/telemetry.ts);
 * docs/operators.md says what each one means.
 */
export interface Metrics {
  /** http://host:port/metrics */
  address: string;
  requestStarted(method: string, scheme: string): void;
  requestEnded(
    method: string,
    scheme: string,
    route: string | undefined,
    status: number,
    seconds: number,
  ): void;
  db(system: DbSystem, statement: Statement, seconds: number, failed: boolean): void;
  eventsWritten(count: number): void;
  eventDelivered(lagSeconds: number): void;
  webhookFailed(reason: string): void;
  searched(seconds: number): void;
  close(): Promise<void>;
}

/** The semantic conventions' advice for HTTP and database durations, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LAG_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Durations kept before they are recorded into the SDK, in one pass. Each record sorts and serializes
 * its attributes to find its series; one at a time between requests it ran with the SDK's code out of
 * the processor's caches, as spans did (src/ops/otlp.ts, ENCODE_EVERY): an issue read's two records
 * took 6 to 8 µs timed in the service, and 3 to 4.5 µs in passes. A scrape records what is kept first.
 */
const RECORD_EVERY = 256;

/**
 * Prometheus names carry their unit (`http_server_request_duration_seconds`), as Prometheus's own
 * OpenTelemetry translation names them: the exporter's text gets the suffix for every family in
 * seconds.
 */
const UNIT_SUFFIX: Record<string, string> = { s: "_seconds", By: "_bytes" };

export function withUnitSuffixes(text: string): string {
  const renames = new Map<string, string>();
  for (const m of text.matchAll(/^# UNIT (\S+) (\S+)$/gm)) {
    const suffix = UNIT_SUFFIX[m[2]!];
    if (suffix && !m[1]!.endsWith(suffix)) renames.set(m[1]!, m[1]! + suffix);
  }
  if (renames.size === 0) return text;
  return text
    .split("\n")
    .map((line) => {
      const at = line.startsWith("# ") ? line.indexOf(" ", 2) + 1 : 0;
      const end = line.slice(at).search(/[\s{]/);
      const name = end < 0 ? line.slice(at) : line.slice(at, at + end);
      for (const [from, to] of renames) {
        // a family's samples: the name itself, or it with _bucket, _sum, _count
        if (
          name === from ||
          (name.startsWith(from) && /^_(bucket|sum|count)$/.test(name.slice(from.length)))
        ) {
          return line.slice(0, at) + to + line.slice(at + from.length);
        }
      }
      return line;
    })
    .join("\n");
}

export async function startMetrics(
  core: Core,
  config: TelemetryConfig,
  version: string,
  logger: Logger,
): Promise<Metrics> {
  const exporter = new PrometheusExporter({ preventServerStart: true });
  const provider = new MeterProvider({
    resource: resourceFromAttributes({
      "service.name": config.serviceName,
      "service.version": version,
    }),
    readers: [exporter],
  });
  const meter = provider.getMeter("docket", version);

  const requestDuration = meter.createHistogram("http.server.request.duration", {
    unit: "s",
    description: "Duration of HTTP server requests.",
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });
  const activeRequests = meter.createObservableUpDownCounter("http.server.active_requests", {
    unit: "{request}",
    description: "Number of active HTTP server requests.",
  });
  const dbDuration = meter.createHistogram("db.client.operation.duration", {
    unit: "s",
    description: "Duration of database client operations.",
    advice: { explicitBucketBoundaries: DB_BUCKETS },
  });
  const connections = meter.createObservableUpDownCounter("db.client.connection.count", {
    unit: "{connection}",
    description: "The number of connections that are currently in state described by the state attribute.",
  });
  const eventsWritten = meter.createCounter("docket.events.written", {
    unit: "{event}",
    description: "Events written to the feed by this instance.",
  });
  const deliveryLag = meter.createHistogram("docket.events.delivery_lag", {
    unit: "s",
    description: "Time from an event's write to its hand-over to this instance's open event streams.",
    advice: { explicitBucketBoundaries: LAG_BUCKETS },
  });
  const webhookFailures = meter.createCounter("docket.webhooks.failures", {
    unit: "{attempt}",
    description:
      "Webhook delivery attempts that got no 2xx answer, by reason (status, timeout, network, refused).",
  });
  const webhookQueue = meter.createObservableGauge("docket.webhooks.queue_depth", {
    unit: "{delivery}",
    description: "Webhook deliveries waiting to be sent or retried (all instances).",
  });
  const liveClaims = meter.createObservableGauge("docket.claims.live", {
    unit: "{claim}",
    description: "Claims on issues not yet released or expired (all instances).",
  });
  const liveSessions = meter.createObservableGauge("docket.sessions.live", {
    unit: "{session}",
    description: "Agent sessions not yet ended (all instances).",
  });
  const streams = meter.createObservableUpDownCounter("docket.sse.connections", {
    unit: "{connection}",
    description: "Event streams (SSE) open on this instance.",
  });
  const searchDuration = meter.createHistogram("docket.search.duration", {
    unit: "s",
    description: "Duration of workspace searches.",
    advice: { explicitBucketBoundaries: DURATION_BUCKETS },
  });

  const dbSystem = core.store.kind === "postgres" ? "postgresql" : "sqlite";
  meter.addBatchObservableCallback(
    async (observe) => {
      const pool = core.store.connections?.();
      if (pool) {
        const base = { "db.system.name": dbSystem, "db.client.connection.pool.name": "docket" };
        observe.observe(connections, pool.idle, { ...base, "db.client.connection.state": "idle" });
        observe.observe(connections, pool.used, { ...base, "db.client.connection.state": "used" });
      }
      observe.observe(streams, core.events.subscribers);
      for (const [attrs, n] of active) observe.observe(activeRequests, n, attrs);
      // counted across the cluster, on each scrape (indexed; a few milliseconds): one failing query
      // leaves its gauge out of this scrape rather than failing the others
      const counts = await Promise.allSettled([
        sql<{ n: number }>`select count(*) as n from webhook_deliveries where status = 'pending'`.execute(
          core.db,
        ),
        sql<{ n: number }>`select count(*) as n from claims where ended_at is null`.execute(core.db),
        sql<{ n: number }>`select count(*) as n from agent_sessions where ended_at is null`.execute(core.db),
      ]);
      const gauges = [webhookQueue, liveClaims, liveSessions];
      counts.forEach((c, i) => {
        if (c.status === "fulfilled") observe.observe(gauges[i]!, Number(c.value.rows[0]?.n ?? 0));
        else logger.warn({ err: c.reason }, "a metric could not be counted");
      });
    },
    [activeRequests, connections, streams, webhookQueue, liveClaims, liveSessions],
  );

  // durations waiting to be recorded (RECORD_EVERY): which histogram, the value, its attributes
  const kept: { histogram: Histogram; value: number; attributes: OtelAttributes }[] = [];
  const recordLater = (histogram: Histogram, value: number, attributes: OtelAttributes) => {
    kept.push({ histogram, value, attributes });
    if (kept.length >= RECORD_EVERY) recordKept();
  };
  const recordKept = () => {
    for (let i = 0; i < kept.length; i++) {
      const k = kept[i]!;
      k.histogram.record(k.value, k.attributes);
    }
    kept.length = 0;
  };

  const serializer = new PrometheusSerializer();
  const server = http.createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (request.method !== "GET" || path !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found: metrics are at /metrics\n");
      return;
    }
    recordKept();
    exporter.collect().then(
      ({ resourceMetrics }) => {
        response
          .writeHead(200, { "content-type": "text/plain; version=0.0.4; charset=utf-8" })
          .end(withUnitSuffixes(serializer.serialize(resourceMetrics)));
      },
      (error: unknown) => {
        logger.warn({ err: error }, "metrics could not be collected");
        response.writeHead(500, { "content-type": "text/plain" }).end("metrics could not be collected\n");
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.metricsPort, config.metricsHost, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const bound = server.address() as AddressInfo;
  const host = bound.family === "IPv6" ? `[${bound.address}]` : bound.address;
  const address = `http://${host}:${bound.port}/metrics`;

  // one attributes object per (method, scheme) and per (system, operation, table): recording a value
  // then allocates nothing
  const requestAttrs = new Map<string, OtelAttributes>();
  /**
   * Requests being served, by their (method, scheme) attributes: counted here and observed at each
   * scrape, so a request costs two additions rather than two records into the SDK, each of which sorts
   * and serializes its attributes to find its series.
   */
  const active = new Map<OtelAttributes, number>();
  const activeAttrs = (method: string, scheme: string) => {
    const key = `${method} ${scheme}`;
    let attrs = requestAttrs.get(key);
    if (!attrs) {
      attrs = { "http.request.method": method, "url.scheme": scheme };
      requestAttrs.set(key, attrs);
    }
    return attrs;
  };

  // each statement's attributes, made once (src/ops/telemetry.ts describes a statement once per text)
  const statementAttrs = new WeakMap<Statement, [OtelAttributes, OtelAttributes]>();

  return {
    address,
    requestStarted(method, scheme) {
      const attrs = activeAttrs(method, scheme);
      active.set(attrs, (active.get(attrs) ?? 0) + 1);
    },
    requestEnded(method, scheme, route, status, seconds) {
      const attrs = activeAttrs(method, scheme);
      active.set(attrs, (active.get(attrs) ?? 1) - 1);
      recordLater(requestDuration, seconds, {
        "http.request.method": method,
        "url.scheme": scheme,
        "http.response.status_code": status,
        ...(route ? { "http.route": route } : {}),
        ...(status >= 500 ? { "error.type": String(status) } : {}),
      });
    },
    db(system, statement, seconds, failed) {
      let attrs = statementAttrs.get(statement);
      if (!attrs) {
        const ok: OtelAttributes = { "db.system.name": system, "db.operation.name": statement.operation };
        if (statement.table) ok["db.collection.name"] = statement.table;
        attrs = [ok, { ...ok, "error.type": "error" }];
        statementAttrs.set(statement, attrs);
      }
      recordLater(dbDuration, seconds, attrs[failed ? 1 : 0]!);
    },
    eventsWritten(count) {
      eventsWritten.add(count);
    },
    eventDelivered(lag) {
      deliveryLag.record(Math.max(0, lag));
    },
    webhookFailed(reason) {
      webhookFailures.add(1, { "docket.webhook.failure": reason });
    },
    searched(seconds) {
      searchDuration.record(seconds);
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await provider.shutdown();
    },
  };
}
