import type { Transaction } from "kysely";
import type { Core } from "../../core.ts";
import type { Database, IssueStatus } from "../../db/schema.ts";
import { isUniqueViolation } from "../../db/store.ts";
import { DocketError } from "../../errors.ts";
import { newId } from "../../secrets.ts";
import { recordActivity } from "../activity.ts";
import { requestApproval } from "../approvals.ts";
import { CLOSED_STATUSES } from "../common.ts";
import type { Ctx, ViaIntegration } from "../context.ts";
import { emitEvent } from "../events.ts";
import { updateIssue } from "../issues.ts";
import { sessionEvent } from "../session-state.ts";
import { findMentions, type Mention, pullRequestMentions, repositoryMatches } from "./linker.ts";
import type { CodeEvent, CommitFacts, PullRequestFacts } from "./payloads.ts";
import {
  type CodeLinkRow,
  type CodeLinkView,
  type IntegrationRow,
  linkView,
  PROVIDER_NAMES,
  type Provider,
} from "./store.ts";

/**
 * What a code host's event does: the issues it names get their links (created, or brought up to date),
 * and, per the space's switches, move: a branch or draft pull request starts a backlog/todo issue, a
 * pull request ready for review moves it to in_review, a merge whose closing word (or branch) names it
 * finishes it through the issue's one write path, so the space's review policy holds (a policy that
 * needs a person gets a "mark done?" approval for its reviewers instead). The integration is the actor:
 * `via` its id, accountable to the admin who made it, with `via_integration` saying what caused it.
 */

/** Identifiers read from one text at most (a pasted list of hundreds links nothing past these). */
const MAX_MENTIONS = 50;
const MAX_ARTIFACTS = 50;

export interface Outcome {
  outcome: "linked" | "ignored";
  summary: string;
}

interface IssueHit {
  id: string;
  identifier: string;
  status: IssueStatus;
  space_id: string;
  title: string;
}

interface SpaceSwitches {
  auto_start_on_branch: boolean;
  auto_review_on_pr: boolean;
  auto_done_on_merge: boolean;
}

type LinkFields = Omit<
  CodeLinkRow,
  "id" | "workspace_id" | "issue_id" | "integration_id" | "provider" | "created_at" | "updated_at"
>;

/** The context the integration acts in: its workspace, its maker as the accountable person, its id as `via`. */
export function integrationCtx(core: Core, integration: IntegrationRow, via?: ViaIntegration): Ctx {
  return {
    core,
    workspaceId: integration.workspace_id,
    actor: { personId: integration.created_by, via: integration.id },
    ...(via ? { integration: via } : {}),
  };
}

/** "GitHub (pull request #123 by octocat)": how a change the integration made is named. */
export function describeVia(via: ViaIntegration): string {
  const host = PROVIDER_NAMES[via.provider as Provider] ?? via.provider;
  const what =
    via.kind === "pull_request"
      ? `${via.provider === "gitlab" ? "merge request !" : "pull request #"}${via.number}`
      : via.kind;
  return `${host} (${what}${via.author_login ? ` by ${via.author_login}` : ""})`;
}

class Run {
  readonly parts: string[] = [];
  linked = 0;
  readonly core: Core;
  readonly integration: IntegrationRow;
  constructor(core: Core, integration: IntegrationRow) {
    this.core = core;
    this.integration = integration;
  }

  get provider(): Provider {
    return this.integration.provider;
  }

  ctx(via?: ViaIntegration): Ctx {
    return integrationCtx(this.core, this.integration, via);
  }

  /** The prefixes whose identifiers may link from `repository` (space_rules); undefined: any. */
  allowedPrefixes(repository: string): Set<string> | undefined {
    const rules = JSON.parse(this.integration.space_rules) as Record<string, string>;
    const matched = Object.entries(rules).filter(([pattern]) => repositoryMatches(pattern, repository));
    return matched.length ? new Set(matched.map(([, prefix]) => prefix.toUpperCase())) : undefined;
  }

