import path from "node:path";
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from "./events/access.ts";

/**
 * The service's whole configuration, read once from the environment. A bad value is a ConfigError that
 * names the variable; `docket serve` prints it and exits with code 2 before listening.
 */
export interface Config {
  port: number;
  host: string;
  /** The spec's {base_url}: scheme, host and optional port and path, no trailing slash. */
  baseUrl: string;
  database: DatabaseConfig;
  dataDir: string;
  logLevel: LogLevel;
  smtpUrl: string | undefined;
  /** The From address of sign-in mail. */
  mailFrom: string;
  /** External identity providers people may sign in with; each is off until configured. */
  signIn: SignInProvidersConfig;
  redisUrl: string | undefined;
  /** Requests per minute per token on /v1 (0 switches the limit off). */
  restRateLimit: number;
  /**
   * How long a pending `Idempotency-Key` stays with the request that took it; a key still pending past
   * this (its request died) is run again by the next retry.
   */
  idempotencyLeaseMs: number;
  files: FilesConfig;
  /**
   * Production mode: a PostgreSQL DATABASE_URL or NODE_ENV=production. It requires DOCKET_SECRET_KEY
   * (the embedded default may generate one into the data folder instead).
   */
  production: boolean;
  /**
   * DOCKET_FIRST_RUN: `open` lets the first person to sign in to an installation without any workspace
   * create the first one (they become its Owner); `closed` leaves that to `docket admin`. Open by
   * default only for the embedded quick start (SQLite, not production mode).
   */
  firstRun: "open" | "closed";
  /** Keys that encrypt the service's own secrets at rest (see src/secret-box.ts). */
  secretKeys: SecretKeysConfig;
  /** How long the database may take before a request gives up on it (see docs/decisions.md). */
  databaseTimeouts: DatabaseTimeouts;
  /** The longest a whole request (headers and body) may take to arrive; 0 switches the bound off. */
  requestTimeoutMs: number;
  /**
   * WEBHOOK_ALLOW_PRIVATE=true lets webhooks reach private, loopback and link-local addresses and plain
   * http (an on-premises receiver, tests); off by default, so a webhook cannot probe the inside.
   */
  webhookAllowPrivate: boolean;
  /**
   * MCP_ALLOWED_ORIGINS: origins (comma-separated) besides BASE_URL's whose pages may call /api/mcp
   * (CORS and the endpoint's Origin check); empty by default.
   */
  mcpAllowedOrigins: string[];
  /**
   * EVENT_STREAMS_PER_CREDENTIAL, _PER_PERSON, _PER_WORKSPACE: caps on the event streams open at once
   * on one instance; EVENT_STREAM_MAX_SECONDS: the longest one stays open (see src/events/access.ts).
   */
  eventStreams: StreamLimits;
  /** Metrics for Prometheus and traces over OTLP: both off unless configured (docs/operators.md). */
  telemetry: TelemetryConfig;
  /**
   * DOCKET_ROLE (or `docket serve --role`): `all` (the default) serves HTTP and runs the background work;
   * `web` serves HTTP only; `worker` runs the background work only (answering /healthz and /readyz).
   * PostgreSQL only for `web` and `worker` (see docs/operators.md).
   */
  role: Role;
}

export const ROLES = ["all", "web", "worker"] as const;
export type Role = (typeof ROLES)[number];

function role(env: Env, db: DatabaseConfig): Role {
  const raw = (value(env, "DOCKET_ROLE") ?? "all").toLowerCase();
  if (!(ROLES as readonly string[]).includes(raw)) {
    throw new ConfigError(
      "DOCKET_ROLE",
      `(or --role) must be one of ${ROLES.join(", ")} (got ${JSON.stringify(raw)})`,
    );
  }
  if (raw !== "all" && db.kind !== "postgres") {
    throw new ConfigError(
      "DOCKET_ROLE",
      `(or --role) ${raw} needs PostgreSQL: with SQLite (one process) the only role is all; set DATABASE_URL=postgres://… to run web and worker apart`,
    );
  }
  return raw as Role;
}

