/**
 * `node bench/import-readers.ts [--issues 100000]`: how fast the Linear and Jira readers turn a large export into
 * import rows, and in how much memory. Writes a Linear CSV (34 columns, with descriptions and relations), a Jira CSV
 * (repeated Labels, Sprint and Comment columns) and a Jira REST JSON (ADF descriptions and comments) of that many
 * issues into a temporary folder, reads each back from disk, and prints rows, problems, seconds (wall and CPU: on a
 * busy machine the CPU time is the steadier figure), rows/s and the peak RSS. No database: the readers are pure. Each reader runs in a process of its own, so each
 * peak is its own.
 */
import { spawnSync } from "node:child_process";
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { readJiraCsv, readJiraJson } from "../src/tracker/imports/jira.ts";
import { readLinearCsv } from "../src/tracker/imports/linear.ts";
import type { Reader } from "../src/tracker/imports/rows.ts";

const { values } = parseArgs({
  options: {
    issues: { type: "string", default: "100000" },
    read: { type: "string" },
    file: { type: "string" },
  },
});

const READERS: Record<string, Reader> = {
  linear: readLinearCsv,
  "jira-csv": readJiraCsv,
  "jira-json": readJiraJson,
};

if (values.read) {
  // the child: read one file, print one JSON line
  const reader = READERS[values.read];
  if (!reader || !values.file) throw new Error("--read needs a reader name and --file");
  const started = performance.now();
  const cpu = process.cpuUsage();
  let rows = 0;
  let problems = 0;
  let sampledPeak = 0;
  for await (const item of reader(createReadStream(values.file), { timezone: "Europe/Berlin" })) {
    if ("issue" in item) rows += 1;
    else problems += 1;
    if ((rows & 1023) === 0) sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss());
  }
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const peak = Math.max(sampledPeak, process.resourceUsage().maxRSS * 1024);
  console.log(JSON.stringify({ rows, problems, seconds, cpuSeconds, peakMiB: peak / 1024 / 1024 }));
  process.exit(0);
}

const count = Number(values.issues);
const dir = mkdtempSync(path.join(tmpdir(), "docket-import-bench-"));

