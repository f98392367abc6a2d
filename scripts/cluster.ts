// `npm run cluster`: Docket as an operator runs it for a team, on this machine. Three web instances and
// one worker, each its own `docket serve` process configured by its environment, on one PostgreSQL and
// one Redis, behind HAProxy (Debian's `haproxy`) on a loopback port, health-checked on /readyz. Prints
// the address and waits for Ctrl-C. test/ops/cluster.test.ts starts the same cluster through
// startCluster and restarts and kills its processes while clients work.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/docket REDIS_URL=redis://127.0.0.1:6379 npm run cluster
//
// Without DATABASE_URL a fresh database is made on postgres://postgres@127.0.0.1:5432 and dropped at the end.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../src/config.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const DOCKET = path.join(ROOT, "bin", "docket.mjs");

export type Role = "all" | "web" | "worker";

/** Whether `docket serve` knows roles (DOCKET_ROLE); until it does every instance runs with role all. */
export function rolesSupported(): boolean {
  try {
    const config = loadConfig({
      DATABASE_URL: "postgres://x@127.0.0.1/x",
      DOCKET_ROLE: "web",
      DOCKET_SECRET_KEY: Buffer.alloc(32, 1).toString("base64"),
    }) as { role?: string };
    return config.role === "web";
  } catch {
    return false;
  }
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until GET `url` answers 200, for at most `ms`. */
export async function waitFor200(url: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${ms} ms`);
    await sleep(100);
  }
}

/** One `docket serve` process on a fixed loopback port; it can be stopped, killed and started again. */
export class Instance {
  readonly name: string;
  readonly port: number;
  readonly role: Role;
  readonly url: string;
  readonly #env: Record<string, string>;
  readonly #logFile: string;
  child: ChildProcess | undefined;
  #exited: Promise<number | null> | undefined;
  /** How many times it was started. */
  starts = 0;

  constructor(name: string, port: number, role: Role, env: Record<string, string>, logDir: string) {
    this.name = name;
    this.port = port;
    this.role = role;
    this.url = `http://127.0.0.1:${port}`;
    this.#env = env;
    this.#logFile = path.join(logDir, `${name}.log`);
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process and resolves once /readyz answers 200. */
  async start(): Promise<void> {
    const log = createWriteStream(this.#logFile, { flags: "a" });
    const env: Record<string, string> = { ...this.#env, PORT: String(this.port), HOST: "127.0.0.1" };
    if (this.role !== "all" && rolesSupported()) env.DOCKET_ROLE = this.role;
    const child = spawn(process.execPath, [DOCKET, "serve"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    this.child = child;
    this.starts++;
    this.#exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => resolve(signal ? null : code)),
    );
    const failed = this.#exited.then((code) => {
      throw new Error(`${this.name} exited (${code}) before it was ready; see ${this.#logFile}`);
    });
    await Promise.race([waitFor200(`${this.url}/readyz`, 90_000), failed]);
    failed.catch(() => {});
  }

  /** SIGTERM: the instance drains and exits; resolves with its exit code. */
  async stop(): Promise<number | null> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null)
      return this.child?.exitCode ?? null;
    this.child.kill("SIGTERM");
    return this.#exited!;
  }

  /** kill -9: no drain, no goodbye. */
  async kill(): Promise<void> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill("SIGKILL");
    await this.#exited;
  }
}

/** The HAProxy configuration the cluster uses (README "Running several instances"). */
export function haproxyConfig(
  port: number,
  webs: { name: string; port: number }[],
  statsPort?: number,
): string {
  return [
    "global",
    "  maxconn 4096",
    "",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 60s",
    "  # above the 15 s heartbeat of event streams",
    "  timeout server 60s",
    "  timeout http-keep-alive 10s",
    "  # a request that met a draining instance (503) or none at all is sent to another",
    "  retries 3",
    "  option redispatch 1",
    "  retry-on conn-failure empty-response 503",
    "  option http-buffer-request",
    "",
    "frontend docket",
    `  bind 127.0.0.1:${port}`,
    "  default_backend web",
    "",
    "backend web",
    "  balance leastconn",
    "  option httpchk GET /readyz",
    "  http-check expect status 200",
    "  # an instance told to stop answers /readyz 503 at once: it leaves within a second, and the",
    "  # requests it turns away meanwhile (503) are sent to another (retry-on above)",
    "  timeout check 3s",
    "  default-server check inter 500ms fall 2 rise 2",
    "  # which instance answered (the cluster test follows its streams by it)",
    "  http-response set-header Docket-Instance %s",
    ...webs.map((w) => `  server ${w.name} 127.0.0.1:${w.port}`),
    ...(statsPort === undefined
      ? []
      : [
          "",
          "frontend stats",
          `  bind 127.0.0.1:${statsPort}`,
          "  stats enable",
          "  stats uri /",
          "  stats refresh 5s",
        ]),
    "",
  ].join("\n");
}

