#!/usr/bin/env node
// The `docket` command. The code is TypeScript run directly by Node, which needs Node 24 or later.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  process.stderr.write(
    `docket: Node.js 24 or later is required (this is ${process.version}); run it through npm (npm run docket -- …), which uses the Node the project pins.\n`,
  );
  process.exit(2);
}
const { main } = await import("../src/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