export interface TelemetryConfig {
  /** METRICS_PORT: where Prometheus scrapes /metrics, apart from PORT; undefined (off) by default. */
  metricsPort: number | undefined;
  /** METRICS_HOST: the address the metrics port listens on (127.0.0.1 by default). */
  metricsHost: string;
  /**
   * Where spans go over OTLP/HTTP: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as given, or
   * OTEL_EXPORTER_OTLP_ENDPOINT with /v1/traces added; undefined (tracing off) when neither is set.
   */
  tracesEndpoint: string | undefined;
  /**
   * Headers every export carries (a collector's or vendor's key): OTEL_EXPORTER_OTLP_TRACES_HEADERS, else
   * OTEL_EXPORTER_OTLP_HEADERS, as `key=value` pairs separated by commas, values URL-encoded.
   */
  tracesHeaders: Record<string, string>;
  /**
   * How spans are written: OTEL_EXPORTER_OTLP_TRACES_PROTOCOL, else OTEL_EXPORTER_OTLP_PROTOCOL;
   * `http/protobuf` (OpenTelemetry's default, and the cheaper to write) or `http/json`. gRPC is not spoken.
   */
  tracesProtocol: "http/protobuf" | "http/json";
  /** OTEL_SERVICE_NAME: the service.name traces and metrics carry (docket by default). */
  serviceName: string;
  /**
   * OTEL_TRACES_SAMPLER_ARG: the share of traces started here that are recorded and sent, 0 to 1 (1 by
   * default); a request whose caller sent a sampled `traceparent` is always recorded.
   */
  tracesSampleRatio: number;
}

function telemetry(env: Env): TelemetryConfig {
  const port = value(env, "METRICS_PORT");
  const metricsHost = value(env, "METRICS_HOST") ?? "127.0.0.1";
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(metricsHost)) {
    throw new ConfigError(
      "METRICS_HOST",
      `must be a host name or IP address (got ${JSON.stringify(metricsHost)})`,
    );
  }
  const traces = url(env, "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", ["http", "https"]);
  const base = url(env, "OTEL_EXPORTER_OTLP_ENDPOINT", ["http", "https"]);
  return {
    metricsPort: port === undefined ? undefined : integer(env, "METRICS_PORT", 0, 0, 65535),
    metricsHost,
    tracesEndpoint: traces ?? (base === undefined ? undefined : `${base.replace(/\/+$/, "")}/v1/traces`),
    tracesHeaders: otlpHeaders(
      value(env, "OTEL_EXPORTER_OTLP_TRACES_HEADERS") === undefined
        ? "OTEL_EXPORTER_OTLP_HEADERS"
        : "OTEL_EXPORTER_OTLP_TRACES_HEADERS",
      value(env, "OTEL_EXPORTER_OTLP_TRACES_HEADERS") ?? value(env, "OTEL_EXPORTER_OTLP_HEADERS"),
    ),
    tracesProtocol: otlpProtocol(env),
    serviceName: value(env, "OTEL_SERVICE_NAME") ?? "docket",
    tracesSampleRatio: ratio(env, "OTEL_TRACES_SAMPLER_ARG", 1),
  };
}

function otlpProtocol(env: Env): TelemetryConfig["tracesProtocol"] {
  const name =
    value(env, "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL") === undefined
      ? "OTEL_EXPORTER_OTLP_PROTOCOL"
      : "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL";
  const given = value(env, name)?.toLowerCase();
  if (given === undefined || given === "http/protobuf") return "http/protobuf";
  if (given === "http/json") return "http/json";
  throw new ConfigError(
    name,
    given === "grpc"
      ? "gRPC is not spoken; use http/protobuf (a collector's OTLP/HTTP port, 4318 by default)"
      : `must be http/protobuf or http/json (got ${JSON.stringify(given)})`,
  );
}

