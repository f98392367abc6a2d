/**
 * Your profile: your name as others see it (with the initials of your avatar), your address, and how
 * the inbox reaches you by email. Your tokens and connected agents are on the settings page.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "@tanstack/react-router";
import { useId, useState } from "react";
import { ApiError, api, unwrap } from "../../api.ts";
import { keys, meQuery, useMe } from "../../queries.ts";
import { toast } from "../../ui/toast.tsx";
import { MailSetting } from "../conversation/InboxPage.tsx";
import { initials } from "./initials.ts";
import "./team.css";

export function ProfilePage() {
  const { ws } = useParams({ from: "/$ws/settings/profile" });
  const me = useMe();
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(me.person.name);
  const save = useMutation({
    mutationFn: () => unwrap(api.PATCH("/me", { body: { name } })),
    onSuccess: (p) => {
      setName(p.name);
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: keys.members(ws) });
      toast("Name saved");
    },
  });
  const err = save.error instanceof ApiError ? save.error : null;
  const role = me.workspaces.find((w) => w.slug === ws)?.role;
  return (
    <>
      <header className="page-header">
        <h1>Profile</h1>
      </header>
      <div className="page-body team-body">
        <section className="team-section team-profile" aria-labelledby={`${id}-h`}>
          <span className="team-avatar team-avatar-large" aria-hidden="true">
            {initials(name || me.person.email)}
          </span>
          <div className="team-profile-main">
            <h2 id={`${id}-h`}>{me.person.name}</h2>
            <p className="muted">
              {me.person.email}
              {role &&
                ` · ${role === "owner" ? "Owner" : role === "admin" ? "Admin" : "Member"} of this workspace`}
            </p>
            <form
              className="team-invite"
              onSubmit={(event) => {
                event.preventDefault();
                if (name.trim() && name.trim() !== me.person.name) save.mutate();
              }}
            >
              <div className="field">
                <label htmlFor={`${id}-name`}>Name</label>
                <input
                  id={`${id}-name`}
                  value={name}
                  maxLength={100}
                  required
                  aria-invalid={err ? true : undefined}
                  onChange={(e) => setName(e.target.value)}
                />
              </div>
              <button
                type="submit"
                className="btn btn-primary team-invite-send"
                disabled={save.isPending || !name.trim() || name.trim() === me.person.name}
              >
                Save name
              </button>
            </form>
            {err && (
              <p className="form-error" role="alert">
                {err.field("name") ? `Name ${err.field("name")}` : err.message}
              </p>
            )}
          </div>
        </section>
        <section className="team-section" aria-labelledby={`${id}-mail`}>
          <h2 id={`${id}-mail`}>Email</h2>
          <p className="muted team-hint">
            Mentions, assignments, approvals and reviews reach your inbox; choose whether they are also mailed
            to {me.person.email}.
          </p>
          <MailSetting ws={ws} />
        </section>
        <section className="team-section" aria-labelledby={`${id}-more`}>
          <h2 id={`${id}-more`}>Tokens, agents and workspaces</h2>
          <p className="team-hint">
            <a href="/settings">Personal access tokens and connected agents</a> ·{" "}
            <Link to="/$ws/settings/members" params={{ ws }}>
              Members of this workspace
            </Link>
          </p>
        </section>
      </div>
    </>
  );
}
