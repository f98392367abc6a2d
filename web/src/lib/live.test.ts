import { describe, expect, it } from "vitest";
import { parseBlock, sseMessages, staleAreas } from "./live.ts";

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
}

describe("the event stream parser", () => {
  it("reads id and data, joins data lines, skips comments", () => {
    expect(parseBlock('id: evt_1\ndata: {"a":1}')).toEqual({ id: "evt_1", data: '{"a":1}' });
    expect(parseBlock("data: one\ndata: two")).toEqual({ data: "one\ntwo" });
    expect(parseBlock(": heartbeat")).toBeNull();
  });

  it("splits messages across chunk boundaries and CRLF line ends", async () => {
    const messages = [];
    for await (const m of sseMessages(streamOf("id: e1\nda", "ta: x\n\n: hb\n\nid: e2\r\ndata: y\r\n\r\n")))
      messages.push(m);
    expect(messages).toEqual([
      { id: "e1", data: "x" },
      { id: "e2", data: "y" },
    ]);
  });
});

describe("what an event makes stale", () => {
  it("an issue change refreshes lists and pages, a decision change decisions", () => {
    expect(staleAreas({ type: "issue.updated", object: { type: "issue", id: "iss_1", url: "" } })).toContain(
      "issues",
    );
    expect(
      staleAreas({ type: "decision.created", object: { type: "decision", id: "dec_1", url: "" } }),
    ).toContain("decisions");
  });
  it("a pull request's change refreshes the issue's code links and the issue (automation may move it)", () => {
    const areas = staleAreas({
      type: "code_link.updated",
      object: { type: "code_link", id: "lnk_1", url: "" },
    } as never);
    expect(areas).toContain("links");
    expect(areas).toContain("issue");
  });
});
