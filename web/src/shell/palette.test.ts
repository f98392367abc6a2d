import { describe, expect, it } from "vitest";
import { typeAhead } from "./type-ahead.ts";

describe("type-ahead search", () => {
  it("matches words the last word begins, but keeps identifiers, phrases and explicit prefixes", () => {
    expect(typeAhead("login bu")).toBe("login bu*");
    expect(typeAhead("ENG-42")).toBe("ENG-42");
    expect(typeAhead('"exact phrase"')).toBe('"exact phrase"');
    expect(typeAhead("deploy*")).toBe("deploy*");
    expect(typeAhead("a")).toBe("a");
  });
});
