import type { Logger } from "pino";
import type { Core } from "../core.ts";

/** Imports and exports as jobs a worker claims (filled in below). */
export function startJobWorker(
  _core: Core,
  _logger: Logger,
  _options: { everyMs?: number } = {},
): { stop(): void } {
  return { stop() {} };
}
