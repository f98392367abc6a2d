/**
 * Jira wiki markup (what Jira's CSV export, and REST v2, write for descriptions and comments) as Markdown: headings
 * (`h1.`), bold (`*b*`), italic (`_i_`), strike (`-s-`), monospace (`{{m}}`), links (`[text|url]`, `[url]`),
 * mentions (`[~name]`, `[~accountid:…]`), bullet and numbered lists (`*`, `#`, nested), quotes (`bq.`, `{quote}`),
 * code and noformat blocks (`{code:java}`), rules (`----`), tables (`||h||`, `|c|`). Text it does not know stays.
 */

export function wikiToMarkdown(text: string): string {
  if (!text) return "";
  const lines = text.replaceAll("\r\n", "\n").replaceAll("\r", "\n").split("\n");
  const out: string[] = [];
  let fence: string | null = null; // inside {code} or {noformat}: the closing tag
  let inQuote = false;
  let tableHeadDone = false;
  for (const line of lines) {
    if (fence) {
      const end = line.indexOf(fence);
      if (end >= 0) {
        if (end > 0) out.push(line.slice(0, end));
        out.push("```");
        const rest = line.slice(end + fence.length);
        fence = null;
        if (rest.trim()) out.push(inline(rest));
      } else {
        out.push(line);
      }
      continue;
    }
    const code = /^\s*\{(code|noformat)(?::([^}|]*))?[^}]*\}(.*)$/.exec(line);
    if (code) {
      const lang = code[1] === "code" ? (code[2] ?? "").trim() : "";
      out.push(`\`\`\`${/^[\w+-]+$/.test(lang) ? lang : ""}`);
      const rest = code[3] ?? "";
      const close = `{${code[1]}}`;
      const end = rest.indexOf(close);
      if (end >= 0) {
        if (rest.slice(0, end)) out.push(rest.slice(0, end));
        out.push("```");
      } else {
        if (rest) out.push(rest);
        fence = close;
      }
      continue;
    }
    if (/^\s*\{quote\}\s*$/.test(line)) {
      inQuote = !inQuote;
      continue;
    }
    let md = block(line);
    if (/^\s*\|\|/.test(line)) {
      const cells = line.trim().replace(/^\|\|/, "").replace(/\|\|$/, "").split("||");
      md = `| ${cells.map((c) => inline(c.trim())).join(" | ")} |\n| ${cells.map(() => "---").join(" | ")} |`;
      tableHeadDone = true;
    } else if (/^\s*\|/.test(line)) {
      const cells = line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|");
      md = `| ${cells.map((c) => inline(c.trim())).join(" | ")} |`;
      if (!tableHeadDone)
        md = `| ${cells.map(() => " ").join(" | ")} |\n| ${cells.map(() => "---").join(" | ")} |\n${md}`;
      tableHeadDone = true;
    } else {
      tableHeadDone = false;
    }
    out.push(inQuote ? `> ${md}` : md);
  }
  if (fence) out.push("```");
  return out.join("\n");
}

function block(line: string): string {
  const heading = /^\s*h([1-6])\.\s+(.*)$/.exec(line);
  if (heading) return `${"#".repeat(Number(heading[1]))} ${inline(heading[2] ?? "")}`;
  const bq = /^\s*bq\.\s+(.*)$/.exec(line);
  if (bq) return `> ${inline(bq[1] ?? "")}`;
  if (/^\s*-{4,}\s*$/.test(line)) return "---";
  const list = /^\s*([*#-]+)\s+(.*)$/.exec(line);
  const marks = list?.[1] ?? "";
  if (list && (/^[*#]+$/.test(marks) || marks === "-")) {
    const depth = marks.length - 1;
    const ordered = marks.endsWith("#");
    return `${(ordered ? "   " : "  ").repeat(depth)}${ordered ? "1." : "-"} ${inline(list[2] ?? "")}`;
  }
  return inline(line);
}

/** `*x*`, `-x-`, `+x+`: a marker pair around words, not inside them (`a-b-c` stays). */
const PAIRS: [string, RegExp, string][] = [
  ["*", /(^|[\s(])\*([^*\s](?:[^*]*[^*\s])?)\*(?=$|[\s).,:;!?])/g, "$1**$2**"],
  ["-", /(^|[\s(])-([^-\s](?:[^-]*[^-\s])?)-(?=$|[\s).,:;!?])/g, "$1~~$2~~"],
  ["+", /(^|[\s(])\+([^+\s](?:[^+]*[^+\s])?)\+(?=$|[\s).,:;!?])/g, "$1$2"],
];

function inline(text: string): string {
  if (!/[*\-+{[_]/.test(text)) return text;
  const codes: string[] = [];
  let s = text.includes("{{")
    ? text.replaceAll(/\{\{(.+?)\}\}/g, (_m, code: string) => {
        codes.push(code);
        return `\uE000${codes.length - 1}\uE000`;
      })
    : text;
  if (s.includes("[")) {
    s = s
      .replaceAll(/\[~accountid:([^\]]+)\]/g, "@$1")
      .replaceAll(/\[~([^\]]+)\]/g, "@$1")
      .replaceAll(/\[([^|\]]+)\|([^\]]+)\]/g, (_m, label: string, url: string) => `[${label}](${url.trim()})`)
      .replaceAll(/\[((?:https?|mailto):[^\]\s]+)\]/g, "<$1>");
  }
  for (const [mark, re, to] of PAIRS) {
    // the pattern is only tried on a line that holds the marker twice (it would scan the line from every space)
    const first = s.indexOf(mark);
    if (first >= 0 && s.indexOf(mark, first + 1) > first) s = s.replaceAll(re, to);
  }
  if (s.includes("{color")) s = s.replaceAll(/\{color[^}]*\}/g, "");
  return codes.length > 0
    ? s.replaceAll(/\uE000(\d+)\uE000/g, (_m, i: string) => `\`${codes[Number(i)]}\``)
    : s;
}
