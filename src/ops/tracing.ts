import { AsyncLocalStorage } from "node:async_hooks";
import {
  type Context,
  defaultTextMapGetter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  type SpanOptions,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
} from "@opentelemetry/sdk-trace-base";
import type { TelemetryConfig } from "../config.ts";
import type { Attributes, DbSystem } from "./hooks.ts";

/** What a statement is (src/ops/telemetry.ts describes it once per text): never its values. */
export interface Statement {
  operation: string;
  table: string | undefined;
  /** a prepared statement's name (src/db/prepared.ts) */
  name: string | undefined;
}

/**
 * Traces, exported over OTLP/HTTP (JSON) in batches: a server span per request (named by its route
 * template), a client span per database statement (operation and table, never its values) inside it,
 * and spans for outbound webhooks and mail. Loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (see
 * src/ops/telemetry.ts).
 *
 * The current span is carried in an AsyncLocalStorage of this module's own: nothing is registered
 * globally, so the service's spans are the only ones made.
 */
export interface Tracing {
  /**
   * Starts a request's server span, a child of the caller's `traceparent` if it sent one; none for a
   * request that starts a trace the sampler would not keep (it then costs nothing at all).
   */
  serverSpan(
    method: string,
    route: string | undefined,
    headers: Record<string, unknown>,
    scheme: string,
  ): Span | undefined;
  /** Runs `fn` (and everything it starts) with `span` as the current span. */
  runIn(span: Span, fn: () => void): void;
  /** Whether a recorded span is current (statements then get spans). */
  recording(): boolean;
  /** A statement's span under the current one; none outside a trace (background polling is not traced). */
  dbSpan(system: DbSystem, statement: Statement): Span | undefined;
  /** Runs `run` as a span: a child of the current one, else the root of a trace of its own. */
  span<T>(
    name: string,
    kind: "client" | "internal",
    attributes: Attributes,
    run: () => Promise<T>,
  ): Promise<T>;
  /** The current trace's id (hex), if any. */
  traceId(): string | undefined;
  /** Marks a span failed. */
  fail(span: Span, error: unknown): void;
  /** Sends what is buffered now. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const propagator = new W3CTraceContextPropagator();

export function startTracing(config: TelemetryConfig, version: string): Tracing {
  const exporter = new OTLPTraceExporter({ url: config.tracesEndpoint, timeoutMillis: 5000 });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      "service.name": config.serviceName,
      "service.version": version,
    }),
    // a caller's sampled traceparent is followed; traces started here are kept at OTEL_TRACES_SAMPLER_ARG
    sampler: new ParentBasedSampler({
      root:
        config.tracesSampleRatio >= 1
          ? new AlwaysOnSampler()
          : new TraceIdRatioBasedSampler(config.tracesSampleRatio),
    }),
    spanProcessors: [
      // a busy instance makes thousands of spans a second: sent every second, in large batches; what
      // does not fit the queue is dropped rather than held
      new BatchSpanProcessor(exporter, {
        maxQueueSize: 16_384,
        maxExportBatchSize: 2048,
        scheduledDelayMillis: 1000,
        exportTimeoutMillis: 10_000,
      }),
    ],
  });
  const tracer: Tracer = provider.getTracer("docket", version);
  const current = new AsyncLocalStorage<Context>();
  const active = () => current.getStore() ?? ROOT_CONTEXT;
  const ratio = config.tracesSampleRatio;
  // each statement's span name and options, made once
  const described_ = new WeakMap<Statement, { summary: string; options: SpanOptions }>();

  return {
    serverSpan(method, route, headers, scheme) {
      // a trace started here and not kept: decided before any span is made (the caller's traceparent,
      // when sent, decides instead)
      if (!headers.traceparent && ratio < 1 && Math.random() >= ratio) return undefined;
      const parent = headers.traceparent
        ? propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter)
        : ROOT_CONTEXT;
      return tracer.startSpan(
        route ? `${method} ${route}` : method,
        {
          kind: SpanKind.SERVER,
          attributes: {
            "http.request.method": method,
            ...(route ? { "http.route": route } : {}),
            "url.scheme": scheme,
          },
        },
        parent,
      );
    },
    runIn(span, fn) {
      current.run(trace.setSpan(ROOT_CONTEXT, span), fn);
    },
    recording() {
      const parent = current.getStore();
      return parent !== undefined && trace.getSpan(parent)?.isRecording() === true;
    },
    dbSpan(system, statement) {
      const parent = current.getStore();
      // statements outside a request or job (the feed's polling, say) are not traced; nor those of a
      // request whose trace is not sampled
      if (!parent || !trace.getSpan(parent)?.isRecording()) return undefined;
      let described = described_.get(statement);
      if (!described) {
        const { operation, table, name } = statement;
        const summary = table ? `${operation} ${table}` : operation;
        const attributes: Record<string, string> = {
          "db.system.name": system,
          "db.operation.name": operation,
          "db.query.summary": summary,
        };
        if (table) attributes["db.collection.name"] = table;
        // a prepared statement's name (src/db/prepared.ts): the same on every instance of a build
        if (name) attributes["docket.db.statement"] = name;
        described = { summary, options: { kind: SpanKind.CLIENT, attributes } };
        described_.set(statement, described);
      }
      return tracer.startSpan(described.summary, described.options, parent);
    },
    span(name, kind, attributes, run) {
      const defined: Record<string, string | number | boolean> = {};
      for (const [k, v] of Object.entries(attributes)) if (v !== undefined) defined[k] = v;
      const span = tracer.startSpan(
        name,
        { kind: kind === "client" ? SpanKind.CLIENT : SpanKind.INTERNAL, attributes: defined },
        active(),
      );
      return current.run(trace.setSpan(active(), span), async () => {
        try {
          return await run();
        } catch (error) {
          span.recordException(error as Error);
          span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
          throw error;
        } finally {
          span.end();
        }
      });
    },
    traceId() {
      const ctx = current.getStore();
      return ctx ? trace.getSpan(ctx)?.spanContext().traceId : undefined;
    },
    fail: failSpan,
    flush: () => provider.forceFlush(),
    close: () => provider.shutdown(),
  };
}

/** Marks a span failed (a 5xx answer, a statement that threw). */
export function failSpan(span: Span, error: unknown): void {
  if (error instanceof Error) span.recordException(error);
  span.setStatus({
    code: SpanStatusCode.ERROR,
    ...(error instanceof Error ? { message: error.message } : {}),
  });
}
