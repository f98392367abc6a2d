import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { loadConfig } from "../../src/config.ts";

// compose.yaml, compose.env.example and the Dockerfile, checked against the service they run: every
// variable set for Docket is one its configuration reads, every service or volume named exists.

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

interface Service {
  image?: string;
  build?: unknown;
  command?: string[] | string;
  entrypoint?: string[] | string;
  environment?: Record<string, string | number | boolean | null> | string[];
  env_file?: (string | { path: string; required?: boolean })[] | string;
  depends_on?: string[] | Record<string, { condition?: string }>;
  volumes?: (string | { type?: string; source?: string })[];
  volumes_from?: string[];
  links?: string[];
  extends?: { service: string };
  network_mode?: string;
  networks?: string[] | Record<string, unknown>;
  restart?: string;
  healthcheck?: { test?: unknown; disable?: boolean };
}
interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
  networks?: Record<string, unknown>;
}

const compose = parse(read("compose.yaml"), { merge: true }) as Compose;
const services = compose.services;

/** The environment variables src/config.ts reads: every name given to a helper after `env`, or read off it. */
function acceptedNames(): Set<string> {
  const source = read("src/config.ts");
  const names = new Set<string>();
  for (const call of source.matchAll(/\b\w+\(\s*env,\s*((?:"[A-Z][A-Z0-9_]*"\s*,?\s*)+)/g)) {
    for (const name of call[1]!.matchAll(/"([A-Z][A-Z0-9_]*)"/g)) names.add(name[1]!);
  }
  for (const read of source.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[\s*"([A-Z][A-Z0-9_]*)"\s*\])/g)) {
    names.add((read[1] ?? read[2])!);
  }
  return names;
}
const ACCEPTED = acceptedNames();

/** Docket's own services: those that run the image this repository builds. */
const docketServices = Object.entries(services).filter(
  ([, s]) => s.build !== undefined || /^docket(:|$)/.test(s.image ?? ""),
);

function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((line) => {
        const at = line.indexOf("=");
        return at < 0 ? [line, ""] : [line.slice(0, at), line.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? "" : String(v)]));
}

function envFilesOf(service: Service): string[] {
  const files = service.env_file === undefined ? [] : [service.env_file].flat();
  return files.map((f) => (typeof f === "string" ? f : f.path));
}

/** compose.env.example's variables, the commented-out ones too (`# SMTP_URL=…`). */
function exampleEnv(): Map<string, { value: string; commented: boolean }> {
  const out = new Map<string, { value: string; commented: boolean }>();
  for (const line of read("compose.env.example").split("\n")) {
    const m = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) out.set(m[2]!, { value: m[3]!, commented: m[1] !== undefined });
  }
  return out;
}

test("the configuration's accepted names are found in src/config.ts", () => {
  for (const name of [
    "PORT",
    "DATABASE_URL",
    "REDIS_URL",
    "S3_BUCKET",
    "OIDC_CLIENT_SECRET",
    "DOCKET_SECRET_KEY",
  ]) {
    assert.ok(ACCEPTED.has(name), `${name} is read by src/config.ts`);
  }
  assert.ok(ACCEPTED.size > 30, `found ${ACCEPTED.size} names`);
});

test("compose.yaml runs Docket as a one-shot migration, web and worker, on the image this repository builds", () => {
  const names = docketServices.map(([name]) => name).sort();
  assert.deepEqual(names, ["migrate", "web", "worker"]);
  assert.deepEqual(services.migrate!.command, ["admin", "migrate"]);
  assert.equal(services.migrate!.restart, "no");
  assert.deepEqual(services.web!.command, ["serve", "--role", "web"]);
  assert.deepEqual(services.worker!.command, ["serve", "--role", "worker"]);
  for (const role of ["web", "worker"]) {
    const deps = services[role]!.depends_on as Record<string, { condition?: string }>;
    assert.equal(
      deps.migrate?.condition,
      "service_completed_successfully",
      `${role} waits for the migration`,
    );
  }
  for (const needed of ["postgres", "redis", "seaweedfs"]) assert.ok(services[needed], `a ${needed} service`);
  assert.doesNotMatch(services.seaweedfs!.image ?? "", /minio/i);
});

test("every variable compose.yaml sets for Docket is one its configuration accepts", () => {
  for (const [name, service] of docketServices) {
    for (const variable of Object.keys(environmentOf(service))) {
      assert.ok(ACCEPTED.has(variable), `${name} sets ${variable}, which src/config.ts does not read`);
    }
  }
});

test("compose.env.example holds only variables Docket or the other services read, and secrets only there", () => {
  const example = exampleEnv();
  const yamlText = read("compose.yaml");
  // the postgres image's own variables, and any the compose file passes on itself ($${NAME})
  const others = new Set(["POSTGRES_USER", "POSTGRES_PASSWORD", "POSTGRES_DB"]);
  for (const m of yamlText.matchAll(/\$\$\{([A-Z][A-Z0-9_]*)\}/g)) others.add(m[1]!);
  for (const name of example.keys()) {
    assert.ok(
      ACCEPTED.has(name) || others.has(name),
      `compose.env.example sets ${name}, which nothing reads`,
    );
  }
  for (const [name, service] of Object.entries(services)) {
    for (const file of envFilesOf(service)) assert.equal(file, "compose.env", `${name} reads ${file}`);
  }
  for (const [name] of docketServices) {
    assert.ok(envFilesOf(services[name]!).includes("compose.env"), `${name} reads compose.env`);
    for (const [variable, value] of Object.entries(environmentOf(services[name]!))) {
      assert.doesNotMatch(
        variable,
        /SECRET|PASSWORD|DATABASE_URL/,
        `${name} sets ${variable} in compose.yaml, not in the env file`,
      );
      assert.doesNotMatch(value, /:\/\/[^/]*:[^/]*@/, `${name}'s ${variable} carries a password`);
    }
  }
  // the env file with real secrets is never committed nor sent to a build
  assert.match(read(".gitignore"), /^compose\.env$/m);
  assert.match(read(".dockerignore"), /^compose\.env$/m);
});