  /** The workspace's issues `mentions` name (another workspace's identifiers never match). */
  async issues(repository: string, mentions: Mention[]): Promise<Map<string, IssueHit>> {
    const allowed = this.allowedPrefixes(repository);
    const wanted = mentions
      .filter((m) => !allowed || allowed.has(m.prefix))
      .slice(0, MAX_MENTIONS)
      .map((m) => m.identifier);
    if (wanted.length === 0) return new Map();
    const rows = await this.core.db
      .selectFrom("issues")
      .select(["id", "identifier", "status", "space_id", "title"])
      .where("workspace_id", "=", this.integration.workspace_id)
      .where("identifier", "in", wanted)
      .execute();
    return new Map(rows.map((r) => [r.identifier, r as IssueHit]));
  }

  private switchesCache = new Map<string, SpaceSwitches>();
  async switches(spaceId: string): Promise<SpaceSwitches> {
    let s = this.switchesCache.get(spaceId);
    if (!s) {
      const row = await this.core.db
        .selectFrom("spaces")
        .select(["auto_start_on_branch", "auto_review_on_pr", "auto_done_on_merge"])
        .where("id", "=", spaceId)
        .executeTakeFirstOrThrow();
      s = {
        auto_start_on_branch: Boolean(Number(row.auto_start_on_branch)),
        auto_review_on_pr: Boolean(Number(row.auto_review_on_pr)),
        auto_done_on_merge: Boolean(Number(row.auto_done_on_merge)),
      };
      this.switchesCache.set(spaceId, s);
    }
    return s;
  }

