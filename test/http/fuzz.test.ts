import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { operations } from "../../src/http/v1/route.ts";
import { type Api, api } from "../support.ts";

/**
 * Every REST operation, fed odd input: random and hostile values in its path, query, body and
 * headers (NUL, lone surrogates, huge numbers, long strings, wrong types, deep nesting, malformed
 * JSON), seeded so a failure repeats (FUZZ_SEED, FUZZ_PER_OPERATION). Whatever arrives, the answer is never a 5xx: bad input is a 4xx
 * that names what is wrong. Runs on the store under test (SQLite, or PostgreSQL in CI's second run).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? 24);

/** A small seeded generator (mulberry32), so a failing request can be made again. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// biome-ignore lint/suspicious/noExplicitAny: zod internals are read to find an object's keys
function keysOf(schema: any): string[] {
  for (let s = schema, i = 0; s && i < 6; i++) {
    if (s instanceof z.ZodObject) return Object.keys(s.shape);
    s = s._zod?.def?.in ?? s._zod?.def?.schema ?? s._zod?.def?.innerType;
  }
  return [];
}

const HOSTILE_STRINGS = [
  "",
  " ",
  "a\u0000b",
  "\u0000",
  "\ud800",
  "x\udfffy",
  "\u202eevil",
  "x".repeat(20_000),
  "🙂".repeat(3000),
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "%00",
  "%",
  "null",
  "-1",
  "0",
  "1e309",
  "9".repeat(40),
  "ENG-1",
  "eng-999999999999",
  "iss_00000000000000000000000000",
  "usr_01JZZZZZZZZZZZZZZZZZZZZZZZ",
  "2026-02-30",
  "2026-03-01T25:00:00Z",
  "*",
  "me",
  "done",
  "todo",
  "high",
  "a,b,,c",
  '"quoted"',
  "\\",
  "\r\nX-Injected: 1",
];
const HOSTILE_NUMBERS = [0, -1, 1, 1.5, -0, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, 86_401, 101];

function junk(r: () => number, real: string[], depth = 0): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const roll = r();
  if (roll < 0.35) return pick(HOSTILE_STRINGS);
  if (roll < 0.5) return pick(real);
  if (roll < 0.65) return pick(HOSTILE_NUMBERS);
  if (roll < 0.7) return pick([true, false, null]);
  if (roll < 0.85 && depth < 3)
    return Array.from({ length: Math.floor(r() * 4) }, () => junk(r, real, depth + 1));
  if (roll < 0.9) return Array.from({ length: 1000 }, (_, i) => `label-${i}`);
  if (depth < 3)
    return Object.fromEntries([
      ["x", junk(r, real, depth + 1)],
      [pick(HOSTILE_STRINGS), 1],
    ]);
  return {};
}

function deep(n: number): string {
  return `${"[".repeat(n)}${"]".repeat(n)}`;
}

interface Attempt {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function attempts(r: () => number, real: string[]): Attempt[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const out: Attempt[] = [];
  for (const o of operations) {
    if (o.eventStream || o.rawBody) continue;
    const queryKeys = keysOf(o.query);
    const bodyKeys = keysOf(o.body);
    for (let n = 0; n < PER_OPERATION; n++) {
      const path = o.path.replace(/:([A-Za-z_]+)/g, () => {
        const v = r() < 0.5 ? pick(real) : String(pick(HOSTILE_STRINGS)).slice(0, 300);
        // a lone surrogate goes as the bytes of one (not UTF-8 at all)
        return v.isWellFormed() ? encodeURIComponent(v) : `${encodeURIComponent(v.toWellFormed())}%ED%A0%80`;
      });
      const search = new URLSearchParams();
      for (const key of queryKeys) {
        if (r() < 0.4) continue;
        const v = junk(r, real);
        search.append(key, typeof v === "string" ? v.slice(0, 3000) : JSON.stringify(v));
      }
      if (r() < 0.1) search.append(pick(HOSTILE_STRINGS).slice(0, 50) || "unknown", "1");
      const headers: Record<string, string> = {};
      if (r() < 0.15)
        headers["if-match"] = pick(['"1"', 'W/"1"', "*", "garbage", '"1-abc"', '"99999999999999999999"']);
      if (r() < 0.1) headers["if-none-match"] = pick(['"1"', "*", "x"]);
      if (r() < 0.15 && o.method === "POST")
        headers["idempotency-key"] = pick(["k", "x".repeat(300), "ünïcode", `fuzz-${n}`]);
      if (r() < 0.1)
        headers["docket-fencing-token"] = pick(["1", "0", "-1", "1e3", "0x1", "abc", "9".repeat(30)]);
      if (r() < 0.05)
        headers["docket-workspace"] = pick([
          "acme",
          "nope",
          "ws_01JZZZZZZZZZZZZZZZZZZZZZZZ",
          "x".repeat(100),
        ]);
      if (r() < 0.05) headers.accept = pick(["text/markdown", "application/xml", "*/*"]);
      let payload: string | undefined;
      if (o.method !== "GET" && o.method !== "DELETE") {
        const shape = r();
        if (shape < 0.6) {
          const body: Record<string, unknown> = {};
          for (const key of bodyKeys) if (r() < 0.6) body[key] = junk(r, real);
          payload = JSON.stringify(body);
        } else if (shape < 0.75) payload = JSON.stringify(junk(r, real));
        else
          payload = pick([
            "{",
            "[]",
            "null",
            '"x"',
            '{"a":1,}',
            deep(5000),
            "\u0000",
            '{"title":"\\ud800"}',
            "",
          ]);
        headers["content-type"] =
          r() < 0.95
            ? "application/json"
            : pick(["text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1"]);
      }
      const qs = search.toString();
      out.push({
        method: o.method,
        url: `/v1${path}${qs ? `?${qs}` : ""}`,
        headers,
        ...(payload !== undefined ? { payload } : {}),
      });
    }
  }
  return out;
}