async function write(file: string, lines: Iterable<string>) {
  const out = createWriteStream(file);
  for (const line of lines) {
    if (!out.write(line)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
}

const q = (v: string) => `"${v.replaceAll('"', '""')}"`;
const jsDate = (ms: number) =>
  `${new Date(ms).toUTCString().replace(/^(\w+), (\d+) (\w+) (\d+) /, "$1 $3 $2 $4 ")} GMT+0000 (Coordinated Universal Time)`.replace(
    " GMT GMT",
    " GMT",
  );
const description = (i: number) =>
  `Steps to see it, issue ${i}:\n1. open the page, "carefully"\n2. wait, then click\n\n${"Lorem ipsum dolor sit amet. ".repeat(8)}`;
const t0 = Date.UTC(2024, 0, 1);

function* linearLines(): Generator<string> {
  yield "ID,Team,Title,Description,Status,Estimate,Priority,Project ID,Project,Creator,Assignee,Labels,Cycle Number,Cycle Name,Cycle Start,Cycle End,Created,Updated,Started,Triaged,Completed,Canceled,Archived,Due Date,Parent issue,Initiatives,Project Milestone ID,Project Milestone,SLA Status,UUID,Time in status (minutes),Related to,Blocked by,Duplicate of\n";
  const statuses = ["Backlog", "Todo", "In Progress", "In Review", "Done", "Canceled"];
  const priorities = ["Urgent", "High", "Medium", "Low", "No priority"];
  for (let i = 1; i <= count; i++) {
    const created = t0 + i * 60_000;
    const status = statuses[i % statuses.length] as string;
    const cells = [
      `ENG-${i}`,
      "Engineering",
      q(`Issue number ${i}, with a comma`),
      q(description(i)),
      status,
      String(i % 8),
      priorities[i % priorities.length] as string,
      "p-1",
      "Platform",
      `person${i % 50}@example.com`,
      i % 3 === 0 ? "" : `person${i % 40}@example.com`,
      q("bug, backend"),
      String(i % 20),
      `Cycle ${i % 20}`,
      q(jsDate(created)),
      q(jsDate(created + 14 * 86_400_000)),
      q(jsDate(created)),
      q(jsDate(created + 3_600_000)),
      "",
      "",
      status === "Done" ? q(jsDate(created + 7_200_000)) : "",
      status === "Canceled" ? q(jsDate(created + 7_200_000)) : "",
      "",
      i % 10 === 0 ? "2026-12-01" : "",
      i > 10 && i % 7 === 0 ? `ENG-${i - 5}` : "",
      "",
      "",
      i % 4 === 0 ? "Beta" : "",
      "",
      `uuid-${i}`,
      "12",
      i > 1 ? `ENG-${i - 1}` : "",
      i > 2 && i % 5 === 0 ? `ENG-${i - 2}` : "",
      "",
    ];
    yield `${cells.join(",")}\n`;
  }
}

function* jiraCsvLines(): Generator<string> {
  yield "Summary,Issue key,Issue id,Issue Type,Status,Priority,Resolution,Assignee,Assignee Id,Reporter,Reporter Id,Created,Updated,Resolved,Labels,Labels,Description,Inward issue link (Blocks),Outward issue link (Blocks),Sprint,Sprint,Comment,Comment,Parent key,Status Category\n";
  const statuses = [
    ["To Do", "To Do"],
    ["In Progress", "In Progress"],
    ["Done", "Done"],
  ];
  for (let i = 1; i <= count; i++) {
    const [status, category] = statuses[i % 3] as [string, string];
    const d = new Date(t0 + i * 60_000);
    const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    const h = d.getUTCHours();
    const date = `${d.getUTCDate()}/${months[d.getUTCMonth()]}/${String(d.getUTCFullYear()).slice(2)} ${h % 12 || 12}:${String(d.getUTCMinutes()).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
    const cells = [
      q(`Issue ${i}`),
      `OPS-${i}`,
      String(10000 + i),
      "Task",
      status,
      "Medium",
      status === "Done" ? "Done" : "",
      "Grace",
      "712020:grace",
      "Ada",
      "712020:ada",
      date,
      date,
      status === "Done" ? date : "",
      "backend",
      i % 2 ? "payments" : "",
      q(`h2. Issue ${i}\n* one *two*\n* three\n${"Lorem ipsum dolor sit amet. ".repeat(8)}`),
      i > 1 ? `OPS-${i - 1}` : "",
      i < count ? `OPS-${i + 1}` : "",
      "Sprint 1",
      i % 2 ? "Sprint 2" : "",
      q(`${date};712020:ada;A comment; with a semicolon`),
      q(`${date};712020:grace;Another`),
      i > 10 && i % 7 === 0 ? `OPS-${i - 5}` : "",
      category,
    ];
    yield `${cells.join(",")}\n`;
  }
}

function* jiraJsonLines(): Generator<string> {
  yield `{"startAt":0,"maxResults":${count},"total":${count},"issues":[\n`;
  for (let i = 1; i <= count; i++) {
    const created = new Date(t0 + i * 60_000).toISOString().replace("Z", "+0000");
    const para = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
    const issue = {
      id: String(10000 + i),
      key: `OPS-${i}`,
      self: `https://acme.atlassian.net/rest/api/3/issue/${10000 + i}`,
      fields: {
        summary: `Issue ${i}`,
        description: {
          type: "doc",
          version: 1,
          content: [
            { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: `Issue ${i}` }] },
            para("Lorem ipsum dolor sit amet. ".repeat(8)),
            { type: "bulletList", content: [{ type: "listItem", content: [para("one")] }] },
          ],
        },
        status: { name: "In Progress", statusCategory: { key: "indeterminate", name: "In Progress" } },
        priority: { name: "Lowest" },
        labels: ["backend"],
        created,
        updated: created,
        reporter: { accountId: "712020:ada", displayName: "Ada" },
        issuelinks:
          i > 1
            ? [
                {
                  type: { name: "Blocks", inward: "is blocked by", outward: "blocks" },
                  inwardIssue: { key: `OPS-${i - 1}` },
                },
              ]
            : [],
        comment: {
          comments: [
            {
              id: String(i),
              author: { accountId: "712020:grace" },
              body: { type: "doc", content: [para("ok")] },
              created,
            },
          ],
          total: 1,
        },
      },
    };
    yield `${i > 1 ? "," : ""}${JSON.stringify(issue)}\n`;
  }
  yield "]}\n";
}

try {
  const files: [string, string, () => Generator<string>][] = [
    ["linear", "linear.csv", linearLines],
    ["jira-csv", "jira.csv", jiraCsvLines],
    ["jira-json", "jira.json", jiraJsonLines],
  ];
  console.log(`${count} issues per file`);
  for (const [reader, name, lines] of files) {
    const file = path.join(dir, name);
    await write(file, lines());
    const child = spawnSync(process.execPath, [import.meta.filename, "--read", reader, "--file", file], {
      encoding: "utf8",
    });
    if (child.status !== 0) throw new Error(`${reader}: ${child.stderr}`);
    const r = JSON.parse(child.stdout.trim().split("\n").at(-1) as string);
    const mib = statSync(file).size / 1024 / 1024;
    console.log(
      `${reader.padEnd(10)} ${mib.toFixed(0).padStart(5)} MiB file  ${String(r.rows).padStart(7)} rows  ${String(r.problems).padStart(5)} problems  ${r.seconds.toFixed(2).padStart(6)} s (CPU ${r.cpuSeconds.toFixed(2)} s)  ${Math.round(
        r.rows / r.seconds,
      )
        .toLocaleString("en")
        .padStart(8)} rows/s  peak RSS ${r.peakMiB.toFixed(0)} MiB`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
