/**
 * Builds the web app (web/ → web/dist) when its sources changed since the last build, so that
 * `npm install` and `npm start` on a fresh clone serve the app without a separate step. The sources'
 * digest is kept in web/dist/.build-stamp (scripts/builds.mjs); an up-to-date build costs a few
 * milliseconds to confirm.
 *
 *   node scripts/build-web.ts           build if stale
 *   node scripts/build-web.ts --force   build anyway
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { buildOnce, files, isBuilt, WEB_BUILD } from "./builds.mjs";

const WEB = path.dirname(WEB_BUILD.out);

/** Whether web/dist is complete and built from the sources as they are. */
export function isWebBuilt(): boolean {
  return isBuilt(WEB_BUILD);
}

/** Brotli and gzip copies beside each text asset: the service sends them to browsers that accept them. */
function compressAssets(dir: string): void {
  if (!existsSync(dir)) return;
  for (const file of files(dir)) {
    if (!/\.(js|css|svg|json|map)$/.test(file)) continue;
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

/** The build tools (devDependencies) are not installed. */
class NoBuildTools extends Error {}

/** Builds web/dist unless it is up to date; one build at a time (others wait for it). */
export async function ensureWebBuilt(
  options: { force?: boolean; quiet?: boolean } = {},
): Promise<"fresh" | "built"> {
  const started = Date.now();
  const result = await buildOnce(
    WEB_BUILD,
    async (out) => {
      let vite: typeof import("vite");
      try {
        vite = await import("vite");
      } catch {
        throw new NoBuildTools(
          "the web app is not built and its build tools are not installed: run `npm install`",
        );
      }
      await vite.build({
        configFile: path.join(WEB, "vite.config.ts"),
        logLevel: options.quiet ? "error" : "warn",
        build: { outDir: out, emptyOutDir: true },
      });
      compressAssets(path.join(out, "assets"));
    },
    options,
  ).catch((error: unknown) => {
    // without its build tools (a production install), a build already there is served as it is
    if (error instanceof NoBuildTools && existsSync(path.join(WEB_BUILD.out, WEB_BUILD.main)))
      return "fresh" as const;
    throw error;
  });
  if (result === "built" && !options.quiet)
    console.log(`web app built in ${Date.now() - started} ms (web/dist)`);
  return result;
}

if (import.meta.main) {
  const force = process.argv.includes("--force");
  ensureWebBuilt({ force }).then(
    (result) => {
      if (result === "fresh" && !force) console.log("web app is up to date (web/dist)");
    },
    (error: unknown) => {
      console.error(
        `The web app could not be built: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exit(1);
    },
  );
}
