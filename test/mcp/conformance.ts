/**
 * Runs the MCP conformance suite (`@modelcontextprotocol/conformance`) against the real endpoint.
 *
 *   node test/mcp/conformance.ts                     # the scenarios that apply to Docket (see SCENARIOS);
 *                                                    # exits 0 when only checks in CANNOT_APPLY fail
 *   node test/mcp/conformance.ts --scenario ping     # any arguments are passed on to `conformance server`
 *   node test/mcp/conformance.ts --suite all -o out  # every scenario, results saved under out/
 *   node test/mcp/conformance.ts --serve             # just serve: prints the endpoint and a token, for the Inspector
 *
 * The suite has no way to send a bearer token, so the endpoint is reached through a small forwarding
 * proxy that adds `Authorization: Bearer <a connection's access token>` and passes everything else (Host
 * and Origin included) through unchanged. The service runs on a fresh SQLite database in a temporary
 * folder, with a workspace, a read-and-write connection and its token made for the run.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { createPerson } from "../../src/auth/people.ts";
import { createWorkspace } from "../../src/auth/workspaces.ts";
import { loadConfig } from "../../src/config.ts";
import { createCore } from "../../src/core.ts";
import { openStore } from "../../src/db/store.ts";
import { buildApp } from "../../src/http/app.ts";
import { createLogger } from "../../src/http/logger.ts";
import { createIssue } from "../../src/tracker/issues.ts";

/** The suite, a devDependency (0.2.0-alpha.12: the 0.2 line carries the 2026-07-28 scenarios). */
const CONFORMANCE_BIN = path.resolve(import.meta.dirname, "../../node_modules/.bin/conformance");

/**
 * Scenarios that apply to a server with tools and resources of its own and no prompts or completions.
 * The suite's other resource scenarios (`resources-read-*`, `resources-templates-read`, subscriptions)
 * read its own fixture resources (`test://…`), which this server does not have.
 */
export const SCENARIOS = [
  "server-initialize",
  "ping",
  "tools-list",
  "server-stateless",
  "dns-rebinding-protection",
  "http-header-validation",
  "caching",
  "resources-list",
  "sep-2164-resource-not-found",
] as const;

/** One check's result, as the suite writes it to `checks.json`. */
export interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO";
  errorMessage?: string;
  details?: { untestable?: boolean };
}

/**
 * The checks that cannot apply to Docket, by scenario and check id, each with why. `npm run conformance`
 * and test/mcp/conformance.test.ts both read this one list: a failure of any other check fails both.
 */
export const CANNOT_APPLY: readonly { scenario: string; check: string; why: string }[] = [
  {
    scenario: "server-stateless",
    check: "sep-2575-server-rejects-undeclared-capability",
    why: "needs the suite's diagnostic tool test_missing_capability",
  },
  {
    scenario: "server-stateless",
    check: "sep-2575-missing-capability-http-400",
    why: "needs the suite's diagnostic tool test_missing_capability",
  },
  {
    scenario: "server-stateless",
    check: "sep-2575-http-server-no-independent-requests-on-stream",
    why: "needs the suite's diagnostic tool test_streaming_elicitation",
  },
  {
    scenario: "server-stateless",
    check: "sep-2575-server-no-log-without-loglevel",
    why: "needs the suite's diagnostic tool test_logging_tool",
  },
  { scenario: "caching", check: "sep-2549-prompts-list-caching-hints", why: "Docket offers no prompts" },
];

/** Whether a failed check is one that cannot apply (on the list, and reported by the suite as such). */
export function cannotApply(scenario: string, check: Check): boolean {
  return CANNOT_APPLY.some((c) => c.scenario === scenario && c.check === check.id);
}

/**
 * Runs one scenario into `dir` and reads its checks: those that failed and can apply, and those that
 * failed but cannot.
 */
export async function runScenario(
  target: Target,
  scenario: string,
  dir: string,
): Promise<{ output: string; checks: Check[]; failed: Check[]; ignored: Check[] }> {
  await target.fresh();
  const { output } = await runSuite(target.url, ["--scenario", scenario, "-o", dir]);
  const [run] = existsSync(dir) ? readdirSync(dir) : [];
  const checks = run ? (JSON.parse(readFileSync(path.join(dir, run, "checks.json"), "utf8")) as Check[]) : [];
  const failures = checks.filter((c) => c.status === "FAILURE");
  return {
    output,
    checks,
    failed: failures.filter((c) => !cannotApply(scenario, c)),
    ignored: failures.filter((c) => cannotApply(scenario, c)),
  };
}

export interface Target {
  /** the proxy's URL of the endpoint, to give the suite */
  url: string;
  /** the endpoint itself, without the proxy */
  directUrl: string;
  /** the access token the proxy adds now */
  token(): string;
  /** switches the proxy to a new connection's token */
  fresh(): Promise<void>;
  close(): Promise<void>;
}

