/**
 * The web app's speed, measured in Debian's Chromium against a seeded service (not timed tests):
 *  - the gzipped JavaScript of the first load (aim ≤ 250 KB);
 *  - the time from navigation to the issue list painted, on the 100,000-issue bench workspace
 *    (aim ≤ 1 s), cold (nothing cached) and warm (assets cached, as on every later visit);
 *  - the time for a change made through the REST API to appear in an open page (aim ≤ 1 s): an issue
 *    page and the issue list, each change followed until the page shows it.
 *
 *   node bench/web.ts                 # 100,000 issues in a temporary SQLite file
 *   node bench/web.ts --issues 10000
 *   BENCH_DATABASE_URL=… node bench/web.ts   # as bench/run.ts: a database whose name holds "bench"
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { ensureWebBuilt } from "../scripts/build-web.ts";
import { createSession, SESSION_COOKIE } from "../src/auth/web/sessions.ts";
import { acceptTerms } from "../src/auth/web/terms.ts";
import { loadConfig } from "../src/config.ts";
import { closeCore, createCore } from "../src/core.ts";
import { openStore } from "../src/db/store.ts";

process.env.DOCKET_SECRET_KEY ??= Buffer.alloc(32, 66).toString("base64");
const REPO = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    issues: { type: "string", default: "100000" },
    rounds: { type: "string", default: "10" },
    waterfall: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log("node bench/web.ts [--issues 100000] [--rounds 10]");
  process.exit(0);
}
const ISSUES = Number(values.issues);
const ROUNDS = Number(values.rounds);
const AIMS = { firstLoadKb: 250, listPaintMs: 1000, liveMs: 1000 };

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function run(command: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, command, {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString();
  });
  const code = await new Promise<number | null>((r) => child.once("close", r));
  if (code !== 0) throw new Error(`${command.join(" ")} exited ${code}`);
  return out;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}
function summary(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  return `p50 ${Math.round(quantile(s, 0.5))} ms, p99 ${Math.round(quantile(s, 0.99))} ms, max ${Math.round(s.at(-1) ?? 0)} ms (${s.length} runs)`;
}

const given = process.env.BENCH_DATABASE_URL?.trim();
const folder = given ? null : mkdtempSync(path.join(tmpdir(), "docket-web-bench-"));
const databaseUrl = given ?? path.join(folder!, "bench.sqlite");
if (given && !/bench/.test(given))
  throw new Error('BENCH_DATABASE_URL must name a database whose name contains "bench"');

const built = await ensureWebBuilt({ quiet: true });
console.log(`web app ${built === "built" ? "built" : "up to date"}`);
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
console.log(`seeding ${ISSUES.toLocaleString("en")} issues …`);
const fixture = JSON.parse(
  (await run(["bench/prepare.ts", databaseUrl, String(ISSUES)], { BASE_URL: baseUrl }))
    .trim()
    .split("\n")
    .at(-1)!,
) as {
  token: string;
};

// a signed-in session for the workspace's owner, as the sign-in page makes one
const config = loadConfig({ DATABASE_URL: databaseUrl, DOCKET_SECRET_KEY: process.env.DOCKET_SECRET_KEY });
const store = openStore(config.database);
const core = createCore(config, store);
const owner = await core.db
  .selectFrom("workspaces")
  .select(["owner_id"])
  .where("slug", "=", "bench")
  .executeTakeFirstOrThrow();
await acceptTerms(core, owner.owner_id);
const { cookie } = await createSession(core, { personId: owner.owner_id });
await closeCore(core);
await store.close();

const server = spawn(process.execPath, ["src/cli/main.ts", "serve"], {
  cwd: REPO,
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    BASE_URL: baseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    REST_RATE_LIMIT: "1000000",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

/** What the measuring functions read in the page (this file is typed without the DOM's types). */
interface PageGlobals {
  document: { body: { innerText: string }; querySelector(selector: string): { innerText: string } | null };
}