/**
 * Requests that succeed as they are, to be spoiled one field at a time: each field in turn takes each
 * hostile value, the rest staying valid, so the odd value reaches the code behind validation too.
 */
function templates(ids: Record<string, string>): [string, string, Record<string, unknown>][] {
  return [
    [
      "POST",
      "/v1/issues",
      {
        title: "T",
        description: "D",
        priority: "high",
        status: "todo",
        labels: ["a"],
        estimate: 3,
        due_on: "2026-04-01",
        blockedBy: ["ENG-1"],
      },
    ],
    [
      "PATCH",
      "/v1/issues/ENG-2",
      {
        title: "T",
        description: "D",
        priority: "low",
        status: "in_progress",
        assignee: "me",
        labels: ["b"],
        cycle: ids.cycle!,
        milestone: ids.milestone!,
      },
    ],
    ["POST", "/v1/issues/ENG-2/dependencies", { relatesTo: ["ENG-1"] }],
    [
      "POST",
      "/v1/decisions",
      { title: "T", context: "C", decision: "D", consequences: "Q", status: "proposed", issues: ["ENG-1"] },
    ],
    ["PATCH", `/v1/decisions/${ids.decision}`, { title: "T", context: "C" }],
    ["POST", "/v1/notes", { title: "T", body: "B", folder: ids.folder!, issues: ["ENG-1"] }],
    ["PATCH", `/v1/notes/${ids.note}`, { title: "T", body: "B" }],
    ["POST", "/v1/folders", { name: "F", parent: ids.folder! }],
    ["POST", "/v1/cycles", { name: "C", starts_on: "2026-04-01", ends_on: "2026-04-10" }],
    ["POST", "/v1/milestones", { name: "M", description: "D", target_date: "2026-05-01" }],
    ["POST", "/v1/issues/ENG-1/comments", { body: "Hi @ada@example.com" }],
    ["PATCH", `/v1/comments/${ids.comment}`, { body: "Edited" }],
    [
      "POST",
      "/v1/issues/ENG-1/approvals",
      { question: "Q?", options: ["Yes", "No"], from: "ada@example.com" },
    ],
    ["POST", "/v1/claims", { space: "ENG", ttl_seconds: 600 }],
    ["POST", "/v1/bundles/preview", { issue: "ENG-1", max_tokens: 2000 }],
    ["POST", "/v1/webhooks", { url: "http://127.0.0.1:9/hook", events: ["issue.*"], description: "D" }],
    ["PATCH", "/v1/spaces/ENG", { done_requires: "anyone", reviewers: [] }],
    ["PATCH", "/v1/inbox/settings", { email: "off" }],
    ["POST", "/v1/files/upload-url", { content_type: "text/plain", size: 5 }],
  ];
}

