import assert from "node:assert/strict";
import { test } from "node:test";
import { branchName } from "../../src/tracker/branch.ts";
import {
  findMentions,
  pullRequestMentions,
  repositoryMatches,
} from "../../src/tracker/integrations/linker.ts";

const one = (text: string) => {
  const [m] = findMentions(text);
  return m ? { id: m.identifier, closes: m.closes, refs: m.refs } : undefined;
};

test("the magic words table: closing words in every form and case, refs and part of never close", () => {
  const closing = ["fix", "fixes", "fixed", "close", "closes", "closed", "resolve", "resolves", "resolved"];
  for (const word of closing)
    for (const form of [word, word.toUpperCase(), word[0]!.toUpperCase() + word.slice(1)]) {
      assert.deepEqual(one(`${form} ENG-42`), { id: "ENG-42", closes: true, refs: false }, form);
      assert.deepEqual(one(`This ${form}: eng-42.`), { id: "ENG-42", closes: true, refs: false }, `${form}:`);
    }
  for (const word of ["refs", "Refs", "REF", "references", "part of", "Part Of", "related to"])
    assert.deepEqual(one(`${word} ENG-42`), { id: "ENG-42", closes: false, refs: true }, word);
  assert.deepEqual(one("See ENG-42"), { id: "ENG-42", closes: false, refs: false });
  assert.deepEqual(one("ENG-42: fix the thing"), { id: "ENG-42", closes: false, refs: false });
  // a word ending in a closing word is not one
  assert.deepEqual(one("hotfix ENG-42"), { id: "ENG-42", closes: false, refs: false });
  assert.deepEqual(one("prefixes ENG-42"), { id: "ENG-42", closes: false, refs: false });
});

test("identifiers: any case, in lists after one word, each once, not inside other words or numbers", () => {
  assert.deepEqual(
    findMentions("Fixes ENG-1, eng-2 and Eng-3; refs OPS-4").map((m) => [m.identifier, m.closes]),
    [
      ["ENG-1", true],
      ["ENG-2", true],
      ["ENG-3", true],
      ["OPS-4", false],
    ],
  );
  assert.deepEqual(
    findMentions("ENG-7 and ENG-7 again, then closes ENG-7").map((m) => [m.identifier, m.closes]),
    [["ENG-7", true]],
  );
  assert.deepEqual(findMentions("ENG-1a 2ENG-3 ENG- ENG-x"), []);
  assert.deepEqual(
    findMentions("feature/eng-42-fix-login-redirect").map((m) => m.identifier),
    ["ENG-42"],
  );
  assert.deepEqual(
    findMentions("Commit naming two: ENG-5 and OPS-12").map((m) => m.identifier),
    ["ENG-5", "OPS-12"],
  );
});

test("a pull request's branch names its issue as closing, unless its text only refs it", () => {
  const byId = (ms: ReturnType<typeof pullRequestMentions>) =>
    Object.fromEntries(ms.map((m) => [m.identifier, m.closes]));
  assert.deepEqual(byId(pullRequestMentions("Fix login", null, "eng-42-fix-login")), { "ENG-42": true });
  assert.deepEqual(byId(pullRequestMentions("Fix login", "Refs ENG-42", "eng-42-fix-login")), {
    "ENG-42": false,
  });
  assert.deepEqual(byId(pullRequestMentions("Fix login", "Mentions ENG-43", "main")), { "ENG-43": false });
});

test("repositories match exactly (any case) or by owner/*", () => {
  assert.ok(repositoryMatches("acme/web", "Acme/Web"));
  assert.ok(!repositoryMatches("acme/web", "acme/web2"));
  assert.ok(repositoryMatches("acme/*", "acme/api"));
  assert.ok(repositoryMatches("group/*", "group/sub/project"));
  assert.ok(!repositoryMatches("acme/*", "acmeco/api"));
});

test("branch names: the web app's rules", () => {
  assert.equal(branchName("ENG-42", "Fix login redirect"), "eng-42-fix-login-redirect");
  assert.equal(branchName("ENG-7", "Café: «naïve» résumé — v2!"), "eng-7-cafe-naive-resume-v2");
  assert.equal(branchName("OPS-1", "🚀 !!"), "ops-1");
  assert.equal(
    branchName("ENG-1", "a very long title that keeps going well past what a branch name should carry"),
    "eng-1-a-very-long-title-that-keeps-going-well-past-what-a",
  );
  assert.equal(branchName("ENG-1", "x".repeat(100)), `eng-1-${"x".repeat(54)}`);
});