const rest = async (method: string, url: string, body?: unknown) => {
  const res = await fetch(`${baseUrl}/v1${url}`, {
    method,
    headers: {
      authorization: `Bearer ${fixture.token}`,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
};

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 200) throw new Error("the service did not become ready");
    await new Promise((r) => setTimeout(r, 100));
  }
  const listUrl = `${baseUrl}/bench/issues`;
  // the list is painted when rows with identifiers are on the screen (functions, not strings: the
  // page's Content-Security-Policy forbids evaluating strings)
  const listPainted = () => {
    const main = (globalThis as unknown as PageGlobals).document.querySelector("main");
    return !!main && /\b[A-Z]{2,}-\d+\b/.test(main.innerText);
  };
  const pageShows = (text: string) =>
    (globalThis as unknown as PageGlobals).document.body.innerText.includes(text);

  // 1. first load: the JavaScript a fresh browser fetches to show the list, gzipped
  const cold: number[] = [];
  const waterfall: string[] = [];
  const warm: number[] = [];
  let firstLoad = { raw: 0, gzip: 0, files: 0 };
  for (let round = 0; round < 5; round++) {
    const context = await browser.newContext({ viewport: { width: 1360, height: 860 } });
    await context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: baseUrl }]);
    const page = await context.newPage();
    const scripts: Promise<Buffer>[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script") scripts.push(r.body());
    });
    // the first cold load's requests, as a waterfall (ms after navigation: start → end)
    const started = Date.now();
    if (round === 0) {
      page.on("requestfinished", (r) => {
        const t = r.timing();
        waterfall.push(
          `${String(Math.round(t.startTime - started + (t.responseEnd > 0 ? 0 : 0))).padStart(5)} → ${String(Math.round(Date.now() - started)).padStart(5)} ms  ${r.method()} ${r.url().replace(baseUrl, "")}`,
        );
      });
    }
    await page.goto(listUrl, { waitUntil: "commit" });
    await page.waitForFunction(listPainted, undefined, { timeout: 30_000, polling: "raf" });
    cold.push(await page.evaluate(() => performance.now()));
    if (round === 0) {
      const bodies = await Promise.all(scripts);
      firstLoad = {
        files: bodies.length,
        raw: bodies.reduce((n, b) => n + b.length, 0),
        gzip: bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
      };
    }
    // warm: the same browser again, its assets cached
    await page.goto(listUrl, { waitUntil: "commit" });
    await page.waitForFunction(listPainted, undefined, { timeout: 30_000, polling: "raf" });
    warm.push(await page.evaluate(() => performance.now()));
    await context.close();
  }

  // 2. live: a REST change shown in an open page
  const context = await browser.newContext({ viewport: { width: 1360, height: 860 } });
  await context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: baseUrl }]);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/bench/issue/ENG-1`);
  await page.waitForFunction(pageShows, "ENG-1", { timeout: 30_000 });
  await page.waitForTimeout(1500); // the event stream connected
  const onIssuePage: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const title = `Renamed in round ${round} ${Date.now()}`;
    const started = Date.now();
    await rest("PATCH", "/issues/ENG-1", { title });
    await page.waitForFunction(pageShows, title, { timeout: 10_000, polling: "raf" });
    onIssuePage.push(Date.now() - started);
  }
  await page.goto(`${listUrl}?group=none&sort=-updated`);
  await page.waitForFunction(listPainted, undefined, { timeout: 30_000 });
  await page.waitForTimeout(1500);
  const onList: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const title = `Moved up in round ${round} ${Date.now()}`;
    const started = Date.now();
    await rest("PATCH", `/issues/ENG-${100 + round}`, { title });
    await page.waitForFunction(pageShows, title, { timeout: 10_000, polling: "raf" });
    onList.push(Date.now() - started);
  }
  await context.close();

  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const ok = (good: boolean) => (good ? "meets the aim" : "MISSES the aim");
  const s = (xs: number[]) => [...xs].sort((a, b) => a - b);
  console.log(
    `\nweb app, ${ISSUES.toLocaleString("en")} issues (SQLite unless BENCH_DATABASE_URL), Chromium headless`,
  );
  console.log(
    `first load JS: ${firstLoad.files} files, ${kb(firstLoad.raw)} raw, ${kb(firstLoad.gzip)} gzipped — ${ok(firstLoad.gzip / 1024 <= AIMS.firstLoadKb)} (≤ ${AIMS.firstLoadKb} KB)`,
  );
  console.log(
    `navigation → issue list painted, cold: ${summary(cold)} — ${ok(quantile(s(cold), 0.5) <= AIMS.listPaintMs)} (≤ ${AIMS.listPaintMs} ms)`,
  );
  console.log(`navigation → issue list painted, warm: ${summary(warm)}`);
  if (values.waterfall) console.log(`first cold load:\n  ${waterfall.join("\n  ")}`);
  console.log(
    `REST change → open issue page: ${summary(onIssuePage)} — ${ok(quantile(s(onIssuePage), 0.99) <= AIMS.liveMs)} (≤ ${AIMS.liveMs} ms)`,
  );
  console.log(
    `REST change → open issue list: ${summary(onList)} — ${ok(quantile(s(onList), 0.99) <= AIMS.liveMs)} (≤ ${AIMS.liveMs} ms)`,
  );
} finally {
  await browser.close();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("close", r));
  if (folder) rmSync(folder, { recursive: true, force: true });
}
