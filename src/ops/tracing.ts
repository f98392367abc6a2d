import { AsyncLocalStorage } from "node:async_hooks";
import { randomFillSync } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { TelemetryConfig } from "../config.ts";
import type { Attributes, DbSystem } from "./hooks.ts";
import { jsonEncoder, protobufEncoder } from "./otlp.ts";

/** What a statement is (src/ops/telemetry.ts describes it once per text): never its values. */
export interface Statement {
  operation: string;
  table: string | undefined;
  /** a prepared statement's name (src/db/prepared.ts) */
  name: string | undefined;
}

/** OTLP span kinds (opentelemetry-proto's Span.SpanKind) */
const INTERNAL = 1;
const SERVER = 2;
const CLIENT = 3;
/** OTLP status codes */
const STATUS_ERROR = 2;

type Value = string | number | boolean;

/**
 * One span, recorded. Deliberately small: a span id is two random 32-bit words (hex only when asked
 * for), a trace id a hex string, times the process's monotonic clock (converted to Unix nanoseconds
 * when sent), attributes a plain object. A request makes one of these per statement, so every
 * microsecond here is paid several times a request.
 */
export class Span {
  readonly traceId: string;
  /** the span id's high and low 32 bits */
  readonly idHigh: number;
  readonly idLow: number;
  /** the parent: a span of this process, or a caller's span id (hex); none for a trace's root */
  readonly parent: Span | string | undefined;
  readonly name: string;
  readonly kind: number;
  readonly start: number;
  attributes: Record<string, Value>;
  /** shared with other spans (a statement's or a route's attributes) until one of its own is set */
  private shared: boolean;
  /** a server span's `http.response.status_code`, kept beside its shared attributes */
  responseStatus: number | undefined;
  end_: number | undefined;
  statusCode = 0;
  statusMessage: string | undefined;
  exception: { type: string; message: string; time: number } | undefined;
  private readonly sink: (span: Span) => void;

  constructor(
    sink: (span: Span) => void,
    traceId: string,
    parent: Span | string | undefined,
    name: string,
    kind: number,
    attributes: Record<string, Value>,
    shared: boolean,
  ) {
    this.sink = sink;
    this.traceId = traceId;
    let high = randomWord();
    let low = randomWord();
    // an all-zero span id is invalid (W3C trace context)
    while (high === 0 && low === 0) {
      high = randomWord();
      low = randomWord();
    }
    this.idHigh = high;
    this.idLow = low;
    this.parent = parent;
    this.name = name;
    this.kind = kind;
    this.attributes = attributes;
    this.shared = shared;
    this.responseStatus = undefined;
    this.start = performance.now();
  }

  /** The span id, 16 hex digits. */
  get spanId(): string {
    return hexWord(this.idHigh) + hexWord(this.idLow);
  }

  /** The parent's span id, 16 hex digits; undefined for a trace's root. */
  get parentSpanId(): string | undefined {
    const parent = this.parent;
    return parent === undefined || typeof parent === "string" ? parent : parent.spanId;
  }

  /** Whether its attributes are shared with other spans (a statement's, a route's). */
  isShared(): boolean {
    return this.shared;
  }

  setAttribute(key: string, value: Value): void {
    if (this.shared) {
      this.attributes = { ...this.attributes };
      this.shared = false;
    }
    this.attributes[key] = value;
  }

  /** A server span's answer: `http.response.status_code`, without copying the route's shared attributes. */
  answered(status: number): void {
    this.responseStatus = status;
  }

  /** Marks the span failed (a 5xx answer, a statement that threw), with the error as its event. */
  fail(error: unknown): void {
    this.statusCode = STATUS_ERROR;
    if (error instanceof Error) {
      this.statusMessage = error.message;
      this.exception = { type: error.name, message: error.message, time: performance.now() };
    } else if (typeof error === "string") {
      this.statusMessage = error;
    }
  }

  end(): void {
    if (this.end_ !== undefined) return;
    this.end_ = performance.now();
    this.sink(this);
  }
}

const hexWord = (word: number) => word.toString(16).padStart(8, "0");

