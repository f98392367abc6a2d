import { DocketError } from "../../errors.ts";
import { commandHelp, commandList, findCommand, groupProblem, parseCommandArgs } from "../command.ts";
import { EXIT, type Io, reportError, UsageError } from "../output.ts";
import type { ApiClient } from "./api.ts";
import { AUTH_COMMANDS } from "./commands/auth.ts";
import { CLAIM_COMMANDS } from "./commands/claims.ts";
import { CONVERSATION_COMMANDS } from "./commands/conversation.ts";
import { EVENT_COMMANDS } from "./commands/events.ts";
import { EXPORT_COMMANDS } from "./commands/exports.ts";
import { FILE_COMMANDS } from "./commands/files.ts";
import { FIND_COMMANDS } from "./commands/find.ts";
import { IMPORT_COMMANDS } from "./commands/imports.ts";
import { INTEGRATION_COMMANDS } from "./commands/integrations.ts";
import { ISSUE_COMMANDS } from "./commands/issues.ts";
import { KNOWLEDGE_COMMANDS } from "./commands/knowledge.ts";
import { LABEL_COMMANDS } from "./commands/labels.ts";
import { PLANNING_COMMANDS } from "./commands/planning.ts";
import { SESSION_COMMANDS } from "./commands/sessions.ts";
import { TEAM_COMMANDS } from "./commands/team.ts";
import { TEMPLATE_COMMANDS } from "./commands/templates.ts";
import { WEBHOOK_COMMANDS } from "./commands/webhooks.ts";
import { COMPLETION_COMMANDS } from "./completion.ts";
import { configPath, profileName } from "./config.ts";
import type { ClientCommand, RunContext } from "./context.ts";
import { painter, terminal } from "./render.ts";
import { clientFor } from "./session.ts";

export const CLIENT_COMMANDS: ClientCommand[] = [
  ...AUTH_COMMANDS,
  ...ISSUE_COMMANDS,
  ...CLAIM_COMMANDS,
  ...SESSION_COMMANDS,
  ...CONVERSATION_COMMANDS,
  ...KNOWLEDGE_COMMANDS,
  ...PLANNING_COMMANDS,
  ...FILE_COMMANDS,
  ...FIND_COMMANDS,
  ...EVENT_COMMANDS,
  ...WEBHOOK_COMMANDS,
  ...INTEGRATION_COMMANDS,
  ...TEAM_COMMANDS,
  ...LABEL_COMMANDS,
  ...EXPORT_COMMANDS,
  ...IMPORT_COMMANDS,
  ...TEMPLATE_COMMANDS,
  ...COMPLETION_COMMANDS,
];

/** The first word of every client command: what `docket <word>` routes here. */
export const CLIENT_GROUPS = new Set(CLIENT_COMMANDS.map((c) => c.name.split(" ")[0]!));

/** Flags that name a cycle, milestone or folder, by id or by name (src/cli/client/refs.ts). */
const NAMED_FLAGS = ["cycle", "milestone", "folder"] as const;

/** Flags every client command takes. */
const COMMON = { json: { type: "boolean" }, profile: { type: "string" } } as const;
const COMMON_USAGE = ["[--profile <name>]", "[--json]"];

export function clientHelpLines(): string[] {
  return commandList(CLIENT_COMMANDS);
}

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on("data", (c: Buffer) => chunks.push(c));
    process.stdin.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    process.stdin.on("error", reject);
  });
}

/** The group the leading words name (`issues`, `issues deps`), if any. */
function groupOf(argv: string[]): string | undefined {
  const words = argv.slice(0, 2).filter((a) => !a.startsWith("-"));
  for (const n of [2, 1]) {
    if (words.length < n) continue;
    const prefix = words.slice(0, n).join(" ");
    if (CLIENT_COMMANDS.some((c) => c.name.startsWith(`${prefix} `))) return prefix;
  }
  return undefined;
}

/** `docket bundle ENG-42` (flags anywhere) reads as `docket bundle show ENG-42`. */
function expandShorthand(argv: string[]): string[] {
  if (argv[0] !== "bundle") return argv;
  const next = argv[1];
  const sub = next !== undefined && CLIENT_COMMANDS.some((c) => c.name === `bundle ${next}`);
  const flagsOnly = argv.slice(1).every((a) => a.startsWith("-"));
  return sub || flagsOnly ? argv : ["bundle", "show", ...argv.slice(1)];
}

/** Runs a client command (`docket issues list …`); returns the exit code. */
export async function runClient(
  rawArgv: string[],
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const argv = expandShorthand(rawArgv);
  const json = argv.includes("--json");
  const command = findCommand(CLIENT_COMMANDS, argv);
  if (!command) {
    const group = groupOf(argv);
    if (group && (argv.includes("--help") || argv.includes("-h"))) {
      io.out(
        [
          `docket ${group} — commands:`,
          "",
          ...commandList(CLIENT_COMMANDS.filter((c) => c.name.startsWith(`${group} `))),
          "",
          `See docket ${group} <command> --help for each one's flags and examples.`,
        ].join("\n"),
      );
      return EXIT.ok;
    }
    const problem = groupProblem("docket", CLIENT_COMMANDS, argv.slice(0, 3));
    return reportError(
      io,
      new UsageError(problem ?? `unknown command "${argv[0]}"; see docket --help`),
      json,
    );
  }
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(commandHelp("docket", command, COMMON_USAGE));
    return EXIT.ok;
  }
  const term = terminal(env);
  let profile = "default";
  try {
    const { values, positionals } = parseCommandArgs(
      "docket",
      command,
      argv.slice(command.name.split(" ").length),
      COMMON,
    );
    profile = profileName(typeof values.profile === "string" ? values.profile : undefined, env);
    const configFile = configPath(env);
    let client: ApiClient | undefined;
    const ctx: RunContext = {
      io,
      env,
      term,
      paint: painter(term),
      json: values.json === true,
      profile,
      configFile,
      api: () => {
        client ??= clientFor(configFile, profile, env);
        return client;
      },
      stdin: readStdin,
    };
    if (command.auth !== false) ctx.api();
    // --cycle, --milestone and --folder take names as well as ids, on every command that has them
    const named = NAMED_FLAGS.filter(
      (f) => command.options[f]?.type === "string" && !command.options[f]?.multiple,
    );
    const given = named.some((f) => typeof values[f] === "string")
      ? await (await import("./refs.ts")).resolveRefs(
          ctx,
          values,
          Object.fromEntries(named.map((f) => [f, f])),
          typeof values.space === "string" ? values.space : positionals[0],
        )
      : values;
    const result = await command.run(ctx, given, positionals);
    if (ctx.json) {
      if (result.json !== undefined) io.out(JSON.stringify(result.json, null, 2));
    } else {
      if (result.text) io.out(result.text);
      if (result.note) io.err(ctx.paint(result.note, "dim"));
    }
    return EXIT.ok;
  } catch (error) {
    const code = reportError(io, error, json);
    if (
      !json &&
      error instanceof DocketError &&
      error.status === 401 &&
      !["not_signed_in", "invalid_grant"].includes(error.code) &&
      command.name !== "login"
    )
      io.err(
        `Sign in again: docket login${profile === "default" ? "" : ` --profile ${profile}`} --url <base_url>`,
      );
    return code;
  }
}
