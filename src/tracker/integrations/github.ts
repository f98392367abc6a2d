import { type CodeEvent, isoOrNull, num, obj, type PullState, str } from "./payloads.ts";

/**
 * GitHub's webhook payloads (docs.github.com, "Webhook events and payloads"), by `X-GitHub-Event`:
 * ping, pull_request (opened, edited, reopened, closed with or without merge, ready_for_review,
 * converted_to_draft), pull_request_review (submitted: approved, changes requested), push, create and
 * delete (branches).
 */

const PR_ACTIONS = new Set([
  "opened",
  "edited",
  "reopened",
  "closed",
  "ready_for_review",
  "converted_to_draft",
  "synchronize",
]);

function pullRequest(raw: unknown) {
  const pr = obj(raw);
  const merged = pr.merged === true || isoOrNull(pr.merged_at) !== null;
  const state: PullState = merged
    ? "merged"
    : pr.state === "closed"
      ? "closed"
      : pr.draft === true
        ? "draft"
        : "open";
  return {
    number: num(pr.number) ?? 0,
    title: str(pr.title) ?? "",
    body: str(pr.body),
    url: str(pr.html_url) ?? "",
    state,
    branch: str(obj(pr.head).ref),
    author: str(obj(pr.user).login),
    merged_at: isoOrNull(pr.merged_at),
    closed_at: isoOrNull(pr.closed_at),
  };
}

const branchOf = (ref: string | null) => (ref?.startsWith("refs/heads/") ? ref.slice(11) : null);

export function readGitHub(event: string, body: unknown): CodeEvent {
  const p = obj(body);
  const repo = obj(p.repository);
  const repository = str(repo.full_name) ?? "";
  const repositoryUrl = str(repo.html_url) ?? `https://github.com/${repository}`;
  const action = str(p.action) ?? "";
  switch (event) {
    case "ping":
      return { type: "ping" };
    case "pull_request": {
      if (!PR_ACTIONS.has(action))
        return { type: "ignored", reason: `pull_request ${action} is not acted on` };
      return { type: "pull_request", action, repository, pr: pullRequest(p.pull_request) };
    }
    case "pull_request_review": {
      const state = str(obj(p.review).state)?.toLowerCase();
      if (action !== "submitted" || (state !== "approved" && state !== "changes_requested"))
        return { type: "ignored", reason: `a review ${state ?? action} is not acted on` };
      return {
        type: "pull_request",
        action: "reviewed",
        repository,
        pr: pullRequest(p.pull_request),
        review: state,
      };
    }
    case "push": {
      const branch = branchOf(str(p.ref));
      if (!branch) return { type: "ignored", reason: "a push of a tag is not acted on" };
      const commits = Array.isArray(p.commits) ? p.commits : [];
      return {
        type: "push",
        repository,
        repositoryUrl,
        branch,
        defaultBranch: str(repo.default_branch) ?? str(repo.master_branch),
        created: p.created === true,
        deleted: p.deleted === true,
        author: str(obj(p.sender).login) ?? str(obj(p.pusher).name),
        commits: commits.map((c) => {
          const commit = obj(c);
          const author = obj(commit.author);
          return {
            sha: str(commit.id) ?? "",
            message: str(commit.message) ?? "",
            url: str(commit.url) ?? "",
            author: str(author.username) ?? str(author.name),
          };
        }),
      };
    }
    case "create":
    case "delete": {
      if (p.ref_type !== "branch")
        return { type: "ignored", reason: `a ${event} of a ${str(p.ref_type)} is not acted on` };
      return {
        type: "branch",
        repository,
        repositoryUrl,
        branch: str(p.ref) ?? "",
        author: str(obj(p.sender).login),
        deleted: event === "delete",
      };
    }
    default:
      return { type: "ignored", reason: `the ${event} event is not acted on` };
  }
}
