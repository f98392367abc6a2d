import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  burnDownChart,
  drawTree,
  formatBytes,
  painter,
  progressBar,
  type Terminal,
  terminal,
} from "../../src/cli/client/render.ts";
import { table, truncate } from "../../src/cli/output.ts";

const tty = (isTTY: boolean, columns = 100) => ({ isTTY, columns, write: () => true });

describe("terminal output", () => {
  test("colour on a terminal only, never with NO_COLOR; FORCE_COLOR off a terminal", () => {
    assert.equal(terminal({}, tty(true), tty(true)).color, true);
    assert.equal(terminal({}, tty(false), tty(false)).color, false);
    assert.equal(terminal({ NO_COLOR: "1" }, tty(true), tty(true)).color, false);
    assert.equal(terminal({ NO_COLOR: "" }, tty(true), tty(true)).color, true, "an empty NO_COLOR is unset");
    assert.equal(terminal({ TERM: "dumb" }, tty(true), tty(true)).color, false);
    assert.equal(terminal({ FORCE_COLOR: "1" }, tty(false), tty(false)).color, true);
    assert.equal(terminal({ FORCE_COLOR: "1", NO_COLOR: "1" }, tty(false), tty(false)).color, false);
    assert.equal(terminal({}, tty(true, 72), tty(true)).width, 72);
    assert.equal(terminal({ COLUMNS: "40" }, tty(true, 72), tty(true)).width, 40);
    assert.equal(terminal({}, tty(false), tty(false)).width, undefined);
    assert.equal(terminal({}, tty(false), tty(true)).progress, true);
    const paint = painter(terminal({ FORCE_COLOR: "1" }, tty(false), tty(false)));
    assert.equal(paint("done", "green"), "\u001b[32mdone\u001b[39m");
    assert.equal(painter(terminal({}, tty(false), tty(false)))("done", "green"), "done");
  });

  test("tables cut the columns that may shrink, the last named first, and never past the width", () => {
    assert.equal(truncate("abcdef", 4), "abc…");
    assert.equal(truncate("abc", 4), "abc");
    const rows = [["ENG-1", "A title long enough to be cut somewhere", "a-label,another-label"]];
    const full = table(["ID", "TITLE", "LABELS"], rows);
    assert.equal(
      full.split("\n")[1],
      "ENG-1  A title long enough to be cut somewhere  a-label,another-label",
    );
    const cut = table(["ID", "TITLE", "LABELS"], rows, { width: 40, shrink: [1, 2] });
    assert.equal(
      cut,
      "ID     TITLE            LABELS\nENG-1  A title long e…  a-label,another…",
      "the widest first",
    );
    const tight = table(["ID", "TITLE", "LABELS"], rows, { width: 18, shrink: [1, 2] });
    assert.equal(tight.split("\n")[1], "ENG-1  A ti…  a-l…", "then down to 4, the last named first");
    const fixed = table(["ID", "TITLE"], [rows[0]!.slice(0, 2)], { width: 10, shrink: [1] });
    assert.match(fixed, /^ENG-1 {2}A t…$/m, "the identifier is never cut");
    assert.equal(table(["A"], []), "(none)");
  });

  test("trees are drawn with box characters", () => {
    const tree = drawTree([
      {
        label: "ENG-3",
        children: [
          { label: "ENG-2", children: [{ label: "ENG-1", children: [] }] },
          { label: "ENG-4", children: [] },
        ],
      },
    ]);
    assert.equal(tree, ["ENG-3", "├── ENG-2", "│   └── ENG-1", "└── ENG-4"].join("\n"));
  });

  test("the burn-down chart: a column a day, the ideal line, the scale and the dates", () => {
    const chart = burnDownChart(
      {
        actual: [4, 4, 3],
        ideal: [8, 6, 4, 2, 0],
        dates: ["2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"],
      },
      { height: 4, width: 80 },
    );
    assert.equal(
      chart,
      ["8 ┤·", "  ┤  ·", "  ┤█ █ ▄", "0 ┤█ █ █ · ·", "  └──────────", "   2026-03-02 2026-03-06"].join("\n"),
      "half a block where 3 of 8 stand four rows high; the ideal line runs on past today",
    );
  });

  test("progress bars draw on a terminal's stderr only", () => {
    const written: string[] = [];
    const t: Terminal = { color: false, width: 80, progress: true, stderr: (s) => written.push(s) };
    const bar = progressBar(t, "report.pdf", 2048);
    bar.tick(1024);
    bar.tick(1024);
    bar.finish();
    assert.match(written[0]!, /^\rreport\.pdf \[█{12}░{12}\] {2}50% 1\.0 KiB\/2\.0 KiB$/);
    assert.match(written.at(-1)!, /\[█{24}\] 100% 2\.0 KiB\/2\.0 KiB\n$/);
    const quiet: string[] = [];
    const silent = progressBar({ ...t, progress: false, stderr: (s) => quiet.push(s) }, "x", 10);
    silent.tick(10);
    silent.finish();
    assert.deepEqual(quiet, []);
    assert.equal(formatBytes(300_000), "293 KiB");
    assert.equal(formatBytes(12), "12 B");
  });
});