test("Docket's configuration loads from what compose.yaml and the example env file give it", () => {
  const example = exampleEnv();
  const fromFile = Object.fromEntries(
    [...example].filter(([, v]) => !v.commented).map(([name, v]) => [name, v.value]),
  );
  // what the example leaves to the operator: a real key
  fromFile.DOCKET_SECRET_KEY = randomBytes(32).toString("base64");
  for (const [name, service] of docketServices) {
    const env = { ...fromFile, ...environmentOf(service) };
    const config = loadConfig(env);
    assert.equal(config.database.kind, "postgres", name);
    assert.equal(config.files.store.kind, "s3", name);
    assert.equal(config.redisUrl, "redis://redis:6379", name);
    assert.equal(config.production, true, name);
  }
  // and the example as written is refused until its placeholder key is replaced
  assert.throws(
    () => loadConfig({ ...fromFile, DOCKET_SECRET_KEY: example.get("DOCKET_SECRET_KEY")!.value }),
    /DOCKET_SECRET_KEY/,
  );
});

test("every service and volume compose.yaml names exists", () => {
  const named = new Set(Object.keys(services));
  const volumes = new Set(Object.keys(compose.volumes ?? {}));
  const networks = new Set(["default", ...Object.keys(compose.networks ?? {})]);
  const usedVolumes = new Set<string>();
  for (const [name, s] of Object.entries(services)) {
    const deps = Array.isArray(s.depends_on) ? s.depends_on : Object.keys(s.depends_on ?? {});
    for (const dep of deps) assert.ok(named.has(dep), `${name} depends on ${dep}, which is no service`);
    for (const dep of s.volumes_from ?? [])
      assert.ok(named.has(dep.split(":")[0]!), `${name}: volumes_from ${dep}`);
    for (const link of s.links ?? []) assert.ok(named.has(link.split(":")[0]!), `${name}: link ${link}`);
    if (s.extends) assert.ok(named.has(s.extends.service), `${name} extends ${s.extends.service}`);
    if (s.network_mode?.startsWith("service:")) {
      assert.ok(named.has(s.network_mode.slice("service:".length)), `${name}: ${s.network_mode}`);
    }
    const nets = Array.isArray(s.networks) ? s.networks : Object.keys(s.networks ?? {});
    for (const net of nets) assert.ok(networks.has(net), `${name} joins ${net}, which is not declared`);
    for (const v of s.volumes ?? []) {
      const source = typeof v === "string" ? v.split(":")[0]! : (v.source ?? "");
      const isPath = /^[./~]/.test(source);
      if (typeof v !== "string" && v.type !== undefined && v.type !== "volume") continue;
      if (!isPath && source !== "") {
        assert.ok(volumes.has(source), `${name} mounts the volume ${source}, which is not declared`);
        usedVolumes.add(source);
      }
    }
  }
  for (const v of volumes)
    assert.ok(usedVolumes.has(v), `the volume ${v} is declared but no service mounts it`);
  // a service depended on with service_healthy has a health check
  for (const [name, s] of Object.entries(services)) {
    if (Array.isArray(s.depends_on)) continue;
    for (const [dep, { condition }] of Object.entries(s.depends_on ?? {})) {
      if (condition === "service_healthy") {
        assert.ok(
          services[dep]!.healthcheck?.test,
          `${name} waits for ${dep} to be healthy, which has no health check`,
        );
      }
    }
  }
});

test("the Dockerfile: base image an argument (node:24-slim), non-root, tini, /readyz health check, two malloc arenas", () => {
  const dockerfile = read("Dockerfile");
  assert.match(dockerfile, /^ARG BASE_IMAGE=node:24-slim$/m);
  assert.equal(
    [...dockerfile.matchAll(/^FROM \$\{BASE_IMAGE\} AS (\w+)$/gm)].length,
    2,
    "a build stage and a runtime stage",
  );
  const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
  assert.match(runtime, /^USER (?!root\b|0\b)\w+$/m);
  assert.match(runtime, /^HEALTHCHECK .*\/readyz/ms);
  assert.match(runtime, /MALLOC_ARENA_MAX=2/);
  assert.match(runtime, /^ENTRYPOINT \["tini", "--"/m);
  assert.match(dockerfile, /build-web\.ts/);
  assert.match(dockerfile, /build-server\.ts/);
});

test("the shell scripts compose.yaml runs parse, and pass $ on to the container (written $$)", () => {
  let scripts = 0;
  for (const [name, s] of Object.entries(services)) {
    for (const field of ["entrypoint", "command"] as const) {
      const argv = s[field];
      if (!Array.isArray(argv)) continue;
      const at = argv.findIndex((a, i) => a === "-c" && /(^|\/)(ba)?sh$/.test(argv[i - 1] ?? ""));
      if (at < 0) continue;
      const script = argv[at + 1]!;
      // a lone $ is compose's own interpolation, which would read the variable from compose's environment
      assert.doesNotMatch(script.replaceAll("$$", ""), /\$/, `${name}'s ${field} leaves a $ to compose`);
      const check = spawnSync("sh", ["-n", "-c", script.replaceAll("$$", "$")], { encoding: "utf8" });
      assert.equal(check.status, 0, `${name}'s ${field} does not parse: ${check.stderr}`);
      scripts++;
    }
  }
  assert.ok(scripts >= 2, "seaweedfs and s3-bucket start from scripts");
});
