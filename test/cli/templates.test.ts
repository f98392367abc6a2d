import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import { docket, type Outcome, type Service, startService } from "./support.ts";

let service: Service;
let config: string;
const run = (args: string[]) => docket(args, { env: { DOCKET_CONFIG: config } });

function expectCode(r: Outcome, code: number): void {
  assert.equal(r.code, code, `exit ${r.code}, expected ${code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`);
}

/** Makes a template in a space straight through the REST API, as an admin would in the web app. */
async function template(prefix: string, body: Record<string, unknown>) {
  const res = await fetch(`${service.url}/v1/spaces/${prefix}/templates`, {
    method: "POST",
    headers: { authorization: `Bearer ${service.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 201, await res.text());
}

before(async () => {
  service = await startService();
  config = path.join(service.dir, "home", "docket", "config.json");
  const login = docket(["login", "--url", service.url], {
    env: { DOCKET_CONFIG: config },
    input: `${service.token}\n`,
  });
  expectCode(await login, 0);
});
after(() => service?.stop());

test("docket templates list, and docket issues create --template NAME fills the issue from it", async () => {
  const none = await run(["templates", "list"]);
  expectCode(none, 0);
  assert.match(none.stdout, /No templates yet/);
  await template("ENG", {
    name: "Bug report",
    title: "Bug: ",
    description: "## Steps to reproduce\n",
    priority: "high",
    labels: ["bug"],
    estimate: 2,
  });
  await template("ENG", { name: "Chore", status: "todo" });
  const list = await run(["templates", "list"]);
  expectCode(list, 0);
  assert.match(list.stdout, /^SPACE\s+NAME\s+TITLE\s+PRIORITY\s+LABELS\s+ESTIMATE/);
  assert.match(list.stdout, /^ENG\s+Bug report\s+Bug:\s+high\s+bug\s+2$/m);
  assert.match(list.stdout, /^ENG\s+Chore\s+-\s+none\s+-\s+-$/m);
  const json = JSON.parse((await run(["templates", "list", "--space", "eng", "--json"])).stdout);
  assert.deepEqual(
    json.data.map((t: { name: string }) => t.name),
    ["Bug report", "Chore"],
  );

  // the name in any case; the title goes after the template's; a label given joins the template's
  const made = await run([
    "issues",
    "create",
    "--template",
    "bug REPORT",
    "--title",
    "Login fails",
    "--label",
    "auth",
    "--json",
  ]);
  expectCode(made, 0);
  const issue = JSON.parse(made.stdout);
  assert.equal(issue.title, "Bug: Login fails");
  assert.equal(issue.description, "## Steps to reproduce\n");
  assert.equal(issue.priority, "high");
  assert.deepEqual(issue.labels, ["bug", "auth"]);
  assert.equal(issue.estimate, 2);
  assert.equal(issue.status, "backlog");
  // a flag wins over the template's field
  const low = JSON.parse(
    (
      await run([
        "issues",
        "create",
        "--template",
        "Bug report",
        "--title",
        "Typo",
        "--priority",
        "low",
        "--json",
      ])
    ).stdout,
  );
  assert.equal(low.priority, "low");
  assert.equal(low.title, "Bug: Typo");
  const chore = JSON.parse(
    (await run(["issues", "create", "--template", "Chore", "--title", "Tidy up", "--json"])).stdout,
  );
  assert.equal(chore.status, "todo");

  // a template that gives no title needs --title; an unknown template names the ones there are
  const noTitle = await run(["issues", "create", "--template", "Chore"]);
  expectCode(noTitle, 2);
  assert.match(noTitle.stderr, /--title is required \(template "Chore" gives no title\)/);
  const unknown = await run(["issues", "create", "--template", "Feature", "--title", "x"]);
  assert.notEqual(unknown.code, 0);
  assert.match(unknown.stderr, /no template named "Feature" \(there are: Bug report, Chore\)/);
  const wrongSpace = await run(["templates", "list", "--space", "NOPE"]);
  assert.notEqual(wrongSpace.code, 0);
  assert.match(wrongSpace.stderr, /No space NOPE/);
});
