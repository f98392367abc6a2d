import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createConnection } from "../../../src/auth/connections.ts";
import { LimiterUnavailable } from "../../../src/auth/limits.ts";
import { createPerson, setSuspended } from "../../../src/auth/people.ts";
import { ANONYMOUS_SESSIONS_PER_ADDRESS_PER_HOUR } from "../../../src/auth/web/sessions.ts";
import { acceptTerms } from "../../../src/auth/web/terms.ts";
import { HOUR } from "../../../src/clock.ts";
import { safeReturnTo } from "../../../src/http/pages/session.ts";
import { hashSecret } from "../../../src/secrets.ts";
import { createTestRegistration } from "../../auth/web/registrations.ts";
import { seed } from "../../support.ts";
import { assertLabelled, csrfOf, signIn, web } from "./web.ts";

describe("session cookie", () => {
  test("HttpOnly, SameSite=Lax, Path=/, not Secure over http", async (t) => {
    const w = await web(t);
    const page = await w.client().get("/sign-in");
    assert.equal(page.status, 200);
    const cookie = page.setCookie!;
    assert.match(cookie, /^docket_session=[A-Za-z0-9_-]{43}; /);
    assert.match(cookie, /; HttpOnly/);
    assert.match(cookie, /; SameSite=Lax/);
    assert.match(cookie, /; Path=\//);
    assert.doesNotMatch(cookie, /Secure/);
    // Nothing is stored until a form is posted; then only the hash.
    const value = /^docket_session=([^;]+)/.exec(cookie)![1]!;
    assert.equal((await w.core.db.selectFrom("web_sessions").selectAll().execute()).length, 0);
    const client = w.client();
    client.cookie = value;
    const posted = await client.post("/sign-in", { csrf: csrfOf(page.body), email: "ada@example.com" });
    assert.equal(posted.status, 303, posted.body);
    const rows = await w.core.db.selectFrom("web_sessions").selectAll().execute();
    assert.deepEqual(
      rows.map((r) => r.id_hash),
      [hashSecret(value)],
    );
    assert.equal(rows[0]!.person_id, null);
  });

  test("Secure when BASE_URL is https", async (t) => {
    const w = await web(t, { BASE_URL: "https://docket.example" });
    const page = await w.client().get("/sign-in");
    assert.match(page.setCookie!, /; Secure/);
  });

  test("the session id is replaced at sign-in: the old cookie is worth nothing after it", async (t) => {
    const w = await web(t);
    const client = w.client();
    const page = await client.get("/sign-in");
    const before = client.cookie!;
    const csrf = csrfOf(page.body);
    await client.post("/sign-in", { csrf, email: "ada@example.com" });
    assert.equal(client.cookie, before);
    const done = await client.post("/sign-in/code", { csrf, code: w.lastCode("ada@example.com") });
    assert.equal(done.status, 303);
    assert.notEqual(client.cookie, before);
    const rows = await w.core.db.selectFrom("web_sessions").selectAll().execute();
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.id_hash, hashSecret(client.cookie!));
    assert.ok(rows[0]!.person_id);
    assert.notEqual(rows[0]!.csrf_token, csrf);
    // The old cookie is signed out.
    const old = await w.client().get("/settings", { cookie: `docket_session=${before}` });
    assert.equal(old.status, 303);
    assert.match(old.location!, /^\/sign-in/);
  });

  test("sign out ends the session and clears the cookie", async (t) => {
    const w = await web(t);
    await seed(w.core);
    await acceptTerms(
      w.core,
      (await w.core.db.selectFrom("people").select("id").executeTakeFirstOrThrow()).id,
    );
    const { client } = await signIn(w, "ada@example.com");
    const settings = await client.get("/settings");
    assert.equal(settings.status, 200);
    const cookie = client.cookie!;
    const out = await client.post("/sign-out", { csrf: csrfOf(settings.body) });
    assert.equal(out.status, 303);
    assert.equal(out.location, "/sign-in");
    assert.match(out.setCookie!, /^docket_session=; .*Max-Age=0/);
    assert.equal(
      (
        await w.core.db
          .selectFrom("web_sessions")
          .selectAll()
          .where("id_hash", "=", hashSecret(cookie))
          .execute()
      ).length,
      0,
    );
    assert.equal((await w.client().get("/settings", { cookie: `docket_session=${cookie}` })).status, 303);
  });

  test("10,000 anonymous visits to the sign-in page store nothing", async (t) => {
    const w = await web(t);
    const count = async () => {
      let n = 0;
      for (const table of ["web_sessions", "sign_in_codes", "limit_counters"] as const) {
        n += (await w.core.db.selectFrom(table).selectAll().execute()).length;
      }
      return n;
    };
    const returning = w.client();
    await returning.get("/sign-in");
    for (let i = 0; i < 10_000; i++) {
      // half without a cookie (a new visitor each time), half coming back with theirs
      const headers: Record<string, string> = i % 2 ? { cookie: `docket_session=${returning.cookie}` } : {};
      const res = await w.app.inject({ url: "/sign-in", headers });
      assert.equal(res.statusCode, 200);
    }
    assert.equal(await count(), 0);
    // The form still works from the last page shown, and its post is what stores the session.
    const page = await returning.get("/sign-in?return_to=%2Fsettings");
    const sent = await returning.post("/sign-in", {
      csrf: csrfOf(page.body),
      email: "ada@example.com",
      return_to: "/settings",
    });
    assert.equal(sent.status, 303, sent.body);
    assert.equal((await w.core.db.selectFrom("web_sessions").selectAll().execute()).length, 1);
    const done = await returning.post("/sign-in/code", {
      csrf: csrfOf(page.body),
      code: w.lastCode("ada@example.com"),
    });
    assert.equal(done.status, 303, done.body);
  });

  test(`at most ${ANONYMOUS_SESSIONS_PER_ADDRESS_PER_HOUR} anonymous sessions are stored per address per hour`, async (t) => {
    const w = await web(t);
    const origin = new URL(w.core.config.baseUrl).origin;
    const post = async (remoteAddress: string) => {
      const c = w.client();
      const page = await c.get("/sign-in");
      // A bad address is refused after the session is stored: no mail, but the row counts.
      const res = await w.app.inject({
        method: "POST",
        url: "/sign-in",
        remoteAddress,
        headers: {
          origin,
          cookie: `docket_session=${c.cookie}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        payload: new URLSearchParams({ csrf: csrfOf(page.body), email: "not-an-address" }).toString(),
      });
      return { status: res.statusCode, body: res.body, headers: res.headers };
    };
    for (let i = 0; i < ANONYMOUS_SESSIONS_PER_ADDRESS_PER_HOUR; i++) {
      assert.equal((await post("192.0.2.10")).status, 400);
    }
    const refused = await post("192.0.2.10");
    assert.equal(refused.status, 429);
    assert.match(refused.body, /Too many sign-ins were started from your network address/);
    assert.ok(Number(refused.headers["retry-after"]) > 0);
    assert.equal(
      (await w.core.db.selectFrom("web_sessions").selectAll().execute()).length,
      ANONYMOUS_SESSIONS_PER_ADDRESS_PER_HOUR,
    );
    assert.equal((await post("192.0.2.11")).status, 400, "another address is not held back");
    w.env.clock.advance(HOUR);
    assert.equal((await post("192.0.2.10")).status, 400, "the next hour starts afresh");
  });

  test("a forged or foreign CSRF token does not store a session", async (t) => {
    const w = await web(t);
    const a = w.client();
    const b = w.client();
    const pageA = await a.get("/sign-in");
    await b.get("/sign-in");
    for (const csrf of [csrfOf(pageA.body), "1.x", `${Math.floor(Date.now() / 1000)}.${"A".repeat(43)}`]) {
      const res = await b.post("/sign-in", { csrf, email: "ada@example.com" });
      assert.equal(res.status, 403, csrf);
    }
    assert.equal((await w.core.db.selectFrom("web_sessions").selectAll().execute()).length, 0);
  });

  test("an anonymous session lasts two hours", async (t) => {
    const w = await web(t);
    const client = w.client();
    const page = await client.get("/sign-in");
    w.env.clock.advance(2 * HOUR);
    const late = await client.post("/sign-in", { csrf: csrfOf(page.body), email: "ada@example.com" });
    assert.equal(late.status, 403);
    assert.match(late.body, /session has ended/);
  });
});

describe("CSRF", () => {
  test("a POST without the form's token, with another token, or from another site is refused and changes nothing", async (t) => {
    const w = await web(t);
    const client = w.client();
    const page = await client.get("/sign-in");
    const csrf = csrfOf(page.body);
    const cases: [Record<string, string>, Record<string, string>, RegExp][] = [
      [{ email: "ada@example.com" }, {}, /out of date/],
      [{ email: "ada@example.com", csrf: "x".repeat(43) }, {}, /out of date/],
      [{ email: "ada@example.com", csrf }, { origin: "https://evil.example" }, /another site/],
      [{ email: "ada@example.com", csrf }, { origin: "null" }, /another site/],
      [{ email: "ada@example.com", csrf }, { origin: "", referer: "" }, /did not say/],
      [
        { email: "ada@example.com", csrf },
        { origin: "", referer: "https://evil.example/page" },
        /did not say/,
      ],
    ];
    for (const [form, headers, why] of cases) {
      const noOrigin = headers.origin === "";
      const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== ""));
      // Without an Origin header the request is sent by hand: the client adds ours to every POST.
      const res = noOrigin
        ? await w.app.inject({
            method: "POST",
            url: "/sign-in",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              cookie: `docket_session=${client.cookie}`,
              ...clean,
            },
            payload: new URLSearchParams(form).toString(),
          })
        : await client.post("/sign-in", form, clean);
      const status = "statusCode" in res ? res.statusCode : res.status;
      assert.equal(status, 403, JSON.stringify([form, headers]));
      assert.match(res.body, why);
      assert.equal(res.headers["cache-control"], "no-store");
    }
    assert.equal((await w.core.db.selectFrom("sign_in_codes").selectAll().execute()).length, 0);
    assert.ok(!w.logs.some((l) => l.includes("sign_in_code_for_delivery")));
    // A same-origin Referer stands in for a missing Origin.
    const byReferer = await w.app.inject({
      method: "POST",
      url: "/sign-in",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: `docket_session=${client.cookie}`,
        referer: `${w.core.config.baseUrl}/sign-in`,
      },
      payload: new URLSearchParams({ csrf, email: "ada@example.com" }).toString(),
    });
    assert.equal(byReferer.statusCode, 303);
  });

  test("another session's token does not pass", async (t) => {
    const w = await web(t);
    const a = w.client();
    const b = w.client();
    await a.get("/sign-in");
    const tokenB = csrfOf((await b.get("/sign-in")).body);
    assert.equal((await a.post("/sign-in", { csrf: tokenB, email: "ada@example.com" })).status, 403);
  });

  test("every POST route of the pages checks it", async (t) => {
    const w = await web(t);
    await seed(w.core);
    const ada = await w.core.db.selectFrom("people").selectAll().executeTakeFirstOrThrow();
    await acceptTerms(w.core, ada.id);
    const { client } = await signIn(w, "ada@example.com");
    for (const path of [
      "/sign-in",
      "/sign-in/code",
      "/sign-out",
      "/welcome",
      "/claim",
      "/settings/tokens",
      "/settings/tokens/pat_x/revoke",
      "/settings/connections/con_x/revoke",
    ]) {
      const res = await client.post(path, { csrf: "wrong" });
      assert.equal(res.status, 403, path);
    }
    assert.equal((await client.get("/settings")).status, 200);
  });
});

describe("return paths", () => {
  test("only relative paths on this site are followed", () => {
    assert.equal(
      safeReturnTo("/claim?claim_attempt_token=docket_view_x"),
      "/claim?claim_attempt_token=docket_view_x",
    );
    assert.equal(safeReturnTo("/settings#tokens"), "/settings#tokens");
    for (const bad of [
      "//evil.example",
      "//evil.example/settings",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "evil.example",
      "/\t/evil.example",
      "/settings\nLocation: x",
      "",
      undefined,
      42,
    ]) {
      assert.equal(safeReturnTo(bad), "/settings", String(bad));
    }
  });

  test("an open redirect through sign-in is refused", async (t) => {
    const w = await web(t);
    for (const bad of ["//evil.example", "https://evil.example/x", "/\\evil.example"]) {
      const { answer } = await signIn(w, "ada@example.com", bad);
      assert.equal(answer.location, "/welcome?return_to=%2Fsettings", bad);
    }
    const { answer, client } = await signIn(w, "ada@example.com", "/settings#tokens");
    assert.equal(answer.location, "/welcome?return_to=%2Fsettings%23tokens");
    const welcome = await client.get(answer.location!);
    const accepted = await client.post("/welcome", {
      csrf: csrfOf(welcome.body),
      return_to: "//evil.example",
      accept_terms: "yes",
    });
    assert.equal(accepted.location, "/settings");
    // Signed in already: the sign-in page sends one on, still only within the site.
    assert.equal((await client.get("/sign-in?return_to=%2F%2Fevil.example")).location, "/settings");
    assert.equal((await client.get("/sign-in?return_to=%2Fsettings")).location, "/settings");
  });

  test("a return path outside Latin-1 is percent-encoded, never a 500; one normalising to // is refused", async (t) => {
    assert.equal(safeReturnTo("/\u3002evil"), "/%E3%80%82evil");
    assert.equal(safeReturnTo("/claim?x=\u00e9#\u00e9"), "/claim?x=%C3%A9#%C3%A9");
    assert.equal(safeReturnTo("/%E3%80%82evil"), "/%E3%80%82evil", "already encoded stays as it is");
    for (const bad of ["/.//evil.example", "/x/..//evil.example", "/%2e//evil.example"]) {
      assert.equal(safeReturnTo(bad), "/settings", bad);
    }
    const w = await web(t);
    const { client, answer } = await signIn(w, "ada@example.com", "/\u3002evil");
    assert.equal(answer.location, `/welcome?return_to=${encodeURIComponent("/%E3%80%82evil")}`);
    const welcome = await client.get(answer.location!);
    assert.equal(welcome.status, 200);
    const accepted = await client.post("/welcome", {
      csrf: csrfOf(welcome.body),
      return_to: "/\u3002evil",
      accept_terms: "yes",
    });
    assert.equal(accepted.location, "/%E3%80%82evil");
    // Signed in: the sign-in page sends one on at once, with the path encoded.
    const signedIn = await client.get("/sign-in?return_to=%2F%E3%80%82evil");
    assert.equal(signedIn.status, 303);
    assert.equal(signedIn.location, "/%E3%80%82evil");
    const query = await client.get(`/sign-in?return_to=${encodeURIComponent("/settings?q=\u00fc\u2603")}`);
    assert.equal(query.location, "/settings?q=%C3%BC%E2%98%83");
  });
});

describe("pages", () => {
  test("pages are not cached, allow styles from this site only, and label every input", async (t) => {
    const w = await web(t);
    await seed(w.core);
    const ada = await w.core.db.selectFrom("people").selectAll().executeTakeFirstOrThrow();
    const reg = await createTestRegistration(w.core, { loginHint: "ada@example.com", clientName: "Helper" });
    const anonymous = w.client();
    for (const path of ["/sign-in", "/terms", "/privacy"]) {
      const res = await anonymous.get(path);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers["cache-control"], "no-store", path);
      assert.match(String(res.headers["content-security-policy"]), /default-src 'none'; style-src 'self'/);
      assert.equal(res.headers["referrer-policy"], "same-origin");
      assert.equal(res.headers["x-frame-options"], "DENY");
      assert.match(res.body, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
      assert.match(res.body, /<link rel="stylesheet" href="\/assets\/docket.css">/);
      assertLabelled(res.body);
    }
    const css = await anonymous.get("/assets/docket.css");
    assert.equal(css.status, 200);
    assert.match(String(css.headers["content-type"]), /^text\/css/);

    const { client, answer } = await signIn(
      w,
      "ada@example.com",
      `/claim?claim_attempt_token=${reg.viewToken}`,
    );
    assert.equal(answer.location, `/claim?claim_attempt_token=${reg.viewToken}`);
    const code = await client.get("/sign-in/code");
    assert.equal(code.status, 303);
    for (const path of [answer.location!, "/welcome?return_to=%2Fsettings"]) {
      const res = await client.get(path);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers["cache-control"], "no-store", path);
      assertLabelled(res.body);
    }
    await acceptTerms(w.core, ada.id);
    await createConnection(w.core, {
      kind: "agent",
      workspaceId: (await w.core.db.selectFrom("workspaces").select("id").executeTakeFirstOrThrow()).id,
      personId: ada.id,
      name: "Helper",
      scopes: ["workspace.read"],
    });
    const settings = await client.get("/settings");
    assert.equal(settings.status, 200);
    assert.equal(settings.headers["cache-control"], "no-store");
    assertLabelled(settings.body);
    // The claim link's view token never reaches the log.
    assert.ok(!w.logs.some((l) => l.includes(reg.viewToken)));
  });

  test("the code page, and sign-in pages with mistakes, label their inputs and keep what was typed", async (t) => {
    const w = await web(t);
    const client = w.client();
    const csrf = csrfOf((await client.get("/sign-in")).body);
    const bad = await client.post("/sign-in", { csrf, email: "not an email" });
    assert.equal(bad.status, 400);
    assert.match(bad.body, /role="alert"/);
    assert.match(bad.body, /value="not an email"/);
    assertLabelled(bad.body);
    assert.equal(
      (await client.post("/sign-in", { csrf, email: "ada@example.com" })).location,
      "/sign-in/code",
    );
    const code = await client.get("/sign-in/code");
    assert.match(code.body, /ada@example\.com/);
    assertLabelled(code.body);
    const wrong = await client.post("/sign-in/code", {
      csrf,
      code: w.lastCode("ada@example.com") === "000000" ? "111111" : "000000",
    });
    assert.equal(wrong.status, 400);
    assert.match(wrong.body, /4 tries left/);
    assertLabelled(wrong.body);
  });

  test("the claim page asks to sign in first and comes back; another account can switch", async (t) => {
    const w = await web(t);
    await seed(w.core);
    await createPerson(w.core, { email: "bob@example.org" });
    const reg = await createTestRegistration(w.core, { loginHint: "ada@example.com", clientName: "Helper" });
    const path = `/claim?claim_attempt_token=${reg.viewToken}`;
    const anonymous = await w.client().get(path);
    assert.equal(anonymous.status, 303);
    assert.equal(anonymous.location, `/sign-in?return_to=${encodeURIComponent(path)}`);

    const { client, answer } = await signIn(w, "bob@example.org", path);
    assert.equal(answer.location, path);
    const wrong = await client.get(path);
    assert.equal(wrong.status, 200);
    assert.match(wrong.body, /a\*\*\*@e\*\*\*\.com/);
    assert.doesNotMatch(wrong.body, /ada@example\.com/);
    assert.doesNotMatch(wrong.body, /Helper/);
    const out = await client.post("/sign-out", { csrf: csrfOf(wrong.body), return_to: path });
    assert.equal(out.location, `/sign-in?return_to=${encodeURIComponent(path)}`);
    const page = await client.get(out.location!);
    assert.equal(page.status, 200);
    assert.match(page.body, new RegExp(`name="return_to" value="${path.replace(/[?]/g, "\\?")}"`));
  });

  test("unknown claim links say so", async (t) => {
    const w = await web(t);
    const { client } = await signIn(w, "ada@example.com");
    const res = await client.get("/claim?claim_attempt_token=docket_view_nothing");
    assert.equal(res.status, 404);
    assert.match(res.body, /not a valid agent sign-in link/);
  });
});

describe("failures", () => {
  test("when limits cannot be counted, sign-in refuses with 503 instead of sending a code", async (t) => {
    const w = await web(t);
    (w.core as { limiter: unknown }).limiter = {
      hit: async () => {
        throw new LimiterUnavailable(new Error("redis away"));
      },
      close: async () => {},
    };
    const client = w.client();
    const csrf = csrfOf((await client.get("/sign-in")).body);
    const res = await client.post("/sign-in", { csrf, email: "ada@example.com" });
    assert.equal(res.status, 503);
    assert.equal(res.headers["retry-after"], "5");
    assert.match(String(res.headers["content-type"]), /^text\/html/);
    assert.match(res.body, /try again in a few seconds/);
    assert.equal((await w.core.db.selectFrom("sign_in_codes").selectAll().execute()).length, 0);
  });

  test("a suspended person's session stops at once", async (t) => {
    const w = await web(t);
    await seed(w.core);
    const ada = await w.core.db.selectFrom("people").selectAll().executeTakeFirstOrThrow();
    await acceptTerms(w.core, ada.id);
    const { client } = await signIn(w, "ada@example.com");
    assert.equal((await client.get("/settings")).status, 200);
    await setSuspended(w.core, "ada@example.com", true);
    const res = await client.get("/settings");
    assert.equal(res.status, 303);
    assert.match(res.location!, /^\/sign-in/);
  });
});

describe("forms", () => {
  test("a form over 16 KiB is refused with a page, and nothing is sent", async (t) => {
    const w = await web(t);
    const client = w.client();
    const csrf = csrfOf((await client.get("/sign-in")).body);
    const res = await client.post("/sign-in", {
      csrf,
      email: "ada@example.com",
      padding: "x".repeat(16 * 1024),
    });
    assert.equal(res.status, 413);
    assert.match(String(res.headers["content-type"]), /^text\/html/);
    assert.equal((await w.core.db.selectFrom("sign_in_codes").selectAll().execute()).length, 0);
    const fits = await client.post("/sign-in", {
      csrf,
      email: "ada@example.com",
      padding: "x".repeat(15 * 1024),
    });
    assert.equal(fits.status, 303);
  });
});
