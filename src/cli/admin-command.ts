import type { Config } from "../config.ts";
import type { Core } from "../core.ts";
import type { CommandSpec, Values } from "./command.ts";

/** What an admin command answers: JSON for --json, text otherwise, and its exit code (0 unless given). */
export interface AdminResult {
  json: unknown;
  text: string;
  /** a non-zero exit: the text goes to stderr (the JSON still to stdout, for scripts) */
  exit?: number;
}

/**
 * A `docket admin` command: `run` works on the migrated store; `direct` on the configuration alone,
 * without opening or migrating the database first (backups read and replace the database as it is),
 * with `say` for progress lines (stderr, and nothing with --json).
 */
export type AdminCommand = CommandSpec &
  (
    | { run(core: Core, values: Values, positionals: string[]): Promise<AdminResult>; direct?: undefined }
    | {
        direct(
          config: Config,
          values: Values,
          positionals: string[],
          say: (line: string) => void,
        ): Promise<AdminResult>;
        run?: undefined;
      }
  );
