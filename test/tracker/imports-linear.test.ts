import assert from "node:assert/strict";
import { test } from "node:test";
import { DocketError } from "../../src/errors.ts";
import { readCsv } from "../../src/tracker/imports/csv.ts";
import { readLinearCsv } from "../../src/tracker/imports/linear.ts";
import type { ImportIssue, Reader, RowProblem } from "../../src/tracker/imports/rows.ts";

// The two shapes Linear's "Export CSV" writes (headers as Linear writes them).
const HEADER_30 = [
  "ID",
  "Team",
  "Title",
  "Description",
  "Status",
  "Estimate",
  "Priority",
  "Project ID",
  "Project",
  "Creator",
  "Assignee",
  "Labels",
  "Cycle Number",
  "Cycle Name",
  "Cycle Start",
  "Cycle End",
  "Created",
  "Updated",
  "Started",
  "Triaged",
  "Completed",
  "Canceled",
  "Archived",
  "Due Date",
  "Parent issue",
  "Initiatives",
  "Project Milestone ID",
  "Project Milestone",
  "SLA Status",
  "Roadmaps",
];
const HEADER_34 = [
  ...HEADER_30.slice(0, 29),
  "UUID",
  "Time in status (minutes)",
  "Related to",
  "Blocked by",
  "Duplicate of",
];

