import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { Logger } from "pino";
import type { Role } from "../config.ts";
import type { Core } from "../core.ts";
import { startHousekeeping } from "../housekeeping.ts";
import { startInboxMail } from "../tracker/inbox-mail.ts";
import { startWebhookWorker } from "../tracker/webhook-delivery.ts";
import { startJobWorker } from "./jobs.ts";
import { type Leadership, startLeadership } from "./leader.ts";

/**
 * What each role runs (`docket serve --role`, DOCKET_ROLE):
 * - `all`: the HTTP service and every background loop (one process on SQLite; any number on PostgreSQL);
 * - `web`: the HTTP service alone (API, MCP, streams, web app), no background loop;
 * - `worker`: the background loops alone, with /healthz and /readyz on PORT for health checks.
 * Background work: webhook fan-out and deliveries, inbox mail and digests, imports and exports (jobs
 * claimed from the database), run on every worker, each row claimed by one; the schedules (housekeeping
 * with lease expiry, agent run sweeps) only on the worker that leads (src/ops/leader.ts).
 */

export const servesHttp = (role: Role | undefined) => role !== "worker";
export const runsBackground = (role: Role | undefined) => role !== "web";

export interface BackgroundWork {
  /** Whether this process leads the cluster's schedules now. */
  readonly leadership: Leadership;
  /** Stops taking background work (work in flight finishes or its claim lapses). */
  stop(): Promise<void>;
}

/** Starts the background loops of role `all` or `worker`. */
export function startBackgroundWork(
  core: Core,
  logger: Logger,
  options: { housekeepingEveryMs?: number; jobsEveryMs?: number; leaderRetryMs?: number } = {},
): BackgroundWork {
  let stopSchedules: (() => void) | undefined;
  const leadership = startLeadership(core, logger, {
    retryMs: options.leaderRetryMs,
    onLead: () => {
      stopSchedules?.();
      stopSchedules = startHousekeeping(core, logger, options.housekeepingEveryMs);
    },
    onLose: () => {
      stopSchedules?.();
      stopSchedules = undefined;
    },
  });
  const stopWebhooks = startWebhookWorker(core, logger);
  const stopInboxMail = startInboxMail(core, logger);
  const jobs = startJobWorker(core, logger, { everyMs: options.jobsEveryMs });
  return {
    leadership,
    async stop() {
      stopWebhooks();
      stopInboxMail();
      jobs.stop();
      await leadership.stop();
      stopSchedules?.();
    },
  };
}

/**
 * The worker's HTTP: /healthz (the process runs) and /readyz (the database answers and takes writes),
 * 404 for anything else, so a load balancer or orchestrator can check it like a web instance.
 */
export function buildWorkerApp(
  core: Core,
  options: { logger: Logger; ready: () => boolean; draining: () => number | undefined },
): FastifyInstance {
  const app = Fastify({ loggerInstance: options.logger as FastifyBaseLogger });
  const problem = (status: number, error: string, description: string) => ({
    status,
    body: { error, error_description: description },
  });
  app.get("/healthz", async () => ({ status: "ok", role: "worker" }));
  app.get("/readyz", async (request, reply) => {
    const answer = async () => {
      if (options.draining() !== undefined)
        return problem(503, "temporarily_unavailable", "This worker is shutting down.");
      if (!options.ready())
        return problem(
          503,
          "temporarily_unavailable",
          "The worker is starting and waiting for its database.",
        );
      try {
        await core.store.ping();
      } catch (error) {
        request.log.warn({ err: error }, "readiness check failed: database unreachable");
        return problem(503, "temporarily_unavailable", "The database cannot be reached.");
      }
      const writes = await core.store.writeProblem().catch(() => undefined);
      if (writes) return problem(503, "temporarily_unavailable", `Writes fail: ${writes}.`);
      return { status: 200, body: { status: "ready", database: core.store.kind, role: "worker" } };
    };
    const { status, body } = await answer();
    if (status !== 200) reply.header("retry-after", "5");
    return reply.code(status).send(body);
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: "not_found",
      error_description: `This instance is a worker: it answers /healthz and /readyz only (not ${request.method} ${request.url.split("?")[0]}).`,
    }),
  );
  return app;
}
