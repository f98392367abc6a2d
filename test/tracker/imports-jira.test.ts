import assert from "node:assert/strict";
import { test } from "node:test";
import { DocketError } from "../../src/errors.ts";
import { adfToMarkdown } from "../../src/tracker/imports/adf.ts";
import { parseDate } from "../../src/tracker/imports/dates.ts";
import { readJiraCsv, readJiraJson } from "../../src/tracker/imports/jira.ts";
import { wikiToMarkdown } from "../../src/tracker/imports/jira-wiki.ts";
import type { ImportIssue, Reader, RowProblem } from "../../src/tracker/imports/rows.ts";

async function* chunks(text: string, size = 11): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, "utf8");
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(reader: Reader, text: string, timezone?: string, size?: number) {
  const issues: (ImportIssue & { row: number })[] = [];
  const problems: RowProblem[] = [];
  const order: string[] = [];
  for await (const item of reader(chunks(text, size), { timezone })) {
    if ("issue" in item) {
      issues.push({ ...item.issue, row: item.row });
      order.push(item.issue.sourceId);
    } else problems.push(item.problem);
  }
  const byKey = (key: string) => {
    const found = issues.find((i) => i.sourceId === key);
    assert.ok(found, `${key} was read`);
    return found;
  };
  return { issues, problems, order, byKey };
}

// "Export CSV (all fields)" from Jira Cloud, trimmed to the columns that matter and keeping its repeats: a multi-value
// field repeats its column once per value, as many times as the most-valued issue needs.
const HEADER = [
  "Summary",
  "Issue key",
  "Issue id",
  "Issue Type",
  "Status",
  "Project key",
  "Priority",
  "Resolution",
  "Assignee",
  "Assignee Id",
  "Reporter",
  "Reporter Id",
  "Creator",
  "Creator Id",
  "Created",
  "Updated",
  "Last Viewed",
  "Resolved",
  "Fix versions",
  "Fix versions",
  "Due date",
  "Labels",
  "Labels",
  "Labels",
  "Description",
  "Inward issue link (Blocks)",
  "Inward issue link (Blocks)",
  "Outward issue link (Blocks)",
  "Inward issue link (Relates)",
  "Outward issue link (Relates)",
  "Outward issue link (Duplicate)",
  "Inward issue link (Cloners)",
  "Custom field (Story point estimate)",
  "Sprint",
  "Sprint",
  "Comment",
  "Comment",
  "Parent",
  "Parent key",
  "Parent summary",
  "Custom field (Epic Link)",
  "Status Category",
  "Status Category Changed",
];

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** A row: named cells; a repeated column takes a list, filled from its first occurrence on. */
function row(values: Record<string, string | string[]>, extra: string[] = []): string {
  const used = new Map<string, number>();
  const cells = HEADER.map((name) => {
    const v = values[name];
    const n = used.get(name) ?? 0;
    used.set(name, n + 1);
    if (Array.isArray(v)) return v[n] ?? "";
    return n === 0 ? (v ?? "") : "";
  });
  return [...cells, ...extra].map(quote).join(",");
}

const base = (key: string, id: string, extra: Record<string, string | string[]> = {}) => ({
  Summary: `Issue ${key}`,
  "Issue key": key,
  "Issue id": id,
  "Issue Type": "Task",
  Status: "To Do",
  "Project key": "OPS",
  Priority: "Medium",
  Reporter: "Ada Lovelace",
  "Reporter Id": "712020:ada",
  Creator: "Ada Lovelace",
  "Creator Id": "712020:ada",
  Created: "26/Nov/26 10:15 AM",
  Updated: "26/Nov/26 11:00 AM",
  "Status Category": "To Do",
  "Status Category Changed": "26/Nov/26 10:15 AM",
  ...extra,
});

const file = (...rows: string[]) => `${HEADER.map(quote).join(",")}\n${rows.join("\n")}\n`;

