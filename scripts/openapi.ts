/**
 * The OpenAPI document's tooling, without a server listening: the app is built over a throwaway SQLite
 * store and `GET /v1/openapi.json` is injected, so what is checked is exactly what is served.
 *
 *   node scripts/openapi.ts write <file>   the served document, as a file
 *   node scripts/openapi.ts lint           Spectral (spectral:oas) and Redocly (recommended) on it;
 *                                          fails on any error or warning
 *   node scripts/openapi.ts client         regenerates the typed client's types, src/client/schema.ts
 *   node scripts/openapi.ts client --check fails if src/client/schema.ts differs from a fresh one
 *
 * The document is made for BASE_URL http://localhost:3000 (a fresh install's) so that it, and the types made from it,
 * are the same on every machine.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { registerHooks } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../src/config.ts";
import { createCore } from "../src/core.ts";
import { openStore } from "../src/db/store.ts";
import { buildApp } from "../src/http/app.ts";
import { createLogger } from "../src/http/logger.ts";

const REPO = path.resolve(import.meta.dirname, "..");
const CLIENT_TYPES = path.join(REPO, "src/client/schema.ts");
const BIN = path.join(REPO, "node_modules/.bin");

/** The document `GET /v1/openapi.json` serves, as its JSON text. */
export async function servedDocument(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "docket-openapi-"));
  const config = loadConfig({
    DATABASE_URL: path.join(dir, "docket.db"),
    BASE_URL: "http://localhost:3000",
    DOCKET_DATA_DIR: dir,
    LOG_LEVEL: "silent",
  });
  const store = openStore(config.database);
  const app = buildApp(createCore(config, store), { logger: createLogger("silent") });
  try {
    // Requests pass the service's own checks (e.g. maintenance mode) on the way, which read the store.
    await store.migrate();
    await app.ready();
    const res = await app.inject({ method: "GET", url: "/v1/openapi.json" });
    if (res.statusCode !== 200)
      throw new Error(`GET /v1/openapi.json answered ${res.statusCode}: ${res.body}`);
    return `${JSON.stringify(JSON.parse(res.body), null, 2)}\n`;
  } finally {
    await app.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// The tools run on the repository's Node (node_modules/.bin first), as npm scripts do.
// Redocly would otherwise report usage and look for updates over the network.
const ENV = {
  ...process.env,
  PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ""}`,
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
};

function run(command: string, args: string[]): number {
  console.log(`$ ${command} ${args.join(" ")}`);
  const r = spawnSync(path.join(BIN, command), args, { cwd: REPO, stdio: "inherit", env: ENV });
  return r.status ?? 1;
}

async function lint(): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), "docket-openapi-lint-"));
  const file = path.join(dir, "openapi.json");
  writeFileSync(file, await servedDocument());
  try {
    // Both fail on warnings as on errors: the document is kept at zero of each.
    const spectral = run("spectral", [
      "lint",
      file,
      "--ruleset",
      path.join(REPO, ".spectral.yaml"),
      "--fail-severity",
      "warn",
      "--display-only-failures",
    ]);
    // Redocly exits 0 on warnings: its JSON totals decide, and the problems are shown when there are any.
    const redoclyArgs = ["lint", file, "--config", path.join(REPO, "redocly.yaml")];
    console.log(`$ redocly ${redoclyArgs.join(" ")}`);
    const r = spawnSync(path.join(BIN, "redocly"), [...redoclyArgs, "--format", "json"], {
      cwd: REPO,
      env: ENV,
      encoding: "utf8",
    });
    let totals = { errors: -1, warnings: -1 };
    try {
      totals = JSON.parse(r.stdout).totals;
    } catch {
      console.error(r.stdout, r.stderr);
    }
    console.log(`Redocly: ${totals.errors} errors, ${totals.warnings} warnings`);
    const redocly = totals.errors === 0 && totals.warnings === 0 ? 0 : 1;
    if (redocly !== 0) run("redocly", [...redoclyArgs, "--max-problems", "200"]);
    return spectral !== 0 || redocly !== 0 ? 1 : 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The client's types, made by openapi-typescript. It drives the TypeScript 5 compiler API, which the
 * TypeScript 7 compiler the project builds with does not have: its `typescript` import is pointed at
 * the `typescript-api` package (TypeScript 5, installed beside it) for this process only.
 */
async function clientTypes(document: string): Promise<string> {
  registerHooks({
    resolve(specifier, context, next) {
      return next(specifier === "typescript" ? "typescript-api" : specifier, context);
    },
  });
  const { default: openapiTS, astToString } = await import("openapi-typescript");
  const ast = await openapiTS(JSON.parse(document), {
    alphabetize: false,
    exportType: false,
    rootTypes: true,
    rootTypesNoSchemaPrefix: false,
  });
  const header =
    "/**\n * The REST API's types, generated from GET /v1/openapi.json by openapi-typescript.\n" +
    " * Do not edit: run `npm run client:generate` (and `npm run client:check` verifies it is current).\n */\n\n";
  const body = astToString(ast);
  return header + body;
}

async function client(check: boolean): Promise<number> {
  const fresh = await clientTypes(await servedDocument());
  if (!check) {
    writeFileSync(CLIENT_TYPES, fresh);
    // Formatted as the repository formats everything, so the check compares like with like.
    return run("biome", ["format", "--write", CLIENT_TYPES]);
  }
  const dir = mkdtempSync(path.join(tmpdir(), "docket-openapi-client-"));
  try {
    const candidate = path.join(dir, "schema.ts");
    writeFileSync(candidate, fresh);
    const r = spawnSync(path.join(BIN, "biome"), ["format", "--stdin-file-path", CLIENT_TYPES], {
      cwd: REPO,
      input: fresh,
      encoding: "utf8",
    });
    if (r.status !== 0) {
      console.error(r.stderr);
      return 1;
    }
    let committed = "";
    try {
      committed = readFileSync(CLIENT_TYPES, "utf8");
    } catch {}
    if (committed !== r.stdout) {
      console.error(
        "src/client/schema.ts is not what the served OpenAPI document makes: run `npm run client:generate` and commit it.",
      );
      return 1;
    }
    console.log("src/client/schema.ts matches the served OpenAPI document.");
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [command, arg] = process.argv.slice(2);
let code: number;
switch (command) {
  case "write":
    if (!arg) throw new Error("usage: node scripts/openapi.ts write <file>");
    writeFileSync(arg, await servedDocument());
    code = 0;
    break;
  case "lint":
    code = await lint();
    break;
  case "client":
    code = await client(arg === "--check");
    break;
  default:
    console.error("usage: node scripts/openapi.ts write <file> | lint | client [--check]");
    code = 2;
}
process.exit(code);
