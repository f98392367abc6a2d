/**
 * The code hosts bench: a burst of signed GitHub webhook deliveries, as a push of many commits arrives.
 *
 *   node bench/codehosts.ts                         # SQLite in a temporary folder
 *   node bench/codehosts.ts --deliveries 1000 --concurrency 1000
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/docket_bench DOCKET_SECRET_KEY=… node bench/codehosts.ts
 *
 * It starts `docket serve` in its own process, makes 100 issues and a GitHub integration, then sends
 * `--deliveries` push deliveries (each one commit whose message names an issue, each signed with the
 * integration's secret), `--concurrency` at a time, and reports deliveries/s and each delivery's answer
 * time (p50, p99, max: GitHub gives up after 10 s). Then one push of 1,000 commits in one delivery.
 * Every answer must be 202 and every commit linked. `--in-process` takes the same burst without HTTP
 * (the delivery function called directly, all at once), to tell the service's own cost from the
 * HTTP server's and the client's on the same machine.
 */
import { createHmac, randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchDatabase, benchService } from "./database.ts";

const REPO = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    deliveries: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "1000" },
    issues: { type: "string", default: "100" },
    port: { type: "string", default: "0" },
    "in-process": { type: "boolean", default: false },
  },
});
const DELIVERIES = Number(values.deliveries);
const CONCURRENCY = Number(values.concurrency);
const ISSUES = Number(values.issues);

