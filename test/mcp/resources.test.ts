import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { ERAS, type Era, mcpEnv } from "./support.ts";

// biome-ignore lint/suspicious/noExplicitAny: results are checked field by field
type Any = any;

async function ok(client: Client, name: string, args: Record<string, unknown>): Promise<Any> {
  const r = (await client.callTool({ name, arguments: args })) as Any;
  assert.ok(!r.isError, `${name}: ${JSON.stringify(r.content)}`);
  return r.structuredContent;
}

const textOf = (r: Any) => r.contents.map((c: Any) => c.text).join("\n");

for (const era of Object.keys(ERAS) as Era[]) {
  describe(`MCP resources, protocol ${ERAS[era]}`, () => {
    test("templates for issues, decisions, notes and bundles; each read as Markdown", async (t) => {
      const m = await mcpEnv(t);
      const { token } = await m.mint();
      const client = await m.connect(token, era);
      const { resourceTemplates } = await client.listResourceTemplates();
      assert.deepEqual(
        resourceTemplates.map((x) => x.uriTemplate),
        ["docket://issues/{id}", "docket://decisions/{id}", "docket://notes/{id}", "docket://bundles/{id}"],
      );
      const issue = await ok(client, "create_issue", { title: "Wire the bundle", description: "Body text." });
      const blocker = await ok(client, "create_issue", { title: "Blocker", blocks: [issue.identifier] });
      const decision = await ok(client, "create_decision", {
        title: "Use SQLite",
        context: "Small.",
        decision: "SQLite it is.",
        consequences: "None.",
        issues: [issue.identifier],
      });
      const note = await ok(client, "create_note", {
        title: "Findings",
        body: "The note body.",
        issues: [issue.identifier],
      });

      const read = async (uri: string) => {
        const r = (await client.readResource({ uri })) as Any;
        assert.equal(r.contents.length, 1);
        assert.equal(r.contents[0].uri, uri);
        assert.equal(r.contents[0].mimeType, "text/markdown");
        return textOf(r);
      };
      const issueText = await read(`docket://issues/${issue.identifier}`);
      assert.match(issueText, /Wire the bundle/);
      assert.match(issueText, new RegExp(`blocked by: ${blocker.identifier}`));
      assert.match(await read(`docket://decisions/${decision.id}`), /SQLite it is\./);
      assert.match(await read(`docket://notes/${note.id}`), /The note body\./);
      const bundle = await read(`docket://bundles/${issue.identifier}`);
      assert.match(bundle, new RegExp(`^# ${issue.identifier}: Wire the bundle`));
      assert.match(bundle, /Use SQLite/);
      const snapshot = await ok(client, "get_bundle", { id: issue.identifier });
      assert.equal(snapshot.id, null);
    });

    test("resources/list pages the recently updated issues; unknown or bad URIs are clear errors", async (t) => {
      const m = await mcpEnv(t);
      const { token } = await m.mint(["workspace.read", "workspace.write"]);
      const client = await m.connect(token, era);
      const made: string[] = [];
      for (let i = 0; i < 52; i++)
        made.push((await ok(client, "create_issue", { title: `Issue ${i}` })).identifier);
      // one page: 50, the most recently updated first, and a cursor
      const first = (await client.request({ method: "resources/list", params: {} })) as Any;
      assert.equal(first.resources.length, 50);
      assert.ok(first.nextCursor);
      assert.equal(first.resources[0]!.uri, `docket://issues/${made.at(-1)}`);
      assert.equal(first.resources[0]!.mimeType, "text/markdown");
      assert.equal(first.resources[0]!.title, "Issue 51");
      const second = await client.listResources({ cursor: first.nextCursor });
      assert.equal(second.resources.length, 2);
      assert.equal(second.nextCursor, undefined);
      // the client's own walk over every page
      const all = await client.listResources();
      assert.deepEqual(
        all.resources.map((r) => r.name),
        [...made].reverse(),
      );

      await assert.rejects(client.listResources({ cursor: "garbage" }), /cursor/i);
      for (const uri of [
        "docket://issues/ENG-9999",
        "docket://widgets/1",
        "https://example.com/x",
        "docket://notes/nope",
      ]) {
        await assert.rejects(client.readResource({ uri }), (e: Error & { code?: number }) => {
          // the SDK's ResourceNotFoundError: -32602 under this SDK (older revisions' -32002 accepted)
          assert.ok(e.code === -32602 || e.code === -32002, `${uri}: ${e.code} ${e.message}`);
          assert.match(e.message, /not_found|invalid_request|Unknown resource/);
          return true;
        });
      }
    });
  });
}
