/**
 * Atlassian Document Format (the JSON Jira's REST v3 uses for descriptions and comments) as Markdown.
 *
 * Blocks: paragraphs, headings, bullet, ordered and task lists (nested), code blocks with their language, quotes and
 * panels (as quotes), rules, tables (as pipe tables), expands (their title in bold, then the content). Inline: text
 * with its marks (strong, em, code, strike, link), hard breaks, mentions (`@Name`), emoji, dates, status lozenges,
 * inline and block cards (links). Media has no bytes in the JSON and becomes a note naming the file when it can.
 * A node type this does not know keeps its text (its children, or its `text`), so nothing written is lost.
 * A string (REST v2 wiki markup, or plain text) is returned as it is.
 */

export interface AdfNode {
  type?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type?: string; attrs?: Record<string, unknown> }[];
  content?: AdfNode[];
}

export function adfToMarkdown(doc: unknown): string {
  if (doc === null || doc === undefined) return "";
  if (typeof doc === "string") return doc;
  if (typeof doc !== "object") return String(doc);
  const node = doc as AdfNode;
  const blocks = node.type === "doc" || !node.type ? (node.content ?? []) : [node];
  return renderBlocks(blocks, "").trim();
}

function str(value: unknown): string {
  return typeof value === "string" ? value : value === undefined || value === null ? "" : String(value);
}

/**
 * Blocks joined by blank lines (`tight`, inside a list item: by a line break, except between two paragraphs);
 * `indent` starts every line after the first, so the blocks of a list item stay inside it.
 */
function renderBlocks(nodes: AdfNode[], indent: string, tight = false): string {
  let out = "";
  let previous: AdfNode | null = null;
  for (const node of nodes) {
    const text = renderBlock(node, indent);
    if (text === "") continue;
    if (previous) {
      const blank = !tight || (previous.type === "paragraph" && node.type === "paragraph");
      out += blank ? `\n\n${indent}` : `\n${indent}`;
    }
    out += text;
    previous = node;
  }
  return out;
}

function renderBlock(node: AdfNode, indent: string): string {
  const children = node.content ?? [];
  switch (node.type) {
    case "paragraph":
      return renderInline(children).replaceAll("\n", `\n${indent}`);
    case "heading": {
      const level = Math.min(6, Math.max(1, Number(node.attrs?.level) || 1));
      return `${"#".repeat(level)} ${renderInline(children).replaceAll("\n", " ")}`;
    }
    case "bulletList":
      return renderList(children, indent, () => "- ");
    case "orderedList": {
      const start = Number(node.attrs?.order) || 1;
      return renderList(children, indent, (i) => `${start + i}. `);
    }
    case "taskList":
      return renderList(children, indent, (_i, item) => (item.attrs?.state === "DONE" ? "- [x] " : "- [ ] "));
    case "decisionList":
      return renderList(children, indent, () => "- ");
    case "codeBlock": {
      const code = children.map((c) => str(c.text)).join("");
      const fence = code.includes("```") ? "````" : "```";
      const lang = str(node.attrs?.language);
      return [`${fence}${lang}`, ...code.split("\n"), fence].join(`\n${indent}`);
    }
    case "blockquote":
    case "panel":
      return quote(renderBlocks(children, ""), indent);
    case "rule":
      return "---";
    case "table":
      return renderTable(children, indent);
    case "expand":
    case "nestedExpand": {
      const title = str(node.attrs?.title);
      const body = renderBlocks(children, indent);
      return title ? `**${escapeInline(title)}**\n\n${indent}${body}` : body;
    }
    case "mediaSingle":
    case "mediaGroup":
      return children.map((c) => renderMedia(c)).join(`\n${indent}`);
    case "media":
      return renderMedia(node);
    case "blockCard":
    case "embedCard": {
      const url = str(node.attrs?.url);
      return url ? `<${url}>` : "";
    }
    default:
      // an unknown block (or an inline node where a block was expected): its inline text or its blocks
      if (node.text !== undefined || isInline(node)) return renderInline([node]);
      if (children.some((c) => isInline(c))) return renderInline(children);
      return renderBlocks(children, indent);
  }
}

