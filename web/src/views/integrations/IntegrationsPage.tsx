/**
 * Integrations (workspace admins): connect GitHub or GitLab. Adding one shows the webhook URL to paste on
 * the code host and its secret (once: it cannot be read again), with the steps for that host; each
 * connection lists the last deliveries received with their outcome (linked, ignored, rejected, error),
 * read again every few seconds while the page is open, and can be removed. The same calls as
 * `docket integrations` and /v1/integrations; docs/code-hosts.md tells the whole set-up.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { useId, useState } from "react";
import { ApiError, api, type Schemas, unwrap } from "../../api.ts";
import { exactTime, relativeTime } from "../../lib/time.ts";
import { useWorkspaceTitle } from "../../lib/title.ts";
import { allPages, useMe } from "../../queries.ts";
import { copyText } from "../../ui/clipboard.ts";
import { toast, toastError } from "../../ui/toast.tsx";
import "./integrations.css";

type Integration = Schemas["Integration"];
type Created = Schemas["CreatedIntegration"];
type Delivery = Schemas["IntegrationDelivery"];
type Provider = Integration["provider"];

const HOSTS: Record<Provider, string> = { github: "GitHub", gitlab: "GitLab" };
const OUTCOME_CLASS: Record<Delivery["outcome"], string> = {
  linked: "badge badge-ok",
  ignored: "badge",
  rejected: "badge badge-danger",
  error: "badge badge-danger",
};
/** How often the deliveries are read again while the page is open. */
const DELIVERIES_EVERY_MS = 5000;

const integrationKeys = {
  list: (ws: string) => ["ws", ws, "integrations"] as const,
  one: (ws: string, id: string) => ["ws", ws, "integrations", id] as const,
};

