import { describe, expect, it } from "vitest";
import { exactTime, relativeTime, shortDate } from "./time.ts";

const NOON = "2026-03-02T12:00:00.000Z";

describe("times, one way", () => {
  it("a day of this year has no year; another year's has it", () => {
    expect(shortDate(NOON, Date.parse("2026-06-01T00:00:00Z"))).toMatch(/Mar 2$/);
    expect(shortDate(NOON, Date.parse("2027-01-10T00:00:00Z"))).toMatch(/Mar 2, 2026/);
    expect(shortDate(null)).toBe("");
  });
  it("the exact moment has the day, the year and the time", () => {
    const text = exactTime(NOON);
    expect(text).toMatch(/Mar 2, 2026/);
    expect(text).toMatch(/\d{1,2}:\d{2}/);
    expect(exactTime(undefined)).toBe("");
  });
  it("recent moments are relative", () => {
    const now = Date.parse(NOON);
    expect(relativeTime(NOON, now + 10_000)).toBe("just now");
    expect(relativeTime(NOON, now + 3 * 3_600_000)).toBe("3 hours ago");
    expect(relativeTime(null, now)).toBe("never");
  });
});
