import { DocketError } from "../../errors.ts";
import { renewAccessToken } from "./agent.ts";
import { ApiClient, type TokenSource } from "./api.ts";
import { type AgentCredentials, normalizeUrl, type Profile, readConfig, updateConfig } from "./config.ts";

/** An access token this close to its end is renewed before use rather than sent. */
const RENEW_MARGIN_MS = 30_000;

/**
 * From a profile's credentials to bearer tokens. A personal access token is sent as it is and cannot be
 * renewed. An agent connection sends its access token while it lasts, and renews it with the identity
 * assertion when it has run out or the service refuses it; the new token is written back to the profile
 * (`save`) so the next command uses it.
 */
export function tokenSource(profile: Profile, save: (credentials: AgentCredentials) => void): TokenSource {
  const credentials = profile.credentials;
  switch (credentials.type) {
    case "pat":
      return { token: async () => credentials.token, renew: async () => undefined };
    case "agent": {
      let current = credentials;
      const renew = async () => {
        const fresh = await renewAccessToken(profile.url, current.identity_assertion);
        current = {
          ...current,
          access_token: fresh.access_token,
          access_token_expires_at: new Date(Date.now() + fresh.expires_in * 1000).toISOString(),
          scope: fresh.scope ?? current.scope,
        };
        save(current);
        return current.access_token;
      };
      return {
        token: async () =>
          Date.parse(current.access_token_expires_at) - RENEW_MARGIN_MS > Date.now()
            ? current.access_token
            : renew(),
        renew,
      };
    }
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
  const save = (credentials: AgentCredentials) =>
    updateConfig(configFile, (config) => {
      const stored = config.profiles[name];
      // Only if the profile still holds this connection: a login meanwhile wins.
      if (
        stored?.credentials.type === "agent" &&
        stored.credentials.identity_assertion === credentials.identity_assertion
      )
        stored.credentials = credentials;
    });
  return new ApiClient(profile.url, tokenSource(profile, save));
}