export function IntegrationsPage() {
  const { ws } = useParams({ from: "/$ws/settings/integrations" });
  useWorkspaceTitle("Integrations", ws);
  const me = useMe();
  const role = me.workspaces.find((w) => w.slug === ws)?.role ?? "member";
  const admin = role === "owner" || role === "admin";
  return (
    <>
      <header className="page-header">
        <h1>Integrations</h1>
      </header>
      <div className="page-body int-body">
        <p className="muted int-lead">
          Connect GitHub or GitLab: pull requests, branches and commits that name an issue (ENG-42) are linked
          to it, and the issue moves as the work does (each space's automation settings turn that off).
        </p>
        {admin ? (
          <Admin ws={ws} />
        ) : (
          <p className="muted">Only the workspace's Owner and admins connect code hosts.</p>
        )}
      </div>
    </>
  );
}

function Admin({ ws }: { ws: string }) {
  const [created, setCreated] = useState<Created | null>(null);
  const list = useQuery({
    queryKey: integrationKeys.list(ws),
    queryFn: ({ signal }) =>
      allPages((cursor) =>
        unwrap(api.GET("/integrations", { signal, params: { query: { limit: 100, cursor } } })),
      ),
  });
  return (
    <>
      {created ? (
        <PasteIt created={created} done={() => setCreated(null)} />
      ) : (
        <AddForm ws={ws} onCreated={setCreated} />
      )}
      <section className="int-section" aria-labelledby="int-list-h">
        <h2 id="int-list-h">Connected</h2>
        {list.isPending && <p className="muted">Loading…</p>}
        {list.isError && (
          <p className="form-error" role="alert">
            Could not load the integrations: {list.error.message}
          </p>
        )}
        {list.data && list.data.length === 0 && <p className="muted">No code host is connected yet.</p>}
        {list.data?.map((i) => (
          <IntegrationCard
            key={i.id}
            ws={ws}
            integration={i}
            onNewSecret={(c) => {
              setCreated(c);
              window.scrollTo({ top: 0 });
            }}
          />
        ))}
      </section>
    </>
  );
}

function AddForm({ ws, onCreated }: { ws: string; onCreated: (c: Created) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [provider, setProvider] = useState<Provider>("github");
  const [name, setName] = useState("");
  const [repos, setRepos] = useState("");
  const add = useMutation({
    mutationFn: () => {
      const repositories = repos
        .split(/[\s,]+/)
        .map((r) => r.trim())
        .filter(Boolean);
      return unwrap(
        api.POST("/integrations", {
          body: {
            provider,
            ...(name.trim() ? { name: name.trim() } : {}),
            ...(repositories.length ? { repositories } : {}),
          },
        }),
      );
    },
    onSuccess: (c) => {
      setName("");
      setRepos("");
      onCreated(c);
      void queryClient.invalidateQueries({ queryKey: integrationKeys.list(ws), exact: true });
    },
  });
  const err = add.error instanceof ApiError ? add.error : null;
  return (
    <section className="int-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Add a code host</h2>
      <form
        className="int-form"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate();
        }}
      >
        <fieldset className="int-hosts">
          <legend className="sr-only">Code host</legend>
          {(Object.keys(HOSTS) as Provider[]).map((p) => (
            <label key={p} className={`int-host${provider === p ? " int-host-on" : ""}`}>
              <input
                type="radio"
                name={`${id}-provider`}
                value={p}
                checked={provider === p}
                onChange={() => setProvider(p)}
              />
              {HOSTS[p]}
            </label>
          ))}
        </fieldset>
        <div className="field int-name">
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            id={`${id}-name`}
            placeholder={HOSTS[provider]}
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="field int-repos">
          <label htmlFor={`${id}-repos`}>Repositories</label>
          <input
            id={`${id}-repos`}
            placeholder={
              provider === "github" ? "acme/web, acme/api (empty: all)" : "group/project (empty: all)"
            }
            value={repos}
            aria-invalid={err?.field("repositories") ? true : undefined}
            aria-describedby={`${id}-repos-hint`}
            onChange={(e) => setRepos(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary int-add" disabled={add.isPending}>
          {add.isPending ? "Adding…" : `Add ${HOSTS[provider]}`}
        </button>
      </form>
      <p id={`${id}-repos-hint`} className="muted int-hint">
        Deliveries from other repositories are ignored. Leave it empty to take every repository that sends to
        the webhook.
      </p>
      {err && (
        <p className="form-error" role="alert">
          {err.field("repositories") ? `Repositories ${err.field("repositories")}` : err.message}
        </p>
      )}
    </section>
  );
}

/** The webhook URL and the secret, shown once, with where they go on the code host. */
function PasteIt({ created: c, done }: { created: Created; done: () => void }) {
  const id = useId();
  const host = HOSTS[c.provider];
  return (
    <section className="int-section int-paste" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Paste these on {host}</h2>
      <p className="notice notice-warn int-once">
        The secret is shown only now: copy it to {host} before you leave this page. It cannot be read again;
        if it is lost, make another with New secret.
      </p>
      <CopyField label="Webhook URL" value={c.webhook_url} />
      <CopyField label="Secret" value={c.secret} secret />
      <ol className="int-steps">
        {c.provider === "github" ? (
          <>
            <li>
              On GitHub, open the repository's (or organization's) <b>Settings → Webhooks → Add webhook</b>.
            </li>
            <li>
              <b>Payload URL</b>: the webhook URL. <b>Content type</b>: application/json. <b>Secret</b>: the
              secret.
            </li>
            <li>
              <b>Let me select individual events</b>: Pull requests, Pull request reviews, Pushes, Branch or
              tag creation. Then <b>Add webhook</b>.
            </li>
            <li>GitHub sends a ping at once: it shows below under Last deliveries.</li>
          </>
        ) : (
          <>
            <li>
              On GitLab, open the project's (or group's) <b>Settings → Webhooks → Add new webhook</b>.
            </li>
            <li>
              <b>URL</b>: the webhook URL. <b>Secret token</b>: the secret.
            </li>
            <li>
              <b>Trigger</b>: Push events, Merge request events. Then <b>Add webhook</b>.
            </li>
            <li>
              <b>Test → Push events</b> sends one: it shows below under Last deliveries.
            </li>
          </>
        )}
      </ol>
      <button type="button" className="btn" onClick={done}>
        Done
      </button>
    </section>
  );
}

function CopyField({ label, value, secret = false }: { label: string; value: string; secret?: boolean }) {
  return (
    <div className="int-copy">
      <span className="int-copy-label">{label}</span>
      <code className={secret ? "int-secret" : undefined}>{value}</code>
      <button
        type="button"
        className="btn btn-small"
        aria-label={`Copy the ${label.toLowerCase()}`}
        onClick={() => void copyText(value, `${label} copied`).catch((e: unknown) => toastError(e, "Copy"))}
      >
        Copy
      </button>
    </div>
  );
}

