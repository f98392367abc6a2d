import assert from "node:assert/strict";
import type { TestContext } from "node:test";
import type { FastifyInstance } from "fastify";
import type { Core } from "../../../src/core.ts";
import { app, setup, type TestEnv } from "../../support.ts";

/** A browser-like client of the pages over inject(): keeps the session cookie, sends our Origin on POST. */
export interface WebClient {
  cookie: string | undefined;
  get(url: string, headers?: Record<string, string>): Promise<Answer>;
  post(url: string, form: Record<string, string>, headers?: Record<string, string>): Promise<Answer>;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  location: string | undefined;
  setCookie: string | undefined;
}

export interface Web {
  env: TestEnv;
  core: Core;
  app: FastifyInstance;
  logs: string[];
  client(): WebClient;
  /** The last sign-in code written to the log for `email` (no SMTP_URL in these tests). */
  lastCode(email: string): string;
}

export async function web(
  t: TestContext,
  envVars: Record<string, string> = {},
  options: { webDist?: string } = {},
): Promise<Web> {
  const env = await setup(t, envVars);
  const logs: string[] = [];
  const instance = await app(t, env.core, { logs, ...options });
  const origin = new URL(env.core.config.baseUrl).origin;
  return {
    env,
    core: env.core,
    app: instance,
    logs,
    client() {
      const c: WebClient = {
        cookie: undefined,
        async get(url, headers = {}) {
          return send(c, instance, { method: "GET", url, headers });
        },
        async post(url, form, headers = {}) {
          return send(c, instance, {
            method: "POST",
            url,
            headers: { "content-type": "application/x-www-form-urlencoded", origin, ...headers },
            payload: new URLSearchParams(form).toString(),
          });
        },
      };
      return c;
    },
    lastCode(email) {
      for (let i = logs.length - 1; i >= 0; i--) {
        const line = JSON.parse(logs[i]!) as { sign_in_email?: string; sign_in_code_for_delivery?: string };
        if (line.sign_in_email === email && line.sign_in_code_for_delivery)
          return line.sign_in_code_for_delivery;
      }
      assert.fail(`no sign-in code was logged for ${email}`);
    },
  };
}

async function send(
  c: WebClient,
  instance: FastifyInstance,
  request: { method: "GET" | "POST"; url: string; headers: Record<string, string>; payload?: string },
): Promise<Answer> {
  const headers = { ...request.headers };
  if (c.cookie && !("cookie" in headers)) headers.cookie = `docket_session=${c.cookie}`;
  const res = await instance.inject({ ...request, headers });
  const raw = res.headers["set-cookie"];
  const setCookie = Array.isArray(raw) ? raw.at(-1) : raw;
  if (setCookie) {
    const value = /^docket_session=([^;]*)/.exec(setCookie)?.[1];
    c.cookie = value ? value : undefined;
  }
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.body,
    location: res.headers.location as string | undefined,
    setCookie,
  };
}

/** The value of the hidden CSRF field of a page. */
export function csrfOf(html: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(html);
  assert.ok(m, "the page has a CSRF field");
  return m[1]!;
}

/** Every visible form control has a label: <label for=id>, or a label around it, or aria-label. */
export function assertLabelled(html: string): void {
  const controls = [...html.matchAll(/<(input|select|textarea)\b([^>]*)>/g)];
  for (const [, tag, attrs] of controls) {
    if (/type="hidden"/.test(attrs!)) continue;
    const id = /\bid="([^"]+)"/.exec(attrs!)?.[1];
    const labelled = (id && html.includes(`for="${id}"`)) || /aria-label=/.test(attrs!);
    assert.ok(labelled, `<${tag}${attrs}> has no label`);
  }
}

/** Signs `email` in through the emailed code (logged here); returns the client, signed in. */
export async function signIn(
  w: Web,
  email: string,
  returnTo?: string,
): Promise<{ client: WebClient; answer: Answer }> {
  const client = w.client();
  const page = await client.get(`/sign-in${returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : ""}`);
  const csrf = csrfOf(page.body);
  const sent = await client.post("/sign-in", { csrf, email, return_to: returnTo ?? "" });
  assert.equal(sent.status, 303, sent.body);
  const answer = await client.post("/sign-in/code", { csrf, code: w.lastCode(email) });
  assert.equal(answer.status, 303, answer.body);
  return { client, answer };
}
