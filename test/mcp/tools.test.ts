import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import type { Client } from "@modelcontextprotocol/client";
import { TOOLS } from "../../src/mcp/tools.ts";
import { ERAS, type Era, type McpEnv, mcpEnv } from "./support.ts";

// biome-ignore lint/suspicious/noExplicitAny: tool results are checked field by field
type Any = any;

interface Result {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Any;
}

const text = (r: Result) => r.content.map((c) => c.text ?? "").join("\n");

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Result> {
  return (await client.callTool({ name, arguments: args })) as Result;
}

/** A successful call: its structured result (the REST JSON). */
async function ok(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Any> {
  const r = await call(client, name, args);
  assert.ok(!r.isError, `${name} failed: ${text(r)}`);
  assert.ok(r.structuredContent && typeof r.structuredContent === "object", `${name}: structuredContent`);
  assert.ok(text(r).length > 0, `${name}: a text beside the structured result`);
  return r.structuredContent;
}

/** A failed call: a tool error whose text starts with `code` and matches `pattern`. */
async function fails(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  code: string,
  pattern?: RegExp,
): Promise<string> {
  const r = await call(client, name, args);
  assert.equal(r.isError, true, `${name} ${JSON.stringify(args)} should fail, got ${text(r)}`);
  // the error's body as structured content, the same code in its one-line text
  assert.equal(r.structuredContent?.error, code, `${name}: structuredContent.error`);
  const t = text(r);
  assert.ok(t.startsWith(`${code}: `), `${name}: expected ${code}, got ${t}`);
  if (pattern) assert.match(t, pattern);
  return t;
}

/** How many rows each table the tools write holds: a read-only connection must leave them all as they were. */
async function counts(m: McpEnv): Promise<Record<string, number>> {
  const tables = [
    "issues",
    "dependencies",
    "decisions",
    "notes",
    "folders",
    "cycles",
    "milestones",
    "milestone_dependencies",
    "files",
    "file_uploads",
    "issue_links",
    "bundles",
    "activity",
    "comments",
    "approvals",
    "inbox_items",
  ] as const;
  const out: Record<string, number> = {};
  for (const table of tables) {
    const row = await m.env.core.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

/** Issues rows' versions and update times, to show nothing was touched. */
async function issueVersions(m: McpEnv): Promise<string> {
  const rows = await m.env.core.db
    .selectFrom("issues")
    .select(["identifier", "version", "updated_at", "status"])
    .orderBy("identifier")
    .execute();
  return JSON.stringify(rows);
}

/** These tests call every tool: they enable every toolset. */
const ALL = { toolsets: "all" };

const WRITE_TOOLS = TOOLS.filter((t) => t.scope === "workspace.write").map((t) => t.name);
const READ_TOOLS = TOOLS.filter((t) => t.scope === "workspace.read").map((t) => t.name);

for (const era of Object.keys(ERAS) as Era[]) {
  describe(`MCP tools, protocol ${ERAS[era]}`, () => {
    test("tools/list with every toolset: every tool has an input schema and annotations, no output schema", async (t) => {
      const m = await mcpEnv(t);
      const { token } = await m.mint();
      const client = await m.connect(token, era, ALL);
      assert.equal(client.getProtocolEra(), era === "current" ? "modern" : "legacy");
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((x) => x.name),
        TOOLS.map((x) => x.name),
      );
      assert.equal(tools[0]!.name, "get_workspace_identity");
      for (const x of tools) {
        assert.ok(x.description && x.description.length > 20, `${x.name}: a description`);
        assert.equal(x.inputSchema.type, "object", `${x.name}: inputSchema`);
        assert.equal((x.inputSchema as Any).additionalProperties, false, `${x.name}: closed inputSchema`);
        assert.equal(
          x.outputSchema,
          undefined,
          `${x.name}: no outputSchema (structuredContent is the REST JSON)`,
        );
        assert.ok(x.annotations, `${x.name}: annotations`);
        assert.equal(typeof x.title, "string");
        // hints equal to the spec's defaults are left out (readOnlyHint false, destructiveHint true,
        // idempotentHint false, openWorldHint true); every tool works on the workspace alone
        const reads = READ_TOOLS.includes(x.name);
        assert.equal(x.annotations.readOnlyHint ?? false, reads, `${x.name}: readOnlyHint`);
        assert.equal(x.annotations.openWorldHint, false, `${x.name}: openWorldHint`);
        if (reads) {
          assert.equal(x.annotations.destructiveHint, undefined, `${x.name}: destructiveHint`);
          assert.equal(x.annotations.idempotentHint, undefined, `${x.name}: idempotentHint`);
        } else {
          for (const [hint, value] of Object.entries(x.annotations))
            assert.notEqual(
              value,
              { readOnlyHint: false, destructiveHint: true, idempotentHint: false }[hint],
              `${x.name}: ${hint} is its default`,
            );
        }
      }
      const byName = new Map(tools.map((x) => [x.name, x]));
      // list filters are JSON lists and booleans, not query-string text
      const listIssues = byName.get("list_issues")!.inputSchema as Any;
      assert.equal(listIssues.properties.ready.type, "boolean");
      assert.equal(listIssues.properties.status.type, "array");
      assert.deepEqual(listIssues.properties.status.items.enum.sort(), [
        "backlog",
        "canceled",
        "done",
        "iced",
        "in_progress",
        "in_review",
        "todo",
      ]);
      // params and body combine into one object
      const update = byName.get("update_issue")!.inputSchema as Any;
      assert.deepEqual(update.required, ["id"]);
      assert.ok(update.properties.title && update.properties.expected_version);
      // destructive is the default: the two removals say nothing, every other write says false
      assert.equal(byName.get("remove_dependency")!.annotations?.destructiveHint, undefined);
      assert.equal(byName.get("update_issue")!.annotations?.destructiveHint, false);
      assert.equal(byName.get("update_issue")!.annotations?.idempotentHint, true);
      assert.equal(byName.get("create_issue")!.annotations?.idempotentHint, undefined);
    });

    test("every tool's happy path, get_workspace_identity first; writes record the connection", async (t) => {
      const m = await mcpEnv(t);
      const { token, connectionId } = await m.mint();
      const client = await m.connect(token, era, ALL);
      await client.listTools();
      const called = new Set<string>();
      const run = async (name: string, args: Record<string, unknown> = {}) => {
        called.add(name);
        return ok(client, name, args);
      };

      const identity = await run("get_workspace_identity");
      assert.equal(identity.name, "acme");
      assert.equal(identity.slug, "acme");
      assert.deepEqual(
        identity.spaces.map((s: Any) => s.prefix),
        ["ENG"],
      );
      assert.deepEqual(identity.scopes, ["workspace.read", "workspace.write"]);
      assert.equal(identity.read_only, false);
      assert.equal(identity.connection_id, connectionId);
      const identityText = text(await call(client, "get_workspace_identity"));
      assert.match(identityText, /"acme"/);

      // Issues
      const login = await run("create_issue", { title: "Login page", priority: "high", labels: ["auth"] });
      assert.equal(login.identifier, "ENG-1");
      assert.deepEqual(login.created_by, { person_id: m.personId, via: connectionId });
      const store = await run("create_issue", { title: "Session store", blocks: ["eng-1"] });
      assert.equal(store.identifier, "ENG-2");
      const one = await run("get_issue", { id: "ENG-1" });
      assert.equal(one.ready, false);
      assert.deepEqual(
        one.blockedBy.map((n: Any) => n.identifier),
        ["ENG-2"],
      );
      const ready = await run("list_issues", { ready: true });
      assert.deepEqual(
        ready.data.map((i: Any) => i.identifier),
        ["ENG-2"],
      );
      const filtered = await run("list_issues", { status: ["backlog"], priority: ["high", "urgent"] });
      assert.deepEqual(
        filtered.data.map((i: Any) => i.identifier),
        ["ENG-1"],
      );
      // the REST query forms work too
      const asText = await run("list_issues", { status: "backlog", priority: "high,urgent", ready: "false" });
      assert.deepEqual(
        asText.data.map((i: Any) => i.identifier),
        ["ENG-1"],
      );
      const first = await run("list_issues", { limit: 1 });
      assert.equal(first.data.length, 1);
      assert.ok(first.next_cursor);
      const second = await run("list_issues", { limit: 1, cursor: first.next_cursor });
      assert.notEqual(second.data[0].identifier, first.data[0].identifier);

      const done = await run("update_issue", {
        id: "ENG-2",
        status: "done",
        expected_version: store.version,
      });
      assert.equal(done.status, "done");
      assert.equal(done.updated_by.via, connectionId);
      const nowReady = await run("list_issues", { ready: true });
      assert.deepEqual(
        nowReady.data.map((i: Any) => i.identifier),
        ["ENG-1"],
      );
      const iced = await run("ice_issue", { id: "ENG-1" });
      assert.equal(iced.status, "iced");
      await run("update_issue", { id: "ENG-1", status: "todo" });

      // Dependencies
      const api = await run("create_issue", { title: "Token API", description: "Mint tokens for agents" });
      const edges = await run("set_dependencies", {
        id: api.identifier,
        blockedBy: ["ENG-1"],
        relatesTo: ["ENG-2"],
      });
      assert.equal(edges.data.length, 2);
      assert.ok(edges.data.every((e: Any) => e.created === true));
      const relates = edges.data.find((e: Any) => e.type === "relatesTo");
      const changed = await run("update_dependency", { id: relates.id, note: "shares the session table" });
      assert.equal(changed.note, "shares the session table");
      const removed = await run("remove_dependency", { id: relates.id });
      assert.deepEqual(removed, { id: relates.id, deleted: true });
      const history = await run("list_activity", { id: "ENG-1" });
      assert.ok(history.data.length >= 3);
      assert.ok(history.data.every((a: Any) => a.actor.via === connectionId));

      // Decisions
      const decision = await run("create_decision", {
        title: "Sessions live in the database",
        context: "We run several instances.",
        decision: "Store sessions in PostgreSQL.",
        issues: ["ENG-1"],
      });
      assert.match(decision.id, /^dec_/);
      assert.equal(decision.status, "proposed");
      const decisions = await run("list_decisions", { issue: "ENG-1", status: ["proposed"] });
      assert.deepEqual(
        decisions.data.map((d: Any) => d.id),
        [decision.id],
      );
      const readDecision = await run("get_decision", { id: decision.id });
      assert.equal(readDecision.decision, "Store sessions in PostgreSQL.");
      const accepted = await run("update_decision", {
        id: decision.id,
        status: "accepted",
        expected_version: decision.version,
      });
      assert.equal(accepted.status, "accepted");
      const decisionHistory = await run("list_activity", { id: decision.id });
      assert.ok(decisionHistory.data.length >= 2);

      // Notes and folders
      const folder = await run("create_folder", { name: "Design" });
      const renamed = await run("update_folder", { id: folder.id, name: "Designs" });
      assert.equal(renamed.name, "Designs");
      const note = await run("create_note", {
        title: "Session design",
        body: "# Sessions\nOne row per session.",
        folder: folder.id,
        issues: ["ENG-1"],
      });
      const notes = await run("list_notes", { folder: folder.id });
      assert.deepEqual(
        notes.data.map((n: Any) => n.id),
        [note.id],
      );
      const readNote = await run("get_note", { id: note.id });
      assert.match(readNote.body, /One row per session/);
      const movedNote = await run("update_note", {
        id: note.id,
        folder: null,
        expected_version: note.version,
      });
      assert.equal(movedNote.folder, null);
      const tree = await run("list_folders");
      assert.deepEqual(
        tree.data.map((f: Any) => f.name),
        ["Designs"],
      );
      const noteHistory = await run("list_activity", { id: note.id });
      assert.ok(noteHistory.data.length >= 2);

      // Cycles
      const cycle = await run("create_cycle", { starts_on: "2026-03-01", ends_on: "2026-03-14" });
      assert.equal(cycle.state, "active");
      const renamedCycle = await run("update_cycle", { id: cycle.id, name: "Sprint 1", expected_version: 1 });
      assert.equal(renamedCycle.name, "Sprint 1");
      await run("update_issue", { id: api.identifier, cycle: cycle.id, estimate: 3 });
      const cycles = await run("list_cycles", { state: ["active"] });
      assert.deepEqual(
        cycles.data.map((c: Any) => c.id),
        [cycle.id],
      );
      const inCycle = await run("list_cycle_issues", { id: cycle.id });
      assert.deepEqual(
        inCycle.data.map((i: Any) => i.identifier),
        [api.identifier],
      );
      const stats = await run("get_cycle_stats", { id: cycle.id });
      assert.equal(stats.total.count, 1);

      // Milestones
      const beta = await run("create_milestone", { name: "Beta", target_date: "2026-04-01" });
      const ga = await run("create_milestone", { name: "GA" });
      const mdeps = await run("set_milestone_dependencies", { id: ga.id, blockedBy: [beta.id] });
      assert.equal(mdeps.data.length, 1);
      const gaLater = await run("update_milestone", { id: ga.id, target_date: "2026-06-01" });
      assert.equal(gaLater.target_date, "2026-06-01");
      await run("update_issue", { id: api.identifier, milestone: beta.id });
      const milestones = await run("list_milestones", {});
      assert.deepEqual(
        milestones.data.map((x: Any) => x.name),
        ["Beta", "GA"],
      );
      const inBeta = await run("list_milestone_issues", { id: beta.id });
      assert.equal(inBeta.progress.total, 1);
      const unlinked = await run("remove_milestone_dependency", { id: mdeps.data[0].id });
      assert.equal(unlinked.deleted, true);

      // Files: a signed URL, the bytes PUT to it, then registered
      const bytes = Buffer.from("hello, docket\n");
      const upload = await run("create_file_upload_url", { content_type: "text/plain", size: bytes.length });
      const target = new URL(upload.url);
      target.protocol = m.url.protocol;
      target.host = m.url.host;
      const put = await fetch(target, { method: "PUT", headers: upload.headers, body: bytes });
      assert.ok(put.ok, `upload: ${put.status} ${await put.text()}`);
      const file = await run("register_file", {
        upload_id: upload.upload_id,
        name: "notes.txt",
        sha256: createHash("sha256").update(bytes).digest("hex"),
        issues: [api.identifier],
      });
      assert.equal(file.size, bytes.length);
      const readFile = await run("get_file", { id: file.id });
      assert.ok(readFile.download_url);
      const files = await run("list_files", { issue: api.identifier });
      assert.deepEqual(
        files.data.map((f: Any) => f.id),
        [file.id],
      );

      // Search
      const found = await run("search", { q: "login" });
      assert.equal(found.data[0].identifier, "ENG-1");
      const onlyNotes = await run("search", { q: "session", type: ["note"] });
      assert.ok(onlyNotes.data.length >= 1 && onlyNotes.data.every((r: Any) => r.type === "note"));

      // Bundles: Markdown for the agent, data beside it
      const preview = await call(client, "preview_bundle", { issue: api.identifier });
      called.add("preview_bundle");
      assert.ok(!preview.isError);
      assert.match(text(preview), new RegExp(`^# ${api.identifier}: Token API`));
      assert.equal(preview.structuredContent.snapshot, false);
      const snapshot = await run("create_bundle", { issue: api.identifier });
      assert.match(snapshot.id, /^bnd_/);
      const kept = await run("get_bundle", { id: snapshot.id });
      assert.equal(kept.snapshot, true);
      const live = await run("get_bundle", { id: api.identifier });
      assert.equal(live.snapshot, false);
      assert.equal(live.files.length, 1);
      const kepts = await run("list_bundles", { issue: api.identifier });
      assert.deepEqual(
        kepts.data.map((b: Any) => b.id),
        [snapshot.id],
      );

      // Events: the same feed as GET /v1/events, the agent connection named as the actor
      const events = await run("list_events", { type: "issue.*,bundle.created", limit: 100 });
      assert.ok(events.data.some((e: Any) => e.type === "issue.created"));
      assert.ok(events.data.every((e: Any) => e.type.startsWith("issue.") || e.type === "bundle.created"));
      const bundled = events.data.find((e: Any) => e.type === "bundle.created");
      assert.equal(bundled.object.id, snapshot.id);
      assert.equal(bundled.actor.via_type, "agent");
      const after = await run("list_events", { after: bundled.id });
      assert.equal(after.data.length, 0);
      await fails(client, "list_events", { type: "nope" }, "invalid_request", /type/);
      // claims: the agent's loop (test/mcp/claims.test.ts has the races, fencing and errors)
      called.add("claim_next_issue");
      const claimedCall = await call(client, "claim_next_issue", { ttl_seconds: 600 });
      const claimed = claimedCall.structuredContent;
      assert.equal(claimed.claim.holder.id, connectionId);
      // the bundle's Markdown once, in the text; not again in the structured answer
      assert.equal(claimed.bundle, undefined);
      assert.match(text(claimedCall), new RegExp(`\n# ${claimed.claim.issue.identifier}: `));
      const same = await run("claim_issue", { issue: claimed.claim.issue.identifier });
      assert.equal(same.id, claimed.claim.id);
      const beat = await run("heartbeat_claim", { id: same.id });
      assert.equal(beat.id, same.id);
      const mine = await run("list_my_claims", {});
      assert.deepEqual(
        mine.data.map((c: Any) => c.id),
        [same.id],
      );
      // the claim started the agent's run: it logs to it, reads it and ends it (which releases the claim)
      const runId = claimed.claim.session;
      const logged = await run("log_session", {
        id: runId,
        activities: [{ id: "1", kind: "response", body: "Done", usage: { input_tokens: 5 } }],
      });
      assert.equal(logged.session.id, runId);
      assert.deepEqual(
        (await run("list_sessions", { agent: "me" })).data.map((x: Any) => x.id),
        [runId],
      );
      assert.equal((await run("get_session", { id: runId })).usage.input_tokens, 5);
      assert.equal((await run("list_session_activities", { id: runId })).data[0].body, "Done");
      assert.equal((await run("end_session", { id: runId, status: "complete" })).status, "complete");
      const released = await run("release_claim", { id: same.id });
      assert.equal(released.id, same.id);

      // Conversation: comments (a mention of the agent itself is an event naming it), approvals, inbox
      const comment = await run("add_comment", { id: "ENG-1", body: "Started; @ada@example.com FYI" });
      assert.equal(comment.author.agent.id, connectionId);
      assert.match(comment.author.label, / \(for Ada\)$/);
      const reply = await run("add_comment", { id: "ENG-1", body: "Reply", parent: comment.id });
      assert.equal(reply.parent_id, comment.id);
      const threads = await run("list_comments", { id: "eng-1" });
      assert.deepEqual(
        threads.data.map((c: Any) => [c.id, c.replies.map((r: Any) => r.id)]),
        [[comment.id, [reply.id]]],
      );
      const edited = await run("update_comment", { id: comment.id, body: "Started.", expected_version: 1 });
      assert.equal(edited.history[0].body, "Started; @ada@example.com FYI");
      const gone = await run("delete_comment", { id: reply.id });
      assert.equal(gone.deleted, true);
      await fails(
        client,
        "add_comment",
        { id: "nope", body: "x" },
        "invalid_request",
        /id: must be an issue/,
      );
      const asked = await run("request_approval", { id: "ENG-1", question: "Ship it?" });
      assert.deepEqual(asked.options, ["approve", "reject"]);
      const seen = await run("get_approval", { id: asked.id });
      assert.equal(seen.status, "open");
      const waited = await run("wait_for", { id: asked.id, timeout_seconds: 1 });
      assert.equal(waited.timed_out, true, "nobody answered within the second");
      const inbox = await run("list_inbox", { unread: true });
      assert.deepEqual(
        inbox.data.map((n: Any) => n.kind).sort(),
        ["approval", "mention"],
        "Ada's inbox: her agent's mention of her and its question",
      );

      // the opt-in labels and trash toolsets: reads answer; an agent never deletes or restores
      const labelList = await run("list_labels", {});
      assert.ok(Array.isArray(labelList.data), "labels listed");
      const templates = await run("list_templates", { space: "ENG" });
      assert.deepEqual(templates.data, [], "a space without templates");
      const trash = await run("list_trash", {});
      assert.ok(Array.isArray(trash.data), "the trash listed");
      for (const name of ["delete_object", "restore_object"]) {
        called.add(name);
        await fails(client, name, { type: "issue", id: "ENG-1" }, "forbidden", /Agents may not/);
      }

      assert.deepEqual(
        TOOLS.map((x) => x.name).filter((n) => !called.has(n)),
        [],
        "every tool was called",
      );
    });

    test("bad arguments name the argument and why; domain errors carry their code", async (t) => {
      const m = await mcpEnv(t);
      const { token } = await m.mint();
      const client = await m.connect(token, era, ALL);
      await client.listTools();

      // every tool refuses an argument it does not know, naming it
      for (const name of TOOLS.map((x) => x.name)) {
        await fails(client, name, { bogus_argument: 1 }, "invalid_request", /bogus_argument/);
      }
      // the arguments must be an object at the protocol level; an unknown tool is a protocol error
      await assert.rejects(client.callTool({ name: "no_such_tool", arguments: {} }), /no_such_tool/);

      await ok(client, "create_issue", { title: "First" });
      await ok(client, "create_issue", { title: "Second", blockedBy: ["ENG-1"] });
      await ok(client, "update_issue", { id: "ENG-2", status: "done" });

      // fields: which argument and why
      await fails(client, "create_issue", { title: "" }, "invalid_request", /title: must not be empty/);
      await fails(
        client,
        "create_issue",
        { title: "x".repeat(256) },
        "invalid_request",
        /title: must be at most 255/,
      );
      await ok(client, "create_issue", { title: "x".repeat(255) });
      await fails(
        client,
        "create_issue",
        { title: "x", priority: "extreme" },
        "invalid_request",
        /priority: must be one of/,
      );
      await fails(client, "create_issue", {}, "invalid_request", /title/);
      await fails(
        client,
        "get_issue",
        { id: "not an issue" },
        "invalid_request",
        /id: must be an issue identifier/,
      );
      await fails(
        client,
        "update_issue",
        { id: "ENG-1", status: "iced" },
        "invalid_request",
        /status: .*ice/,
      );
      await fails(
        client,
        "update_issue",
        { id: "ENG-1", expected_version: 0 },
        "invalid_request",
        /expected_version: must be at least 1/,
      );
      await fails(client, "list_issues", { limit: 101 }, "invalid_request", /limit: must be at most 100/);
      await ok(client, "list_issues", { limit: 100 });
      await fails(
        client,
        "list_issues",
        { status: ["bogus"] },
        "invalid_request",
        /status\[0\]: must be one of/,
      );
      await fails(
        client,
        "list_issues",
        { ready: "perhaps" },
        "invalid_request",
        /ready: must be true or false/,
      );
      await fails(client, "set_dependencies", { id: "ENG-1" }, "invalid_request", /name at least one issue/);
      await fails(client, "search", { q: " " }, "invalid_request", /q: must not be empty/);
      await fails(
        client,
        "list_activity",
        { id: "xyz" },
        "invalid_request",
        /id: must be an issue identifier/,
      );
      await fails(
        client,
        "create_cycle",
        { starts_on: "2026-03-10", ends_on: "2026-03-01" },
        "invalid_request",
        /ends_on/,
      );
      await fails(
        client,
        "create_file_upload_url",
        { content_type: "text/plain", size: -1 },
        "invalid_request",
        /size: must be at least 0/,
      );

      // not found
      await fails(client, "get_issue", { id: "ENG-999" }, "not_found", /ENG-999/);
      await fails(client, "get_decision", { id: "dec_00000000000000000000000000" }, "not_found");
      await fails(client, "get_note", { id: "note_00000000000000000000000000" }, "not_found");
      await fails(client, "get_file", { id: "file_00000000000000000000000000" }, "not_found");
      await fails(client, "get_bundle", { id: "bnd_00000000000000000000000000" }, "not_found");
      await fails(client, "get_cycle_stats", { id: "cyc_00000000000000000000000000" }, "not_found");
      await fails(client, "list_milestone_issues", { id: "ms_00000000000000000000000000" }, "not_found");
      await fails(client, "remove_dependency", { id: "dep_00000000000000000000000000" }, "not_found");
      await fails(
        client,
        "remove_milestone_dependency",
        { id: "mdep_00000000000000000000000000" },
        "not_found",
      );
      await fails(client, "update_folder", { id: "fld_00000000000000000000000000", name: "x" }, "not_found");
      await fails(client, "preview_bundle", { issue: "ENG-404" }, "not_found");

      // conflicts and stale versions
      await fails(
        client,
        "set_dependencies",
        { id: "ENG-1", blockedBy: ["ENG-2"] },
        "dependency_cycle",
        /ENG-2 → ENG-1 → ENG-2/,
      );
      await fails(client, "ice_issue", { id: "ENG-2" }, "conflict", /done/);
      await fails(
        client,
        "update_issue",
        { id: "ENG-1", title: "Stale", expected_version: 99 },
        "precondition_failed",
      );
      await ok(client, "create_folder", { name: "Design" });
      await fails(client, "create_folder", { name: "design" }, "conflict");
      await ok(client, "create_cycle", { starts_on: "2026-03-01", ends_on: "2026-03-14" });
      await fails(
        client,
        "create_cycle",
        { starts_on: "2026-03-10", ends_on: "2026-03-20" },
        "cycle_overlap",
        /overlaps "Cycle 1"/,
      );
      const upload = await ok(client, "create_file_upload_url", { content_type: "text/plain", size: 3 });
      await fails(
        client,
        "register_file",
        { upload_id: upload.upload_id, name: "a.txt", sha256: "0".repeat(64) },
        "invalid_request",
      );

      // the failed writes changed nothing
      const first = await ok(client, "get_issue", { id: "ENG-1" });
      assert.equal(first.title, "First");
      assert.deepEqual(first.blockedBy, []);
    });

    test("a read-only connection is refused on every write, and nothing changes", async (t) => {
      const m = await mcpEnv(t);
      const writer = await m.mint();
      const rw = await m.connect(writer.token, era, ALL);
      await ok(rw, "create_issue", { title: "Existing" });
      const reader = await m.mint(["workspace.read"]);
      const ro = await m.connect(reader.token, era, ALL);
      await ro.listTools();

      const identity = await ok(ro, "get_workspace_identity");
      assert.equal(identity.read_only, true);
      assert.deepEqual(identity.scopes, ["workspace.read"]);

      const before = await counts(m);
      const versions = await issueVersions(m);
      // valid arguments for every write, so only the scope stands in the way
      const args: Record<string, Record<string, unknown>> = {
        create_issue: { title: "New" },
        update_issue: { id: "ENG-1", title: "Changed" },
        ice_issue: { id: "ENG-1" },
        set_dependencies: { id: "ENG-1", relatesTo: ["ENG-1"] },
        update_dependency: { id: "dep_00000000000000000000000000", note: "x" },
        remove_dependency: { id: "dep_00000000000000000000000000" },
        create_decision: { title: "D" },
        update_decision: { id: "dec_00000000000000000000000000", title: "D" },
        create_note: { title: "N" },
        update_note: { id: "note_00000000000000000000000000", title: "N" },
        create_folder: { name: "F" },
        update_folder: { id: "fld_00000000000000000000000000", name: "F" },
        create_cycle: { starts_on: "2026-03-01", ends_on: "2026-03-02" },
        update_cycle: { id: "cyc_00000000000000000000000000", name: "C" },
        create_milestone: { name: "M" },
        update_milestone: { id: "ms_00000000000000000000000000", name: "M" },
        set_milestone_dependencies: {
          id: "ms_00000000000000000000000000",
          blocks: ["ms_00000000000000000000000001"],
        },
        remove_milestone_dependency: { id: "mdep_00000000000000000000000000" },
        create_file_upload_url: { content_type: "text/plain", size: 1 },
        register_file: { upload_id: "upl_00000000000000000000000000", name: "a", sha256: "0".repeat(64) },
        create_bundle: { issue: "ENG-1" },
        claim_next_issue: {},
        claim_issue: { issue: "ENG-1" },
        heartbeat_claim: { id: "clm_00000000000000000000000000" },
        release_claim: { id: "clm_00000000000000000000000000" },
        log_session: {
          id: "ses_00000000000000000000000000",
          activities: [{ id: "1", kind: "thought", body: "x" }],
        },
        end_session: { id: "ses_00000000000000000000000000", status: "error" },
        add_comment: { id: "ENG-1", body: "Hello" },
        update_comment: { id: "cmt_00000000000000000000000000", body: "Hi" },
        delete_comment: { id: "cmt_00000000000000000000000000" },
        request_approval: { id: "ENG-1", question: "Ship?" },
        delete_object: { type: "issue", id: "ENG-1" },
        restore_object: { type: "issue", id: "ENG-1" },
      };
      assert.deepEqual(Object.keys(args).sort(), [...WRITE_TOOLS].sort());
      for (const name of WRITE_TOOLS) {
        // HTTP 403 with the insufficient_scope challenge: the client sees a scope error it can step up from
        await assert.rejects(call(ro, name, args[name]!), (error: Error & { errorDescription?: string }) => {
          assert.match(error.message, /Insufficient scope: required "workspace\.read workspace\.write"/);
          assert.match(error.errorDescription ?? "", new RegExp(`${name} needs the workspace\\.write scope`));
          return true;
        });
      }
      assert.deepEqual(await counts(m), before);
      assert.equal(await issueVersions(m), versions);

      // reads work
      const list = await ok(ro, "list_issues", {});
      assert.equal(list.data.length, 1);
    });
  });
}
