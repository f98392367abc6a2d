/**
 * `node bench/prepare.ts <database-url> [issues]`: migrates the database and seeds it — the floor only,
 * or the workspace of `issues` issues (with `--reuse`, the one an earlier run seeded) — then prints the fixture (token, spaces) as JSON on stdout.
 * `npm run bench` runs it as its own process, so the memory the seeding used is gone before the load
 * starts and the load generator runs in a small heap. It also makes MCP_CONNECTIONS connections of the
 * owner's with an access token each, for the MCP scenario (BASE_URL, when set, is the service's, so the
 * tokens are bound to its /api/mcp).
 */
import { createConnection, issueAccessToken } from "../src/auth/connections.ts";
import { loadConfig } from "../src/config.ts";
import { closeCore, createCore } from "../src/core.ts";
import { openStore } from "../src/db/store.ts";
import { seedAgents } from "./agents.ts";
import { reuseWorkspace, type SeededWorkspace, seedFloor, seedSize, seedWorkspace } from "./seed.ts";

/**
 * MCP allows 120 requests a minute per connection; the load spreads over this many connections so
 * that the bench measures the path and not the limit (180,000 requests a minute in all: a 12-second
 * run of warm-up and scenario at up to 15,000 requests a second; their first use, which writes
 * last_used_at, falls mostly in the warm-up).
 */
const MCP_CONNECTIONS = 1500;

const [databaseUrl, issues, mode] = process.argv.slice(2);
if (!databaseUrl) throw new Error("usage: node bench/prepare.ts <database-url> [issues [--reuse]]");
const config = loadConfig({
  DATABASE_URL: databaseUrl,
  DOCKET_SECRET_KEY: process.env.DOCKET_SECRET_KEY,
  ...(process.env.BASE_URL ? { BASE_URL: process.env.BASE_URL } : {}),
});
// the seed's whole-table statements (counting open blockers, ANALYZE) run far past a request's bound
const store = openStore(config.database, { timeouts: { statementMs: 600_000 } });
await store.migrate();
const core = createCore(config, store);
/** Connections of the workspace owner's, each with an access token, made in one transaction. */
async function accessTokens(): Promise<string[]> {
  const ws = await core.db
    .selectFrom("workspaces")
    .select(["id", "owner_id"])
    .where("slug", "=", "bench")
    .executeTakeFirstOrThrow();
  return core.db.transaction().execute(async (trx) => {
    const tokens: string[] = [];
    for (let i = 0; i < MCP_CONNECTIONS; i++) {
      const connection = await createConnection(
        core,
        {
          kind: "agent",
          workspaceId: ws.id,
          personId: ws.owner_id,
          name: `bench ${i}`,
          scopes: ["workspace.read", "workspace.write"],
        },
        trx,
      );
      tokens.push((await issueAccessToken(core, connection, { db: trx })).access_token);
    }
    return tokens;
  });
}

try {
  let fixture: SeededWorkspace & { seeded: boolean };
  if (issues === undefined) {
    fixture = { ...(await seedFloor(core)), seeded: false };
  } else if (mode === "--reuse") {
    console.error(`reusing the workspace of ${Number(issues).toLocaleString("en")} issues seeded earlier`);
    fixture = { ...(await reuseWorkspace(core, Number(issues))), seeded: true };
  } else {
    console.error(`seeding ${Number(issues).toLocaleString("en")} issues …`);
    const seeded = await seedWorkspace(core, seedSize(Number(issues)), (line) => console.error(`  ${line}`));
    fixture = { ...seeded, seeded: true };
  }
  const agents = await seedAgents(core);
  process.stdout.write(`${JSON.stringify({ ...fixture, ...agents, accessTokens: await accessTokens() })}\n`);
} finally {
  await closeCore(core);
  await store.close();
}
