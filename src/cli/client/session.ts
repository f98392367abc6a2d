import { DocketError } from "../../errors.ts";
import { ApiClient, type TokenSource } from "./api.ts";
import { type Credentials, normalizeUrl, type Profile, readConfig } from "./config.ts";

/**
 * From a profile's credentials to bearer tokens. A personal access token is sent as it is and cannot be
 * renewed; other kinds of credentials plug in here with their own way to renew.
 */
export function tokenSource(credentials: Credentials): TokenSource {
  switch (credentials.type) {
    case "pat":
      return { token: async () => credentials.token, renew: async () => undefined };
  }
}

export const notSignedIn = (profile: string) =>
  new DocketError(
    401,
    "not_signed_in",
    `Not signed in (profile "${profile}"); run docket login --url <base_url>${profile === "default" ? "" : ` --profile ${profile}`}`,
  );

/**
 * The profile a command runs as: `DOCKET_URL` and `DOCKET_TOKEN` together stand in for one (for CI,
 * without a configuration file); else the named profile from the file.
 */
export function loadProfile(configFile: string, name: string, env: NodeJS.ProcessEnv): Profile {
  const url = env.DOCKET_URL?.trim();
  const token = env.DOCKET_TOKEN?.trim();
  if (url && token) return { url: normalizeUrl(url), credentials: { type: "pat", token } };
  const profile = readConfig(configFile).profiles[name];
  if (!profile) throw notSignedIn(name);
  return profile;
}

export function clientFor(configFile: string, name: string, env: NodeJS.ProcessEnv): ApiClient {
  const profile = loadProfile(configFile, name, env);
  return new ApiClient(profile.url, tokenSource(profile.credentials));
}
