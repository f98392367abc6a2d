import { createHmac, randomUUID } from "node:crypto";

/**
 * Webhook payloads written from GitHub's and GitLab's documented shapes ("Webhook events and payloads",
 * docs.github.com; "Webhook events", docs.gitlab.com), trimmed to the fields the hosts always send and
 * the service reads, with enough of the rest to look like the real thing. Signed here with the secret.
 */

export const REPO = "acme/web";
const repository = (full = REPO) => ({
  id: 1296269,
  node_id: "MDEwOlJlcG9zaXRvcnkxMjk2MjY5",
  name: full.split("/")[1],
  full_name: full,
  private: false,
  owner: { login: full.split("/")[0], id: 1, type: "Organization" },
  html_url: `https://github.com/${full}`,
  url: `https://api.github.com/repos/${full}`,
  default_branch: "main",
});
const sender = (login = "octocat") => ({ login, id: 583231, type: "User" });

export interface PrOptions {
  number?: number;
  title?: string;
  body?: string | null;
  branch?: string;
  draft?: boolean;
  state?: "open" | "closed";
  merged?: boolean;
  author?: string;
  repo?: string;
}

export function githubPullRequest(o: PrOptions = {}) {
  const repo = o.repo ?? REPO;
  const number = o.number ?? 12;
  const merged = o.merged ?? false;
  const closed = o.state === "closed" || merged;
  return {
    url: `https://api.github.com/repos/${repo}/pulls/${number}`,
    id: 1000 + number,
    html_url: `https://github.com/${repo}/pull/${number}`,
    number,
    state: closed ? "closed" : "open",
    locked: false,
    title: o.title ?? "Fix the login redirect",
    user: { login: o.author ?? "octocat", id: 1, type: "User" },
    body: o.body === undefined ? "" : o.body,
    created_at: "2026-03-01T08:00:00Z",
    updated_at: "2026-03-01T09:00:00Z",
    closed_at: closed ? "2026-03-01T09:30:00Z" : null,
    merged_at: merged ? "2026-03-01T09:30:00Z" : null,
    merge_commit_sha: merged ? "e5bd3914e2e596debea16f433f57875b5b90bcd6" : null,
    draft: o.draft ?? false,
    head: {
      label: `acme:${o.branch ?? "feature"}`,
      ref: o.branch ?? "feature",
      sha: "6dcb09b5b57875f334f61aebed695e2e4193db5e",
    },
    base: { label: "acme:main", ref: "main", sha: "9049f1265b7d61be4a8904a9a27120d2064dab3b" },
    merged,
    mergeable: null,
    comments: 0,
    commits: 1,
    additions: 10,
    deletions: 2,
    changed_files: 1,
  };
}

export function githubPullRequestEvent(action: string, o: PrOptions = {}) {
  return {
    action,
    number: o.number ?? 12,
    pull_request: githubPullRequest(o),
    repository: repository(o.repo),
    sender: sender(o.author),
  };
}

export function githubReviewEvent(state: "approved" | "changes_requested" | "commented", o: PrOptions = {}) {
  return {
    action: "submitted",
    review: {
      id: 80,
      user: { login: "hubot", id: 2, type: "User" },
      body: state === "approved" ? "Looks good" : "Please change this",
      state,
      html_url: `https://github.com/${o.repo ?? REPO}/pull/${o.number ?? 12}#pullrequestreview-80`,
      submitted_at: "2026-03-01T09:10:00Z",
    },
    pull_request: githubPullRequest(o),
    repository: repository(o.repo),
    sender: sender("hubot"),
  };
}

export interface CommitOptions {
  id?: string;
  message: string;
  author?: string;
}

export function githubPush(
  branch: string,
  commits: CommitOptions[],
  o: { created?: boolean; deleted?: boolean; repo?: string } = {},
) {
  const repo = o.repo ?? REPO;
  const list = commits.map((c, i) => {
    const id = c.id ?? sha(`${branch}-${i}-${c.message}`);
    return {
      id,
      tree_id: sha(`tree-${id}`),
      distinct: true,
      message: c.message,
      timestamp: "2026-03-01T09:00:00Z",
      url: `https://github.com/${repo}/commit/${id}`,
      author: { name: "Monalisa Octocat", email: "mona@example.com", username: c.author ?? "octocat" },
      committer: { name: "Monalisa Octocat", email: "mona@example.com", username: c.author ?? "octocat" },
      added: [],
      removed: [],
      modified: ["README.md"],
    };
  });
  return {
    ref: `refs/heads/${branch}`,
    before: o.created ? "0000000000000000000000000000000000000000" : sha(`before-${branch}`),
    after: o.deleted ? "0000000000000000000000000000000000000000" : (list.at(-1)?.id ?? sha(branch)),
    created: o.created ?? false,
    deleted: o.deleted ?? false,
    forced: false,
    base_ref: null,
    compare: `https://github.com/${repo}/compare/a...b`,
    commits: list,
    head_commit: list.at(-1) ?? null,
    repository: { ...repository(repo), master_branch: "main" },
    pusher: { name: "octocat", email: "mona@example.com" },
    sender: sender(),
  };
}

