import assert from "node:assert/strict";
import { test } from "node:test";
import { ON_POSTGRES } from "../support.ts";
import { crashableService, sleep } from "./crash-support.ts";

const RUNS = 3;
/** Clients creating issues at once, each sending its next POST as soon as the last is answered. */
const WRITERS = 24;

test(`kill -9 under concurrent creation: every issue answered 201 is there after a restart, ${RUNS} crash runs (${ON_POSTGRES ? "PostgreSQL" : "SQLite"})`, {
  timeout: 300_000,
}, async (t) => {
  const service = await crashableService(t, { dirPrefix: "docket-create-crash-" });
  const { url, token, start } = service;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };

  /** Every issue the service has, by id, with its identifier (read after the restart). */
  const allIssues = async () => {
    const found = new Map<string, string>();
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const res = await fetch(`${url}/v1/issues?limit=100${q}`, { headers });
      assert.equal(res.status, 200);
      const page = (await res.json()) as {
        data: { id: string; identifier: string }[];
        next_cursor: string | null;
      };
      for (const i of page.data) found.set(i.id, i.identifier);
      cursor = page.next_cursor;
    } while (cursor);
    return found;
  };

  const acknowledged = new Map<string, string>();
  let cutOff = 0;
  for (let run = 1; run <= RUNS; run++) {
    const proc = await start();
    let stop = false;
    let sent = 0;
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        sent++;
        const blocked = [...acknowledged.values()].at(-1 - (w % 5));
        try {
          const res = await fetch(`${url}/v1/issues`, {
            method: "POST",
            headers,
            body: JSON.stringify({
              title: `Crash ${run} writer ${w} issue ${n}`,
              labels: ["crash"],
              // an edge too: two issues' rows, activity and events in the same transaction
              ...(blocked ? { blocks: [blocked] } : {}),
            }),
          });
          const body = (await res.json()) as { id?: string; identifier?: string };
          if (res.status === 201 && body.id && body.identifier) acknowledged.set(body.id, body.identifier);
          else assert.fail(`POST /v1/issues answered ${res.status}: ${JSON.stringify(body)}`);
        } catch (error) {
          if (error instanceof assert.AssertionError) throw error;
          // the connection was cut by the kill: that request was never answered
          cutOff++;
          return;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    // let the load run, then kill the service in the middle of it
    await sleep(700 + run * 300);
    const exited = new Promise((r) => proc.once("exit", r));
    proc.kill("SIGKILL");
    stop = true;
    await Promise.all(writers);
    await exited;
    assert.ok(sent > WRITERS, `run ${run}: the writers sent requests (${sent})`);
  }

  await start();
  const found = await allIssues();
  const lost = [...acknowledged].filter(([id]) => !found.has(id));
  assert.deepEqual(lost, [], "every issue answered 201 is there after the restart");
  for (const [id, identifier] of acknowledged) assert.equal(found.get(id), identifier);
  assert.ok(acknowledged.size >= RUNS * WRITERS, `issues were acknowledged (${acknowledged.size})`);
  // requests cut off by a kill may or may not have been saved; none was answered
  assert.ok(cutOff > 0, "the kills cut requests off in flight");
  service.child()?.kill("SIGTERM");
});
