import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { clockTime, humanTime } from "../../src/cli/client/time.ts";
import { editDistance, suggest } from "../../src/cli/command.ts";
import { FILL_KEEPS, FILL_OTHERS, table, truncate } from "../../src/cli/output.ts";

describe("the nearest command to a typo", () => {
  test("edits, with a swap of two neighbours counted once", () => {
    assert.equal(editDistance("isues", "issues"), 1);
    assert.equal(editDistance("lsit", "list"), 1);
    assert.equal(editDistance("list", "list"), 0);
    assert.equal(editDistance("", "abc"), 3);
    assert.equal(editDistance("kitten", "sitting"), 3);
  });

  const groups = ["issues", "inbox", "cycles", "claims", "claim", "comment", "comments", "admin", "serve"];
  test("the nearest within a third of the word, ignoring case", () => {
    assert.equal(suggest("isues", groups), "issues");
    assert.equal(suggest("ISSUES", groups), "issues");
    assert.equal(suggest("cylces", groups), "cycles");
    assert.equal(suggest("inbx", groups), "inbox");
    assert.equal(suggest("serv", groups), "serve");
    assert.equal(suggest("lsit", ["list", "show", "create"]), "list");
  });

  test("a word that starts the command, or that the command starts", () => {
    assert.equal(suggest("issue", groups), "issues");
    assert.equal(suggest("milestone", ["milestones", "members"]), "milestones");
  });

  test("no guess when nothing is near, when two are equally near, or for an empty word", () => {
    assert.equal(suggest("frobnicate", groups), undefined);
    assert.equal(suggest("x", groups), undefined);
    assert.equal(suggest("", groups), undefined);
    // "commen" is one edit from "comment" and two from "comments": the nearer wins
    assert.equal(suggest("commen", groups), "comment");
    // "clam" is one edit from "claim" and two from "claims"
    assert.equal(suggest("clam", groups), "claim");
    assert.equal(suggest("ab", ["ac", "ad"]), undefined, "a tie is no guess");
  });
});

describe("times as people read them", () => {
  // local times, so the test holds in any time zone
  const now = new Date(2026, 10, 26, 15, 30, 0);
  const at = (...parts: [number, number, number, number?, number?, number?]) =>
    new Date(parts[0], parts[1], parts[2], parts[3] ?? 0, parts[4] ?? 0, parts[5] ?? 0).toISOString();
  const h = (iso: string, precise = false) => humanTime(iso, { now, precise });

  test("the last hour in minutes, the last twelve in hours", () => {
    assert.equal(h(at(2026, 10, 26, 15, 29, 30)), "just now");
    assert.equal(h(at(2026, 10, 26, 15, 30, 0)), "just now");
    assert.equal(h(at(2026, 10, 26, 15, 29, 0)), "1 minute ago");
    assert.equal(h(at(2026, 10, 26, 15, 5, 0)), "25 minutes ago");
    assert.equal(h(at(2026, 10, 26, 14, 30, 0)), "1 hour ago");
    assert.equal(h(at(2026, 10, 26, 12, 20, 0)), "3 hours ago");
    assert.equal(h(at(2026, 10, 26, 3, 31, 0)), "11 hours ago");
  });

  test("then today and yesterday with the clock, the week by weekday, a date for older", () => {
    assert.equal(h(at(2026, 10, 26, 3, 0, 0)), "today 03:00");
    assert.equal(h(at(2026, 10, 25, 14, 2, 0)), "yesterday 14:02");
    assert.equal(h(at(2026, 10, 25, 23, 59, 0)), "yesterday 23:59");
    assert.equal(h(at(2026, 10, 24, 9, 5, 0)), "Tue 09:05");
    assert.equal(h(at(2026, 10, 20, 9, 5, 0)), "Fri 09:05");
    assert.equal(h(at(2026, 10, 19, 9, 5, 0)), "2026-11-19");
    assert.equal(h(at(2025, 2, 12, 14, 2, 0)), "2025-03-12");
    assert.equal(h(at(2025, 2, 12, 14, 2, 0), true), "2025-03-12 14:02", "with the clock on a page");
  });

  test("the future likewise", () => {
    assert.equal(h(at(2026, 10, 26, 15, 30, 20)), "in a moment");
    assert.equal(h(at(2026, 10, 26, 15, 50, 0)), "in 20 minutes");
    assert.equal(h(at(2026, 10, 26, 17, 30, 0)), "in 2 hours");
    assert.equal(h(at(2026, 10, 27, 9, 0, 0)), "tomorrow 09:00");
    assert.equal(h(at(2026, 11, 24, 9, 0, 0)), "2026-12-24");
  });

  test("nothing stays nothing; what is not a time is shown as it came", () => {
    assert.equal(humanTime(null), null);
    assert.equal(humanTime(undefined), null);
    assert.equal(humanTime(""), null);
    assert.equal(humanTime("soon"), "soon");
    assert.equal(humanTime(new Date().toISOString()), "just now", "now unless told");
  });

  test("the clock of a moment, for lines that follow as things happen", () => {
    assert.equal(clockTime(at(2026, 10, 26, 9, 4, 7)), "09:04:07");
    assert.equal(clockTime("not a time"), "not a time");
  });
});