function IntegrationCard({
  ws,
  integration: i,
  onNewSecret,
}: {
  ws: string;
  integration: Integration;
  onNewSecret: (c: Created) => void;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<"remove" | "rotate" | null>(null);
  const rotate = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH("/integrations/{id}", { params: { path: { id: i.id } }, body: { rotate_secret: true } }),
      ),
    onSuccess: (updated) => {
      setConfirming(null);
      if (updated.secret) onNewSecret({ ...updated, secret: updated.secret });
    },
    onError: (error) => toastError(error, "New secret"),
  });
  const detail = useQuery({
    queryKey: integrationKeys.one(ws, i.id),
    queryFn: ({ signal }) =>
      unwrap(api.GET("/integrations/{id}", { signal, params: { path: { id: i.id } } })),
    refetchInterval: DELIVERIES_EVERY_MS,
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE("/integrations/{id}", { params: { path: { id: i.id } } })),
    onSuccess: () => {
      toast(`${i.name} removed: delete its webhook on ${HOSTS[i.provider]} too`);
      // gone at once, and its deliveries never read again
      queryClient.setQueryData<Integration[]>(integrationKeys.list(ws), (list) =>
        list?.filter((x) => x.id !== i.id),
      );
      queryClient.removeQueries({ queryKey: integrationKeys.one(ws, i.id) });
      void queryClient.invalidateQueries({ queryKey: integrationKeys.list(ws), exact: true });
    },
    onError: (error) => toastError(error, "Remove"),
  });
  const deliveries = detail.data?.deliveries ?? [];
  const last = detail.data?.last_delivery_at ?? i.last_delivery_at;
  const headingId = `int-${i.id}`;
  return (
    <article className="int-card" aria-labelledby={headingId}>
      <header className="int-card-head">
        <span className={`int-logo int-logo-${i.provider}`} aria-hidden="true">
          {i.provider === "github" ? "GH" : "GL"}
        </span>
        <div className="int-card-title">
          <h3 id={headingId}>{i.name}</h3>
          <span className="muted">
            {i.name === HOSTS[i.provider] ? "" : `${HOSTS[i.provider]} · `}
            {i.repositories.length ? i.repositories.join(", ") : "every repository"}
          </span>
        </div>
        {!confirming && (
          <span className="int-card-actions">
            <button
              type="button"
              className="btn btn-small"
              aria-label={`New secret for ${i.name}`}
              onClick={() => setConfirming("rotate")}
            >
              New secret
            </button>
            <button
              type="button"
              className="btn btn-small"
              aria-label={`Remove ${i.name}`}
              onClick={() => setConfirming("remove")}
            >
              Remove
            </button>
          </span>
        )}
      </header>
      {confirming === "rotate" && (
        <fieldset className="int-confirm int-confirm-rotate" aria-label={`New secret for ${i.name}?`}>
          <p>
            Make a new secret for <strong>{i.name}</strong>? Deliveries signed with the current one are
            refused from now on, until the new one is pasted on {HOSTS[i.provider]}.
          </p>
          <button
            type="button"
            className="btn btn-small btn-primary"
            disabled={rotate.isPending}
            onClick={() => rotate.mutate()}
          >
            Make a new secret
          </button>
          <button type="button" className="btn btn-small" onClick={() => setConfirming(null)}>
            Cancel
          </button>
        </fieldset>
      )}
      {confirming === "remove" && (
        <fieldset className="int-confirm" aria-label={`Remove ${i.name}?`}>
          <p>
            Remove <strong>{i.name}</strong>? Its deliveries are refused from now on; the links it made stay
            on their issues. Delete the webhook on {HOSTS[i.provider]} too.
          </p>
          <button
            type="button"
            className="btn btn-small btn-danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            Remove {i.name}
          </button>
          <button type="button" className="btn btn-small" onClick={() => setConfirming(null)}>
            Cancel
          </button>
        </fieldset>
      )}
      <CopyField label="Webhook URL" value={i.webhook_url} />
      <h4 className="int-deliveries-h">
        Last deliveries{" "}
        <span className="muted">
          {last ? <span title={exactTime(last)}>· latest {relativeTime(last)}</span> : "· none yet"}
        </span>
      </h4>
      {deliveries.length === 0 ? (
        <p className="muted int-hint">
          Nothing received yet. {HOSTS[i.provider]} sends a first delivery when the webhook is saved.
        </p>
      ) : (
        <ul className="int-deliveries" aria-label={`Last deliveries of ${i.name}`}>
          {deliveries.map((d) => (
            <li key={d.delivery_id} className="int-delivery">
              <span className={`${OUTCOME_CLASS[d.outcome]} int-outcome`}>{d.outcome}</span>
              <span className="int-event">{d.action ? `${d.event} · ${d.action}` : d.event}</span>
              <span className="int-summary">{d.summary}</span>
              <time className="muted int-when" dateTime={d.received_at} title={exactTime(d.received_at)}>
                {relativeTime(d.received_at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
