/**
 * The web app's browser tests: a real service on a free port (its database SQLite or PostgreSQL, as
 * every test), the built app it serves, and Debian's Chromium driven by playwright-core as a person
 * would: by role and name. Screenshots go to test-artifacts/screenshots/<database>/ (docs/development.md).
 */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import path from "node:path";
import type { TestContext } from "node:test";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { ensureWebBuilt } from "../../scripts/build-web.ts";
import { MemoryRateLimiter } from "../../src/auth/limits.ts";
import { createPerson, findPersonByEmail } from "../../src/auth/people.ts";
import { mintPat } from "../../src/auth/tokens.ts";
import { createSession, SESSION_COOKIE } from "../../src/auth/web/sessions.ts";
import { acceptTerms } from "../../src/auth/web/terms.ts";
import { createWorkspace } from "../../src/auth/workspaces.ts";
import { ManualClock } from "../../src/clock.ts";
import type { Config } from "../../src/config.ts";
import { type Core, createCore } from "../../src/core.ts";
import { openStore, type Store } from "../../src/db/store.ts";
import { buildApp } from "../../src/http/app.ts";
import { createLogger } from "../../src/http/logger.ts";
import { startSmtp } from "../smtp.ts";
import { createTestDatabase, ON_POSTGRES, REPO, testConfig } from "../support.ts";

export const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Where screenshots are kept (CI keeps the folder as an artifact). */
export const SCREENSHOTS = path.join(
  REPO,
  "test-artifacts",
  "screenshots",
  ON_POSTGRES ? "postgres" : "sqlite",
);

export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, each test reads what it needs
type Json = any;

export interface AppEnv {
  core: Core;
  store: Store;
  config: Config;
  databaseUrl: string;
  /** The service's clock: set to the real time at the start (so the browser's times agree); tests may move it. */
  clock: ManualClock;
  baseUrl: string;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  /** Ada: owner of "acme" (space ENG) and of "side" (space SIDE). */
  ada: { id: string; email: string };
  acme: { id: string; slug: string };
  side: { id: string; slug: string };
  /** A read-write personal access token of Ada's in acme, for changes "made elsewhere" (REST). */
  token: string;
  /** Calls /v1 with Ada's token (as another client would), in workspace acme. */
  rest(
    method: string,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Json }>;
}

