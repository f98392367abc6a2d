import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { docket, type Outcome, type Service, startService } from "./support.ts";

let service: Service;
let config: string;
const run = (args: string[]) => docket(args, { env: { DOCKET_CONFIG: config } });

function expectCode(r: Outcome, code: number): void {
  assert.equal(r.code, code, `exit ${r.code}, expected ${code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
}

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
});
after(() => service?.stop());

const URL = "https://github.com/acme/app/issues";
const issue = (n: number, extra: Record<string, unknown> = {}) => ({
  number: n,
  title: `Issue ${n}`,
  body: "",
  state: "OPEN",
  stateReason: "",
  labels: [{ name: "bug" }],
  assignees: [],
  milestone: null,
  comments: [
    { id: `IC_${n}`, author: { login: "octocat" }, body: "Seen.", createdAt: "2024-01-02T00:00:00Z" },
  ],
  createdAt: "2024-01-01T00:00:00Z",
  closedAt: null,
  author: { login: "octocat", name: "The Octocat" },
  url: `${URL}/${n}`,
  ...extra,
});

test("docket import github FILE --space ENG: a dry run, the run, and a second run that changes nothing", async () => {
  const file = path.join(service.dir, "issues.json");
  writeFileSync(
    file,
    JSON.stringify([
      issue(1),
      issue(2, { state: "CLOSED", stateReason: "NOT_PLANNED", closedAt: "2024-02-01T00:00:00Z" }),
      "not an issue",
    ]),
  );
  const usage = await run(["import", "trello", file, "--space", "ENG"]);
  expectCode(usage, 2);
  assert.match(usage.stderr, /must be one of github, linear, jira, docket/);
  const noSpace = await run(["import", "github", file]);
  expectCode(noSpace, 2);

  const dry = await run(["import", "github", file, "--space", "ENG", "--dry-run"]);
  expectCode(dry, 0);
  assert.match(dry.stdout, /dry run: nothing written/);
  assert.match(dry.stdout, /^open\s+todo\s+1$/m);
  assert.match(dry.stdout, /^closed \(not planned\)\s+canceled\s+1$/m);
  assert.match(dry.stdout, /^octocat\s+placeholder\s+2\s+2$/m);
  assert.match(dry.stdout, /^3\s+skipped: Element 3 is not an issue object; skipped\.$/m);
  const none = await fetch(`${service.url}/v1/issues`, {
    headers: { authorization: `Bearer ${service.token}` },
  });
  const before = ((await none.json()) as { data: unknown[] }).data.length;

  const real = JSON.parse((await run(["import", "github", file, "--space", "ENG", "--json"])).stdout);
  assert.equal(real.status, "completed");
  assert.deepEqual(real.counts.issues, { created: 2, updated: 0, unchanged: 0, skipped: 1 });
  const after = await fetch(`${service.url}/v1/issues`, {
    headers: { authorization: `Bearer ${service.token}` },
  });
  assert.equal(((await after.json()) as { data: unknown[] }).data.length, before + 2);

  const again = await run(["import", "github", file, "--space", "ENG"]);
  expectCode(again, 0);
  assert.match(
    again.stdout,
    /Nothing changed: all 2 issues and 2 comments are as the last import left them\./,
  );

  const placeholders = await run(["placeholders", "list"]);
  expectCode(placeholders, 0);
  assert.match(placeholders.stdout, /The Octocat \(imported\)\s+github:octocat\s+2\s+2/);

  writeFileSync(file, "{ nope");
  const bad = await run(["import", "github", file, "--space", "ENG"]);
  expectCode(bad, 1);
  assert.match(bad.stderr, /failed: The JSON is malformed/);
});