/** `key=value,key=value` (W3C baggage-like, as OpenTelemetry's exporters read it), values URL-encoded. */
function otlpHeaders(name: string, raw: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (raw === undefined) return headers;
  for (const pair of raw.split(",")) {
    if (!pair.trim()) continue;
    const at = pair.indexOf("=");
    const key = at > 0 ? pair.slice(0, at).trim() : "";
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(key)) {
      throw new ConfigError(
        name,
        `must be key=value pairs separated by commas (got ${JSON.stringify(pair)})`,
      );
    }
    const encoded = pair.slice(at + 1).trim();
    let decoded: string;
    try {
      decoded = decodeURIComponent(encoded);
    } catch {
      throw new ConfigError(name, `the value of ${key} is not URL-encoded correctly`);
    }
    if (/[\r\n\0]/.test(decoded))
      throw new ConfigError(name, `the value of ${key} holds a line break or NUL`);
    headers[key.toLowerCase()] = decoded;
  }
  return headers;
}

function ratio(env: Env, name: string, fallback: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^(0|1|0?\.\d+|1\.0*)$/.test(raw)) {
    throw new ConfigError(name, `must be a number from 0 to 1 (got ${JSON.stringify(raw)})`);
  }
  return Number(raw);
}

/** MCP_ALLOWED_ORIGINS: each an http(s) origin, no path, query or credentials; kept in normal form. */
function allowedOrigins(env: Env, name: string): string[] {
  const raw = value(env, name);
  if (raw === undefined) return [];
  const out: string[] = [];
  for (const part of raw.split(",")) {
    const item = part.trim();
    if (item === "") continue;
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new ConfigError(
        name,
        `each entry must be an origin such as https://app.example.com (got ${JSON.stringify(item)})`,
      );
    }
    if (
      (url.protocol !== "http:" && url.protocol !== "https:") ||
      url.username ||
      url.password ||
      url.search ||
      url.hash ||
      (url.pathname !== "/" && url.pathname !== "")
    ) {
      throw new ConfigError(
        name,
        `each entry must be an http(s) origin with no path (got ${JSON.stringify(item)})`,
      );
    }
    out.push(url.origin);
  }
  return [...new Set(out)];
}

export interface SecretKeysConfig {
  /** DOCKET_SECRET_KEY: 32 bytes; undefined outside production when none is set (one is generated). */
  current: Buffer | undefined;
  /** DOCKET_SECRET_KEY_PREVIOUS: older keys still accepted for decryption while rotating. */
  previous: Buffer[];
}

/** How to make a secret key, quoted in messages and the README. */
export const SECRET_KEY_COMMAND = "openssl rand -base64 32";

/** Bounds on waiting for the database, so that every request answers within a known time. */
export interface DatabaseTimeouts {
  /** Longest one statement may run (server-side `statement_timeout`, and client-side a little over it). */
  statementMs: number;
  /** Longest to wait for a connection: a new one to open, or a free one in the pool. */
  connectMs: number;
  /** How long `docket serve` waits for an unreachable database at start-up before giving up. */
  startupWaitMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 5000,
  connectMs: 2000,
  startupWaitMs: 120_000,
};
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

/** Uploaded files: the largest one accepted, and where the bytes live (local disk or an S3-compatible store). */
export interface FilesConfig {
  maxBytes: number;
  store: FileStoreConfig;
}

export type FileStoreConfig =
  | { kind: "local"; dir: string }
  | {
      kind: "s3";
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

/** 100 MiB by default; at most 5 GiB, the largest object one S3 PUT may carry. */
export const DEFAULT_FILE_MAX_BYTES = 100 * 1024 * 1024;
export const FILE_MAX_BYTES_CEILING = 5 * 1024 * 1024 * 1024;

export interface SignInProvidersConfig {
  github: GitHubConfig | undefined;
  oidc: OidcConfig | undefined;
}

/** A GitHub OAuth app (or GitHub Enterprise Server: its web and API addresses). */
export interface GitHubConfig {
  clientId: string;
  clientSecret: string;
  webUrl: string;
  apiUrl: string;
}

/** Any OpenID Connect provider, found through its discovery document. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** shown on the sign-in button: "Sign in with <name>" */
  name: string;
}

