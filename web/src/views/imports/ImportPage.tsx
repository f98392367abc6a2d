/**
 * Import (workspace admins): choose the source and the space, upload the file, read the dry run's report
 * (how statuses, people, labels map; what would be created, updated or left; every problem with its
 * row), then start the import and watch it. The same calls as `docket import` and POST /v1/imports.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { useEffect, useId, useState } from "react";
import { ApiError, api, type Schemas, unwrap } from "../../api.ts";
import { relativeTime } from "../../lib/time.ts";
import { useMe, useWorkspace } from "../../queries.ts";
import { put, sha256Hex } from "../issue/Files.tsx";
import "./imports.css";

type Import = Schemas["Import"];
type Source = Import["source"];

const SOURCES: { value: Source; label: string; accept: string; hint: string }[] = [
  {
    value: "github",
    label: "GitHub",
    accept: ".json,application/json",
    hint: "The JSON of gh issue list --state all --limit 100000 --json number,title,body,state,stateReason,labels,assignees,milestone,comments,createdAt,closedAt,author,parent,subIssues,blockedBy,blocking,url",
  },
  {
    value: "linear",
    label: "Linear",
    accept: ".csv,text/csv",
    hint: "Linear's CSV export (Settings → Import / Export).",
  },
  {
    value: "jira",
    label: "Jira",
    accept: ".csv,.json,text/csv,application/json",
    hint: "Export CSV (all fields), or the JSON of the REST search.",
  },
  {
    value: "docket",
    label: "Docket archive",
    accept: ".docket,application/gzip",
    hint: "An archive from docket export, restored into this workspace (which must be empty).",
  },
];

const importsKey = (ws: string) => ["ws", ws, "imports"] as const;
const live = (j: Import | undefined) => j !== undefined && (j.status === "queued" || j.status === "running");

export function ImportPage() {
  const { ws } = useParams({ from: "/$ws/settings/import" });
  const me = useMe();
  const role = me.workspaces.find((w) => w.slug === ws)?.role ?? "member";
  const admin = role === "owner" || role === "admin";
  return (
    <>
      <header className="page-header">
        <h1>Import</h1>
      </header>
      <div className="page-body imp-body">
        {admin ? (
          <ImportForm ws={ws} />
        ) : (
          <p className="muted">Only the workspace's Owner and admins import.</p>
        )}
      </div>
    </>
  );
}

function ImportForm({ ws }: { ws: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const workspace = useWorkspace(ws);
  const spaces = workspace.data?.spaces ?? [];
  const [source, setSource] = useState<Source>("github");
  const [space, setSpace] = useState("");
  const [timezone, setTimezone] = useState("");
  const [file, setFile] = useState<File | null>(null);
  /** the uploaded file, kept for the real run after the dry run */
  const [uploaded, setUploaded] = useState<{ file: File; id: string } | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chosenSpace = space || spaces[0]?.prefix || "";
  const info = SOURCES.find((s) => s.value === source)!;

  const job = useQuery({
    queryKey: ["ws", ws, "import", jobId],
    enabled: jobId !== null,
    queryFn: ({ signal }) => unwrap(api.GET("/imports/{id}", { signal, params: { path: { id: jobId! } } })),
    refetchInterval: (q) => (live(q.state.data) ? 500 : false),
  });

  const start = async (dryRun: boolean) => {
    if (!file) return;
    setError(null);
    try {
      let fileId = uploaded?.file === file ? uploaded.id : null;
      if (!fileId) {
        setBusy("Uploading…");
        const sha256 = await sha256Hex(file);
        const target = await unwrap(
          api.POST("/files/upload-url", {
            body: { content_type: file.type || "application/octet-stream", size: file.size },
          }),
        );
        await put(target.url, target.headers, file, () => {});
        const registered = await unwrap(
          api.POST("/files", { body: { upload_id: target.upload_id, name: file.name, sha256 } }),
        );
        fileId = registered.id;
        setUploaded({ file, id: fileId });
      }
      setBusy(dryRun ? "Checking…" : "Importing…");
      const started = await unwrap(
        api.POST("/imports", {
          body: {
            source,
            file: fileId,
            ...(source !== "docket" ? { space: chosenSpace } : {}),
            ...(dryRun ? { dry_run: true } : {}),
            ...(timezone.trim() ? { timezone: timezone.trim() } : {}),
          },
        }),
      );
      setJobId(started.id);
      void queryClient.invalidateQueries({ queryKey: importsKey(ws) });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : (e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const report = job.data;
  const finished = report !== undefined && !live(report) ? report.id : null;
  // a job that ended shows in the list of earlier imports with its outcome
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: importsKey(ws) });
  }, [finished, queryClient, ws]);
  const running = busy !== null || live(report);
  const canStart = report?.status === "completed" && report.dry_run && uploaded?.file === file;
  return (
    <>
      <p className="imp-intro muted">
        Bring issues in from GitHub, Linear or Jira. Check the file first: the dry run shows how it maps and
        writes nothing. Running the same file again changes nothing; a changed file updates just what changed.
      </p>
      <form
        className="imp-form"
        onSubmit={(e) => {
          e.preventDefault();
          void start(true);
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-source`}>Source</label>
          <select id={`${id}-source`} value={source} onChange={(e) => setSource(e.target.value as Source)}>
            {SOURCES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        {source !== "docket" && (
          <div className="field">
            <label htmlFor={`${id}-space`}>Space</label>
            <select id={`${id}-space`} value={chosenSpace} onChange={(e) => setSpace(e.target.value)}>
              {spaces.map((s) => (
                <option key={s.id} value={s.prefix}>
                  {s.prefix} — {s.name}
                </option>
              ))}
            </select>
          </div>
        )}
        {source === "jira" && (
          <div className="field">
            <label htmlFor={`${id}-tz`}>Time zone of the dates</label>
            <input
              id={`${id}-tz`}
              type="text"
              placeholder="UTC"
              value={timezone}
              onChange={(e) => setTimezone(e.target.value)}
            />
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-file`}>File</label>
          <input
            id={`${id}-file`}
            type="file"
            accept={info.accept}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setJobId(null);
            }}
          />
        </div>
      </form>
      <p className="muted imp-hint">{info.hint}</p>
      <div className="imp-actions">
        {source !== "docket" && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={!file || running}
            onClick={() => void start(true)}
          >
            Check file (dry run)
          </button>
        )}
        <button
          type="button"
          className={source === "docket" ? "btn btn-primary" : "btn"}
          disabled={!file || running || (source !== "docket" && !canStart)}
          onClick={() => void start(false)}
          title={source !== "docket" && !canStart ? "Check the file first" : undefined}
        >
          Start import
        </button>
        {busy && (
          <span className="muted" role="status">
            {busy}
          </span>
        )}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {report && <Report job={report} />}
      <History ws={ws} />
    </>
  );
}

