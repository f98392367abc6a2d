import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The repository's root folder, where package.json and web/dist are. This file is one folder below it
 * (src/), and so is every file of the built server (dist/, made by scripts/build-server.ts), which this
 * code is bundled into: a path relative to the root is found from either.
 */
export const ROOT = path.resolve(import.meta.dirname, "..");

/** The version in package.json, which the OpenAPI document and the MCP server report. */
export const PACKAGE_VERSION: string = JSON.parse(
  readFileSync(path.join(ROOT, "package.json"), "utf8"),
).version;
