/**
 * The conversation bench (run by `npm run bench` after the others, or alone):
 *
 *   node bench/conversation.ts                      # SQLite in a temporary folder
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/docket_bench node bench/conversation.ts
 *
 * It starts `docket serve` in its own process and measures, from this one:
 * - `POST /v1/issues/{id}/comments` requests/s (each comment mentions a member, so each also writes an
 *   inbox item and its events);
 * - `GET /v1/inbox` p50 and p99 for a person with 10,000 inbox items (the first page, and unread only);
 * - `GET /v1/bundles/{id}` p50 and p99 for an issue with 500 comments, whole and within 8,000 tokens.
 * With PostgreSQL it uses a database of its own on that server (created and dropped), and needs
 * DOCKET_SECRET_KEY set (PostgreSQL runs in production mode).
 */
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { createPerson } from "../src/auth/people.ts";
import { mintPat } from "../src/auth/tokens.ts";
import { addMember, createWorkspace } from "../src/auth/workspaces.ts";
import { loadConfig } from "../src/config.ts";
import { closeCore, createCore } from "../src/core.ts";
import { openStore } from "../src/db/store.ts";
import { newId } from "../src/secrets.ts";
import { addComment } from "../src/tracker/comments.ts";
import { createIssue } from "../src/tracker/issues.ts";
import { benchDatabase, benchService } from "./database.ts";

const REPO = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    inbox: { type: "string", default: "10000" },
    comments: { type: "string", default: "500" },
  },
});
const DURATION = Number(values.duration);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

const database = () => benchDatabase("conversation");

/** Ada and Bob in workspace "bench"; ENG-1 to comment on; ENG-2 with 500 comments; Bob's 10,000 items. */
async function prepare(url: string): Promise<{ ada: string; bob: string }> {
  // PostgreSQL is production mode: it needs DOCKET_SECRET_KEY (the served process gets the same)
  const key = process.env.DOCKET_SECRET_KEY;
  const config = loadConfig({
    DATABASE_URL: url,
    DOCKET_DATA_DIR: tmpdir(),
    ...(key ? { DOCKET_SECRET_KEY: key } : {}),
  });
  const store = openStore(config.database, { poolSize: 2 });
  const core = createCore(config, store);
  await store.migrate();
  const ada = await createPerson(core, { email: "ada@example.com", name: "Ada" });
  const bob = await createPerson(core, { email: "bob@example.com", name: "Bob" });
  const ws = await createWorkspace(core, {
    name: "Bench",
    slug: "bench",
    owner_email: "ada@example.com",
    space_prefix: "ENG",
  });
  await addMember(core, { workspace: "bench", email: "bob@example.com" });
  const adaPat = await mintPat(core, { workspace: "bench", email: "ada@example.com", name: "bench" });
  const bobPat = await mintPat(core, { workspace: "bench", email: "bob@example.com", name: "bench" });
  const ctx = { core, workspaceId: ws.id, actor: { personId: ada.id, via: adaPat.details.id } };
  await createIssue(ctx, { title: "Commented on" });
  const busy = await createIssue(ctx, {
    title: "Much discussed",
    description: "An issue with a long thread.",
  });
  for (let i = 0; i < Number(values.comments); i++) {
    await addComment(ctx, busy.identifier, {
      body: `Comment ${i}: a note on the work so far, with a few sentences of the kind people write. ${"More detail. ".repeat(8)}`,
    });
  }
  const rows = [];
  const start = Date.now() - Number(values.inbox) * 60_000;
  for (let i = 0; i < Number(values.inbox); i++) {
    const at = new Date(start + i * 60_000);
    rows.push({
      id: newId("inb", at),
      workspace_id: ws.id,
      person_id: bob.id,
      kind: (["mention", "assignment", "approval", "review"] as const)[i % 4]!,
      subject_type: "issue",
      subject_id: busy.id,
      issue_id: busy.id,
      title: `${busy.identifier}: ${busy.title}`,
      excerpt: "Something to look at.",
      actor_id: ada.id,
      actor_via: adaPat.details.id,
      created_at: at.toISOString(),
      read_at: i % 3 === 0 ? null : at.toISOString(),
      emailed_at: null,
    });
  }
  for (let i = 0; i < rows.length; i += 500)
    await core.db
      .insertInto("inbox_items")
      .values(rows.slice(i, i + 500))
      .execute();
  await closeCore(core);
  await store.close();
  return { ada: adaPat.token, bob: bobPat.token };
}

async function main(): Promise<void> {
  const db = await database();
  const tokens = await prepare(db.url);
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  const child = await benchService("conversation", db.url, port, { cwd: REPO });
  const lines: string[] = [];
  const run = (opts: {
    url: string;
    method?: "GET" | "POST";
    token: string;
    body?: unknown;
    connections?: number;
  }) =>
    autocannon({
      url: `${address}${opts.url}`,
      method: opts.method ?? "GET",
      headers: { authorization: `Bearer ${opts.token}`, "content-type": "application/json" },
      ...(opts.body ? { body: JSON.stringify(opts.body) } : {}),
      connections: opts.connections ?? 8,
      duration: DURATION,
    });
  const line = (what: string, r: autocannon.Result) =>
    `${what}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${r.non2xx + r.errors} errors`;
  try {
    lines.push(
      line(
        "POST /v1/issues/ENG-1/comments (each mentions a member)",
        await run({
          url: "/v1/issues/ENG-1/comments",
          method: "POST",
          token: tokens.ada,
          body: { body: "Looks right to me; @bob@example.com can you check the edge cases?" },
          connections: 16,
        }),
      ),
    );
    lines.push(
      line(`GET /v1/inbox (${values.inbox}+ items)`, await run({ url: "/v1/inbox", token: tokens.bob })),
    );
    lines.push(
      line("GET /v1/inbox?unread=true", await run({ url: "/v1/inbox?unread=true", token: tokens.bob })),
    );
    lines.push(
      line(
        `GET /v1/bundles/ENG-2 (${values.comments} comments)`,
        await run({ url: "/v1/bundles/ENG-2", token: tokens.ada }),
      ),
    );
    lines.push(
      line(
        "GET /v1/bundles/ENG-2?max_tokens=8000",
        await run({ url: "/v1/bundles/ENG-2?max_tokens=8000", token: tokens.ada }),
      ),
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await db.done();
    console.log(`\nDocket conversation bench — ${db.label}\n`);
    for (const l of lines) console.log(`  ${l}`);
  }
}

await main();
