/**
 * Builds the server (src/ → dist/): `docket serve` then runs plain JavaScript, so Node never loads its
 * TypeScript stripper (about 17 MiB of memory for the life of the process), and loads a few bundled
 * files instead of hundreds of modules. Its dependencies are bundled in too; node: modules, and what
 * the code requires at run time (the tokenizer's ranks), stay outside. Built on `npm install` and on
 * `npm start` when src/ changed since the last build (the digest in dist/.build-stamp,
 * scripts/builds.mjs); `docket serve` runs the build only while it is up to date, else the sources.
 *
 *   node scripts/build-server.ts           build if stale
 *   node scripts/build-server.ts --force   build anyway
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { buildOnce, ROOT, SERVER_BUILD } from "./builds.mjs";

/** Builds dist/ unless it is up to date; one build at a time (others wait for it). */
export async function ensureServerBuilt(
  options: { force?: boolean; quiet?: boolean } = {},
): Promise<"fresh" | "built"> {
  const started = Date.now();
  const result = await buildOnce(
    SERVER_BUILD,
    async (out) => {
      const { build } = await import("rolldown");
      await build({
        cwd: ROOT,
        input: {
          // the command: `serve` and its static imports in a few chunks, admin and the client in others
          docket: path.join(ROOT, "src", "cli", "main.ts"),
          // started as a worker thread by src/db/sqlite-reader.ts, beside the chunk that starts it
          "sqlite-reader-worker": path.join(ROOT, "src", "db", "sqlite-reader-worker.ts"),
        },
        platform: "node",
        logLevel: options.quiet ? "silent" : "warn",
        output: {
          dir: out,
          format: "esm",
          entryFileNames: "[name].mjs",
          chunkFileNames: "[name]-[hash].mjs",
          // V8 keeps each file's source in the heap for the life of the process (lazy compilation,
          // Function.prototype.toString): without comments it is a third smaller, and in ASCII (a
          // character past it escaped in the string or regular expression that holds it) a byte a
          // character instead of two
          comments: false,
          charset: "ascii",
        },
      });
      // what charset cannot escape (the text of a template literal, kept as written) is said here
      for (const file of readdirSync(out)) {
        const lines = readFileSync(path.join(out, file), "utf8").split("\n");
        const at = lines.findIndex((line) => /[^\0-\x7f]/.test(line));
        if (at >= 0)
          console.warn(
            `${file}:${at + 1} is not ASCII, so V8 holds the file's source at two bytes a character: escape it in src/`,
          );
      }
    },
    options,
  );
  if (result === "built" && !options.quiet) console.log(`server built in ${Date.now() - started} ms (dist)`);
  return result;
}

if (import.meta.main) {
  const force = process.argv.includes("--force");
  ensureServerBuilt({ force }).then(
    (result) => {
      if (result === "fresh" && !force) console.log("server is up to date (dist)");
    },
    (error: unknown) => {
      // `docket serve` runs the TypeScript sources while the build is missing or stale: not fatal here
      console.error(
        `The server could not be built (docket serve runs from the sources): ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exitCode = force ? 1 : 0;
    },
  );
}