function Table({ head, rows, nums = [] }: { head: string[]; rows: (string | number)[][]; nums?: number[] }) {
  return (
    <div className="imp-table-wrap">
      <table className="imp-table">
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} className={nums.includes(i) ? "imp-num" : undefined} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of a report never move
            <tr key={i}>
              {r.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells of a row never move
                <td key={j} className={nums.includes(j) ? "imp-num" : undefined}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Report({ job }: { job: Import }) {
  const c = job.counts;
  const m = job.mapping;
  const { processed, total } = job.progress;
  return (
    <section className="imp-report" aria-label={job.dry_run ? "Dry run report" : "Import report"}>
      <h2>
        {job.dry_run ? "Dry run" : "Import"} of {job.file.name}
        {job.space ? ` into ${job.space}` : ""}
      </h2>
      {live(job) ? (
        <div className="imp-progress" role="status">
          <span>{job.phase}</span>
          <progress max={total ?? 1} value={total ? processed : undefined} aria-label="Import progress" />
          <span className="muted">
            {processed}
            {total !== null ? ` / ${total}` : ""} rows
          </span>
        </div>
      ) : (
        <p className="imp-summary" role="status">
          {job.summary}
        </p>
      )}
      {job.error && (
        <p className="form-error" role="alert">
          {job.error}
        </p>
      )}
      {c && (
        <Table
          head={["", "created", "updated", "unchanged"]}
          nums={[1, 2, 3]}
          rows={[
            ["Issues", c.issues.created, c.issues.updated, c.issues.unchanged],
            ["Comments", c.comments.created, c.comments.updated, c.comments.unchanged],
            ...(job.dry_run ? [] : [["Dependencies", c.dependencies.created, "", c.dependencies.unchanged]]),
          ]}
        />
      )}
      {c && (
        <p className="muted">
          People: {c.people.matched} matched to members, {c.people.placeholders} placeholders. New labels{" "}
          {c.labels.created}, milestones {c.milestones.created}, cycles {c.cycles.created}. Rows skipped{" "}
          {c.issues.skipped}.
          {m
            ? ` In the file: ${m.edges.parents} parents, ${m.edges.blocks} blocking and ${m.edges.related + m.edges.duplicates} related links.`
            : ""}
        </p>
      )}
      {m && m.statuses.length > 0 && (
        <>
          <h3>Statuses</h3>
          <Table
            head={["In the file", "Becomes", "Issues"]}
            nums={[2]}
            rows={m.statuses.map((s) => [s.source, s.status.replace("_", " "), s.issues])}
          />
        </>
      )}
      {m && m.people.length > 0 && (
        <>
          <h3>People</h3>
          <Table
            head={["In the file", "Email", "Becomes", "Issues", "Comments"]}
            nums={[3, 4]}
            rows={m.people.map((p) => [
              p.name === p.source_id ? p.source_id : `${p.name} (${p.source_id})`,
              p.email ?? "—",
              p.member ? p.member.name : "placeholder (imported)",
              p.issues,
              p.comments,
            ])}
          />
        </>
      )}
      {m && m.labels.length > 0 && (
        <>
          <h3>Labels</h3>
          <Table
            head={["Label", "Issues", ""]}
            nums={[1]}
            rows={m.labels.map((l) => [l.name, l.issues, l.exists ? "exists" : "new"])}
          />
        </>
      )}
      {job.problem_count > 0 && (
        <>
          <h3>Problems ({job.problem_count})</h3>
          <Table
            head={["Row", "Issue", "Problem"]}
            rows={job.problems.map((p) => [
              p.row ?? "—",
              p.source_id ?? "—",
              p.skipped ? `Skipped: ${p.message}` : p.message,
            ])}
          />
        </>
      )}
    </section>
  );
}

function History({ ws }: { ws: string }) {
  const list = useQuery({
    queryKey: importsKey(ws),
    queryFn: ({ signal }) => unwrap(api.GET("/imports", { signal, params: { query: { limit: 10 } } })),
  });
  if (!list.data || list.data.data.length === 0) return null;
  return (
    <section aria-label="Earlier imports">
      <h2 className="imp-history-title">Earlier imports</h2>
      <ul className="imp-history">
        {list.data.data.map((j) => (
          <li key={j.id}>
            <strong>{j.source}</strong>
            <span>{j.file.name}</span>
            <span className="muted">{j.dry_run ? "dry run" : j.status}</span>
            <span className="muted">{relativeTime(j.created_at)}</span>
            <span>{j.summary}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
