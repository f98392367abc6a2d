import type { Schemas } from "../../../client/index.ts";
import { DocketError } from "../../../errors.ts";
import { str } from "../../command.ts";
import { table, UsageError } from "../../output.ts";
import { registerAgent, revokeAccessToken } from "../agent.ts";
import { ApiClient, ok } from "../api.ts";
import { type Credentials, hint, normalizeUrl, type Profile, readConfig, updateConfig } from "../config.ts";
import type { ClientCommand, RunContext } from "../context.ts";
import { fields } from "../render.ts";
import { loadProfile } from "../session.ts";

type Workspace = Schemas["Workspace"];

/** Reads a line from the terminal without echoing it. */
function readHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  return new Promise((resolve, reject) => {
    let value = "";
    // Echo goes off before the prompt shows, so nothing typed after it can be echoed.
    input.setRawMode(true);
    process.stderr.write(prompt);
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

/** The person's side of `login --agent`, on stderr: the link, the code, and what happens next. */
async function agentCredentials(ctx: RunContext, url: string, email: string): Promise<Credentials> {
  const r = await registerAgent(url, email, {
    say: (text) => ctx.io.err(text),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
  return {
    type: "agent",
    identity_assertion: r.identity_assertion,
    assertion_expires: r.assertion_expires,
    access_token: r.access_token,
    access_token_expires_at: new Date(Date.now() + r.expires_in * 1000).toISOString(),
    scope: r.scope,
    email,
  };
}

/** How whoami and the login message name a profile's credentials (never the secret itself). */
export function describeCredentials(c: Credentials): string {
  if (c.type === "pat") return `personal access token ${hint(c.token)}`;
  const access = c.scope.includes("workspace.write") ? "read and write" : "read only";
  return `agent connection for ${c.email} (${access}; renews until ${c.assertion_expires.slice(0, 10)})`;
}

const describeWorkspace = (w: Workspace) =>
  `${w.name} (${w.slug}), spaces ${w.spaces.map((s) => s.prefix).join(", ") || "none"}`;

export const AUTH_COMMANDS: ClientCommand[] = [
  {
    name: "login",
    summary: "Sign in to a Docket service with a personal access token, or register as an agent",
    options: { url: { type: "string" }, agent: { type: "boolean" }, email: { type: "string" } },
    auth: false,
    examples: [
      "docket login --url https://docket.example.com          # asks for the token, hidden",
      "echo $TOKEN | docket login --url http://localhost:3000 --profile local",
      "DOCKET_TOKEN=docket_pat_… docket login --url https://docket.example.com --json",
      "docket login --agent --email ada@example.com --url https://docket.example.com",
    ],
    async run(ctx, v) {
      const existing = readConfig(ctx.configFile).profiles[ctx.profile];
      const rawUrl = str(v, "url") ?? existing?.url;
      if (!rawUrl)
        throw new UsageError("--url is required: the service's address, such as https://docket.example.com");
      const url = normalizeUrl(rawUrl);
      const email = str(v, "email");
      if (v.agent === true && !email?.trim())
        throw new UsageError(
          "--agent needs --email: the address of the person who will approve the connection",
        );
      if (v.agent !== true && email !== undefined) throw new UsageError("--email goes with --agent");
      const credentials: Credentials =
        v.agent === true
          ? await agentCredentials(ctx, url, email!.trim())
          : { type: "pat", token: await tokenInput(ctx) };
      const token = credentials.type === "pat" ? credentials.token : credentials.access_token;
      const probe = new ApiClient(url, { token: async () => token, renew: async () => undefined });
      let workspace: Workspace;
      try {
        workspace = await ok(probe.v1.GET("/workspace"));
      } catch (error) {
        if (error instanceof DocketError && error.status === 401)
          throw new DocketError(401, error.code, `The service refused this token: ${error.description}`);
        throw error;
      }
      const { id, name, slug } = workspace;
      updateConfig(ctx.configFile, (config) => {
        config.profiles[ctx.profile] = {
          url,
          credentials,
          workspace: { id, name, slug },
          signed_in_at: new Date().toISOString(),
        };
      });
      return {
        json: {
          profile: ctx.profile,
          url,
          credentials: {
            type: credentials.type,
            ...(credentials.type === "agent" ? { scope: credentials.scope } : {}),
          },
          workspace,
        },
        text: [
          `Signed in to ${describeWorkspace(workspace)} at ${url} as profile "${ctx.profile}"`,
          `with ${describeCredentials(credentials)}.`,
          `The ${credentials.type === "pat" ? "token is" : "identity assertion is"} kept in ${ctx.configFile}.`,
        ].join("\n"),
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
      let gone: Profile | undefined;
      updateConfig(ctx.configFile, (config) => {
        gone = config.profiles[ctx.profile];
        delete config.profiles[ctx.profile];
      });
      const ended = gone as Profile | undefined;
      const had = ended !== undefined;
      if (ended?.credentials.type === "agent") {
        // The access token in hand ends now; the connection itself is the person's to revoke.
        await revokeAccessToken(ended.url, ended.credentials.access_token).catch(() => undefined);
      }
      return {
        json: { profile: ctx.profile, signed_out: had },
        text: !had
          ? `Profile "${ctx.profile}" was not signed in.`
          : ended?.credentials.type === "agent"
            ? `Signed out of profile "${ctx.profile}". The agent connection stays in the person's settings on the service until revoked there.`
            : `Signed out of profile "${ctx.profile}".`,
      };
    },
  },
  {
    name: "whoami",
    summary: "Who you are: the person, the workspace and your role, the credential, the service",
    options: {},
    examples: ["docket whoami", "docket whoami --profile staging --json"],
    async run(ctx) {
      const profile = loadProfile(ctx.configFile, ctx.profile, ctx.env);
      const api = ctx.api();
      const [me, workspace] = await Promise.all([ok(api.v1.GET("/me")), ok(api.v1.GET("/workspace"))]);
      const scopes = me.credential.scopes.includes("workspace.write") ? "read and write" : "read only";
      const credential =
        profile.credentials.type === "agent"
          ? `${describeCredentials(profile.credentials)}${me.credential.id ? `, ${me.credential.id}` : ""}`
          : `personal access token${me.credential.name ? ` "${me.credential.name}"` : ""} (${[
              me.credential.id,
              hint(profile.credentials.token),
              scopes,
            ]
              .filter(Boolean)
              .join(", ")})`;
      return {
        json: {
          profile: ctx.profile,
          url: profile.url,
          person: me.person,
          role: me.workspace?.role ?? null,
          credentials:
            profile.credentials.type === "agent"
              ? {
                  type: "agent",
                  id: me.credential.id,
                  name: me.credential.name,
                  email: profile.credentials.email,
                  scope: profile.credentials.scope,
                  assertion_expires: profile.credentials.assertion_expires,
                }
              : { type: "pat", id: me.credential.id, name: me.credential.name, scopes: me.credential.scopes },
          workspace,
        },
        text: fields(
          [
            [
              profile.credentials.type === "agent" ? "Acting for" : "You",
              me.person.name ? `${me.person.name} <${me.person.email}>` : me.person.email,
            ],
            [
              "Workspace",
              `${workspace.name} (${workspace.slug}, ${workspace.id})${me.workspace ? `, as ${me.workspace.role}` : ""}`,
            ],
            [
              "Spaces",
              workspace.spaces
                .map((s) => (s.name === s.prefix ? s.prefix : `${s.prefix} (${s.name})`))
                .join(", "),
            ],
            ["Signed in with", credential],
            ["Service", profile.url],
            ["Profile", ctx.profile],
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