export type DatabaseConfig = { kind: "sqlite"; path: string } | { kind: "postgres"; url: string };

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, problem: string) {
    super(`${variable} ${problem}`);
    this.name = "ConfigError";
    this.variable = variable;
  }
}

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  const v = env[name];
  return v === undefined || v.trim() === "" ? undefined : v.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got ${JSON.stringify(raw)})`);
  }
  return Number(raw);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL starting with ${protocols.join(" or ")}`);
  }
  if (!protocols.includes(parsed.protocol.slice(0, -1))) {
    throw new ConfigError(
      name,
      `must be a URL starting with ${protocols.map((p) => `${p}://`).join(" or ")}`,
    );
  }
  return raw;
}

function baseUrl(env: Env, port: number): string {
  const raw = value(env, "BASE_URL");
  if (raw === undefined) return `http://localhost:${port}`;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError("BASE_URL", `must be an absolute http(s) URL (got ${JSON.stringify(raw)})`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new ConfigError("BASE_URL", "must start with http:// or https://");
  }
  if (parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new ConfigError("BASE_URL", "must not carry a query, a fragment or credentials");
  }
  return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, "");
}

function database(env: Env, dataDir: string): DatabaseConfig {
  const raw = value(env, "DATABASE_URL");
  if (raw === undefined) return { kind: "sqlite", path: path.join(dataDir, "docket.db") };
  if (/^postgres(ql)?:\/\//.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError("DATABASE_URL", "is not a valid postgres:// URL");
    }
    return { kind: "postgres", url: raw };
  }
  if (raw.startsWith("sqlite:")) {
    const file = raw.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "");
    if (!file) throw new ConfigError("DATABASE_URL", "names no SQLite file after sqlite:");
    return { kind: "sqlite", path: file };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    throw new ConfigError(
      "DATABASE_URL",
      "must be postgres://…, sqlite:<file>, or a path to a SQLite file (other databases are not supported)",
    );
  }
  return { kind: "sqlite", path: raw };
}

function required(env: Env, name: string, why: string): string {
  const v = value(env, name);
  if (v === undefined) throw new ConfigError(name, `must be set ${why}`);
  return v;
}

function fileStore(env: Env, dataDir: string): FileStoreConfig {
  const kind = (value(env, "FILE_STORE") ?? "local").toLowerCase();
  if (kind === "local") return { kind: "local", dir: path.join(dataDir, "files") };
  if (kind !== "s3") throw new ConfigError("FILE_STORE", `must be local or s3 (got ${JSON.stringify(kind)})`);
  const why = "when FILE_STORE=s3";
  const region = value(env, "S3_REGION") ?? "us-east-1";
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(region)) {
    throw new ConfigError(
      "S3_REGION",
      `must be a region name such as us-east-1 (got ${JSON.stringify(region)})`,
    );
  }
  const bucket = required(env, "S3_BUCKET", why);
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      "S3_BUCKET",
      `must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens`,
    );
  }
  const endpoint = url(env, "S3_ENDPOINT", ["http", "https"]) ?? `https://s3.${region}.amazonaws.com`;
  const parsed = new URL(endpoint);
  if (parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new ConfigError("S3_ENDPOINT", "must not carry a query, a fragment or credentials");
  }
  const pathStyle = (value(env, "S3_FORCE_PATH_STYLE") ?? "false").toLowerCase();
  if (!["true", "false", "1", "0"].includes(pathStyle)) {
    throw new ConfigError("S3_FORCE_PATH_STYLE", `must be true or false (got ${JSON.stringify(pathStyle)})`);
  }
  return {
    kind: "s3",
    endpoint: `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, ""),
    bucket,
    region,
    accessKeyId: required(env, "S3_ACCESS_KEY_ID", why),
    secretAccessKey: required(env, "S3_SECRET_ACCESS_KEY", why),
    forcePathStyle: pathStyle === "true" || pathStyle === "1",
  };
}

/** An http(s) URL without query, fragment or credentials; plain http only for this machine (tests, development). */
function providerUrl(env: Env, name: string, fallback?: string): string | undefined {
  const raw = value(env, name) ?? fallback;
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute https:// URL (got ${JSON.stringify(raw)})`);
  }
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(parsed.hostname);
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && local)) {
    throw new ConfigError(name, "must start with https:// (http:// only for localhost)");
  }
  if (parsed.search || parsed.hash || parsed.username || parsed.password) {
    throw new ConfigError(name, "must not carry a query, a fragment or credentials");
  }
  return raw.replace(/\/+$/, "");
}

