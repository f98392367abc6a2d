import type { ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Logger } from "pino";
import type { Core } from "../core.ts";
import { preparedName } from "../db/prepared.ts";
import { type DbSystem, telemetryHooks } from "./hooks.ts";
import type { Metrics } from "./metrics.ts";
import type { Span, Statement, Tracing } from "./tracing.ts";

/**
 * Turns metrics (METRICS_PORT) and tracing (OTEL_EXPORTER_OTLP_ENDPOINT) on. With neither set nothing
 * of OpenTelemetry is loaded, no hook is installed (src/ops/hooks.ts stays empty), and requests and
 * queries run exactly as without this file. One process has one telemetry: the first service started
 * in it owns it.
 */
export interface Telemetry {
  /** Where Prometheus scrapes, when metrics are on. */
  metricsAddress: string | undefined;
  /** Sends the spans buffered so far (tests; shutdown does it too). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const OFF: Telemetry = { metricsAddress: undefined, flush: async () => {}, close: async () => {} };

let running: { metrics: Metrics | undefined; tracing: Tracing | undefined } | undefined;

/** The version traces and metrics carry (service.version). */
const VERSION = "0.1.0";

export async function startTelemetry(core: Core, logger: Logger): Promise<Telemetry> {
  const config = core.config.telemetry;
  if (config.metricsPort === undefined && config.tracesEndpoint === undefined) return OFF;
  if (running) {
    logger.warn("telemetry is already on in this process; this service shares it");
    return OFF;
  }
  const [metrics, tracing] = await Promise.all([
    config.metricsPort === undefined
      ? undefined
      : import("./metrics.ts").then((m) => m.startMetrics(core, config, VERSION, logger)),
    config.tracesEndpoint === undefined
      ? undefined
      : import("./tracing.ts").then((m) => m.startTracing(config, VERSION)),
  ]);
  running = { metrics, tracing };
  install(metrics, tracing);
  logger.info(
    {
      ...(metrics ? { metrics: metrics.address } : {}),
      ...(tracing ? { traces: config.tracesEndpoint } : {}),
    },
    "telemetry on",
  );
  let closed: Promise<void> | undefined;
  return {
    metricsAddress: metrics?.address,
    flush: async () => {
      await tracing?.flush();
    },
    close() {
      closed ??= (async () => {
        uninstall();
        running = undefined;
        await Promise.allSettled([metrics?.close(), tracing?.close()]);
      })();
      return closed;
    },
  };
}

const statements = new Map<string, Statement>();
const TABLE_AFTER = /^\s+"?([A-Za-z_][A-Za-z0-9_]*)"?(?:\s*\.\s*"?([A-Za-z_][A-Za-z0-9_]*)"?)?/;

/**
 * The table a statement is about: the first named after FROM, INTO, UPDATE, JOIN or TABLE outside any
 * brackets (a sub-select in the column list names another), else the first one anywhere.
 */
function tableOf(body: string): string | undefined {
  let depth = 0;
  let fallback: string | undefined;
  const keyword = /\b(from|into|update|join|table)\b|[()']/gi;
  for (let m = keyword.exec(body); m; m = keyword.exec(body)) {
    const token = m[0];
    if (token === "(") depth++;
    else if (token === ")") depth = Math.max(0, depth - 1);
    else if (token === "'") {
      // a string literal: skip to its end
      const end = body.indexOf("'", keyword.lastIndex);
      if (end < 0) break;
      keyword.lastIndex = end + 1;
    } else {
      const name = TABLE_AFTER.exec(body.slice(keyword.lastIndex));
      if (!name) continue;
      const table = name[2] ?? name[1];
      if (depth === 0) return table;
      fallback ??= table;
    }
  }
  return fallback;
}

/** The operation (SELECT, INSERT, BEGIN…) and first table a statement names; remembered per text. */
export function describeStatement(text: string): Statement {
  let known = statements.get(text);
  if (known) return known;
  const name = preparedName(text);
  const body = text.replace(/^\s*(\/\*.*?\*\/\s*)*/s, "");
  let operation = (/^[A-Za-z]+/.exec(body)?.[0] ?? "QUERY").toUpperCase();
  if (operation === "WITH") {
    // the statement a common table expression leads to: the first verb after its last closing bracket
    operation = (/\)\s*(select|insert|update|delete)\b/i.exec(body)?.[1] ?? "SELECT").toUpperCase();
  }
  const table = tableOf(body);
  known = { operation, table: table === "pragma_page_count" ? undefined : table, name };
  if (statements.size >= 5000) statements.clear();
  statements.set(text, known);
  return known;
}

const SPAN = Symbol("docket.span");
const STARTED = Symbol("docket.started");
const ROUTE = Symbol("docket.route");
type Instrumented = FastifyRequest & { [SPAN]?: Span | null; [STARTED]?: number; [ROUTE]?: string };

let appHook: ((app: FastifyInstance) => void) | undefined;

/** Called by buildApp first thing: adds the request hooks when telemetry is on; nothing otherwise. */
export function instrumentApp(app: FastifyInstance): void {
  appHook?.(app);
}

function install(metrics: Metrics | undefined, tracing: Tracing | undefined): void {
  const observe = async <T>(sys: DbSystem, text: string, run: () => Promise<T>): Promise<T> => {
    const s = describeStatement(text);
    const span = tracing?.dbSpan(sys, s);
    const t0 = performance.now();
    let failed = false;
    try {
      return await run();
    } catch (error) {
      failed = true;
      span?.fail(error);
      throw error;
    } finally {
      metrics?.db(sys, s, (performance.now() - t0) / 1000, failed);
      span?.end();
    }
  };
  // tracing alone: a statement outside a recorded trace (an unsampled request, the feed's polling) runs
  // as if telemetry were off
  const recording = tracing?.recording;
  telemetryHooks.db =
    metrics || !recording
      ? observe
      : <T>(sys: DbSystem, text: string, run: () => Promise<T>) =>
          recording() ? observe(sys, text, run) : run();
  if (tracing) {
    telemetryHooks.span = tracing.span;
    telemetryHooks.traceId = tracing.traceId;
  }
  if (metrics) {
    telemetryHooks.eventsWritten = metrics.eventsWritten;
    telemetryHooks.eventDelivered = metrics.eventDelivered;
    telemetryHooks.webhookFailed = metrics.webhookFailed;
    telemetryHooks.searched = metrics.searched;
  }
  appHook = (app) => {
    const scheme = app.initialConfig.https ? "https" : "http";
    // Every request object is made with both fields (Fastify's constructor sets its decorations), so
    // setting them below keeps the objects' shape: added later, they would make each request change
    // shape, and Fastify's own code that reads requests see several shapes.
    app.decorateRequest(STARTED, 0);
    app.decorateRequest(SPAN, null);
    // the route's template, read once: Fastify's `routeOptions` builds a new object at every read
    app.decorateRequest(ROUTE, undefined);
    // A request ends where its response closes: sent in full (its status), or cut off first (499). One
    // listener on the response's "close" serves both, and costs less a request than Fastify's
    // onResponse and onRequestAbort hooks (the one runs a hook runner, the other listens anyway).
    const finish = (request: Instrumented, raw: ServerResponse) => {
      const started = request[STARTED];
      if (!started) return;
      request[STARTED] = 0;
      const status = raw.writableFinished ? raw.statusCode : 499;
      const route = request[ROUTE];
      metrics?.requestEnded(request.method, scheme, route, status, (performance.now() - started) / 1000);
      const span = request[SPAN];
      if (span) {
        span.answered(status);
        if (status >= 500) span.fail(String(status));
        span.end();
      }
    };
    app.addHook("onRequest", (request: Instrumented, reply: FastifyReply, done: () => void) => {
      const route = request.routeOptions.url;
      request[ROUTE] = route;
      request[STARTED] = performance.now();
      metrics?.requestStarted(request.method, scheme);
      const raw = reply.raw;
      raw.on("close", () => finish(request, raw));
      if (!tracing) return done();
      const span = tracing.serverSpan(request.method, route, request.headers, scheme);
      if (!span) return done();
      request[SPAN] = span;
      // every later hook and the handler run with the request's span as the current one
      tracing.runIn(span, done);
    });
    if (tracing) {
      // A body arrives through the socket's own events: the handler is put back under the request's
      // span. A GET or HEAD reads none, and its hooks and handler follow on from onRequest's, in the span.
      app.addHook("preHandler", (request: Instrumented, _reply: FastifyReply, done: () => void) => {
        const span = request[SPAN];
        if (span && request.method !== "GET" && request.method !== "HEAD") tracing.runIn(span, done);
        else done();
      });
    }
  };
}

function uninstall(): void {
  for (const key of Object.keys(telemetryHooks)) delete telemetryHooks[key as keyof typeof telemetryHooks];
  appHook = undefined;
}
