import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { createConnection, issueAccessToken } from "../../src/auth/connections.ts";
import { createPerson } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { addMember } from "../../src/auth/workspaces.ts";
import { DAY } from "../../src/clock.ts";
import { sweepExports } from "../../src/tracker/archive/jobs.ts";
import { restoreArchive } from "../../src/tracker/archive/restore.ts";
import { api, bearer, seed, setup } from "../support.ts";

async function settled(a: Awaited<ReturnType<typeof api>>, id: string) {
  for (let i = 0; i < 200; i++) {
    const res = await a.call("GET", `/v1/exports/${id}`);
    assert.equal(res.status, 200, res.text);
    if (res.body.status !== "queued" && res.body.status !== "running") return res.body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the export did not finish");
}

test("exports: a job answered 202, watched to succeeded, downloaded, and the download restores", async (t) => {
  const a = await api(t);
  await a.call("POST", "/v1/issues", { title: "Export me", description: "with words" });
  await a.call("POST", "/v1/issues", { title: "And me" });

  const started = await a.call("POST", "/v1/exports", {});
  assert.equal(started.status, 202, started.text);
  assert.match(started.body.id, /^exp_/);
  assert.equal(started.body.status, "queued");
  assert.equal(started.body.download_url, null);

  const done = await settled(a, started.body.id);
  assert.equal(done.status, "succeeded", JSON.stringify(done));
  assert.equal(done.progress.part, "done");
  assert.ok(
    done.progress.total >= 3 && done.progress.done === done.progress.total,
    JSON.stringify(done.progress),
  );
  assert.ok(done.size > 0);
  assert.equal(done.download_url, `${a.env.config.baseUrl}/v1/exports/${done.id}/download`);

  const download = await a.app.inject({
    method: "GET",
    url: `/v1/exports/${done.id}/download`,
    headers: bearer(a.token),
  });
  assert.equal(download.statusCode, 200, download.body);
  assert.equal(download.headers["content-type"], "application/gzip");
  assert.match(
    String(download.headers["content-disposition"]),
    /attachment; filename="acme-2026-03-01\.docket"/,
  );
  const bytes = download.rawPayload;
  assert.equal(bytes.length, done.size);

  const file = path.join(mkdtempSync(path.join(tmpdir(), "docket-exports-")), "acme.docket");
  writeFileSync(file, bytes);
  const env = await setup(t);
  await env.core.db
    .insertInto("people")
    .values(await a.env.core.db.selectFrom("people").selectAll().execute())
    .execute();
  const there = await seed(env.core, "copy");
  const report = await restoreArchive(
    { core: env.core, workspaceId: there.workspaceId, actor: { personId: there.personId, via: "admin" } },
    file,
  );
  assert.equal(report.counts["issues.jsonl"], 2);

  // a second export while none runs is fine; a space that does not exist is the request's 400
  const unknown = await a.call("POST", "/v1/exports", { spaces: ["NOPE"] });
  assert.equal(unknown.status, 400);
  assert.match(unknown.text, /no space NOPE/);
  const stray = await a.call("POST", "/v1/exports", { everything: true });
  assert.equal(stray.status, 400);

  // the list: newest first, a page at a time, each as its GET answers it
  const second = await a.call("POST", "/v1/exports", { spaces: ["ENG"] });
  assert.equal(second.status, 202, second.text);
  await settled(a, second.body.id);
  const listed = await a.call("GET", "/v1/exports?limit=1");
  assert.equal(listed.status, 200, listed.text);
  assert.deepEqual(
    listed.body.data.map((e: { id: string }) => e.id),
    [second.body.id],
  );
  const rest = await a.call(
    "GET",
    `/v1/exports?limit=1&cursor=${encodeURIComponent(listed.body.next_cursor)}`,
  );
  assert.deepEqual(rest.body.data, [(await a.call("GET", `/v1/exports/${done.id}`)).body]);
  assert.equal(rest.body.next_cursor, null);
  assert.equal((await a.call("GET", "/v1/exports?limit=0")).status, 400);

  // 7 days on it has expired: the download is refused, then housekeeping deletes it
  a.env.clock.advance(7 * DAY + 1000);
  assert.equal((await a.call("GET", `/v1/exports/${done.id}`)).body.status, "expired");
  const late = await a.app.inject({
    method: "GET",
    url: `/v1/exports/${done.id}/download`,
    headers: bearer(a.token),
  });
  assert.equal(late.statusCode, 409);
  assert.equal(await sweepExports(a.env.core), 2, "both exports");
  assert.equal((await a.call("GET", `/v1/exports/${done.id}`)).status, 404);
});

test("exports: members, agents and other workspaces are refused", async (t) => {
  const a = await api(t);
  const started = await a.call("POST", "/v1/exports", { spaces: ["eng"] });
  assert.equal(started.status, 202, started.text);
  assert.deepEqual(started.body.spaces, ["ENG"]);
  await settled(a, started.body.id);

  await createPerson(a.env.core, { email: "bo@example.com", name: "Bo" });
  await addMember(a.env.core, { workspace: "acme", email: "bo@example.com", role: "member" });
  const { token } = await mintPat(a.env.core, { workspace: "acme", email: "bo@example.com", name: "t" });
  const member = await a.call("POST", "/v1/exports", {}, bearer(token));
  assert.equal(member.status, 403);
  assert.equal((await a.call("GET", `/v1/exports/${started.body.id}`, undefined, bearer(token))).status, 403);

  // an agent connection of the Owner is no admin
  const connection = await createConnection(a.env.core, {
    kind: "agent",
    workspaceId: a.workspaceId,
    personId: a.personId,
    name: "Build Bot",
    scopes: ["workspace.read", "workspace.write"],
  });
  const { access_token } = await issueAccessToken(a.env.core, connection);
  const agent = await a.call("POST", "/v1/exports", {}, bearer(access_token));
  assert.equal(agent.status, 403);
  assert.match(agent.text, /never an agent/);

  const other = await seed(a.env.core, "other", "cy@example.com");
  const foreign = await a.call("GET", `/v1/exports/${started.body.id}`, undefined, bearer(other.token));
  assert.equal(foreign.status, 404);
  assert.deepEqual((await a.call("GET", "/v1/exports", undefined, bearer(other.token))).body.data, []);
  assert.equal((await a.call("GET", "/v1/exports", undefined, bearer(token))).status, 403);
  const download = await a.app.inject({
    method: "GET",
    url: `/v1/exports/${started.body.id}/download`,
    headers: bearer(other.token),
  });
  assert.equal(download.statusCode, 404);
  assert.equal((await a.call("GET", "/v1/exports/exp_nope")).status, 400);
});
