import { HOUR, MINUTE, SECOND } from "../../clock.ts";

/** The spec's numbers for the agent registration flow, in one place (spec: Limits). */
export const CLAIM_GRANT = "urn:docket:agent-auth:grant-type:claim";
export const JWT_BEARER_GRANT = "urn:ietf:params:oauth:grant-type:jwt-bearer";
export const REGISTRATION_TYPE = "service_auth";
export const ASSERTION_TYP = "oauth-id-jag+jwt";

export const CLAIM_TOKEN_PREFIX = "docket_claim_";
export const VIEW_TOKEN_PREFIX = "docket_view_";

export const REGISTRATION_LIFETIME_MS = 60 * MINUTE;
export const CODE_LIFETIME_MS = 10 * MINUTE;
export const CODES_PER_REGISTRATION = 5;
export const WRONG_TRIES_PER_CODE = 5;
export const INITIAL_INTERVAL_SECONDS = 5;
export const INTERVAL_STEP_SECONDS = 5;
export const INTERVAL_CEILING_SECONDS = 30;
export const REPEAT_REDEMPTION_WINDOW_MS = 30 * SECOND;
export const ASSERTION_LIFETIME_MS = 30 * 24 * HOUR;

export const REGISTRATIONS_PER_ADDRESS_PER_HOUR = 10;
export const REGISTRATIONS_PER_EMAIL_PER_HOUR = 5;
export const REGISTRATIONS_PER_HOUR = 300;
export const REGISTRATIONS_WAITING = 1000;
export const TOKEN_RESPONSES_PER_REGISTRATION_PER_HOUR = 60;

export const REGISTRATION_BODY_LIMIT_BYTES = 4 * 1024;
export const LOGIN_HINT_MAX = 254;
export const CLIENT_NAME_MAX = 100;
export const DEFAULT_AGENT_NAME = "Agent";

export const POST_CLAIM_SCOPES = ["workspace.read", "workspace.write"] as const;
