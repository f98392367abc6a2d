import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import { docket, type Outcome, type Service, startService } from "./support.ts";

let service: Service;
let config: string;
const run = (args: string[], input?: string) =>
  docket(args, { env: { DOCKET_CONFIG: config }, ...(input ? { input } : {}) });

function expectCode(r: Outcome, code: number): void {
  assert.equal(r.code, code, `exit ${r.code}, expected ${code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
}

before(async () => {
  service = await startService();
  config = path.join(service.dir, "home", "docket", "config.json");
  expectCode(await run(["login", "--url", service.url], `${service.token}\n`), 0);
});
after(() => service?.stop());

test("docket labels create, list, update (a rename merges), delete", async () => {
  const made = await run([
    "labels",
    "create",
    "needs design",
    "--color",
    "#BB87FC",
    "--description",
    "Waiting",
  ]);
  expectCode(made, 0);
  assert.match(made.stdout, /Label:\s+needs design/);
  assert.match(made.stdout, /#bb87fc/);
  expectCode(await run(["issues", "create", "--title", "Draw it", "--label", "needs design"]), 0);
  expectCode(await run(["labels", "create", "design"]), 0);
  const list = await run(["labels", "list"]);
  expectCode(list, 0);
  assert.match(list.stdout, /needs design\s+#bb87fc\s+1\s+Waiting/);
  assert.match(list.stdout, /^design\s+#[0-9a-f]{6}\s+0/m);
  // by name, any case: a rename to another label's name merges into it
  const merged = await run(["labels", "update", "NEEDS DESIGN", "--name", "Design"]);
  expectCode(merged, 0);
  assert.match(merged.stdout, /Merged into design/);
  assert.match(merged.stdout, /Issues:\s+1/);
  const bad = await run(["labels", "update", "design", "--color", "purple"]);
  expectCode(bad, 1);
  assert.match(bad.stderr, /color: must be a colour as #rrggbb/);
  const gone = await run(["labels", "delete", "design"]);
  expectCode(gone, 0);
  assert.match(gone.stdout, /Deleted design; taken off 1 issue\./);
  const none = await run(["labels", "delete", "design"]);
  assert.notEqual(none.code, 0);
  assert.match(none.stderr, /no label named "design"/);
});

test("docket issues delete and restore, docket trash list", async () => {
  const made = JSON.parse((await run(["issues", "create", "--title", "Throwaway", "--json"])).stdout);
  const del = await run(["issues", "delete", made.identifier]);
  expectCode(del, 0);
  assert.match(
    del.stdout,
    new RegExp(
      `Moved ${made.identifier} to the trash; purged \\d{4}-\\d{2}-\\d{2}\\. Undo: docket issues restore ${made.identifier}`,
    ),
  );
  const shown = await run(["issues", "show", made.identifier]);
  assert.notEqual(shown.code, 0);
  assert.match(shown.stderr, /is in the trash/);
  const trash = await run(["trash", "list"]);
  expectCode(trash, 0);
  assert.match(trash.stdout, new RegExp(`issue\\s+${made.identifier}\\s+Throwaway`));
  const back = await run(["issues", "restore", made.identifier]);
  expectCode(back, 0);
  assert.match(back.stdout, new RegExp(`Restored ${made.identifier} Throwaway\\.`));
  expectCode(await run(["issues", "show", made.identifier]), 0);
  const empty = JSON.parse((await run(["trash", "list", "--json"])).stdout);
  assert.deepEqual(empty.data, []);
});