/** The service on a temporary SQLite database, and the token-adding proxy in front of its /api/mcp. */
export async function startTarget(): Promise<Target> {
  const dir = mkdtempSync(path.join(tmpdir(), "docket-conformance-"));
  const proxy: Server = createServer();
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const port = (proxy.address() as AddressInfo).port;
  // BASE_URL is the address clients use: the proxy's.
  const config = loadConfig({
    DATABASE_URL: path.join(dir, "docket.db"),
    DOCKET_DATA_DIR: dir,
    BASE_URL: `http://localhost:${port}`,
    LOG_LEVEL: "silent",
    PORT: "0",
    HOST: "127.0.0.1",
  });
  const store = openStore(config.database);
  await store.migrate();
  const core = createCore(config, store);
  const person = await createPerson(core, { email: "conformance@example.com", name: "Conformance" });
  const ws = await createWorkspace(core, {
    name: "Conformance",
    owner_email: person.email,
    space_prefix: "ENG",
  });
  // one issue, so that resources/list has a resource for the suite to read (caching, resources-list)
  await createIssue(
    { core, workspaceId: ws.id, actor: { personId: person.id, via: "admin" } },
    { title: "Conformance", description: "An issue for the suite to read." },
  );
  let token = "";
  /** A fresh connection and token, so that each scenario has the per-connection allowance to itself. */
  async function fresh(): Promise<void> {
    const connection = await createConnection(core, {
      kind: "agent",
      workspaceId: ws.id,
      personId: person.id,
      name: "Conformance suite",
      scopes: ["workspace.read", "workspace.write"],
    });
    token = (await issueAccessToken(core, connection)).access_token;
  }
  await fresh();
  const app = buildApp(core, { logger: createLogger("silent") });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const upstream = (app.server.address() as AddressInfo).port;

  proxy.on("request", (req, res) => {
    const out = request(
      {
        host: "127.0.0.1",
        port: upstream,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, authorization: `Bearer ${token}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(out);
  });

  return {
    url: `http://localhost:${port}/api/mcp`,
    directUrl: `http://127.0.0.1:${upstream}/api/mcp`,
    token: () => token,
    fresh,
    async close() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await app.close();
      await core.limiter.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `conformance server --url … <args>`; resolves with its exit code and output. */
export function runSuite(url: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    // run with this process's node (24), not whatever `node` comes first on PATH (the bin's shebang)
    const child = spawn(process.execPath, [realpathSync(CONFORMANCE_BIN), "server", "--url", url, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: process.env,
    });
    let output = "";
    child.stdout.on("data", (d) => {
      output += d;
    });
    child.stderr.on("data", (d) => {
      output += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

if (import.meta.main && process.argv[2] === "--serve") {
  const target = await startTarget();
  console.log(`endpoint: ${target.directUrl}\naccess token: ${target.token()}\n(Ctrl-C stops it)`);
  process.once("SIGINT", () => void target.close().then(() => process.exit(0)));
} else if (import.meta.main && process.argv.length > 2) {
  // arguments of its own: passed to the suite as they are, and its exit code is ours
  const target = await startTarget();
  let code = 1;
  try {
    const run = await runSuite(target.url, process.argv.slice(2));
    await new Promise<void>((resolve) => process.stdout.write(run.output, () => resolve()));
    code = run.code;
  } finally {
    await target.close();
  }
  process.exit(code);
} else if (import.meta.main) {
  // the scenarios that apply: exit 0 when the only failures are checks that cannot apply (CANNOT_APPLY)
  const target = await startTarget();
  const out = mkdtempSync(path.join(tmpdir(), "docket-conformance-out-"));
  const failed: string[] = [];
  const ignored: string[] = [];
  try {
    for (const scenario of SCENARIOS) {
      const r = await runScenario(target, scenario, path.join(out, scenario));
      await new Promise<void>((resolve) => process.stdout.write(r.output, () => resolve()));
      if (r.checks.length === 0) failed.push(`${scenario}: no results`);
      for (const c of r.failed) failed.push(`${scenario} / ${c.id}: ${c.errorMessage ?? ""}`);
      for (const c of r.ignored)
        ignored.push(`${scenario} / ${c.id}: ${CANNOT_APPLY.find((x) => x.check === c.id)!.why}`);
    }
  } finally {
    await target.close();
    rmSync(out, { recursive: true, force: true });
  }
  const summary = [
    "",
    `Failed checks that cannot apply to Docket (${ignored.length}):`,
    ...ignored.map((l) => `  ${l}`),
    failed.length ? `Failed checks (${failed.length}):` : "Every check that applies passed.",
    ...failed.map((l) => `  ${l}`),
    "",
  ].join("\n");
  await new Promise<void>((resolve) => process.stdout.write(summary, () => resolve()));
  process.exit(failed.length ? 1 : 0);
}
