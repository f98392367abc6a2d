// What the project builds from its sources (the web app, web/dist; the server, dist/) and how to tell
// whether a build is up to date: each build keeps a digest of its inputs in its `.build-stamp`, and a
// build whose stamp does not match its sources' digest now is stale, never run. Plain JavaScript, so
// that bin/docket.mjs can tell whether the built server may run without loading TypeScript.
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

export const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * @typedef {object} Build
 * @property {string} name what is built, for messages
 * @property {string} out the folder the build is swapped into whole
 * @property {string} main a file every complete build has
 * @property {string} lock the folder whose creation holds the one build at a time
 * @property {() => string[]} inputs every file the build reads
 */

/** @param {string} dir @returns {Generator<string>} every file below `dir` but tests, in a fixed order */
export function* files(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (!/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

const WEB = path.join(ROOT, "web");

/** @type {Build} The web app: the app, the typed client, the locked dependencies. */
export const WEB_BUILD = {
  name: "web app",
  out: path.join(WEB, "dist"),
  main: "index.html",
  lock: path.join(WEB, ".build-lock"),
  inputs: () => [
    ...files(path.join(WEB, "src")),
    ...files(path.join(WEB, "public")),
    path.join(WEB, "index.html"),
    path.join(WEB, "vite.config.ts"),
    ...files(path.join(ROOT, "src", "client")),
    path.join(ROOT, "package-lock.json"),
  ],
};

/**
 * @type {Build} The server: src/ bundled with its dependencies into dist/ (scripts/build-server.ts),
 * one folder below the root like src/, so paths from either to the root agree (src/paths.ts).
 */
export const SERVER_BUILD = {
  name: "server",
  out: path.join(ROOT, "dist"),
  main: "docket.mjs",
  lock: path.join(ROOT, ".dist-lock"),
  inputs: () => [
    ...files(path.join(ROOT, "src")),
    path.join(ROOT, "package-lock.json"),
    path.join(ROOT, "scripts", "build-server.ts"),
    path.join(ROOT, "scripts", "builds.mjs"),
  ],
};

/** @param {Build} build @returns {string} a digest of everything the build reads */
export function sourceDigest(build) {
  const hash = createHash("sha256");
  for (const file of build.inputs()) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(ROOT, file));
    hash.update(readFileSync(file));
  }
  return hash.digest("hex");
}

/** @param {Build} build @returns {boolean} whether the build is complete and made from the sources as they are */
export function isBuilt(build) {
  const stamp = path.join(build.out, ".build-stamp");
  return (
    existsSync(path.join(build.out, build.main)) &&
    existsSync(stamp) &&
    readFileSync(stamp, "utf8") === sourceDigest(build)
  );
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Builds unless the build is up to date, one build at a time (test files and a start-up may ask
 * together: the others wait for it). `make(dir)` writes a build into the empty folder `dir`; it is
 * stamped, then swapped in whole, so a server reading the build never sees half of one.
 * @param {Build} build
 * @param {(dir: string) => Promise<void>} make
 * @param {{ force?: boolean }} [options]
 * @returns {Promise<"fresh" | "built">}
 */
export async function buildOnce(build, make, options = {}) {
  if (!options.force && isBuilt(build)) return "fresh";
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(build.lock);
      break;
    } catch {
      // a lock left by a build that died more than two minutes ago is stale
      if (existsSync(build.lock) && Date.now() - statSync(build.lock).mtimeMs > 120_000)
        rmSync(build.lock, { recursive: true, force: true });
      if (waited > 180_000)
        throw new Error(`another build of the ${build.name} holds ${build.lock} for too long`);
      await sleep(200);
      if (!options.force && isBuilt(build)) return "fresh";
    }
  }
  try {
    if (!options.force && isBuilt(build)) return "fresh";
    const digest = sourceDigest(build);
    const parent = path.dirname(build.out);
    const name = path.basename(build.out);
    const fresh = path.join(parent, `.${name}-${process.pid}`);
    rmSync(fresh, { recursive: true, force: true });
    mkdirSync(fresh);
    try {
      await make(fresh);
      writeFileSync(path.join(fresh, ".build-stamp"), digest);
      const old = path.join(parent, `.${name}-old-${process.pid}`);
      if (existsSync(build.out)) renameSync(build.out, old);
      renameSync(fresh, build.out);
      rmSync(old, { recursive: true, force: true });
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
    return "built";
  } finally {
    rmSync(build.lock, { recursive: true, force: true });
  }
}

/** @returns {string | undefined} the built server's command (dist/docket.mjs) while it is up to date */
export function builtServer() {
  return isBuilt(SERVER_BUILD) ? path.join(SERVER_BUILD.out, SERVER_BUILD.main) : undefined;
}
