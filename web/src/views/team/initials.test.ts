import { describe, expect, it } from "vitest";
import { initials } from "./initials.ts";

describe("initials", () => {
  it("takes the first letters of the first and last words", () => {
    expect(initials("Ada Lovelace")).toBe("AL");
    expect(initials("Grace Brewster Murray Hopper")).toBe("GH");
  });
  it("takes one letter of one word, and letters beyond ASCII whole", () => {
    expect(initials("grace")).toBe("G");
    expect(initials("émile zola")).toBe("ÉZ");
    expect(initials("😀 smile")).toBe("😀S");
  });
  it("splits an address-like name and says ? for none", () => {
    expect(initials("ada.lovelace")).toBe("AL");
    expect(initials("   ")).toBe("?");
  });
});
