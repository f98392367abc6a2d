import { describe, expect, it } from "vitest";
import { staleAreas } from "../../lib/live.ts";
import { convKeys } from "./data.ts";

const ev = (type: string, object: string) => ({ type, object: { type: object, id: "x", url: "" } });

describe("live updates of the conversation", () => {
  it("a comment event refreshes the comments and the inbox", () => {
    for (const type of ["comment.created", "comment.updated", "comment.deleted"]) {
      expect(staleAreas(ev(type, "comment"))).toEqual(expect.arrayContaining(["comments", "inbox"]));
    }
  });
  it("an approval event refreshes the approvals and the inbox; a new inbox item the inbox", () => {
    expect(staleAreas(ev("approval.requested", "approval"))).toEqual(
      expect.arrayContaining(["approvals", "inbox"]),
    );
    expect(staleAreas(ev("approval.resolved", "approval"))).toEqual(
      expect.arrayContaining(["approvals", "inbox"]),
    );
    expect(staleAreas(ev("inbox_item.created", "inbox_item"))).toEqual(["inbox"]);
  });
  it("the areas match the second part of the conversation's query keys", () => {
    expect(convKeys.comments("acme", "issue", "ENG-1")[2]).toBe("comments");
    expect(convKeys.approvals("acme", "ENG-1")[2]).toBe("approvals");
    expect(convKeys.inboxCount("acme")[2]).toBe("inbox");
    expect(convKeys.inbox("acme", { kind: "all" })[2]).toBe("inbox");
  });
});

describe("answers and refusals", () => {
  it("a yes/no question is answered with approve, other questions with the option", async () => {
    const { answerBody, optionLabel } = await import("./data.ts");
    expect(answerBody({ options: ["approve", "reject"] }, "approve")).toEqual({ approve: true });
    expect(answerBody({ options: ["approve", "reject"] }, "reject")).toEqual({ approve: false });
    expect(answerBody({ options: ["Ship it", "Hold"] }, "Hold")).toEqual({ option: "Hold" });
    expect(optionLabel("approve")).toBe("Approve");
    expect(optionLabel("Ship it")).toBe("Ship it");
  });
  it("reads a 403 review_required, and nothing else, as the review policy's refusal", async () => {
    const { reviewRefusal } = await import("./data.ts");
    const { ApiError } = await import("../../api.ts");
    const refusal = new ApiError(403, "review_required", "ENG-1 needs a person.", {
      body: { review: { may_finish: "a person (not an agent connection)" } },
    });
    expect(reviewRefusal(refusal)).toEqual({
      message: "ENG-1 needs a person.",
      mayFinish: "a person (not an agent connection)",
    });
    expect(reviewRefusal(new ApiError(403, "forbidden", "no"))).toBeNull();
    expect(reviewRefusal(new Error("x"))).toBeNull();
  });
});