test("Jira CSV: repeated columns read by position, people with their account ids, comments, sprint, versions", async () => {
  const text = file(
    row(
      base("OPS-1", "10001", {
        Summary: "Payments time out, sometimes",
        Status: "In Progress",
        Priority: "Highest",
        Assignee: "Grace Hopper",
        "Assignee Id": "712020:grace",
        Created: "26/Nov/26 10:15 AM",
        Updated: "27/Nov/26 4:05 PM",
        "Fix versions": ["1.2", "1.3"],
        "Due date": "30/Nov/26 12:00 AM",
        Labels: ["payments", "", "backend"],
        Description:
          "h2. Steps\n* open *checkout*\n* pay with {{card}}\n\nSee [the log|https://logs.example.com/1].",
        "Custom field (Story point estimate)": "5",
        Sprint: ["OPS Sprint 1", "OPS Sprint 2"],
        Comment: [
          "26/Nov/26 11:00 AM;712020:grace;Looking; it is the gateway",
          "27/Nov/26 9:30 AM;712020:ada;Thanks *Grace*",
        ],
        "Status Category": "In Progress",
      }),
    ),
  );
  const { issues, problems } = await read(readJiraCsv, text, "Europe/Berlin");
  assert.deepEqual(problems, []);
  assert.deepEqual(issues[0], {
    row: 2,
    sourceId: "OPS-1",
    sourceUrl: null,
    title: "Payments time out, sometimes",
    description:
      "## Steps\n- open **checkout**\n- pay with `card`\n\nSee [the log](https://logs.example.com/1).",
    status: "in_progress",
    statusName: "In Progress",
    priority: "urgent",
    labels: ["payments", "backend"],
    assignee: { sourceId: "712020:grace", name: "Grace Hopper", email: null },
    author: { sourceId: "712020:ada", name: "Ada Lovelace", email: null },
    estimate: 5,
    dueDate: "2026-11-30",
    milestone: "1.2",
    cycle: { name: "OPS Sprint 2", startsAt: null, endsAt: null },
    parentSourceId: null,
    parentKnown: true,
    blockedBySourceIds: [],
    relatedSourceIds: [],
    duplicateOfSourceId: null,
    createdAt: "2026-11-26T09:15:00.000Z",
    updatedAt: "2026-11-27T15:05:00.000Z",
    closedAt: null,
    comments: [
      {
        sourceId: "OPS-1#comment-1",
        author: { sourceId: "712020:grace", name: "Grace Hopper", email: null },
        body: "Looking; it is the gateway",
        createdAt: "2026-11-26T10:00:00.000Z",
      },
      {
        sourceId: "OPS-1#comment-2",
        author: { sourceId: "712020:ada", name: "Ada Lovelace", email: null },
        body: "Thanks **Grace**",
        createdAt: "2026-11-27T08:30:00.000Z",
      },
    ],
  });
});

test("Jira CSV: rows wider than the header are read by position; extra non-empty cells are reported", async () => {
  const text = file(
    row(base("OPS-1", "10001"), ["", ""]),
    row(base("OPS-2", "10002", { Labels: ["a", "b", "c"] }), ["d", "", "e"]),
  );
  const { issues, problems } = await read(readJiraCsv, text);
  assert.deepEqual(
    issues.map((i) => [i.sourceId, i.labels]),
    [
      ["OPS-1", []],
      ["OPS-2", ["a", "b", "c"]],
    ],
  );
  assert.deepEqual(problems, [
    {
      row: 3,
      sourceId: "OPS-2",
      message: "The row has 3 more cells than the header; they are ignored.",
      skipped: false,
    },
  ]);
});

