/**
 * Members: who is in the workspace and with what role; for admins, invitations by email (pending ones
 * with Revoke), role changes, removal (which ends the person's agent connections, revokes their tokens
 * and disables their webhooks) and the email domains whose people may join by themselves; for the Owner,
 * transferring ownership.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { useId, useState } from "react";
import { ApiError, api, type Schemas, unwrap } from "../../api.ts";
import { exactTime, relativeTime } from "../../lib/time.ts";
import { allPages, keys, type Member, meQuery, useMe, useMembers } from "../../queries.ts";
import { toast, toastError } from "../../ui/toast.tsx";
import { initials } from "./initials.ts";
import "./team.css";

type Invitation = Schemas["Invitation"];
type Role = Member["role"];

const teamKeys = {
  invitations: (ws: string) => ["ws", ws, "invitations"] as const,
  settings: (ws: string) => ["ws", ws, "workspace-settings"] as const,
};

const ROLE_NAMES: Record<Role, string> = { owner: "Owner", admin: "Admin", member: "Member" };

export function MembersPage() {
  const { ws } = useParams({ from: "/$ws/settings/members" });
  const me = useMe();
  const role = me.workspaces.find((w) => w.slug === ws)?.role ?? "member";
  const admin = role === "owner" || role === "admin";
  const members = useMembers(ws);
  return (
    <>
      <header className="page-header">
        <h1>Members</h1>
        {members.data && <span className="muted">{members.data.length} in this workspace</span>}
      </header>
      <div className="page-body team-body">
        {admin ? (
          <InviteForm ws={ws} />
        ) : (
          <p className="muted">Only the workspace's Owner and admins invite people and change roles.</p>
        )}
        {members.isPending && <p className="muted">Loading members…</p>}
        {members.isError && (
          <p className="form-error" role="alert">
            Could not load the members: {members.error.message}
          </p>
        )}
        {members.data && <MemberList ws={ws} members={members.data} admin={admin} myId={me.person.id} />}
        {admin && <PendingInvitations ws={ws} />}
        {admin && <JoinDomains ws={ws} />}
        {role === "owner" && members.data && (
          <TransferOwnership ws={ws} members={members.data} myId={me.person.id} />
        )}
        {role !== "owner" && (
          <LeaveWorkspace myId={me.person.id} name={me.workspaces.find((w) => w.slug === ws)?.name ?? ws} />
        )}
      </div>
    </>
  );
}

function InviteForm({ ws }: { ws: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"admin" | "member">("member");
  const [link, setLink] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: () => unwrap(api.POST("/invitations", { body: { email, role } })),
    onSuccess: (i) => {
      setEmail("");
      setLink(i.emailed ? null : i.url);
      toast(i.emailed ? `Invitation sent to ${i.email}` : `Invitation made for ${i.email}: copy its link`);
      void queryClient.invalidateQueries({ queryKey: teamKeys.invitations(ws) });
    },
  });
  const err = invite.error instanceof ApiError ? invite.error : null;
  return (
    <section className="team-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Invite people</h2>
      <form
        className="team-invite"
        onSubmit={(event) => {
          event.preventDefault();
          if (email.trim()) invite.mutate();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            type="email"
            required
            placeholder="grace@example.com"
            value={email}
            aria-invalid={err?.field("email") ? true : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field team-role-field">
          <label htmlFor={`${id}-role`}>Role</label>
          <select
            id={`${id}-role`}
            value={role}
            onChange={(e) => setRole(e.target.value as "admin" | "member")}
          >
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <button type="submit" className="btn btn-primary team-invite-send" disabled={invite.isPending}>
          {invite.isPending ? "Inviting…" : "Invite"}
        </button>
      </form>
      {err && (
        <p className="form-error" role="alert">
          {err.field("email") ? `Email ${err.field("email")}` : err.message}
        </p>
      )}
      {link && (
        <div className="team-link" role="status">
          <p>
            This service sends no mail, so pass the link on yourself. It works once, for that address, for 7
            days, and is not shown again.
          </p>
          <code>{link}</code>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => void navigator.clipboard?.writeText(link).then(() => toast("Link copied"))}
          >
            Copy link
          </button>
        </div>
      )}
      <p className="muted team-hint">
        They get a link by email, sign in (or sign up) with that address and land in this workspace. Links
        last 7 days and work once.
      </p>
    </section>
  );
}

function MemberList({
  ws,
  members,
  admin,
  myId,
}: {
  ws: string;
  members: Member[];
  admin: boolean;
  myId: string;
}) {
  const id = useId();
  const order: Record<Role, number> = { owner: 0, admin: 1, member: 2 };
  const sorted = [...members].sort((a, b) => order[a.role] - order[b.role] || a.name.localeCompare(b.name));
  return (
    <section className="team-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>People</h2>
      <ul className="team-list" aria-labelledby={`${id}-h`}>
        {sorted.map((m) => (
          <MemberRow
            key={m.person_id}
            ws={ws}
            member={m}
            manage={admin && m.role !== "owner"}
            me={m.person_id === myId}
          />
        ))}
      </ul>
    </section>
  );
}

function MemberRow({
  ws,
  member: m,
  manage,
  me,
}: {
  ws: string;
  member: Member;
  manage: boolean;
  me: boolean;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: keys.members(ws) });
    if (me) void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
  };
  const setRole = useMutation({
    mutationFn: (role: "admin" | "member") =>
      unwrap(api.PATCH("/members/{id}", { params: { path: { id: m.person_id } }, body: { role } })),
    onSuccess: (r) => {
      toast(`${r.name} is now ${r.role === "admin" ? "an admin" : "a member"}`);
      refresh();
    },
    onError: (error) => toastError(error, "Role"),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(api.DELETE("/members/{id}", { params: { path: { id: m.person_id } } })),
    onSuccess: (r) => {
      toast(`Removed ${r.name} from the workspace`);
      setConfirming(false);
      refresh();
    },
    onError: (error) => toastError(error, "Remove"),
  });
  return (
    <li className="team-row">
      <span className="team-avatar" aria-hidden="true">
        {initials(m.name || m.email)}
      </span>
      <span className="team-who">
        <span className="team-name">
          {m.name}
          {me && <span className="muted"> (you)</span>}
          {m.suspended && <span className="team-badge">suspended</span>}
        </span>
        <span className="team-email muted">{m.email}</span>
      </span>
      <span className="team-joined muted" title={exactTime(m.joined_at)}>
        joined {relativeTime(m.joined_at)}
      </span>
      {manage ? (
        <select
          className="team-role"
          aria-label={`Role of ${m.name}`}
          value={setRole.isPending && setRole.variables ? setRole.variables : m.role}
          disabled={setRole.isPending}
          onChange={(e) => setRole.mutate(e.target.value as "admin" | "member")}
        >
          <option value="member">Member</option>
          <option value="admin">Admin</option>
        </select>
      ) : (
        <span className={`team-role-name team-role-${m.role}`}>{ROLE_NAMES[m.role]}</span>
      )}
      {manage && !confirming && (
        <button
          type="button"
          className="btn btn-small team-remove"
          aria-label={`Remove ${m.name}`}
          onClick={() => setConfirming(true)}
        >
          Remove
        </button>
      )}
      {!manage && <span className="team-remove-space" />}
      {confirming && (
        <fieldset className="team-confirm" aria-label={`Remove ${m.name}?`}>
          <p>
            Remove <strong>{m.name}</strong>? Their agent connections to this workspace end at once, their
            tokens for it are revoked and the webhooks they made are disabled.
          </p>
          <button
            type="button"
            className="btn btn-small btn-danger"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            Remove {m.name}
          </button>
          <button type="button" className="btn btn-small" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </fieldset>
      )}
    </li>
  );
}

function PendingInvitations({ ws }: { ws: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const invitations = useQuery({
    queryKey: teamKeys.invitations(ws),
    queryFn: ({ signal }) =>
      allPages((cursor) =>
        unwrap(
          api.GET("/invitations", {
            signal,
            params: { query: { limit: 100, cursor }, header: { "Docket-Workspace": ws } },
          }),
        ),
      ),
  });
  const revoke = useMutation({
    mutationFn: (i: Invitation) =>
      unwrap(api.DELETE("/invitations/{id}", { params: { path: { id: i.id } } })),
    onSuccess: (i) => {
      toast(`Revoked the invitation of ${i.email}`);
      void queryClient.invalidateQueries({ queryKey: teamKeys.invitations(ws) });
    },
    onError: (error) => toastError(error, "Revoke"),
  });
  const list = invitations.data ?? [];
  return (
    <section className="team-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Pending invitations</h2>
      {invitations.data && list.length === 0 && <p className="muted">No invitation is waiting.</p>}
      {list.length > 0 && (
        <ul className="team-list" aria-labelledby={`${id}-h`}>
          {list.map((i) => (
            <li key={i.id} className="team-row">
              <span className="team-avatar team-avatar-pending" aria-hidden="true">
                @
              </span>
              <span className="team-who">
                <span className="team-name">{i.email}</span>
                <span className="team-email muted">
                  invited by {i.invited_by.name} {relativeTime(i.created_at)}
                </span>
              </span>
              <span className="team-joined muted" title={exactTime(i.expires_at)}>
                expires {relativeTime(i.expires_at)}
              </span>
              <span className="team-role-name">{ROLE_NAMES[i.role]}</span>
              <button
                type="button"
                className="btn btn-small team-remove"
                aria-label={`Revoke the invitation of ${i.email}`}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate(i)}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function JoinDomains({ ws }: { ws: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: teamKeys.settings(ws),
    queryFn: ({ signal }) =>
      unwrap(api.GET("/workspace/settings", { signal, params: { header: { "Docket-Workspace": ws } } })),
  });
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? settings.data?.allowed_domains.join(", ") ?? "";
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.PATCH("/workspace", {
          body: {
            allowed_domains: shown
              .split(/[\s,]+/)
              .map((d) => d.trim())
              .filter(Boolean),
          },
        }),
      ),
    onSuccess: (s) => {
      queryClient.setQueryData(teamKeys.settings(ws), s);
      setText(null);
      toast(
        s.allowed_domains.length
          ? `People at ${s.allowed_domains.join(", ")} may join by themselves`
          : "Nobody joins without an invitation",
      );
    },
  });
  const err = save.error instanceof ApiError ? save.error : null;
  return (
    <section className="team-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Join without an invitation</h2>
      <p className="muted team-hint">
        People signed in with a verified address at these domains may join as members from{" "}
        <a href="/join">the join page</a>. Public mail providers are not allowed.
      </p>
      <form
        className="team-invite"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-domains`}>Email domains</label>
          <input
            id={`${id}-domains`}
            placeholder="example.com, example.org"
            value={shown}
            aria-invalid={err ? true : undefined}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <button type="submit" className="btn team-invite-send" disabled={save.isPending || text === null}>
          Save domains
        </button>
      </form>
      {err && (
        <p className="form-error" role="alert">
          {Object.values(err.fields)[0] ? `${Object.values(err.fields)[0]}` : err.message}
        </p>
      )}
    </section>
  );
}

function TransferOwnership({ ws, members, myId }: { ws: string; members: Member[]; myId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const others = members.filter((m) => m.person_id !== myId && !m.suspended);
  const [to, setTo] = useState("");
  const [confirming, setConfirming] = useState(false);
  const target = others.find((m) => m.person_id === to);
  const transfer = useMutation({
    mutationFn: () => unwrap(api.POST("/workspace/transfer", { body: { person_id: to } })),
    onSuccess: (r) => {
      toast(`${r.owner.name} now owns the workspace; you are an admin`);
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: keys.members(ws) });
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    },
    onError: (error) => toastError(error, "Transfer"),
  });
  return (
    <section className="team-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Transfer ownership</h2>
      <p className="muted team-hint">
        The Owner can do everything an admin can, and cannot be removed. Transferring makes you an admin.
      </p>
      <div className="team-invite">
        <div className="field">
          <label htmlFor={`${id}-to`}>New Owner</label>
          <select id={`${id}-to`} value={to} onChange={(e) => setTo(e.target.value)}>
            <option value="">Choose a member…</option>
            {others.map((m) => (
              <option key={m.person_id} value={m.person_id}>
                {m.name} ({m.email})
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn team-invite-send"
          disabled={!target}
          onClick={() => setConfirming(true)}
        >
          Transfer…
        </button>
      </div>
      {confirming && target && (
        <fieldset className="team-confirm" aria-label="Confirm the transfer">
          <p>
            Make <strong>{target.name}</strong> the Owner of this workspace? You become an admin.
          </p>
          <button
            type="button"
            className="btn btn-small btn-danger"
            disabled={transfer.isPending}
            onClick={() => transfer.mutate()}
          >
            Make {target.name} the Owner
          </button>
          <button type="button" className="btn btn-small" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </fieldset>
      )}
    </section>
  );
}

/** Any member but the Owner may leave; their tokens and agents for the workspace end as on removal. */
function LeaveWorkspace({ myId, name }: { myId: string; name: string }) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const leave = useMutation({
    mutationFn: () => unwrap(api.DELETE("/members/{id}", { params: { path: { id: myId } } })),
    onSuccess: () => window.location.assign("/"),
    onError: (error) => toastError(error, "Leave"),
  });
  return (
    <section className="team-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Leave this workspace</h2>
      {!confirming ? (
        <button type="button" className="btn" onClick={() => setConfirming(true)}>
          Leave {name}…
        </button>
      ) : (
        <fieldset className="team-confirm" aria-label={`Leave ${name}?`}>
          <p>
            Leave <strong>{name}</strong>? Your agent connections to it end at once, your tokens for it are
            revoked and your webhooks there are disabled. Coming back takes a new invitation.
          </p>
          <button
            type="button"
            className="btn btn-small btn-danger"
            disabled={leave.isPending}
            onClick={() => leave.mutate()}
          >
            Leave {name}
          </button>
          <button type="button" className="btn btn-small" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </fieldset>
      )}
    </section>
  );
}
