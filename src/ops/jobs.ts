import type { Logger } from "pino";
import type { Core } from "../core.ts";
import { claimExport, runClaimedExport } from "../tracker/archive/jobs.ts";
import { claimImport, runClaimedImport } from "../tracker/imports/index.ts";

/** How often a worker looks for queued imports and exports. */
export const JOBS_EVERY_MS = 2000;

/**
 * Runs imports and exports on a worker (roles all and worker): every JOBS_EVERY_MS it claims the oldest
 * queued import, and the oldest queued export, and runs each to its end before claiming the next (one
 * of each at a time per process). A claim is one statement (src/tracker/job-claims.ts), so however many
 * workers look, each job runs once; one left running by a worker that died is taken again.
 */
export function startJobWorker(
  core: Core,
  logger: Logger,
  options: { everyMs?: number } = {},
): { stop(): void; idle(): Promise<void> } {
  let stopped = false;
  const lane = (
    what: "import" | "export",
    claim: () => Promise<{ id: string } | undefined>,
    run: (row: never) => Promise<void>,
  ) => {
    let current: Promise<void> | undefined;
    const turn = async () => {
      while (!stopped) {
        const row = await claim();
        if (!row) return;
        logger.info({ [what]: row.id }, `${what} claimed; running it`);
        await run(row as never).catch((error: unknown) =>
          logger.warn({ err: error, [what]: row.id }, `${what} failed`),
        );
      }
    };
    return {
      tick() {
        if (current || stopped) return;
        current = turn()
          .catch((error: unknown) => logger.warn({ err: error }, `claiming ${what}s failed; trying again`))
          .finally(() => {
            current = undefined;
          });
      },
      idle: () => current ?? Promise.resolve(),
    };
  };
  const lanes = [
    lane(
      "import",
      () => claimImport(core),
      (row) => runClaimedImport(core, row),
    ),
    lane(
      "export",
      () => claimExport(core),
      (row) => runClaimedExport(core, row),
    ),
  ];
  const tick = () => {
    for (const l of lanes) l.tick();
  };
  const timer = setInterval(tick, options.everyMs ?? JOBS_EVERY_MS);
  timer.unref();
  setImmediate(tick);
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
    async idle() {
      await Promise.all(lanes.map((l) => l.idle()));
    },
  };
}
