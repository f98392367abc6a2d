import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { UsageError } from "../output.ts";

/**
 * The client's configuration file: one profile per service and identity, each with the service's base
 * URL and its credentials. It holds secrets, so the file is 0600 and its folder 0700, and it is
 * replaced whole (write then rename) so a crash never leaves half a file.
 */

/** A personal access token, sent as it is. */
export interface PatCredentials {
  type: "pat";
  token: string;
}

/**
 * An agent connection (docket login --agent): the identity assertion, kept like a password, and the
 * short-lived access token last had for it, renewed silently when it runs out or is refused.
 */
export interface AgentCredentials {
  type: "agent";
  identity_assertion: string;
  /** ISO time the assertion stops renewing (30 days after redemption) */
  assertion_expires: string;
  access_token: string;
  /** ISO time the access token stops working */
  access_token_expires_at: string;
  /** the scopes the person approved, space-separated */
  scope: string;
  /** the person the registration named */
  email: string;
}

/** What a profile signs in with; each kind knows how to give a bearer token (see session.ts). */
export type Credentials = PatCredentials | AgentCredentials;

export interface WorkspaceInfo {
  id: string;
  name: string;
  slug: string;
}

export interface Profile {
  url: string;
  credentials: Credentials;
  workspace?: WorkspaceInfo;
  signed_in_at?: string;
}

export interface ConfigFile {
  profiles: Record<string, Profile>;
}

export const DEFAULT_PROFILE = "default";

/** `DOCKET_CONFIG`, else `$XDG_CONFIG_HOME/docket/config.json`, else `~/.config/docket/config.json`. */
export function configPath(env: NodeJS.ProcessEnv): string {
  if (env.DOCKET_CONFIG?.trim()) return path.resolve(env.DOCKET_CONFIG.trim());
  const base = env.XDG_CONFIG_HOME?.trim() || path.join(homedir(), ".config");
  return path.join(base, "docket", "config.json");
}

/** The profile a command uses: `--profile`, else `DOCKET_PROFILE`, else `default`. */
export function profileName(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const name = flag ?? (env.DOCKET_PROFILE?.trim() || DEFAULT_PROFILE);
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name))
    throw new UsageError(
      `a profile name is 1 to 64 letters, digits, dots, hyphens or underscores (got "${name}")`,
    );
  return name;
}

export function readConfig(file: string): ConfigFile {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { profiles: {} };
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`${file} is not valid JSON; fix it or remove it and sign in again`);
  }
  const profiles = (parsed as ConfigFile | null)?.profiles;
  if (!profiles || typeof profiles !== "object")
    throw new UsageError(`${file} holds no "profiles" object; fix it or remove it and sign in again`);
  return { profiles };
}

export function writeConfig(file: string, config: ConfigFile): void {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.tmp`);
  writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, file);
}

/** Reads, changes and writes the file back; the change sees the latest contents. */
export function updateConfig(file: string, change: (config: ConfigFile) => void): ConfigFile {
  const config = readConfig(file);
  change(config);
  writeConfig(file, config);
  return config;
}

/** A base URL as profiles keep it: http(s), no trailing slash, no query. */
export function normalizeUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UsageError(
      `--url must be the service's address, such as https://docket.example.com (got "${raw}")`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(`--url must start with http:// or https:// (got "${raw}")`);
  url.search = "";
  url.hash = "";
  return url.toString().replace(/\/+$/, "");
}

/** The last four characters of a secret, for showing which one is stored. */
export const hint = (secret: string) => `…${secret.slice(-4)}`;
