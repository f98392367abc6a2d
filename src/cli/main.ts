#!/usr/bin/env node
import { EXIT, type Io, processIo } from "./output.ts";

const HELP = `docket — an issue tracker for people and AI agents

Usage:
  docket serve              run the service (see docket serve --help)
  docket admin <command>    the operator's tool (see docket admin --help)
  docket --version

Examples:
  docket serve
  docket admin people create --email ada@example.com --name "Ada Lovelace"
  docket admin workspaces create --name Acme --owner ada@example.com --space-prefix ENG
  docket admin tokens create --workspace acme --email ada@example.com --name laptop`;

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "serve": {
      // Once the service has drained, nothing else may keep the process alive.
      const { runServe } = await import("./serve.ts");
      const code = await runServe(rest, io);
      process.exit(code);
      break;
    }
    case "admin": {
      const { runAdmin } = await import("./admin.ts");
      return runAdmin(rest, io);
    }
    case "--version":
    case "-v":
      io.out("docket 0.1.0");
      return EXIT.ok;
    case undefined:
    case "help":
    case "--help":
    case "-h":
      io.out(HELP);
      return command === undefined ? EXIT.usage : EXIT.ok;
    default:
      io.err(`docket: unknown command "${command}"; see docket --help`);
      return EXIT.usage;
  }
}

if (import.meta.main) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`docket: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
