import { describe, expect, it } from "vitest";
import { snippetParts, unescapeHtml } from "./Snippet.tsx";

describe("search snippets", () => {
  it("splits on <mark> and shows escaped text as text", () => {
    expect(snippetParts("fix the <mark>login</mark> page &lt;script&gt;")).toEqual([
      { text: "fix the ", marked: false },
      { text: "login", marked: true },
      { text: " page <script>", marked: false },
    ]);
  });
  it("decodes the entities the service writes, and no others", () => {
    expect(unescapeHtml("&amp;&lt;&gt;&quot;&#39;&#x41;&unknown;")).toBe("&<>\"'A&unknown;");
  });
});
