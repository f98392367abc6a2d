import net from "node:net";
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import { type Core, closeCore, createCore } from "./core.ts";
import { isUnavailable, openStore, type Store } from "./db/store.ts";
import { buildApp } from "./http/app.ts";
import { createLogger } from "./http/logger.ts";
import {
  type BackgroundWork,
  buildWorkerApp,
  runsBackground,
  servesHttp,
  startBackgroundWork,
} from "./ops/roles.ts";
import { startTelemetry, type Telemetry } from "./ops/telemetry.ts";
import { sealStoredSecrets } from "./secret-box.ts";

export interface RunningServer {
  app: FastifyInstance;
  core: Core;
  /** Metrics and traces: where Prometheus scrapes (when on), and a flush of the spans buffered. */
  telemetry: Telemetry;
  /** Where it listens, e.g. http://127.0.0.1:3000 (a worker answers /healthz and /readyz only) */
  address: string;
  /** The background loops (roles all and worker; undefined for web), with the schedules' leadership. */
  background: BackgroundWork | undefined;
  /**
   * Shuts down: for `drainMs` (0 unless given) it still accepts connections but answers every request
   * 503 with `Connection: close`, so clients on open connections are told to go elsewhere instead of
   * meeting a closed socket; then it stops taking connections, lets requests in flight finish, and
   * closes the store.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/**
 * How long no connection must have arrived before a draining service closes its listener, and how long
 * it waits for such a pause at most (see `close` in startServer).
 */
const QUIET_BEFORE_CLOSE_MS = 50;
const QUIET_WAIT_MAX_MS = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits between attempts to reach the database at start-up: doubling from the first to the last. */
const STARTUP_RETRY_FIRST_MS = 250;
const STARTUP_RETRY_MAX_MS = 5000;

/**
 * Waits until the database answers, for at most `waitMs`, logging each failed attempt; rethrows at once
 * an error that waiting will not cure (a wrong password, say), and the last error once the time is up.
 */
export async function waitForDatabase(
  store: Store,
  logger: Logger,
  waitMs: number,
  pingMs: number,
  signal?: AbortSignal,
): Promise<void> {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    signal?.throwIfAborted();
    try {
      await store.ping(pingMs);
      if (attempt > 1)
        logger.info({ attempts: attempt, waited_ms: Date.now() - started }, "database reachable");
      return;
    } catch (error) {
      const waiting = isUnavailable(error) || /did not answer in time/.test((error as Error)?.message ?? "");
      const pause = Math.min(STARTUP_RETRY_FIRST_MS * 2 ** (attempt - 1), STARTUP_RETRY_MAX_MS);
      const elapsed = Date.now() - started;
      if (!waiting || elapsed + pause > waitMs) {
        throw new Error(
          `the database cannot be reached or prepared: ${(error as Error)?.message ?? String(error)}` +
            (waiting && waitMs > 0 ? ` (gave up after waiting ${Math.round(elapsed / 1000)} s)` : ""),
          { cause: error },
        );
      }
      logger.warn(
        { err: error, attempt, waited_ms: elapsed, gives_up_after_ms: waitMs },
        "database unreachable; waiting for it before serving",
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pause);
        function done() {
          clearTimeout(timer);
          signal?.removeEventListener("abort", done);
          resolve();
        }
        signal?.addEventListener("abort", done);
      });
    }
  }
}

/**
 * Opens the store, listens, and once the database answers (waiting for it up to
 * DATABASE_STARTUP_WAIT_MS, while /healthz answers 200 and everything else 503) applies migrations.
 * Resolves when the service is ready. Shared by `docket serve`, the tests and the bench.
 */
