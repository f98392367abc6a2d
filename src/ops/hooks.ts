/**
 * Where metrics and tracing plug into the code that serves requests and talks to the database. Every
 * slot is empty unless an operator turns telemetry on (METRICS_PORT, OTEL_EXPORTER_OTLP_ENDPOINT; see
 * src/ops/telemetry.ts): the code that calls them pays one property read, and nothing of OpenTelemetry
 * is loaded.
 */

export type DbSystem = "sqlite" | "postgresql";

/** A span's attributes, and a metric's: plain values only. */
export type Attributes = Record<string, string | number | boolean | undefined>;

export interface TelemetryHooks {
  /** Runs one database statement: timed (db.client.operation.duration) and traced under the current span. */
  db?: <T>(system: DbSystem, sql: string, run: () => Promise<T>) => Promise<T>;
  /**
   * Runs outbound or background work as a span: a child of the current one, else a trace of its own
   * (webhook deliveries, mail). `kind` "client" for a call to another service.
   */
  span?: <T>(
    name: string,
    kind: "client" | "internal",
    attributes: Attributes,
    run: () => Promise<T>,
  ) => Promise<T>;
  /** The current trace's id, for log lines (`trace_id`). */
  traceId?: () => string | undefined;
  /** events written to the feed (docket.events.written) */
  eventsWritten?: (count: number) => void;
  /** seconds from an event's write to its hand-over to the open streams (docket.events.delivery_lag) */
  eventDelivered?: (lagSeconds: number) => void;
  /** a webhook delivery attempt that did not get a 2xx (docket.webhooks.failures) */
  webhookFailed?: (reason: string) => void;
  /** seconds one search took (docket.search.duration) */
  searched?: (seconds: number) => void;
}

export const telemetryHooks: TelemetryHooks = {};

/** Runs `run` as a span when tracing is on; else just runs it. */
export function inSpan<T>(
  name: string,
  kind: "client" | "internal",
  attributes: Attributes,
  run: () => Promise<T>,
): Promise<T> {
  const span = telemetryHooks.span;
  return span ? span(name, kind, attributes, run) : run();
}