test("Jira CSV: an export written with semicolons or tabs reads the same", async () => {
  const comma = await read(
    readJiraCsv,
    file(row(base("OPS-1", "1", { Summary: "a, b; c", Labels: ["x", "y"] }))),
  );
  for (const sep of [";", "\t"]) {
    const q = (v: string) => (v.includes(sep) || /["\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
    const cells = row(base("OPS-1", "1", { Summary: "a, b; c", Labels: ["x", "y"] }))
      .split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)
      .map((c) => (c.startsWith('"') ? c.slice(1, -1).replaceAll('""', '"') : c));
    const text = `${HEADER.map(q).join(sep)}\r\n${cells.map(q).join(sep)}\r\n`;
    const other = await read(readJiraCsv, text);
    assert.deepEqual(other.problems, []);
    assert.deepEqual(other.issues, comma.issues, `delimiter ${JSON.stringify(sep)}`);
  }
  assert.equal(comma.issues[0]?.title, "a, b; c");
});

test("Jira CSV: the site's date layouts in the import's time zone; a date that fits none skips its row", async () => {
  const layouts: [string, string][] = [
    ["26/Nov/26 10:15 AM", "2026-11-26T15:15:00.000Z"],
    ["26/Nov/26 12:05 AM", "2026-11-26T05:05:00.000Z"],
    ["26/Nov/26 12:05 PM", "2026-11-26T17:05:00.000Z"],
    ["2026-11-26 10:15", "2026-11-26T15:15:00.000Z"],
    ["2026-11-26 10:15:30.250", "2026-11-26T15:15:30.250Z"],
    ["26/Nov/2026 10:15", "2026-11-26T15:15:00.000Z"],
    ["26/November/2026 22:15", "2026-11-27T03:15:00.000Z"],
    ["26.11.2026 10:15", "2026-11-26T15:15:00.000Z"],
    ["Nov 26, 2026 10:15 AM", "2026-11-26T15:15:00.000Z"],
    ["26 Nov 2026 10:15", "2026-11-26T15:15:00.000Z"],
    ["2026-11-26T10:15:00.000+0100", "2026-11-26T09:15:00.000Z"],
    ["04/Jul/26 10:15 AM", "2026-07-04T14:15:00.000Z"],
  ];
  const rows = layouts.map(([created], i) =>
    row(base(`OPS-${i + 1}`, String(10001 + i), { Created: created })),
  );
  rows.push(row(base("OPS-98", "10098", { Created: "11/26/2026 10:15" })));
  rows.push(row(base("OPS-99", "10099", { Comment: ["31/Feb/26 10:00 AM;712020:ada;never"] })));
  const { issues, problems } = await read(readJiraCsv, file(...rows), "America/New_York");
  assert.deepEqual(
    issues.map((i) => i.createdAt),
    layouts.map(([, iso]) => iso),
  );
  assert.deepEqual(
    problems.map((p) => [p.row, p.sourceId, p.message, p.skipped]),
    [
      [
        layouts.length + 2,
        "OPS-98",
        'Dates that fit no known layout: Created "11/26/2026 10:15"; skipped.',
        true,
      ],
      [
        layouts.length + 3,
        "OPS-99",
        'Dates that fit no known layout: Comment 1 date "31/Feb/26 10:00 AM"; skipped.',
        true,
      ],
    ],
  );
  // without a time zone, times are UTC
  const utc = await read(readJiraCsv, file(rows[0] as string));
  assert.equal(utc.issues[0]?.createdAt, "2026-11-26T10:15:00.000Z");
  // a wall-clock time on a day the clocks change is placed with that day's offset
  assert.equal(parseDate("29/Mar/26 1:30 AM", "Europe/Berlin")?.iso, "2026-03-29T00:30:00.000Z");
  assert.equal(parseDate("29/Mar/26 3:30 AM", "Europe/Berlin")?.iso, "2026-03-29T01:30:00.000Z");
  assert.equal(parseDate("28/Mar/26 11:30 PM", "Europe/Berlin")?.iso, "2026-03-28T22:30:00.000Z");
  assert.equal(parseDate("30/Mar/26 0:30", "Europe/Berlin")?.iso, "2026-03-29T22:30:00.000Z");
  assert.equal(parseDate("26/Nov/26 10:15", "Asia/Kolkata")?.iso, "2026-11-26T04:45:00.000Z");
  assert.equal(parseDate("25/Oct/26 1:30 AM", "Europe/Berlin")?.iso, "2026-10-24T23:30:00.000Z");
  assert.equal(parseDate("26/Nov/26 13:15 PM", "UTC"), null);
  assert.equal(parseDate("29/Feb/27", "UTC"), null);
  assert.equal(parseDate("29/Feb/28", "UTC")?.date, "2028-02-29");
});

test("Jira CSV: done-ness from Status Category, not Resolved; canceled by resolution or name; backlog by name", async () => {
  const cases: [Record<string, string>, string, string | null][] = [
    [
      { Status: "Done", "Status Category": "Done", Resolution: "Done", Resolved: "27/Nov/26 9:00 AM" },
      "done",
      "2026-11-27T09:00:00.000Z",
    ],
    // reopened: Resolved is still filled in, but the category says it is not done
    [{ Status: "Reopened", "Status Category": "To Do", Resolved: "27/Nov/26 9:00 AM" }, "todo", null],
    // done with no Resolved at all: done, closed when its category changed
    [
      { Status: "Closed", "Status Category": "Done", "Status Category Changed": "28/Nov/26 8:00 AM" },
      "done",
      "2026-11-28T08:00:00.000Z",
    ],
    [
      { Status: "Done", "Status Category": "Done", Resolution: "Won't Do" },
      "canceled",
      "2026-11-26T10:15:00.000Z",
    ],
    [
      { Status: "Done", "Status Category": "Done", Resolution: "Duplicate" },
      "canceled",
      "2026-11-26T10:15:00.000Z",
    ],
    [{ Status: "Declined", "Status Category": "Done" }, "canceled", "2026-11-26T10:15:00.000Z"],
    [{ Status: "In Review", "Status Category": "In Progress" }, "in_progress", null],
    [{ Status: "Backlog", "Status Category": "To Do" }, "backlog", null],
    [{ Status: "Selected for Development", "Status Category": "To Do" }, "todo", null],
    // no category column value: the name decides
    [{ Status: "Resolved", "Status Category": "" }, "done", "2026-11-26T10:15:00.000Z"],
  ];
  const text = file(...cases.map(([extra], i) => row(base(`OPS-${i + 1}`, String(10001 + i), extra))));
  const { issues, problems } = await read(readJiraCsv, text);
  assert.deepEqual(problems, []);
  assert.deepEqual(
    issues.map((i) => [i.statusName, i.status, i.closedAt]),
    cases.map(([extra, status, closed]) => [extra.Status, status, closed]),
  );
  const unknown = await read(
    readJiraCsv,
    file(row(base("OPS-1", "1", { Status: "Zzz", "Status Category": "" }))),
  );
  assert.equal(unknown.issues[0]?.status, "todo");
  assert.deepEqual(
    unknown.problems.map((p) => p.message),
    ['Unknown status "Zzz" and no status category; read as todo.'],
  );
});

test("Jira priorities: Highest, High, Medium, Low, Lowest (low, not none), the old names, none, unknown", async () => {
  const cases: [string, string][] = [
    ["Highest", "urgent"],
    ["High", "high"],
    ["Medium", "medium"],
    ["Low", "low"],
    ["Lowest", "low"],
    ["Blocker", "urgent"],
    ["Critical", "high"],
    ["Major", "medium"],
    ["Minor", "low"],
    ["Trivial", "low"],
    ["", "none"],
    ["P9", "none"],
  ];
  const text = file(...cases.map(([p], i) => row(base(`OPS-${i + 1}`, String(i + 1), { Priority: p }))));
  const { issues, problems } = await read(readJiraCsv, text);
  assert.deepEqual(
    issues.map((i) => i.priority),
    cases.map(([, p]) => p),
  );
  assert.deepEqual(
    problems.map((p) => [p.sourceId, p.message, p.skipped]),
    [["OPS-12", 'Unknown priority "P9"; read as none.', false]],
  );
});

test("Jira CSV: Blocks links the right way round, relates, duplicates, parents by key, epic link and id", async () => {
  const text = file(
    // OPS-1 blocks OPS-2 (outward on OPS-1; Jira also writes the inward side on OPS-2)
    row(
      base("OPS-1", "10001", {
        "Outward issue link (Blocks)": "OPS-2",
        "Inward issue link (Relates)": "OPS-3",
      }),
    ),
    row(base("OPS-2", "10002", { "Inward issue link (Blocks)": ["OPS-1", "OPS-4"], "Parent key": "OPS-1" })),
    // OPS-3 blocks OPS-5, written only on OPS-3's side: the edge reaches OPS-5 when it comes
    row(
      base("OPS-3", "10003", {
        "Outward issue link (Blocks)": "OPS-5",
        "Outward issue link (Duplicate)": "OPS-1",
        "Inward issue link (Cloners)": "OPS-9",
        Parent: "10005",
      }),
    ),
    row(
      base("OPS-4", "10004", {
        "Outward issue link (Blocks)": "OPS-77",
        "Outward issue link (Relates)": "OPS-1",
      }),
    ),
    row(base("OPS-5", "10005", { Parent: "10001" })),
    row(base("OPS-6", "10006", { Parent: "99999", "Outward issue link (Blocks)": "OPS-1" })),
    row(base("OPS-7", "10007", { "Custom field (Epic Link)": "OPS-4" })),
  );
  const { problems, order, byKey } = await read(readJiraCsv, text);
  assert.deepEqual(byKey("OPS-2").blockedBySourceIds, ["OPS-1", "OPS-4"], "inward: OPS-2 is blocked by them");
  assert.deepEqual(byKey("OPS-1").blockedBySourceIds, [], "outward: OPS-1 blocks, it is not blocked");
  assert.deepEqual(
    byKey("OPS-5").blockedBySourceIds,
    ["OPS-3"],
    "an outward edge carried to the issue it blocks",
  );
  assert.deepEqual(byKey("OPS-1").relatedSourceIds, ["OPS-3"]);
  assert.deepEqual(byKey("OPS-4").relatedSourceIds, ["OPS-1"]);
  assert.equal(byKey("OPS-3").duplicateOfSourceId, "OPS-1");
  assert.equal(byKey("OPS-2").parentSourceId, "OPS-1", "Parent key");
  assert.equal(byKey("OPS-5").parentSourceId, "OPS-1", "a numeric parent id already read");
  assert.equal(byKey("OPS-3").parentSourceId, "OPS-5", "a numeric parent id read later: held until then");
  assert.equal(byKey("OPS-6").parentSourceId, null);
  assert.equal(byKey("OPS-7").parentSourceId, "OPS-4", "the Epic Link of older exports");
  assert.deepEqual(order, ["OPS-1", "OPS-2", "OPS-4", "OPS-5", "OPS-7", "OPS-3", "OPS-6"]);
  assert.deepEqual(
    problems.map((p) => [p.row, p.sourceId, p.message, p.skipped]),
    [
      [7, "OPS-6", "The parent (issue id 99999) is not in the file; imported without its parent.", false],
      [5, "OPS-4", "OPS-4 blocks OPS-77, which is not in the file; that edge is not imported.", false],
      [
        7,
        "OPS-6",
        "OPS-6 blocks OPS-1, but OPS-1 came earlier in the file without that link; that edge is not imported.",
        false,
      ],
    ],
  );
});

test("Jira CSV: not a Jira export is one clear error before any row; a broken quote names its row", async () => {
  const collect = async (text: string) => {
    for await (const _ of readJiraCsv(chunks(text), {})) assert.fail("no row may come before the refusal");
  };
  await assert.rejects(collect("Key,Title\nA-1,x\n"), (error: unknown) => {
    assert.ok(error instanceof DocketError);
    assert.equal(error.status, 400);
    assert.equal(
      error.message,
      "This is not a Jira CSV export: the header has no Issue key, Summary, Status, Created columns.",
    );
    return true;
  });
  await assert.rejects(
    collect("ID,Team,Title,Status,Created\nENG-1,Eng,x,Todo,\n"),
    /the header has no Issue key, Summary columns \(it looks like a Linear export; import it as linear\)/,
  );
  await assert.rejects(
    read(readJiraCsv, file(row(base("OPS-1", "1")), `"Broken,OPS-2,"2,x`)),
    /^DocketError: CSV row 3 \(line 3\): a closing quote is followed by "2" instead of a comma or a line end/,
  );
  await assert.rejects(read(readJiraCsv, file(), "Not/AZone"), /Unknown time zone "Not\/AZone"/);
  // a row without a key or a summary, or with a key seen before, is skipped and said so; story points not a number
  const skipped = await read(
    readJiraCsv,
    file(
      row(base("", "1")),
      row(base("OPS-2", "2", { Summary: "" })),
      row(base("OPS-3", "3", { "Custom field (Story point estimate)": "lots" })),
      row(base("OPS-3", "3")),
    ),
  );
  assert.deepEqual(
    skipped.issues.map((i) => [i.sourceId, i.estimate]),
    [["OPS-3", null]],
  );
  assert.deepEqual(
    skipped.problems.map((p) => [p.row, p.sourceId, p.message, p.skipped]),
    [
      [2, null, "The row has no issue key; skipped.", true],
      [3, "OPS-2", "The row has no summary; skipped.", true],
      [4, "OPS-3", 'Story points "lots" is not a number; left empty.', false],
      [5, "OPS-3", "OPS-3 is in the file twice (first in row 4); this row is skipped.", true],
    ],
  );
});

// ————————————————————————————————————————————— REST JSON —————————————————————————————————————————————

const adf = (...content: unknown[]) => ({ type: "doc", version: 1, content });
const p = (...content: unknown[]) => ({ type: "paragraph", content });
const t = (text: string, marks?: unknown[]) =>
  marks ? { type: "text", text, marks } : { type: "text", text };

function jiraIssue(key: string, id: string, fields: Record<string, unknown>) {
  return {
    expand: "operations,versionedRepresentations,editmeta,changelog,renderedFields",
    id,
    self: `https://acme.atlassian.net/rest/api/3/issue/${id}`,
    key,
    fields: {
      summary: `Issue ${key}`,
      status: { name: "To Do", statusCategory: { id: 2, key: "new", name: "To Do" } },
      priority: { name: "Medium", id: "3" },
      labels: [],
      created: "2026-11-26T10:15:00.000+0100",
      updated: "2026-11-26T11:15:00.000+0100",
      reporter: { accountId: "712020:ada", displayName: "Ada Lovelace", emailAddress: "Ada@Example.com" },
      issuelinks: [],
      ...fields,
    },
  };
}

test("Jira REST JSON: fields, ADF description and comments as Markdown, links both ways, sprint, story points", async () => {
  const body = {
    names: { customfield_10020: "Sprint", customfield_10028: "Story Points" },
    startAt: 0,
    maxResults: 50,
    total: 3,
    issues: [
      jiraIssue("OPS-1", "10001", {
        summary: "Payments time out",
        description: adf(
          { type: "heading", attrs: { level: 2 }, content: [t("Steps")] },
          p(
            t("Open "),
            t("checkout", [{ type: "strong" }]),
            t(" and pay; see "),
            t("the log", [{ type: "link", attrs: { href: "https://logs.example.com/1" } }]),
            t("."),
          ),
          {
            type: "bulletList",
            content: [
              { type: "listItem", content: [p(t("one"))] },
              {
                type: "listItem",
                content: [
                  p(t("two "), t("x < y", [{ type: "code" }])),
                  {
                    type: "orderedList",
                    attrs: { order: 3 },
                    content: [{ type: "listItem", content: [p(t("nested"))] }],
                  },
                ],
              },
            ],
          },
          { type: "codeBlock", attrs: { language: "ts" }, content: [t("const a = 1;\nconst b = 2;")] },
          p(
            t("Ping "),
            { type: "mention", attrs: { id: "712020:grace", text: "@Grace Hopper" } },
            t(" "),
            t("gone", [{ type: "strike" }, { type: "em" }]),
          ),
        ),
        status: { name: "In Progress", statusCategory: { key: "indeterminate", name: "In Progress" } },
        priority: { name: "Lowest" },
        labels: ["payments", "backend", "payments"],
        assignee: { accountId: "712020:grace", displayName: "Grace Hopper" },
        duedate: "2026-11-30",
        fixVersions: [{ name: "1.2" }, { name: "1.3" }],
        customfield_10028: 8,
        customfield_10016: 3,
        customfield_10020: [
          {
            id: 1,
            name: "OPS Sprint 1",
            state: "closed",
            boardId: 1,
            startDate: "2026-11-02T09:00:00.000Z",
            endDate: "2026-11-16T09:00:00.000Z",
          },
          {
            id: 2,
            name: "OPS Sprint 2",
            state: "active",
            boardId: 1,
            startDate: "2026-11-16T09:00:00.000Z",
            endDate: "2026-11-30T09:00:00.000Z",
          },
        ],
        issuelinks: [
          {
            id: "1",
            type: { name: "Blocks", inward: "is blocked by", outward: "blocks" },
            inwardIssue: { key: "OPS-2" },
          },
          {
            id: "2",
            type: { name: "Blocks", inward: "is blocked by", outward: "blocks" },
            outwardIssue: { key: "OPS-3" },
          },
          {
            id: "3",
            type: { name: "Relates", inward: "relates to", outward: "relates to" },
            outwardIssue: { key: "OPS-2" },
          },
        ],
        comment: {
          comments: [
            {
              id: "100",
              author: {
                accountId: "712020:grace",
                displayName: "Grace Hopper",
                emailAddress: "grace@example.com",
              },
              body: adf(p(t("Looking into it"))),
              created: "2026-11-26T12:00:00.000+0100",
            },
          ],
          maxResults: 1,
          total: 1,
          startAt: 0,
        },
      }),
      jiraIssue("OPS-2", "10002", {
        status: { name: "Done", statusCategory: { key: "done", name: "Done" } },
        resolution: { name: "Done" },
        resolutiondate: "2026-11-27T09:00:00.000+0100",
        parent: { id: "10001", key: "OPS-1" },
        issuelinks: [
          {
            id: "1",
            type: { name: "Blocks", inward: "is blocked by", outward: "blocks" },
            outwardIssue: { key: "OPS-1" },
          },
        ],
      }),
      jiraIssue("OPS-3", "10003", {
        status: { name: "Won't Do", statusCategory: { key: "done", name: "Done" } },
        resolution: { name: "Won't Do" },
        statuscategorychangedate: "2026-11-28T09:00:00.000+0100",
        description: "Wiki *text* from REST v2",
        issuelinks: [
          {
            id: "2",
            type: { name: "Blocks", inward: "is blocked by", outward: "blocks" },
            inwardIssue: { key: "OPS-1" },
          },
          {
            id: "4",
            type: { name: "Duplicate", inward: "is duplicated by", outward: "duplicates" },
            outwardIssue: { key: "OPS-2" },
          },
        ],
      }),
    ],
  };
  const { problems, byKey, issues } = await read(readJiraJson, JSON.stringify(body, null, 2), undefined, 13);
  assert.deepEqual(problems, []);
  assert.equal(issues.length, 3);
  const one = byKey("OPS-1");
  assert.equal(one.row, 1);
  assert.equal(one.sourceUrl, "https://acme.atlassian.net/browse/OPS-1");
  assert.equal(
    one.description,
    [
      "## Steps",
      "",
      "Open **checkout** and pay; see [the log](https://logs.example.com/1).",
      "",
      "- one",
      "- two `x < y`",
      "  3. nested",
      "",
      "```ts",
      "const a = 1;",
      "const b = 2;",
      "```",
      "",
      "Ping @Grace Hopper _~~gone~~_",
    ].join("\n"),
  );
  assert.equal(one.status, "in_progress");
  assert.equal(one.priority, "low", "Lowest is low, not none");
  assert.deepEqual(one.labels, ["payments", "backend"]);
  assert.deepEqual(one.assignee, { sourceId: "712020:grace", name: "Grace Hopper", email: null });
  assert.deepEqual(one.author, { sourceId: "712020:ada", name: "Ada Lovelace", email: "ada@example.com" });
  assert.equal(one.estimate, 8, "story points found through names");
  assert.equal(one.dueDate, "2026-11-30");
  assert.equal(one.milestone, "1.2");
  assert.deepEqual(one.cycle, {
    name: "OPS Sprint 2",
    startsAt: "2026-11-16T09:00:00.000Z",
    endsAt: "2026-11-30T09:00:00.000Z",
  });
  assert.deepEqual(one.blockedBySourceIds, ["OPS-2"], "inwardIssue: OPS-1 is blocked by OPS-2");
  assert.deepEqual(one.relatedSourceIds, ["OPS-2"]);
  assert.equal(one.createdAt, "2026-11-26T09:15:00.000Z");
  assert.equal(one.closedAt, null);
  assert.deepEqual(one.comments, [
    {
      sourceId: "OPS-1#comment-100",
      author: { sourceId: "712020:grace", name: "Grace Hopper", email: "grace@example.com" },
      body: "Looking into it",
      createdAt: "2026-11-26T11:00:00.000Z",
    },
  ]);
  const two = byKey("OPS-2");
  assert.equal(two.status, "done");
  assert.equal(two.closedAt, "2026-11-27T08:00:00.000Z");
  assert.equal(two.parentSourceId, "OPS-1");
  assert.deepEqual(two.blockedBySourceIds, [], "outwardIssue: OPS-2 blocks OPS-1, it is not blocked by it");
  const three = byKey("OPS-3");
  assert.equal(three.status, "canceled");
  assert.equal(three.closedAt, "2026-11-28T08:00:00.000Z");
  assert.deepEqual(three.blockedBySourceIds, ["OPS-1"]);
  assert.equal(three.duplicateOfSourceId, "OPS-2");
  assert.equal(three.description, "Wiki **text** from REST v2");
  assert.equal(three.estimate, null);
});

test("Jira REST JSON: an outward Blocks link reaches an issue later in the file; parents by id; problems", async () => {
  const body = {
    issues: [
      jiraIssue("OPS-1", "10001", {
        issuelinks: [
          {
            type: { name: "Blocks", inward: "is blocked by", outward: "blocks" },
            outwardIssue: { key: "OPS-2" },
          },
        ],
        parent: { id: "10002" },
        customfield_10016: 2,
      }),
      jiraIssue("OPS-2", "10002", {}),
      { key: "OPS-3" },
      jiraIssue("OPS-4", "10004", { created: "the other day" }),
      jiraIssue("OPS-5", "10005", {
        comment: {
          comments: [{ id: "1", body: adf(p(t("first"))), created: "2026-11-26T10:00:00.000Z" }],
          total: 30,
        },
        priority: null,
      }),
      jiraIssue("OPS-5", "10005", {}),
    ],
  };
  const { problems, byKey, order } = await read(readJiraJson, JSON.stringify(body));
  assert.deepEqual(order, ["OPS-2", "OPS-5", "OPS-1"]);
  assert.deepEqual(byKey("OPS-2").blockedBySourceIds, ["OPS-1"]);
  assert.equal(byKey("OPS-1").parentSourceId, "OPS-2");
  assert.equal(byKey("OPS-1").estimate, 2, "customfield_10016 when no names came first");
  assert.equal(byKey("OPS-5").priority, "none");
  assert.deepEqual(
    problems.map((pr) => [pr.row, pr.sourceId, pr.message, pr.skipped]),
    [
      [3, "OPS-3", 'The issue has no "key" or "fields"; skipped.', true],
      [4, "OPS-4", 'Dates that could not be read: created "the other day"; skipped.', true],
      [5, "OPS-5", "The file holds 1 of the issue's 30 comments; only those are imported.", false],
      [6, "OPS-5", "OPS-5 is in the file twice (first as issue 5); this one is skipped.", true],
    ],
  );
});

test("Jira REST JSON: a bare array of issues reads too; wrong shapes and broken JSON are refused before any row", async () => {
  const bare = await read(readJiraJson, JSON.stringify([jiraIssue("OPS-1", "1", {})]));
  assert.deepEqual(bare.order, ["OPS-1"]);
  // strings holding quotes, backslashes, brackets and braces, in members before and after the issues, byte by byte
  const tricky = `{"expand": "a\\\\\\"]}", "names": {"x": "[{\\"}"}, "issues" : [ ${JSON.stringify(
    jiraIssue("OPS-2", "2", { summary: 'He said "}]" \\ then ["left"] {ok}' }),
  )} , ${JSON.stringify(jiraIssue("OPS-3", "3", {}))} ] , "isLast": true, "n": -1.5e3 }`;
  const escaped = await read(readJiraJson, tricky, undefined, 1);
  assert.deepEqual(escaped.order, ["OPS-2", "OPS-3"]);
  assert.equal(escaped.issues[0]?.title, 'He said "}]" \\ then ["left"] {ok}');
  const empty = await read(readJiraJson, JSON.stringify({ startAt: 0, total: 0, issues: [] }));
  assert.deepEqual(empty.issues, []);

  const refuse = async (text: string, message: RegExp) => {
    await assert.rejects(
      (async () => {
        for await (const _ of readJiraJson(chunks(text), {}))
          assert.fail("no row may come before the refusal");
      })(),
      (error: unknown) => {
        assert.ok(error instanceof DocketError, String(error));
        assert.equal(error.status, 400);
        assert.match(error.message, message);
        return true;
      },
    );
  };
  await refuse(
    JSON.stringify({ total: 0, values: [] }),
    /not Jira's REST search JSON: it has no "issues" array/,
  );
  await refuse(JSON.stringify({ issues: { a: 1 } }), /its issues member is not an array/);
  await refuse(
    JSON.stringify({ issues: [{ number: 1, title: "GitHub" }] }),
    /the first issue has no "key" and "fields"/,
  );
  await refuse("42", /malformed at character 1: expected an object or an array/);
  await refuse("", /the file is empty/);
  await refuse('{"issues": [ {"key": "A-1", "fields": {', /the text ends inside a value/);
  await refuse('{"total" 3, "issues": []}', /malformed at character 10: expected ":"/);
  await refuse('{"issues": []} []', /text after the end of the JSON value/);
  await refuse('{"issues": [{"key": "A-1", "fields": {"summary": tru}}]}', /malformed at character 13/);
});

test("ADF: headings, marks, lists, tasks, quotes, panels, tables, rules, cards, emoji, media, unknown nodes", () => {
  const md = adfToMarkdown(
    adf(
      { type: "heading", attrs: { level: 1 }, content: [t("Title")] },
      p(t("a "), t("b", [{ type: "em" }]), { type: "hardBreak" }, t("c*d")),
      {
        type: "taskList",
        content: [
          { type: "taskItem", attrs: { state: "DONE" }, content: [t("ship")] },
          { type: "taskItem", attrs: { state: "TODO" }, content: [t("tell")] },
        ],
      },
      { type: "blockquote", content: [p(t("quoted")), p(t("twice"))] },
      { type: "panel", attrs: { panelType: "info" }, content: [p(t("note"))] },
      { type: "rule" },
      {
        type: "table",
        content: [
          {
            type: "tableRow",
            content: [
              { type: "tableHeader", content: [p(t("k"))] },
              { type: "tableHeader", content: [p(t("v"))] },
            ],
          },
          {
            type: "tableRow",
            content: [
              { type: "tableCell", content: [p(t("a|b"))] },
              { type: "tableCell", content: [p(t("1"))] },
            ],
          },
        ],
      },
      p({ type: "inlineCard", attrs: { url: "https://example.com/x" } }, t(" "), {
        type: "emoji",
        attrs: { shortName: ":smile:", text: "😄" },
      }),
      {
        type: "mediaSingle",
        content: [{ type: "media", attrs: { id: "abc", type: "file", alt: "screen.png" } }],
      },
      { type: "someFutureBlock", content: [p(t("kept"))] },
    ),
  );
  assert.equal(
    md,
    [
      "# Title",
      "",
      "a _b_  ",
      "c\\*d",
      "",
      "- [x] ship",
      "- [ ] tell",
      "",
      "> quoted",
      ">",
      "> twice",
      "",
      "> note",
      "",
      "---",
      "",
      "| k | v |",
      "| --- | --- |",
      "| a\\|b | 1 |",
      "",
      "<https://example.com/x> 😄",
      "",
      "(attachment: screen.png)",
      "",
      "kept",
    ].join("\n"),
  );
  assert.equal(adfToMarkdown(null), "");
  assert.equal(adfToMarkdown("plain"), "plain");
});

test("Jira wiki markup: headings, marks, links, mentions, lists, code, quotes, tables", () => {
  assert.equal(
    wikiToMarkdown(
      [
        "h1. Title",
        "*bold* and _it_ and -gone- and {{mono}}, [a link|https://x.example] [https://y.example] [~accountid:712020:ada]",
        "* one",
        "** nested",
        "# first",
        "bq. quoted",
        "{code:java}",
        "int *a* = 1;",
        "{code}",
        "{quote}",
        "said",
        "{quote}",
        "||h1||h2||",
        "|c1|c2|",
        "----",
      ].join("\r\n"),
    ),
    [
      "# Title",
      "**bold** and _it_ and ~~gone~~ and `mono`, [a link](https://x.example) <https://y.example> @712020:ada",
      "- one",
      "  - nested",
      "1. first",
      "> quoted",
      "```java",
      "int *a* = 1;",
      "```",
      "> said",
      "| h1 | h2 |",
      "| --- | --- |",
      "| c1 | c2 |",
      "---",
    ].join("\n"),
  );
});
