import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import path from "node:path";
import { after, before, test } from "node:test";
import { REPO } from "../support.ts";
import { cleanEnv, docket, type Service, startService } from "./support.ts";

let service: Service;
before(async () => {
  service = await startService();
});
after(() => service?.stop());

const env = () => ({
  DOCKET_URL: service.url,
  DOCKET_TOKEN: service.token,
  DOCKET_CONFIG: path.join(service.dir, "none.json"),
});

async function createIssue(title: string) {
  const res = await fetch(`${service.url}/v1/issues`, {
    method: "POST",
    headers: { authorization: `Bearer ${service.token}`, "content-type": "application/json" },
    body: JSON.stringify({ title }),
  });
  assert.equal(res.status, 201);
  return (await res.json()) as { id: string; identifier: string };
}

test("docket events list shows the feed, filtered, as a table or JSON", async () => {
  const made = await createIssue("Listed");
  const json = await docket(["events", "list", "--type", "issue.created", "--json"], { env: env() });
  assert.equal(json.code, 0, json.stderr);
  const page = JSON.parse(json.stdout);
  assert.ok(page.data.some((e: { object: { id: string } }) => e.object.id === made.id));
  assert.ok(page.data.every((e: { type: string }) => e.type === "issue.created"));
  const text = await docket(["events", "list", "--type", "issue.*"], { env: env() });
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /TYPE/);
  assert.match(text.stdout, /issue\.ready/);
  const bad = await docket(["events", "list", "--type", "nope"], { env: env() });
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /type/);
});

test("docket events tail --json prints each new event as one JSON line as it happens", async () => {
  const child = spawn(
    process.execPath,
    [path.join(REPO, "src/cli/main.ts"), "events", "tail", "--type", "issue.created", "--json"],
    {
      cwd: REPO,
      env: cleanEnv(env()),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let out = "";
  let err = "";
  child.stdout.setEncoding("utf8").on("data", (c: string) => {
    out += c;
  });
  child.stderr.setEncoding("utf8").on("data", (c: string) => {
    err += c;
  });
  try {
    // the stream opens at the end of the feed: wait until it is open, then make changes
    await new Promise((r) => setTimeout(r, 1500));
    const one = await createIssue("Tailed one");
    const two = await createIssue("Tailed two");
    const deadline = Date.now() + 10_000;
    while (out.trim().split("\n").filter(Boolean).length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const lines = out
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      lines.map((e) => e.object.id),
      [one.id, two.id],
      err,
    );
  } finally {
    child.kill("SIGINT");
    await new Promise((r) => child.once("exit", r));
  }
});
