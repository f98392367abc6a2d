import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { CANNOT_APPLY, runScenario, SCENARIOS, startTarget } from "./conformance.ts";

test("the MCP conformance suite's server scenarios that apply to Docket pass", async (t) => {
  const target = await startTarget();
  const out = mkdtempSync(path.join(tmpdir(), "docket-conformance-out-"));
  t.after(async () => {
    await target.close();
    rmSync(out, { recursive: true, force: true });
  });
  const ignored = new Set<string>();
  for (const scenario of SCENARIOS) {
    const r = await runScenario(target, scenario, path.join(out, scenario));
    assert.ok(r.checks.length > 0, `${scenario}: no results\n${r.output}`);
    assert.ok(
      r.checks.some((c) => c.status === "SUCCESS"),
      `${scenario}: nothing passed`,
    );
    assert.deepEqual(
      r.failed.map((c) => `${c.id}: ${c.errorMessage ?? ""}`),
      [],
      scenario,
    );
    for (const c of r.ignored) {
      ignored.add(`${scenario}/${c.id}`);
      // a check on the list fails only for the reason it is on the list: the suite could not test it
      // (its diagnostic tools) or it is about prompts, which Docket does not offer
      assert.ok(
        c.details?.untestable === true || /^prompts\//.test(c.errorMessage ?? ""),
        `${scenario}/${c.id} failed for another reason: ${c.errorMessage}`,
      );
    }
  }
  // the list holds nothing stale: every entry still fails as it says
  assert.deepEqual(
    [...ignored].sort(),
    CANNOT_APPLY.map((c) => `${c.scenario}/${c.check}`).sort(),
    "CANNOT_APPLY lists exactly the checks that fail and cannot apply",
  );
});
