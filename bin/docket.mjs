#!/usr/bin/env node
// The `docket` command. The code is TypeScript run directly by Node, which needs Node 24 or later: an
// older `node` first on the path hands over to the Node the project pins (node_modules/node), if any.
// `docket serve` runs the JavaScript built from it (scripts/build-server.ts) while that is up to date.
import { spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  const pinned = fileURLToPath(
    new URL("../node_modules/node/bin/node", `file://${realpathSync(fileURLToPath(import.meta.url))}`),
  );
  if (existsSync(pinned)) {
    const run = spawnSync(pinned, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
      stdio: "inherit",
    });
    process.exit(run.status ?? 1);
  }
  process.stderr.write(
    `docket: Node.js 24 or later is required (this is ${process.version}); run npm install in the checkout (it installs the Node the project pins), then npx docket … (or npm run docket -- …).\n`,
  );
  process.exit(2);
}
// `docket serve` runs the built server (dist/) while it is built from the sources as they are
const built = process.argv[2] === "serve" ? (await import("../scripts/builds.mjs")).builtServer() : undefined;
/** @type {typeof import("../src/cli/main.ts")} */
const { main, relaunchForService } = await import(built ? pathToFileURL(built).href : "../src/cli/main.ts");
await relaunchForService(process.argv.slice(2));
process.exitCode = await main(process.argv.slice(2));