/** Both variables of a pair or neither: half a provider is a mistake worth naming. */
function pair(env: Env, id: string, secret: string): [string, string] | undefined {
  const a = value(env, id);
  const b = value(env, secret);
  if (a === undefined && b === undefined) return undefined;
  if (a === undefined) throw new ConfigError(id, `must be set when ${secret} is`);
  if (b === undefined) throw new ConfigError(secret, `must be set when ${id} is`);
  return [a, b];
}

function signInProviders(env: Env): SignInProvidersConfig {
  const gh = pair(env, "GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET");
  const github: GitHubConfig | undefined = gh && {
    clientId: gh[0],
    clientSecret: gh[1],
    webUrl: providerUrl(env, "GITHUB_URL", "https://github.com")!,
    apiUrl: providerUrl(env, "GITHUB_API_URL", "https://api.github.com")!,
  };
  const issuer = providerUrl(env, "OIDC_ISSUER");
  const client = pair(env, "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET");
  if (issuer && !client) throw new ConfigError("OIDC_CLIENT_ID", "must be set when OIDC_ISSUER is");
  if (client && !issuer) throw new ConfigError("OIDC_ISSUER", "must be set when OIDC_CLIENT_ID is");
  const name = value(env, "OIDC_NAME") ?? "OpenID Connect";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (name.length > 40 || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new ConfigError("OIDC_NAME", "must be a plain name of at most 40 characters");
  }
  const oidc: OidcConfig | undefined =
    issuer && client ? { issuer, clientId: client[0], clientSecret: client[1], name } : undefined;
  return { github, oidc };
}

function mailFrom(env: Env, base: string): string {
  const raw = value(env, "MAIL_FROM");
  if (raw === undefined) return `Docket <no-reply@${new URL(base).hostname}>`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a header value must stay on one line
  if (!/@/.test(raw) || /[\u0000-\u001f\u007f]/.test(raw) || raw.length > 254) {
    throw new ConfigError("MAIL_FROM", `must be an email address such as Docket <no-reply@example.com>`);
  }
  return raw;
}

/** A 32-byte key written in base64 or base64url (44 or 43 characters). */
function secretKey(raw: string, name: string): Buffer {
  const key = /^[A-Za-z0-9+/_-]{43}=?$/.test(raw) ? Buffer.from(raw, "base64") : undefined;
  if (key?.length !== 32) {
    throw new ConfigError(
      name,
      `must be 32 random bytes in base64 (44 characters); generate one with: ${SECRET_KEY_COMMAND}`,
    );
  }
  return key;
}

function firstRun(env: Env, production: boolean): "open" | "closed" {
  const raw = value(env, "DOCKET_FIRST_RUN")?.toLowerCase();
  if (raw === undefined) return production ? "closed" : "open";
  if (raw !== "open" && raw !== "closed") {
    throw new ConfigError("DOCKET_FIRST_RUN", `must be open or closed (got ${JSON.stringify(raw)})`);
  }
  return raw;
}

