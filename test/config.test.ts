import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, test } from "node:test";
import { ConfigError, loadConfig } from "../src/config.ts";
import { REPO } from "./support.ts";

describe("config", () => {
  test("defaults serve on port 3000 with SQLite under ./data", () => {
    const c = loadConfig({});
    assert.equal(c.port, 3000);
    assert.equal(c.host, "0.0.0.0");
    assert.equal(c.baseUrl, "http://localhost:3000");
    assert.deepEqual(c.database, { kind: "sqlite", path: path.resolve("data", "docket.db") });
    assert.equal(c.dataDir, path.resolve("data"));
    assert.equal(c.logLevel, "info");
    assert.equal(c.smtpUrl, undefined);
    assert.equal(c.redisUrl, undefined);
  });

  test("every variable is read", () => {
    const c = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      BASE_URL: "https://docket.example.com/",
      DATABASE_URL: "postgres://u@db:5432/docket",
      DOCKET_DATA_DIR: "/var/lib/docket",
      LOG_LEVEL: "DEBUG",
      SMTP_URL: "smtp://mail:25",
      REDIS_URL: "redis://cache:6379",
      DOCKET_SECRET_KEY: Buffer.alloc(32, 1).toString("base64"),
      DOCKET_SECRET_KEY_PREVIOUS: Buffer.alloc(32, 2).toString("base64"),
    });
    assert.equal(c.port, 8080);
    assert.equal(c.host, "127.0.0.1");
    assert.equal(c.baseUrl, "https://docket.example.com");
    assert.deepEqual(c.database, { kind: "postgres", url: "postgres://u@db:5432/docket" });
    assert.equal(c.dataDir, "/var/lib/docket");
    assert.equal(c.logLevel, "debug");
    assert.equal(c.smtpUrl, "smtp://mail:25");
    assert.equal(c.redisUrl, "redis://cache:6379");
    assert.equal(c.production, true);
    assert.deepEqual(c.secretKeys, { current: Buffer.alloc(32, 1), previous: [Buffer.alloc(32, 2)] });
  });

  test("BASE_URL defaults to the port; DATABASE_URL defaults under DOCKET_DATA_DIR; sqlite: form", () => {
    assert.equal(loadConfig({ PORT: "4000" }).baseUrl, "http://localhost:4000");
    assert.deepEqual(loadConfig({ DOCKET_DATA_DIR: "/srv/d" }).database, {
      kind: "sqlite",
      path: "/srv/d/docket.db",
    });
    assert.deepEqual(loadConfig({ DATABASE_URL: "sqlite:/tmp/x.db" }).database, {
      kind: "sqlite",
      path: "/tmp/x.db",
    });
    assert.equal(loadConfig({ BASE_URL: "https://x.example/docket/" }).baseUrl, "https://x.example/docket");
  });

  test("IDEMPOTENCY_LEASE_SECONDS: 60 by default, 1 to 3600", () => {
    assert.equal(loadConfig({}).idempotencyLeaseMs, 60_000);
    assert.equal(loadConfig({ IDEMPOTENCY_LEASE_SECONDS: "1" }).idempotencyLeaseMs, 1000);
    assert.equal(loadConfig({ IDEMPOTENCY_LEASE_SECONDS: "3600" }).idempotencyLeaseMs, 3_600_000);
  });

  const bad: [string, string, RegExp][] = [
    ["PORT", "abc", /PORT must be a whole number from 0 to 65535/],
    ["PORT", "70000", /PORT must be a whole number/],
    ["PORT", "-1", /PORT/],
    ["HOST", "bad host!", /HOST must be a host name/],
    ["BASE_URL", "not a url", /BASE_URL must be an absolute http\(s\) URL/],
    ["BASE_URL", "ftp://x.example", /BASE_URL must start with http/],
    ["BASE_URL", "https://x.example/?a=1", /BASE_URL must not carry a query/],
    ["DATABASE_URL", "mysql://db/x", /DATABASE_URL must be postgres/],
    ["DATABASE_URL", "sqlite:", /DATABASE_URL names no SQLite file/],
    ["LOG_LEVEL", "loud", /LOG_LEVEL must be one of/],
    ["SMTP_URL", "mail.example.com", /SMTP_URL must be a URL/],
    ["SMTP_URL", "http://mail.example.com", /SMTP_URL must be a URL starting with smtp/],
    ["REDIS_URL", "cache:6379", /REDIS_URL must be a URL/],
    ["REDIS_URL", "http://cache", /REDIS_URL must be a URL starting with redis/],
    ["IDEMPOTENCY_LEASE_SECONDS", "0", /IDEMPOTENCY_LEASE_SECONDS must be a whole number from 1 to 3600/],
    ["IDEMPOTENCY_LEASE_SECONDS", "3601", /IDEMPOTENCY_LEASE_SECONDS must be a whole number from 1 to 3600/],
    ["IDEMPOTENCY_LEASE_SECONDS", "1.5", /IDEMPOTENCY_LEASE_SECONDS/],
  ];
  for (const [name, value, message] of bad) {
    test(`${name}=${JSON.stringify(value)} is refused, naming the variable`, () => {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (e: unknown) => e instanceof ConfigError && e.variable === name && message.test(e.message),
      );
    });
  }

  test("docket serve with a bad value exits 2 before listening, naming the variable", () => {
    const r = spawnSync(process.execPath, ["src/cli/main.ts", "serve"], {
      cwd: REPO,
      env: { ...process.env, PORT: "nope", LOG_LEVEL: "silent" },
      encoding: "utf8",
      timeout: 20_000,
    });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /configuration error: PORT must be a whole number/);
    assert.doesNotMatch(r.stdout, /listening/i);
  });
  test("event stream caps and lifetime: defaults, the limits accepted, and past them refused", () => {
    assert.deepEqual(loadConfig({}).eventStreams, {
      perCredential: 20,
      perPerson: 50,
      perWorkspace: 1000,
      maxLifetimeMs: 3_600_000,
    });
    const low = loadConfig({
      EVENT_STREAMS_PER_CREDENTIAL: "1",
      EVENT_STREAMS_PER_PERSON: "1",
      EVENT_STREAMS_PER_WORKSPACE: "1",
      EVENT_STREAM_MAX_SECONDS: "1",
    });
    assert.deepEqual(low.eventStreams, {
      perCredential: 1,
      perPerson: 1,
      perWorkspace: 1,
      maxLifetimeMs: 1000,
    });
    const high = loadConfig({
      EVENT_STREAMS_PER_CREDENTIAL: "100000",
      EVENT_STREAMS_PER_PERSON: "100000",
      EVENT_STREAMS_PER_WORKSPACE: "1000000",
      EVENT_STREAM_MAX_SECONDS: "86400",
    });
    assert.deepEqual(high.eventStreams, {
      perCredential: 100_000,
      perPerson: 100_000,
      perWorkspace: 1_000_000,
      maxLifetimeMs: 86_400_000,
    });
    for (const [name, bad] of [
      ["EVENT_STREAMS_PER_CREDENTIAL", "0"],
      ["EVENT_STREAMS_PER_CREDENTIAL", "100001"],
      ["EVENT_STREAMS_PER_PERSON", "0"],
      ["EVENT_STREAMS_PER_WORKSPACE", "1000001"],
      ["EVENT_STREAM_MAX_SECONDS", "0"],
      ["EVENT_STREAM_MAX_SECONDS", "86401"],
      ["EVENT_STREAM_MAX_SECONDS", "1h"],
    ] as const) {
      assert.throws(
        () => loadConfig({ [name]: bad }),
        (e: unknown) =>
          e instanceof ConfigError && e.variable === name && /must be a whole number/.test(e.message),
        `${name}=${bad}`,
      );
    }
  });
  test("database and request time bounds: defaults, the limits accepted, and past them refused", () => {
    const d = loadConfig({});
    assert.deepEqual(d.databaseTimeouts, { statementMs: 5000, connectMs: 2000, startupWaitMs: 120_000 });
    assert.equal(d.requestTimeoutMs, 120_000);
    const low = loadConfig({
      DATABASE_STATEMENT_TIMEOUT_MS: "100",
      DATABASE_CONNECT_TIMEOUT_MS: "100",
      DATABASE_STARTUP_WAIT_MS: "0",
      REQUEST_TIMEOUT_MS: "0",
    });
    assert.deepEqual(low.databaseTimeouts, { statementMs: 100, connectMs: 100, startupWaitMs: 0 });
    assert.equal(low.requestTimeoutMs, 0);
    const high = loadConfig({
      DATABASE_STATEMENT_TIMEOUT_MS: "600000",
      DATABASE_CONNECT_TIMEOUT_MS: "60000",
      DATABASE_STARTUP_WAIT_MS: "86400000",
      REQUEST_TIMEOUT_MS: "3600000",
    });
    assert.deepEqual(high.databaseTimeouts, {
      statementMs: 600_000,
      connectMs: 60_000,
      startupWaitMs: 86_400_000,
    });
    assert.equal(high.requestTimeoutMs, 3_600_000);
    for (const [name, bad] of [
      ["DATABASE_STATEMENT_TIMEOUT_MS", "99"],
      ["DATABASE_STATEMENT_TIMEOUT_MS", "600001"],
      ["DATABASE_CONNECT_TIMEOUT_MS", "99"],
      ["DATABASE_CONNECT_TIMEOUT_MS", "60001"],
      ["DATABASE_STARTUP_WAIT_MS", "-1"],
      ["DATABASE_STARTUP_WAIT_MS", "86400001"],
      ["REQUEST_TIMEOUT_MS", "3600001"],
      ["REQUEST_TIMEOUT_MS", "5s"],
    ] as const) {
      assert.throws(
        () => loadConfig({ [name]: bad }),
        (e: unknown) =>
          e instanceof ConfigError && e.variable === name && /must be a whole number/.test(e.message),
        `${name}=${bad}`,
      );
    }
  });
});

