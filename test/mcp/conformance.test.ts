import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { runSuite, SCENARIOS, startTarget } from "./conformance.ts";

interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "SKIPPED" | "INFO";
  errorMessage?: string;
  details?: { untestable?: boolean };
}

/**
 * Checks that cannot apply to Docket: the suite probes them through diagnostic tools (test_logging_tool,
 * test_missing_capability, …) or through prompts and resources, none of which Docket has.
 */
function cannotApply(scenario: string, check: Check): boolean {
  if (check.details?.untestable === true) return true;
  return scenario === "caching" && /^(prompts|resources)\//.test(check.errorMessage ?? "");
}

test("the MCP conformance suite's server scenarios that apply to Docket pass", async (t) => {
  const target = await startTarget();
  const out = mkdtempSync(path.join(tmpdir(), "docket-conformance-out-"));
  t.after(async () => {
    await target.close();
    rmSync(out, { recursive: true, force: true });
  });
  for (const scenario of SCENARIOS) {
    await target.fresh();
    const dir = path.join(out, scenario);
    const { output } = await runSuite(target.url, ["--scenario", scenario, "-o", dir]);
    const [run] = readdirSync(dir);
    assert.ok(run, `${scenario}: no results\n${output}`);
    const checks = JSON.parse(readFileSync(path.join(dir, run, "checks.json"), "utf8")) as Check[];
    assert.ok(
      checks.some((c) => c.status === "SUCCESS"),
      `${scenario}: nothing passed`,
    );
    const failed = checks.filter((c) => c.status === "FAILURE" && !cannotApply(scenario, c));
    assert.deepEqual(
      failed.map((c) => `${c.id}: ${c.errorMessage ?? ""}`),
      [],
      scenario,
    );
  }
});
