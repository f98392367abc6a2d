/**
 * The Import page in the browser: an admin chooses GitHub and the space, uploads a `gh --json` file, reads
 * the dry run's report (statuses, people, labels, problems), starts the import and watches it finish; a
 * member is told only admins import. At 1440×900 and at 390×844.
 */
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { addMember } from "../../src/auth/workspaces.ts";
import { addPerson, appEnv, assertNoErrors, launch, shot, signedIn } from "./support.ts";

const URL = "https://github.com/acme/app/issues";
const issue = (n: number, extra: Record<string, unknown> = {}) => ({
  number: n,
  title: `Issue ${n} from GitHub`,
  body: "Imported body.",
  state: "OPEN",
  stateReason: "",
  labels: [{ name: "bug" }],
  assignees: [{ login: "hubot", name: "Hubot" }],
  milestone: { title: "v1.0" },
  comments: [
    { id: `IC_${n}`, author: { login: "octocat" }, body: "Seen.", createdAt: "2024-01-02T00:00:00Z" },
  ],
  createdAt: "2024-01-01T00:00:00Z",
  closedAt: null,
  author: { login: "octocat", name: "The Octocat" },
  url: `${URL}/${n}`,
  ...extra,
});

test("import page: dry run report, then the import, watched to the end", async (t) => {
  const env = await appEnv(t);
  const dir = mkdtempSync(path.join(tmpdir(), "docket-import-web-"));
  const file = path.join(dir, "issues.json");
  writeFileSync(
    file,
    JSON.stringify([
      issue(1),
      issue(2, { state: "CLOSED", stateReason: "COMPLETED", closedAt: "2024-02-01T00:00:00Z" }),
      issue(3, {
        state: "CLOSED",
        stateReason: "NOT_PLANNED",
        closedAt: "2024-02-02T00:00:00Z",
        blockedBy: [{ number: 9, url: `${URL}/9` }],
      }),
    ]),
  );
  const browser = await launch(t);
  const { page, errors } = await signedIn(browser, env);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${env.baseUrl}/acme/settings/import`);
  await page.getByRole("heading", { name: "Import" }).waitFor();
  await page.getByLabel("Source", { exact: true }).selectOption({ label: "GitHub" });
  await page.getByLabel("Space", { exact: true }).selectOption("ENG");
  await page.getByLabel("File", { exact: true }).setInputFiles(file);
  assert.equal(await page.getByRole("button", { name: "Start import" }).isDisabled(), true, "check first");
  await page.getByRole("button", { name: "Check file (dry run)" }).click();
  const dry = page.getByRole("region", { name: "Dry run report" });
  await dry.getByText(/A dry run: 3 issues would be created/).waitFor();
  await dry.getByRole("cell", { name: "closed (not planned)" }).waitFor();
  await dry.getByRole("cell", { name: "The Octocat (octocat)" }).waitFor();
  await dry.getByText(/acme\/app#9 is not in the file/).waitFor();
  assert.equal((await env.rest("GET", "/issues")).body.data.length, 0, "the dry run wrote nothing");
  await shot(page, "import-dry-run-1440");
  await page.emulateMedia({ colorScheme: "dark" });
  await shot(page, "import-dry-run-1440-dark");
  await page.emulateMedia({ colorScheme: "light" });

  await page.getByRole("button", { name: "Start import" }).click();
  const real = page.getByRole("region", { name: "Import report" });
  await real.getByText(/^3 issues created, 0 updated, 0 unchanged/).waitFor({ timeout: 20_000 });
  const issues = (await env.rest("GET", "/issues")).body.data;
  assert.equal(issues.length, 3);
  await page
    .getByRole("region", { name: "Earlier imports" })
    .getByText("completed", { exact: true })
    .waitFor();
  await shot(page, "import-done-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(500);
  await real.scrollIntoViewIfNeeded();
  await shot(page, "import-done-390");

  // an imported issue's page links to where it came from
  await page.setViewportSize({ width: 1440, height: 900 });
  const first = issues.find((i: { title: string; identifier: string }) => i.title === "Issue 1 from GitHub")!;
  await page.goto(`${env.baseUrl}/acme/issue/${first.identifier}`);
  const from = page.getByRole("link", { name: "from GitHub ↗" });
  await from.waitFor();
  assert.equal(await from.getAttribute("href"), `${URL}/1`);
  await shot(page, "import-issue-source-1440");
  assertNoErrors(errors);

  // a member is told only admins import
  const bo = await addPerson(env.core, "bo@example.com", "Bo");
  await addMember(env.core, { workspace: "acme", email: "bo@example.com", role: "member" });
  const member = await signedIn(browser, env, bo);
  await member.page.goto(`${env.baseUrl}/acme/settings/import`);
  await member.page.getByText("Only the workspace's Owner and admins import.").waitFor();
});
