/**
 * Agents for the token endpoint's scenarios: connections approved in the bench workspace, each redeemed
 * with an identity assertion (renewals), and pending registrations (polls). Many of each, so that the
 * spec's 60 token responses per registration an hour do not cut a run short: renewals pick an
 * assertion at random.
 */
import { signAssertion } from "../src/auth/agent/assertions.ts";
import { generateClaimToken } from "../src/auth/agent/registration.ts";
import { createConnection } from "../src/auth/connections.ts";
import { HOUR } from "../src/clock.ts";
import type { Core } from "../src/core.ts";
import { hashSecret, newId } from "../src/secrets.ts";

export interface AgentFixture {
  /** Identity assertions of redeemed agent connections. */
  assertions: string[];
  /** Claim tokens of registrations waiting for approval. */
  claimTokens: string[];
}

export async function seedAgents(core: Core, connections = 3000, pending = 200): Promise<AgentFixture> {
  const ws = await core.db
    .selectFrom("workspaces")
    .select(["id", "owner_id"])
    .orderBy("created_at")
    .executeTakeFirstOrThrow();
  const assertions: string[] = [];
  for (let i = 0; i < connections; i++) {
    const connection = await createConnection(core, {
      kind: "agent",
      workspaceId: ws.id,
      personId: ws.owner_id,
      name: `Bench agent ${i + 1}`,
      scopes: ["workspace.read", "workspace.write"],
    });
    const signed = await signAssertion(core, connection);
    await core.db
      .updateTable("connections")
      .set({ assertion_jti: signed.jti, assertion_expires_at: signed.expiresAt.toISOString() })
      .where("id", "=", connection.id)
      .execute();
    assertions.push(signed.assertion);
  }
  const claimTokens: string[] = [];
  const now = core.clock.now();
  for (let i = 0; i < pending; i++) {
    const claimToken = generateClaimToken();
    const id = newId("reg", now);
    await core.db
      .insertInto("agent_registrations")
      .values({
        id,
        claim_token_hash: hashSecret(claimToken),
        login_hint: `agent${i}@example.com`,
        client_name: null,
        status: "pending",
        ip: "127.0.0.1",
        interval_seconds: 5,
        last_polled_at: null,
        codes_issued: 1,
        person_id: null,
        workspace_id: null,
        scopes: null,
        connection_id: null,
        decided_at: null,
        redeemed_at: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + HOUR).toISOString(),
      })
      .execute();
    await core.db
      .insertInto("claim_attempts")
      .values({
        id: newId("cla", now),
        registration_id: id,
        code_hash: hashSecret(String(i).padStart(6, "0")),
        view_token_hash: hashSecret(`${claimToken}:view`),
        wrong_tries: 0,
        expires_at: new Date(now.getTime() + HOUR).toISOString(),
        superseded_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    claimTokens.push(claimToken);
  }
  return { assertions, claimTokens };
}
