import { MemoryRateLimiter } from "../auth/limits.ts";
import { createPerson, deletePerson, listPeople, type PersonView, setSuspended } from "../auth/people.ts";
import { SWITCHES, type SwitchState, switchName } from "../auth/switches.ts";
import { listPats, mintPat, revokePat, type TokenView } from "../auth/tokens.ts";
import {
  addMember,
  createSpace,
  createWorkspace,
  deleteWorkspace,
  listMembers,
  listWorkspaces,
  removeMember,
  requireWorkspace,
  setAgentConnectionLimit,
  type WorkspaceView,
} from "../auth/workspaces.ts";
import { systemClock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import { type Core, closeCore, createCore } from "../core.ts";
import { openStore } from "../db/store.ts";
import { updateSpace } from "../tracker/spaces.ts";
import { BACKUP_COMMANDS } from "./admin-backup.ts";
import type { AdminCommand, AdminResult } from "./admin-command.ts";
import {
  commandHelp,
  commandList,
  findCommand,
  groupProblem,
  need,
  parseCommandArgs,
  str,
  suggest,
  type Values,
  wholeNumber,
} from "./command.ts";
import { EXIT, type Io, reportError, table, UsageError } from "./output.ts";

const peopleTable = (people: PersonView[]) =>
  table(
    ["EMAIL", "NAME", "VERIFIED", "SUSPENDED", "ID"],
    people.map((p) => [p.email, p.name, p.email_verified ? "yes" : "no", p.suspended ? "yes" : "no", p.id]),
  );

const workspaceTable = (list: WorkspaceView[]) =>
  table(
    ["SLUG", "NAME", "OWNER", "MEMBERS", "AGENT LIMIT", "SPACES", "ID"],
    list.map((w) => [
      w.slug,
      w.name,
      w.owner.email,
      w.members,
      w.agent_connection_limit,
      w.spaces.map((s) => s.prefix).join(",") || "-",
      w.id,
    ]),
  );

const tokenTable = (list: TokenView[]) =>
  table(
    ["ID", "NAME", "WORKSPACE", "PERSON", "SCOPES", "STATUS", "EXPIRES", "LAST USED"],
    list.map((t) => [
      t.id,
      t.name,
      t.workspace.slug,
      t.person.email,
      t.scopes.join(" "),
      t.status,
      t.expires_at ?? "never",
      t.last_used_at ?? "never",
    ]),
  );

const switchTable = (state: SwitchState) =>
  table(
    ["SWITCH", "STATE", "WHAT IT DOES"],
    Object.entries(SWITCHES).map(([name, s]) => [
      name.replaceAll("_", "-"),
      state[name as keyof SwitchState] ? "on" : "off",
      s.about,
    ]),
  );

export const ADMIN_COMMANDS: AdminCommand[] = [
  {
    name: "migrate",
    summary: "Apply database migrations (start-up does this too)",
    options: {},
    examples: ["docket admin migrate", "DATABASE_URL=postgres://db/docket docket admin migrate --json"],
    async run(core) {
      const report = await core.store.migrate();
      return {
        json: report,
        text: report.applied.length
          ? `Applied ${report.applied.join(", ")}.`
          : `Schema is up to date (${report.current.length} migrations).`,
      };
    },
  },
  {
    name: "people create",
    summary: "Create a person (account)",
    options: { email: { type: "string" }, name: { type: "string" }, verified: { type: "boolean" } },
    examples: ['docket admin people create --email ada@example.com --name "Ada Lovelace"'],
    async run(core, v) {
      const person = await createPerson(core, {
        email: need(v, "email"),
        ...(str(v, "name") !== undefined ? { name: str(v, "name") } : {}),
        ...(v.verified ? { email_verified: true } : {}),
      });
      return { json: person, text: `Created ${person.email} (${person.id}).` };
    },
  },
  {
    name: "people list",
    summary: "List people",
    options: {},
    examples: ["docket admin people list", "docket admin people list --json"],
    async run(core) {
      const people = await listPeople(core);
      return { json: people, text: peopleTable(people) };
    },
  },
  {
    name: "people suspend",
    summary: "Suspend a person: every token of theirs stops working at once",
    options: { email: { type: "string" } },
    examples: ["docket admin people suspend --email mallory@example.com"],
    async run(core, v) {
      const person = await setSuspended(core, need(v, "email"), true);
      return { json: person, text: `${person.email} is suspended.` };
    },
  },
  {
    name: "people unsuspend",
    summary: "Lift a suspension",
    options: { email: { type: "string" } },
    examples: ["docket admin people unsuspend --email mallory@example.com"],
    async run(core, v) {
      const person = await setSuspended(core, need(v, "email"), false);
      return { json: person, text: `${person.email} is no longer suspended.` };
    },
  },
  {
    name: "people delete",
    summary: "Delete a person: their tokens and connections end at once",
    options: { email: { type: "string" } },
    examples: ["docket admin people delete --email mallory@example.com"],
    async run(core, v) {
      const person = await deletePerson(core, need(v, "email"));
      return { json: person, text: `${person.email} is deleted; their tokens and connections have ended.` };
    },
  },
  {
    name: "workspaces create",
    summary: "Create a workspace with its Owner and first space",
    options: {
      name: { type: "string" },
      slug: { type: "string" },
      owner: { type: "string" },
      "space-name": { type: "string" },
      "space-prefix": { type: "string" },
      "agent-connections": { type: "string" },
    },
    examples: [
      'docket admin workspaces create --name "Acme" --owner ada@example.com --space-name Engineering --space-prefix ENG',
      "docket admin workspaces create --name Acme --slug acme-labs --owner ada@example.com --space-prefix ENG --agent-connections 10",
    ],
    async run(core, v) {
      const limit = str(v, "agent-connections");
      const ws = await createWorkspace(core, {
        name: need(v, "name"),
        owner_email: need(v, "owner"),
        space_prefix: need(v, "space-prefix"),
        ...(str(v, "slug") !== undefined ? { slug: str(v, "slug") } : {}),
        ...(str(v, "space-name") !== undefined ? { space_name: str(v, "space-name") } : {}),
        ...(limit !== undefined ? { agent_connection_limit: wholeNumber(limit, "agent-connections") } : {}),
      });
      return {
        json: ws,
        text: `Created workspace ${ws.slug} (${ws.id}) owned by ${ws.owner.email}, with space ${ws.spaces
          .map((s) => `${s.prefix} "${s.name}"`)
          .join(", ")}.`,
      };
    },
  },
  {
    name: "workspaces list",
    summary: "List workspaces",
    options: { member: { type: "string" } },
    examples: [
      "docket admin workspaces list",
      "docket admin workspaces list --member ada@example.com --json",
    ],
    async run(core, v) {
      const list = await listWorkspaces(core, str(v, "member") ? { member: str(v, "member")! } : {});
      return { json: list, text: workspaceTable(list) };
    },
  },
  {
    name: "workspaces set-limit",
    summary: "Set how many agent connections a workspace's plan allows",
    options: { workspace: { type: "string" }, "agent-connections": { type: "string" } },
    examples: ["docket admin workspaces set-limit --workspace acme --agent-connections 10"],
    async run(core, v) {
      const ws = await setAgentConnectionLimit(
        core,
        need(v, "workspace"),
        wholeNumber(need(v, "agent-connections"), "agent-connections"),
      );
      return { json: ws, text: `${ws.slug} now allows ${ws.agent_connection_limit} agent connections.` };
    },
  },
  {
    name: "workspaces delete",
    summary: "Delete a workspace and everything in it; its tokens and connections end at once",
    options: { workspace: { type: "string" } },
    examples: ["docket admin workspaces delete --workspace acme"],
    async run(core, v) {
      const ws = await deleteWorkspace(core, need(v, "workspace"));
      return { json: ws, text: `Workspace ${ws.slug} (${ws.id}) is deleted.` };
    },
  },
  {
    name: "spaces create",
    summary: "Add a space (team with an issue prefix) to a workspace",
    options: { workspace: { type: "string" }, name: { type: "string" }, prefix: { type: "string" } },
    examples: ["docket admin spaces create --workspace acme --name Design --prefix DES"],
    async run(core, v) {
      const space = await createSpace(core, {
        workspace: need(v, "workspace"),
        name: need(v, "name"),
        prefix: need(v, "prefix"),
      });
      return { json: space, text: `Created space ${space.prefix} "${space.name}" (${space.id}).` };
    },
  },
  {
    name: "spaces set-policy",
    summary: "Set a space's review policy (who may mark issues done) and its reviewers",
    options: {
      workspace: { type: "string" },
      prefix: { type: "string" },
      "done-requires": { type: "string" },
      reviewer: { type: "string", multiple: true },
      "default-reviewers": { type: "boolean" },
    },
    examples: [
      "docket admin spaces set-policy --workspace acme --prefix ENG --done-requires person",
      "docket admin spaces set-policy --workspace acme --prefix ENG --done-requires not_author --reviewer ada@example.com --reviewer bob@example.com",
      "docket admin spaces set-policy --workspace acme --prefix ENG --default-reviewers",
    ],
    async run(core, v) {
      const ws = await requireWorkspace(core, need(v, "workspace"));
      const reviewers = Array.isArray(v.reviewer) ? v.reviewer : undefined;
      if (reviewers && v["default-reviewers"] === true)
        throw new UsageError("give --reviewer or --default-reviewers, not both");
      const doneRequires = str(v, "done-requires");
      if (!doneRequires && !reviewers && v["default-reviewers"] !== true)
        throw new UsageError("give --done-requires, --reviewer or --default-reviewers");
      const space = await updateSpace(
        { core, workspaceId: ws.id, actor: { personId: ws.owner_id, via: "admin" } },
        need(v, "prefix"),
        {
          ...(doneRequires ? { done_requires: doneRequires as "anyone" } : {}),
          ...(reviewers ? { reviewers } : v["default-reviewers"] === true ? { reviewers: [] } : {}),
        },
        { asOperator: true },
      );
      return {
        json: space,
        text: `Space ${space.prefix}: done requires ${space.done_requires}; reviewers ${space.reviewers.map((r) => r.email).join(", ") || "none"}${space.reviewers_default ? " (the workspace's admins)" : ""}.`,
      };
    },
  },
  {
    name: "members add",
    summary: "Add a person to a workspace",
    options: { workspace: { type: "string" }, email: { type: "string" }, role: { type: "string" } },
    examples: ["docket admin members add --workspace acme --email grace@example.com --role admin"],
    async run(core, v) {
      const member = await addMember(core, {
        workspace: need(v, "workspace"),
        email: need(v, "email"),
        ...(str(v, "role") !== undefined ? { role: str(v, "role") as "admin" | "member" } : {}),
      });
      return { json: member, text: `${member.email} joined ${need(v, "workspace")} as ${member.role}.` };
    },
  },
  {
    name: "members remove",
    summary: "Remove a person from a workspace: their tokens and connections for it end at once",
    options: { workspace: { type: "string" }, email: { type: "string" } },
    examples: ["docket admin members remove --workspace acme --email grace@example.com"],
    async run(core, v) {
      const member = await removeMember(core, need(v, "workspace"), need(v, "email"));
      return { json: member, text: `${member.email} is no longer a member of ${need(v, "workspace")}.` };
    },
  },
  {
    name: "members list",
    summary: "List a workspace's members",
    options: { workspace: { type: "string" } },
    examples: ["docket admin members list --workspace acme"],
    async run(core, v) {
      const members = await listMembers(core, need(v, "workspace"));
      return {
        json: members,
        text: table(
          ["EMAIL", "NAME", "ROLE", "JOINED"],
          members.map((m) => [m.email, m.name, m.role, m.joined_at]),
        ),
      };
    },
  },
  {
    name: "tokens create",
    summary: "Mint a personal access token (shown once, never again)",
    options: {
      workspace: { type: "string" },
      email: { type: "string" },
      name: { type: "string" },
      "read-only": { type: "boolean" },
      "expires-in-days": { type: "string" },
      "expires-at": { type: "string" },
    },
    examples: [
      'docket admin tokens create --workspace acme --email ada@example.com --name "laptop"',
      'docket admin tokens create --workspace acme --email ada@example.com --name "CI" --read-only --expires-in-days 90 --json',
    ],
    async run(core, v) {
      const days = str(v, "expires-in-days");
      const { token, details } = await mintPat(core, {
        workspace: need(v, "workspace"),
        email: need(v, "email"),
        name: need(v, "name"),
        ...(v["read-only"] ? { scopes: ["workspace.read"] } : {}),
        ...(days !== undefined ? { expires_in_days: wholeNumber(days, "expires-in-days") } : {}),
        ...(str(v, "expires-at") !== undefined ? { expires_at: str(v, "expires-at") } : {}),
      });
      return {
        json: { token, ...details },
        text: [
          `Token ${details.id} "${details.name}" for ${details.person.email} in ${details.workspace.slug}`,
          `scopes: ${details.scopes.join(" ")}; expires: ${details.expires_at ?? "never"}`,
          "Copy it now; it is not stored and will not be shown again:",
          "",
          token,
        ].join("\n"),
      };
    },
  },
  {
    name: "tokens list",
    summary: "List personal access tokens (never the tokens themselves)",
    options: { workspace: { type: "string" }, email: { type: "string" } },
    examples: [
      "docket admin tokens list",
      "docket admin tokens list --workspace acme --email ada@example.com",
    ],
    async run(core, v) {
      const filter: { workspace?: string; email?: string } = {};
      if (str(v, "workspace")) filter.workspace = str(v, "workspace")!;
      if (str(v, "email")) filter.email = str(v, "email")!;
      const list = await listPats(core, filter);
      return { json: list, text: tokenTable(list) };
    },
  },
  {
    name: "tokens revoke",
    summary: "Revoke a personal access token by its id",
    options: {},
    positionals: ["token-id"],
    examples: ["docket admin tokens revoke pat_01JD4Q5M0V6S8Y2T7K3N9W1XBC"],
    async run(core, _v, positionals) {
      const view = await revokePat(core, positionals[0]!);
      return { json: view, text: `Token ${view.id} "${view.name}" is revoked (since ${view.revoked_at}).` };
    },
  },
  {
    name: "switches list",
    summary: "Show the feature switches",
    options: {},
    examples: ["docket admin switches list"],
    async run(core) {
      const state = await core.switches.all();
      return { json: state, text: switchTable(state) };
    },
  },
  {
    name: "switches set",
    summary: "Turn a switch on or off: agent-registration, browser-oauth, maintenance",
    options: {},
    positionals: ["switch", "on|off"],
    examples: [
      "docket admin switches set maintenance on",
      "docket admin switches set agent-registration off",
    ],
    async run(core, _v, positionals) {
      const name = switchName(positionals[0]!);
      const word = positionals[1]!.toLowerCase();
      if (word !== "on" && word !== "off")
        throw new UsageError(`say "on" or "off" (got "${positionals[1]}")`);
      const state = await core.switches.set(name, word === "on");
      return { json: state, text: `${name.replaceAll("_", "-")} is ${word}.` };
    },
  },
  ...BACKUP_COMMANDS,
];

export function adminHelp(): string {
  return [
    "docket admin — the operator's tool; works on the database named by DATABASE_URL (default ./data/docket.db)",
    "",
    "Commands:",
    ...commandList(ADMIN_COMMANDS),
    "",
    "Every command takes --json for output fit for scripts, and --help for its flags and examples.",
    "Exit codes: 0 ok, 1 refused, 2 usage or configuration error, 4 not found.",
  ].join("\n");
}

/** Runs `docket admin …`; returns the exit code. */
export async function runAdmin(
  argv: string[],
  io: Io,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const json = argv.includes("--json");
  const command = findCommand(ADMIN_COMMANDS, argv);
  if (!command) {
    if (argv.length === 0 || ["--help", "-h", "help"].includes(argv[0]!)) {
      io.out(adminHelp());
      return argv.length === 0 ? EXIT.usage : EXIT.ok;
    }
    const problem = groupProblem("docket admin", ADMIN_COMMANDS, argv.slice(0, 2));
    if (problem) {
      io.err(`docket: ${problem}`);
      return EXIT.usage;
    }
    const asked = argv
      .filter((a) => !a.startsWith("-"))
      .slice(0, 2)
      .join(" ");
    const near = suggest(
      argv[0] ?? "",
      ADMIN_COMMANDS.map((c) => c.name.split(" ")[0]!),
    );
    return reportError(
      io,
      new UsageError(
        near
          ? `unknown admin command "${asked}". Did you mean "admin ${near}"? (see docket admin --help)`
          : `unknown admin command "${asked}"; see docket admin --help`,
      ),
      json,
    );
  }
  if (argv.includes("--help") || argv.includes("-h")) {
    io.out(commandHelp("docket admin", command));
    return EXIT.ok;
  }
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseCommandArgs(
      "docket admin",
      command,
      argv.slice(command.name.split(" ").length),
      { json: { type: "boolean" } },
    ));
  } catch (error) {
    return reportError(io, error, json);
  }

  let core: Core | undefined;
  try {
    const config = loadConfig(env);
    let result: AdminResult;
    if (command.direct) {
      result = await command.direct(config, values, positionals, json ? () => {} : (line) => io.err(line));
    } else {
      const store = openStore(config.database, { poolSize: 2 });
      core = createCore(config, store, { limiter: new MemoryRateLimiter(systemClock) });
      // every command works on the current schema; `migrate` applies it itself, to say what it applied
      if (command.name !== "migrate") await store.migrate();
      result = await command.run(core, values, positionals);
    }
    const exit = result.exit ?? EXIT.ok;
    if (json) io.out(JSON.stringify(result.json, null, 2));
    else if (exit === EXIT.ok) io.out(result.text);
    else io.err(result.text);
    return exit;
  } catch (error) {
    return reportError(io, error, json);
  } finally {
    if (core) {
      await closeCore(core);
      await core.store.close();
    }
  }
}
