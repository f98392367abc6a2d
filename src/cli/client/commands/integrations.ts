/**
 * `docket integrations …`: the workspace's connections to code hosts (GitHub, GitLab). An admin adds one,
 * pastes the webhook URL and the secret printed once into the repository's (or group's) webhook settings,
 * and pull requests, branches and commits naming an issue are linked to it from then on
 * (docs/code-hosts.md). The same calls as the web app's Integrations page and /v1/integrations.
 */
import type { BodyOf, Schemas } from "../../../client/index.ts";
import { table, UsageError } from "../../output.ts";
import { ifMatchHeader, ok } from "../api.ts";
import {
  type ClientCommand,
  defined,
  IF_VERSION_OPTION,
  ifMatch,
  LIST_OPTIONS,
  many,
  moreNote,
  pageWant,
} from "../context.ts";
import { fields, type Paint } from "../render.ts";
import { humanTime } from "../time.ts";

type Integration = Schemas["Integration"];
type IntegrationDetail = Schemas["IntegrationDetail"];
type Delivery = Schemas["IntegrationDelivery"];
type Provider = Integration["provider"];

const PROVIDERS: Record<Provider, string> = { github: "GitHub", gitlab: "GitLab" };

/** Where the URL and the secret go on the code host, step by step. */
export function pasteSteps(provider: Provider, url: string, secret: string): string[] {
  if (provider === "github")
    return [
      "On GitHub: the repository's (or organization's) Settings → Webhooks → Add webhook:",
      `  Payload URL:   ${url}`,
      "  Content type:  application/json",
      `  Secret:        ${secret}`,
      "  Events:        Let me select individual events → Pull requests, Pull request reviews,",
      "                 Pushes, Branch or tag creation",
      "Then Add webhook: GitHub sends a ping, shown here under the integration's deliveries.",
    ];
  return [
    "On GitLab: the project's (or group's) Settings → Webhooks → Add new webhook:",
    `  URL:           ${url}`,
    `  Secret token:  ${secret}`,
    "  Trigger:       Push events, Merge request events",
    "Then Add webhook, and Test → Push events to see a delivery arrive here.",
  ];
}

function integrationText(
  i: Integration & { deliveries?: Delivery[]; secret?: string },
  paint: Paint,
): string {
  const head = fields(
    [
      ["Integration", i.id],
      ["Host", PROVIDERS[i.provider] ?? i.provider],
      ["Name", i.name],
      ["Repositories", i.repositories.length ? i.repositories.join(", ") : "all"],
      ["Webhook URL", i.webhook_url],
      ["Last delivery", i.last_delivery_at ? humanTime(i.last_delivery_at, { precise: true }) : "none yet"],
      ["Created", humanTime(i.created_at, { precise: true })],
    ],
    paint,
  );
  const lines = [head];
  if (i.secret) {
    lines.push(
      "",
      `${paint("Secret:", "bold")} ${i.secret}`,
      paint("Shown only now: paste it on the code host with the URL; it cannot be read again.", "yellow"),
      "",
      ...pasteSteps(i.provider, i.webhook_url, i.secret),
    );
  }
  if (i.deliveries && !i.secret) {
    lines.push("", paint(`Last deliveries (${i.deliveries.length})`, "bold"));
    lines.push(
      i.deliveries.length
        ? deliveriesTable(i.deliveries, paint)
        : "  None yet: the code host sends a first one when the webhook is saved.",
    );
  }
  return lines.join("\n");
}

const OUTCOME_COLOUR = { linked: "green", ignored: "dim", rejected: "red", error: "red" } as const;

function deliveriesTable(list: readonly Delivery[], paint: Paint): string {
  return table(
    ["RECEIVED", "EVENT", "OUTCOME", "SUMMARY"],
    list.map((d) => [
      humanTime(d.received_at, { precise: true }),
      d.action ? `${d.event}.${d.action}` : d.event,
      d.outcome,
      d.summary,
    ]),
    {
      paint: (text, row, column) => {
        if (row < 0) return paint(text, "bold");
        if (column === 2) return paint(text, OUTCOME_COLOUR[list[row]!.outcome]);
        return text;
      },
    },
  );
}

function provider(raw: string | undefined): Provider {
  const p = raw?.trim().toLowerCase();
  if (p === "github" || p === "gitlab") return p;
  throw new UsageError(`the code host is github or gitlab (got "${raw ?? ""}")`);
}

