import type { BodyOf, QueryOf, Schemas } from "../../../client/index.ts";
import { str } from "../../command.ts";
import { table, UsageError } from "../../output.ts";
import { ok } from "../api.ts";
import {
  type ClientCommand,
  checkLocally,
  defined,
  LIST_OPTIONS,
  many,
  moreNote,
  pageWant,
  type RunContext,
} from "../context.ts";
import { assigneeText } from "./issues.ts";

/** `--ttl 30m`: seconds, or a number with s, m or h. */
export function parseTtl(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const m = /^(\d+)(s|m|h)?$/.exec(raw.trim());
  if (!m) throw new UsageError(`--ttl must be a duration such as 90s, 30m or 2h (got "${raw}")`);
  return Number(m[1]) * { s: 1, m: 60, h: 3600 }[(m[2] ?? "s") as "s" | "m" | "h"];
}

function claimText(ctx: RunContext, c: Schemas["Claim"]): string {
  return [
    `${ctx.paint(c.issue.identifier, "bold")}  ${c.issue.title}`,
    `Claim ${c.id} held by ${assigneeText(c.holder)} until ${c.expires_at}`,
    `Fencing token ${c.fencing_token} (send it as Docket-Fencing-Token with writes to ${c.issue.identifier})`,
  ].join("\n");
}

const claimFlag = (field: string) =>
  ({ ttl_seconds: "ttl", issue: "id" })[field] ?? field.replaceAll("_", "-");

export const CLAIM_COMMANDS: ClientCommand[] = [
  {
    name: "claim",
    summary: "Claim an issue (or the next startable one matching the filters): it becomes yours, in progress",
    positionals: ["id?"],
    options: {
      space: { type: "string" },
      label: { type: "string", multiple: true },
      priority: { type: "string", multiple: true },
      milestone: { type: "string" },
      cycle: { type: "string" },
      ttl: { type: "string" },
      "take-over": { type: "boolean" },
      force: { type: "boolean" },
    },
    examples: [
      "docket claim                                   # the next startable issue, most urgent first",
      "docket claim ENG-42 --ttl 2h",
      "docket claim ENG-42 --take-over                # a person's in-progress issue",
      "docket claim ENG-43 --force                    # though open issues block it",
      "docket claim --space ENG --label bug --priority urgent --priority high",
      "docket claim --json | jq .fencing_token",
    ],
    async run(ctx, v, [id]) {
      const body = defined({
        issue: id,
        space: str(v, "space"),
        label: many(v, "label"),
        priority: many(v, "priority"),
        milestone: str(v, "milestone"),
        cycle: str(v, "cycle"),
        ttl_seconds: parseTtl(str(v, "ttl")),
        take_over: v["take-over"] === true ? true : undefined,
        force: v.force === true ? true : undefined,
      });
      await checkLocally(
        async () => (await import("../../../tracker/claims.ts")).createClaimInput,
        body,
        claimFlag,
      );
      const claim = await ok(ctx.api().v1.POST("/claims", { body: body as BodyOf<"createClaim"> }));
      const again = claim.resumed ? "\n(already yours: the claim you hold, not a new one)" : "";
      return { json: claim, text: `${claimText(ctx, claim)}${again}` };
    },
  },
  {
    name: "claim heartbeat",
    summary: "Renew a claim (its own time to live from now, or --ttl)",
    positionals: ["id"],
    options: { ttl: { type: "string" } },
    examples: ["docket claim heartbeat clm_01J…", "docket claim heartbeat clm_01J… --ttl 1h"],
    async run(ctx, v, [id]) {
      const body = defined({ ttl_seconds: parseTtl(str(v, "ttl")) });
      const claim = await ok(
        ctx.api().v1.POST("/claims/{id}/heartbeat", {
          params: { path: { id: id! } },
          body: body as BodyOf<"heartbeatClaim">,
        }),
      );
      return {
        json: claim,
        text: claim.ended
          ? `${claim.id} on ${claim.issue.identifier} had ended (${claim.ended}); nothing to renew`
          : `Renewed ${claim.id} on ${claim.issue.identifier} until ${claim.expires_at}`,
      };
    },
  },
  {
    name: "claim release",
    summary: "Release a claim: the issue gets back the status and assignee it had before it",
    positionals: ["id"],
    options: {},
    examples: ["docket claim release clm_01J…"],
    async run(ctx, _v, [id]) {
      const claim = await ok(ctx.api().v1.DELETE("/claims/{id}", { params: { path: { id: id! } } }));
      const text =
        claim.ended === "released"
          ? `Released ${claim.id} on ${claim.issue.identifier}`
          : `${claim.id} on ${claim.issue.identifier} had ended (${claim.ended}); nothing to release`;
      return { json: claim, text };
    },
  },
  {
    name: "claims list",
    summary: "The live claims of the workspace",
    options: { holder: { type: "string" }, issue: { type: "string" }, ...LIST_OPTIONS },
    examples: [
      "docket claims list",
      "docket claims list --holder me",
      "docket claims list --issue ENG-42 --json",
    ],
    async run(ctx, v) {
      const api = ctx.api();
      const query = defined({ holder: str(v, "holder"), issue: str(v, "issue") }) as QueryOf<"listClaims">;
      const page = await api.list(pageWant(v), (at) =>
        ok(api.v1.GET("/claims", { params: { query: { ...query, ...at } } })),
      );
      const note = moreNote(page.next_cursor, page.data.length);
      const text = table(
        ["CLAIM", "ISSUE", "HOLDER", "TOKEN", "EXPIRES"],
        page.data.map((c) => [
          c.id,
          c.issue.identifier,
          assigneeText(c.holder),
          String(c.fencing_token),
          c.expires_at,
        ]),
        ctx.term.width ? { width: ctx.term.width, shrink: [2] } : { shrink: [2] },
      );
      return { json: page, text, ...(note ? { note } : {}) };
    },
  },
];