async function prepare(url: string): Promise<string> {
  const { createPerson } = await import("../src/auth/people.ts");
  const { mintPat } = await import("../src/auth/tokens.ts");
  const { createWorkspace } = await import("../src/auth/workspaces.ts");
  const { loadConfig } = await import("../src/config.ts");
  const { closeCore, createCore } = await import("../src/core.ts");
  const { openStore } = await import("../src/db/store.ts");
  const key = process.env.DOCKET_SECRET_KEY;
  const config = loadConfig({
    DATABASE_URL: url,
    DOCKET_DATA_DIR: tmpdir(),
    ...(key ? { DOCKET_SECRET_KEY: key } : {}),
  });
  const store = openStore(config.database, { poolSize: 2 });
  const core = createCore(config, store);
  await store.migrate();
  await createPerson(core, { email: "bench@example.com", name: "Bench" });
  await createWorkspace(core, {
    name: "Bench",
    slug: "bench",
    owner_email: "bench@example.com",
    space_prefix: "ENG",
  });
  const pat = await mintPat(core, { workspace: "bench", email: "bench@example.com", name: "bench" });
  await closeCore(core);
  await store.close();
  return pat.token;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

function push(commits: { id: string; message: string }[]) {
  return {
    ref: "refs/heads/work",
    before: "6113728f27ae82c7b1a177c8d03f9e96e0adf246",
    after: commits.at(-1)!.id,
    created: false,
    deleted: false,
    forced: false,
    compare: "https://github.com/acme/web/compare/6113728f27ae...0d1a26e67d8f",
    commits: commits.map((c) => ({
      id: c.id,
      tree_id: c.id,
      distinct: true,
      message: c.message,
      timestamp: "2026-03-01T09:00:00Z",
      url: `https://github.com/acme/web/commit/${c.id}`,
      author: { name: "Monalisa Octocat", email: "mona@example.com", username: "octocat" },
      committer: { name: "Monalisa Octocat", email: "mona@example.com", username: "octocat" },
      added: [],
      removed: [],
      modified: ["README.md"],
    })),
    head_commit: null,
    repository: {
      id: 1296269,
      name: "web",
      full_name: "acme/web",
      html_url: "https://github.com/acme/web",
      default_branch: "main",
      master_branch: "main",
    },
    pusher: { name: "octocat", email: "mona@example.com" },
    sender: { login: "octocat", id: 1 },
  };
}

const sha = (seed: string) => createHmac("sha1", "bench").update(seed).digest("hex");

async function main() {
  const db = await benchDatabase("codehosts");
  const token = await prepare(db.url);
  const port = Number(values.port) || 20000 + Math.floor(Math.random() * 20000);
  const child = await benchService("codehosts", db.url, port, { cwd: REPO });
  const base = `http://127.0.0.1:${port}`;
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  try {
    for (let i = 0; i < ISSUES; i++) {
      const r = await fetch(`${base}/v1/issues`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ title: `Issue ${i}`, status: "todo" }),
      });
      if (r.status !== 201) throw new Error(`issue: ${r.status} ${await r.text()}`);
    }
    const made = await fetch(`${base}/v1/integrations`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ provider: "github", repositories: ["acme/web"] }),
    });
    const integration = (await made.json()) as { webhook_url: string; secret: string; id: string };
    const hook = new URL(integration.webhook_url).pathname;

    // the deliveries, made and signed before the clock starts
    const bodies = Array.from({ length: DELIVERIES }, (_, i) => {
      const body = JSON.stringify(
        push([{ id: sha(`c${i}`), message: `Step ${i}, refs ENG-${(i % ISSUES) + 1}` }]),
      );
      return {
        body,
        headers: {
          "content-type": "application/json",
          "x-github-event": "push",
          "x-github-delivery": randomUUID(),
          "x-hub-signature-256": `sha256=${createHmac("sha256", integration.secret).update(body).digest("hex")}`,
        },
      };
    });
    const times: number[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < bodies.length) {
        const d = bodies[next++]!;
        const t0 = performance.now();
        const r = await fetch(`${base}${hook}`, { method: "POST", headers: d.headers, body: d.body });
        await r.arrayBuffer();
        times.push(performance.now() - t0);
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, DELIVERIES) }, worker));
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    const read = await fetch(`${base}/v1/integrations/${integration.id}`, { headers: auth });
    const view = (await read.json()) as { deliveries: { outcome: string }[] };
    console.log(
      JSON.stringify({
        store: db.label,
        deliveries: DELIVERIES,
        concurrency: CONCURRENCY,
        statuses: Object.fromEntries(statuses),
        seconds: Number(seconds.toFixed(2)),
        per_second: Math.round(DELIVERIES / seconds),
        answer_ms: {
          p50: Math.round(quantile(times, 0.5)),
          p99: Math.round(quantile(times, 0.99)),
          max: Math.round(times.at(-1)!),
        },
        last_outcome: view.deliveries[0]?.outcome,
      }),
    );

    // one push of 1,000 commits, in one delivery
    const commits = Array.from({ length: 1000 }, (_, i) => ({
      id: sha(`big${i}`),
      message: `Big step ${i}, part of ENG-${(i % ISSUES) + 1}`,
    }));
    const big = JSON.stringify(push(commits));
    const t0 = performance.now();
    const r = await fetch(`${base}${hook}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-github-event": "push",
        "x-github-delivery": randomUUID(),
        "x-hub-signature-256": `sha256=${createHmac("sha256", integration.secret).update(big).digest("hex")}`,
      },
      body: big,
    });
    const answer = (await r.json()) as { summary?: string };
    console.log(
      JSON.stringify({
        one_push_of_commits: 1000,
        bytes: big.length,
        status: r.status,
        ms: Math.round(performance.now() - t0),
        summary: answer.summary?.slice(0, 80),
      }),
    );
  } finally {
    child.kill();
    await db.done();
  }
}

/** The burst without HTTP: the delivery function called directly, every delivery at once. */
async function inProcess() {
  const db = await benchDatabase("codehosts");
  const { loadConfig } = await import("../src/config.ts");
  const { closeCore, createCore } = await import("../src/core.ts");
  const { openStore } = await import("../src/db/store.ts");
  const { createPerson } = await import("../src/auth/people.ts");
  const { createWorkspace } = await import("../src/auth/workspaces.ts");
  const { createIssue } = await import("../src/tracker/issues.ts");
  const { createIntegration } = await import("../src/tracker/integrations/store.ts");
  const { receiveDelivery } = await import("../src/tracker/integrations/receive.ts");
  const key = process.env.DOCKET_SECRET_KEY;
  const config = loadConfig({
    DATABASE_URL: db.url,
    DOCKET_DATA_DIR: tmpdir(),
    ...(key ? { DOCKET_SECRET_KEY: key } : {}),
  });
  const store = openStore(config.database);
  const core = createCore(config, store);
  try {
    await store.migrate();
    const person = await createPerson(core, { email: "bench@example.com", name: "Bench" });
    const ws = await createWorkspace(core, {
      name: "Bench",
      slug: "bench",
      owner_email: "bench@example.com",
      space_prefix: "ENG",
    });
    const ctx = { core, workspaceId: ws.id, actor: { personId: person.id, via: "web" } };
    for (let i = 0; i < ISSUES; i++) await createIssue(ctx, { title: `Issue ${i}`, status: "todo" });
    const hook = await createIntegration(ctx, { provider: "github", repositories: ["acme/web"] });
    const deliveries = Array.from({ length: DELIVERIES }, (_, i) => {
      const body = Buffer.from(
        JSON.stringify(push([{ id: sha(`c${i}`), message: `Step ${i}, refs ENG-${(i % ISSUES) + 1}` }])),
      );
      return {
        body,
        headers: {
          "x-github-event": "push",
          "x-github-delivery": randomUUID(),
          "x-hub-signature-256": `sha256=${createHmac("sha256", hook.secret).update(body).digest("hex")}`,
        },
      };
    });
    const times: number[] = [];
    const started = performance.now();
    await Promise.all(
      deliveries.map(async (d) => {
        const t0 = performance.now();
        await receiveDelivery(core, hook.id, d);
        times.push(performance.now() - t0);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        store: db.label,
        in_process: true,
        deliveries: DELIVERIES,
        seconds: Number(seconds.toFixed(2)),
        per_second: Math.round(DELIVERIES / seconds),
        answer_ms: { p50: Math.round(quantile(times, 0.5)), p99: Math.round(quantile(times, 0.99)) },
      }),
    );
  } finally {
    await closeCore(core);
    await store.close();
    await db.done();
  }
}

if (values["in-process"]) await inProcess();
else await main();
