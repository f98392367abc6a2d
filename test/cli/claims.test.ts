import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { cleanEnv, docket, type Outcome, type Service, startService } from "./support.ts";

let service: Service;
/** Ada's agent connection, signed in through the environment with its access token. */
let agentEnv: Record<string, string>;
let adaEnv: Record<string, string>;
let agentId: string;

before(async () => {
  service = await startService();
  const core = await service.core();
  const acme = await core.db
    .selectFrom("workspaces")
    .select("id")
    .where("slug", "=", "acme")
    .executeTakeFirstOrThrow();
  const ada = await core.db
    .selectFrom("people")
    .select("id")
    .where("email", "=", "ada@example.com")
    .executeTakeFirstOrThrow();
  const connection = await createConnection(core, {
    kind: "agent",
    workspaceId: acme.id,
    personId: ada.id,
    name: "builder",
    scopes: ["workspace.read", "workspace.write"],
  });
  agentId = connection.id;
  const { access_token } = await issueAccessToken(core, connection);
  agentEnv = { DOCKET_URL: service.url, DOCKET_TOKEN: access_token };
  adaEnv = { DOCKET_URL: service.url, DOCKET_TOKEN: service.token };
});
after(() => service?.stop());

const run = (args: string[], env: Record<string, string>) =>
  docket(args, { env: { ...cleanEnv(), ...env } as never });

function expectCode(r: Outcome, code: number): void {
  assert.equal(r.code, code, `exit ${r.code}, expected ${code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
}

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
async function json(args: string[], env: Record<string, string>): Promise<any> {
  const r = await run([...args, "--json"], env);
  expectCode(r, 0);
  return JSON.parse(r.stdout);
}

test("docket claim, claims list, claim heartbeat and release against a real service", async () => {
  await json(["issues", "create", "--title", "Low one", "--status", "todo", "--priority", "low"], adaEnv);
  await json(
    ["issues", "create", "--title", "Urgent one", "--status", "todo", "--priority", "urgent"],
    adaEnv,
  );

  const next = await json(["claim"], agentEnv);
  assert.equal(next.issue.identifier, "ENG-2", "most urgent first");
  assert.equal(next.holder.id, agentId);
  assert.equal(next.fencing_token, 1);
  const named = await json(["claim", "ENG-1", "--ttl", "2h"], agentEnv);
  assert.equal(Date.parse(named.expires_at) - Date.parse(named.created_at), 2 * 3600 * 1000);

  const text = await run(["claims", "list"], agentEnv);
  expectCode(text, 0);
  assert.match(text.stdout, /ENG-2 .*builder \(for Ada Lovelace\)/);
  assert.equal((await json(["claims", "list", "--holder", "me"], agentEnv)).data.length, 2);
  const mine = await json(["issues", "list", "--assignee", "me"], agentEnv);
  assert.deepEqual(mine.data.map((i: { identifier: string }) => i.identifier).sort(), ["ENG-1", "ENG-2"]);
  const shown = await run(["issues", "show", "ENG-1"], adaEnv);
  expectCode(shown, 0);
  assert.match(shown.stdout, /Assignee: +builder \(for Ada Lovelace\)/);

  const taken = await run(["claim", "ENG-1"], adaEnv);
  expectCode(taken, 1);
  assert.match(taken.stderr, /already_claimed|is claimed by builder \(for Ada Lovelace\)/);

  const renewed = await json(["claim", "heartbeat", next.id, "--ttl", "90s"], agentEnv);
  assert.equal(Date.parse(renewed.expires_at) - Date.parse(renewed.heartbeat_at), 90_000);
  const released = await run(["claim", "release", next.id], agentEnv);
  expectCode(released, 0);
  assert.match(released.stdout, new RegExp(`Released ${next.id} on ENG-2`));
  assert.equal((await json(["issues", "show", "ENG-2"], adaEnv)).status, "todo");

  expectCode(await run(["claim", "--ttl", "5x"], agentEnv), 2);
  const short = await run(["claim", "--ttl", "30s"], agentEnv);
  expectCode(short, 2);
  assert.match(short.stderr, /--ttl: must be at least 60 seconds/);
  const none = await run(["claim", "--label", "nothing-has-this"], agentEnv);
  expectCode(none, 4);
  assert.match(none.stderr, /No startable issue/);

  // a person's work in progress and a blocked issue need --take-over and --force
  await json(
    ["issues", "create", "--title", "Ada's own", "--status", "in_progress", "--assignee", "me"],
    adaEnv,
  );
  const person = await run(["claim", "ENG-3"], agentEnv);
  expectCode(person, 1);
  assert.match(person.stderr, /assigned_to_person: ENG-3 is in progress with Ada Lovelace/);
  const took = await json(["claim", "ENG-3", "--take-over"], agentEnv);
  assert.equal(took.issue.identifier, "ENG-3");
  await json(["issues", "create", "--title", "Blocked", "--status", "todo", "--blocked-by", "ENG-1"], adaEnv);
  const blocked = await run(["claim", "ENG-4"], agentEnv);
  expectCode(blocked, 1);
  assert.match(blocked.stderr, /not_ready: ENG-4 is blocked by ENG-1/);
  assert.equal((await json(["claim", "ENG-4", "--force"], agentEnv)).issue.identifier, "ENG-4");
  // asking again for the next issue with the same filters answers the claim held
  const again = await run(["claim", "ENG-4"], agentEnv);
  expectCode(again, 0);
  assert.match(again.stdout, /already yours/);
});