/** A running service with the built app, Ada and her two workspaces. */
export async function appEnv(t: TestContext, vars: Record<string, string> = {}): Promise<AppEnv> {
  await ensureWebBuilt({ quiet: true });
  const smtp = await startSmtp(t);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // a clock starting at the real time: the browser's times and the service's agree ("just now", "since")
  const clock = new ManualClock(new Date().toISOString());
  const database = await createTestDatabase();
  const config = testConfig(database.url, { BASE_URL: baseUrl, SMTP_URL: smtp.url, ...vars });
  const store = openStore(config.database, { poolSize: 4 });
  const core = createCore(config, store, { clock, limiter: new MemoryRateLimiter(clock) });
  t.after(async () => {
    await store.close();
    await database.drop();
  });
  await store.migrate();
  const env = { core, store, config, clock, databaseUrl: database.url };
  const person = await createPerson(core, { email: "ada@example.com", name: "Ada Lovelace" });
  await acceptTerms(core, person.id);
  const acme = await createWorkspace(core, {
    name: "Acme",
    slug: "acme",
    owner_email: "ada@example.com",
    space_name: "Engineering",
    space_prefix: "ENG",
  });
  const side = await createWorkspace(core, {
    name: "Side project",
    slug: "side",
    owner_email: "ada@example.com",
    space_prefix: "SIDE",
  });
  const { token } = await mintPat(core, { workspace: "acme", email: "ada@example.com", name: "tests" });
  const app = buildApp(core, { logger: createLogger("silent") });
  await app.listen({ port, host: "127.0.0.1" });
  t.after(() => app.close());
  return {
    ...env,
    baseUrl,
    smtp,
    ada: { id: person.id, email: person.email },
    acme: { id: acme.id, slug: "acme" },
    side: { id: side.id, slug: "side" },
    token,
    async rest(method, url, body, headers = {}) {
      const res = await fetch(`${baseUrl}/v1${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
  };
}

/** Another person, member of acme, with a session of their own. */
export async function addPerson(core: Core, email: string, name: string): Promise<string> {
  const person = (await findPersonByEmail(core, email)) ?? (await createPerson(core, { email, name }));
  await acceptTerms(core, person.id);
  return person.id;
}

/** One Chromium for a test file (closed after it). */
export async function launch(t: TestContext): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  t.after(() => browser.close());
  return browser;
}

export interface AppPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far (a CSP violation is one). */
  errors: string[];
}

/**
 * A browser context signed in as the person (a session made as the sign-in page makes one; the sign-in
 * with a mailed code itself is tested through the page in app.test.ts).
 */
export async function signedIn(
  browser: Browser,
  env: AppEnv,
  personId = env.ada.id,
  options: { colorScheme?: "light" | "dark" } = {},
): Promise<AppPage> {
  const { cookie } = await createSession(env.core, { personId });
  const context = await browser.newContext({
    viewport: { width: 1360, height: 860 },
    colorScheme: options.colorScheme ?? "light",
  });
  await context.addCookies([
    { name: SESSION_COOKIE, value: cookie, url: env.baseUrl, httpOnly: true, sameSite: "Lax" },
  ]);
  const page = await context.newPage();
  const errors = watch(page);
  return { context, page, errors };
}

/** Collects what the page reports as errors; a test ends by asserting there were none. */
export function watch(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page: ${error.message}`));
  // which request failed: the console's "Failed to load resource" does not say
  page.on("response", (response) => {
    if (response.status() >= 400)
      errors.push(`response: ${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return errors;
}

/** No errors but those a test provoked on purpose (the console logs a refused request: a 412, a 403…). */
export function assertNoErrors(errors: string[], allowed: RegExp[] = []): void {
  const refusals = errors.filter((e) => e.startsWith("response: "));
  const unexpected = errors.filter((e) => {
    if (allowed.some((a) => a.test(e))) return false;
    // a refusal allowed in the console's words ("status of 409") is allowed in ours too
    const status = /^response: (\d+) /.exec(e)?.[1];
    if (
      status &&
      allowed.some((a) => a.test(`Failed to load resource: the server responded with a status of ${status}`))
    )
      return false;
    // the console's line for a refusal that a response line already names (and that is allowed)
    if (/^console: Failed to load resource: the server responded with a status of \d+/.test(e)) {
      const status = /status of (\d+)/.exec(e)?.[1];
      return !refusals.some((r) => r.startsWith(`response: ${status} `) && allowed.some((a) => a.test(r)));
    }
    return true;
  });
  assert.deepEqual(unexpected, [], "the page reported errors");
}

/** A screenshot of the page as it is, kept under SCREENSHOTS/<name>.png. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** An agent connection of Ada's with read-write access in acme, approved by her on the claim page. */
export async function connectAgent(env: AppEnv, page: Page, name: string) {
  const registered = await fetch(`${env.baseUrl}/api/agent-auth/identity`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type: "service_auth", login_hint: "ada@example.com", client_name: name }),
  }).then(
    (r) =>
      r.json() as Promise<{ claim_token: string; claim: { verification_uri: string; user_code: string } }>,
  );
  await page.goto(registered.claim.verification_uri);
  await page.getByLabel("Code the agent shows you").fill(registered.claim.user_code);
  await page.getByRole("radio", { name: /^Acme/ }).check();
  await page.getByRole("radio", { name: /^Read and write/ }).check();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.getByText(/^Approved\./).waitFor();
  const redeemed = await fetch(`${env.baseUrl}/api/auth/oauth2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "urn:docket:agent-auth:grant-type:claim",
      claim_token: registered.claim_token,
    }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  return async (method: string, url: string, body?: unknown): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${env.baseUrl}/v1${url}`, {
      method,
      headers: {
        authorization: `Bearer ${redeemed.access_token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}
