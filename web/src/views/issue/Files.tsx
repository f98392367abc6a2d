/**
 * The issue's files: listed with their size and a download link, and added by dropping them anywhere on
 * the page or with the Attach button. An upload is the API's two steps: an upload URL, the bytes PUT
 * there (with XMLHttpRequest, whose progress the row shows), then the file registered with its SHA-256
 * and linked to the issue.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { api, type Issue, unwrap } from "../../api.ts";
import { shortDate } from "../../lib/time.ts";
import { keys } from "../../queries.ts";
import { toast } from "../../ui/toast.tsx";
import { formatBytes } from "./model.ts";
import "./issue.css";

interface Upload {
  id: number;
  name: string;
  size: number;
  /** 0 to 1 while the bytes go; null before. */
  progress: number | null;
  stage: "hashing" | "sending" | "registering" | "failed";
  error?: string;
}

export async function sha256Hex(file: File): Promise<string> {
  // Web Crypto exists on https and localhost only
  if (!globalThis.crypto?.subtle)
    throw new Error("uploading needs a secure connection: open Docket over https (or on localhost)");
  const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export function put(
  url: string,
  headers: Record<string, string>,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    for (const [name, value] of Object.entries(headers)) {
      // the browser sets Content-Length itself
      if (name.toLowerCase() !== "content-length") xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else {
        let message = `the upload answered ${xhr.status}`;
        try {
          message =
            (JSON.parse(xhr.responseText) as { error_description?: string }).error_description ?? message;
        } catch {
          // not JSON: keep the status
        }
        reject(new Error(message));
      }
    };
    xhr.onerror = () => reject(new Error("the upload could not reach the service"));
    xhr.send(file);
  });
}

let nextUpload = 1;

/** Uploads files to the issue; the returned `uploads` are shown while they go. */
export function useUploads(ws: string, issue: Pick<Issue, "id" | "identifier">) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const update = useCallback(
    (id: number, change: Partial<Upload>) =>
      setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u))),
    [],
  );

  const upload = useCallback(
    async (file: File) => {
      const id = nextUpload++;
      setUploads((list) => [
        ...list,
        { id, name: file.name, size: file.size, progress: null, stage: "hashing" },
      ]);
      try {
        const sha256 = await sha256Hex(file);
        const target = await unwrap(
          api.POST("/files/upload-url", {
            body: { content_type: file.type || "application/octet-stream", size: file.size },
          }),
        );
        update(id, { stage: "sending", progress: 0 });
        await put(target.url, target.headers, file, (progress) => update(id, { progress }));
        update(id, { stage: "registering", progress: 1 });
        await unwrap(
          api.POST("/files", {
            body: { upload_id: target.upload_id, name: file.name, sha256, issues: [issue.id] },
          }),
        );
        await queryClient.invalidateQueries({ queryKey: keys.files(ws) });
        setUploads((list) => list.filter((u) => u.id !== id));
        toast(`${file.name} attached to ${issue.identifier}`);
      } catch (error) {
        update(id, { stage: "failed", error: (error as Error).message });
      }
    },
    [issue.id, issue.identifier, queryClient, ws, update],
  );
  const uploadAll = useCallback(
    (files: FileList | File[]) => {
      for (const f of [...files]) void upload(f);
    },
    [upload],
  );
  const dismiss = (id: number) => setUploads((list) => list.filter((u) => u.id !== id));
  return { uploads, uploadAll, dismiss };
}

export function Files({
  ws,
  issue,
  uploads,
  uploadAll,
  dismiss,
}: {
  ws: string;
  issue: Issue;
} & ReturnType<typeof useUploads>) {
  const input = useRef<HTMLInputElement>(null);
  const files = useQuery({
    queryKey: keys.files(ws, { issue: issue.id }),
    queryFn: ({ signal }) =>
      unwrap(api.GET("/files", { signal, params: { query: { issue: issue.id, limit: 100 } } })),
  });
  const list = files.data?.data ?? [];
  return (
    <section className="ip-section" aria-labelledby="files-heading">
      <div className="ip-section-head">
        <h2 id="files-heading">
          Files <span className="count">{list.length}</span>
        </h2>
        <button type="button" className="btn btn-small" onClick={() => input.current?.click()}>
          Attach files
        </button>
        <input
          ref={input}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label="Files to attach"
          onChange={(e) => {
            if (e.target.files) uploadAll(e.target.files);
            e.target.value = "";
          }}
        />
      </div>
      {uploads.length > 0 && (
        <ul className="ip-uploads" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.id} className={`ip-upload ip-upload-${u.stage}`}>
              <span className="ip-upload-name">{u.name}</span>
              <span className="muted">{formatBytes(u.size)}</span>
              {u.stage === "failed" ? (
                <>
                  <span className="field-error" role="alert">
                    Not uploaded: {u.error}
                  </span>
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={`Dismiss ${u.name}`}
                    onClick={() => dismiss(u.id)}
                  >
                    ×
                  </button>
                </>
              ) : (
                <>
                  <progress max={1} value={u.progress ?? undefined} aria-label={`Uploading ${u.name}`} />
                  <span className="muted ip-upload-stage">
                    {u.stage === "hashing"
                      ? "Preparing…"
                      : u.stage === "registering"
                        ? "Saving…"
                        : `${Math.round((u.progress ?? 0) * 100)}%`}
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {files.isLoading ? (
        <p className="muted">Loading files…</p>
      ) : files.error ? (
        <p className="form-error">Files could not be read: {files.error.message}</p>
      ) : list.length === 0 ? (
        uploads.length === 0 && (
          <p className="muted drop-hint">No files. Drop files on the page or use Attach files.</p>
        )
      ) : (
        <ul className="ip-file-list" aria-label="Attached files">
          {list.map((f) => (
            <li key={f.id} className="ip-file-row">
              <span className="file-icon" aria-hidden="true">
                {f.content_type.startsWith("image/") ? "🖼" : "📄"}
              </span>
              <a href={f.download_url} download={f.name} className="ip-file-name">
                {f.name}
              </a>
              <span className="muted">{formatBytes(f.size)}</span>
              <span className="muted ip-file-type">{f.content_type}</span>
              <time className="muted" dateTime={f.created_at}>
                {shortDate(f.created_at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