function secretKeys(env: Env, production: boolean, database: DatabaseConfig): SecretKeysConfig {
  const raw = value(env, "DOCKET_SECRET_KEY");
  const previousRaw = value(env, "DOCKET_SECRET_KEY_PREVIOUS");
  if (raw === undefined && production) {
    const why = database.kind === "postgres" ? "DATABASE_URL is PostgreSQL" : "NODE_ENV is production";
    throw new ConfigError(
      "DOCKET_SECRET_KEY",
      `must be set in production mode (${why}): it encrypts the service's signing keys in the database, so a copy of the database alone cannot sign. Generate one with: ${SECRET_KEY_COMMAND}`,
    );
  }
  if (raw === undefined && previousRaw !== undefined) {
    throw new ConfigError("DOCKET_SECRET_KEY", "must be set when DOCKET_SECRET_KEY_PREVIOUS is");
  }
  const previous = (previousRaw ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => secretKey(k, "DOCKET_SECRET_KEY_PREVIOUS"));
  return { current: raw === undefined ? undefined : secretKey(raw, "DOCKET_SECRET_KEY"), previous };
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, "PORT", 3000, 0, 65535);
  const host = value(env, "HOST") ?? "0.0.0.0";
  if (!/^[A-Za-z0-9.:[\]-]+$/.test(host)) {
    throw new ConfigError("HOST", `must be a host name or IP address (got ${JSON.stringify(host)})`);
  }
  const dataDir = path.resolve(value(env, "DOCKET_DATA_DIR") ?? "data");
  const logLevel = (value(env, "LOG_LEVEL") ?? "info").toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(
      "LOG_LEVEL",
      `must be one of ${LOG_LEVELS.join(", ")} (got ${JSON.stringify(logLevel)})`,
    );
  }
  const base = baseUrl(env, port);
  const db = database(env, dataDir);
  const production = db.kind === "postgres" || value(env, "NODE_ENV") === "production";
  return {
    port,
    host,
    baseUrl: base,
    database: db,
    dataDir,
    logLevel: logLevel as LogLevel,
    smtpUrl: url(env, "SMTP_URL", ["smtp", "smtps"]),
    mailFrom: mailFrom(env, base),
    signIn: signInProviders(env),
    redisUrl: url(env, "REDIS_URL", ["redis", "rediss"]),
    restRateLimit: integer(env, "REST_RATE_LIMIT", 1200, 0, 1_000_000_000),
    idempotencyLeaseMs: integer(env, "IDEMPOTENCY_LEASE_SECONDS", 60, 1, 3600) * 1000,
    files: {
      maxBytes: integer(env, "FILE_MAX_BYTES", DEFAULT_FILE_MAX_BYTES, 1, FILE_MAX_BYTES_CEILING),
      store: fileStore(env, dataDir),
    },
    production,
    firstRun: firstRun(env, production),
    secretKeys: secretKeys(env, production, db),
    databaseTimeouts: {
      statementMs: integer(
        env,
        "DATABASE_STATEMENT_TIMEOUT_MS",
        DEFAULT_DATABASE_TIMEOUTS.statementMs,
        100,
        600_000,
      ),
      connectMs: integer(
        env,
        "DATABASE_CONNECT_TIMEOUT_MS",
        DEFAULT_DATABASE_TIMEOUTS.connectMs,
        100,
        60_000,
      ),
      startupWaitMs: integer(
        env,
        "DATABASE_STARTUP_WAIT_MS",
        DEFAULT_DATABASE_TIMEOUTS.startupWaitMs,
        0,
        86_400_000,
      ),
    },
    requestTimeoutMs: integer(env, "REQUEST_TIMEOUT_MS", DEFAULT_REQUEST_TIMEOUT_MS, 0, 3_600_000),
    webhookAllowPrivate: flag(env, "WEBHOOK_ALLOW_PRIVATE"),
    mcpAllowedOrigins: allowedOrigins(env, "MCP_ALLOWED_ORIGINS"),
    eventStreams: {
      perCredential: integer(
        env,
        "EVENT_STREAMS_PER_CREDENTIAL",
        DEFAULT_STREAM_LIMITS.perCredential,
        1,
        100_000,
      ),
      perPerson: integer(env, "EVENT_STREAMS_PER_PERSON", DEFAULT_STREAM_LIMITS.perPerson, 1, 100_000),
      perWorkspace: integer(
        env,
        "EVENT_STREAMS_PER_WORKSPACE",
        DEFAULT_STREAM_LIMITS.perWorkspace,
        1,
        1_000_000,
      ),
      maxLifetimeMs:
        integer(env, "EVENT_STREAM_MAX_SECONDS", DEFAULT_STREAM_LIMITS.maxLifetimeMs / 1000, 1, 86_400) *
        1000,
    },
    telemetry: telemetry(env),
    role: role(env, db),
  };
}

function flag(env: Record<string, string | undefined>, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "" || raw === "false" || raw === "0") return false;
  if (raw === "true" || raw === "1") return true;
  throw new ConfigError(name, `must be true or false (got ${JSON.stringify(env[name])})`);
}
