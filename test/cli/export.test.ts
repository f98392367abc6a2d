import assert from "node:assert/strict";
import { createReadStream, existsSync, statSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { readTar } from "../../src/tracker/archive/tar.ts";
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

test("docket export -o writes the archive; --json says what it wrote", async () => {
  expectCode(await run(["issues", "create", "--title", "Take me along"]), 0);
  const file = path.join(service.dir, "acme.docket");
  const made = await run(["export", "-o", file]);
  expectCode(made, 0);
  assert.match(made.stdout, /Export:\s+exp_/);
  assert.match(made.stdout, /Spaces:\s+all/);
  assert.equal(statSync(file).size > 0, true);
  const names: string[] = [];
  const limits = { maxExpandedBytes: 1e9, maxRatio: 1e6, entryLimit: () => 1e9 };
  for await (const e of readTar(createReadStream(file), limits)) names.push(e.name);
  assert.equal(names[0], "manifest.json");
  assert.ok(names.includes("issues.jsonl"));

  const json = await run(["export", "--space", "ENG", "-o", path.join(service.dir, "eng.docket"), "--json"]);
  expectCode(json, 0);
  const answer = JSON.parse(json.stdout);
  assert.equal(answer.status, "succeeded");
  assert.deepEqual(answer.spaces, ["ENG"]);
  assert.equal(answer.path, path.join(service.dir, "eng.docket"));

  const listed = await run(["exports", "list"]);
  expectCode(listed, 0);
  assert.match(listed.stdout, new RegExp(`${answer.id}\\s+succeeded\\s+ENG`));
  assert.equal(listed.stdout.trim().split("\n").length, 3, "a header and both exports");

  const missing = await run(["export"]);
  expectCode(missing, 2);
  assert.match(missing.stderr, /--output <file> is required/);
  const unknown = await run(["export", "--space", "NOPE", "-o", path.join(service.dir, "nope.docket")]);
  expectCode(unknown, 1);
  assert.match(unknown.stderr, /no space NOPE/);
  assert.equal(existsSync(path.join(service.dir, "nope.docket")), false);
});
