import { loadConfig } from "../config.ts";
import { createLogger } from "../http/logger.ts";
import { startServer } from "../server.ts";
import { EXIT, type Io, reportError, UsageError } from "./output.ts";

/** How long shutdown waits for requests in flight before it gives up on them. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * How long after SIGTERM the listener stays open answering 503 with `Connection: close` (and /readyz
 * 503), so that clients on keep-alive connections, and load balancers, learn to go elsewhere before
 * the listener closes and idle connections are dropped.
 */
const SHUTDOWN_DRAIN_MS = 1000;

/** `docket serve`: listens until SIGTERM or SIGINT, then drains and exits 0. */
export async function runServe(
  argv: string[],
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(
      [
        "docket serve — run the Docket service",
        "",
        "Usage: docket serve [--role all|web|worker]",
        "  --role all     serve HTTP and run the background work (the default; DOCKET_ROLE sets it too)",
        "  --role web     serve HTTP (the API, MCP, streams, the web app) and no background work",
        "  --role worker  run the background work (webhooks, mail, housekeeping, imports and exports);",
        "                 answers /healthz and /readyz only. web and worker need PostgreSQL.",
        "",
        "Configuration comes from the environment:",
        "  PORT (3000)  HOST (0.0.0.0)  BASE_URL (http://localhost:$PORT)",
        "  DATABASE_URL (a SQLite file, default $DOCKET_DATA_DIR/docket.db, or postgres://…)",
        "  DOCKET_DATA_DIR (./data)  LOG_LEVEL (info)  SMTP_URL  REDIS_URL  REST_RATE_LIMIT (1200 a minute)",
        "  IDEMPOTENCY_LEASE_SECONDS (60)",
        "  DATABASE_STATEMENT_TIMEOUT_MS (5000)  DATABASE_CONNECT_TIMEOUT_MS (2000)",
        "  DATABASE_STARTUP_WAIT_MS (120000)  REQUEST_TIMEOUT_MS (120000)",
        "",
        "Examples:",
        "  docket serve",
        "  PORT=8080 DATABASE_URL=postgres://docket@db/docket docket serve",
      ].join("\n"),
    );
    return EXIT.ok;
  }
  let roleFlag: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--role" && i + 1 < argv.length) roleFlag = argv[++i];
    else if (arg.startsWith("--role=")) roleFlag = arg.slice("--role=".length);
    else {
      const problem = `docket serve takes only --role all|web|worker (got "${argv.join(" ")}"); see docket serve --help`;
      return reportError(io, new UsageError(problem), false);
    }
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    // the flag wins over DOCKET_ROLE
    config = loadConfig(roleFlag === undefined ? env : { ...env, DOCKET_ROLE: roleFlag });
  } catch (error) {
    return reportError(io, error, false);
  }
  const logger = createLogger(config.logLevel);
  // A signal while start-up still waits for the database stops the wait and exits 0.
  const starting = new AbortController();
  const stopStarting = (signal: string) => {
    logger.info({ signal }, "shutting down before the database was reached");
    starting.abort();
  };
  const onTermWhileStarting = () => stopStarting("SIGTERM");
  const onIntWhileStarting = () => stopStarting("SIGINT");
  process.once("SIGTERM", onTermWhileStarting);
  process.once("SIGINT", onIntWhileStarting);
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config, {
      logger,
      signal: starting.signal,
      onListening: (address) => logger.info({ listening: address }, "listening; reaching the database"),
    });
  } catch (error) {
    if (starting.signal.aborted) {
      logger.info("stopped");
      return EXIT.ok;
    }
    logger.fatal({ err: error }, "could not start");
    io.err(`docket: could not start: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.error;
  } finally {
    process.off("SIGTERM", onTermWhileStarting);
    process.off("SIGINT", onIntWhileStarting);
  }
  logger.info(
    { address: server.address, base_url: config.baseUrl, database: config.database.kind, role: config.role },
    config.role === "worker"
      ? `Docket's worker is running (health checks on ${server.address})`
      : `Docket is serving ${config.baseUrl}${config.role === "web" ? " (role web: no background work)" : ""}`,
  );
  return new Promise<number>((resolve) => {
    const stop = (signal: string) => {
      logger.info({ signal }, "shutting down: finishing requests in flight");
      const force = setTimeout(() => {
        logger.error("requests still in flight after the grace period; exiting");
        resolve(EXIT.error);
      }, SHUTDOWN_GRACE_MS);
      force.unref();
      server
        .close({ drainMs: SHUTDOWN_DRAIN_MS })
        .then(() => {
          clearTimeout(force);
          logger.info("stopped");
          resolve(EXIT.ok);
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, "error during shutdown");
          resolve(EXIT.error);
        });
    };
    process.once("SIGTERM", () => stop("SIGTERM"));
    process.once("SIGINT", () => stop("SIGINT"));
  });
}
