/**
 * A space's settings: its review policy — who may mark its issues done (anyone; someone other than
 * whoever last changed the issue's substance; a person, never an agent) — and its reviewers, told when an
 * issue moves to In review and asked approvals nobody in particular is asked — and its code host
 * switches (spaces/Automation.tsx). Workspace admins change it; everyone else reads it.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useEffect, useId, useState } from "react";
import { ApiError, api, unwrap } from "../../api.ts";
import { exactTime, relativeTime } from "../../lib/time.ts";
import { useMembers } from "../../queries.ts";
import { toast } from "../../ui/toast.tsx";
import { SpaceAutomation } from "../spaces/Automation.tsx";
import { SpaceName } from "../spaces/SpaceForms.tsx";
import { SpaceTemplates } from "../spaces/Templates.tsx";
import { convKeys, type Space, spaceQuery, useIsAdmin } from "./data.ts";

type DoneRequires = Space["done_requires"];
const POLICIES: { value: DoneRequires; label: string; help: string }[] = [
  { value: "anyone", label: "Anyone", help: "Anyone who may write can mark an issue done." },
  {
    value: "not_author",
    label: "Not its author",
    help: "Someone other than whoever last changed the issue's title or description (an agent and the person it acts for count apart).",
  },
  {
    value: "person",
    label: "A person",
    help: "An agent may move an issue to In review; only a person marks it done.",
  },
];

export function SpacePage() {
  const { ws, prefix } = useParams({ from: "/$ws/spaces/$prefix" });
  const query = useQuery(spaceQuery(ws, prefix.toUpperCase()));
  const admin = useIsAdmin(ws);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <>
      <header className="page-header">
        <h1>
          {query.data ? (
            <>
              <span className="space-prefix">{query.data.prefix}</span> {query.data.name}
            </>
          ) : (
            prefix.toUpperCase()
          )}{" "}
          <span className="muted">· Settings</span>
        </h1>
        {query.data && (
          <Link
            to="/$ws/issues"
            params={{ ws }}
            search={{ space: query.data.prefix }}
            className="btn btn-small"
          >
            Open its issues
          </Link>
        )}
      </header>
      <div className="page-body space-body">
        {query.isPending && <p className="muted">Loading the space…</p>}
        {notFound && (
          <div className="empty">
            <h2>No space {prefix.toUpperCase()}</h2>
            <p>This workspace has no space with that prefix.</p>
          </div>
        )}
        {query.isError && !notFound && (
          <p className="form-error" role="alert">
            Could not load the space: {query.error.message}
          </p>
        )}
        {query.data && <SpaceName ws={ws} space={query.data} />}
        {query.data && <ReviewPolicy ws={ws} space={query.data} admin={admin} />}
        {query.data && <SpaceAutomation ws={ws} space={query.data} admin={admin} />}
        {query.data && <SpaceTemplates ws={ws} prefix={query.data.prefix} admin={admin} />}
      </div>
    </>
  );
}

function ReviewPolicy({ ws, space, admin }: { ws: string; space: Space; admin: boolean }) {
  const id = useId();
  const queryClient = useQueryClient();
  const members = (useMembers(ws).data ?? []).filter((m) => !m.suspended);
  const [policy, setPolicy] = useState<DoneRequires>(space.done_requires);
  const [reviewers, setReviewers] = useState<string[]>(
    space.reviewers_default ? [] : space.reviewers.map((r) => r.email),
  );
  useEffect(() => {
    setPolicy(space.done_requires);
    setReviewers(space.reviewers_default ? [] : space.reviewers.map((r) => r.email));
  }, [space]);

  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH("/spaces/{prefix}", {
          params: { path: { prefix: space.prefix } },
          body: { done_requires: policy, reviewers },
        }),
      ),
    onSuccess: (s) => {
      queryClient.setQueryData(convKeys.space(ws, space.prefix), s);
      void queryClient.invalidateQueries({ queryKey: convKeys.spaces(ws) });
      toast(`Review policy of ${s.prefix} saved`);
    },
  });
  const original = space.reviewers_default ? [] : space.reviewers.map((r) => r.email);
  const dirty =
    policy !== space.done_requires ||
    reviewers.length !== original.length ||
    reviewers.some((r) => !original.includes(r));
  const err = save.error instanceof ApiError ? save.error : null;

  return (
    <form
      className="space-policy"
      aria-labelledby={`${id}-h`}
      onSubmit={(event) => {
        event.preventDefault();
        if (admin && dirty) save.mutate();
      }}
    >
      <h2 id={`${id}-h`}>Review policy</h2>
      <p className="muted">
        {admin
          ? "Who may mark this space's issues done, and who reviews them. A refused change to Done tells the person who may finish it and offers to ask for approval."
          : "Only the workspace's Owner and admins can change this."}
      </p>
      <fieldset className="policy-options" disabled={!admin} aria-describedby={`${id}-ro`}>
        <legend>Marking an issue done requires</legend>
        {POLICIES.map((p) => (
          <label key={p.value} className={`policy-option ${policy === p.value ? "on" : ""}`}>
            <input
              type="radio"
              name={`${id}-policy`}
              value={p.value}
              checked={policy === p.value}
              onChange={() => setPolicy(p.value)}
            />
            <span>
              <strong>{p.label}</strong>
              <span className="muted policy-help">{p.help}</span>
            </span>
          </label>
        ))}
        {err?.field("done_requires") && <p className="field-error">{err.field("done_requires")}</p>}
      </fieldset>
      <fieldset className="policy-reviewers" disabled={!admin}>
        <legend>Reviewers</legend>
        <p className="muted">
          Told when an issue moves to In review, and asked approvals nobody in particular is asked.{" "}
          {reviewers.length === 0 && "None chosen: the workspace's Owner and admins review."}
        </p>
        <ul className="reviewer-list">
          {members.map((m) => (
            <li key={m.person_id}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={reviewers.includes(m.email)}
                  onChange={(e) =>
                    setReviewers((list) =>
                      e.target.checked ? [...list, m.email] : list.filter((r) => r !== m.email),
                    )
                  }
                />
                {m.name} <span className="muted">{m.email}</span>
                {m.role !== "member" && <span className="badge">{m.role}</span>}
              </label>
            </li>
          ))}
        </ul>
        {err?.field("reviewers") && <p className="field-error">{err.field("reviewers")}</p>}
      </fieldset>
      <p className="muted" id={`${id}-ro`}>
        {!admin && (
          <>
            Now: <strong>{POLICIES.find((p) => p.value === space.done_requires)?.label}</strong>; reviewers:{" "}
            {space.reviewers.map((r) => r.name).join(", ") || "none"}
            {space.reviewers_default && " (the workspace's admins)"}.{" "}
          </>
        )}
        Last changed{" "}
        <time dateTime={space.updated_at} title={exactTime(space.updated_at)}>
          {relativeTime(space.updated_at)}
        </time>
        .
      </p>
      {save.isError && !err?.field("done_requires") && !err?.field("reviewers") && (
        <p className="form-error" role="alert">
          {save.error.message}
        </p>
      )}
      {admin && (
        <div className="space-actions">
          <button type="submit" className="btn btn-primary" disabled={!dirty || save.isPending}>
            {save.isPending ? "Saving…" : "Save policy"}
          </button>
          {dirty && (
            <button
              type="button"
              className="btn"
              onClick={() => {
                setPolicy(space.done_requires);
                setReviewers(original);
              }}
            >
              Discard
            </button>
          )}
        </div>
      )}
    </form>
  );
}
