import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { test } from "node:test";
import { createLogger } from "../../src/http/logger.ts";

test("each log line carries its own fields only: a sign-in code logged once is in no later line", async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const l of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  const log = createLogger("info", sink);
  log.info({ sign_in_email: "ada@example.com", sign_in_code_for_delivery: "123456" }, "sign-in code");
  log.info({ req: { method: "GET", url: "/" } }, "incoming request");
  log.info("plain");
  await new Promise((r) => setImmediate(r));
  assert.equal(lines.length, 3);
  assert.equal(lines[0]!.sign_in_code_for_delivery, "123456");
  for (const line of lines.slice(1)) {
    assert.equal(line.sign_in_code_for_delivery, undefined, JSON.stringify(line));
    assert.equal(line.sign_in_email, undefined, JSON.stringify(line));
  }
  assert.equal(lines[2]!.req, undefined, "nor the request of the line before");
});