test("WEBHOOK_ALLOW_PRIVATE is off unless true, and refuses anything but a yes or a no", () => {
  assert.equal(loadConfig({}).webhookAllowPrivate, false);
  assert.equal(loadConfig({ WEBHOOK_ALLOW_PRIVATE: "true" }).webhookAllowPrivate, true);
  assert.equal(loadConfig({ WEBHOOK_ALLOW_PRIVATE: "1" }).webhookAllowPrivate, true);
  assert.equal(loadConfig({ WEBHOOK_ALLOW_PRIVATE: "false" }).webhookAllowPrivate, false);
  assert.throws(
    () => loadConfig({ WEBHOOK_ALLOW_PRIVATE: "yes please" }),
    (e: unknown) => e instanceof ConfigError && e.variable === "WEBHOOK_ALLOW_PRIVATE",
  );
});

test("DOCKET_FIRST_RUN is open by default only for the embedded quick start, and refuses anything but open or closed", () => {
  assert.equal(loadConfig({}).firstRun, "open", "SQLite, not production: the quick start");
  const key = Buffer.alloc(32, 1).toString("base64");
  assert.equal(
    loadConfig({ DATABASE_URL: "postgres://u@db:5432/docket", DOCKET_SECRET_KEY: key }).firstRun,
    "closed",
    "PostgreSQL is production mode",
  );
  assert.equal(loadConfig({ NODE_ENV: "production", DOCKET_SECRET_KEY: key }).firstRun, "closed");
  assert.equal(loadConfig({ DOCKET_FIRST_RUN: "closed" }).firstRun, "closed");
  assert.equal(
    loadConfig({
      DATABASE_URL: "postgres://u@db:5432/docket",
      DOCKET_SECRET_KEY: key,
      DOCKET_FIRST_RUN: "Open",
    }).firstRun,
    "open",
  );
  for (const bad of ["yes", "true", "1"]) {
    assert.throws(
      () => loadConfig({ DOCKET_FIRST_RUN: bad }),
      (e: unknown) =>
        e instanceof ConfigError && e.variable === "DOCKET_FIRST_RUN" && /open or closed/.test(e.message),
      bad,
    );
  }
});
