import { DocketError } from "../../../errors.ts";
import { str } from "../../command.ts";
import { table, UsageError } from "../../output.ts";
import { ApiClient } from "../api.ts";
import { hint, normalizeUrl, readConfig, updateConfig, type WorkspaceInfo } from "../config.ts";
import type { ClientCommand, RunContext } from "../context.ts";
import { fields } from "../render.ts";
import { loadProfile } from "../session.ts";

interface Workspace extends WorkspaceInfo {
  spaces: { id: string; name: string; prefix: string }[];
}

/** Reads a line from the terminal without echoing it. */
function readHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let value = "";
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off("data", onData);
      process.stderr.write("\n");
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") return done();
        if (ch === "\u0003") return done(new UsageError("sign-in abandoned"));
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else if (ch >= " ") value += ch;
      }
    };
    input.on("data", onData);
  });
}

/** The token to sign in with: DOCKET_TOKEN, else typed at a hidden prompt, else read from stdin. */
async function tokenInput(ctx: RunContext): Promise<string> {
  const fromEnv = ctx.env.DOCKET_TOKEN?.trim();
  if (fromEnv) return fromEnv;
  const raw = process.stdin.isTTY ? await readHidden("Personal access token: ") : await ctx.stdin();
  const token = raw.trim();
  if (!token)
    throw new UsageError(
      "no token given: type it at the prompt, pipe it on stdin, or set DOCKET_TOKEN (mint one with docket admin tokens create)",
    );
  return token;
}

const describeWorkspace = (w: Workspace) =>
  `${w.name} (${w.slug}), spaces ${w.spaces.map((s) => s.prefix).join(", ") || "none"}`;

export const AUTH_COMMANDS: ClientCommand[] = [
  {
    name: "login",
    summary: "Sign in to a Docket service with a personal access token",
    options: { url: { type: "string" } },
    auth: false,
    examples: [
      "docket login --url https://docket.example.com          # asks for the token, hidden",
      "echo $TOKEN | docket login --url http://localhost:3000 --profile local",
      "DOCKET_TOKEN=docket_pat_… docket login --url https://docket.example.com --json",
    ],
    async run(ctx, v) {
      const existing = readConfig(ctx.configFile).profiles[ctx.profile];
      const rawUrl = str(v, "url") ?? existing?.url;
      if (!rawUrl)
        throw new UsageError("--url is required: the service's address, such as https://docket.example.com");
      const url = normalizeUrl(rawUrl);
      const token = await tokenInput(ctx);
      const probe = new ApiClient(url, { token: async () => token, renew: async () => undefined });
      let workspace: Workspace;
      try {
        workspace = await probe.get<Workspace>("/workspace");
      } catch (error) {
        if (error instanceof DocketError && error.status === 401)
          throw new DocketError(401, error.code, `The service refused this token: ${error.description}`);
        throw error;
      }
      const { id, name, slug } = workspace;
      updateConfig(ctx.configFile, (config) => {
        config.profiles[ctx.profile] = {
          url,
          credentials: { type: "pat", token },
          workspace: { id, name, slug },
          signed_in_at: new Date().toISOString(),
        };
      });
      return {
        json: { profile: ctx.profile, url, credentials: { type: "pat" }, workspace },
        text: `Signed in to ${describeWorkspace(workspace)} at ${url} as profile "${ctx.profile}".\nThe token is kept in ${ctx.configFile}.`,
      };
    },
  },
  {
    name: "logout",
    summary: "Forget a profile's credentials",
    options: {},
    auth: false,
    examples: ["docket logout", "docket logout --profile staging"],
    async run(ctx) {
      let had = false;
      updateConfig(ctx.configFile, (config) => {
        had = Object.hasOwn(config.profiles, ctx.profile);
        delete config.profiles[ctx.profile];
      });
      return {
        json: { profile: ctx.profile, signed_out: had },
        text: had ? `Signed out of profile "${ctx.profile}".` : `Profile "${ctx.profile}" was not signed in.`,
      };
    },
  },
  {
    name: "whoami",
    summary: "Show the profile in use: service, workspace and credentials",
    options: {},
    examples: ["docket whoami", "docket whoami --profile staging --json"],
    async run(ctx) {
      const profile = loadProfile(ctx.configFile, ctx.profile, ctx.env);
      const workspace = await ctx.api().get<Workspace>("/workspace");
      const credentials =
        profile.credentials.type === "pat"
          ? `personal access token ${hint(profile.credentials.token)}`
          : profile.credentials.type;
      return {
        json: {
          profile: ctx.profile,
          url: profile.url,
          credentials: { type: profile.credentials.type },
          workspace,
        },
        text: fields(
          [
            ["Profile", ctx.profile],
            ["Service", profile.url],
            ["Workspace", `${workspace.name} (${workspace.slug}, ${workspace.id})`],
            [
              "Spaces",
              workspace.spaces
                .map((s) => (s.name === s.prefix ? s.prefix : `${s.prefix} (${s.name})`))
                .join(", "),
            ],
            ["Signed in with", credentials],
          ],
          ctx.paint,
        ),
      };
    },
  },
  {
    name: "profiles list",
    summary: "List the profiles signed in on this machine",
    options: {},
    auth: false,
    examples: ["docket profiles list", "DOCKET_PROFILE=staging docket issues list"],
    async run(ctx) {
      const profiles = readConfig(ctx.configFile).profiles;
      const rows = Object.entries(profiles).map(([name, p]) => ({
        name,
        current: name === ctx.profile,
        url: p.url,
        workspace: p.workspace?.slug ?? null,
        credentials: p.credentials.type,
      }));
      return {
        json: rows,
        text: table(
          ["", "PROFILE", "SERVICE", "WORKSPACE", "CREDENTIALS"],
          rows.map((r) => [r.current ? "*" : "", r.name, r.url, r.workspace, r.credentials]),
          ctx.term.width ? { width: ctx.term.width } : {},
        ),
      };
    },
  },
];
