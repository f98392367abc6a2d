import assert from "node:assert/strict";
import { randomInt } from "node:crypto";
import type { TestContext } from "node:test";
import { describe, test } from "node:test";
import { DatabaseRateLimiter, type RateLimiter, RedisRateLimiter } from "../../src/auth/limits.ts";
import { HOUR, type ManualClock } from "../../src/clock.ts";
import { closeCore, createCore } from "../../src/core.ts";
import { openStore } from "../../src/db/store.ts";
import { app, ON_POSTGRES } from "../support.ts";
import { type AgentEnv, agentSetup, approve, poll, registerAgent, renew } from "./agent-support.ts";

/**
 * Several instances behind one load balancer share one database (and Redis when REDIS_URL is set):
 * limits are counted together and an assertion signed by one renews at another.
 */
const REDIS = process.env.TEST_REDIS_URL?.trim() || undefined;

type MakeLimiter = (clock: ManualClock, db: import("../../src/db/store.ts").Db) => RateLimiter;

async function secondInstance(t: TestContext, env: AgentEnv, make: MakeLimiter) {
  const store = openStore(env.config.database, { poolSize: 2 });
  const core = createCore(env.config, store, { clock: env.clock, limiter: make(env.clock, store.db) });
  t.after(async () => {
    await closeCore(core);
    await store.close();
  });
  return app(t, core);
}

const kinds: [string, MakeLimiter | undefined][] = [
  ["the database", (clock, db) => new DatabaseRateLimiter(db, clock, { relaxedCommit: ON_POSTGRES })],
  ["Redis", REDIS ? (clock) => new RedisRateLimiter(REDIS, clock) : undefined],
];

for (const [kind, make] of kinds) {
  describe(`two instances counting in ${kind}`, { skip: make ? false : "TEST_REDIS_URL is not set" }, () => {
    test("count one limit together, and renew each other's assertions", async (t) => {
      const env = await agentSetup(t, { limiter: (clock, store) => make!(clock, store.db) });
      // Redis outlives the test: a fresh hour of its own keeps earlier runs' counts out.
      env.clock.set(new Date(Date.UTC(2031, 0, 1) + randomInt(0, 500_000) * HOUR));
      const other = await secondInstance(t, env, make!);
      const email = `shared-${randomInt(0, 1e9)}@example.com`;
      const net = `10.${randomInt(0, 255)}.${randomInt(0, 255)}`;
      for (let i = 0; i < 5; i++) {
        const res = await registerAgent(i % 2 === 0 ? env.app : other, email, { ip: `${net}.${i}` });
        assert.equal(res.status, 200, res.text);
      }
      const sixthHere = await registerAgent(env.app, email, { ip: "192.0.2.200" });
      const sixthThere = await registerAgent(other, email, { ip: "192.0.2.201" });
      assert.equal(sixthHere.status, 429, "5 per email across both instances");
      assert.equal(sixthThere.status, 429);

      const reg = await registerAgent(env.app, "ada@example.com", { ip: "192.0.2.202" });
      await approve(env.core, reg.body.registration_id, { workspaceId: env.seeded.workspaceId });
      const redeemed = await poll(other, reg.body.claim_token);
      assert.equal(redeemed.status, 200, "redeemed at the other instance");
      const assertion = redeemed.body.identity_assertion;
      for (let i = 2; i <= 60; i++) {
        const res = await renew(i % 2 === 0 ? env.app : other, assertion);
        assert.equal(res.status, 200, `token response ${i}`);
      }
      assert.equal((await renew(env.app, assertion)).status, 429, "60 token responses an hour across both");
      assert.equal((await renew(other, assertion)).status, 429);
    });
  });
}
