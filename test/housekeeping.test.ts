import assert from "node:assert/strict";
import { test } from "node:test";
import { createConnection, issueAccessToken } from "../src/auth/connections.ts";
import { DAY, HOUR } from "../src/clock.ts";
import { sweepExpired } from "../src/housekeeping.ts";
import { newId } from "../src/secrets.ts";
import { seed, setup } from "./support.ts";

test("housekeeping deletes what has run out, and keeps what is live or still named", async (t) => {
  const { core, clock } = await setup(t);
  const s = await seed(core);
  const connection = await createConnection(core, {
    kind: "agent",
    workspaceId: s.workspaceId,
    personId: s.personId,
    name: "helper",
    scopes: ["workspace.read"],
  });
  await issueAccessToken(core, connection);
  const registration = (status: "pending" | "redeemed" | "denied", id = newId("reg", clock.now())) => ({
    id,
    claim_token_hash: `${id}-hash`,
    login_hint: "ada@example.com",
    client_name: null,
    status,
    ip: null,
    interval_seconds: 5,
    last_polled_at: null,
    codes_issued: 1,
    person_id: null,
    workspace_id: null,
    scopes: null,
    connection_id: status === "redeemed" ? connection.id : null,
    decided_at: null,
    redeemed_at: null,
    created_at: clock.now().toISOString(),
    expires_at: new Date(clock.now().getTime() + HOUR).toISOString(),
  });
  await core.db
    .insertInto("agent_registrations")
    .values([registration("pending"), registration("denied"), registration("redeemed")])
    .execute();
  await core.db
    .insertInto("idempotency_keys")
    .values({
      token_id: "pat_x",
      key: "k1",
      fingerprint: "f",
      status: 201,
      body: "{}",
      content_type: "application/json",
      created_at: clock.now().toISOString(),
    })
    .execute();

  const nothing = await sweepExpired(core);
  assert.deepEqual(nothing, {
    access_tokens: 0,
    agent_registrations: 0,
    sign_in_codes: 0,
    web_sessions: 0,
    idempotency_keys: 0,
    expired_claims: 0,
    events: 0,
  });

  // A day after the token's hour and a week after the registrations' hour.
  clock.advance(HOUR + 7 * DAY + 1000);
  const fresh = await issueAccessToken(core, connection);
  const swept = await sweepExpired(core);
  assert.equal(swept.access_tokens, 1);
  assert.equal(
    swept.agent_registrations,
    2,
    "pending and denied go; the redeemed one is named by its connection",
  );
  assert.equal(swept.idempotency_keys, 1);
  const left = await core.db.selectFrom("agent_registrations").select("status").execute();
  assert.deepEqual(left, [{ status: "redeemed" }]);
  const tokens = await core.db.selectFrom("access_tokens").select("expires_at").execute();
  assert.deepEqual(tokens.length, 1, "the live token stays");
  assert.ok(fresh.access_token.startsWith("docket_at_"));
});
