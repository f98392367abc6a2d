import { type CodeEvent, isoOrNull, num, obj, type PullState, str } from "./payloads.ts";

/**
 * GitLab's webhook payloads (docs.gitlab.com, "Webhook events"), by `X-Gitlab-Event`: Merge Request
 * Hook (open, update, reopen, close, merge, approved, unapproved; draft from `draft` or
 * `work_in_progress`) and Push Hook (a branch made or deleted when `before` or `after` is all zeros).
 */

const ZERO = /^0+$/;

/** GitLab's merge request actions, as GitHub's pull request actions (what automation reads). */
const MR_ACTIONS: Record<string, string> = {
  open: "opened",
  reopen: "reopened",
  update: "edited",
  close: "closed",
  merge: "closed",
  approved: "reviewed",
  approval: "reviewed",
};

export function readGitLab(event: string, body: unknown): CodeEvent {
  const p = obj(body);
  const project = obj(p.project);
  const repository = str(project.path_with_namespace) ?? "";
  const repositoryUrl = str(project.web_url) ?? "";
  switch (event) {
    case "Merge Request Hook": {
      const mr = obj(p.object_attributes);
      const glAction = str(mr.action) ?? "";
      const action = MR_ACTIONS[glAction];
      if (!action)
        return { type: "ignored", reason: `merge request ${glAction || "(no action)"} is not acted on` };
      const glState = str(mr.state);
      const draft = mr.draft === true || mr.work_in_progress === true;
      const state: PullState =
        glState === "merged" || glAction === "merge"
          ? "merged"
          : glState === "closed" || glAction === "close"
            ? "closed"
            : draft
              ? "draft"
              : "open";
      // a draft flag that changed in an update reads as GitHub's draft actions
      const draftChange = obj(obj(p.changes).draft);
      let finalAction = action;
      if (glAction === "update" && typeof draftChange.current === "boolean")
        finalAction = draftChange.current ? "converted_to_draft" : "ready_for_review";
      return {
        type: "pull_request",
        action: finalAction,
        repository,
        pr: {
          number: num(mr.iid) ?? 0,
          title: str(mr.title) ?? "",
          body: str(mr.description),
          url: str(mr.url) ?? "",
          state,
          branch: str(mr.source_branch),
          author: str(obj(p.user).username),
          merged_at: state === "merged" ? (isoOrNull(mr.merged_at) ?? isoOrNull(mr.updated_at)) : null,
          closed_at: state === "closed" ? (isoOrNull(mr.closed_at) ?? isoOrNull(mr.updated_at)) : null,
        },
        ...(action === "reviewed" ? { review: "approved" as const } : {}),
      };
    }
    case "Push Hook": {
      const ref = str(p.ref) ?? "";
      if (!ref.startsWith("refs/heads/"))
        return { type: "ignored", reason: "a push of a tag is not acted on" };
      const commits = Array.isArray(p.commits) ? p.commits : [];
      return {
        type: "push",
        repository,
        repositoryUrl,
        branch: ref.slice(11),
        defaultBranch: str(project.default_branch),
        created: ZERO.test(str(p.before) ?? ""),
        deleted: ZERO.test(str(p.after) ?? ""),
        author: str(p.user_username) ?? str(p.user_name),
        commits: commits.map((c) => {
          const commit = obj(c);
          return {
            sha: str(commit.id) ?? "",
            message: str(commit.message) ?? "",
            url: str(commit.url) ?? "",
            author: str(obj(commit.author).name),
          };
        }),
      };
    }
    default:
      return { type: "ignored", reason: `the ${event} event is not acted on` };
  }
}