/**
 * Traces, exported over OTLP/HTTP (protobuf, or JSON) in batches: a server span per request (named by its route
 * template), a client span per database statement (operation and table, never its values) inside it,
 * and spans for outbound webhooks and mail. Loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set (see
 * src/ops/telemetry.ts).
 *
 * The spans are made here rather than by OpenTelemetry's SDK: the SDK's span, its context objects and
 * its exporter's serializer cost more per span than the issue read they would measure (docs/operators.md,
 * "What it costs"). What goes over the wire is the same OTLP/HTTP any collector takes (src/ops/otlp.ts
 * writes it), and a caller's W3C `traceparent` is followed.
 */
export interface Tracing {
  /**
   * Starts a request's server span, a child of the caller's `traceparent` if it sent one; none for a
   * request that starts a trace the sampler would not keep, or whose caller's trace is not sampled (it
   * then costs nothing at all).
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
  /** Sends what is buffered now. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** W3C trace context: version 00, a trace id, the parent's span id, flags (01: sampled). */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-|$)/;
const ZERO_TRACE = "0".repeat(32);
const ZERO_SPAN = "0".repeat(16);

/** A caller's trace, when its `traceparent` is well formed (else the request starts a trace of its own). */
export function parseTraceparent(
  header: unknown,
): { traceId: string; parentSpanId: string; sampled: boolean } | undefined {
  if (typeof header !== "string") return undefined;
  const m = TRACEPARENT.exec(header.trim().toLowerCase());
  if (!m || m[1] === "ff" || m[2] === ZERO_TRACE || m[3] === ZERO_SPAN) return undefined;
  return { traceId: m[2]!, parentSpanId: m[3]!, sampled: (Number.parseInt(m[4]!, 16) & 1) === 1 };
}

// random ids come from a pool refilled 4 KiB at a time: one call into the system per 512 span ids
const words = new Uint32Array(1024);
let wordsAt = words.length;
function randomWord(): number {
  if (wordsAt === words.length) {
    randomFillSync(words);
    wordsAt = 0;
  }
  return words[wordsAt++]!;
}

/** A new trace id: 32 hex digits, not all zero. */
function newTraceId(): string {
  let id = "";
  for (let i = 0; i < 4; i++) id += hexWord(randomWord());
  return id === ZERO_TRACE ? newTraceId() : id;
}

/** Spans in one export request. */
const BATCH = 2048;
/**
 * Exports under way at once; a batch beyond them is dropped: a collector that cannot keep up loses
 * spans, never the service's memory.
 */
const MAX_IN_FLIGHT = 8;
/** How often what has ended is sent. */
const EVERY_MS = 1000;
const TIMEOUT_MS = 5000;

