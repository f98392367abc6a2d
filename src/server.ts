import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { Config } from "./config.ts";
import { type Core, closeCore, createCore } from "./core.ts";
import { openStore } from "./db/store.ts";
import { startHousekeeping } from "./housekeeping.ts";
import { buildApp } from "./http/app.ts";
import { createLogger } from "./http/logger.ts";
import { startWebhookWorker } from "./tracker/webhooks.ts";

export interface RunningServer {
  app: FastifyInstance;
  core: Core;
  /** Where it listens, e.g. http://127.0.0.1:3000 */
  address: string;
  /** Stops taking connections, lets requests in flight finish, then closes the store. */
  close(): Promise<void>;
}

/** Opens the store, applies migrations, and listens. Shared by `docket serve`, the tests and the bench. */
export async function startServer(
  config: Config,
  options: { logger?: Logger; beforeListen?: (app: FastifyInstance) => void } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const store = openStore(config.database);
  try {
    const report = await store.migrate();
    if (report.applied.length) logger.info({ migrations: report.applied }, "database migrated");
  } catch (error) {
    await store.close();
    throw error;
  }
  const core = createCore(config, store);
  const app = buildApp(core, { logger });
  options.beforeListen?.(app);
  const stopHousekeeping = startHousekeeping(core, logger);
  core.events.start();
  const stopWebhooks = startWebhookWorker(core, logger);
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      stopHousekeeping();
      stopWebhooks();
      await app.close();
      await closeCore(core);
      await store.close();
    })();
    return closing;
  };
  try {
    const address = await app.listen({ port: config.port, host: config.host });
    return { app, core, address, close };
  } catch (error) {
    await close();
    throw error;
  }
}
