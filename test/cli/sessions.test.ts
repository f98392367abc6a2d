import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { docket, type Outcome, type Service, startService } from "./support.ts";

let service: Service;
let config: string;
let agentToken: string;
const run = (args: string[], input?: string) =>
  docket(args, { env: { DOCKET_CONFIG: config }, ...(input !== undefined ? { input } : {}) });

function expectCode(r: Outcome, code: number): void {
  assert.equal(r.code, code, `exit ${r.code}, expected ${code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
}

/** A REST call with a token; answers the JSON, failing the test on anything but 200 or 201. */
async function call(token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${service.url}/v1${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  assert.ok(res.status === 200 || res.status === 201, `${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** A new issue in ENG, as Ada. */
const issue = async (title: string) =>
  (await call(service.token, "POST", "/issues", { space: "ENG", title })).identifier as string;

const activity = (id: string, kind: string, body: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind,
  body,
  ...extra,
});

before(async () => {
  service = await startService();
  config = path.join(service.dir, "home", "docket", "config.json");
  expectCode(
    await docket(["login", "--url", service.url], {
      env: { DOCKET_CONFIG: config },
      input: `${service.token}\n`,
    }),
    0,
  );
  const core = await service.core();
  const ws = await core.db
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
    workspaceId: ws.id,
    personId: ada.id,
    name: "Builder",
    scopes: ["workspace.read", "workspace.write"],
  });
  agentToken = (await issueAccessToken(core, connection)).access_token;
});
after(() => service?.stop());

test("docket sessions list, show, prompt and watch follow an agent's run to its end", async () => {
  const identifier = await issue("Fix the login redirect");
  const started = await call(agentToken, "POST", "/sessions", { issue: identifier });
  const id = started.session.id as string;
  await call(agentToken, "PATCH", `/sessions/${id}`, {
    plan: [
      { content: "Reproduce", status: "done" },
      { content: "Fix the redirect", status: "in_progress" },
    ],
  });
  await call(agentToken, "POST", `/sessions/${id}/activities`, {
    activities: [
      activity("a1", "thought", "The cookie expires before the redirect"),
      activity("a2", "action", "", {
        action: { name: "run_tests", parameter: "auth", result: "2 failed" },
        usage: { input_tokens: 12_000, output_tokens: 800, cost_micros: 42_100, model: "m-1" },
      }),
      activity("a3", "elicitation", "Which database should I test against?", {
        options: ["staging", "local"],
      }),
    ],
  });

  const list = await run(["sessions", "list", "--live"]);
  expectCode(list, 0);
  assert.match(list.stdout, /^ID\s+ISSUE\s+AGENT\s+STATUS\s+LAST ACTIVITY\s+TOKENS\s+COST/);
  assert.match(
    list.stdout,
    new RegExp(
      `^${id}\\s+${identifier}\\s+Builder\\s+awaiting_input\\s+just now\\s+12\\.8k\\s+0\\.0421$`,
      "m",
    ),
  );
  const json = JSON.parse((await run(["sessions", "list", "--issue", identifier, "--json"])).stdout);
  assert.deepEqual(
    json.data.map((s: { id: string }) => s.id),
    [id],
  );

  const show = await run(["sessions", "show", id]);
  expectCode(show, 0);
  assert.match(show.stdout, /Status\s+awaiting_input/);
  assert.match(show.stdout, /Agent\s+Builder \(con_[0-9A-Z]{26}\), for Ada Lovelace/);
  assert.match(show.stdout, /\[x\] Reproduce\n\s+\[~\] Fix the redirect/);
  assert.match(show.stdout, /action\s+run_tests\(auth\) → 2 failed/);
  assert.match(show.stdout, /asks\s+Which database should I test against\?\n\s+options: staging \| local/);
  assert.match(show.stdout, /cost 0\.0421/);

  // watch from another process: the person's answer and the agent's last words arrive, then it ends
  const watching = run(["sessions", "watch", id]);
  await new Promise((r) => setTimeout(r, 1500));
  const prompt = await run(["sessions", "prompt", id, "Use", "staging"]);
  expectCode(prompt, 0);
  assert.match(prompt.stdout, /Sent to Builder on .* now active/);
  await call(agentToken, "POST", `/sessions/${id}/activities`, {
    activities: [activity("a4", "response", "Fixed: the cookie is renewed before the redirect")],
  });
  await call(agentToken, "PATCH", `/sessions/${id}`, { status: "complete" });
  const watched = await watching;
  expectCode(watched, 0);
  assert.match(watched.stdout, /asks\s+Which database/);
  assert.match(watched.stdout, /prompt\s+Ada Lovelace : Use staging/);
  assert.match(watched.stdout, /response\s+Fixed: the cookie is renewed/);
  assert.match(watched.stdout, /Run complete; cost 0\.0421\.$/m);
  // each activity once, though several events came
  assert.equal(watched.stdout.match(/Use staging/g)?.length, 1);
});

test("docket sessions stop: the run is stopping and its agent's next write is refused", async () => {
  const identifier = await issue("Rename the config keys");
  const started = await call(agentToken, "POST", "/sessions", { issue: identifier });
  const id = started.session.id as string;
  const stop = await run(["sessions", "stop", id]);
  expectCode(stop, 0);
  assert.match(stop.stdout, new RegExp(`Stopping ${id} on ${identifier}: Builder's writes are refused`));
  const res = await fetch(`${service.url}/v1/issues/${identifier}`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${agentToken}`, "content-type": "application/json" },
    body: JSON.stringify({ title: "Renamed" }),
  });
  assert.equal(res.status, 409);
  assert.equal(((await res.json()) as { error: string }).error, "session_stopped");
  const json = JSON.parse((await run(["sessions", "show", id, "--json"])).stdout);
  assert.equal(json.status, "stopping");
  assert.equal(json.status_reason, "stop_requested");
});

test("docket sessions: a bad id, an empty message and another workspace's run are refused clearly", async () => {
  const bad = await run(["sessions", "show", "ENG-1"]);
  expectCode(bad, 2);
  assert.match(bad.stderr, /"ENG-1" is not a run's id \(ses_…\)/);
  const empty = await run(["sessions", "prompt", "ses_01JD4Q5M0V6S8Y2T7K3N9W1XBC"]);
  expectCode(empty, 2);
  assert.match(empty.stderr, /the message is empty/);
  const missing = await run(["sessions", "show", "ses_01JD4Q5M0V6S8Y2T7K3N9W1XBC"]);
  expectCode(missing, 4);
});