export function startTracing(config: TelemetryConfig, version: string): Tracing {
  const endpoint = new URL(config.tracesEndpoint!);
  const client = endpoint.protocol === "https:" ? https : http;
  const agent = new client.Agent({ keepAlive: true, maxSockets: 2 });
  const extraHeaders = config.tracesHeaders;
  const source = {
    resource: {
      "service.name": config.serviceName,
      "service.version": version,
      "telemetry.sdk.language": "nodejs",
    },
    scope: { name: "docket", version },
  };
  const encoder = config.tracesProtocol === "http/json" ? jsonEncoder(source) : protobufEncoder(source);
  const ratio = config.tracesSampleRatio;

  const sending = new Set<Promise<void>>();
  const sink = (span: Span) => {
    encoder.add(span);
    if (encoder.count >= BATCH) send();
  };

  /** Sends what has ended; a failed export is dropped (as OpenTelemetry's exporters do). */
  function send(): Promise<void> {
    const body = encoder.take();
    if (body === undefined || sending.size >= MAX_IN_FLIGHT) return Promise.resolve();
    const posted = post(body).finally(() => sending.delete(posted));
    sending.add(posted);
    return posted;
  }

  function post(body: Buffer | string): Promise<void> {
    return new Promise((resolve) => {
      const request = client.request(
        endpoint,
        {
          method: "POST",
          agent,
          timeout: TIMEOUT_MS,
          headers: {
            ...extraHeaders,
            "content-type": encoder.contentType,
            "content-length": Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          response.on("end", resolve);
          response.on("error", () => resolve());
        },
      );
      request.on("timeout", () => request.destroy(new Error("OTLP export timed out")));
      request.on("error", () => resolve());
      request.end(body);
    });
  }

  const timer = setInterval(() => {
    if (encoder.count > 0) send();
  }, EVERY_MS);
  timer.unref();

  const current = new AsyncLocalStorage<Span>();
  /** each statement's span name and attributes, made once (the attributes are shared, not copied) */
  const described = new WeakMap<Statement, { summary: string; attributes: Record<string, Value> }>();
  const kinds = { client: CLIENT, internal: INTERNAL } as const;
  /**
   * Each route's server span name and attributes by method, made once and shared by its spans (the
   * status code is kept beside them: Span.answered). Routes are Fastify's templates, so they are few.
   */
  const routes = new Map<string, Map<string, { name: string; attributes: Record<string, Value> }>>();
  const describeRoute = (method: string, route: string | undefined, scheme: string) => {
    let methods = routes.get(route ?? "");
    if (!methods) {
      if (routes.size >= 2000) routes.clear();
      methods = new Map();
      routes.set(route ?? "", methods);
    }
    let d = methods.get(method);
    if (!d || d.attributes["url.scheme"] !== scheme) {
      const attributes: Record<string, Value> = { "http.request.method": method };
      if (route) attributes["http.route"] = route;
      attributes["url.scheme"] = scheme;
      d = { name: route ? `${method} ${route}` : method, attributes };
      methods.set(method, d);
    }
    return d;
  };

  return {
    serverSpan(method, route, headers, scheme) {
      const caller = parseTraceparent(headers.traceparent);
      // a caller's trace decides (parent-based sampling); a trace started here is kept at the ratio,
      // decided before any span is made
      if (caller ? !caller.sampled : ratio < 1 && Math.random() >= ratio) return undefined;
      const d = describeRoute(method, route, scheme);
      return new Span(
        sink,
        caller?.traceId ?? newTraceId(),
        caller?.parentSpanId,
        d.name,
        SERVER,
        d.attributes,
        true,
      );
    },
    runIn(span, fn) {
      current.run(span, fn);
    },
    recording() {
      return current.getStore() !== undefined;
    },
    dbSpan(system, statement) {
      const parent = current.getStore();
      // statements outside a request or job (the feed's polling, say) are not traced; nor those of a
      // request whose trace is not sampled
      if (!parent) return undefined;
      let d = described.get(statement);
      if (!d) {
        const { operation, table, name } = statement;
        const summary = table ? `${operation} ${table}` : operation;
        const attributes: Record<string, Value> = {
          "db.system.name": system,
          "db.operation.name": operation,
          "db.query.summary": summary,
        };
        if (table) attributes["db.collection.name"] = table;
        // a prepared statement's name (src/db/prepared.ts): the same on every instance of a build
        if (name) attributes["docket.db.statement"] = name;
        d = { summary, attributes };
        described.set(statement, d);
      }
      return new Span(sink, parent.traceId, parent, d.summary, CLIENT, d.attributes, true);
    },
    span(name, kind, attributes, run) {
      const defined: Record<string, Value> = {};
      for (const k in attributes) {
        const v = attributes[k];
        if (v !== undefined) defined[k] = v;
      }
      const parent = current.getStore();
      const span = new Span(sink, parent?.traceId ?? newTraceId(), parent, name, kinds[kind], defined, false);
      return current.run(span, async () => {
        try {
          return await run();
        } catch (error) {
          span.fail(error);
          throw error;
        } finally {
          span.end();
        }
      });
    },
    traceId() {
      return current.getStore()?.traceId;
    },
    async flush() {
      await send();
      await Promise.all([...sending]);
    },
    async close() {
      clearInterval(timer);
      await send();
      await Promise.all([...sending]);
      agent.destroy();
    },
  };
}