export function githubCreate(ref: string, refType: "branch" | "tag" = "branch") {
  return {
    ref,
    ref_type: refType,
    master_branch: "main",
    description: null,
    pusher_type: "user",
    repository: repository(),
    sender: sender(),
  };
}

export function githubPing() {
  return {
    zen: "Keep it logically awesome.",
    hook_id: 30,
    hook: { type: "Repository", id: 30, name: "web", active: true, events: ["pull_request", "push"] },
    repository: repository(),
    sender: sender(),
  };
}

// ---------------------------------------------------------------------------------------------------
// GitLab

const project = (path = "acme/platform/web") => ({
  id: 15,
  name: path.split("/").at(-1),
  description: "",
  web_url: `https://gitlab.example.com/${path}`,
  git_ssh_url: `git@gitlab.example.com:${path}.git`,
  git_http_url: `https://gitlab.example.com/${path}.git`,
  namespace: path.split("/").slice(0, -1).join("/"),
  visibility_level: 0,
  path_with_namespace: path,
  default_branch: "main",
  homepage: `https://gitlab.example.com/${path}`,
  url: `git@gitlab.example.com:${path}.git`,
});

export function gitlabMergeRequest(
  action: string,
  o: {
    iid?: number;
    title?: string;
    description?: string;
    branch?: string;
    state?: "opened" | "closed" | "merged";
    draft?: boolean;
    changes?: Record<string, unknown>;
    path?: string;
  } = {},
) {
  const path = o.path ?? "acme/platform/web";
  const iid = o.iid ?? 7;
  return {
    object_kind: "merge_request",
    event_type: "merge_request",
    user: { id: 1, name: "Administrator", username: "root", email: "admin@example.com" },
    project: project(path),
    object_attributes: {
      id: 99,
      iid,
      target_branch: "main",
      source_branch: o.branch ?? "feature",
      source_project_id: 15,
      author_id: 1,
      title: o.title ?? "Fix the login redirect",
      description: o.description ?? "",
      created_at: "2026-03-01 08:00:00 UTC",
      updated_at: "2026-03-01 09:30:00 UTC",
      state: o.state ?? "opened",
      merge_status: "can_be_merged",
      draft: o.draft ?? false,
      work_in_progress: o.draft ?? false,
      url: `https://gitlab.example.com/${path}/-/merge_requests/${iid}`,
      action,
    },
    changes: o.changes ?? {},
    repository: {
      name: "web",
      url: `git@gitlab.example.com:${path}.git`,
      homepage: `https://gitlab.example.com/${path}`,
    },
  };
}

export function gitlabPush(
  branch: string,
  commits: CommitOptions[],
  o: { created?: boolean; path?: string } = {},
) {
  const path = o.path ?? "acme/platform/web";
  const list = commits.map((c, i) => {
    const id = c.id ?? sha(`gl-${branch}-${i}-${c.message}`);
    return {
      id,
      message: c.message,
      title: c.message.split("\n")[0],
      timestamp: "2026-03-01T09:00:00+00:00",
      url: `https://gitlab.example.com/${path}/-/commit/${id}`,
      author: { name: c.author ?? "Jordi Mallach", email: "jordi@example.com" },
      added: [],
      modified: ["README.md"],
      removed: [],
    };
  });
  return {
    object_kind: "push",
    event_name: "push",
    before: o.created ? "0000000000000000000000000000000000000000" : sha(`gl-before-${branch}`),
    after: list.at(-1)?.id ?? sha(`gl-${branch}`),
    ref: `refs/heads/${branch}`,
    ref_protected: false,
    checkout_sha: list.at(-1)?.id ?? null,
    user_id: 4,
    user_name: "John Smith",
    user_username: "jsmith",
    project_id: 15,
    project: project(path),
    commits: list,
    total_commits_count: list.length,
    repository: {
      name: "web",
      url: `git@gitlab.example.com:${path}.git`,
      homepage: `https://gitlab.example.com/${path}`,
    },
  };
}

// ---------------------------------------------------------------------------------------------------

export function sha(seed: string): string {
  return createHmac("sha1", "fixture").update(seed).digest("hex");
}

/** The headers GitHub sends with a delivery, signed with `secret` over `body`. */
export function githubHeaders(event: string, body: string, secret: string, delivery: string = randomUUID()) {
  return {
    "content-type": "application/json",
    "user-agent": "GitHub-Hookshot/044aadd",
    "x-github-event": event,
    "x-github-delivery": delivery,
    "x-github-hook-id": "30",
    "x-hub-signature-256": `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`,
  };
}

export function gitlabHeaders(event: string, secret: string, uuid: string = randomUUID()) {
  return {
    "content-type": "application/json",
    "user-agent": "GitLab/17.0.0",
    "x-gitlab-event": event,
    "x-gitlab-event-uuid": uuid,
    "x-gitlab-instance": "https://gitlab.example.com",
    "x-gitlab-token": secret,
  };
}
