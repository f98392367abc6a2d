import { describe, expect, it } from "vitest";
import { branchName } from "./branch.ts";

describe("branchName", () => {
  it("is the identifier and the title's words, lower case, joined by hyphens", () => {
    expect(branchName("ENG-42", "Fix login redirect")).toBe("eng-42-fix-login-redirect");
  });
  it("drops accents and punctuation, and never ends with a hyphen", () => {
    expect(branchName("ENG-7", "Café: «naïve» résumé — v2!")).toBe("eng-7-cafe-naive-resume-v2");
  });
  it("is the identifier alone when the title has no letters or digits", () => {
    expect(branchName("OPS-1", "🚀 !!")).toBe("ops-1");
  });
  it("cuts a long title at a word's end, at most 60 characters", () => {
    const name = branchName(
      "ENG-1",
      "a very long title that keeps going well past what a branch name should carry",
    );
    expect(name.length).toBeLessThanOrEqual(60);
    expect(name).toBe("eng-1-a-very-long-title-that-keeps-going-well-past-what-a");
  });
  it("cuts a single long word at the limit", () => {
    expect(branchName("ENG-1", "x".repeat(100))).toBe(`eng-1-${"x".repeat(54)}`);
  });
});
