import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { createCodeDelivery } from "../../../src/auth/web/mail.ts";
import { loadConfig } from "../../../src/config.ts";
import { freePort, waitUntilReady } from "../../cli/support.ts";
import { startSmtp } from "../../smtp.ts";
import { REPO, TEST_SECRET_KEY } from "../../support.ts";

function recorder() {
  const logged: Record<string, unknown>[] = [];
  const lines: string[] = [];
  return {
    logged,
    lines,
    log: { info: (o: Record<string, unknown>) => logged.push(o) },
    say: (line: string) => lines.push(line),
  };
}

describe("sign-in codes without SMTP", () => {
  test("in development: the JSON log line, and a plain line of its own for the person at the terminal", async () => {
    const config = loadConfig({ DOCKET_DATA_DIR: tmpdir() });
    assert.equal(config.production, false);
    const r = recorder();
    await createCodeDelivery(config, r.log, r.say)("ada@example.com", "123456");
    assert.deepEqual(r.logged, [{ sign_in_email: "ada@example.com", sign_in_code_for_delivery: "123456" }]);
    assert.deepEqual(r.lines, ["Sign-in code for ada@example.com: 123456 (valid 10 minutes)"]);
  });

  test("in production mode: only the log line (NODE_ENV=production)", async () => {
    const config = loadConfig({
      DOCKET_DATA_DIR: tmpdir(),
      NODE_ENV: "production",
      DOCKET_SECRET_KEY: TEST_SECRET_KEY,
    });
    assert.equal(config.production, true);
    const r = recorder();
    await createCodeDelivery(config, r.log, r.say)("ada@example.com", "123456");
    assert.equal(r.logged.length, 1);
    assert.deepEqual(r.lines, []);
  });

  test("with SMTP_URL: neither (the code goes by mail only)", async (t) => {
    const smtp = await startSmtp(t);
    const config = loadConfig({ DOCKET_DATA_DIR: tmpdir(), SMTP_URL: smtp.url });
    const r = recorder();
    await createCodeDelivery(config, r.log, r.say)("ada@example.com", "654321");
    const mail = await smtp.next(1);
    assert.deepEqual(mail.to, ["ada@example.com"]);
    assert.match(mail.raw, /654321/);
    assert.deepEqual(r.logged, []);
    assert.deepEqual(r.lines, []);
  });

  test("docket serve on SQLite without SMTP_URL writes the plain line to its standard error", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "docket-mail-"));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ["src/cli/main.ts", "serve"], {
      cwd: REPO,
      env: {
        ...process.env,
        DATABASE_URL: path.join(dir, "docket.db"),
        DOCKET_DATA_DIR: dir,
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: url,
        LOG_LEVEL: "info",
        NODE_ENV: "development",
        SMTP_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => {
      stdout += c;
    });
    child.stderr.setEncoding("utf8").on("data", (c: string) => {
      stderr += c;
    });
    try {
      await waitUntilReady(child, url, 20);
      const page = await fetch(`${url}/sign-in`);
      const cookie = page.headers.get("set-cookie")?.split(";")[0];
      const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1];
      assert.ok(csrf, "the sign-in page has a CSRF field");
      const sent = await fetch(`${url}/sign-in`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: url,
          ...(cookie ? { cookie } : {}),
        },
        body: new URLSearchParams({ csrf, email: "ada@example.com", return_to: "" }).toString(),
      });
      assert.equal(sent.status, 303);
      // the log is written asynchronously: wait for both lines
      for (
        let i = 0;
        i < 50 && !(/Sign-in code for/.test(stderr) && /sign_in_code_for_delivery/.test(stdout));
        i++
      )
        await new Promise((r) => setTimeout(r, 100));
      const line = stderr.split("\n").find((l) => l.startsWith("Sign-in code for"));
      assert.match(line ?? "", /^Sign-in code for ada@example\.com: \d{6} \(valid 10 minutes\)$/, stderr);
      // the JSON log line stays, with the same code
      const code = /: (\d{6}) /.exec(line!)![1];
      assert.ok(
        stdout.split("\n").some((l) => l.includes('"sign_in_code_for_delivery"') && l.includes(`"${code}"`)),
        "the log line holds the code too",
      );
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
