import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { revokeConnection } from "../../src/auth/connections.ts";
import { DatabaseRateLimiter } from "../../src/auth/limits.ts";
import { type FlowIo, registerAgent, renewAccessToken } from "../../src/cli/client/agent.ts";
import { ManualClock, MINUTE } from "../../src/clock.ts";
import { type Core, closeCore, createCore } from "../../src/core.ts";
import { openStore } from "../../src/db/store.ts";
import { DocketError } from "../../src/errors.ts";
import { buildApp } from "../../src/http/app.ts";
import { createLogger } from "../../src/http/logger.ts";
import { approve, deny } from "../auth/agent-support.ts";
import { checkedFetch } from "../contract.ts";
import { createTestDatabase, type Seeded, seed, testConfig } from "../support.ts";
import { freePort } from "./support.ts";

/**
 * The client's side of agent registration against the real endpoints, listening on a port, with the
 * service's clock in the test's hands: each wait the client asks for moves the clock instead, and the
 * person's approval or denial happens in between, as the claim page would do it.
 */
interface Service {
  url: string;
  core: Core;
  clock: ManualClock;
  seeded: Seeded;
}

async function service(t: import("node:test").TestContext): Promise<Service> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = await createTestDatabase();
  const config = testConfig(database.url, { BASE_URL: url });
  const store = openStore(config.database, { poolSize: 4 });
  const clock = new ManualClock("2026-03-01T09:00:00.000Z");
  const core = createCore(config, store, { clock, limiter: new DatabaseRateLimiter(store.db, clock) });
  await store.migrate();
  const seeded = await seed(core);
  const app = buildApp(core, { logger: createLogger("silent") });
  await app.listen({ port, host: "127.0.0.1" });
  t.after(async () => {
    await app.close();
    await closeCore(core);
    await store.close();
    await database.drop();
  });
  return { url, core, clock, seeded };
}

const latestRegistration = async (core: Core) =>
  await core.db
    .selectFrom("agent_registrations")
    .select(["id", "client_name", "connection_id"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();

/** A FlowIo whose waits run `steps` in turn (each gets the wait asked for), recording what it said and waited. */
function scripted(steps: ((ms: number) => Promise<void> | void)[]) {
  const said: string[] = [];
  const waits: number[] = [];
  const io: FlowIo = {
    say: (text) => said.push(text),
    async sleep(ms) {
      waits.push(ms);
      const step = steps.shift();
      if (!step) throw new Error(`an unexpected wait of ${ms} ms`);
      await step(ms);
    },
  };
  return { io, said, waits };
}

describe("agent registration from the client", () => {
  test("polls at the interval, slows down when told, redeems once approved; renews with the assertion", async (t) => {
    const s = await service(t);
    const flow = scripted([
      (ms) => s.clock.advance(ms), // on time: authorization_pending
      () => s.clock.advance(1000), // too soon: slow_down, the interval grows by 5
      async (ms) => {
        s.clock.advance(ms);
        await approve(s.core, (await latestRegistration(s.core)).id, { workspaceId: s.seeded.workspaceId });
      },
    ]);
    const redeemed = await registerAgent(s.url, "ada@example.com", flow.io);
    assert.deepEqual(flow.waits, [5000, 5000, 10_000]);
    assert.match(
      flow.said[0]!,
      /open this link and sign in:\n\n {2}http:\/\/127\.0\.0\.1:\d+\/claim\?claim_attempt_token=/,
    );
    assert.match(flow.said[0]!, /then type this code \(valid 10 minutes\): \d{6}/);
    assert.equal((await latestRegistration(s.core)).client_name, "docket CLI");
    assert.match(redeemed.access_token, /^docket_at_/);
    assert.equal(redeemed.scope, "workspace.read workspace.write");
    assert.equal(typeof redeemed.identity_assertion, "string");

    const renewed = await renewAccessToken(s.url, redeemed.identity_assertion);
    assert.match(renewed.access_token, /^docket_at_/);
    assert.notEqual(renewed.access_token, redeemed.access_token);
    const res = await checkedFetch(`${s.url}/v1/workspace`, {
      headers: { authorization: `Bearer ${renewed.access_token}` },
    });
    assert.equal(res.status, 200, "the renewed token works on /v1");

    const connection = (await latestRegistration(s.core)).connection_id!;
    // a later redemption replaced the assertion (as a repeated poll does): the client says so
    const { assertion_jti } = await s.core.db
      .selectFrom("connections")
      .select("assertion_jti")
      .where("id", "=", connection)
      .executeTakeFirstOrThrow();
    await s.core.db
      .updateTable("connections")
      .set({ assertion_jti: "replaced" })
      .where("id", "=", connection)
      .execute();
    await assert.rejects(renewAccessToken(s.url, redeemed.identity_assertion), (error: unknown) => {
      assert.ok(error instanceof DocketError);
      assert.equal(error.code, "invalid_grant");
      assert.match(error.message, /replaced by a later redemption/);
      return true;
    });
    await s.core.db.updateTable("connections").set({ assertion_jti }).where("id", "=", connection).execute();
    await revokeConnection(s.core, connection, "revoked in a test");
    await assert.rejects(renewAccessToken(s.url, redeemed.identity_assertion), (error: unknown) => {
      assert.ok(error instanceof DocketError);
      assert.equal(error.status, 401, "a refused assertion means signing in again: exit 3");
      assert.equal(error.code, "invalid_grant");
      assert.match(error.message, /docket login --agent/);
      return true;
    });
  });

  test("a code that expires is replaced through the claim endpoint, and the new one shown", async (t) => {
    const s = await service(t);
    const flow = scripted([
      () => s.clock.advance(11 * MINUTE),
      async (ms) => {
        s.clock.advance(ms);
        await approve(s.core, (await latestRegistration(s.core)).id, { workspaceId: s.seeded.workspaceId });
      },
    ]);
    const redeemed = await registerAgent(s.url, "ada@example.com", flow.io);
    assert.match(redeemed.access_token, /^docket_at_/);
    const codes = flow.said.flatMap((line) =>
      [...line.matchAll(/code \(valid 10 minutes\): (\d{6})/g)].map((m) => m[1]),
    );
    assert.equal(codes.length, 2, flow.said.join("\n"));
    assert.ok(flow.said.some((line) => line === "The code expired; here is a new one."));
  });

  test("the registration's own end, a denial and a bad address stop the flow with the service's words", async (t) => {
    const s = await service(t);
    const expired = scripted([() => s.clock.advance(61 * MINUTE)]);
    await assert.rejects(registerAgent(s.url, "ada@example.com", expired.io), (error: unknown) => {
      assert.ok(error instanceof DocketError);
      assert.equal(error.code, "expired_token");
      assert.match(error.message, /The registration expired .* Run docket login --agent again/);
      return true;
    });

    const denied = scripted([
      async (ms) => {
        await deny(s.core, (await latestRegistration(s.core)).id);
        s.clock.advance(ms);
      },
    ]);
    await assert.rejects(registerAgent(s.url, "ada@example.com", denied.io), (error: unknown) => {
      assert.ok(error instanceof DocketError);
      assert.equal(error.code, "access_denied");
      return true;
    });

    await assert.rejects(registerAgent(s.url, "not an address", scripted([]).io), (error: unknown) => {
      assert.ok(error instanceof DocketError);
      assert.equal(error.status, 400);
      assert.equal(error.code, "invalid_login_hint");
      return true;
    });
  });
});
