import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import path from "node:path";
import { after, before, test } from "node:test";
import { REPO } from "../support.ts";
import { cleanEnv, docket, type Service, startService } from "./support.ts";

let service: Service;
before(async () => {
  // the receiver in these tests is on loopback
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
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
  assert.match(text.stdout, /issue\.created +iss_\w+ +Ada Lovelace via rw/);
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

test("docket webhooks create|list|show|update|ping|deliveries|redeliver|delete", async () => {
  const got: string[] = [];
  const { createServer } = await import("node:http");
  const rx = createServer((req, res) => {
    got.push(String(req.headers["webhook-id"]));
    req.resume();
    res.end("ok");
  });
  await new Promise<void>((r) => rx.listen(0, "127.0.0.1", r));
  const port = (rx.address() as { port: number }).port;
  try {
    const created = await docket(
      [
        "webhooks",
        "create",
        "--url",
        `http://127.0.0.1:${port}/hook`,
        "--events",
        "issue.*",
        "--description",
        "ci",
        "--json",
      ],
      { env: env() },
    );
    assert.equal(created.code, 0, created.stderr);
    const hook = JSON.parse(created.stdout);
    assert.match(hook.secret, /^whsec_/);
    const shown = await docket(["webhooks", "show", hook.id], { env: env() });
    assert.equal(shown.code, 0, shown.stderr);
    assert.match(shown.stdout, /issue\.\*/);
    assert.doesNotMatch(shown.stdout, /whsec_/);
    const listed = await docket(["webhooks", "list"], { env: env() });
    assert.match(listed.stdout, new RegExp(hook.id));
    const updated = await docket(["webhooks", "update", hook.id, "--events", "issue.created", "--json"], {
      env: env(),
    });
    assert.deepEqual(JSON.parse(updated.stdout).events, ["issue.created"]);
    const ping = await docket(["webhooks", "ping", hook.id, "--json"], { env: env() });
    assert.equal(ping.code, 0, ping.stderr);
    const delivery = JSON.parse(ping.stdout);
    assert.equal(delivery.status, "succeeded");
    const again = await docket(["webhooks", "redeliver", hook.id, delivery.id], { env: env() });
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(got, [delivery.id, delivery.id]);
    const log = await docket(["webhooks", "deliveries", hook.id], { env: env() });
    assert.match(log.stdout, /webhook\.ping/);
    const deleted = await docket(["webhooks", "delete", hook.id], { env: env() });
    assert.equal(deleted.code, 0, deleted.stderr);
    const refused = await docket(["webhooks", "create", "--url", "ftp://x", "--events", "*"], { env: env() });
    assert.notEqual(refused.code, 0);
    assert.match(refused.stderr, /url/);
  } finally {
    rx.close();
  }
});
