import { describe, expect, it } from "vitest";
import { parseKinds, plainText, toggledKinds } from "./search.ts";

describe("search kinds and snippets", () => {
  it("reads the kinds in the URL, known ones only, in a stable order", () => {
    expect(parseKinds(undefined)).toEqual([]);
    expect(parseKinds("note,issue,bogus")).toEqual(["issue", "note"]);
    expect(parseKinds(" file , decision")).toEqual(["decision", "file"]);
  });

  it("turns a chip on and off, keeping the order", () => {
    expect(toggledKinds(["note"], "issue")).toEqual(["issue", "note"]);
    expect(toggledKinds(["issue", "note"], "issue")).toEqual(["note"]);
    expect(toggledKinds([], "file")).toEqual(["file"]);
  });

  it("reads a snippet as text: marks dropped, escapes read", () => {
    expect(plainText("Migrate the <mark>ledger</mark>")).toBe("Migrate the ledger");
    expect(plainText("&lt;script&gt; &amp; &quot;x&quot; &#39;y&#39;")).toBe(`<script> & "x" 'y'`);
  });
});
