import assert from "node:assert/strict";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { test } from "node:test";
import {
  configPath,
  normalizeUrl,
  profileName,
  readConfig,
  updateConfig,
} from "../../src/cli/client/config.ts";
import { UsageError } from "../../src/cli/output.ts";

test("the configuration file: DOCKET_CONFIG, else XDG_CONFIG_HOME, else ~/.config", () => {
  assert.equal(configPath({ DOCKET_CONFIG: "/tmp/x/c.json", XDG_CONFIG_HOME: "/xdg" }), "/tmp/x/c.json");
  assert.equal(configPath({ XDG_CONFIG_HOME: "/xdg" }), "/xdg/docket/config.json");
  assert.equal(
    configPath({ XDG_CONFIG_HOME: " " }),
    path.join(homedir(), ".config", "docket", "config.json"),
  );
  assert.equal(configPath({}), path.join(homedir(), ".config", "docket", "config.json"));
});

test("the profile: --profile, else DOCKET_PROFILE, else default; odd names refused", () => {
  assert.equal(profileName("work", { DOCKET_PROFILE: "home" }), "work");
  assert.equal(profileName(undefined, { DOCKET_PROFILE: "home" }), "home");
  assert.equal(profileName(undefined, {}), "default");
  assert.throws(() => profileName("../etc", {}), UsageError);
  assert.throws(() => profileName("", {}), UsageError);
});

test("base URLs are kept without a trailing slash, query or fragment; others are usage errors", () => {
  assert.equal(normalizeUrl(" https://docket.example.com/ "), "https://docket.example.com");
  assert.equal(normalizeUrl("http://localhost:3000/?x=1#y"), "http://localhost:3000");
  assert.equal(normalizeUrl("https://example.com/docket/"), "https://example.com/docket");
  assert.throws(() => normalizeUrl("docket.example.com"), UsageError);
  assert.throws(() => normalizeUrl("ftp://example.com"), UsageError);
});

test("writes are whole-file, 0600 in a 0700 folder; a broken file is a usage error, a missing one empty", (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), "docket-config-"));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "nested", "docket", "config.json");
  assert.deepEqual(readConfig(file), { profiles: {} });
  updateConfig(file, (c) => {
    c.profiles.default = { url: "http://a", credentials: { type: "pat", token: "docket_pat_x" } };
  });
  updateConfig(file, (c) => {
    c.profiles.work = { url: "http://b", credentials: { type: "pat", token: "docket_pat_y" } };
  });
  assert.deepEqual(Object.keys(readConfig(file).profiles), ["default", "work"]);
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.equal(statSync(path.dirname(file)).mode & 0o777, 0o700);
  writeFileSync(file, "{ not json");
  assert.throws(() => readConfig(file), /is not valid JSON/);
  writeFileSync(file, "[]");
  assert.throws(() => readConfig(file), /holds no "profiles" object/);
});