  /**
   * Links `issue` to the code host's object `externalId` (or brings the link up to date), in `trx`:
   * `code_link.created` or `code_link.updated` (only when something changed). Answers the link and
   * whether it is new and whether its state changed.
   */
  async upsert(
    trx: Transaction<Database>,
    ctx: Ctx,
    issue: { id: string; identifier: string },
    externalId: string,
    fields: Partial<LinkFields> & Pick<LinkFields, "kind" | "url" | "repository">,
  ): Promise<{ link: CodeLinkView; created: boolean; stateChanged: boolean } | undefined> {
    const at = this.core.clock.now().toISOString();
    const current = await trx
      .selectFrom("code_links")
      .selectAll()
      .where("issue_id", "=", issue.id)
      .where("external_id", "=", externalId)
      .executeTakeFirst();
    if (!current) {
      const row: CodeLinkRow = {
        id: newId("lnk", new Date(at)),
        workspace_id: this.integration.workspace_id,
        issue_id: issue.id,
        integration_id: this.integration.id,
        provider: this.provider,
        external_id: externalId,
        title: "",
        number: null,
        state: null,
        review_state: null,
        author_login: null,
        closes: 0,
        branch: null,
        merged_at: null,
        closed_at: null,
        ...fields,
        created_at: at,
        updated_at: at,
      };
      try {
        await trx.insertInto("code_links").values(row).execute();
      } catch (error) {
        // the same object linked at the same moment by another delivery: theirs stands
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
      const link = linkView(row);
      await emitEvent(trx, ctx, {
        type: "code_link.created",
        object: { type: "code_link", id: row.id },
        data: { ...link, issue: issue.identifier, issue_id: issue.id },
        at,
      });
      this.linked++;
      return { link, created: true, stateChanged: true };
    }
    const next = { ...current, ...fields };
    const changed = (Object.keys(fields) as (keyof LinkFields)[]).filter(
      (k) => String(current[k] ?? "") !== String(next[k] ?? ""),
    );
    if (changed.length === 0) return { link: linkView(current), created: false, stateChanged: false };
    await trx
      .updateTable("code_links")
      .set({ ...fields, updated_at: at })
      .where("id", "=", current.id)
      .execute();
    const link = linkView({ ...next, updated_at: at });
    await emitEvent(trx, ctx, {
      type: "code_link.updated",
      object: { type: "code_link", id: current.id },
      data: { ...link, issue: issue.identifier, issue_id: issue.id, changed },
      at,
    });
    this.linked++;
    return { link, created: false, stateChanged: changed.includes("state") };
  }

  /** Moves `issue` to `status` through the issue's write path, as the integration; says what it did. */
  async move(issue: IssueHit, status: IssueStatus, via: ViaIntegration): Promise<void> {
    const ctx = this.ctx(via);
    try {
      const after = await updateIssue(ctx, issue.id, { status: status as "done" });
      issue.status = after.status as IssueStatus;
      this.parts.push(`${issue.identifier} → ${status}`);
    } catch (error) {
      if (error instanceof DocketError && error.code === "review_required" && status === "done") {
        await this.readyToFinish(issue, via);
        return;
      }
      if (error instanceof DocketError && error.status < 500) {
        this.parts.push(`${issue.identifier} not moved: ${error.message}`);
        return;
      }
      throw error;
    }
  }

  /**
   * A merge the space's review policy does not let the integration finish: the issue moves to in_review
   * (if not there), its activity records "ready to finish", and its reviewers are asked a "mark done?"
   * approval (their inbox tells them); a reviewer's approval marks it done.
   */
  async readyToFinish(issue: IssueHit, via: ViaIntegration): Promise<void> {
    const ctx = this.ctx(via);
    if (issue.status !== "in_review") {
      const after = await updateIssue(ctx, issue.id, { status: "in_review" });
      issue.status = after.status as IssueStatus;
    }
    await this.core.db.transaction().execute(async (trx) => {
      await recordActivity(trx, ctx, { type: "issue", id: issue.id }, "ready_to_finish", {});
    });
    await requestApproval(ctx, issue.id, {
      mark_done: true,
      question: `${describeVia(via)} was merged: mark ${issue.identifier} done? ${issue.title}`,
    });
    this.parts.push(`${issue.identifier} ready to finish (reviewers asked)`);
  }

  /** A pull request's link becomes an artifact of the issue's agent run (the newest), when it has one. */
  async artifact(trx: Transaction<Database>, ctx: Ctx, issueId: string, link: CodeLinkView): Promise<void> {
    const run = await trx
      .selectFrom("agent_sessions")
      .selectAll()
      .where("issue_id", "=", issueId)
      .where("workspace_id", "=", this.integration.workspace_id)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    if (!run) return;
    const artifacts = JSON.parse(run.artifacts) as {
      kind: string;
      url: string;
      title: string;
      state: string | null;
    }[];
    const entry = { kind: "pull_request", url: link.url, title: link.title, state: link.state };
    const at = artifacts.findIndex((a) => a.url === link.url);
    if (at >= 0) {
      const had = artifacts[at]!;
      if (had.title === entry.title && had.state === entry.state && had.kind === entry.kind) return;
      artifacts[at] = entry;
    } else {
      if (artifacts.length >= MAX_ARTIFACTS) return;
      artifacts.push(entry);
    }
    const now = this.core.clock.now().toISOString();
    const updated = await trx
      .updateTable("agent_sessions")
      .set((eb) => ({
        artifacts: JSON.stringify(artifacts),
        updated_at: now,
        version: eb("version", "+", 1),
      }))
      .where("id", "=", run.id)
      .returningAll()
      .executeTakeFirst();
    if (updated) await sessionEvent(trx, ctx, "session.updated", updated, { changed: ["artifacts"] }, now);
  }

  // -------------------------------------------------------------------------------------------------

  async pullRequest(e: Extract<CodeEvent, { type: "pull_request" }>): Promise<void> {
    const { pr, repository } = e;
    const externalId = `${repository}#${pr.number}`;
    const via: ViaIntegration = {
      provider: this.provider,
      kind: "pull_request",
      number: pr.number,
      author_login: pr.author,
      url: pr.url,
    };
    const ctx = this.ctx(via);
    const mentions = pullRequestMentions(pr.title, pr.body, pr.branch);
    const named = await this.issues(repository, mentions);
    // issues linked before (a title edited since, a branch renamed) keep their link and its state
    const earlier = await this.core.db
      .selectFrom("code_links as l")
      .innerJoin("issues as i", "i.id", "l.issue_id")
      .select(["i.id", "i.identifier", "i.status", "i.space_id", "i.title", "l.closes"])
      .where("l.workspace_id", "=", this.integration.workspace_id)
      .where("l.external_id", "=", externalId)
      .execute();
    const targets = new Map<string, { issue: IssueHit; closes: boolean }>();
    for (const r of earlier)
      targets.set(r.identifier, {
        issue: { id: r.id, identifier: r.identifier, status: r.status, space_id: r.space_id, title: r.title },
        closes: Boolean(Number(r.closes)),
      });
    for (const m of mentions) {
      const issue = named.get(m.identifier);
      if (issue) targets.set(issue.identifier, { issue, closes: m.closes });
    }
    if (targets.size === 0) {
      this.parts.push(`${label(this.provider, pr)}: names no issue of this workspace`);
      return;
    }
    const results: { issue: IssueHit; closes: boolean; created: boolean; stateChanged: boolean }[] = [];
    await this.core.db.transaction().execute(async (trx) => {
      for (const { issue, closes } of targets.values()) {
        const r = await this.upsert(trx, ctx, issue, externalId, {
          kind: "pull_request",
          url: pr.url,
          title: pr.title.slice(0, 500),
          number: pr.number,
          state: pr.state,
          ...(e.review !== undefined ? { review_state: e.review } : {}),
          author_login: pr.author,
          closes: closes ? 1 : 0,
          repository,
          branch: pr.branch,
          merged_at: pr.merged_at,
          closed_at: pr.state === "closed" || pr.state === "merged" ? (pr.closed_at ?? pr.merged_at) : null,
        });
        if (!r) continue;
        if (r.created || r.stateChanged) await this.artifact(trx, ctx, issue.id, r.link);
        if (pr.state === "closed" && r.stateChanged && !r.created)
          await recordActivity(trx, ctx, { type: "issue", id: issue.id }, "pull_request_closed", {});
        results.push({ issue, closes, created: r.created, stateChanged: r.stateChanged });
      }
    });
    const ids = results.map((r) => r.issue.identifier).join(", ");
    if (results.length)
      this.parts.push(
        `${label(this.provider, pr)} ${results.some((r) => r.created) ? "linked to" : "updated on"} ${ids}${
          e.review ? ` (${e.review.replace("_", " ")})` : ""
        }`,
      );
    // automation, one issue at a time through the write path
    for (const r of results) {
      const sw = await this.switches(r.issue.space_id);
      const status = r.issue.status;
      if (pr.state === "merged") {
        if (r.closes && sw.auto_done_on_merge && !CLOSED_STATUSES.includes(status))
          await this.move(r.issue, "done", via);
      } else if (pr.state === "closed") {
        if (r.stateChanged && !r.created)
          this.parts.push(`${r.issue.identifier}: closed without merge, not moved`);
      } else if (pr.state === "draft") {
        const trigger = r.created || ["opened", "reopened", "converted_to_draft"].includes(e.action);
        if (trigger && sw.auto_start_on_branch && (status === "backlog" || status === "todo"))
          await this.move(r.issue, "in_progress", via);
      } else if (pr.state === "open") {
        const trigger = r.created || ["opened", "reopened", "ready_for_review"].includes(e.action);
        if (trigger && sw.auto_review_on_pr && ["backlog", "todo", "in_progress"].includes(status))
          await this.move(r.issue, "in_review", via);
      }
    }
  }

  async branch(
    repository: string,
    repositoryUrl: string,
    branch: string,
    author: string | null,
    deleted: boolean,
  ) {
    const externalId = `${repository}:${branch}`;
    const via: ViaIntegration = {
      provider: this.provider,
      kind: "branch",
      number: null,
      author_login: author,
      url: branchUrl(this.provider, repositoryUrl, branch),
    };
    const ctx = this.ctx(via);
    if (deleted) {
      const links = await this.core.db
        .selectFrom("code_links as l")
        .innerJoin("issues as i", "i.id", "l.issue_id")
        .select(["i.id", "i.identifier"])
        .where("l.workspace_id", "=", this.integration.workspace_id)
        .where("l.external_id", "=", externalId)
        .execute();
      if (links.length === 0) return;
      await this.core.db.transaction().execute(async (trx) => {
        for (const issue of links)
          await this.upsert(trx, ctx, issue, externalId, {
            kind: "branch",
            url: via.url,
            repository,
            state: "closed",
            closed_at: this.core.clock.now().toISOString(),
          });
      });
      this.parts.push(`branch ${branch} deleted (${links.map((l) => l.identifier).join(", ")})`);
      return;
    }
    const named = await this.issues(repository, findMentions(branch));
    if (named.size === 0) return;
    const created: IssueHit[] = [];
    await this.core.db.transaction().execute(async (trx) => {
      for (const issue of named.values()) {
        const r = await this.upsert(trx, ctx, issue, externalId, {
          kind: "branch",
          url: via.url,
          title: branch,
          repository,
          branch,
          author_login: author,
          state: "open",
          closes: 1,
          closed_at: null,
        });
        if (r?.created) created.push(issue);
      }
    });
    if (created.length)
      this.parts.push(`branch ${branch} linked to ${created.map((i) => i.identifier).join(", ")}`);
    for (const issue of created) {
      const sw = await this.switches(issue.space_id);
      if (sw.auto_start_on_branch && (issue.status === "backlog" || issue.status === "todo"))
        await this.move(issue, "in_progress", via);
    }
  }

  async push(e: Extract<CodeEvent, { type: "push" }>): Promise<void> {
    const isDefault = e.defaultBranch !== null && e.branch === e.defaultBranch;
    if (!isDefault || e.deleted)
      await this.branch(e.repository, e.repositoryUrl, e.branch, e.author, e.deleted);
    if (e.deleted) return;
    const perCommit = e.commits.map((c) => ({ commit: c, mentions: findMentions(c.message) }));
    const all = perCommit.flatMap((c) => c.mentions);
    if (all.length === 0) return;
    const named = await this.issues(e.repository, all);
    if (named.size === 0) return;
    const toFinish: { issue: IssueHit; via: ViaIntegration }[] = [];
    const linkedTo = new Set<string>();
    await this.core.db.transaction().execute(async (trx) => {
      for (const { commit, mentions } of perCommit) {
        const via = commitVia(this.provider, commit);
        const ctx = this.ctx(via);
        for (const m of mentions) {
          const issue = named.get(m.identifier);
          if (!issue) continue;
          const r = await this.upsert(trx, ctx, issue, `${e.repository}@${commit.sha}`, {
            kind: "commit",
            url: commit.url,
            title: commit.message.split("\n")[0]!.slice(0, 500),
            author_login: commit.author,
            closes: m.closes ? 1 : 0,
            repository: e.repository,
            branch: e.branch,
          });
          if (!r) continue;
          linkedTo.add(issue.identifier);
          if (isDefault && m.closes && !toFinish.some((f) => f.issue.id === issue.id))
            toFinish.push({ issue, via });
        }
      }
    });
    if (linkedTo.size)
      this.parts.push(
        `${e.commits.length === 1 ? `commit ${e.commits[0]!.sha.slice(0, 7)}` : `${e.commits.length} commits`} linked to ${[...linkedTo].join(", ")}`,
      );
    // a closing word in a commit on the default branch is a merge
    for (const { issue, via } of toFinish) {
      const sw = await this.switches(issue.space_id);
      if (sw.auto_done_on_merge && !CLOSED_STATUSES.includes(issue.status))
        await this.move(issue, "done", via);
    }
  }
}

const label = (provider: Provider, pr: PullRequestFacts) =>
  provider === "gitlab" ? `MR !${pr.number}` : `PR #${pr.number}`;

function branchUrl(provider: Provider, repositoryUrl: string, branch: string): string {
  const base = repositoryUrl.replace(/\/+$/, "");
  return provider === "gitlab" ? `${base}/-/tree/${branch}` : `${base}/tree/${branch}`;
}

const commitVia = (provider: Provider, c: CommitFacts): ViaIntegration => ({
  provider,
  kind: "commit",
  number: null,
  author_login: c.author,
  url: c.url,
});

/** Acts on one event read from a delivery; says whether it linked anything and what it did. */
export async function actOn(core: Core, integration: IntegrationRow, event: CodeEvent): Promise<Outcome> {
  if (event.type === "ignored") return { outcome: "ignored", summary: event.reason };
  if (event.type === "ping") return { outcome: "ignored", summary: "ping: the webhook is set up" };
  const repos = JSON.parse(integration.repositories) as string[];
  if (repos.length && !repos.some((p) => repositoryMatches(p, event.repository)))
    return {
      outcome: "ignored",
      summary: `${event.repository} is not one of this integration's repositories`,
    };
  const run = new Run(core, integration);
  if (event.type === "pull_request") await run.pullRequest(event);
  else if (event.type === "push") await run.push(event);
  else await run.branch(event.repository, event.repositoryUrl, event.branch, event.author, event.deleted);
  const summary = run.parts.join("; ") || "names no issue of this workspace";
  return { outcome: run.linked > 0 ? "linked" : "ignored", summary: summary.slice(0, 1000) };
}
