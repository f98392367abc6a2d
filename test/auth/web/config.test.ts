import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ConfigError, loadConfig } from "../../../src/config.ts";
import { redactUrl } from "../../../src/http/logger.ts";

function refused(env: Record<string, string>, variable: string): string {
  try {
    loadConfig(env);
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    assert.equal(error.variable, variable);
    assert.ok(error.message.startsWith(variable));
    return error.message;
  }
  assert.fail(`expected ${variable} to be refused`);
}

describe("sign-in configuration", () => {
  test("no provider by default; mail from no-reply at the base URL's host", () => {
    const c = loadConfig({ BASE_URL: "https://docket.example.com" });
    assert.deepEqual(c.signIn, { github: undefined, oidc: undefined });
    assert.equal(c.mailFrom, "Docket <no-reply@docket.example.com>");
  });

  test("GitHub: both id and secret, GitHub.com addresses unless given (GitHub Enterprise Server)", () => {
    const c = loadConfig({ GITHUB_CLIENT_ID: "Iv1.abc", GITHUB_CLIENT_SECRET: "s3cret" });
    assert.deepEqual(c.signIn.github, {
      clientId: "Iv1.abc",
      clientSecret: "s3cret",
      webUrl: "https://github.com",
      apiUrl: "https://api.github.com",
    });
    const ghes = loadConfig({
      GITHUB_CLIENT_ID: "a",
      GITHUB_CLIENT_SECRET: "b",
      GITHUB_URL: "https://git.corp.example/",
      GITHUB_API_URL: "https://git.corp.example/api/v3",
    });
    assert.equal(ghes.signIn.github?.webUrl, "https://git.corp.example");
    assert.equal(ghes.signIn.github?.apiUrl, "https://git.corp.example/api/v3");
    assert.match(
      refused({ GITHUB_CLIENT_ID: "a" }, "GITHUB_CLIENT_SECRET"),
      /must be set when GITHUB_CLIENT_ID is/,
    );
    assert.match(refused({ GITHUB_CLIENT_SECRET: "a" }, "GITHUB_CLIENT_ID"), /must be set/);
    assert.match(
      refused(
        { GITHUB_CLIENT_ID: "a", GITHUB_CLIENT_SECRET: "b", GITHUB_URL: "http://git.corp.example" },
        "GITHUB_URL",
      ),
      /https/,
    );
  });

  test("OpenID Connect: issuer, client id and secret together; a name for the button", () => {
    const c = loadConfig({
      OIDC_ISSUER: "https://id.example.com/",
      OIDC_CLIENT_ID: "docket",
      OIDC_CLIENT_SECRET: "s",
      OIDC_NAME: "Acme SSO",
    });
    assert.deepEqual(c.signIn.oidc, {
      issuer: "https://id.example.com",
      clientId: "docket",
      clientSecret: "s",
      name: "Acme SSO",
    });
    assert.equal(
      loadConfig({
        OIDC_ISSUER: "http://localhost:8080/realms/x",
        OIDC_CLIENT_ID: "a",
        OIDC_CLIENT_SECRET: "b",
      }).signIn.oidc?.name,
      "OpenID Connect",
    );
    assert.match(
      refused({ OIDC_ISSUER: "https://id.example.com" }, "OIDC_CLIENT_ID"),
      /must be set when OIDC_ISSUER/,
    );
    assert.match(refused({ OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" }, "OIDC_ISSUER"), /must be set/);
    assert.match(
      refused(
        { OIDC_ISSUER: "http://id.example.com", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" },
        "OIDC_ISSUER",
      ),
      /https/,
    );
    assert.match(
      refused(
        { OIDC_ISSUER: "https://id.example.com?x=1", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" },
        "OIDC_ISSUER",
      ),
      /query/,
    );
    assert.match(
      refused({ OIDC_ISSUER: "not a url", OIDC_CLIENT_ID: "a", OIDC_CLIENT_SECRET: "b" }, "OIDC_ISSUER"),
      /URL/,
    );
    assert.match(
      refused(
        {
          OIDC_ISSUER: "https://id.example.com",
          OIDC_CLIENT_ID: "a",
          OIDC_CLIENT_SECRET: "b",
          OIDC_NAME: "x".repeat(41),
        },
        "OIDC_NAME",
      ),
      /40 characters/,
    );
  });

  test("MAIL_FROM must be an address on one line", () => {
    assert.equal(loadConfig({ MAIL_FROM: "Team <team@example.com>" }).mailFrom, "Team <team@example.com>");
    assert.match(refused({ MAIL_FROM: "nobody" }, "MAIL_FROM"), /email address/);
  });
});

describe("logs", () => {
  test("a return path in the query has its own secrets redacted", () => {
    assert.equal(
      redactUrl("/sign-in?return_to=%2Fclaim%3Fclaim_attempt_token%3Ddocket_view_abc"),
      `/sign-in?return_to=${encodeURIComponent("/claim?claim_attempt_token=[redacted]")}`,
    );
    assert.equal(
      redactUrl("/claim?claim_attempt_token=docket_view_abc"),
      "/claim?claim_attempt_token=[redacted]",
    );
  });
});