describe("the title takes the width", () => {
  const headers = ["ID", "TITLE", "ASSIGNEE", "LABELS", "UPDATED"];
  const row = [
    "ENG-12",
    "Make the sign-in page say which address the code went to, and when it expires",
    "Ada Lovelace (for Grace Hopper)",
    "auth,frontend,needs-design,customer",
    "3 hours ago",
  ];

  test("the other columns are cut to FILL_OTHERS first, the title gets the rest", () => {
    const out = table(headers, [row], { width: 100, shrink: [1, 2, 3], fill: 1 });
    const [head, line] = out.split("\n");
    assert.ok(line!.length <= 100 && head!.length <= 100);
    const cells = line!.split(/\s{2,}/);
    assert.equal(cells[2], truncate(row[2]!, FILL_OTHERS));
    assert.equal(cells[3], truncate(row[3]!, FILL_OTHERS));
    assert.equal(line!.length, 100, "every column left over goes to the title");
    assert.equal(cells[1], truncate(row[1]!, 100 - 6 - FILL_OTHERS * 2 - 11 - 8));
    // without fill, the widest is cut first: the title is brought down to the others' width
    const before = table(headers, [row], { width: 100, shrink: [1, 2, 3] })
      .split("\n")[1]!
      .split(/\s{2,}/);
    assert.ok(before[1]!.length < cells[1]!.length, `${before[1]} vs ${cells[1]}`);
  });

  test("a title that fits is not padded past its width; nothing is cut that need not be", () => {
    const short = ["ENG-1", "Fix login", "Ada", "auth,frontend,needs-design,customer", "just now"];
    const out = table(headers, [short], { width: 100, shrink: [1, 2, 3], fill: 1 });
    assert.equal(
      out.split("\n")[1],
      "ENG-1  Fix login  Ada       auth,frontend,needs-design,customer  just now",
    );
  });

  test("narrower: the title keeps FILL_KEEPS while the others go down to their headers", () => {
    const out = table(headers, [row], { width: 70, shrink: [1, 2, 3], fill: 1 });
    const cells = out.split("\n")[1]!.split(/\s{2,}/);
    assert.ok(out.split("\n").every((l) => l.length <= 70));
    assert.equal(cells[1]!.length, FILL_KEEPS);
    assert.ok(cells[2]!.length < FILL_OTHERS && cells[3]!.length < FILL_OTHERS);
    const tiny = table(headers, [row], { width: 40, shrink: [1, 2, 3], fill: 1 });
    assert.ok(
      tiny.split("\n").every((l) => l.length <= 40),
      "and at the last all cut to fit",
    );
    assert.match(tiny, /^ENG-12 /m, "the identifier is never cut");
  });

  test("a cut never leaves a space before the …", () => {
    assert.equal(truncate("A very long title", 8), "A very…");
    assert.equal(truncate("abc", 3), "abc");
  });
});
