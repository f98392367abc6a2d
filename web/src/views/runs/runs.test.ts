import { describe, expect, it } from "vitest";
import { formatCost, formatTokens, reasonLabel, statusLabel, statusTone, totalTokens } from "./runs.ts";

describe("how a run is said", () => {
  it("formats cost from millionths: cents, and four places under a cent", () => {
    expect(formatCost(0)).toBe("$0.00");
    expect(formatCost(1_500_000)).toBe("$1.50");
    expect(formatCost(60_300)).toBe("$0.06");
    expect(formatCost(9_000)).toBe("$0.0090");
    expect(formatCost(1_234_567_890)).toBe("$1,234.57");
  });
  it("shortens token counts", () => {
    expect(formatTokens(950)).toBe("950");
    expect(formatTokens(6_030)).toBe("6.0k");
    expect(formatTokens(12_345)).toBe("12k");
    expect(formatTokens(4_500_000)).toBe("4.5M");
    expect(
      totalTokens({
        input_tokens: 1,
        output_tokens: 2,
        cache_read_tokens: 3,
        cache_write_tokens: 4,
        cost_micros: 99,
      }),
    ).toBe(10);
  });
  it("names statuses and reasons in words, an unknown reason as written", () => {
    expect(statusLabel("awaiting_input")).toBe("Awaiting input");
    expect(statusTone("error")).toBe("badge-danger");
    expect(statusTone("stale")).toBe("badge-warn");
    expect(reasonLabel("stop_requested")).toBe("a person stopped it");
    expect(reasonLabel("some_new_reason")).toBe("some new reason");
    expect(reasonLabel(null)).toBeNull();
  });
});