const quote = (v: string) => (/[",\r\n]/.test(v) || v === "" ? `"${v.replaceAll('"', '""')}"` : v);
const line = (cells: string[]) => cells.map(quote).join(",");
const row = (header: string[], values: Record<string, string>) => line(header.map((h) => values[h] ?? ""));
const csv = (header: string[], rows: Record<string, string>[], eol = "\n") =>
  [line(header), ...rows.map((r) => row(header, r))].join(eol) + eol;

/** The text as a stream of small chunks, so every boundary (mid-quote, mid-CRLF, mid-character) is crossed. */
async function* chunks(text: string, size = 7): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, "utf8");
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(reader: Reader, text: string, timezone?: string) {
  const issues: (ImportIssue & { row: number })[] = [];
  const problems: RowProblem[] = [];
  for await (const item of reader(chunks(text), { timezone })) {
    if ("issue" in item) issues.push({ ...item.issue, row: item.row });
    else problems.push(item.problem);
  }
  return { issues, problems };
}

const js = (iso: string) => {
  // a browser's Date.toString() in UTC, as Linear writes its times
  const d = new Date(iso);
  const days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const p = (n: number) => String(n).padStart(2, "0");
  return `${days[d.getUTCDay()]} ${months[d.getUTCMonth()]} ${p(d.getUTCDate())} ${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} GMT+0000 (Coordinated Universal Time)`;
};

const base = (id: string, extra: Record<string, string> = {}) => ({
  ID: id,
  Team: "Engineering",
  Title: `Issue ${id}`,
  Status: "Todo",
  Priority: "Medium",
  Created: js("2026-03-01T09:00:00Z"),
  Updated: js("2026-03-02T10:30:00Z"),
  ...extra,
});

test("the 30-column shape: every field of a full row", async () => {
  const text = csv(HEADER_30, [
    base("ENG-12", {
      Title: "Login redirect loops, sometimes",
      Description: 'Steps:\n1. sign in\n2. see "loop"\n\n```ts\nredirect(a, b)\n```',
      Status: "In Progress",
      Estimate: "3",
      Priority: "High",
      Project: "Auth",
      Creator: "Ada Lovelace",
      Assignee: "grace@example.com",
      Labels: "bug, frontend,  auth ,bug",
      "Cycle Number": "7",
      "Cycle Name": "Sprint Seven",
      "Cycle Start": js("2026-02-23T00:00:00Z"),
      "Cycle End": js("2026-03-09T00:00:00Z"),
      Started: js("2026-03-01T12:00:00Z"),
      "Due Date": "2026-03-20",
      "Parent issue": "ENG-1",
      "Project Milestone": "Beta",
      Roadmaps: "2026",
    }),
  ]);
  const { issues, problems } = await read(readLinearCsv, text);
  assert.deepEqual(problems, []);
  assert.equal(issues.length, 1);
  const issue = issues[0];
  assert.ok(issue);
  assert.deepEqual(issue, {
    row: 2,
    sourceId: "ENG-12",
    sourceUrl: null,
    title: "Login redirect loops, sometimes",
    description: 'Steps:\n1. sign in\n2. see "loop"\n\n```ts\nredirect(a, b)\n```',
    status: "in_progress",
    statusName: "In Progress",
    priority: "high",
    labels: ["bug", "frontend", "auth"],
    assignee: { sourceId: "grace@example.com", name: "grace", email: "grace@example.com" },
    author: { sourceId: "Ada Lovelace", name: "Ada Lovelace", email: null },
    estimate: 3,
    dueDate: "2026-03-20",
    milestone: "Beta",
    cycle: { name: "Sprint Seven", startsAt: "2026-02-23T00:00:00.000Z", endsAt: "2026-03-09T00:00:00.000Z" },
    parentSourceId: "ENG-1",
    parentKnown: true,
    blockedBySourceIds: [],
    relatedSourceIds: [],
    duplicateOfSourceId: null,
    createdAt: "2026-03-01T09:00:00.000Z",
    updatedAt: "2026-03-02T10:30:00.000Z",
    closedAt: null,
    comments: [],
  });
});

test("the 34-column shape: related, blocked-by and duplicate-of issues", async () => {
  const text = csv(HEADER_34, [
    base("ENG-1", { "Related to": "ENG-2, ENG-3", "Blocked by": "ENG-4,ENG-5", UUID: "u-1" }),
    base("ENG-2", { "Duplicate of": "ENG-1", Status: "Duplicate", Canceled: js("2026-03-03T00:00:00Z") }),
    base("ENG-3", { "Blocked by": "ENG-3" }),
  ]);
  const { issues, problems } = await read(readLinearCsv, text);
  assert.deepEqual(problems, []);
  const [one, two, three] = issues;
  assert.deepEqual(one?.relatedSourceIds, ["ENG-2", "ENG-3"]);
  assert.deepEqual(one?.blockedBySourceIds, ["ENG-4", "ENG-5"]);
  assert.equal(one?.duplicateOfSourceId, null);
  assert.equal(two?.duplicateOfSourceId, "ENG-1");
  assert.equal(two?.status, "canceled");
  assert.equal(two?.closedAt, "2026-03-03T00:00:00.000Z");
  assert.deepEqual(three?.blockedBySourceIds, [], "an issue never blocks itself");
  // the 30-column shape has none of these columns: empty lists, no problems
  const thirty = await read(readLinearCsv, csv(HEADER_30, [base("ENG-9")]));
  assert.deepEqual(thirty.issues[0]?.blockedBySourceIds, []);
  assert.deepEqual(thirty.issues[0]?.relatedSourceIds, []);
  assert.equal(thirty.issues[0]?.duplicateOfSourceId, null);
});

test("status: each of Linear's names, then the row's times, then the name's words; an unknown name is reported", async () => {
  const cases: [string, Record<string, string>, string][] = [
    ["Triage", {}, "backlog"],
    ["Backlog", {}, "backlog"],
    ["Todo", {}, "todo"],
    ["In Progress", {}, "in_progress"],
    ["In Review", {}, "in_progress"],
    ["Done", { Completed: js("2026-03-05T00:00:00Z") }, "done"],
    ["Canceled", { Canceled: js("2026-03-05T00:00:00Z") }, "canceled"],
    ["Cancelled", {}, "canceled"],
    ["Duplicate", {}, "canceled"],
    ["Shipped to prod", { Completed: js("2026-03-05T00:00:00Z") }, "done"],
    ["Nope", { Canceled: js("2026-03-05T00:00:00Z") }, "canceled"],
    ["QA Check", { Started: js("2026-03-04T00:00:00Z") }, "in_progress"],
    ["Won't do", {}, "canceled"],
    ["Icebox", {}, "backlog"],
    ["Ready for dev", {}, "todo"],
  ];
  const text = csv(
    HEADER_30,
    cases.map(([status, extra], i) => base(`ENG-${i + 1}`, { Status: status, ...extra })),
  );
  const { issues, problems } = await read(readLinearCsv, text);
  assert.deepEqual(problems, []);
  assert.deepEqual(
    issues.map((i) => [i.statusName, i.status]),
    cases.map(([name, , status]) => [name, status]),
  );
  assert.equal(issues[5]?.closedAt, "2026-03-05T00:00:00.000Z", "done: closed when completed");
  assert.equal(issues[6]?.closedAt, "2026-03-05T00:00:00.000Z", "canceled: closed when canceled");
  assert.equal(issues[3]?.closedAt, null);

  const unknown = await read(readLinearCsv, csv(HEADER_30, [base("ENG-1", { Status: "Zzz" })]));
  assert.equal(unknown.issues[0]?.status, "todo");
  assert.deepEqual(unknown.problems, [
    { row: 2, sourceId: "ENG-1", message: 'Unknown status "Zzz"; read as todo.', skipped: false },
  ]);
});

test("priority: Urgent, High, Medium, Low, No priority and empty; an unknown one is reported as none", async () => {
  const cases: [string, string][] = [
    ["Urgent", "urgent"],
    ["High", "high"],
    ["Medium", "medium"],
    ["Low", "low"],
    ["No priority", "none"],
    ["", "none"],
    ["Whenever", "none"],
  ];
  const { issues, problems } = await read(
    readLinearCsv,
    csv(
      HEADER_30,
      cases.map(([p], i) => base(`ENG-${i + 1}`, { Priority: p })),
    ),
  );
  assert.deepEqual(
    issues.map((i) => i.priority),
    cases.map(([, p]) => p),
  );
  assert.deepEqual(
    problems.map((p) => [p.sourceId, p.message, p.skipped]),
    [["ENG-7", 'Unknown priority "Whenever"; read as none.', false]],
  );
});

test("short rows read their missing cells as empty; wider rows are reported and their extra cells ignored", async () => {
  const full = line(HEADER_30.map((h) => base("ENG-1")[h as keyof ReturnType<typeof base>] ?? ""));
  const cells = HEADER_30.map((h) => base("ENG-2")[h as keyof ReturnType<typeof base>] ?? "");
  const short = line(cells.slice(0, 18)); // up to Updated: no Started, Completed, Due Date, Parent…
  const wide = `${line(HEADER_30.map((h) => base("ENG-3")[h as keyof ReturnType<typeof base>] ?? ""))},extra,,more`;
  const wideEmpty = `${line(HEADER_30.map((h) => base("ENG-4")[h as keyof ReturnType<typeof base>] ?? ""))},,`;
  const text = `${line(HEADER_30)}\n${full}\n${short}\n${wide}\n${wideEmpty}\n`;
  const { issues, problems } = await read(readLinearCsv, text);
  assert.deepEqual(
    issues.map((i) => [i.sourceId, i.row]),
    [
      ["ENG-1", 2],
      ["ENG-2", 3],
      ["ENG-3", 4],
      ["ENG-4", 5],
    ],
  );
  assert.equal(issues[1]?.parentSourceId, null);
  assert.equal(issues[1]?.dueDate, null);
  assert.equal(issues[1]?.updatedAt, "2026-03-02T10:30:00.000Z");
  assert.deepEqual(problems, [
    {
      row: 4,
      sourceId: "ENG-3",
      message: "The row has 3 more cells than the header; they are ignored.",
      skipped: false,
    },
  ]);

  // a row too short to have a title or a created time is skipped, and says why
  const tooShort = await read(
    readLinearCsv,
    `${line(HEADER_30)}\nENG-5,Engineering\nENG-6,Eng,Title,,Todo\n`,
  );
  assert.deepEqual(tooShort.issues, []);
  assert.deepEqual(
    tooShort.problems.map((p) => [p.row, p.sourceId, p.message, p.skipped]),
    [
      [2, "ENG-5", "The row has no title; skipped.", true],
      [3, "ENG-6", "The row has no Created time; skipped.", true],
    ],
  );
});

test("an estimate that is not a number, a cycle with a number only, an ID twice", async () => {
  const text = csv(HEADER_30, [
    base("ENG-1", { Estimate: "big", "Cycle Number": "7" }),
    base("ENG-2", { Estimate: "0.5", "Cycle Name": "", "Cycle Number": "" }),
    base("ENG-1", { Title: "again" }),
  ]);
  const { issues, problems } = await read(readLinearCsv, text);
  assert.deepEqual(
    issues.map((i) => [i.sourceId, i.title, i.estimate, i.cycle]),
    [
      ["ENG-1", "Issue ENG-1", null, { name: "Cycle 7", startsAt: null, endsAt: null }],
      ["ENG-2", "Issue ENG-2", 0.5, null],
    ],
  );
  assert.deepEqual(
    problems.map((p) => [p.row, p.sourceId, p.message, p.skipped]),
    [
      [2, "ENG-1", 'Estimate "big" is not a number; left empty.', false],
      [4, "ENG-1", "ENG-1 is in the file twice (first in row 2); this row is skipped.", true],
    ],
  );
});

test("a leading ' that guards a formula is removed; any other leading ' stays", async () => {
  const text = csv(HEADER_34, [
    base("ENG-1", {
      Title: '\'=HYPERLINK("https://example.com","open")',
      Description: "'-1 is the answer",
      Labels: "'+plus, '@at",
      Assignee: "'@grace",
    }),
    base("ENG-2", { Title: "'tis the season", Description: "'=" }),
  ]);
  const { issues } = await read(readLinearCsv, text);
  assert.equal(issues[0]?.title, '=HYPERLINK("https://example.com","open")');
  assert.equal(issues[0]?.description, "-1 is the answer");
  assert.deepEqual(issues[0]?.labels, ["+plus", "'@at"], "the guard is on the cell, not on each list item");
  assert.equal(issues[0]?.assignee?.name, "@grace");
  assert.equal(issues[1]?.title, "'tis the season");
  assert.equal(issues[1]?.description, "=");
});

test("times: a browser's Date.toString() with its offset, ISO 8601, a bad date skips the row", async () => {
  const text = csv(HEADER_30, [
    base("ENG-1", { Created: "Wed Nov 25 2026 23:15:00 GMT-0800 (Pacific Standard Time)" }),
    base("ENG-2", {
      Created: "2026-11-26T07:15:00.000Z",
      "Due Date": "Thu Nov 26 2026 23:00:00 GMT+0000 (GMT)",
    }),
    base("ENG-3", { Created: "yesterday" }),
    base("ENG-4", { "Due Date": "soon" }),
  ]);
  const { issues, problems } = await read(readLinearCsv, text);
  assert.deepEqual(
    issues.map((i) => [i.sourceId, i.createdAt, i.dueDate]),
    [
      ["ENG-1", "2026-11-26T07:15:00.000Z", null],
      ["ENG-2", "2026-11-26T07:15:00.000Z", "2026-11-26"],
    ],
  );
  assert.deepEqual(
    problems.map((p) => [p.row, p.sourceId, p.message, p.skipped]),
    [
      [4, "ENG-3", 'Dates that fit no known layout: Created "yesterday"; skipped.', true],
      [5, "ENG-4", 'Dates that fit no known layout: Due Date "soon"; skipped.', true],
    ],
  );
  // a due date written as local midnight in UTC falls on the next day in the exporter's time zone
  const berlin = await read(readLinearCsv, text, "Europe/Berlin");
  assert.equal(berlin.issues[1]?.dueDate, "2026-11-27");
});

test("not a Linear export: one clear error before any row", async () => {
  const collect = async (text: string) => {
    for await (const _ of readLinearCsv(chunks(text), {})) {
      assert.fail("no row may come before the refusal");
    }
  };
  await assert.rejects(collect("Name,Email\nAda,ada@example.com\n"), (error: unknown) => {
    assert.ok(error instanceof DocketError);
    assert.equal(error.status, 400);
    assert.equal(
      error.message,
      "This is not a Linear CSV export: the header has no ID, Title, Status columns.",
    );
    return true;
  });
  await assert.rejects(
    collect("Summary,Issue key,Issue id,Status,Created\nx,ENG-1,1,To Do,26/Nov/26 10:15 AM\n"),
    /not a Linear CSV export: the header has no ID, Title columns \(it looks like a Jira export; import it as jira\)/,
  );
  await assert.rejects(collect(""), /the file is empty/);
  await assert.rejects(read(readLinearCsv, csv(HEADER_30, []), "Mars/Olympus"), /Unknown time zone/);
});

test("a broken quote is refused, naming the row and line", async () => {
  const open = `${line(HEADER_30)}\n${row(HEADER_30, base("ENG-1"))}\nENG-2,Eng,"never closed,Todo\n`;
  await assert.rejects(read(readLinearCsv, open), (error: unknown) => {
    assert.ok(error instanceof DocketError);
    assert.equal(
      error.message,
      "CSV row 3 (line 3): a quoted field is never closed; the file ends inside it.",
    );
    return true;
  });
  const stray = `${line(HEADER_30)}\nENG-1,"Eng"x,Title\n`;
  await assert.rejects(
    read(readLinearCsv, stray),
    /^DocketError: CSV row 2 \(line 2\): a closing quote is followed by "x" instead of a comma or a line end; a quote inside a quoted field must be doubled \(""\)\.$/,
  );
});

test("CSV: quoted commas, line breaks and doubled quotes; CRLF; a byte-order mark; blank lines; chunk edges", async () => {
  const text = '\uFEFFa,b,c\r\n"x, y","line 1\r\nline 2","say ""hi"""\r\n\r\n,"",\r\nlast,row,"é✓"';
  for (const size of [1, 2, 3, 5, 64]) {
    const records = [];
    for await (const r of readCsv(chunks(text, size))) records.push(r);
    assert.deepEqual(
      records,
      [
        { cells: ["a", "b", "c"], row: 1, line: 1 },
        { cells: ["x, y", "line 1\r\nline 2", 'say "hi"'], row: 2, line: 2 },
        { cells: ["", "", ""], row: 3, line: 5 },
        { cells: ["last", "row", "é✓"], row: 4, line: 6 },
      ],
      `chunks of ${size} bytes`,
    );
  }
  // LF and a lone CR end lines too
  const lf = [];
  for await (const r of readCsv(chunks("a,b\n1,2\r3,4\n"))) lf.push(r.cells);
  assert.deepEqual(lf, [
    ["a", "b"],
    ["1", "2"],
    ["3", "4"],
  ]);
  // a field longer than one read (here 200,000 characters in chunks of 1,000 bytes) arrives whole
  const long = `${'ab,"c"\n'.repeat(25_000)}`;
  const big = [];
  for await (const r of readCsv(chunks(`h1,h2\n"${long.replaceAll('"', '""')}",x\r\nnext,row\n`, 1000)))
    big.push(r);
  assert.equal(big.length, 3);
  assert.equal(big[1]?.cells[0], long);
  assert.equal(big[1]?.cells[1], "x");
  assert.deepEqual(big[2], { cells: ["next", "row"], row: 3, line: 25_003 });
  // a record past the size limit is refused rather than read on
  const huge = `a\n"${"x".repeat(5000)}`;
  await assert.rejects(async () => {
    for await (const _ of readCsv(chunks(huge, 512), { maxRecordChars: 1000 })) {
    }
  }, /CSV row 2 \(line 2\) is longer than 1000 characters: a quote is probably left open/);
});
