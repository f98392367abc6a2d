import type { Core } from "../../core.ts";
import type { SwitchState } from "../switches.ts";
import { SCOPES } from "../tokens.ts";
import { issuer } from "./assertions.ts";
import { CLAIM_GRANT, JWT_BEARER_GRANT, REGISTRATION_TYPE } from "./constants.ts";

/**
 * The discovery documents (spec: Discovery; RFC 8414 and RFC 9728). The authorization server metadata
 * is built from a base that this module owns (token, revocation and key endpoints, and the agent_auth
 * block while registration is on) and from contributions: functions that add their own fields (the
 * browser OAuth adds authorization_endpoint, registration_endpoint, code_challenge_methods_supported,
 * client_id_metadata_document_supported and so on while it is on).
 */

export type AuthorizationServerMetadata = Record<string, unknown> & {
  issuer: string;
  token_endpoint: string;
  revocation_endpoint: string;
  jwks_uri: string;
  scopes_supported: string[];
  grant_types_supported: string[];
  response_types_supported: string[];
};

/** Adds fields to the metadata given the switches; may also push to its arrays. */
export type MetadataContribution = (
  metadata: AuthorizationServerMetadata,
  context: { core: Core; switches: SwitchState },
) => void;

export function skillUrl(core: Core): string {
  return `${core.config.baseUrl}/api/agent-auth/skill.md`;
}

export function authorizationServerMetadata(
  core: Core,
  switches: SwitchState,
  contributions: readonly MetadataContribution[] = [],
): AuthorizationServerMetadata {
  const base = core.config.baseUrl;
  const grants: string[] = [];
  // The browser sign-in's grants, named while it is on (its endpoints come from its contribution).
  if (switches.browser_oauth) grants.push("authorization_code", "refresh_token");
  const metadata: AuthorizationServerMetadata = {
    issuer: issuer(core),
    token_endpoint: `${base}/api/auth/oauth2/token`,
    revocation_endpoint: `${base}/api/auth/oauth2/revoke`,
    jwks_uri: `${base}/api/auth/jwks`,
    scopes_supported: [...SCOPES],
    grant_types_supported: grants,
    response_types_supported: [],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    service_documentation: `${base}/docs`,
  };
  if (switches.agent_registration) {
    grants.push(CLAIM_GRANT, JWT_BEARER_GRANT);
    metadata.agent_auth = {
      skill: skillUrl(core),
      identity_endpoint: `${base}/api/agent-auth/identity`,
      claim_endpoint: `${base}/api/agent-auth/identity/claim`,
      identity_types_supported: [REGISTRATION_TYPE],
    };
  }
  for (const contribute of contributions) contribute(metadata, { core, switches });
  return metadata;
}

/** RFC 9728 metadata of the MCP endpoint. */
export function protectedResourceMetadata(core: Core): Record<string, unknown> {
  const base = core.config.baseUrl;
  return {
    resource: `${base}/api/mcp`,
    authorization_servers: [issuer(core)],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: "Docket",
    resource_documentation: `${base}/docs`,
  };
}
