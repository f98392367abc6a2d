import type { TestContext } from "node:test";
import type { FastifyInstance } from "fastify";
import { createConnection } from "../../src/auth/connections.ts";
import { createRateLimiter, type RateLimiter } from "../../src/auth/limits.ts";
import { createPerson, findPersonByEmail } from "../../src/auth/people.ts";
import type { Scope } from "../../src/auth/tokens.ts";
import { ManualClock } from "../../src/clock.ts";
import type { Config } from "../../src/config.ts";
import { type Core, closeCore, createCore } from "../../src/core.ts";
import type { AgentRegistration } from "../../src/db/schema.ts";
import { openStore, type Store } from "../../src/db/store.ts";
import { app, createTestDatabase, type Seeded, seed, testConfig } from "../support.ts";

export const CLAIM = "urn:docket:agent-auth:grant-type:claim";
export const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";

export interface AgentEnv {
  core: Core;
  store: Store;
  clock: ManualClock;
  config: Config;
  app: FastifyInstance;
  seeded: Seeded;
  databaseUrl: string;
}

/**
 * A migrated store whose limits count in the database (the default without REDIS_URL), Ada's workspace
 * "acme", and an app. `limiter` replaces the database limiter (e.g. Redis).
 */
export async function agentSetup(
  t: TestContext,
  options: {
    env?: Record<string, string>;
    limiter?: (clock: ManualClock, store: Store) => RateLimiter;
    /** PostgreSQL connections (4 by default); more for tests of real concurrency */
    poolSize?: number;
  } = {},
): Promise<AgentEnv> {
  const database = await createTestDatabase();
  const config = testConfig(database.url, { BASE_URL: "https://docket.test", ...options.env });
  const store = openStore(config.database, { poolSize: options.poolSize ?? 4 });
  const clock = new ManualClock("2026-03-01T09:00:00.000Z");
  // the default without REDIS_URL: counted in the database (relaxed commits on PostgreSQL)
  const limiter = options.limiter
    ? options.limiter(clock, store)
    : createRateLimiter(undefined, clock, store);
  const core = createCore(config, store, { clock, limiter });
  t.after(async () => {
    await closeCore(core);
    await store.close();
    await database.drop();
  });
  await store.migrate();
  const seeded = await seed(core);
  const instance = await app(t, core);
  return { core, store, clock, config, app: instance, seeded, databaseUrl: database.url };
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in tests
  body: any;
  text: string;
}

function answer(res: { statusCode: number; headers: Answer["headers"]; body: string }): Answer {
  const type = String(res.headers["content-type"] ?? "");
  return {
    status: res.statusCode,
    headers: res.headers,
    body: type.includes("json") && res.body ? JSON.parse(res.body) : res.body,
    text: res.body,
  };
}

export async function postJson(
  instance: FastifyInstance,
  url: string,
  body: unknown,
  options: { ip?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await instance.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", ...options.headers },
    payload: typeof body === "string" ? body : JSON.stringify(body),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  return answer(res);
}

/** POSTs a form; a value that is an array sends the name once per value. */
export async function postForm(
  instance: FastifyInstance,
  url: string,
  params: Record<string, string | string[]>,
): Promise<Answer> {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const one of [v].flat()) form.append(k, one);
  const res = await instance.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: form.toString(),
  });
  return answer(res);
}

export async function get(instance: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return answer(await instance.inject({ method: "GET", url, headers }));
}

export async function registerAgent(
  instance: FastifyInstance,
  loginHint = "ada@example.com",
  options: { ip?: string; clientName?: string } = {},
): Promise<Answer> {
  return postJson(
    instance,
    "/api/agent-auth/identity",
    {
      type: "service_auth",
      login_hint: loginHint,
      ...(options.clientName !== undefined ? { client_name: options.clientName } : {}),
    },
    options,
  );
}

export const poll = (instance: FastifyInstance, claimToken: string) =>
  postForm(instance, "/api/auth/oauth2/token", { grant_type: CLAIM, claim_token: claimToken });

export const renew = (
  instance: FastifyInstance,
  assertion: string,
  extra: Record<string, string | string[]> = {},
) => postForm(instance, "/api/auth/oauth2/token", { grant_type: JWT_BEARER, assertion, ...extra });

/**
 * What the `web` branch's claim page does on approval, row for row as the contract between branches
 * says: a connection (kind agent, name, registration, scopes, assertion_expires_at = the registration's
 * expires_at) and the registration approved. The code check and the plan check are the page's.
 */
export async function approve(
  core: Core,
  registrationId: string,
  options: { workspaceId: string; email?: string; scopes?: Scope[] },
): Promise<string> {
  const reg = await core.db
    .selectFrom("agent_registrations")
    .selectAll()
    .where("id", "=", registrationId)
    .executeTakeFirstOrThrow();
  const email = options.email ?? reg.login_hint;
  const person = (await findPersonByEmail(core, email)) ?? (await createPerson(core, { email }));
  const scopes = options.scopes ?? ["workspace.read", "workspace.write"];
  const now = core.clock.now().toISOString();
  return core.db.transaction().execute(async (tx) => {
    const connection = await createConnection(
      core,
      {
        kind: "agent",
        workspaceId: options.workspaceId,
        personId: person.id,
        name: reg.client_name ?? "Agent",
        scopes,
        registrationId: reg.id,
      },
      tx,
    );
    await tx
      .updateTable("connections")
      .set({ assertion_expires_at: reg.expires_at })
      .where("id", "=", connection.id)
      .execute();
    const moved = await tx
      .updateTable("agent_registrations")
      .set({
        status: "approved",
        person_id: person.id,
        workspace_id: options.workspaceId,
        scopes: scopes.join(" "),
        connection_id: connection.id,
        decided_at: now,
      })
      .where("id", "=", reg.id)
      .where("status", "=", "pending")
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new Error("the registration is not pending");
    return connection.id;
  });
}

/** What the claim page does on denial. */
export async function deny(core: Core, registrationId: string): Promise<void> {
  await core.db
    .updateTable("agent_registrations")
    .set({ status: "denied", decided_at: core.clock.now().toISOString() })
    .where("id", "=", registrationId)
    .where("status", "=", "pending")
    .execute();
}

export async function registration(core: Core, id: string): Promise<AgentRegistration> {
  return core.db.selectFrom("agent_registrations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** Registers, approves (read and write unless told) and redeems: the agent holding its first pair. */
export async function connectedAgent(
  env: AgentEnv,
  options: { scopes?: Scope[]; email?: string } = {},
): Promise<{ registrationId: string; claimToken: string; connectionId: string; redeemed: Answer }> {
  const reg = await registerAgent(env.app, options.email ?? "ada@example.com");
  if (reg.status !== 200) throw new Error(`registration failed: ${reg.text}`);
  const connectionId = await approve(env.core, reg.body.registration_id, {
    workspaceId: env.seeded.workspaceId,
    ...(options.scopes ? { scopes: options.scopes } : {}),
  });
  const redeemed = await poll(env.app, reg.body.claim_token);
  if (redeemed.status !== 200) throw new Error(`redemption failed: ${redeemed.text}`);
  return {
    registrationId: reg.body.registration_id,
    claimToken: reg.body.claim_token,
    connectionId,
    redeemed,
  };
}
