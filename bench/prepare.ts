/**
 * `node bench/prepare.ts <database-url> [issues]`: migrates the database and seeds it — the floor only,
 * or the workspace of `issues` issues — then prints the fixture (token, spaces) as JSON on stdout.
 * `npm run bench` runs it as its own process, so the memory the seeding used is gone before the load
 * starts and the load generator runs in a small heap.
 */
import { loadConfig } from "../src/config.ts";
import { closeCore, createCore } from "../src/core.ts";
import { openStore } from "../src/db/store.ts";
import { seedAgents } from "./agents.ts";
import { seedFloor, seedSize, seedWorkspace } from "./seed.ts";

const [databaseUrl, issues] = process.argv.slice(2);
if (!databaseUrl) throw new Error("usage: node bench/prepare.ts <database-url> [issues]");
const config = loadConfig({ DATABASE_URL: databaseUrl });
const store = openStore(config.database);
await store.migrate();
const core = createCore(config, store);
try {
  if (issues === undefined) {
    const floor = await seedFloor(core);
    process.stdout.write(`${JSON.stringify({ ...floor, ...(await seedAgents(core)), seeded: false })}\n`);
  } else {
    console.error(`seeding ${Number(issues).toLocaleString("en")} issues …`);
    const seeded = await seedWorkspace(core, seedSize(Number(issues)), (line) => console.error(`  ${line}`));
    process.stdout.write(`${JSON.stringify({ ...seeded, ...(await seedAgents(core)), seeded: true })}\n`);
  }
} finally {
  await closeCore(core);
  await store.close();
}
