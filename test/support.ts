import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestContext } from "node:test";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import pg from "pg";
import { MemoryRateLimiter } from "../src/auth/limits.ts";
import { createPerson, findPersonByEmail } from "../src/auth/people.ts";
import { mintPat } from "../src/auth/tokens.ts";
import { createWorkspace } from "../src/auth/workspaces.ts";
import { ManualClock } from "../src/clock.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { type Core, createCore } from "../src/core.ts";
import type { Database } from "../src/db/schema.ts";
import { openStore, type Store } from "../src/db/store.ts";
import { buildApp } from "../src/http/app.ts";
import { createLogger } from "../src/http/logger.ts";
import { openApiFor } from "../src/http/v1/openapi.ts";
import { type Contract, ContractError, contractFor } from "./contract.ts";

/**
 * The store under test: PostgreSQL when TEST_DATABASE_URL names a server (each test gets a database of
 * its own there), else a SQLite file in a fresh temporary folder.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
export const ON_POSTGRES = TEST_DATABASE_URL !== undefined;

export const REPO = path.resolve(import.meta.dirname, "..");

/** A web app build folder that does not exist: the app as a fresh clone has it before building. */
export const NO_WEB_DIST = path.join(REPO, "test", "fixtures", "no-web-dist");

/**
 * The secret key of test services (DOCKET_SECRET_KEY); also put in this process's environment, so
 * services and commands the tests start as processes (on PostgreSQL: production mode) have one.
 */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7).toString("base64");
process.env.DOCKET_SECRET_KEY ??= TEST_SECRET_KEY;

