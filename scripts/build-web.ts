/**
 * Builds the web app (web/ → web/dist) when its sources changed since the last build, so that
 * `npm install` and `npm start` on a fresh clone serve the app without a separate step. The sources'
 * digest is kept in web/dist/.build-stamp; an up-to-date build costs a few milliseconds to confirm.
 *
 *   node scripts/build-web.ts           build if stale
 *   node scripts/build-web.ts --force   build anyway
 */
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";

const ROOT = path.resolve(import.meta.dirname, "..");
const WEB = path.join(ROOT, "web");
const DIST = path.join(WEB, "dist");
const STAMP = path.join(DIST, ".build-stamp");
const LOCK = path.join(WEB, ".build-lock");

function* files(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (!/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** A digest of everything the build reads: the app, the typed client, the locked dependencies. */
export function sourceDigest(): string {
  const hash = createHash("sha256");
  const inputs = [
    ...files(path.join(WEB, "src")),
    ...files(path.join(WEB, "public")),
    path.join(WEB, "index.html"),
    path.join(WEB, "vite.config.ts"),
    ...files(path.join(ROOT, "src", "client")),
    path.join(ROOT, "package-lock.json"),
  ];
  for (const file of inputs) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(ROOT, file));
    hash.update(readFileSync(file));
  }
  return hash.digest("hex");
}

export function isBuilt(): boolean {
  return (
    existsSync(path.join(DIST, "index.html")) &&
    existsSync(STAMP) &&
    readFileSync(STAMP, "utf8") === sourceDigest()
  );
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

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Builds web/dist unless it is up to date; one build at a time (others wait for it). */
export async function ensureWebBuilt(
  options: { force?: boolean; quiet?: boolean } = {},
): Promise<"fresh" | "built"> {
  if (!options.force && isBuilt()) return "fresh";
  // one builder at a time: test files and a start-up may ask together
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      // a lock left by a build that died more than two minutes ago is stale
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 120_000)
        rmSync(LOCK, { recursive: true, force: true });
      if (waited > 180_000)
        throw new Error("another build of the web app holds web/.build-lock for too long");
      await sleep(200);
      if (!options.force && isBuilt()) return "fresh";
    }
  }
  try {
    if (!options.force && isBuilt()) return "fresh";
    let vite: typeof import("vite");
    try {
      vite = await import("vite");
    } catch {
      if (existsSync(path.join(DIST, "index.html"))) return "fresh";
      throw new Error("the web app is not built and its build tools are not installed: run `npm install`");
    }
    const digest = sourceDigest();
    const started = Date.now();
    const out = path.join(WEB, `.dist-${process.pid}`);
    await vite.build({
      configFile: path.join(WEB, "vite.config.ts"),
      logLevel: options.quiet ? "error" : "warn",
      build: { outDir: out, emptyOutDir: true },
    });
    compressAssets(path.join(out, "assets"));
    writeFileSync(path.join(out, ".build-stamp"), digest);
    // swap in whole: a server reading web/dist never sees half a build
    const old = path.join(WEB, `.dist-old-${process.pid}`);
    if (existsSync(DIST)) renameSync(DIST, old);
    renameSync(out, DIST);
    rmSync(old, { recursive: true, force: true });
    if (!options.quiet) console.log(`web app built in ${Date.now() - started} ms (web/dist)`);
    return "built";
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
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