export const INTEGRATION_COMMANDS: ClientCommand[] = [
  {
    name: "integrations add",
    summary: "Connect GitHub or GitLab (admins); prints the webhook URL and its secret once",
    args: "github|gitlab",
    positionals: ["provider"],
    options: {
      name: { type: "string" },
      repo: { type: "string", multiple: true },
      secret: { type: "string" },
    },
    examples: [
      "docket integrations add github --repo acme/web --repo acme/api",
      'docket integrations add gitlab --name "GitLab (platform)" --repo platform/backend/api',
      "docket integrations add github --json | jq -r .secret",
    ],
    async run(ctx, v, [raw]) {
      const body = defined({
        provider: provider(raw),
        name: v.name as string | undefined,
        repositories: many(v, "repo"),
        secret: v.secret as string | undefined,
      });
      const made = await ok(
        ctx.api().v1.POST("/integrations", { body: body as BodyOf<"createIntegration"> }),
      );
      return { json: made, text: integrationText(made, ctx.paint) };
    },
  },
  {
    name: "integrations list",
    summary: "The workspace's code hosts, with their webhook URLs and last deliveries",
    options: { ...LIST_OPTIONS },
    examples: ["docket integrations list", "docket integrations list --json"],
    async run(ctx, v) {
      const api = ctx.api();
      const page = await api.list(pageWant(v), (at) =>
        ok(api.v1.GET("/integrations", { params: { query: at } })),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      const text = page.data.length
        ? table(
            ["ID", "HOST", "NAME", "REPOSITORIES", "LAST DELIVERY"],
            page.data.map((i) => [
              i.id,
              PROVIDERS[i.provider] ?? i.provider,
              i.name,
              i.repositories.join(",") || "all",
              i.last_delivery_at ? humanTime(i.last_delivery_at) : "none yet",
            ]),
            { ...(ctx.term.width ? { width: ctx.term.width } : {}), shrink: [2, 3] },
          )
        : "No code hosts yet: docket integrations add github (or gitlab).";
      return { json: page, text, ...(note ? { note } : {}) };
    },
  },
  {
    name: "integrations show",
    summary: "One code host: its webhook URL and the last deliveries with their outcome",
    positionals: ["id"],
    options: {},
    examples: ["docket integrations show int_01JQ2Z8X3V4B5N6M7K8J9H0G1F"],
    async run(ctx, _v, [id]) {
      const i: IntegrationDetail = await ok(
        ctx.api().v1.GET("/integrations/{id}", { params: { path: { id: id! } } }),
      );
      return { json: i, text: integrationText(i, ctx.paint) };
    },
  },
  {
    name: "integrations update",
    summary: "Rename a code host, change its repositories, or make a new secret (printed once)",
    positionals: ["id"],
    options: {
      name: { type: "string" },
      repo: { type: "string", multiple: true },
      "all-repos": { type: "boolean" },
      "rotate-secret": { type: "boolean" },
      secret: { type: "string" },
      ...IF_VERSION_OPTION,
    },
    examples: [
      "docket integrations update int_01JQ2Z8X3V4B5N6M7K8J9H0G1F --rotate-secret   # a lost secret",
      "docket integrations update int_01JQ2Z8X3V4B5N6M7K8J9H0G1F --repo acme/web --repo acme/docs",
      "docket integrations update int_01JQ2Z8X3V4B5N6M7K8J9H0G1F --all-repos --name 'GitHub (acme)'",
    ],
    async run(ctx, v, [id]) {
      if (v["all-repos"] === true && v.repo !== undefined)
        throw new UsageError("give --repo or --all-repos, not both");
      if (v["rotate-secret"] === true && v.secret !== undefined)
        throw new UsageError("give --rotate-secret or --secret, not both");
      const body = defined({
        name: v.name as string | undefined,
        repositories: v["all-repos"] === true ? [] : many(v, "repo"),
        rotate_secret: v["rotate-secret"] === true ? true : undefined,
        secret: v.secret as string | undefined,
      });
      if (Object.keys(body).length === 0)
        throw new UsageError(
          "nothing to change: give --name, --repo, --all-repos, --rotate-secret or --secret",
        );
      const i = await ok(
        ctx.api().v1.PATCH("/integrations/{id}", {
          params: { path: { id: id! } },
          body: body as BodyOf<"updateIntegration">,
          ...ifMatchHeader(ifMatch(v)),
        }),
      );
      return { json: i, text: integrationText(i, ctx.paint) };
    },
  },
  {
    name: "integrations remove",
    summary: "Disconnect a code host: its deliveries stop being taken (links made stay on their issues)",
    positionals: ["id"],
    options: {},
    examples: ["docket integrations remove int_01JQ2Z8X3V4B5N6M7K8J9H0G1F"],
    async run(ctx, _v, [id]) {
      const r = await ok(ctx.api().v1.DELETE("/integrations/{id}", { params: { path: { id: id! } } }));
      return {
        json: r,
        text: `Removed ${id}. Delete the webhook on the code host too: its deliveries are now refused.`,
      };
    },
  },
];
