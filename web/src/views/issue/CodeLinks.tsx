/**
 * The issue's code: pull (merge) requests, branches and commits a code host linked to it (the issue's
 * `code_links`, as GET /v1/issues/{id}/links lists them), each with its state (open, draft, merged,
 * closed) and review, newest first. Live: a code_link.* event makes the issue stale (lib/live.ts), so a
 * pull request merged on GitHub shows merged here within a second. Nothing is drawn while it has none.
 */
import type { Schemas } from "../../api.ts";
import { relativeTime } from "../../lib/time.ts";

export type CodeLink = Schemas["CodeLink"];

const HOST = { github: "GitHub", gitlab: "GitLab" } as const;
const STATE_LABEL = { open: "Open", draft: "Draft", merged: "Merged", closed: "Closed" } as const;
/** Small line icons (no icon font: the glyphs for a branch are missing from many system fonts). */
const KIND_ICON = {
  pull_request: (
    <>
      <circle cx="4" cy="3.5" r="1.8" />
      <circle cx="4" cy="12.5" r="1.8" />
      <circle cx="12" cy="12.5" r="1.8" />
      <path d="M4 5.3v5.4M12 10.7V6.5A2.5 2.5 0 0 0 9.5 4H7.5M9 2.3 7.3 4 9 5.7" />
    </>
  ),
  branch: (
    <>
      <circle cx="4" cy="3.5" r="1.8" />
      <circle cx="4" cy="12.5" r="1.8" />
      <circle cx="12" cy="4.5" r="1.8" />
      <path d="M4 5.3v5.4M12 6.3c0 3.2-8 1.8-8 4.4" />
    </>
  ),
  commit: (
    <>
      <circle cx="8" cy="8" r="2.6" />
      <path d="M1 8h4.4M10.6 8H15" />
    </>
  ),
} as const;
const KIND_LABEL = { pull_request: "Pull request", branch: "Branch", commit: "Commit" } as const;

/** "acme/web#12" (GitLab: "acme/web!12"), "acme/web:eng-42-fix", "acme/web@3f2c1ab". */
export function linkPlace(l: CodeLink): string {
  if (l.kind === "pull_request") return `${l.repository}${l.provider === "gitlab" ? "!" : "#"}${l.number}`;
  if (l.kind === "branch") return `${l.repository}:${l.branch ?? l.title}`;
  const sha = l.url.split("/").at(-1) ?? "";
  return `${l.repository}@${sha.slice(0, 7)}`;
}

export function CodeLinks({ links: list }: { links: readonly CodeLink[] }) {
  if (list.length === 0) return null;
  const prs = list.filter((l) => l.kind === "pull_request");
  const open = prs.filter((l) => l.state === "open" || l.state === "draft").length;
  return (
    <section className="ip-section" aria-labelledby="code-heading">
      <div className="ip-section-head">
        <h2 id="code-heading">
          Code{" "}
          <span className="count">
            {prs.length > 0
              ? `${prs.length} pull request${prs.length === 1 ? "" : "s"}${open ? `, ${open} open` : ""}`
              : list.length}
          </span>
        </h2>
      </div>
      <ul className="ip-rows ip-code" aria-labelledby="code-heading">
        {list.map((l) => (
          <CodeRow key={l.id} link={l} />
        ))}
      </ul>
    </section>
  );
}

function CodeRow({ link: l }: { link: CodeLink }) {
  const when = l.kind === "commit" ? l.created_at : (l.merged_at ?? l.closed_at ?? l.updated_at);
  const verb = l.kind === "commit" ? "pushed" : l.merged_at ? "merged" : l.closed_at ? "closed" : "updated";
  return (
    <li className={`ip-row ip-code-row ip-code-${l.kind}`} data-link={l.id}>
      <svg
        className="ip-code-glyph"
        viewBox="0 0 16 16"
        role="img"
        aria-label={`${KIND_LABEL[l.kind]} on ${HOST[l.provider]}`}
      >
        {KIND_ICON[l.kind]}
      </svg>
      <div className="ip-code-main">
        <a className="ip-code-title" href={l.url} target="_blank" rel="noreferrer noopener">
          {l.kind === "branch" ? (l.branch ?? l.title) : l.title}
        </a>
        <span className="ip-code-meta muted">
          <span className="ip-code-place">{linkPlace(l)}</span>
          {l.author_login && <span> · {l.author_login}</span>}
          <span title={when}>
            {" "}
            · {verb} {relativeTime(when)}
          </span>
          {l.closes && l.kind === "pull_request" && (
            <span title="A closing word names this issue: merging finishes it"> · closes</span>
          )}
        </span>
      </div>
      {(l.review_state || (l.state && l.kind !== "branch")) && (
        <span className="ip-code-badges">
          {l.review_state === "approved" && <span className="badge badge-ok">Approved</span>}
          {l.review_state === "changes_requested" && (
            <span className="badge badge-warn">Changes requested</span>
          )}
          {l.state && l.kind !== "branch" && (
            <span className={`badge ip-code-state ip-code-state-${l.state}`} data-state={l.state}>
              {STATE_LABEL[l.state]}
            </span>
          )}
        </span>
      )}
    </li>
  );
}