const INLINE = new Set([
  "text",
  "hardBreak",
  "mention",
  "emoji",
  "date",
  "status",
  "inlineCard",
  "mediaInline",
]);
const isInline = (node: AdfNode) => INLINE.has(node.type ?? "");

function renderList(items: AdfNode[], indent: string, marker: (i: number, item: AdfNode) => string): string {
  return items
    .map((item, i) => {
      const m = marker(i, item);
      const inner = indent + " ".repeat(m.length);
      const content = item.content ?? [];
      // a task or decision item holds inline nodes; a list item holds blocks
      const body = content.some((c) => isInline(c))
        ? renderInline(content)
        : renderBlocks(content, inner, true);
      return `${m}${body}`;
    })
    .join(`\n${indent}`);
}

function quote(text: string, indent: string): string {
  return text
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join(`\n${indent}`);
}

function renderTable(rows: AdfNode[], indent: string): string {
  const cells = rows.map((row) =>
    (row.content ?? []).map((cell) =>
      renderBlocks(cell.content ?? [], "")
        .replaceAll("\n", " ")
        .replaceAll("|", "\\|")
        .trim(),
    ),
  );
  if (cells.length === 0) return "";
  const width = Math.max(...cells.map((r) => r.length));
  const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => r[i] ?? "").join(" | ")} |`;
  const [head, ...body] = cells;
  const sep = `| ${Array.from({ length: width }, () => "---").join(" | ")} |`;
  return [line(head ?? []), sep, ...body.map(line)].join(`\n${indent}`);
}

function renderMedia(node: AdfNode): string {
  if (node.type !== "media" && node.type !== "mediaInline") return renderBlock(node, "");
  const name = str(node.attrs?.alt) || str(node.attrs?.id);
  return name ? `(attachment: ${name})` : "(attachment)";
}

/** Characters that would start Markdown syntax in running text. */
function escapeInline(text: string): string {
  return text.replaceAll(/([\\`*_[\]<>])/g, "\\$1");
}

function renderInline(nodes: AdfNode[]): string {
  let out = "";
  for (const node of nodes) {
    switch (node.type) {
      case "text":
        out += renderText(node);
        break;
      case "hardBreak":
        out += "  \n";
        break;
      case "mention": {
        const text = str(node.attrs?.text) || str(node.attrs?.id);
        out += text.startsWith("@") ? text : `@${text}`;
        break;
      }
      case "emoji":
        out += str(node.attrs?.text) || str(node.attrs?.shortName);
        break;
      case "date": {
        const ts = Number(node.attrs?.timestamp);
        out += Number.isFinite(ts) ? new Date(ts).toISOString().slice(0, 10) : "";
        break;
      }
      case "status":
        out += `**${escapeInline(str(node.attrs?.text))}**`;
        break;
      case "inlineCard": {
        const url = str(node.attrs?.url);
        out += url ? `<${url}>` : "";
        break;
      }
      case "mediaInline":
        out += renderMedia(node);
        break;
      default:
        if (node.text !== undefined) out += escapeInline(node.text);
        else if (node.content) out += renderInline(node.content);
    }
  }
  return out;
}

function renderText(node: AdfNode): string {
  const raw = str(node.text);
  const marks = node.marks ?? [];
  const code = marks.some((m) => m.type === "code");
  let text: string;
  if (code) {
    const ticks = raw.includes("`") ? "``" : "`";
    text = `${ticks}${ticks === "``" ? ` ${raw} ` : raw}${ticks}`;
  } else {
    text = escapeInline(raw);
  }
  if (!raw.trim()) return text;
  // emphasis hugs the words: spaces at either end stay outside the markers
  const lead = code ? "" : text.slice(0, text.length - text.trimStart().length);
  const trail = code ? "" : text.slice(text.trimEnd().length);
  let core = text.slice(lead.length, text.length - trail.length);
  for (const mark of marks) {
    if (mark.type === "strong") core = `**${core}**`;
    else if (mark.type === "em") core = `_${core}_`;
    else if (mark.type === "strike") core = `~~${core}~~`;
  }
  const link = marks.find((m) => m.type === "link");
  const href = str(link?.attrs?.href);
  if (href) core = `[${core}](${href.replaceAll(")", "%29").replaceAll(" ", "%20")})`;
  return `${lead}${core}${trail}`;
}
