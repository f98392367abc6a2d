import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import { sql } from "kysely";
import {
  DatabaseRateLimiter,
  LimiterUnavailable,
  MemoryRateLimiter,
  type RateLimiter,
  RedisRateLimiter,
} from "../../src/auth/limits.ts";
import { ManualClock } from "../../src/clock.ts";
import { setup } from "../support.ts";

/**
 * The Redis limiter runs against a real server when TEST_REDIS_URL is set (CI sets it); the memory one
 * always runs. Both must count the same way.
 */
const REDIS = process.env.TEST_REDIS_URL?.trim() || undefined;

const kinds: [string, ((clock: ManualClock) => RateLimiter) | undefined][] = [
  ["memory", (clock) => new MemoryRateLimiter(clock)],
  ["redis", REDIS ? (clock) => new RedisRateLimiter(REDIS, clock) : undefined],
];

for (const [kind, make] of kinds) {
  describe(`${kind} rate limiter`, { skip: make ? false : "TEST_REDIS_URL is not set" }, () => {
    test("counts up to the limit, refuses past it, and resets with the window", async (t) => {
      const clock = new ManualClock("2026-03-01T09:00:00.000Z");
      const limiter = make!(clock);
      t.after(() => limiter.close());
      const key = `test:${randomBytes(6).toString("hex")}`;
      for (let i = 1; i <= 3; i++) {
        const r = await limiter.hit(key, 3, 60_000);
        assert.equal(r.allowed, true);
        assert.equal(r.remaining, 3 - i);
        assert.equal(r.resetMs, 60_000);
      }
      clock.advance(15_000);
      const over = await limiter.hit(key, 3, 60_000);
      assert.equal(over.allowed, false);
      assert.equal(over.remaining, 0);
      assert.equal(over.resetMs, 45_000);
      const other = await limiter.hit(`${key}:other`, 3, 60_000);
      assert.equal(other.allowed, true, "keys are counted apart");
      clock.advance(45_000);
      const fresh = await limiter.hit(key, 3, 60_000);
      assert.equal(fresh.allowed, true);
      assert.equal(fresh.remaining, 2);
    });
  });
}

test("a hit of cost n counts n at once, on every limiter (a batch of MCP calls)", async (t) => {
  const env = await setup(t);
  const makers: [string, (clock: ManualClock) => RateLimiter][] = [
    ["memory", (clock) => new MemoryRateLimiter(clock)],
    ["database", (clock) => new DatabaseRateLimiter(env.store.db, clock)],
    [
      "database, relaxed commits",
      (clock) =>
        new DatabaseRateLimiter(env.store.db, clock, { relaxedCommit: env.store.kind === "postgres" }),
    ],
  ];
  if (REDIS) makers.push(["redis", (clock) => new RedisRateLimiter(REDIS, clock)]);
  for (const [kind, make] of makers) {
    const clock = new ManualClock("2026-03-01T09:00:00.000Z");
    const limiter = make(clock);
    t.after(() => limiter.close());
    const key = `test:cost:${randomBytes(6).toString("hex")}`;
    const first = await limiter.hit(key, 120, 60_000, 100);
    assert.deepEqual([first.allowed, first.remaining], [true, 20], kind);
    const at = await limiter.hit(key, 120, 60_000, 20);
    assert.deepEqual([at.allowed, at.remaining], [true, 0], `${kind}: exactly at the limit`);
    const past = await limiter.hit(key, 120, 60_000);
    assert.equal(past.allowed, false, `${kind}: one past it`);
    clock.advance(60_000);
    const big = await limiter.hit(key, 120, 60_000, 121);
    assert.equal(big.allowed, false, `${kind}: a cost above the limit never fits`);
  }
});

test("a Redis that cannot be reached is reported, never counted as allowed", async (t) => {
  const limiter = new RedisRateLimiter("redis://127.0.0.1:1", new ManualClock());
  t.after(() => limiter.close());
  await assert.rejects(limiter.hit("k", 10, 60_000), LimiterUnavailable);
});

test("the database limiter counts like the others, shares its counts and sweeps ended windows", async (t) => {
  const env = await setup(t);
  const clock = new ManualClock("2026-03-01T09:00:00.000Z");
  const one = new DatabaseRateLimiter(env.store.db, clock);
  const two = new DatabaseRateLimiter(env.store.db, clock);
  for (let i = 1; i <= 3; i++) {
    const r = await (i % 2 ? one : two).hit("k", 3, 60_000);
    assert.equal(r.allowed, true);
    assert.equal(r.remaining, 3 - i);
    assert.equal(r.resetMs, 60_000);
  }
  clock.advance(15_000);
  const over = await two.hit("k", 3, 60_000);
  assert.equal(over.allowed, false, "both count one window");
  assert.equal(over.resetMs, 45_000);
  assert.equal((await one.hit("other", 3, 60_000)).allowed, true, "keys are counted apart");
  clock.advance(45_000);
  const fresh = await one.hit("k", 3, 60_000);
  assert.equal(fresh.allowed, true);
  assert.equal(fresh.remaining, 2);
  assert.equal(await one.sweep(), 2, "the ended windows of k and other are deleted");
  const left = await env.store.db.selectFrom("limit_counters").selectAll().execute();
  assert.deepEqual(
    left.map((r) => [r.key, Number(r.count)]),
    [["k", 1]],
  );
});

test("a database that cannot be reached is reported, never counted as allowed", async (t) => {
  const env = await setup(t);
  const limiter = new DatabaseRateLimiter(env.store.db, new ManualClock());
  await env.store.close();
  await assert.rejects(limiter.hit("k", 10, 60_000), LimiterUnavailable);
});

test("a core counts limits in the database without REDIS_URL and in Redis with it; /v1 in memory without", async (t) => {
  const env = await setup(t);
  const { createCore, closeCore } = await import("../../src/core.ts");
  const plain = createCore(env.config, env.store);
  t.after(() => closeCore(plain));
  assert.ok(plain.limiter instanceof DatabaseRateLimiter);
  assert.ok(plain.requestLimiter instanceof MemoryRateLimiter);
  const shared = createCore({ ...env.config, redisUrl: "redis://127.0.0.1:6379" }, env.store);
  t.after(() => closeCore(shared));
  assert.ok(shared.limiter instanceof RedisRateLimiter);
  assert.equal(shared.requestLimiter, shared.limiter);
});

test("PostgreSQL: a relaxed hit commits by itself and leaves its connection's commits as they were", async (t) => {
  const env = await setup(t);
  if (env.store.kind !== "postgres") return t.skip("PostgreSQL only");
  const clock = new ManualClock("2026-03-01T09:00:00.000Z");
  const key = `test:relaxed:${randomBytes(6).toString("hex")}`;
  await env.store.db.connection().execute(async (connection) => {
    const limiter = new DatabaseRateLimiter(connection, clock, { relaxedCommit: true });
    assert.equal((await limiter.hit(key, 5, 60_000)).remaining, 4);
    assert.equal((await limiter.hit(key, 5, 60_000)).remaining, 3);
    // the setting lasted for the hit's own transaction only
    const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(connection);
    assert.equal(rows[0]!.synchronous_commit, "on");
  });
  // committed: another connection sees the count
  const row = await env.store.db
    .selectFrom("limit_counters")
    .select("count")
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
  assert.equal(Number(row.count), 2);
});
