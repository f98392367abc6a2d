/**
 * A bench that measures memory runs with the flags and environment `docket serve` runs with
 * (SERVICE_NODE_OPTIONS, SERVICE_ENV in src/cli/main.ts): without them V8 keeps more garbage and glibc
 * more arenas than the service would, and the peak RSS printed is not the service's. Call first thing:
 * started without them, the process replaces itself (same pid) with one that has them.
 */
import { SERVICE_ENV, SERVICE_NODE_OPTIONS } from "../src/cli/main.ts";

export function runAsService(): void {
  const missing = SERVICE_NODE_OPTIONS.filter(
    (o) => !process.execArgv.some((a) => a.startsWith(o.split("=")[0]!)),
  );
  const unset = Object.keys(SERVICE_ENV).filter((name) => process.env[name] === undefined);
  if ((missing.length === 0 && unset.length === 0) || typeof process.execve !== "function") return;
  process.execve(
    process.execPath,
    [process.execPath, ...missing, ...process.execArgv, ...process.argv.slice(1)],
    { ...SERVICE_ENV, ...process.env },
  );
}
