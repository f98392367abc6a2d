import assert from "node:assert/strict";
import { test } from "node:test";
import { createTemplate } from "../../src/tracker/templates.ts";
import { mcpEnv } from "./support.ts";

interface Result {
  isError?: boolean;
  content: { type: string; text: string }[];
  structuredContent?: Record<string, unknown>;
}

test("MCP: list_labels, list_templates and list_trash in their opt-in toolsets; an agent may not delete or restore", async (t) => {
  const m = await mcpEnv(t);
  const { token } = await m.mint();
  const call = async (client: Awaited<ReturnType<typeof m.connect>>, name: string, args: object) =>
    (await client.callTool({ name, arguments: args as Record<string, unknown> })) as Result;
  const plain = await m.connect(token);
  const names = (await plain.listTools()).tools.map((x) => x.name);
  for (const name of ["list_labels", "list_templates", "list_trash", "delete_object", "restore_object"])
    assert.ok(!names.includes(name), `${name} is not in the default toolset`);

  const client = await m.connect(token, "current", { toolsets: "labels,trash" });
  await call(client, "create_issue", { title: "Tagged", labels: ["needs design"] });
  const labels = await call(client, "list_labels", {});
  assert.ok(!labels.isError, labels.content[0]?.text);
  assert.match(labels.content[0]!.text, /needs design \(#[0-9a-f]{6}, 1 issues\)/);

  // a space's templates, read by the agent to file an issue the team's way
  await createTemplate(
    { core: m.env.core, workspaceId: m.workspaceId, actor: { personId: m.personId, via: "web" } },
    "ENG",
    { name: "Bug report", title: "Bug: ", priority: "high", labels: ["bug"], description: "## Steps" },
  );
  const templates = await call(client, "list_templates", { space: "eng" });
  assert.ok(!templates.isError, templates.content[0]?.text);
  assert.match(templates.content[0]!.text, /^Bug report \(ENG\): title "Bug: ", high, labels bug\n## Steps/);
  const noSpace = await call(client, "list_templates", { space: "NOPE" });
  assert.equal(noSpace.isError, true);
  assert.match(noSpace.content[0]!.text, /No space NOPE/);

  const refused = await call(client, "delete_object", { type: "issue", id: "ENG-1" });
  assert.equal(refused.isError, true);
  assert.match(refused.content[0]!.text, /Agents may not delete/);
  const issue = await m.env.core.db.selectFrom("issues").select("identifier").executeTakeFirst();
  assert.equal(issue?.identifier, "ENG-1", "still there");
  const restore = await call(client, "restore_object", { type: "issue", id: "ENG-1" });
  assert.equal(restore.isError, true);
  assert.match(restore.content[0]!.text, /Agents may not restore/);
  const trash = await call(client, "list_trash", {});
  assert.ok(!trash.isError);
  assert.match(trash.content[0]!.text, /The trash is empty\./);
});