function spoiled(ids: Record<string, string>): Attempt[] {
  const out: Attempt[] = [];
  for (const [method, url, body] of templates(ids)) {
    for (const key of Object.keys(body)) {
      for (const value of [
        ...HOSTILE_STRINGS,
        ...HOSTILE_NUMBERS,
        null,
        true,
        [],
        {},
        [HOSTILE_STRINGS[2]],
      ]) {
        out.push({
          method,
          url,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ ...body, [key]: value }),
        });
      }
    }
  }
  return out;
}

async function world(a: Api): Promise<{ real: string[]; ids: Record<string, string> }> {
  const make = async (url: string, body: unknown) => {
    const res = await a.call("POST", url, body);
    assert.ok(res.status < 300, `${url}: ${res.text}`);
    return res.body as { id: string };
  };
  await make("/v1/issues", { title: "One", status: "todo" });
  await make("/v1/issues", { title: "Two", blockedBy: ["ENG-1"] });
  const decision = await make("/v1/decisions", { title: "Decision" });
  const note = await make("/v1/notes", { title: "Note", body: "Body" });
  const folder = await make("/v1/folders", { name: "Folder" });
  const cycle = await make("/v1/cycles", { starts_on: "2026-02-25", ends_on: "2026-03-10" });
  const milestone = await make("/v1/milestones", { name: "Beta" });
  const comment = await make("/v1/issues/ENG-1/comments", { body: "Hi" });
  const approval = await make("/v1/issues/ENG-1/approvals", { question: "Ship?" });
  const claim = await make("/v1/claims", { issue: "ENG-1" });
  const ids = {
    decision: decision.id,
    note: note.id,
    folder: folder.id,
    cycle: cycle.id,
    milestone: milestone.id,
    comment: comment.id,
    approval: approval.id,
    claim: claim.id,
  };
  return { real: ["ENG-1", "ENG-2", "eng-2", ...Object.values(ids), "ENG"], ids };
}

test(`fuzz: ${PER_OPERATION} odd requests to every REST operation and each field of valid writes spoiled, never a 5xx (seed ${SEED})`, async (t) => {
  const a = await api(t, { WEBHOOK_ALLOW_PRIVATE: "true", REST_RATE_LIMIT: "0" });
  const { real, ids } = await world(a);
  const r = rng(SEED);
  const failures: string[] = [];
  let sent = 0;
  const byStatus = new Map<number, number>();
  for (const attempt of [...attempts(r, real), ...spoiled(ids)]) {
    const shown = () =>
      `${attempt.method} ${attempt.url.slice(0, 300)} ${JSON.stringify(attempt.headers)} ${(attempt.payload ?? "").slice(0, 300)}`;
    let res: Awaited<ReturnType<typeof a.app.inject>>;
    try {
      res = await a.app.inject({
        method: attempt.method as "GET",
        url: attempt.url,
        headers: { authorization: `Bearer ${a.token}`, ...attempt.headers },
        ...(attempt.payload !== undefined ? { payload: attempt.payload } : {}),
      });
    } catch (error) {
      // the contract check: an answer the OpenAPI document does not describe
      failures.push(
        `${shown()} → ${String((error as Error).message)
          .replace(/^.*? answered/s, "answered")
          .slice(0, 400)}`,
      );
      continue;
    }
    sent++;
    // FUZZ_TRACE=1 prints each request as it is answered: the last line names one that never was
    if (process.env.FUZZ_TRACE) console.log(`${sent} ${res.statusCode} ${shown().slice(0, 200)}`);
    byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
    if (res.statusCode >= 500) {
      failures.push(`${shown()} → ${res.statusCode} ${res.body.slice(0, 300)}`);
    }
  }
  t.diagnostic(
    `${sent} requests: ${[...byStatus]
      .sort((x, y) => x[0] - y[0])
      .map(([s, n]) => `${s}×${n}`)
      .join(" ")}`,
  );
  assert.ok(sent > 1000, `only ${sent} requests were made`);
  assert.deepEqual(failures, [], `${failures.length} answers were 5xx`);
});
