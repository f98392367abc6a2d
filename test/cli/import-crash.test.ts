import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { sql } from "kysely";
import { docket, type Outcome, type Service, startService } from "./support.ts";

/**
 * An import whose service is killed (SIGKILL) mid-way: the service started again takes the job up once
 * it has been silent for a minute and finishes it where it stopped; then a second run of the same file
 * changes nothing. Counted in the database: nothing doubled, nothing missing.
 */

const ISSUES = 2000;
let service: Service;
let config: string;
// an import of a few thousand issues on a busy machine takes longer than a command usually may
const run = (args: string[], input?: string) =>
  docket(args, { env: { DOCKET_CONFIG: config }, timeoutMs: 120_000, ...(input ? { input } : {}) });

function expectCode(r: Outcome, code: number): void {
  assert.equal(r.code, code, `exit ${r.code}, expected ${code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

before(async () => {
  service = await startService();
  config = path.join(service.dir, "home", "docket", "config.json");
  expectCode(await run(["login", "--url", service.url], `${service.token}\n`), 0);
});
after(() => service?.stop());

test("a service killed mid-import finishes the import after a restart; nothing doubled, nothing missing", {
  timeout: 240_000,
}, async () => {
  const url = "https://github.com/acme/app/issues";
  const issues = Array.from({ length: ISSUES }, (_, i) => {
    const n = i + 1;
    return {
      number: n,
      title: `Issue ${n}`,
      body: `Body of issue ${n}, long enough to be a description.`,
      state: n % 3 === 0 ? "CLOSED" : "OPEN",
      stateReason: n % 3 === 0 ? "COMPLETED" : "",
      labels: [{ name: n % 2 ? "bug" : "feature" }],
      assignees: [],
      milestone: null,
      comments: [
        {
          id: `IC_${n}`,
          author: { login: "octocat" },
          body: `Comment on ${n}`,
          createdAt: "2024-03-01T00:00:00Z",
        },
      ],
      createdAt: "2024-01-01T10:00:00Z",
      closedAt: n % 3 === 0 ? "2024-02-01T10:00:00Z" : null,
      author: { login: "octocat" },
      parent: null,
      subIssues: [],
      // every tenth issue is blocked by the one before it
      blockedBy: n % 10 === 0 ? [{ number: n - 1, url: `${url}/${n - 1}` }] : [],
      blocking: [],
      url: `${url}/${n}`,
    };
  });
  const file = path.join(service.dir, "issues.json");
  writeFileSync(file, JSON.stringify(issues));

  const core = await service.core();
  const count = async (table: "issues" | "comments" | "dependencies") =>
    Number(
      (
        await core.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // the import, through the CLI; the service is killed as soon as some issues are written
  const cli = run(["import", "github", file, "--space", "ENG"]);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if ((await count("issues")) > 0) break;
    assert.ok(Date.now() < deadline, "the import never began writing");
    await sleep(20);
  }
  await service.crash();
  const cut = await count("issues");
  assert.ok(cut > 0 && cut < ISSUES, `killed mid-way (${cut} of ${ISSUES} issues written)`);
  const cliOutcome = await cli;
  assert.notEqual(cliOutcome.code, 0, "the client saw its service go");

  // started again: the job, silent since the kill, is taken up again and finished
  await service.restart();
  const job = await core.db.selectFrom("imports").select(["id"]).executeTakeFirstOrThrow();
  const finish = Date.now() + 150_000;
  for (;;) {
    const row = await core.db
      .selectFrom("imports")
      .select(["status", "error"])
      .where("id", "=", job.id)
      .executeTakeFirstOrThrow();
    if (row.status === "completed") break;
    assert.notEqual(row.status, "failed", row.error ?? "");
    assert.ok(Date.now() < finish, `the import is still ${row.status}`);
    await sleep(500);
  }

  assert.equal(await count("issues"), ISSUES, "every issue, once");
  assert.equal(await count("comments"), ISSUES, "every comment, once");
  assert.equal(await count("dependencies"), ISSUES / 10, "every blocking edge, once");
  const numbers = await core.db
    .selectFrom("issues")
    .select([sql<number>`count(distinct source_url)`.as("urls"), sql<number>`max(number)`.as("top")])
    .executeTakeFirstOrThrow();
  assert.equal(Number(numbers.urls), ISSUES, "no source issue twice");
  assert.equal(Number(numbers.top), ISSUES, "numbers 1 to N, none spent twice");
  const keys = await core.db
    .selectFrom("import_keys")
    .select(["object_type", (eb) => eb.fn.countAll().as("n")])
    .where("object_type", "in", ["issue", "comment"])
    .groupBy("object_type")
    .orderBy("object_type")
    .execute();
  assert.deepEqual(
    keys.map((k) => [k.object_type, Number(k.n)]),
    [
      ["comment", ISSUES],
      ["issue", ISSUES],
    ],
    "one source key for each",
  );

  // the same file again: nothing changes, and it says so
  const again = await run(["import", "github", file, "--space", "ENG"]);
  expectCode(again, 0);
  assert.match(again.stdout, /Nothing changed/);
  assert.equal(await count("issues"), ISSUES);
});