export interface ClusterOptions {
  databaseUrl: string;
  redisUrl?: string;
  /** How many web instances (3). */
  webs?: number;
  /** Whether to start a worker (true). */
  worker?: boolean;
  /** The web instances' role: web (all when there is no worker to run the background work). */
  webRole?: Role;
  /** Where logs, the HAProxy configuration and the shared data folder go (a fresh temporary folder). */
  dir?: string;
  /** More environment for every instance. */
  env?: Record<string, string>;
}

export interface Cluster {
  /** HAProxy's address: what clients use. */
  url: string;
  webs: Instance[];
  worker: Instance | undefined;
  haproxy: ChildProcess;
  dir: string;
  close(): Promise<void>;
}

/** Starts the instances (the first one alone, so it migrates the database), then HAProxy in front of the web ones. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const haproxyBin = spawnSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).stdout.trim();
  if (!haproxyBin) throw new Error("haproxy is not installed (apt-get install haproxy)");
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), "docket-cluster-"));
  mkdirSync(path.join(dir, "data"), { recursive: true });
  const proxyPort = await freePort();
  const baseUrl = `http://127.0.0.1:${proxyPort}`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? dir,
    DATABASE_URL: options.databaseUrl,
    BASE_URL: baseUrl,
    DOCKET_DATA_DIR: path.join(dir, "data"),
    DOCKET_SECRET_KEY: process.env.DOCKET_SECRET_KEY ?? Buffer.alloc(32, 7).toString("base64"),
    LOG_LEVEL: "warn",
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.env,
  };
  const webs: Instance[] = [];
  for (let i = 1; i <= (options.webs ?? 3); i++)
    webs.push(
      new Instance(
        `web${i}`,
        await freePort(),
        options.webRole ?? (options.worker === false ? "all" : "web"),
        env,
        dir,
      ),
    );
  const worker =
    options.worker === false ? undefined : new Instance("worker", await freePort(), "worker", env, dir);
  const all = [...webs, ...(worker ? [worker] : [])];
  await all[0]!.start();
  await Promise.all(all.slice(1).map((i) => i.start()));
  const configFile = path.join(dir, "haproxy.cfg");
  writeFileSync(configFile, haproxyConfig(proxyPort, webs));
  const haproxyLog = createWriteStream(path.join(dir, "haproxy.log"));
  const haproxy = spawn(haproxyBin, ["-db", "-f", configFile], { stdio: ["ignore", "pipe", "pipe"] });
  haproxy.stdout!.pipe(haproxyLog);
  haproxy.stderr!.pipe(haproxyLog);
  await waitFor200(`${baseUrl}/readyz`, 10_000);
  return {
    url: baseUrl,
    webs,
    worker,
    haproxy,
    dir,
    async close() {
      haproxy.kill("SIGTERM");
      await Promise.all(all.map((i) => i.stop()));
    },
  };
}

async function createDatabase(server: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const pg = (await import("pg")).default;
  const name = `docket_cluster_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

if (import.meta.main) {
  const made = process.env.DATABASE_URL
    ? undefined
    : await createDatabase("postgres://postgres@127.0.0.1:5432/postgres");
  const cluster = await startCluster({
    databaseUrl: process.env.DATABASE_URL ?? made!.url,
    redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    env: process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {},
  });
  const roles = rolesSupported() ? "web" : "all (this version has no roles)";
  process.stdout.write(
    [
      `Docket is serving ${cluster.url} (HAProxy)`,
      ...cluster.webs.map((w) => `  ${w.name}: ${w.url} (role ${roles}, pid ${w.pid})`),
      ...(cluster.worker
        ? [
            `  worker: ${cluster.worker.url} (role ${rolesSupported() ? "worker" : "all"}, pid ${cluster.worker.pid})`,
          ]
        : []),
      `Logs and the HAProxy configuration: ${cluster.dir}`,
      "Ctrl-C stops everything.",
      "",
    ].join("\n"),
  );
  const stop = async () => {
    await cluster.close();
    await made?.drop();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
