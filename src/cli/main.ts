#!/usr/bin/env node
import module from "node:module";
import { fileURLToPath } from "node:url";
import { EXIT, type Io, processIo } from "./output.ts";

// Each command is a process of its own: keep the compiled code on disk (in the system's temporary
// folder, or NODE_COMPILE_CACHE) so the next one starts in a third of the time.
module.enableCompileCache?.();

const HELP = `docket — an issue tracker for people and AI agents

Usage:
  docket login --url <base_url>     sign in to a Docket service (then every command below works on it)
  docket <group> <command> [flags]  a client of the service's REST API
  docket serve                      run the service (see docket serve --help)
  docket admin <command>            the operator's tool (see docket admin --help)
  docket --version

Client commands:
%COMMANDS%

Every client command takes --help (flags and examples), --json (the API's JSON, for scripts) and
--profile <name> (or DOCKET_PROFILE; "default" unless given). Lists show 50 items unless --limit N, or
every one with --all. Exit codes: 0 ok, 1 the service refused (its error is printed), 2 usage error,
3 not signed in or token refused, 4 not found.

Examples:
  docket login --url https://docket.example.com
  docket issues list --ready --sort priority
  docket issues create --title "Fix login" --priority high --blocks ENG-1
  docket bundle ENG-42 > context.md
  docket serve
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
    case "-h": {
      const { clientHelpLines } = await import("./client/index.ts");
      io.out(HELP.replace("%COMMANDS%", clientHelpLines().join("\n")));
      return command === undefined ? EXIT.usage : EXIT.ok;
    }
    default: {
      const { CLIENT_GROUPS, runClient } = await import("./client/index.ts");
      if (CLIENT_GROUPS.has(command)) return runClient(argv, io);
      // The client's own flags may come first: docket --profile work issues list
      const lead: string[] = [];
      let i = 0;
      while (argv[i] === "--json" || (argv[i] === "--profile" && argv[i + 1] !== undefined)) {
        const n = argv[i] === "--json" ? 1 : 2;
        lead.push(...argv.slice(i, i + n));
        i += n;
      }
      if (lead.length > 0 && CLIENT_GROUPS.has(argv[i] ?? ""))
        return runClient([...argv.slice(i), ...lead], io);
      const { suggest } = await import("./command.ts");
      const near = command.startsWith("-")
        ? undefined
        : suggest(command, [...CLIENT_GROUPS, "serve", "admin", "help"]);
      io.err(
        near
          ? `docket: unknown command "${command}". Did you mean "${near}"? (see docket --help)`
          : `docket: unknown command "${command}"; see docket --help`,
      );
      return EXIT.usage;
    }
  }
}

/**
 * V8 options the service runs with. `--max-semi-space-size=16`: V8 would grow the young generation to
 * 64 MiB under a burst of allocation (start-up builds the OpenAPI document and the MCP catalog; every
 * request allocates) and keep it for the life of the process, resident though empty: an idle service
 * held 170 MiB, 64 of them an empty young generation. Semi-spaces of 8 MiB held that down but cost
 * dearly under load: a request's objects outlived two scavenges while 32 were in flight and were
 * promoted, so the old space filled and was marked and compacted about eight times a second (a sixth
 * to a third of the event loop's time in the garbage collector). At 16 MiB, a bench run on SQLite with
 * 100,000 issues spent 65 % less CPU per `/healthz`, 30 % less per token check and 25 to 30 % less per
 * read and list, at the same peak RSS; 24 and 32 MiB added 30 to 60 MiB to the peak for nothing more
 * (docs/decisions.md, "Speed: the young generation"). `--expose-gc`: the service collects start-up's
 * garbage once when it is ready (startServer), which V8 would otherwise keep in the heap while the
 * service idles. `--heap-growing-percent=25`: V8 lets the old space grow to about twice (up to four
 * times) what the last full collection kept before it collects again; under 32 searches at once,
 * requests in flight are promoted and the heap grew from 40 to 126 MiB before one. Collecting at 1.25
 * times keeps the peak RSS near 250 MiB (at 50 %, with these semi-spaces: 261 MiB, for about 5 % less
 * CPU per request).
 */
export const SERVICE_NODE_OPTIONS = ["--max-semi-space-size=16", "--expose-gc", "--heap-growing-percent=25"];

/**
 * The environment the service runs with, where the person running it has not set these. glibc gives
 * each thread that allocates its own malloc arena, up to eight a core, and keeps what each arena once
 * held: the SQLite reader threads, libuv's pool and V8's helpers left a 100,000-issue bench run at a
 * peak RSS of 295.6 MiB (idle 121.5). Two arenas: peak 233.2 MiB, idle 116.9, at the same speed
 * (docs/decisions.md, "Speed, third pass").
 */
export const SERVICE_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: "2" };

/**
 * `docket serve` runs the built server (dist/, scripts/build-server.ts) while it is built from the
 * sources as they are, and always with SERVICE_NODE_OPTIONS and SERVICE_ENV (both take effect only when
 * the process starts): started from the sources, or without them, the process replaces itself (same
 * pid, same standard streams) with one that runs the build with them. A build missing or stale runs the
 * sources, as does anything else, or a Node without process.execve.
 */
export async function relaunchForService(argv: readonly string[]): Promise<void> {
  if (argv[0] !== "serve" || typeof process.execve !== "function") return;
  const fromSources = import.meta.url.endsWith(".ts");
  // the command to run: the build's (this file, once built), a fresh build's, or the one that was run
  let command: string | undefined;
  if (!fromSources) command = fileURLToPath(import.meta.url);
  else command = (await import("../../scripts/builds.mjs")).builtServer();
  const missing = SERVICE_NODE_OPTIONS.filter(
    (o) => !process.execArgv.some((a) => a.startsWith(o.split("=")[0]!)),
  );
  const unset = Object.keys(SERVICE_ENV).filter((name) => process.env[name] === undefined);
  if (missing.length === 0 && unset.length === 0 && (!fromSources || command === undefined)) return;
  process.execve(
    process.execPath,
    [
      process.execPath,
      ...missing,
      ...process.execArgv,
      ...(command === undefined ? process.argv.slice(1) : [command, ...argv]),
    ],
    { ...SERVICE_ENV, ...process.env },
  );
}

if (import.meta.main) {
  relaunchForService(process.argv.slice(2))
    .then(() => main(process.argv.slice(2)))
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error: unknown) => {
        process.stderr.write(`docket: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exitCode = 1;
      },
    );
}