export async function startServer(
  config: Config,
  options: {
    logger?: Logger;
    beforeListen?: (app: FastifyInstance) => void;
    /** Called once it listens, before the database has been reached. */
    onListening?: (address: string) => void;
    /** Aborting it stops the wait for the database: startServer then closes what it opened and rejects. */
    signal?: AbortSignal;
  } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const timeouts = config.databaseTimeouts;
  const store = openStore(config.database, {
    timeouts,
    onConnectionError: (error) => logger.warn({ err: error }, "a database connection failed; it is replaced"),
  });
  let core: Core;
  try {
    core = createCore(config, store);
  } catch (error) {
    await store.close();
    throw error;
  }
  // metrics (METRICS_PORT) and traces (OTEL_EXPORTER_OTLP_ENDPOINT), when turned on; before the app, whose
  // requests they observe
  let telemetry: Telemetry;
  try {
    telemetry = await startTelemetry(core, logger);
  } catch (error) {
    await closeCore(core);
    await store.close();
    throw error;
  }
  let ready = false;
  // While draining: when (performance.now()) the listener will have closed at the latest; see close.
  let drainingUntil: number | undefined;
  // A client told to come back is told to do so after that moment, with a second to spare: one that
  // does as it is told then meets either another instance or a refused connection, never a listener
  // closing under its request.
  const retryAfter = () =>
    drainingUntil === undefined
      ? undefined
      : Math.max(1, Math.ceil((drainingUntil - performance.now()) / 1000)) + 1;
  // role worker: the background loops, and an HTTP listener for health checks only (src/ops/roles.ts)
  const app = servesHttp(config.role)
    ? buildApp(core, { logger, ready: () => ready, draining: retryAfter })
    : buildWorkerApp(core, { logger, ready: () => ready, draining: retryAfter });
  options.beforeListen?.(app);
  let background: BackgroundWork | undefined;
  let closing: Promise<void> | undefined;
  // when the listener last accepted a connection (see close)
  let lastConnectionAt = 0;
  app.server.on("connection", () => {
    lastConnectionAt = performance.now();
  });
  const close = (closeOptions: { drainMs?: number } = {}) => {
    closing ??= (async () => {
      drainingUntil =
        performance.now() + (closeOptions.drainMs ? closeOptions.drainMs + QUIET_WAIT_MAX_MS : 0);
      if (closeOptions.drainMs) {
        await sleep(closeOptions.drainMs);
        // Closing the listener also closes every connection with no request in flight, which includes
        // one accepted a moment ago whose request has not arrived yet: its client would meet a closed
        // socket instead of its 503. So the listener closes only once no connection has come for
        // QUIET_BEFORE_CLOSE_MS (a client sends its request as soon as it connects), waiting at most
        // QUIET_WAIT_MAX_MS for such a pause.
        const until = performance.now() + QUIET_WAIT_MAX_MS;
        for (let quiet = performance.now() - lastConnectionAt; quiet < QUIET_BEFORE_CLOSE_MS; ) {
          if (performance.now() >= until) break;
          await sleep(QUIET_BEFORE_CLOSE_MS - quiet);
          quiet = performance.now() - lastConnectionAt;
        }
        // The listener stops taking connections now, in the same turn as that check, and without closing
        // idle ones (net's close, not http's): Fastify's close below reaches the listener only some turns
        // later, and a connection accepted meanwhile would be closed before its request arrived.
        if (app.server.listening) net.Server.prototype.close.call(app.server);
      }
      await background?.stop();
      await app.close();
      await closeCore(core);
      await store.close();
      await telemetry.close();
    })();
    return closing;
  };
  try {
    const address = await app.listen({ port: config.port, host: config.host });
    options.onListening?.(address);
    await waitForDatabase(
      store,
      logger,
      timeouts.startupWaitMs,
      timeouts.connectMs + timeouts.statementMs,
      options.signal,
    );
    options.signal?.throwIfAborted();
    const report = await store.migrate();
    if (report.applied.length) logger.info({ migrations: report.applied }, "database migrated");
    // Secrets stored in clear by an earlier version are sealed now, and ones sealed with a previous
    // DOCKET_SECRET_KEY are sealed again with the current one; a key that opens none of them stops here.
    const sealed = await sealStoredSecrets(core);
    if (sealed.sealed || sealed.resealed) {
      logger.info(
        { ...sealed, secret_key_id: core.secrets.keyId },
        "stored secrets sealed with the secret key",
      );
    }
    ready = true;
    core.events.start();
    // roles all and worker: webhooks, mail, jobs, and the schedules while this process leads
    if (runsBackground(config.role)) background = startBackgroundWork(core, logger);
    // `docket serve` exposes gc (SERVICE_NODE_OPTIONS): start-up's garbage (building the OpenAPI
    // document, the MCP catalog and the routes) is collected once now, not held until a load comes. A
    // last-resort collection also gives back the young generation start-up grew to its most (two 16 MiB
    // semi-spaces, touched and so resident): idle RSS 121 → 102 MiB for about 45 ms of start-up. Under
    // load V8 grows it again as survivals call for it.
    (globalThis as { gc?: (options?: object) => void }).gc?.({
      type: "major",
      execution: "sync",
      flavor: "last-resort",
    });
    return {
      app,
      core,
      address,
      close,
      telemetry,
      get background() {
        return background;
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
