import { describe, expect, it } from "vitest";
import { describeEvent } from "./describe.ts";

describe("an event in one line", () => {
  const object = { type: "issue", id: "iss_1", url: "/v1/issues/iss_1" };
  it("names the issue by its identifier when known, and lists the fields an update changed", () => {
    const names = new Map([["iss_1", "ENG-1 Fix login"]]);
    expect(
      describeEvent(
        { type: "issue.created", object, data: { changes: { title: { from: null, to: "Fix login" } } } },
        names,
      ),
    ).toBe("created ENG-1 Fix login");
    expect(
      describeEvent(
        {
          type: "issue.updated",
          object,
          data: { changes: { status: { from: "todo", to: "done" }, due_date: {} } },
        },
        names,
      ),
    ).toBe("changed ENG-1 Fix login (status, due date)");
  });
  it("falls back to the title the change carries, then the id", () => {
    expect(
      describeEvent({
        type: "decision.created",
        object: { ...object, type: "decision", id: "dec_1" },
        data: { changes: { title: { to: "Use Postgres" } } },
      }),
    ).toBe("created decision Use Postgres");
    const claim = { ...object, type: "claim", id: "clm_1" };
    const names = new Map([["iss_1", "ENG-1 Fix login"]]);
    expect(
      describeEvent(
        { type: "claim.created", object: claim, data: { changes: { issue: { to: "ENG-1" } } } },
        names,
      ),
    ).toBe("claimed ENG-1 Fix login");
    expect(describeEvent({ type: "claim.released", object: claim, data: {} })).toBe(
      "released the claim on an issue",
    );
  });
});