export interface TestDatabase {
  /** What to put in DATABASE_URL for this database. */
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own: on the PostgreSQL server at `server` (a fresh database, dropped afterwards), or
 * without one a SQLite file in a fresh temporary folder.
 */
export async function createTestDatabase(
  server: string | undefined = TEST_DATABASE_URL,
): Promise<TestDatabase> {
  if (server) {
    const name = `docket_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(server);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        const c = new pg.Client({ connectionString: server });
        await c.connect();
        try {
          await c.query(`drop database if exists ${name} with (force)`);
        } finally {
          await c.end();
        }
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "docket-test-"));
  return {
    url: path.join(dir, "docket.db"),
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DOCKET_DATA_DIR: path.dirname(databaseUrl.startsWith("postgres") ? tmpdir() : databaseUrl),
    DOCKET_SECRET_KEY: TEST_SECRET_KEY,
    ...env,
  });
}

export interface TestEnv {
  core: Core;
  store: Store;
  clock: ManualClock;
  config: Config;
  databaseUrl: string;
}

/** A migrated store with a clock the test moves, cleaned up when the test ends. */
export async function setup(t: TestContext, env: Record<string, string> = {}): Promise<TestEnv> {
  const database = await createTestDatabase();
  const config = testConfig(database.url, env);
  const store = openStore(config.database, { poolSize: 4 });
  const clock = new ManualClock("2026-03-01T09:00:00.000Z");
  const core = createCore(config, store, { clock, limiter: new MemoryRateLimiter(clock) });
  t.after(async () => {
    await store.close();
    await database.drop();
  });
  await store.migrate();
  return { core, store, clock, config, databaseUrl: database.url };
}

export interface Seeded {
  token: string;
  readOnlyToken: string;
  workspaceId: string;
  personId: string;
}

/** Ada owns workspace "acme" (space ENG) and holds a read-write and a read-only token. */
export async function seed(core: Core, slug = "acme", email = "ada@example.com"): Promise<Seeded> {
  const person = (await findPersonByEmail(core, email)) ?? (await createPerson(core, { email, name: "Ada" }));
  const ws = await createWorkspace(core, { name: slug, slug, owner_email: email, space_prefix: "ENG" });
  const rw = await mintPat(core, { workspace: slug, email, name: "rw" });
  const ro = await mintPat(core, { workspace: slug, email, name: "ro", scopes: ["workspace.read"] });
  return { token: rw.token, readOnlyToken: ro.token, workspaceId: ws.id, personId: person.id };
}

/**
 * The app over a test core, ready for inject(); logs go to `logs` when given. Every `/v1` answer that
 * inject() gives is checked against the served OpenAPI document (status declared for the operation,
 * content type, body, headers): one that does not keep to it rejects with a ContractError, failing the
 * test that caused it.
 */
export async function app(
  t: TestContext,
  core: Core,
  options: { logs?: string[]; extend?: (app: FastifyInstance) => void; webDist?: string } = {},
): Promise<FastifyInstance> {
  const logger = options.logs
    ? createLogger("info", { write: (line: string) => options.logs!.push(line) })
    : createLogger("silent");
  // Tests never depend on the web app's own build: without a fixture of their own, it is not built.
  const instance = buildApp(core, { logger, webDist: options.webDist ?? NO_WEB_DIST });
  options.extend?.(instance);
  await instance.ready();
  t.after(() => instance.close());
  checkContract(instance, core);
  return instance;
}

/** Wraps `instance.inject` so that each `/v1` answer is checked against the document `/v1/openapi.json` serves. */
function checkContract(instance: FastifyInstance, core: Core): void {
  const inject = instance.inject.bind(instance);
  let contract: Contract | undefined;
  const checked = async (opts: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const res = await inject(opts);
    const request = typeof opts === "string" ? { url: opts, method: "GET" } : opts;
    const url = String(request.url ?? (request as { path?: string }).path ?? "");
    const path = url.split("?")[0]!;
    if (!/^\/v1(\/|$)/.test(path) || path === "/v1/openapi.json") return res;
    // The text GET /v1/openapi.json serves (read directly: during maintenance that route answers 503 too).
    contract ??= contractFor(openApiFor(core).json);
    const exchange = {
      method: String(request.method ?? "GET").toUpperCase(),
      url,
      status: res.statusCode,
      headers: res.headers,
      body: res.body,
    };
    const problems = contract.problems(exchange);
    if (problems.length > 0) throw new ContractError(exchange, problems);
    return res;
  };
  // Only the promise form is checked; the chained and callback forms are not used on /v1 by the tests.
  instance.inject = ((opts?: InjectOptions | string, callback?: unknown) =>
    opts === undefined || callback !== undefined
      ? (inject as (...a: unknown[]) => unknown)(opts, callback)
      : checked(opts)) as FastifyInstance["inject"];
}

/** Waits until `check` holds, for up to `ms` (checked every 10 ms); whether it did. */
export async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return check();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface ApiCall {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in tests
  body: any;
  text: string;
}

export interface Api extends Seeded {
  env: TestEnv;
  app: FastifyInstance;
  /** calls /v1 with the read-write token unless `headers.authorization` says otherwise */
  call(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<ApiCall>;
}

/** A migrated store, Ada's workspace "acme" (space ENG) and an app to call /v1 on. */
export async function api(t: TestContext, env: Record<string, string> = {}): Promise<Api> {
  const e = await setup(t, env);
  const seeded = await seed(e.core);
  const instance = await app(t, e.core);
  return {
    ...seeded,
    env: e,
    app: instance,
    async call(method, url, body, headers = {}) {
      const res = await instance.inject({
        method: method as "GET",
        url,
        headers: {
          ...bearer(seeded.token),
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
          ...headers,
        },
        ...(body !== undefined ? { payload: typeof body === "string" ? body : JSON.stringify(body) } : {}),
      });
      const type = String(res.headers["content-type"] ?? "");
      return {
        status: res.statusCode,
        headers: res.headers,
        body: type.includes("json") && res.body ? JSON.parse(res.body) : res.body,
        text: res.body,
      };
    },
  };
}

/** The person usr_1 and the workspace wks_1 they own, which the data of a migration's test hangs on. */
export async function personAndWorkspace(db: Kysely<Database>, at: string): Promise<void> {
  await db
    .insertInto("people")
    .values({ id: "usr_1", email: "a@example.com", name: "A", created_at: at, updated_at: at })
    .execute();
  await db
    .insertInto("workspaces")
    .values({
      id: "wks_1",
      name: "W",
      slug: "w",
      owner_id: "usr_1",
      plan: "free",
      agent_connection_limit: 5,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

/**
 * Asserts that every issue's kept open-blocker count equals a count made afresh (open issues that block
 * it); answers the fresh counts by identifier.
 */
export async function assertOpenBlockersAgree(a: Api): Promise<Map<string, number>> {
  const rows = await a.env.core.db
    .selectFrom("issues as i")
    .select([
      "i.identifier",
      "i.open_blockers",
      (eb) =>
        eb
          .selectFrom("dependencies as d")
          .innerJoin("issues as b", "b.id", "d.from_issue_id")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("d.to_issue_id", "=", "i.id")
          .where("d.kind", "=", "blocks")
          .where("b.status", "not in", ["done", "canceled"])
          .as("fresh"),
    ])
    .execute();
  for (const r of rows) assert.equal(Number(r.open_blockers), Number(r.fresh), r.identifier);
  return new Map(rows.map((r) => [r.identifier, Number(r.fresh)]));
}
