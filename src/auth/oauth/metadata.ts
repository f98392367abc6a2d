import type { Core } from "../../core.ts";

/**
 * The browser OAuth sign-in's part of the authorization server metadata (RFC 8414), added to the
 * document the token endpoint's owner serves while the `browser_oauth` switch is on: the authorization
 * and registration endpoints, PKCE with S256 only, public clients, client ID metadata documents, `iss`
 * in authorization responses (RFC 9207) and RFC 8707 resource indicators.
 */
export function browserOAuthMetadata(
  metadata: Record<string, unknown> & { grant_types_supported: string[]; response_types_supported: string[] },
  context: { core: Core; switches: { browser_oauth: boolean } },
): void {
  if (!context.switches.browser_oauth) return;
  const base = context.core.config.baseUrl;
  metadata.authorization_endpoint = `${base}/api/auth/oauth2/authorize`;
  metadata.registration_endpoint = `${base}/api/auth/oauth2/register`;
  for (const grant of ["authorization_code", "refresh_token"]) {
    if (!metadata.grant_types_supported.includes(grant)) metadata.grant_types_supported.push(grant);
  }
  if (!metadata.response_types_supported.includes("code")) metadata.response_types_supported.push("code");
  metadata.response_modes_supported = ["query"];
  metadata.code_challenge_methods_supported = ["S256"];
  metadata.token_endpoint_auth_methods_supported = ["none"];
  metadata.revocation_endpoint_auth_methods_supported = ["none"];
  metadata.client_id_metadata_document_supported = true;
  metadata.authorization_response_iss_parameter_supported = true;
  metadata.resource_indicators_supported = true;
}
