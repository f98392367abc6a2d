import assert from "node:assert/strict";
import { once } from "node:events";
import { test } from "node:test";
import { ON_POSTGRES } from "../support.ts";
import { crashableService, sleep } from "./crash-support.ts";

const RUNS = 5;
const REQUESTS = 60;
const LEASE_S = 1;

test(`kill -9 during keyed POSTs: every retry gets the first answer or makes the issue once, ${RUNS} crash runs (${ON_POSTGRES ? "PostgreSQL" : "SQLite"})`, {
  timeout: 300_000,
}, async (t) => {
  const service = await crashableService(t, {
    dirPrefix: "docket-crash-",
    env: { IDEMPOTENCY_LEASE_SECONDS: String(LEASE_S) },
  });
  const { url, token, start } = service;
  const post = async (key: string, title: string) => {
    const res = await fetch(`${url}/v1/issues`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "idempotency-key": key,
      },
      body: JSON.stringify({ title }),
    });
    const body = (await res.json()) as { id?: string; error?: string };
    return { status: res.status, replayed: res.headers.get("idempotent-replayed") === "true", body };
  };
  const allIssues = async () => {
    const issues: { id: string; title: string }[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const res = await fetch(`${url}/v1/issues?limit=100${q}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const page = (await res.json()) as {
        data: { id: string; title: string }[];
        next_cursor: string | null;
      };
      issues.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    return issues;
  };

  let stuck = 0;
  let cutOff = 0;
  let replayedAfterCrash = 0;
  let ranAfterCrash = 0;
  let pendingAtCrash = 0;
  for (let run = 1; run <= RUNS; run++) {
    const proc = await start();
    const requests = Array.from({ length: REQUESTS }, (_, i) => ({
      key: `crash-${run}-${i}`,
      title: `Crash ${run}-${i}`,
    }));
    let answered = 0;
    const firsts = requests.map((r) =>
      post(r.key, r.title).then(
        (a) => {
          answered++;
          return a;
        },
        () => undefined,
      ),
    );
    // Kill the process once a third of the answers are out: the rest are in flight, at every stage.
    for (let waited = 0; answered < REQUESTS / 3 && waited < 5000; waited += 5) await sleep(5);
    proc.kill("SIGKILL");
    await once(proc, "exit");
    const first = await Promise.all(firsts);
    cutOff += first.filter((a) => a === undefined).length;

    await start();
    const ids = new Map<string, string>();
    for (const [i, r] of requests.entries()) {
      const deadline = Date.now() + LEASE_S * 1000 + 4000;
      let retry = await post(r.key, r.title);
      if (retry.status === 409) pendingAtCrash++;
      while (retry.status === 409 && Date.now() < deadline) {
        await sleep(200);
        retry = await post(r.key, r.title);
      }
      if (retry.status === 409) {
        stuck++;
        continue;
      }
      assert.equal(retry.status, 201, JSON.stringify(retry.body));
      const answer = first[i];
      if (answer) {
        assert.equal(answer.status, 201);
        assert.equal(retry.body.id, answer.body.id, "the retry gets the first answer");
        assert.ok(retry.replayed);
      } else if (retry.replayed) replayedAfterCrash++;
      else ranAfterCrash++;
      ids.set(r.title, retry.body.id!);
    }
    const issues = await allIssues();
    for (const r of requests) {
      const made = issues.filter((i) => i.title === r.title);
      assert.equal(made.length, 1, `${r.title} is made exactly once`);
      assert.equal(made[0]!.id, ids.get(r.title));
    }
    service.child()!.kill("SIGTERM");
    await once(service.child()!, "exit");
  }
  t.diagnostic(
    `requests cut off by kill -9: ${cutOff}; of them, replayed after restart: ${replayedAfterCrash}, run again: ${ranAfterCrash}; keys left pending by the crash (409 until their lease ended): ${pendingAtCrash}`,
  );
  t.diagnostic(`stuck idempotency keys after ${RUNS} crash runs: ${stuck}`);
  assert.equal(stuck, 0);
});
