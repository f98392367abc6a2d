import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import { chromium } from "playwright-core";
import { createSession } from "../../src/auth/web/sessions.ts";
import { acceptTerms } from "../../src/auth/web/terms.ts";
import { buildApp } from "../../src/http/app.ts";
import { createLogger } from "../../src/http/logger.ts";
import { seed, setup } from "../support.ts";

/**
 * The web app's server side in a real browser (Debian's Chromium): a small app of our own (not the
 * app's build) loads under the page's CSP, reads /v1/me with the session cookie, writes with
 * X-CSRF-Token (the browser sends its Origin, as the page's referrer policy lets it), is refused
 * without the token, and an inline script never runs.
 */

const CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"];

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const APP_JS = `
const out = {};
async function run() {
  const me = await fetch("/v1/me").then((r) => r.json());
  out.me = { kind: me.credential.kind, workspace: me.workspace.slug, hasToken: typeof me.csrf_token === "string" };
  const json = { "content-type": "application/json" };
  const made = await fetch("/v1/issues", {
    method: "POST",
    headers: { ...json, "x-csrf-token": me.csrf_token },
    body: JSON.stringify({ title: "Made in the browser" }),
  });
  out.made = { status: made.status, body: await made.json() };
  const forged = await fetch("/v1/issues", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ title: "No token" }),
  });
  out.forged = { status: forged.status, body: await forged.json() };
  const patched = await fetch("/v1/issues/" + out.made.body.identifier, {
    method: "PATCH",
    headers: { ...json, "x-csrf-token": me.csrf_token, "if-match": made.headers.get("etag") },
    body: JSON.stringify({ priority: "high" }),
  });
  out.patched = patched.status;
  out.inline = document.title;
  document.getElementById("csrf").value = me.csrf_token;
  document.getElementById("out").textContent = JSON.stringify(out);
}
run().catch((e) => { document.getElementById("out").textContent = "error: " + e; });
`;

test("in a browser: the app loads under its CSP, reads and writes /v1 with the session and X-CSRF-Token", async (t) => {
  const dist = mkdtempSync(path.join(tmpdir(), "docket-web-browser-"));
  t.after(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(
    path.join(dist, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docket</title>
<script>document.title = "inline ran";</script>
<script type="module" src="/assets/app-T3st1.js"></script></head><body><pre id="out"></pre>
<form method="post" action="/sign-out"><input type="hidden" name="csrf" id="csrf"><button type="submit">Sign out</button></form>
</body></html>`,
  );
  writeFileSync(path.join(dist, "assets", "app-T3st1.js"), APP_JS);

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { core } = await setup(t, { BASE_URL: baseUrl });
  const ada = await seed(core);
  await acceptTerms(core, ada.personId);
  const { cookie } = await createSession(core, { personId: ada.personId });
  const app = buildApp(core, { logger: createLogger("silent"), webDist: dist });
  await app.listen({ port, host: "127.0.0.1" });
  t.after(() => app.close());

  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  t.after(() => browser.close());
  const context = await browser.newContext();
  const page = await context.newPage();
  const blocked: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
  });

  // signed out: to sign in, and the path to come back to
  await page.goto(`${baseUrl}/acme/issues?view=board`);
  assert.match(page.url(), /\/sign-in\?return_to=%2Facme%2Fissues%3Fview%3Dboard$/);

  await context.addCookies([
    {
      name: "docket_session",
      value: cookie,
      domain: "127.0.0.1",
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
  const res = await page.goto(`${baseUrl}/acme/issues?view=board`);
  assert.equal(res?.status(), 200);
  await page.waitForSelector("#out:not(:empty)", { timeout: 10_000 });
  const text = (await page.locator("#out").textContent()) ?? "";
  assert.ok(!text.startsWith("error"), text);
  const out = JSON.parse(text);
  assert.deepEqual(out.me, { kind: "session", workspace: "acme", hasToken: true });
  assert.equal(out.made.status, 201, JSON.stringify(out.made));
  assert.equal(out.made.body.created_by.via, "web");
  assert.equal(out.forged.status, 403);
  assert.equal(out.forged.body.error, "csrf_refused");
  assert.equal(out.patched, 200);
  assert.equal(out.inline, "Docket", "the inline script did not run");
  assert.ok(blocked.length >= 1, "the browser reported the inline script blocked by the CSP");
  // signing out is the pages' form, posted from the app's page with the same token
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/sign-in$/);
  await page.goto(`${baseUrl}/`);
  assert.match(page.url(), /\/sign-in\?return_to=%2F$/);
  const issues = await core.db.selectFrom("issues").select("title").execute();
  assert.deepEqual(
    issues.map((i) => i.title),
    ["Made in the browser"],
  );
});
