/**
 * The REST API's types, generated from GET /v1/openapi.json by openapi-typescript.
 * Do not edit: run `npm run client:generate` (and `npm run client:check` verifies it is current).
 */

export interface paths {
  "/me": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who is calling: the person, the credential, the workspace and the workspaces reachable
     * @description The caller: the person (for an agent connection, the person it acts for), the credential the request was authenticated with (a session, a personal access token or a connection, with its scopes), the workspace the request sees with the person's role in it, and `workspaces`: for a session every workspace the person belongs to (the web app's switcher: send `Docket-Workspace` to pick one), for a token only its own. A session also gets `csrf_token`, to send in `X-CSRF-Token` with every write it makes. A signed-in person who belongs to no workspace gets `workspace: null` here and 404 everywhere else.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getMe"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change your own name
     * @description Your name as others see it (1 to 100 characters), with a session or your own personal access token; an agent connection may not change its person's profile (403). Answers the person. Inbox mail preferences are `PATCH /v1/inbox/settings`.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateMe"];
    trace?: never;
  };
  "/members": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's members, by name
     * @description Every member of the workspace (person id, name, email, role, and whether suspended), by name then id, a page at a time: for assignee pickers and mentions. `q` keeps those whose name or email contains the text.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listMembers"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/invitations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's pending invitations, newest first
     * @description Invitations neither accepted, revoked nor expired, newest first, a page at a time (their links are never shown again). Only the Owner and admins, as themselves: 403 `forbidden` otherwise.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listInvitations"];
    put?: never;
    /**
     * Invite someone by email
     * @description Invites an email address to the workspace with a role (`admin` or `member`, the default). The address gets a mail with a link (without SMTP on the service, the link goes to the server log, as sign-in codes do); opening it, the person signs in or up with that address and joins. The link works once, for 7 days, and stops working when revoked; it is in the answer too (`url`), once, to pass on by hand. Inviting an address with a pending invitation replaces it (the earlier link stops working). Only the Owner and admins, as themselves: 403 `forbidden` for members and every agent connection. 409 `already_member` when the address is a member's; at most 50 invitations an hour per workspace (429).
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createInvitation"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/invitations/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an invitation
     * @description Its link stops working at once. Another workspace's invitation is 404, as a missing one; an accepted one is 409 (remove the member instead); revoking one already revoked changes nothing. Only the Owner and admins, as themselves.
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["revokeInvitation"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/members/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a member (or leave)
     * @description Removes the person from the workspace, at once and in one transaction: their personal access tokens for it are revoked (they stay revoked if the person comes back), their agent and app connections to it end (open event streams close) and the webhooks they made there are disabled. Only the Owner and admins may remove others; any member may remove themselves (leave). The Owner cannot be removed (409; transfer ownership first). Agents may not (403).
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["removeMember"];
    options?: never;
    head?: never;
    /**
     * Change a member's role
     * @description Makes a member an `admin` or a `member`. Only the Owner and admins, as themselves (403 `forbidden` otherwise, and for every agent connection). The Owner's role is changed only by transferring ownership (409). A person not in the workspace is 404.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateMember"];
    trace?: never;
  };
  "/workspace/transfer": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Make another member the Owner
     * @description The Owner only, as themselves (403 otherwise): the member named becomes the Owner and the former Owner an admin, in one transaction. Naming yourself is 409; a person not in the workspace is 404.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["transferOwnership"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/workspace/settings": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's name, Owner and self-join domains
     * @description Its id, name, slug, its Owner's person id and `allowed_domains`: the email domains whose people may join by themselves (from the web app's join page, signed in with a verified address there).
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getWorkspaceSettings"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/workspace": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The token's workspace: its id, name, slug and spaces
     * @description The workspace the token belongs to (a token sees exactly one): its id, name and slug, and its spaces with their prefixes (the `ENG` of `ENG-42`). A good first call to check a token.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getWorkspace"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Rename the workspace or set its self-join domains
     * @description `name`, and `allowed_domains`: up to 20 email domains (`example.com`; public mail providers such as gmail.com are refused) whose people may join as members by themselves once signed in with a verified address there; [] turns self-join off. Only the Owner and admins, as themselves (403 otherwise). Answers the settings as `GET /v1/workspace/settings` does.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateWorkspace"];
    trace?: never;
  };
  "/connections": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's agent and app connections, newest first
     * @description Every agent (registration flow) and app (browser OAuth) a member connected to the workspace: its name, who approved it and when, its access (read or read-write), when it was last used, its status (`active`, `expired`, `revoked`) and whether the caller may revoke it (`revocable`). `status` narrows the list. What a connection is working on: `GET /v1/issues?assignee=con_…` and `GET /v1/claims?holder=con_…`; what it did: `GET /v1/events?actor=con_…`.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listConnections"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/connections/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One connection
     * @description The connection, as the list shows it. Another workspace's connection is 404, as a missing one.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getConnection"];
    put?: never;
    post?: never;
    /**
     * Revoke a connection you approved
     * @description Ends the connection at once, as Revoke in settings does: its access tokens stop working, it can no longer renew, and the claims it holds are released (the issues are ready work again). Only the member who approved it may revoke it (signed in, or with their own personal access token): 403 `forbidden` for anyone else and for an agent. Answers the revoked connection; revoking one already revoked changes nothing.
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["revokeConnection"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/issues": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the workspace's issues
     * @description Filters combine with AND. `ready=true` gives the issues ready to work on: not done, canceled or iced, and every issue blocking them done or canceled. `startable=true` gives those an agent may start: ready, in `backlog` or `todo`, and not claimed (what a claim of the next issue takes).
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listIssues"];
    put?: never;
    /**
     * Create an issue
     * @description The `blocks`, `blockedBy` and `relatesTo` edges are created in the same transaction: all or nothing.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createIssue"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/issues/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One issue by identifier (ENG-42), with its dependencies and whether it is ready
     * @description Answers the issue by its identifier (`ENG-42`, any case) or its id, with its description, its `blocks`, `blockedBy` and `relatesTo` edges, and `ready` (open, not iced, nothing open blocking it). Its ETag starts with the version, for If-Match on PATCH.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getIssue"];
    put?: never;
    post?: never;
    /**
     * Move a issue to the trash (30 days, then purged)
     * @description Moves the issue to the workspace's trash: it is gone from every list, search, bundle and count at once, and no longer blocks what it blocked (its dependency edges go with it, and come back on restore); reading it answers 404 saying it is in the trash and how to restore it. `POST /v1/issues/{id}/restore` brings it back within 30 days; after that housekeeping purges it. Answers the trash entry, with `purge_at`. Its author or a workspace admin (or the Owner) may; others get 403 `forbidden`, and so does every agent connection (agents may not delete or restore).
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["deleteIssue"];
    options?: never;
    head?: never;
    /**
     * Change some fields of an issue
     * @description Only the fields sent change. An assignee is a member (email or usr_…), an agent connection (con_…) or `me` (the caller: a token's person, or the agent connection itself). With Docket-Fencing-Token, a write whose claim was superseded is refused with 409 `lease_lost`. Completing or canceling the issue ends its claim. With If-Match (the ETag of a read) the change is made only if nobody changed the issue since; else 412. A status change thaws an iced issue.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateIssue"];
    trace?: never;
  };
  "/issues/{id}/ice": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Put an issue on ice: out of ready work until its status next changes
     * @description An iced issue stays in its status but leaves ready work (`ready=true` lists) until its status next changes. Only open issues can be put on ice: one that is done or canceled is refused with 409. With If-Match (the ETag of a read) the issue is iced only if nobody changed it since; else 412.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["iceIssue"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/issues/{id}/activity": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An issue's changes, oldest first, with who made each
     * @description Every recorded change of the issue, oldest first, a page at a time: what changed (each field from its old value to its new one), who made it and with which token or connection.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listIssueActivity"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/issues/{id}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Restore a issue from the trash
     * @description Puts the issue back as it was, with its id and identifier, labels, dependency edges, links and history; references to objects deleted since are left clear, and an edge that would now close a cycle is not restored. Answers the trash entry it came from; read the issue at `/v1/issues/ENG-42`. 404 when it is not in the trash (purged after 30 days), 409 when it was never deleted. Its author or a workspace admin (or the Owner) may; others get 403 `forbidden`, and so does every agent connection (agents may not delete or restore).
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["restoreIssue"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/issues/{id}/dependencies": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add blockedBy, blocks and relatesTo edges to an issue in one call, all or nothing
     * @description An edge to the issue itself, to an unknown issue or to another workspace's issue is refused (400). A `blocks` edge that would close a cycle is refused with 409 and the cycle's path. An edge that exists already is returned, not duplicated.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["addIssueDependencies"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/dependencies/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One dependency edge
     * @description Answers one edge: its type (`blocks` or `relatesTo`), the issues at each end, its note and who made it.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getDependency"];
    put?: never;
    post?: never;
    /**
     * Remove an edge
     * @description Removes the edge between the two issues; the issues themselves do not change. Answers the removed edge's id. With If-Match (the ETag of a read) the edge is removed only if nobody changed it since; else 412.
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["deleteDependency"];
    options?: never;
    head?: never;
    /**
     * Change an edge's type, direction or note
     * @description Changes the edge's type, turns it around, or changes its note. A change that would make a `blocks` edge close a cycle is refused with 409. With If-Match (the ETag of a read) the change is made only if nobody changed the edge since; else 412.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateDependency"];
    trace?: never;
  };
  "/milestones/{id}/dependencies": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add blockedBy and blocks edges to a milestone in one call, all or nothing
     * @description An edge to the milestone itself or to an unknown milestone is refused (400 naming the element). An edge that would close a cycle is refused with 409 and the cycle's path. An edge that exists already is returned (created: false), not duplicated.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["addMilestoneDependencies"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/milestone-dependencies/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove an edge between two milestones
     * @description Removes the `blocks` edge between two milestones; the milestones themselves do not change. Answers the removed edge's id.
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["deleteMilestoneDependency"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/decisions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the workspace's decisions
     * @description Filters combine with AND: `status` (comma-separated), `issue` (decisions linked to it), `q` (text in the title). Items leave out the context, decision and consequences texts; read one decision for them.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listDecisions"];
    put?: never;
    /**
     * Record a decision
     * @description With `supersedes`, the earlier decision is marked `superseded` in the same transaction. `issues` links the decision to issues of this workspace.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createDecision"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/decisions/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One decision, with its texts, linked issues and what it supersedes or is superseded by
     * @description Answers the decision with its context, decision and consequences texts, its status, the issues it is linked to, and the decisions it supersedes or is superseded by. Its ETag starts with the version.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getDecision"];
    put?: never;
    post?: never;
    /**
     * Move a decision to the trash (30 days, then purged)
     * @description Moves the decision to the workspace's trash: it is gone from every list, search, bundle and count at once; reading it answers 404 saying it is in the trash and how to restore it. `POST /v1/decisions/{id}/restore` brings it back within 30 days; after that housekeeping purges it. Answers the trash entry, with `purge_at`. Its author or a workspace admin (or the Owner) may; others get 403 `forbidden`, and so does every agent connection (agents may not delete or restore).
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["deleteDecision"];
    options?: never;
    head?: never;
    /**
     * Change some fields of a decision
     * @description Only the fields sent change; `issues` replaces the whole set of linked issues. With If-Match (the ETag of a read) the change is made only if nobody changed the decision since; else 412.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateDecision"];
    trace?: never;
  };
  "/decisions/{id}/activity": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A decision's changes, oldest first, with who made each
     * @description Every recorded change of the decision, oldest first, a page at a time: what changed (each field from its old value to its new one), who made it and with which token or connection.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listDecisionActivity"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/decisions/{id}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Restore a decision from the trash
     * @description Puts the decision back as it was, with its id; references to objects deleted since are left clear, and an edge that would now close a cycle is not restored. Answers the trash entry it came from; read the decision at `/v1/decisions/its id`. 404 when it is not in the trash (purged after 30 days), 409 when it was never deleted. Its author or a workspace admin (or the Owner) may; others get 403 `forbidden`, and so does every agent connection (agents may not delete or restore).
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["restoreDecision"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/notes": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the workspace's notes
     * @description Filters combine with AND: `folder` (a folder id, or `none` for the top level; notes directly in it), `issue` (notes linked to it), `q` (text in the title). Items leave out the body; read one note for it.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listNotes"];
    put?: never;
    /**
     * Write a note
     * @description Makes a Markdown note, in a folder (by its id) or at the top level, optionally linked to issues. Send an Idempotency-Key to make the request safe to retry.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createNote"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/notes/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One note, with its body, folder and linked issues
     * @description Answers the note with its Markdown body, its folder and the issues it is linked to. Its ETag starts with the version, for If-Match on PATCH.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getNote"];
    put?: never;
    post?: never;
    /**
     * Move a note to the trash (30 days, then purged)
     * @description Moves the note to the workspace's trash: it is gone from every list, search, bundle and count at once; reading it answers 404 saying it is in the trash and how to restore it. `POST /v1/notes/{id}/restore` brings it back within 30 days; after that housekeeping purges it. Answers the trash entry, with `purge_at`. Its author or a workspace admin (or the Owner) may; others get 403 `forbidden`, and so does every agent connection (agents may not delete or restore).
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["deleteNote"];
    options?: never;
    head?: never;
    /**
     * Change some fields of a note
     * @description Only the fields sent change; `issues` replaces the whole set of linked issues and `folder: null` moves the note to the top level. With If-Match (the ETag of a read) the change is made only if nobody changed the note since; else 412.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateNote"];
    trace?: never;
  };
  "/notes/{id}/activity": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A note's changes, oldest first, with who made each
     * @description Every recorded change of the note, oldest first, a page at a time: what changed (each field from its old value to its new one), who made it and with which token or connection.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listNoteActivity"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/folders": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the workspace's folders, oldest first, each with its parent and note count
     * @description A page at a time, like every list. `parent` keeps the folders directly in one folder (`none`: the top level). Build the tree from `parent_id`: a workspace holds at most 1,000 folders.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listFolders"];
    put?: never;
    /**
     * Create a folder, at the top level or in `parent`
     * @description Sibling names are unique ignoring case (409). A workspace holds at most 1,000 folders, nested at most 10 deep (409 past either).
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createFolder"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/folders/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One folder and how many notes it holds
     * @description Answers one folder: its name, its parent folder (null at the top level) and how many notes it holds directly.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getFolder"];
    put?: never;
    post?: never;
    /**
     * Move a folder to the trash (30 days, then purged)
     * @description Moves the folder to the workspace's trash: it is gone from every list, search, bundle and count at once; reading it answers 404 saying it is in the trash and how to restore it. `POST /v1/folders/{id}/restore` brings it back within 30 days; after that housekeeping purges it. Answers the trash entry, with `purge_at`. Its author or a workspace admin (or the Owner) may; others get 403 `forbidden`, and so does every agent connection (agents may not delete or restore). A folder with folders inside is 409: delete those first.
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["deleteFolder"];
    options?: never;
    head?: never;
    /**
     * Rename a folder or move it, with everything in it
     * @description `parent: null` moves it to the top level. Moving it into itself or a folder inside it, past 10 levels deep, or next to a sibling of the same name is 409. With If-Match (the ETag of a read) the change is made only if nobody changed the folder since; else 412.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateFolder"];
    trace?: never;
  };
  "/notes/{id}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Restore a note from the trash
     * @description Puts the note back as it was, with its id; references to objects deleted since are left clear, and an edge that would now close a cycle is not restored. Answers the trash entry it came from; read the note at `/v1/notes/its id`. 404 when it is not in the trash (purged after 30 days), 409 when it was never deleted. Its author or a workspace admin (or the Owner) may; others get 403 `forbidden`, and so does every agent connection (agents may not delete or restore).
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["restoreNote"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/folders/{id}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Restore a folder from the trash
     * @description Puts the folder back as it was, with its id; references to objects deleted since are left clear, and an edge that would now close a cycle is not restored. Answers the trash entry it came from; read the folder at `/v1/folders/its id`. 404 when it is not in the trash (purged after 30 days), 409 when it was never deleted. Its author or a workspace admin (or the Owner) may; others get 403 `forbidden`, and so does every agent connection (agents may not delete or restore).
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["restoreFolder"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/cycles": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the workspace's cycles
     * @description Filter by space and state (upcoming, active, completed: from today's date in UTC).
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listCycles"];
    put?: never;
    /**
     * Create a cycle: a time-boxed set of issues in a space
     * @description ends_on is on or after starts_on and at most 26 weeks later. Cycles of one space must not overlap: 409 naming the cycle in the way. The name defaults to "Cycle N".
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createCycle"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/cycles/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One cycle
     * @description Answers the cycle with its dates, goal and version. Its ETag starts with the version: send it in If-Match to change the cycle only if nobody changed it since.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getCycle"];
    put?: never;
    post?: never;
    /**
     * Move a cycle to the trash (30 days, then purged)
     * @description Moves the cycle to the workspace's trash: it is gone from every list, search, bundle and count at once; reading it answers 404 saying it is in the trash and how to restore it. `POST /v1/cycles/{id}/restore` brings it back within 30 days; after that housekeeping purges it. Answers the trash entry, with `purge_at`. Its author or a workspace admin (or the Owner) may; others get 403 `forbidden`, and so does every agent connection (agents may not delete or restore).
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["deleteCycle"];
    options?: never;
    head?: never;
    /**
     * Rename a cycle or move its dates
     * @description Only the fields sent change; new dates follow the rules of creation. With If-Match (the ETag of a read) the change is made only if nobody changed the cycle since; else 412.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateCycle"];
    trace?: never;
  };
  "/cycles/{id}/issues": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The issues in a cycle, with the issue list's filters and pagination
     * @description Takes the same filters, sort and pagination as `GET /issues`, limited to the issues in the cycle. 404 when the cycle is not in the token's workspace.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listCycleIssues"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/cycles/{id}/stats": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A cycle's numbers: by status, completion, scope changes and the day-by-day burn-down
     * @description Completion counts done issues; canceled ones leave the denominator. The burn-down has one entry per day from starts_on to today (or ends_on), each the cycle at the end of that day in UTC. The ETag covers the numbers, not `as_of`: If-None-Match answers 304 while the numbers are unchanged (the `as_of` kept is then when they were first read).
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getCycleStats"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/cycles/{id}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Restore a cycle from the trash
     * @description Puts the cycle back as it was, with its id; references to objects deleted since are left clear, and an edge that would now close a cycle is not restored. Answers the trash entry it came from; read the cycle at `/v1/cycles/its id`. 404 when it is not in the trash (purged after 30 days), 409 when it was never deleted. Its author or a workspace admin (or the Owner) may; others get 403 `forbidden`, and so does every agent connection (agents may not delete or restore).
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["restoreCycle"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/milestones": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the workspace's milestones, oldest first, each with its progress and dependencies
     * @description Every milestone of the workspace, oldest first, a page at a time, each with its progress (issues done out of those not canceled) and the milestones it blocks and is blocked by.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listMilestones"];
    put?: never;
    /**
     * Create a milestone
     * @description Makes a milestone with a name, an optional target date and description. Send an Idempotency-Key to make the request safe to retry.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createMilestone"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/milestones/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One milestone with its progress and its blocks / blockedBy milestones
     * @description Answers the milestone with its target date, its progress, and its `blocks` / `blockedBy` milestones. Its ETag starts with the version, for If-Match on PATCH.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getMilestone"];
    put?: never;
    post?: never;
    /**
     * Move a milestone to the trash (30 days, then purged)
     * @description Moves the milestone to the workspace's trash: it is gone from every list, search, bundle and count at once; reading it answers 404 saying it is in the trash and how to restore it. `POST /v1/milestones/{id}/restore` brings it back within 30 days; after that housekeeping purges it. Answers the trash entry, with `purge_at`. Its author or a workspace admin (or the Owner) may; others get 403 `forbidden`, and so does every agent connection (agents may not delete or restore).
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["deleteMilestone"];
    options?: never;
    head?: never;
    /**
     * Change a milestone's name, description or target date
     * @description Only the fields sent change. With If-Match (the ETag of a read) the change is made only if nobody changed the milestone since; else 412.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateMilestone"];
    trace?: never;
  };
  "/milestones/{id}/issues": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The issues in a milestone, with the issue list's filters and pagination, and its progress
     * @description Takes the same filters, sort and pagination as `GET /issues`, limited to the issues in the milestone, and adds the milestone's progress.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listMilestoneIssues"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/milestones/{id}/restore": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Restore a milestone from the trash
     * @description Puts the milestone back as it was, with its id; references to objects deleted since are left clear, and an edge that would now close a cycle is not restored. Answers the trash entry it came from; read the milestone at `/v1/milestones/its id`. 404 when it is not in the trash (purged after 30 days), 409 when it was never deleted. Its author or a workspace admin (or the Owner) may; others get 403 `forbidden`, and so does every agent connection (agents may not delete or restore).
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["restoreMilestone"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/trash": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What is in the workspace's trash and when each is purged
     * @description Deleted issues, decisions, notes, folders, cycles and milestones, most recently deleted first, a page at a time: each with who deleted it, when, when it will be purged (30 days after), and the request that restores it. `type` keeps one kind.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listTrash"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/labels": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's labels by name, each with how many issues carry it
     * @description Every label of the workspace in name order (ignoring case), a page at a time, each with its colour, description and `issue_count`. `q` keeps the labels whose name contains the text.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listLabels"];
    put?: never;
    /**
     * Create a label
     * @description Makes a label: a name of 1 to 50 characters (trimmed; spaces allowed; no commas or control characters), a colour as #rrggbb (the palette's next colour when left out) and a description of at most 500 characters. A name the workspace has already, ignoring case, is 409 `conflict` naming that label's id. Writing an issue with a label name no label has also makes the label.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createLabel"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/labels/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One label
     * @description The label with its colour, description and how many issues carry it. Its ETag starts with the version.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getLabel"];
    put?: never;
    post?: never;
    /**
     * Delete a label and take it off every issue (people only)
     * @description Deletes the label and takes it off every issue that carries it (an `issue.updated` each, and `label.deleted`). Answers how many issues changed. Agents may not delete: an agent connection gets 403 `forbidden`.
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["deleteLabel"];
    options?: never;
    head?: never;
    /**
     * Rename, recolour or describe a label; a rename to another label's name merges them
     * @description Only the fields sent change. A rename changes the label's name on every issue that carries it (an `issue.updated` each). A rename to another label's name (ignoring case) merges this label into that one: issues carrying either carry that one, this label is deleted (`label.deleted` with `merged_into`) and the answer is the label merged into, with the colour and description sent. With If-Match the change is made only if nobody changed the label since; else 412.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateLabel"];
    trace?: never;
  };
  "/views": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The saved views the caller sees: their own and the workspace's shared ones
     * @description Named filters of the issue list, by name (ignoring case), a page at a time: the caller's personal views and every view shared with the workspace. Another member's personal views are never listed.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listSavedViews"];
    put?: never;
    /**
     * Save a view of the issue list
     * @description Saves a name (1 to 80 characters), the issue list's URL query as `filters` (only the keys the list reads; stored with its keys in order) and `shared`: false keeps it the caller's own, true shows it to every member. A person keeps at most 50 views per workspace (400 past it).
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createSavedView"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/views/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One saved view
     * @description A view the caller sees; another member's personal view is 404, as one that never was.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getSavedView"];
    put?: never;
    post?: never;
    /**
     * Delete a saved view
     * @description Deletes the view for everyone who sees it. The same people who may change it may delete it (else 403 `forbidden`).
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["deleteSavedView"];
    options?: never;
    head?: never;
    /**
     * Rename a saved view, change its filters, or share it
     * @description Only the fields sent change. A personal view is changed by its author only; a shared one by its author, the workspace's admins and its Owner (else 403 `forbidden`). Only the author makes a shared view personal again.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateSavedView"];
    trace?: never;
  };
  "/files/upload-url": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Get a signed URL to upload a file's bytes to
     * @description Step 1 of 2. The answer's `url` takes one PUT of exactly `size` bytes with the `headers` given, for 15 minutes. Files may be of any media type, up to `max_size` bytes (100 MiB unless the operator set FILE_MAX_BYTES); downloads are always served as attachments. Then register the file with POST /v1/files.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createFileUploadUrl"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/files": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the workspace's files, newest first
     * @description Filters combine with AND. Each file comes with a download URL good for 15 to 30 minutes, signed per 15-minute window: reads within a window get the same URLs, and the same ETag while the files are unchanged.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listFiles"];
    put?: never;
    /**
     * Register uploaded bytes as a file
     * @description Step 2 of 2. The service reads the bytes back and checks their SHA-256: a mismatch is 400 naming `sha256`, and the bytes are deleted. An upload registers once (again: 409). Bytes sent before the upload URL expired can be registered up to an hour after.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["registerFile"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/files/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One file's metadata, with a download URL good for 15 to 30 minutes
     * @description Download URLs are signed per 15-minute window (valid until the end of the next one), so every read within a window gets the same URL and the same ETag: If-None-Match answers 304 while the file and the window are unchanged.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getFile"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/search": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search issues, decisions, notes and file names
     * @description Ranked full-text search over the workspace; title matches rank above body matches. Snippets are HTML-escaped with <mark>…</mark> around the matched words. The query is never read as engine syntax: words, "phrases", a trailing * for prefixes, -word to leave out and OR are understood, anything else is a separator. An issue identifier (ENG-42) puts that issue first. Pages are positions in the ranking: a cursor only works with the q and type it came from. When more than 500 objects match, the newest 500 of them are ranked. typeahead=true makes the last word a prefix too, for a search box that searches as the user types.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["search"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bundles/preview": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Compute an issue's execution bundle without keeping it
     * @description The issue, its blockers (with their live status), what it blocks, related issues, linked decisions, notes and files, and its cycle and milestone. JSON by default; Markdown for Accept: text/markdown. With max_tokens (o200k_base tokens of the Markdown) what does not fit is left out in this order, largest first within each step: note bodies, decision texts, related issues, files, the issues it blocks, then the description is shortened; `omitted` (and the Markdown's last section) lists what was left out and how to fetch it.
     *
     *     Needs the `workspace.read` scope.
     */
    post: operations["previewBundle"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bundles": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The snapshots kept of an issue, newest first
     * @description The snapshots kept of one issue (`issue=ENG-42`), newest first, a page at a time; each answers in full at `GET /bundles/{id}`.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listBundles"];
    put?: never;
    /**
     * Keep a snapshot of an issue's execution bundle
     * @description The issue, its blockers (with their live status), what it blocks, related issues, linked decisions, notes and files, and its cycle and milestone. JSON by default; Markdown for Accept: text/markdown. With max_tokens (o200k_base tokens of the Markdown) what does not fit is left out in this order, largest first within each step: note bodies, decision texts, related issues, files, the issues it blocks, then the description is shortened; `omitted` (and the Markdown's last section) lists what was left out and how to fetch it. The snapshot never changes; read it back by its id.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createBundle"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/bundles/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A snapshot by id (bnd_…), or the live bundle of an issue by identifier (ENG-42)
     * @description The issue, its blockers (with their live status), what it blocks, related issues, linked decisions, notes and files, and its cycle and milestone. JSON by default; Markdown for Accept: text/markdown. With max_tokens (o200k_base tokens of the Markdown) what does not fit is left out in this order, largest first within each step: note bodies, decision texts, related issues, files, the issues it blocks, then the description is shortened; `omitted` (and the Markdown's last section) lists what was left out and how to fetch it. A live bundle's ETag covers its content, not `generated_at`: If-None-Match answers 304 while nothing in it changed.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getBundle"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/claims": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The live claims of the workspace
     * @description Claims not released, ended or run out, oldest first, a page at a time; `holder` (a member, an agent connection's id, or `me`) and `issue` narrow the list.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listClaims"];
    put?: never;
    /**
     * Claim an issue, or the next startable issue matching filters
     * @description Takes a lease on one issue for the caller: the `issue` named, or else the next startable issue (ready, in `backlog` or `todo`, not claimed) that matches `space`, `label`, `priority`, `milestone` and `cycle` (most urgent first, then oldest). The issue becomes `in_progress` and assigned to the caller (an agent connection itself, or the token's person); the claim keeps the status and assignee it had, which a release gives back. The lease lasts `ttl_seconds` (60 to 86,400; 1,800 by default) unless renewed by heartbeat. Exactly one caller wins a race.
     *
     *     While the claim is live, writes to the issue by anyone but its holder are refused with 409 `claimed` (naming `holder` and `expires_at`), except a person's through the web app or a personal access token: a person may always act, and a change of theirs to the issue ends the claim (`claim.released` with reason `taken_over_by_person`). The holder's own writes need no fencing token; a stale one is 409 `lease_lost`.
     *
     *     Safe to retry: claiming an issue you already hold answers your current claim, with the same fencing token; a claim of the next issue while you hold a live claim you took with the same filters (the same space, labels, priorities, milestone and cycle, in any order) answers that claim instead of taking a second issue; both say `resumed: true`. Retrying with the same Idempotency-Key answers the same claim.
     *
     *     Refusals: a named issue someone else holds: 409 `already_claimed` with `holder` and `expires_at`; a named issue a person has in progress (assigned to them, `in_progress`, no claim): 409 `assigned_to_person` unless `take_over: true`; a named issue open issues block: 409 `not_ready` (with `blocked_by`) unless `force: true`; no startable issue: 404 `no_ready_issue`; a done, canceled or iced issue: 409 `conflict`.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createClaim"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/claims/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One claim, live or ended
     * @description Answers the claim: its issue, holder, fencing token and when it runs out.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getClaim"];
    put?: never;
    post?: never;
    /**
     * Release a claim
     * @description Ends the lease: the issue gets back the status and assignee it had before the claim (unless its holder changed them meanwhile: an issue moved to `in_review` stays there). Answers the ended claim, with `ended: "released"`. Only the connection that holds it, or its person acting themself (web app, personal access token), may release it: 403 `not_holder` otherwise. Releasing a claim already released, or ended because its issue was completed or canceled, answers it as it is (`ended` says why); one that ran out or was taken over: 409 `lease_lost`, naming the next step.
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["releaseClaim"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/claims/{id}/heartbeat": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Renew a claim
     * @description The claim now runs out `ttl_seconds` from now (its own time to live when left out). Only the connection that holds it may renew it (not another connection of the same person): 403 `not_holder` otherwise. A claim that ended because its issue was completed or canceled answers as it is, with `ended`. One that ran out, was released or was taken over cannot be renewed: 409 `lease_lost`, whose description names the next step (claim the issue again when it is free; pick other work when another holds it).
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["heartbeatClaim"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/sessions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's agent runs
     * @description Runs newest first, a page at a time: `issue`, `agent` (con_…, pat_… or `me`), `status` (comma-separated; `live` for every live one: pending, active, awaiting_input, stopping, stale) and `person` (the accountable person: an email, an id or `me`) narrow the list. Every member and agent of the workspace reads them.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listSessions"];
    put?: never;
    /**
     * Start your run on an issue (agents)
     * @description An agent (its connection, or a scripted agent's personal access token) starts a run on `issue`: the issue is claimed for it as by `POST /v1/claims` (or its live claim on it is adopted; `ttl_seconds` as there), and the run goes `active` under that claim, in one transaction. Answers 201 with `session`, `claim` (with its `fencing_token`) and `resumed`.
     *
     *     A run delegated to you and waiting (`pending`) is taken up; your own live run on the issue is answered again with `resumed: true` (a retry is safe). Post activities to it (`POST /v1/sessions/{id}/activities`: they also renew the claim) and end it with `PATCH /v1/sessions/{id}` and `status`.
     *
     *     Refusals: another agent's live run on the issue: 409 `session_active` (`session` names it); a claim refused as `POST /v1/claims` refuses it (409 `already_claimed`, `not_ready`, `assigned_to_person`, `conflict`); your run there stopped by a person: 409 `session_stopped`; the agent's or the space's budget spent this month: 403 `budget_exceeded`; a person (the web app): 403 `forbidden` (people delegate: `POST /v1/issues/{id}/sessions`).
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createSession"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/sessions/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One agent run, live or ended
     * @description The run: its issue, claim, agent, accountable person, who started it, `status` and `status_reason`, `unresponsive` (live, and nothing from the agent in the 10 seconds since it began), plan, summary, artifacts, usage totals and times. Its ETag starts with the version. Another workspace's run is 404.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getSession"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change your run: plan, summary, artifacts, or end it (its agent)
     * @description Only the run's own agent (403 `not_session_agent` for anyone else). `plan` and `artifacts` are replaced whole; `summary` too. `status` ends the run: `complete` needs a `response` activity in its log, or `response` sent here (stored as one first), else 400; `error` ends it in an error (its accountable person is told). Either releases the claim. A run taken up from `pending` claims the issue first; a `stale` one revives.
     *
     *     While a person's Stop is pending (`stopping`) only an ending change is taken, and it ends the run `stopped`; anything else is 409 `session_stopped` and changes nothing. An ended run: 409 `conflict`. With If-Match the change is made only if the run is still at that version; else 412.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateSession"];
    trace?: never;
  };
  "/sessions/{id}/activities": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A run's activities, oldest first
     * @description The run's log by position, a page at a time: thoughts, actions (name, parameter, result), responses, errors, elicitations (with `options`) and people's prompts, each with its usage and author. `after` a position answers only later ones: follow a live run by passing the last position seen (or read the `session.activity` events). Only the latest ephemeral activity is kept.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listSessionActivities"];
    put?: never;
    /**
     * Log activities and usage to your run (its agent)
     * @description Only the run's own agent (403 `not_session_agent`). A batch of 1 to 50 activities, each with your own `id`: one stored before is not stored again (a retried batch is safe) and the answer lists the batch's activities, `created` saying which this call stored. `body` (and an action's `parameter` and `result`) at most 64 KiB of UTF-8 each; more, or more than 50 activities, is 400 and stores nothing. A `usage` delta (tokens, cache reads and writes, `cost_micros`, `model`) is summed onto the run; `thought` and `action` may be `ephemeral` (only the latest kept, without usage).
     *
     *     Posting renews the claim's lease, as a heartbeat would (one call, not two); a claim that ended or ran out is 409 `lease_lost`. A `pending` run is taken up first (it claims the issue); a `stale` one goes `active`; an `elicitation` makes it `awaiting_input` and puts an item in the accountable person's inbox. Kept activities that are not ephemeral each emit `session.activity`.
     *
     *     While a person's Stop is pending (`stopping`) only the last word is taken: a batch of `response` or `error` activities, which ends the run `stopped` and releases the claim; anything else is 409 `session_stopped` and stores nothing. An ended run: 409 `conflict`.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["postSessionActivities"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/sessions/{id}/prompts": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Tell the agent something: answer its question or steer it (people)
     * @description Adds a `prompt` activity by you to the run (`id`, if given, makes a retry safe). A run `awaiting_input` (or `stale`) goes back to `active`. Only people: an agent, or the run's own token, is 403 `forbidden`. A run that ended or is stopping takes none: 409 `conflict`. Answers 201 with the run and the activity.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["postSessionPrompt"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/sessions/{id}/stop": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Stop a run (people)
     * @description The run goes `stopping` (reason `stop_requested`) and `session.stop_requested` is emitted. From that moment every write of its agent under the run and its claim (the issue, its comments and dependencies, the claim's heartbeat, the run's activities and PATCH) is refused with 409 `session_stopped` and changes nothing, on every instance; the agent's last word (a `response` or `error` activity, or PATCH with `status`) ends it `stopped` and releases the claim, and 60 seconds without one the service does. A `pending` run ends `stopped` at once. A run already stopping or ended is answered as it is.
     *
     *     Only the accountable person, the person who delegated the run, or a workspace admin (the Owner too); never an agent: 403 `forbidden`.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["stopSession"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/issues/{id}/sessions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delegate an issue to an agent with a prompt (people)
     * @description Creates a `pending` run of `agent` (an agent connection of the workspace, con_…) on the issue, accountable to the connection's person, with `prompt` as its first activity; `session.created` tells the agent. It takes the run up by claiming the issue (`POST /v1/claims`, `POST /v1/sessions`, the MCP claim tools) or posting to it. Assigning the issue to an agent connection delegates it too (without a prompt).
     *
     *     Refusals: a done, canceled or iced issue: 409 `conflict`; a live run on the issue already: 409 `session_active` (`session` names it); an agent not of this workspace, or revoked: 400; its budget (or the space's) spent this month: 403 `budget_exceeded`; an agent connection delegating: 403 `forbidden`.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["delegateIssue"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's events, oldest first
     * @description Every committed change as an event (`issue.created`, `issue.updated` with the changed fields, `issue.ready`, `dependency.deleted`, …), kept 30 days. Filters combine with AND: `type` (comma-separated; `issue.*` matches every issue event), `object` (an object's id), `actor` (an agent connection's or token's id for what went through it, a person's id for everything they did), `after` (an event id: where you left off) or `since` (a time). Pages follow `next_cursor`; when it is null you are at the end, and `after` with the last id you saw reads on later. `order=newest` reads backwards instead, latest first (an agent's recent activity: `actor=con_…&order=newest`). The order is the order of commits: a page never skips an event that commits later.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/events/stream": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's events as they happen (Server-Sent Events)
     * @description A `text/event-stream` of the same events as `GET /v1/events`, with the same filters. Each message's `id:` is the event id and its `data:` the event as JSON. Send `Last-Event-ID` (a header, as browsers do on reconnect, or the `last_event_id` query parameter) to resume exactly after that event: nothing is lost or repeated. Without it the stream starts at the end of the feed (or at `after` / `since`). A comment line is sent every 15 seconds as a heartbeat. Changes made through any instance arrive within a second. A stream lives while its access does: when its token or agent connection is revoked, its session ends or its person leaves the workspace (or is suspended), it ends within about a second with a last `event: error` message whose data is `{ "error": "invalid_token", "error_description", "reason" }` (authenticate again before reconnecting); a token's own expiry ends it within 15 seconds. A stream ends cleanly after an hour (EVENT_STREAM_MAX_SECONDS, plus a little jitter): reconnect with `Last-Event-ID`, nothing is lost. Each server holds at most 20 open streams per credential, 50 per person and 1,000 per workspace (configurable); one more is answered 429 `rate_limited` with `Retry-After`, naming the cap.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["streamEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/issues/{id}/comments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The comments on an issue, thread by thread
     * @description Top-level comments a page at a time, oldest first (`order=newest` for the latest threads first), each with all its replies, oldest first. A deleted comment stays in its thread with `deleted: true` and an empty body; an edited one has `edited: true` (its earlier texts are in GET /v1/comments/{id}). Each author is a person or an agent shown as “agent (for person)” (`author.label`).
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listIssueComments"];
    put?: never;
    /**
     * Comment on an issue
     * @description Adds a Markdown comment, or with `parent` a reply to a top-level comment (replies are one level deep). `@email` mentions a member and `@agent-name` an agent connection (its name in lower case, other characters as hyphens): a mentioned member gets an inbox item, and each mention is a `mention.created` event. Emits `comment.created`.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["addIssueComment"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/decisions/{id}/comments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The comments on a decision, thread by thread
     * @description Top-level comments a page at a time, oldest first (`order=newest` for the latest threads first), each with all its replies, oldest first. A deleted comment stays in its thread with `deleted: true` and an empty body; an edited one has `edited: true` (its earlier texts are in GET /v1/comments/{id}). Each author is a person or an agent shown as “agent (for person)” (`author.label`).
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listDecisionComments"];
    put?: never;
    /**
     * Comment on a decision
     * @description Adds a Markdown comment, or with `parent` a reply to a top-level comment (replies are one level deep). `@email` mentions a member and `@agent-name` an agent connection (its name in lower case, other characters as hyphens): a mentioned member gets an inbox item, and each mention is a `mention.created` event. Emits `comment.created`.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["addDecisionComment"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/notes/{id}/comments": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The comments on a note, thread by thread
     * @description Top-level comments a page at a time, oldest first (`order=newest` for the latest threads first), each with all its replies, oldest first. A deleted comment stays in its thread with `deleted: true` and an empty body; an edited one has `edited: true` (its earlier texts are in GET /v1/comments/{id}). Each author is a person or an agent shown as “agent (for person)” (`author.label`).
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listNoteComments"];
    put?: never;
    /**
     * Comment on a note
     * @description Adds a Markdown comment, or with `parent` a reply to a top-level comment (replies are one level deep). `@email` mentions a member and `@agent-name` an agent connection (its name in lower case, other characters as hyphens): a mentioned member gets an inbox item, and each mention is a `mention.created` event. Emits `comment.created`.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["addNoteComment"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/comments/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One comment, with its earlier texts
     * @description The comment and its `history`: each earlier text, oldest first, with who wrote it and when it was replaced. A deleted comment shows neither text nor history. Its ETag starts with the version.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getComment"];
    put?: never;
    post?: never;
    /**
     * Delete a comment (its author or a workspace admin)
     * @description Marks the comment deleted: it stays in its thread, shown as deleted, and its replies stay; its text is kept for the record but no longer shown or searched. Deleting it again changes nothing. The same people as for an edit may; others get 403. Emits `comment.deleted`.
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["deleteComment"];
    options?: never;
    head?: never;
    /**
     * Edit a comment (its author or a workspace admin)
     * @description Replaces the text; the earlier one is kept in the comment's history. Only the author (the person, through any of their tokens or agents) or a workspace admin acting as themself may; others get 403 `forbidden`. A deleted comment cannot be edited (409). New mentions reach their inbox. With If-Match, only if nobody changed it since (412). Emits `comment.updated`.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateComment"];
    trace?: never;
  };
  "/issues/{id}/approvals": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An issue's approval requests, newest first
     * @description Every approval asked on the issue, newest first; `status=open` for those still waiting.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listIssueApprovals"];
    put?: never;
    /**
     * Ask a person to approve or choose
     * @description Asks `question` on the issue, with `options` (e.g. ["Ship it", "Hold"]) or approve/reject, of the person `from` names or else the space's reviewers; they find it in their inbox. Anyone who may write can ask (typically an agent); only a person can answer. Emits `approval.requested`; wait for `approval.resolved` on the event stream (`GET /v1/events/stream?type=approval.resolved&object=apr_…`) or read `GET /v1/approvals/{id}`. With `mark_done: true` it asks "mark this done?" (approve or reject; `question` defaults to "Mark ENG-42 done? <title>"; 409 on a closed issue; one open per issue, so asking again answers it): a person's approval marks the issue done as that person, in the same transaction, or is refused when that person may not (the space's review policy); a rejection changes nothing else.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["requestApproval"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/approvals/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One approval request: open, or answered and how
     * @description The question, its options, who was asked, and once answered the answer (`approved` for a yes/no question), the comment, who answered and when.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getApproval"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/approvals/{id}/answer": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Answer an approval (people only)
     * @description Send `option` (one of the approval's options) or `approve` (true or false, for a yes/no question), and an optional `comment`. Only a person answers: an agent connection gets 403 `forbidden`. An approval already answered is 409. Emits `approval.resolved`; the approval's inbox items are marked read.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["answerApproval"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/inbox": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your inbox: mentions, assignments, approvals and reviews
     * @description The caller's inbox in this workspace (an agent connection reads its person's), newest first: mentions of you, issues assigned to you, approvals waiting for your answer and issues waiting for your review. `unread=true` for unread ones, `kind` for one kind. `unread_count` counts every unread item.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listInbox"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/inbox/settings": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your mail about the inbox
     * @description Whether new inbox items are mailed to you: off, immediate, or daily (a digest).
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getInboxSettings"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Choose mail about the inbox: off, immediate or daily
     * @description immediate mails each new item; daily mails one digest a day of the items still unread; off mails nothing. Each mail has a link that turns it off. A person's own choice: an agent connection gets 403.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateInboxSettings"];
    trace?: never;
  };
  "/inbox/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One item of your inbox
     * @description One of the caller's inbox items; another person's answers 404.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getInboxItem"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/inbox/{id}/read": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mark one inbox item read
     * @description Marks one of the caller's items read (again: no change); answers how many are still unread.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["markInboxItemRead"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/inbox/read-all": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mark every inbox item read
     * @description Marks all the caller's unread items in this workspace read, or only those of `kind`.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["markInboxRead"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/spaces": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's spaces with their review policies
     * @description The workspace's spaces by prefix, a page at a time, each with `done_requires` and its reviewers.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listSpaces"];
    put?: never;
    /**
     * Create a space (workspace admins)
     * @description Makes a space with a name and a prefix (2 to 10 letters or digits, starting with a letter: the ENG of ENG-42; it cannot be changed later, since issue identifiers are made from it). A prefix or a name the workspace has already is 409 `conflict`. Only the Owner and admins, as themselves: others and every agent connection get 403.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createSpace"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/spaces/{prefix}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One space and its review policy
     * @description The space, who may mark its issues done (`done_requires`), and its reviewers.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getSpace"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Rename a space, or set its review policy and reviewers (workspace admins)
     * @description `name`: a new name (unique in the workspace, else 409; the prefix stays). `done_requires`: anyone (the default); not_author (someone other than whoever last changed the issue's title or description; an agent and its person count apart); person (an agent may move an issue to in_review, only a person marks it done). A refused change to done is 403 `review_required`, naming who may finish it and that POST /v1/issues/{id}/approvals asks for it. `reviewers` (emails or ids of members; [] for the workspace's admins) are told when an issue moves to in_review. `session_stale_minutes` (5 to 10,080): how long a live agent run on the space's issues may be silent before it is `stale` (30 by default). Only the Owner and admins, as themselves, may: others and every agent connection get 403.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateSpace"];
    trace?: never;
  };
  "/spaces/{prefix}/templates": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A space's new-issue templates by name
     * @description The space's templates in name order (ignoring case), a page at a time: each a name and the fields a new issue starts with (`title`, the start of its title; `description`; `status`; `priority`; `labels`; `estimate`). Every member reads them. Another workspace's space is 404.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listTemplates"];
    put?: never;
    /**
     * Create a new-issue template in a space (workspace admins)
     * @description Makes a template: `name` (1 to 80 characters, unique in the space ignoring case, else 409 `conflict`) and the fields a new issue starts with, each optional: `title` (what the title starts with, e.g. "Bug: "), `description` (Markdown), `status` (null for backlog), `priority`, `labels` (names; at most 20) and `estimate`. A space has at most 50 templates (400 `invalid_request` past it). Only the Owner and admins, as themselves: members and every agent connection get 403 `forbidden`.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createTemplate"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/templates/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One new-issue template
     * @description The template with its space's prefix and the fields a new issue starts with. Its ETag starts with the version. Another workspace's template is 404.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getTemplate"];
    put?: never;
    post?: never;
    /**
     * Delete a new-issue template (workspace admins)
     * @description Deletes the template; issues made from it keep their fields. With If-Match only if nobody changed it since (else 412). Only the Owner and admins, as themselves (403 `forbidden` otherwise).
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["deleteTemplate"];
    options?: never;
    head?: never;
    /**
     * Change a new-issue template (workspace admins)
     * @description Only the fields sent change; a name another template of the space has (ignoring case) is 409 `conflict`. With If-Match the change is made only if nobody changed the template since; else 412. Only the Owner and admins, as themselves (403 `forbidden` otherwise).
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateTemplate"];
    trace?: never;
  };
  "/webhooks": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the workspace's webhooks
     * @description Oldest first; secrets are never shown again.
     *
     *     Needs the `workspace.write` scope.
     */
    get: operations["listWebhooks"];
    put?: never;
    /**
     * Create a webhook: a URL and the event types it wants
     * @description Answers with the webhook and its signing `secret` (whsec_…), shown only here. The URL must be https on a public address: private, loopback and link-local addresses (also through DNS) and plain http are refused with 400 saying why, unless the operator set WEBHOOK_ALLOW_PRIVATE=true. Deliveries follow the Standard Webhooks specification: a JSON body `{ type, timestamp, data }` (data is the event as `GET /v1/events` shows it) with the headers `webhook-id` (the delivery id, the same on every retry), `webhook-timestamp` and `webhook-signature` (HMAC-SHA256 with the secret); verify them with any Standard Webhooks library. Deliveries are retried with exponential backoff for about 3 days; a webhook whose deliveries fail that long is disabled.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createWebhook"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One webhook
     * @description The webhook's URL, event types, status (and why the service disabled it); never its secret.
     *
     *     Needs the `workspace.write` scope.
     */
    get: operations["getWebhook"];
    put?: never;
    post?: never;
    /**
     * Delete a webhook and its delivery log
     * @description Its delivery log goes with it and nothing more is sent to its URL. Deleting one already gone answers 404.
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["deleteWebhook"];
    options?: never;
    head?: never;
    /**
     * Change a webhook's URL, event types or description, or enable it again
     * @description Only the fields sent change; a new URL is checked like a new webhook's.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateWebhook"];
    trace?: never;
  };
  "/webhooks/{id}/deliveries": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A webhook's deliveries, newest first, each with every attempt
     * @description Each attempt shows the receiver's status, how long it took and the first KB of its answer (or why no answer came).
     *
     *     Needs the `workspace.write` scope.
     */
    get: operations["listWebhookDeliveries"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks/{id}/deliveries/{delivery_id}/redeliver": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a delivery again now
     * @description The same `webhook-id` and body, signed afresh; a failed delivery gets another 3 days of retries.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["redeliverWebhookDelivery"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/webhooks/{id}/ping": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a webhook.ping delivery now, to check the receiver
     * @description A `webhook.ping` delivery, signed like every other, attempted at once; the answer is the delivery with that attempt.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["pingWebhook"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/integrations": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the workspace's code host integrations
     * @description Oldest first; their secrets are never shown again. The Owner and admins only.
     *
     *     Needs the `workspace.write` scope.
     */
    get: operations["listIntegrations"];
    put?: never;
    /**
     * Connect GitHub or GitLab: the webhook URL to paste and its secret
     * @description The workspace's Owner and admins only (403 otherwise). Answers with the integration, its `webhook_url` and its `secret` (given, or 32 random bytes in hex), shown only here: paste both in the repository's (or organization's, group's) webhook settings, content type application/json. The code host sends its webhooks to `webhook_url` (`POST /api/integrations/{id}/webhook`, no token: GitHub's `X-Hub-Signature-256` or GitLab's `X-Gitlab-Token` is checked against the secret before the body is read; 401 when missing or wrong, 413 over 1 MiB, 200 `{duplicate: true}` for a redelivery, 202 for an event it does not act on). Pull requests, branches and commits naming an issue (`ENG-42`) are linked to it, and move it per the space's automation switches.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createIntegration"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/integrations/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One integration, with the last deliveries it received
     * @description Its webhook URL, repositories and the last 20 deliveries (event, action, outcome and what was done), newest first; never its secret. The Owner and admins only.
     *
     *     Needs the `workspace.write` scope.
     */
    get: operations["getIntegration"];
    put?: never;
    post?: never;
    /**
     * Remove an integration and its delivery log
     * @description Its webhooks are answered 404 from now on; the links it made stay on their issues. The Owner and admins only.
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["deleteIntegration"];
    options?: never;
    head?: never;
    /**
     * Rename an integration, change its repositories, or rotate its secret
     * @description Only the fields sent change. `rotate_secret: true` (or a `secret` of your own) replaces the secret, shown in this answer only: deliveries signed with the old one are refused from now on. With If-Match only if nobody changed it since (else 412). The Owner and admins only.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateIntegration"];
    trace?: never;
  };
  "/issues/{id}/links": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An issue's pull requests, branches and commits
     * @description Linked by a code host integration when their title, body, branch name or commit message named the issue: pull requests first (with state open, draft, merged or closed, and review state), then branches, then commits, each most recently updated first, a page at a time.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listIssueCodeLinks"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/links/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One pull request, branch or commit linked to an issue
     * @description The link as the issue's links show it, with the issue's identifier: where a `code_link.created` or `code_link.updated` event's `url` points.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getCodeLink"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/exports": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's exports, newest first
     * @description Every export of the workspace asked for in the last 7 days (older ones are deleted with their archives), newest first, a page at a time, each as `GET /v1/exports/{id}` answers it. The workspace's Owner and admins only, as themselves: others and every agent connection get 403.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listExports"];
    put?: never;
    /**
     * Export the workspace as one archive (a job)
     * @description Starts writing the workspace (or the spaces named) as one archive file and answers 202 with the job, `queued`: poll `GET /v1/exports/{id}` until `status` is `succeeded`, then download it from `download_url` (`GET /v1/exports/{id}/download`) within 7 days. The archive is a gzip-compressed tar file holding `manifest.json` (format version, service version, workspace, and the count, size and SHA-256 of every part), one JSONL file per type in dependency order (spaces, people with their role, labels, cycles, milestones, issues, edges, decisions, folders, notes, comments with their revisions, activity, cycle history, files) and each file's bytes. No secrets: no tokens, connections, webhooks or sign-in data. Importing it (source `docket`) into an empty workspace, here or on another server, restores it whole, with ids, identifiers, numbers, versions and times. With `spaces`, only those spaces' issues (and what hangs on them) go in; workspace-wide objects (labels, milestones, decisions, notes, files) always do. 409 while another export of the workspace is running. The workspace's Owner and admins only, as themselves: others and every agent connection get 403.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createExport"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/exports/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An export and how far it is
     * @description The export job: its `status` (`queued`, `running`, `succeeded`, `failed` with `error`, or `expired` 7 days after it was asked for), `progress` (the part being written, rows written of the rows in all), the archive's `size` and, once it succeeded, `download_url`. An export whose server stopped mid-way shows `failed`: ask again. The workspace's Owner and admins only, as themselves: others and every agent connection get 403.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getExport"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/exports/{id}/download": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download an export's archive
     * @description The archive of a succeeded export, as `application/gzip` with `Content-Disposition: attachment` (`<workspace slug>-<date>.docket`). 409 while the export is not `succeeded` (still running, failed, or expired after 7 days). The workspace's Owner and admins only, as themselves: others and every agent connection get 403.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["downloadExport"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/imports": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's imports, newest first
     * @description Every import and dry run of the workspace, newest first, a page at a time. Admins and the Owner only.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listImports"];
    put?: never;
    /**
     * Import another tracker's export (GitHub, Linear, Jira) or a Docket archive
     * @description Upload the file first (POST /v1/files/upload-url, the PUT, POST /v1/files), then name it here with its `source` and the `space` its issues go to. Answers the job at once (`queued`, 201); read GET /v1/imports/{id} for its progress and report. The job reads the whole file before writing anything: a file that is not the documented shape is refused then and nothing is written. With `dry_run` it stops there, with the mapping (statuses, priorities, labels, milestones, cycles, people), the counts and the problems. Otherwise it writes in batches keyed on (source, source id): a second run of the same file changes nothing and says so, changed rows update just those, and a run killed midway resumes where it stopped when run again. People are matched by email to members; anyone else becomes a placeholder person (see /v1/placeholders). An import writes no inbox items or mails and publishes only `import.started` and `import.completed` (or `import.failed`). `docket` restores an archive into this workspace, which must be empty. Admins and the Owner only (403 otherwise, and for every agent); 409 while another import of the workspace runs.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createImport"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/imports/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One import: its progress, and its report once done
     * @description The job's `status` (`queued`, `running`, `completed`, `failed`), its `phase` and `progress`, and the report: `counts` (created, updated, unchanged), `mapping`, the first 1,000 `problems` (each with its row and issue) and a one-sentence `summary`. A job whose server stopped midway shows as failed: run the same file again and it resumes. Admins and the Owner only.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getImport"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/placeholders": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Placeholder people imports made, by name
     * @description People another tracker named who are not members here: each import makes one per person of its source, shown as "name (imported)". They cannot sign in. Each comes with who they are in the source and how many issues and comments are theirs. Admins and the Owner only.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listPlaceholders"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/placeholders/{id}/map": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Map a placeholder person to a member, moving their work over
     * @description The issues the placeholder created or is assigned, their comments and their activity become the member's (each issue one version on), later imports of the same source name the member, and the placeholder is removed. `member` is a member's email or id; one who is not a member is 400. Admins and the Owner only.
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["mapPlaceholder"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/usage": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What agents' runs used over a time range, by agent, space, issue or person
     * @description Sums the usage the agents reported with their runs' activities (tokens in and out, cache reads and writes, cost in millionths of the currency unit) over [from, to): the current calendar month (UTC) unless given, at most 366 days. `group_by` is agent (the run's connection, or a scripted agent's token), space, issue or person (the run's accountable person). Rows come the highest cost first, then the most tokens, a page at a time; `totals` covers the whole range. An activity counts at the time it was stored. `to` not after `from`, or more than 366 days after it, is 400.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getUsage"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/budgets": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace's budgets, each with what it spent this month
     * @description Every budget of the workspace, oldest first, a page at a time: its scope (an agent or a space), its limits, what it spent this calendar month (UTC), its `percent` and `state` (ok, warning from 80%, exceeded at 100%). `agent` or `space` keeps the one budget of that agent or space. Every member and agent reads them.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["listBudgets"];
    put?: never;
    /**
     * Set a monthly budget on an agent or a space (admins)
     * @description Limits what one agent (`agent`: its connection con_…, or the personal access token pat_… of a scripted agent) or one space (`space`: its prefix or spc_…; every agent's runs on its issues together) spends in a calendar month (UTC): `cost_micros_limit` (millionths of the currency unit the agents report in; 15000000 is 15.00) and/or `token_limit` (input + output + cache reads + cache writes), at least one, positive whole numbers. At 80% of either limit a `budget.warning` event and an inbox item (the agent's accountable person; for a space the admins and the Owner), once a month; at 100% `budget.exceeded` and an item, once a month, the live runs it limits are asked to stop, and the agent's new claims and runs are refused with 403 `budget_exceeded` until the month ends or the limit is raised. A budget set already spent takes effect at once. One budget per agent or space (409 `conflict` naming the existing one); an agent or space that is not this workspace's is 400. Admins and the Owner only, as themselves (else 403 `forbidden`; an agent connection never, and a token never on its own budget).
     *
     *     Needs the `workspace.write` scope.
     */
    post: operations["createBudget"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/budgets/{id}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One budget, with what it spent this month
     * @description The budget's scope and limits, what it spent this calendar month (UTC), `percent` (the larger share of its limits, rounded down to 0.1) and `state`. Its ETag starts with the version.
     *
     *     Needs the `workspace.read` scope.
     */
    get: operations["getBudget"];
    put?: never;
    post?: never;
    /**
     * Delete a budget (admins)
     * @description The agent or space has no limit from then on (runs already stopping still stop). Admins and the Owner only (else 403 `forbidden`). With If-Match only if nobody changed the budget since; else 412.
     *
     *     Needs the `workspace.write` scope.
     */
    delete: operations["deleteBudget"];
    options?: never;
    head?: never;
    /**
     * Change a budget's limits (admins)
     * @description Only the limits sent change; null removes one, but one must remain (400). Raising a limit above what was spent re-arms its warning and lifts the refusal at once; lowering it below takes effect at once (warning, or stop). The scope does not change: delete the budget and set a new one. Admins and the Owner only (else 403 `forbidden`). With If-Match the change is made only if nobody changed the budget since; else 412.
     *
     *     Needs the `workspace.write` scope.
     */
    patch: operations["updateBudget"];
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** @description The one error shape of the API. */
    Error: {
      /** @description A machine-readable code, e.g. `invalid_request`. */
      error: string;
      /** @description What went wrong and what to do, for people. */
      error_description: string;
      /** @description For invalid requests: where each problem is and what it is. A key is the place (`path`, `query`, `body`, `header`) then the field: `.name` for a property, `[i]` for an array item, a quoted `["name"]` for a name that is not a plain identifier (`query.limit`, `body.blockedBy[0]`). A value is the reason: `is required` for a missing field, `is not a known field` / `is not a known parameter` for one not defined, otherwise what is expected. */
      fields?: {
        [key: string]: string;
      };
      /** @description With 429: seconds to wait before retrying. */
      retry_after?: number;
      /** @description With 403 `review_required`: who may mark the issue done, the request that asks them (an approval), and the steps in order: move the issue to in_review, then ask for a `mark_done` approval, which marks it done when a person approves. */
      review?: {
        may_finish: string;
        ask: string;
        steps: {
          method: string;
          path: string;
          body: Record<string, never>;
        }[];
      };
      /** @description With 409 `claimed` and `already_claimed`, and 403 `not_holder`: who holds the claim, an `Assignee` (`{"type": "agent", "id", "name", "for": {"person_id", "name"}}` or `{"type": "person", "id", "name", "email"}`). */
      holder?: Record<string, never>;
      /**
       * Format: date-time
       * @description With 409 `claimed` and `already_claimed`: when the holder's claim runs out unless renewed.
       */
      expires_at?: string;
      /** @description With 409 `not_ready`: open issues that block the one named (up to five). */
      blocked_by?: {
        identifier: string;
        status: string;
      }[];
      /** @description With 409 `assigned_to_person`: the person who has the issue in progress (an `Assignee`). */
      assignee?: Record<string, never>;
      /** @description With 403 `budget_exceeded`: the budget that is spent (a `Budget`: its scope, limits, what it spent this month, `percent`, `state`). */
      budget?: Record<string, never>;
      /** @description With 409 `conflict` on setting a budget: the agent's or space's budget that exists already. */
      budget_id?: string;
      /** @description With 409 `session_active`: the issue's live run (ses_…); with 409 `session_stopped`: the run a person stopped. */
      session?: string;
      /** @description With 409 `already_claimed` and `claimed`: who holds the issue (an `Assignee`) and until when (`claimed` adds the claim's `id`). */
      claim?: {
        /** @description An `Assignee`: `{"type": "agent", "id", "name", "for": {"person_id", "name"}}` or `{"type": "person", "id", "name", "email"}`. */
        holder: Record<string, never>;
        /** Format: date-time */
        expires_at: string;
      };
    };
    Me: {
      /** @description Who the caller is (for an agent connection: the person it acts for). */
      person: {
        id: string;
        email: string;
        name: string;
      };
      /** @description What the request was authenticated with. */
      credential: {
        /**
         * @description `session`: the web app, signed in (the session cookie); `personal_access_token`; `connection`: an agent's or app's access token.
         * @enum {string}
         */
        kind: "session" | "personal_access_token" | "connection";
        /** @description The token's (pat_…) or connection's (con_…) id; null for a session. */
        id: string | null;
        /** @description The token's or connection's name; null for a session. */
        name: string | null;
        scopes: ("workspace.read" | "workspace.write")[];
      };
      /** @description The workspace this request sees: the token's, or for a session the one `Docket-Workspace` names, else the person's first. Null only for a signed-in person who belongs to no workspace. */
      workspace: {
        id: string;
        slug: string;
        name: string;
        /**
         * @description The person's role in it.
         * @enum {string}
         */
        role: "owner" | "admin" | "member";
      } | null;
      /** @description The workspaces the credential can reach: for a session every workspace the person belongs to (oldest membership first; pick one with `Docket-Workspace`); for a token only its own. */
      workspaces: {
        id: string;
        slug: string;
        name: string;
        /**
         * @description The person's role in it.
         * @enum {string}
         */
        role: "owner" | "admin" | "member";
      }[];
      /** @description Only for a session: the token to send in the `X-CSRF-Token` header with every POST, PATCH and DELETE made with the session cookie (and as the `csrf` field of the sign-out form). */
      csrf_token?: string;
    };
    Member: {
      /** @description The person's id (usr_…): what `assignee` and `holder` take. */
      person_id: string;
      name: string;
      email: string;
      /** @enum {string} */
      role: "owner" | "admin" | "member";
      /**
       * Format: date-time
       * @description When they joined the workspace.
       */
      joined_at: string;
      /** @description True while the account is suspended: it can do nothing. */
      suspended: boolean;
    };
    Invitation: {
      id: string;
      email: string;
      /** @enum {string} */
      role: "admin" | "member";
      /**
       * @description pending until accepted, revoked or past `expires_at`.
       * @enum {string}
       */
      status: "pending" | "accepted" | "revoked" | "expired";
      invited_by: {
        id: string;
        name: string;
      };
      /** Format: date-time */
      expires_at: string;
      accepted_at: string | null;
      revoked_at: string | null;
      /** Format: date-time */
      created_at: string;
    };
    TeamMember: {
      person_id: string;
      name: string;
      email: string;
      /** @enum {string} */
      role: "owner" | "admin" | "member";
      /** Format: date-time */
      joined_at: string;
    };
    WorkspaceSettings: {
      id: string;
      name: string;
      slug: string;
      /** @description The Owner's person id. */
      owner_id: string;
      allowed_domains: string[];
    };
    Profile: {
      id: string;
      email: string;
      name: string;
    };
    Workspace: {
      id: string;
      name: string;
      slug: string;
      spaces: {
        id: string;
        name: string;
        prefix: string;
      }[];
    };
    /** @description An agent or app a member connected to the workspace. */
    Connection: {
      /** @description The connection's id (con_…): also its id as an assignee, claim holder and actor. */
      id: string;
      /**
       * @description `agent`: approved through the agent registration flow; `oauth`: an app signed in with the browser.
       * @enum {string}
       */
      kind: "agent" | "oauth";
      /** @description The agent's or app's own name, as it gave it (not verified). */
      name: string;
      /** @description The member who approved it, and on whose behalf it acts. */
      approved_by: {
        id: string;
        name: string;
        email: string;
      };
      /**
       * Format: date-time
       * @description When it was approved.
       */
      approved_at: string;
      /** @description What it may do. */
      scopes: ("workspace.read" | "workspace.write")[];
      /**
       * @description `read` or `read-write`, from its scopes.
       * @enum {string}
       */
      access: "read" | "read-write";
      /** @description When it last used its access (to the minute); null if never. */
      last_used_at: string | null;
      /** @description When its approval runs out unless renewed by use (agents: their identity assertion). */
      expires_at: string | null;
      /**
       * @description `active`, `expired` or `revoked`.
       * @enum {string}
       */
      status: "active" | "expired" | "revoked";
      revoked_at: string | null;
      /** @description True when the caller may revoke it: the member who approved it, signed in or with their own token, while it is not revoked. */
      revocable: boolean;
    };
    IssueSummary: {
      id: string;
      identifier: string;
      number: number;
      space: string;
      title: string;
      /** @enum {string} */
      status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      /** @enum {string} */
      priority: "none" | "low" | "medium" | "high" | "urgent";
      labels: string[];
      assignee: components["schemas"]["Assignee"] | null;
      estimate: number | null;
      due_date: string | null;
      parent: {
        id: string;
        identifier: string;
      } | null;
      cycle: {
        id: string;
        name: string;
      } | null;
      milestone: {
        id: string;
        name: string;
      } | null;
      ready: boolean;
      completed_at: string | null;
      created_by: {
        person_id: string;
        via: string;
      };
      updated_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
    };
    Assignee:
      | {
          /** @constant */
          type: "person";
          /** @description The person's id, usr_… */
          id: string;
          name: string;
          /** Format: email */
          email: string;
        }
      | {
          /** @constant */
          type: "agent";
          /** @description The agent connection's id, con_… */
          id: string;
          /** @description The agent's own name for itself. */
          name: string;
          /** @description The person the agent acts for. */
          for: {
            person_id: string;
            name: string;
          };
        };
    Issue: {
      id: string;
      identifier: string;
      number: number;
      space: string;
      title: string;
      /** @enum {string} */
      status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      /** @enum {string} */
      priority: "none" | "low" | "medium" | "high" | "urgent";
      labels: string[];
      assignee: components["schemas"]["Assignee"] | null;
      estimate: number | null;
      due_date: string | null;
      parent: {
        id: string;
        identifier: string;
      } | null;
      cycle: {
        id: string;
        name: string;
      } | null;
      milestone: {
        id: string;
        name: string;
      } | null;
      ready: boolean;
      completed_at: string | null;
      created_by: {
        person_id: string;
        via: string;
      };
      updated_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
      description: string;
      blocks: {
        dependency_id: string;
        id: string;
        identifier: string;
        title: string;
        /** @enum {string} */
        status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      }[];
      blockedBy: {
        dependency_id: string;
        id: string;
        identifier: string;
        title: string;
        /** @enum {string} */
        status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      }[];
      relatesTo: {
        dependency_id: string;
        id: string;
        identifier: string;
        title: string;
        /** @enum {string} */
        status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      }[];
      /** @description Where an imported issue came from (null for one made here). */
      source: ("github" | "linear" | "jira") | null;
      /** @description The imported issue's address in its source, when it had one. */
      source_url: string | null;
      /** @description The git branch name to work on it in (eng-42-fix-login-redirect): a code host integration links a branch or pull request named so to the issue. */
      branch_name: string;
      /** @description Its pull requests, branches and commits from code hosts: pull requests first, newest first. */
      code_links: components["schemas"]["CodeLink"][];
    };
    CodeLink: {
      /** @example lnk_01JQ2Z8X3V4B5N6M7K8J9H0G1F */
      id: string;
      /** @enum {string} */
      provider: "github" | "gitlab";
      /** @enum {string} */
      kind: "pull_request" | "branch" | "commit";
      url: string;
      /** @description A pull request's title, a commit's first line, a branch's name. */
      title: string;
      /** @description The pull (merge) request's number; null for a branch or commit. */
      number: number | null;
      /** @description A pull request's open, draft, merged or closed; a branch is open; a commit has none. */
      state: ("open" | "draft" | "merged" | "closed") | null;
      review_state: ("approved" | "changes_requested") | null;
      author_login: string | null;
      repository: string;
      branch: string | null;
      /** @description A closing word (fixes, closes, resolves…) named the issue: merging finishes it. */
      closes: boolean;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      merged_at: string | null;
      closed_at: string | null;
    };
    Activity: {
      id: string;
      /** @description What happened, e.g. `created`, `updated`, `iced`, `linked`. */
      action: string;
      /** @description Each field that changed, from its old value to its new one. */
      changes: {
        [key: string]: {
          from: unknown;
          to: unknown;
        };
      };
      /** @description Who made the change: the person, and what they acted through (`via`): a personal access token (pat_…), an agent connection (con_…, then `agent` is set), or `web`, the person themselves in the web app. */
      actor: {
        person_id: string;
        via: string;
        /** @description The person's name. */
        name: string;
        /** @description The agent connection that made the change, shown as “agent name (for person)”; null when the person acted themselves (the web app or their own token). */
        agent: {
          id: string;
          name: string;
        } | null;
      };
      /** @description Set when a code host integration made the change (actor.via is its int_… id): what on the host caused it, shown as “GitHub (pull request #123 by octocat)”. */
      via_integration: {
        provider: string;
        kind: string;
        number: number | null;
        author_login: string | null;
        url: string;
      } | null;
      /** Format: date-time */
      at: string;
    };
    TrashItem: {
      /** @description The trash entry's id, trs_… */
      id: string;
      /** @enum {string} */
      type: "issue" | "decision" | "note" | "folder" | "cycle" | "milestone";
      /** @description The deleted object's id (iss_…, dec_…). */
      object_id: string;
      /** @description How the object is named: an issue's identifier (ENG-42), else its id. */
      ref: string;
      /** @description Its title or name. */
      title: string;
      deleted_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      deleted_at: string;
      /**
       * Format: date-time
       * @description When it is deleted for good (30 days after deletion).
       */
      purge_at: string;
      /** @description The request that restores it, e.g. POST /v1/issues/ENG-42/restore. */
      restore: string;
    };
    Dependency: {
      id: string;
      /** @enum {string} */
      type: "blocks" | "relatesTo";
      from: {
        id: string;
        identifier: string;
        title: string;
        /** @enum {string} */
        status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      };
      to: {
        id: string;
        identifier: string;
        title: string;
        /** @enum {string} */
        status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      };
      note: string;
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
      created_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description false when the edge already existed */
      created?: boolean;
    };
    MilestoneDependency: {
      id: string;
      /** @constant */
      type: "blocks";
      /** @description The milestone that blocks. */
      from: {
        id: string;
        name: string;
      };
      /** @description The milestone that waits. */
      to: {
        id: string;
        name: string;
      };
      created_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      /** @description false when the edge already existed */
      created: boolean;
    };
    DecisionSummary: {
      id: string;
      title: string;
      /** @enum {string} */
      status: "proposed" | "accepted" | "rejected" | "superseded";
      supersedes: string | null;
      superseded_by: string[];
      issues: {
        id: string;
        identifier: string;
        title: string;
        /** @enum {string} */
        status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      }[];
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
      created_by: {
        person_id: string;
        via: string;
      };
      updated_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    Decision: {
      id: string;
      title: string;
      /** @enum {string} */
      status: "proposed" | "accepted" | "rejected" | "superseded";
      supersedes: string | null;
      superseded_by: string[];
      issues: {
        id: string;
        identifier: string;
        title: string;
        /** @enum {string} */
        status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      }[];
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
      created_by: {
        person_id: string;
        via: string;
      };
      updated_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      context: string;
      decision: string;
      consequences: string;
    };
    NoteSummary: {
      id: string;
      title: string;
      folder: {
        id: string;
        name: string;
      } | null;
      issues: {
        id: string;
        identifier: string;
        title: string;
        /** @enum {string} */
        status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      }[];
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
      created_by: {
        person_id: string;
        via: string;
      };
      updated_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    Note: {
      id: string;
      title: string;
      folder: {
        id: string;
        name: string;
      } | null;
      issues: {
        id: string;
        identifier: string;
        title: string;
        /** @enum {string} */
        status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      }[];
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
      created_by: {
        person_id: string;
        via: string;
      };
      updated_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      body: string;
    };
    Folder: {
      id: string;
      name: string;
      parent_id: string | null;
      note_count: number;
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    Cycle: {
      id: string;
      /** @description The space's prefix. */
      space: string;
      name: string;
      /** Format: date */
      starts_on: string;
      /** Format: date */
      ends_on: string;
      /**
       * @description upcoming before starts_on, active from starts_on to ends_on, completed after (UTC days).
       * @enum {string}
       */
      state: "upcoming" | "active" | "completed";
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
      created_by: {
        person_id: string;
        via: string;
      };
      updated_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    CycleStats: {
      cycle: components["schemas"]["Cycle"];
      /**
       * Format: date-time
       * @description The time the numbers are for.
       */
      as_of: string;
      /** @description Issues in the cycle now; estimate is the sum of their estimates (none counts 0). */
      total: {
        count: number;
        estimate: number;
      };
      /** @description Every status, each with its issues now (0 when none). */
      by_status: {
        backlog: {
          count: number;
          estimate: number;
        };
        todo: {
          count: number;
          estimate: number;
        };
        in_progress: {
          count: number;
          estimate: number;
        };
        in_review: {
          count: number;
          estimate: number;
        };
        done: {
          count: number;
          estimate: number;
        };
        canceled: {
          count: number;
          estimate: number;
        };
        iced: {
          count: number;
          estimate: number;
        };
      };
      /** @description Issues in the cycle neither done nor canceled. */
      remaining: {
        count: number;
        estimate: number;
      };
      /** @description Completed means done. Canceled issues leave the denominator: percent = done / (total − canceled), rounded down to 0.1; 0 when nothing is left to do. */
      completion: {
        done_count: number;
        done_estimate: number;
        canceled_count: number;
        canceled_estimate: number;
        percent: number;
        estimate_percent: number;
      };
      /** @description Issues that entered the cycle after it started (each counted once, with its estimate when it entered). */
      scope_added: {
        count: number;
        estimate: number;
      };
      /** @description Issues that left the cycle after it started (each counted once, with its estimate when it left). */
      scope_removed: {
        count: number;
        estimate: number;
      };
      /** @description One entry per day from starts_on to today (or ends_on if earlier): the cycle at the end of that day (UTC). Completed here means done or canceled, the issues that no longer count as remaining work. */
      burn_down: {
        /** Format: date */
        date: string;
        scope_count: number;
        scope_estimate: number;
        remaining_count: number;
        remaining_estimate: number;
        completed_count: number;
        completed_estimate: number;
      }[];
      /** @description Every day of the cycle: a straight line from the scope at the end of the first day down to 0 at the end of the last. */
      ideal: {
        /** Format: date */
        date: string;
        /** @description On the ideal line: a fraction, rounded to 0.01. */
        remaining_count: number;
        /** @description On the ideal line: a fraction, rounded to 0.01. */
        remaining_estimate: number;
      }[];
    };
    Milestone: {
      id: string;
      name: string;
      description: string;
      target_date: string | null;
      /** @description Completed means done; canceled issues count in total but not towards the percent. */
      progress: {
        /** @description Issues in the milestone, canceled ones included. */
        total: number;
        done: number;
        canceled: number;
        /** @description done / (total − canceled), rounded down to 0.1; 0 when nothing is left to do. */
        percent: number;
        /** @description Sum of the estimates of the issues not canceled. */
        estimate_total: number;
        /** @description Sum of the estimates of the done issues. */
        estimate_done: number;
      };
      /** @description Milestones that wait for this one. */
      blocks: {
        dependency_id: string;
        id: string;
        name: string;
      }[];
      /** @description Milestones this one waits for. */
      blockedBy: {
        dependency_id: string;
        id: string;
        name: string;
      }[];
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
      created_by: {
        person_id: string;
        via: string;
      };
      updated_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    Label: {
      /** @description The label's id, lab_… */
      id: string;
      name: string;
      /** @description #rrggbb */
      color: string;
      description: string;
      /** @description How many issues carry the label. */
      issue_count: number;
      created_by: {
        person_id: string;
        via: string;
      };
      updated_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
    };
    SavedView: {
      /** @description The view's id, view_… */
      id: string;
      name: string;
      /** @description The issue list's URL query, keys in order. */
      filters: string;
      shared: boolean;
      created_by: {
        person_id: string;
        via: string;
      };
      updated_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    UploadUrl: {
      upload_id: string;
      /**
       * Format: uri
       * @description Send the bytes here with the method and headers below, before expires_at.
       */
      url: string;
      /** @constant */
      method: "PUT";
      /** @description Headers the PUT must carry, exactly as given. */
      headers: {
        [key: string]: string;
      };
      /** @description The body must be exactly this many bytes. */
      size: number;
      /** @description The largest file this service accepts, in bytes. */
      max_size: number;
      /** Format: date-time */
      expires_at: string;
    };
    File: {
      id: string;
      name: string;
      content_type: string;
      size: number;
      sha256: string;
      issues: {
        id: string;
        identifier: string;
        title: string;
        /** @enum {string} */
        status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      }[];
      created_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      /**
       * Format: uri
       * @description A signed URL that serves the file as an attachment.
       */
      download_url: string;
      /** Format: date-time */
      download_url_expires_at: string;
    };
    SearchResult: {
      /** @enum {string} */
      type: "issue" | "decision" | "note" | "file" | "comment";
      id: string;
      /** @description The issue's identifier, e.g. ENG-42 (issues only). */
      identifier?: string;
      /** @description The title; for a file, its name. */
      title: string;
      /** @description Where the words matched: HTML-escaped text in which the only markup is <mark>…</mark> around the matched words. From the body when it matches, else the title, else the body's opening words. */
      snippet: string;
      /** @description Relevance, higher is better; comparable only within one search. Absent for identifier hits. */
      score?: number;
      /** @description The status of an issue or a decision. */
      status?: string;
      /** Format: date-time */
      updated_at: string;
    };
    Bundle: {
      /** @description The snapshot's id; null for a live bundle. */
      id: string | null;
      /** @description true for a kept snapshot, which never changes; false for the live bundle. */
      snapshot: boolean;
      /** Format: date-time */
      generated_at: string;
      created_by: {
        person_id: string;
        via: string;
      } | null;
      issue: components["schemas"]["Issue"];
      /** @description Issues blocking this one, with their status when generated. */
      blockers: {
        dependency_id: string;
        id: string;
        identifier: string;
        title: string;
        /** @enum {string} */
        status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      }[];
      blocks: {
        dependency_id: string;
        id: string;
        identifier: string;
        title: string;
        /** @enum {string} */
        status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      }[];
      related: {
        dependency_id: string;
        id: string;
        identifier: string;
        title: string;
        /** @enum {string} */
        status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      }[];
      decisions: {
        id: string;
        title: string;
        /** @enum {string} */
        status: "proposed" | "accepted" | "rejected" | "superseded";
        decision: string;
        /** Format: date-time */
        updated_at: string;
      }[];
      notes: {
        id: string;
        title: string;
        folder: {
          id: string;
          name: string;
        } | null;
        body: string;
        /** Format: date-time */
        updated_at: string;
      }[];
      files: {
        id: string;
        name: string;
        content_type: string;
        size: number;
        sha256: string;
        /** Format: date-time */
        created_at: string;
      }[];
      cycle: components["schemas"]["Cycle"] | null;
      milestone: components["schemas"]["Milestone"] | null;
      /** @description How an issue of its space is finished: who may mark it done, and how to ask them. */
      finishing?: {
        /** @enum {string} */
        done_requires: "anyone" | "not_author" | "person";
        /** @description Who is asked a mark_done approval when nobody is named. */
        reviewers: {
          id: string;
          name: string;
          email: string;
        }[];
        /** @description How to finish an issue of this space. */
        how: string;
      };
      /** @description Approvals asked on the issue and still open, oldest first. */
      approvals: components["schemas"]["Approval"][];
      /** @description The issue's comments (the newest 50, not deleted), newest first; a budget cuts the oldest first. */
      comments: components["schemas"]["Comment"][];
      /** @description Present when the bundle was cut to fit max_tokens: what was left out, in the order cut. */
      omitted?: {
        /**
         * @description What was left out: older comments, a note's body, a decision's text, a related issue, a file, an issue it blocks, or the rest of the description.
         * @enum {string}
         */
        kind: "comment" | "note_body" | "decision_text" | "related" | "file" | "blocks" | "description";
        /** @description The object left out (or whose text was): note_…, dec_…, an issue identifier (its description, or for `comment` its older comments), file_… */
        id: string;
        title: string;
        /** @description About how many tokens it took. */
        tokens: number;
        /** @description How to read it in full. */
        fetch: string;
      }[];
    };
    Approval: {
      id: string;
      issue: {
        id: string;
        identifier: string;
        title: string;
      };
      question: string;
      /** @description The answers offered: its own options, or approve and reject. */
      options: string[];
      /** @description The person asked; null when the space's reviewers are. */
      asked_of: {
        id: string;
        name: string;
        email: string;
      } | null;
      /** @description true when approving marks the issue done (as the person who approves); rejecting changes nothing. */
      marks_done: boolean;
      /** @enum {string} */
      status: "open" | "resolved";
      /** @description The option chosen (approve or reject for a yes/no question). */
      answer: string | null;
      /** @description For a yes/no question: whether it was approved; null while open or for other options. */
      approved: boolean | null;
      comment: string | null;
      answered_by: components["schemas"]["Author"] | null;
      answered_at: string | null;
      asked_by: components["schemas"]["Author"];
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
      /** Format: date-time */
      created_at: string;
    };
    Author: {
      person_id: string;
      /** @description The person's name. */
      name: string;
      /** @description The credential: a personal access token (pat_…) or an agent connection (con_…). */
      via: string;
      /** @description The agent connection that acted for the person; null when the person acted. */
      agent: {
        id: string;
        name: string;
      } | null;
      /** @description How to show who acted: the person's name, or “agent (for person)”. */
      label: string;
    };
    Comment: {
      id: string;
      subject: {
        /** @enum {string} */
        type: "issue" | "decision" | "note";
        id: string;
        /** @description The issue's identifier (ENG-42); null for a decision or a note. */
        identifier: string | null;
      };
      /** @description The comment this replies to; null for a top-level comment. */
      parent_id: string | null;
      /** @description The Markdown text; empty once deleted. */
      body: string;
      deleted: boolean;
      deleted_at: string | null;
      /** @description true when the text was changed after it was written (see history). */
      edited: boolean;
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
      author: components["schemas"]["Author"];
      /** @description Who last changed it (the author unless an admin edited or deleted it). */
      updated_by: components["schemas"]["Author"];
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    Claim: {
      /** @description The claim's id, clm_… */
      id: string;
      issue: {
        id: string;
        identifier: string;
        title: string;
        /** @enum {string} */
        status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      };
      /** @description Who holds the lease: the agent connection (for its person), or a person. */
      holder: components["schemas"]["Assignee"];
      /** @description Larger than any earlier claim's on this issue; send it with writes as Docket-Fencing-Token. */
      fencing_token: number;
      /**
       * Format: date-time
       * @description When the lease runs out unless renewed by a heartbeat.
       */
      expires_at: string;
      /** Format: date-time */
      created_at: string;
      /** @description The last heartbeat, if any. */
      heartbeat_at: string | null;
      /** @description null while live; else why it ended: released, expired, revoked (its connection ended), completed or canceled (the issue was closed), taken_over_by_person. */
      ended:
        | ("released" | "expired" | "revoked" | "completed" | "canceled" | "taken_over_by_person" | "stopped")
        | null;
      /** @description When it ended, if it has. */
      ended_at: string | null;
      /** @description true when a claim answered one you already held (the issue named, or the same filters) instead of taking another. */
      resumed?: boolean;
      /** @description An agent's claim: the run (ses_…) it works in, when it has one: a run delegated to the agent and waiting is taken up by its claim. */
      session?: string;
    };
    Session: {
      /** @description The run's id, ses_… */
      id: string;
      issue: {
        id: string;
        identifier: string;
        title: string;
        /** @enum {string} */
        status: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled" | "iced";
      };
      /** @description The claim it runs under (clm_…); null while pending. */
      claim: string | null;
      /** @description The agent: its connection (con_…), or a scripted agent's token (pat_…). */
      agent: {
        id: string;
        name: string;
      };
      /** @description The accountable person: the connection's approver, or the token's person. */
      person: {
        id: string;
        name: string;
      };
      /** @description A person who delegated it, or the agent itself. */
      started_by: {
        /** @enum {string} */
        type: "person" | "agent";
        id: string;
        name: string;
      };
      /**
       * @description pending (delegated, not picked up), active, awaiting_input (the agent asked a person), stopping (a person stopped it; the agent's writes are refused), stale (silent too long; revives on its next activity); ended: stopped, complete, error.
       * @enum {string}
       */
      status:
        | "pending"
        | "active"
        | "awaiting_input"
        | "stopping"
        | "stale"
        | "stopped"
        | "complete"
        | "error";
      /** @description Why it is in its status, e.g. stop_requested, budget_exceeded, lease_lost, claim_released, taken_over_by_person, issue_closed, agent_error, silent, agent_gone. */
      status_reason: string | null;
      /** @description Live, and the agent posted nothing in the 10 seconds since the run began (shown, not a status). */
      unresponsive: boolean;
      plan: {
        content: string;
        /** @enum {string} */
        status: "pending" | "in_progress" | "done" | "canceled";
      }[];
      summary: string;
      artifacts: {
        /** @enum {string} */
        kind: "pull_request" | "branch" | "commit" | "file" | "link";
        url: string;
        title: string;
        state: string | null;
      }[];
      /** @description The run's totals of what its activities reported. */
      usage: {
        input_tokens: number;
        output_tokens: number;
        cache_read_tokens: number;
        cache_write_tokens: number;
        /** @description Millionths of the currency unit. */
        cost_micros: number;
      };
      /** @description Activities in its log. */
      activity_count: number;
      /** @description The agent's last activity. */
      last_activity_at: string | null;
      stop_requested_at: string | null;
      /** @description The person who stopped it; null for the service. */
      stop_requested_by: string | null;
      /** @description 1 when made, one more on each change of status, plan, summary or artifacts. */
      version: number;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description null while live. */
      ended_at: string | null;
    };
    SessionActivity: {
      /** @description The activity's id, sac_… */
      id: string;
      /** @description The id its author gave it. */
      client_id: string;
      /** @description Its place in the run's log, growing; follow a run with `after`. */
      position: number;
      /** @enum {string} */
      kind: "thought" | "action" | "response" | "error" | "elicitation" | "prompt";
      body: string;
      action: {
        name: string;
        parameter: string | null;
        result: string | null;
      } | null;
      /** @description An elicitation's choices. */
      options: string[] | null;
      ephemeral: boolean;
      usage: {
        input_tokens: number;
        output_tokens: number;
        cache_read_tokens: number;
        cache_write_tokens: number;
        /** @description Millionths of the currency unit. */
        cost_micros: number;
        model: string | null;
      };
      /** @description The agent, or the person who prompted. */
      author: {
        /** @enum {string} */
        type: "agent" | "person";
        id: string;
        name: string;
      };
      /** Format: date-time */
      created_at: string;
    };
    /** @description One event: a committed change. */
    Event: {
      /**
       * @description The event id (evt_…): stable, and the order of the feed.
       * @example evt_01JQ2Z8X3V4B5N6M7K8J9H0G1F
       */
      id: string;
      /**
       * @description `object.action`, e.g. issue.updated.
       * @example issue.updated
       */
      type: string;
      /**
       * Format: date-time
       * @description When the change was committed (ISO 8601, UTC).
       */
      created_at: string;
      workspace_id: string;
      actor: {
        /** @description The person who made the change (or on whose behalf it was made). */
        person_id: string;
        /** @description The person's name. */
        person_name: string | null;
        /** @description What it was made through: a personal access token (pat_…), an agent connection (con_…), `web` (the person in the web app) or `admin`. */
        via: string;
        /**
         * @description The kind of credential `via` is: `agent` is an agent acting for the person; `web` and `token` are the person themselves.
         * @enum {string}
         */
        via_type: "token" | "agent" | "web" | "admin";
        /** @description The token's or the agent connection's name. */
        via_name: string | null;
      };
      object: {
        /** @description issue, dependency, decision, note, folder, cycle, milestone, milestone_dependency, file, bundle, claim, comment, approval, inbox_item or webhook. */
        type: string;
        id: string;
        /** @description Where its current state is read (a /v1 path). */
        url: string;
      };
      /** @description What changed: `changes` as `{ field: { from, to } }` for updates, and details of the event. */
      data: {
        [key: string]: unknown;
      };
    };
    CommentThread: {
      id: string;
      subject: {
        /** @enum {string} */
        type: "issue" | "decision" | "note";
        id: string;
        /** @description The issue's identifier (ENG-42); null for a decision or a note. */
        identifier: string | null;
      };
      /** @description The comment this replies to; null for a top-level comment. */
      parent_id: string | null;
      /** @description The Markdown text; empty once deleted. */
      body: string;
      deleted: boolean;
      deleted_at: string | null;
      /** @description true when the text was changed after it was written (see history). */
      edited: boolean;
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
      author: components["schemas"]["Author"];
      /** @description Who last changed it (the author unless an admin edited or deleted it). */
      updated_by: components["schemas"]["Author"];
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description Its replies, oldest first. */
      replies: components["schemas"]["Comment"][];
    };
    CommentDetail: {
      id: string;
      subject: {
        /** @enum {string} */
        type: "issue" | "decision" | "note";
        id: string;
        /** @description The issue's identifier (ENG-42); null for a decision or a note. */
        identifier: string | null;
      };
      /** @description The comment this replies to; null for a top-level comment. */
      parent_id: string | null;
      /** @description The Markdown text; empty once deleted. */
      body: string;
      deleted: boolean;
      deleted_at: string | null;
      /** @description true when the text was changed after it was written (see history). */
      edited: boolean;
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
      author: components["schemas"]["Author"];
      /** @description Who last changed it (the author unless an admin edited or deleted it). */
      updated_by: components["schemas"]["Author"];
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description The earlier texts, oldest first (empty when never edited, or once deleted). */
      history: {
        /** @description 1 when made, one more on each change; the ETag starts with it. */
        version: number;
        body: string;
        author: components["schemas"]["Author"];
        /** Format: date-time */
        written_at: string;
        /** Format: date-time */
        replaced_at: string;
      }[];
    };
    InboxItem: {
      id: string;
      /**
       * @description mention: you were mentioned; assignment: an issue was assigned to you; approval: a question waits for your answer; review: an issue waits for your review; webhook_disabled (the Owner's): the service disabled a webhook (its creator's access ended, or its receiver kept failing), the reason in `excerpt`; session_awaiting_input: an agent's run waits for your answer; session_stale: an agent's run went silent; session_error: an agent's run ended in an error; budget_warning: a budget passed 80% of its month; budget_exceeded: a budget is spent (its agent's runs stop and it takes no new work this month).
       * @enum {string}
       */
      kind:
        | "mention"
        | "assignment"
        | "approval"
        | "review"
        | "webhook_disabled"
        | "session_awaiting_input"
        | "session_stale"
        | "session_error"
        | "budget_warning"
        | "budget_exceeded";
      /** @description What the item is about. */
      subject: {
        /** @description comment, issue, decision, note, approval, webhook, budget or session. */
        type: string;
        id: string;
        /** @description Where it is read (a /v1 path). */
        url: string;
      };
      /** @description The issue it concerns, if any. */
      issue: {
        id: string;
        identifier: string;
        title: string;
      } | null;
      /** @description One line saying what happened. */
      title: string;
      /** @description The start of the text concerned (a comment, a question; why a webhook was disabled). */
      excerpt: string;
      actor: components["schemas"]["Author"];
      read: boolean;
      read_at: string | null;
      /** Format: date-time */
      created_at: string;
    };
    InboxSettings: {
      /**
       * @description Mail about new inbox items: off, immediate (one mail per item), or daily (one digest a day).
       * @enum {string}
       */
      email: "off" | "immediate" | "daily";
      /** @description Where the mail goes: your account's address. */
      address: string;
    };
    Space: {
      id: string;
      name: string;
      prefix: string;
      /**
       * @description Who may mark an issue done: anyone; not_author (someone other than whoever last changed its title or description); person (a person, never an agent connection).
       * @enum {string}
       */
      done_requires: "anyone" | "not_author" | "person";
      /** @description The people told when an issue moves to in_review. */
      reviewers: {
        id: string;
        name: string;
        email: string;
      }[];
      /** @description true when the space names no reviewers, so its reviewers are the workspace's admins. */
      reviewers_default: boolean;
      /** @description Minutes without an activity after which a live agent run on the space's issues is `stale` (30 unless set). */
      session_stale_minutes: number;
      /** @description Code hosts: a branch, or a draft pull request, naming a backlog or todo issue moves it to in_progress (on unless turned off). */
      auto_start_on_branch: boolean;
      /** @description Code hosts: a pull request ready for review moves its issue to in_review (on unless turned off). */
      auto_review_on_pr: boolean;
      /** @description Code hosts: merging a pull request whose closing word (fixes, closes, resolves…) or branch names the issue finishes it, through the review policy: a policy that needs a person asks the reviewers instead (on unless turned off). */
      auto_done_on_merge: boolean;
      /** Format: date-time */
      updated_at: string;
    };
    IssueTemplate: {
      /** @description The template's id, tpl_… */
      id: string;
      /** @description The prefix of the space it belongs to. */
      space: string;
      name: string;
      /** @description What a new issue's title starts with; may be empty. */
      title: string;
      description: string;
      status: ("backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled") | null;
      /** @enum {string} */
      priority: "none" | "low" | "medium" | "high" | "urgent";
      labels: string[];
      estimate: number | null;
      created_by: {
        person_id: string;
        via: string;
      };
      updated_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
    };
    CreatedWebhook: {
      /** @example wh_01JQ2Z8X3V4B5N6M7K8J9H0G1F */
      id: string;
      url: string;
      description: string;
      events: string[];
      /** @enum {string} */
      status: "enabled" | "disabled";
      /** @description Why it was disabled, when it was by the service. */
      disabled_reason: string | null;
      /** @description While set, its receiver stopped answering (attempts in a row timed out or found no connection): deliveries wait, kept pending, and after this time one is tried first; its success sends the rest, its failure parks it longer. Null when it is not parked. */
      parked_until: string | null;
      /** @description Why it is parked, when it is. */
      parked_reason: string | null;
      /** @description Why the service disabled it: `access_ended` (the membership, account or credential that made it ended; only an admin or the Owner enables it again, and becomes its owner) or `receiver_failing` (deliveries failed for 3 days); null when it is enabled or was disabled by hand. */
      disabled_cause: ("access_ended" | "receiver_failing") | null;
      /**
       * @description The person who made it (usr_…), or the admin who last enabled it after its maker's access ended.
       * @example usr_01JQ2Z8X3V4B5N6M7K8J9H0G1F
       */
      created_by: string;
      /**
       * @description What it was made through: a personal access token (pat_…), an agent connection (con_…) or `web` (the person in the web app). It is disabled when that credential, or its person's membership, ends.
       * @example pat_01JQ2Z8X3V4B5N6M7K8J9H0G1F
       */
      created_via: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /**
       * @description The signing secret (whsec_…), shown only now: keep it to verify deliveries.
       * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
       */
      secret: string;
    };
    Webhook: {
      /** @example wh_01JQ2Z8X3V4B5N6M7K8J9H0G1F */
      id: string;
      url: string;
      description: string;
      events: string[];
      /** @enum {string} */
      status: "enabled" | "disabled";
      /** @description Why it was disabled, when it was by the service. */
      disabled_reason: string | null;
      /** @description While set, its receiver stopped answering (attempts in a row timed out or found no connection): deliveries wait, kept pending, and after this time one is tried first; its success sends the rest, its failure parks it longer. Null when it is not parked. */
      parked_until: string | null;
      /** @description Why it is parked, when it is. */
      parked_reason: string | null;
      /** @description Why the service disabled it: `access_ended` (the membership, account or credential that made it ended; only an admin or the Owner enables it again, and becomes its owner) or `receiver_failing` (deliveries failed for 3 days); null when it is enabled or was disabled by hand. */
      disabled_cause: ("access_ended" | "receiver_failing") | null;
      /**
       * @description The person who made it (usr_…), or the admin who last enabled it after its maker's access ended.
       * @example usr_01JQ2Z8X3V4B5N6M7K8J9H0G1F
       */
      created_by: string;
      /**
       * @description What it was made through: a personal access token (pat_…), an agent connection (con_…) or `web` (the person in the web app). It is disabled when that credential, or its person's membership, ends.
       * @example pat_01JQ2Z8X3V4B5N6M7K8J9H0G1F
       */
      created_via: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    WebhookDelivery: {
      /**
       * @description The delivery id, sent as `webhook-id` (the same on every retry).
       * @example msg_01JQ2Z8X3V4B5N6M7K8J9H0G1F
       */
      id: string;
      webhook_id: string;
      event_id: string;
      event_type: string;
      /** @enum {string} */
      status: "pending" | "succeeded" | "failed";
      attempts: number;
      next_attempt_at: string | null;
      last_status_code: number | null;
      /** Format: date-time */
      created_at: string;
      finished_at: string | null;
      /** @description Every attempt, oldest first. */
      attempt_log: {
        /** Format: date-time */
        attempted_at: string;
        /** @description The receiver's HTTP status; null when none came. */
        status_code: number | null;
        /** @description Why no answer came (timeout, refused address, connection error). */
        error: string | null;
        duration_ms: number;
        /** @description The first KB of the answer. */
        response: string;
      }[];
    };
    CreatedIntegration: {
      /** @example int_01JQ2Z8X3V4B5N6M7K8J9H0G1F */
      id: string;
      /** @enum {string} */
      provider: "github" | "gitlab";
      name: string;
      /** @description The repositories taken; empty: all. */
      repositories: string[];
      space_rules: {
        [key: string]: string;
      };
      /**
       * @description Where the code host sends its webhooks: paste it in the repository's or group's webhook settings.
       * @example https://docket.example.com/api/integrations/int_01JQ2Z8X3V4B5N6M7K8J9H0G1F/webhook
       */
      webhook_url: string;
      /** @description The admin who made it: the person the integration's changes are accountable to. */
      created_by: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      last_delivery_at: string | null;
      version: number;
      /** @description The last 20 deliveries received, newest first. */
      deliveries: components["schemas"]["IntegrationDelivery"][];
      /**
       * @description The webhook secret, shown only in this answer: paste it on the code host with the webhook URL.
       * @example 3f7c…
       */
      secret: string;
    };
    IntegrationDelivery: {
      /** @description The code host's delivery id (X-GitHub-Delivery, X-Gitlab-Event-UUID). */
      delivery_id: string;
      /** @example pull_request */
      event: string;
      /** @example opened */
      action: string | null;
      /**
       * @description linked (something was linked or updated), ignored, rejected or error.
       * @enum {string}
       */
      outcome: "linked" | "ignored" | "rejected" | "error";
      /** @example PR #12 linked to ENG-42; ENG-42 → in_review */
      summary: string;
      /** Format: date-time */
      received_at: string;
    };
    Integration: {
      /** @example int_01JQ2Z8X3V4B5N6M7K8J9H0G1F */
      id: string;
      /** @enum {string} */
      provider: "github" | "gitlab";
      name: string;
      /** @description The repositories taken; empty: all. */
      repositories: string[];
      space_rules: {
        [key: string]: string;
      };
      /**
       * @description Where the code host sends its webhooks: paste it in the repository's or group's webhook settings.
       * @example https://docket.example.com/api/integrations/int_01JQ2Z8X3V4B5N6M7K8J9H0G1F/webhook
       */
      webhook_url: string;
      /** @description The admin who made it: the person the integration's changes are accountable to. */
      created_by: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      last_delivery_at: string | null;
      version: number;
    };
    IntegrationDetail: {
      /** @example int_01JQ2Z8X3V4B5N6M7K8J9H0G1F */
      id: string;
      /** @enum {string} */
      provider: "github" | "gitlab";
      name: string;
      /** @description The repositories taken; empty: all. */
      repositories: string[];
      space_rules: {
        [key: string]: string;
      };
      /**
       * @description Where the code host sends its webhooks: paste it in the repository's or group's webhook settings.
       * @example https://docket.example.com/api/integrations/int_01JQ2Z8X3V4B5N6M7K8J9H0G1F/webhook
       */
      webhook_url: string;
      /** @description The admin who made it: the person the integration's changes are accountable to. */
      created_by: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      last_delivery_at: string | null;
      version: number;
      /** @description The last 20 deliveries received, newest first. */
      deliveries: components["schemas"]["IntegrationDelivery"][];
    };
    UpdatedIntegration: {
      /** @example int_01JQ2Z8X3V4B5N6M7K8J9H0G1F */
      id: string;
      /** @enum {string} */
      provider: "github" | "gitlab";
      name: string;
      /** @description The repositories taken; empty: all. */
      repositories: string[];
      space_rules: {
        [key: string]: string;
      };
      /**
       * @description Where the code host sends its webhooks: paste it in the repository's or group's webhook settings.
       * @example https://docket.example.com/api/integrations/int_01JQ2Z8X3V4B5N6M7K8J9H0G1F/webhook
       */
      webhook_url: string;
      /** @description The admin who made it: the person the integration's changes are accountable to. */
      created_by: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      last_delivery_at: string | null;
      version: number;
      /** @description The last 20 deliveries received, newest first. */
      deliveries: components["schemas"]["IntegrationDelivery"][];
      /** @description The new secret, when it was rotated or set: shown only in this answer. */
      secret?: string;
    };
    CodeLinkWithIssue: {
      /** @example lnk_01JQ2Z8X3V4B5N6M7K8J9H0G1F */
      id: string;
      /** @enum {string} */
      provider: "github" | "gitlab";
      /** @enum {string} */
      kind: "pull_request" | "branch" | "commit";
      url: string;
      /** @description A pull request's title, a commit's first line, a branch's name. */
      title: string;
      /** @description The pull (merge) request's number; null for a branch or commit. */
      number: number | null;
      /** @description A pull request's open, draft, merged or closed; a branch is open; a commit has none. */
      state: ("open" | "draft" | "merged" | "closed") | null;
      review_state: ("approved" | "changes_requested") | null;
      author_login: string | null;
      repository: string;
      branch: string | null;
      /** @description A closing word (fixes, closes, resolves…) named the issue: merging finishes it. */
      closes: boolean;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      merged_at: string | null;
      closed_at: string | null;
      /** @example ENG-42 */
      issue: string;
    };
    Export: {
      id: string;
      /**
       * @description `queued`, then `running`, then `succeeded` (download it) or `failed` (see `error`); `expired` 7 days on.
       * @enum {string}
       */
      status: "queued" | "running" | "succeeded" | "failed" | "expired";
      /** @description The spaces asked for; null for every space. */
      spaces: string[] | null;
      /** @description How far it is. */
      progress: {
        /** @description The part being written (`issues.jsonl`), `archive` at the end, `done`. */
        part: string;
        /** @description Rows written so far. */
        done: number;
        /** @description Rows to write in all. */
        total: number;
      };
      /** @description The archive's size in bytes, once it succeeded. */
      size: number | null;
      /** @description Why it failed, when it did. */
      error: string | null;
      created_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      started_at: string | null;
      finished_at: string | null;
      /**
       * Format: date-time
       * @description When the archive is deleted (7 days after the export was asked for).
       */
      expires_at: string;
      /** @description Where to download the archive (with your token), once it succeeded; null before and after. */
      download_url: string | null;
    };
    Import: {
      id: string;
      /** @enum {string} */
      source: "github" | "linear" | "jira" | "docket";
      /** @description The space's prefix; null for a Docket archive. */
      space: string | null;
      file: {
        id: string;
        name: string;
      };
      dry_run: boolean;
      /**
       * @description `queued`, then `running`, then `completed` or `failed` (see `error`).
       * @enum {string}
       */
      status: "queued" | "running" | "completed" | "failed";
      /** @description What it is doing: `queued`, `checking` (reading every row), `people`, `issues`, `links`, `done`. */
      phase: string;
      progress: {
        /** @description Rows done in this phase. */
        processed: number;
        /** @description Rows in the file, once the check counted them. */
        total: number | null;
      };
      counts: {
        /** @description Rows (issues) read from the file. */
        rows: number;
        issues: {
          created: number;
          updated: number;
          unchanged: number;
          /** @description Rows that could not be read, skipped. */
          skipped: number;
        };
        comments: {
          created: number;
          updated: number;
          unchanged: number;
        };
        people: {
          /** @description People matched by email to members. */
          matched: number;
          /** @description Placeholder people made (or, in a dry run, to be made) for the rest. */
          placeholders: number;
        };
        labels: {
          created: number;
        };
        milestones: {
          created: number;
        };
        cycles: {
          created: number;
        };
        dependencies: {
          created: number;
          unchanged: number;
        };
        parents: {
          /** @description Parents set from the file. */
          set: number;
          /** @description Parents the source took away on a changed row, cleared here. */
          cleared: number;
        };
      } | null;
      mapping: {
        statuses: {
          source: string;
          status: string;
          issues: number;
        }[];
        priorities: {
          source: string;
          priority: string;
          issues: number;
        }[];
        labels: {
          name: string;
          issues: number;
          exists: boolean;
        }[];
        milestones: {
          name: string;
          issues: number;
          exists: boolean;
        }[];
        cycles: {
          name: string;
          issues: number;
          exists: boolean;
          /** @description Why the cycle is left out (no dates in the file, or dates overlapping another cycle); null when it is imported. */
          skipped: string | null;
        }[];
        people: {
          /** @description The person's name in the source (a GitHub login, a Jira account …). */
          source_id: string;
          name: string;
          email: string | null;
          issues: number;
          comments: number;
          /** @description The member they were matched to by email; null for a placeholder person. */
          member: {
            id: string;
            name: string;
          } | null;
        }[];
        /** @description People in the file; `people` lists the first 500. */
        people_count: number;
        edges: {
          parents: number;
          blocks: number;
          related: number;
          /** @description Duplicate-of links, imported as related edges. */
          duplicates: number;
        };
      } | null;
      /** @description The first 1,000 problems, each with its row and issue. */
      problems: {
        /** @description The row (CSV) or element (JSON) of the file, from 1; null for the file. */
        row: number | null;
        /** @description The issue in the source (`owner/repo#12`, `ENG-12`, `PROJ-7`). */
        source_id: string | null;
        message: string;
        /** @description The row was skipped (nothing of it written); else it was imported with this noted. */
        skipped: boolean;
      }[];
      problem_count: number;
      /** @description Why it failed, when it did. Nothing of a refused file was written. */
      error: string | null;
      /** @description One sentence on what happened (or would, for a dry run). */
      summary: string;
      created_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      started_at: string | null;
      finished_at: string | null;
    };
    Placeholder: {
      id: string;
      /** @description Shown as "name (imported)". */
      name: string;
      /** @description Who they are in the sources they came from (a GitHub login, a Linear name, a Jira account). */
      sources: {
        source: string;
        source_id: string;
      }[];
      /** @description Issues they created or are assigned. */
      issues: number;
      comments: number;
      /** Format: date-time */
      created_at: string;
    };
    MappedPlaceholder: {
      placeholder: {
        id: string;
        name: string;
      };
      member: {
        id: string;
        name: string;
        email: string;
      };
      moved: {
        issues: number;
        comments: number;
        activity: number;
      };
    };
    Usage: {
      /** @enum {string} */
      group_by: "agent" | "space" | "issue" | "person";
      /**
       * Format: date-time
       * @description The range's start (included).
       */
      from: string;
      /**
       * Format: date-time
       * @description The range's end (not included).
       */
      to: string;
      /** @description One row per agent, space, issue or person, the highest cost first, then the most tokens. */
      data: components["schemas"]["UsageRow"][];
      totals: components["schemas"]["UsageTotals"];
      next_cursor: string | null;
    };
    UsageRow: {
      /** @description What the row sums: the agent's id (con_… or pat_…), the space's (spc_…), the issue's (iss_…) or the person's (usr_…). */
      key: string;
      /** @description Its name: the agent connection's or token's name, the space's name, the issue's title, the person's name; null for one that is gone (an issue in the trash). */
      name: string | null;
      /** @description The issue's identifier (ENG-42) or the space's prefix (ENG); null for agents and people. */
      identifier: string | null;
      /** @description Input tokens (not read from a cache). */
      input_tokens: number;
      /** @description Output tokens. */
      output_tokens: number;
      /** @description Input tokens read from the model's cache. */
      cache_read_tokens: number;
      /** @description Input tokens written to the model's cache. */
      cache_write_tokens: number;
      /** @description All tokens: input + output + cache reads + cache writes (what a budget's token_limit counts). */
      tokens: number;
      /** @description Cost in millionths of the currency unit the agents report in (1,000,000 = 1 USD when they report dollars). */
      cost_micros: number;
      /** @description Runs (sessions) with at least one activity stored in the range. */
      sessions: number;
    };
    /** @description The sums over the whole range, every row together (not only this page). */
    UsageTotals: {
      /** @description Input tokens (not read from a cache). */
      input_tokens: number;
      /** @description Output tokens. */
      output_tokens: number;
      /** @description Input tokens read from the model's cache. */
      cache_read_tokens: number;
      /** @description Input tokens written to the model's cache. */
      cache_write_tokens: number;
      /** @description All tokens: input + output + cache reads + cache writes (what a budget's token_limit counts). */
      tokens: number;
      /** @description Cost in millionths of the currency unit the agents report in (1,000,000 = 1 USD when they report dollars). */
      cost_micros: number;
      /** @description Runs (sessions) with at least one activity stored in the range. */
      sessions: number;
    };
    Budget: {
      /** @description The budget's id, bud_… */
      id: string;
      /** @description What the budget limits: one agent, or one space's agents together. */
      scope: {
        /** @enum {string} */
        type: "agent" | "space";
        /** @description The agent's id (con_… or pat_…) or the space's (spc_…). */
        id: string;
        /** @description The agent connection's or token's name, or the space's name. */
        name: string | null;
        /** @description The space's prefix (ENG); null for an agent. */
        prefix: string | null;
      };
      /** @description The month's limit on cost, in millionths of the currency unit; null: no limit on cost. */
      cost_micros_limit: number | null;
      /** @description The month's limit on tokens (all four kinds); null: no limit on tokens. */
      token_limit: number | null;
      /** @description The month the figures are for, YYYY-MM (UTC): the current one. */
      month: string;
      /**
       * Format: date-time
       * @description When the month ends and spending starts again from nothing (UTC).
       */
      resets_at: string;
      /** @description What the agent (or the space's agents) reported since the first of the month 00:00 UTC. */
      spent: {
        /** @description Cost this month, in millionths of the currency unit. */
        cost_micros: number;
        /** @description Tokens this month: input + output + cache reads + cache writes. */
        tokens: number;
        input_tokens: number;
        output_tokens: number;
        cache_read_tokens: number;
        cache_write_tokens: number;
      };
      /** @description How much of the budget is spent, in percent, rounded down to 0.1: the larger of cost/cost_micros_limit and tokens/token_limit. Above 100 once overspent (runs stop at their next report, so a little may be spent past the limit). */
      percent: number;
      /**
       * @description ok; warning: at least 80% spent; exceeded: a limit reached (the agent's new claims and runs are refused with 403 budget_exceeded and its live runs are stopped until the month ends or the limit is raised).
       * @enum {string}
       */
      state: "ok" | "warning" | "exceeded";
      /** @description 1 when made, one more on each change; the ETag starts with it. */
      version: number;
      created_by: {
        person_id: string;
        via: string;
      };
      updated_by: {
        person_id: string;
        via: string;
      };
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
  };
  responses: {
    /** @description Not Modified: the If-None-Match still matches; there is no body. */
    NotModified: {
      headers: {
        ETag: components["headers"]["ETag"];
        "Cache-Control": components["headers"]["CacheControl"];
        "RateLimit-Limit": components["headers"]["RateLimitLimit"];
        "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
        "RateLimit-Reset": components["headers"]["RateLimitReset"];
        "X-Request-Id": components["headers"]["XRequestId"];
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description `invalid_request`: a parameter, query or body field is invalid or unknown; `fields` names each. */
    BadRequest: {
      headers: {
        "RateLimit-Limit": components["headers"]["RateLimitLimit"];
        "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
        "RateLimit-Reset": components["headers"]["RateLimitReset"];
        "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
        "X-Request-Id": components["headers"]["XRequestId"];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "invalid_request",
         *       "error_description": "Invalid input: query.limit: must be at most 100",
         *       "fields": {
         *         "query.limit": "must be at most 100"
         *       }
         *     }
         */
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description `invalid_token`: no access token, or one that is unknown, expired or revoked. */
    Unauthorized: {
      headers: {
        "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
        "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
        "X-Request-Id": components["headers"]["XRequestId"];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "invalid_token",
         *       "error_description": "This token has been revoked."
         *     }
         */
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description `insufficient_scope`: the token lacks the scope the operation needs; `csrf_refused`: a change made with the session cookie without the right `X-CSRF-Token` or from another site; `forbidden`: a request from another origin carrying the session cookie, or an action the caller may not take; `not_session_agent`: a write to an agent run by anyone but its own agent; `budget_exceeded`: the agent's (or the space's) budget is spent for this month, so it takes no new claims or runs until the month ends (UTC) or an admin raises the limit (`budget` names it). */
    Forbidden: {
      headers: {
        "WWW-Authenticate": components["headers"]["WWWAuthenticate"];
        "RateLimit-Limit": components["headers"]["RateLimitLimit"];
        "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
        "RateLimit-Reset": components["headers"]["RateLimitReset"];
        "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
        "X-Request-Id": components["headers"]["XRequestId"];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "insufficient_scope",
         *       "error_description": "This token lacks the workspace.write scope."
         *     }
         */
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description `not_found`: no such object in the token's workspace (another workspace's objects answer the same). */
    NotFound: {
      headers: {
        "RateLimit-Limit": components["headers"]["RateLimitLimit"];
        "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
        "RateLimit-Reset": components["headers"]["RateLimitReset"];
        "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
        "X-Request-Id": components["headers"]["XRequestId"];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "not_found",
         *       "error_description": "No issue ENG-42 in this workspace."
         *     }
         */
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description The request conflicts with the current state (e.g. a dependency that would close a cycle), or a request with the same Idempotency-Key is still running. `already_claimed`: another holds the issue (`holder`, `expires_at`); `claimed`: a write to an issue another connection holds (`holder`, `expires_at`; a person's write is never refused); `assigned_to_person`: a named claim of a person's work in progress without `take_over` (`assignee`); `not_ready`: a named claim of a blocked issue without `force` (`blocked_by`); `lease_lost`: a later claim superseded the fencing token sent, or the claim ran out or was taken over (the description names the next step); `session_active`: the issue has a live agent run already (`session`); `session_stopped`: a person stopped the agent's run, so its writes under the run and its claim are refused until its last word (`session`). */
    Conflict: {
      headers: {
        "Retry-After": components["headers"]["RetryAfter"];
        "RateLimit-Limit": components["headers"]["RateLimitLimit"];
        "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
        "RateLimit-Reset": components["headers"]["RateLimitReset"];
        "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
        "X-Request-Id": components["headers"]["XRequestId"];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "conflict",
         *       "error_description": "ENG-42 already blocks ENG-7: this edge would close a cycle."
         *     }
         */
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description `precondition_failed`: the object changed since the read whose ETag was sent in If-Match; nothing was changed. */
    PreconditionFailed: {
      headers: {
        "RateLimit-Limit": components["headers"]["RateLimitLimit"];
        "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
        "RateLimit-Reset": components["headers"]["RateLimitReset"];
        "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
        "X-Request-Id": components["headers"]["XRequestId"];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "precondition_failed",
         *       "error_description": "ENG-42 changed since your read (it is at version 4); read it again."
         *     }
         */
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description `request_too_large`: the body is larger than the endpoint accepts. */
    TooLarge: {
      headers: {
        "RateLimit-Limit": components["headers"]["RateLimitLimit"];
        "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
        "RateLimit-Reset": components["headers"]["RateLimitReset"];
        "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
        "X-Request-Id": components["headers"]["XRequestId"];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "request_too_large",
         *       "error_description": "The body is larger than 1 MB."
         *     }
         */
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description `unsupported_media_type`: send the body as application/json. */
    UnsupportedMediaType: {
      headers: {
        "RateLimit-Limit": components["headers"]["RateLimitLimit"];
        "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
        "RateLimit-Reset": components["headers"]["RateLimitReset"];
        "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
        "X-Request-Id": components["headers"]["XRequestId"];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "unsupported_media_type",
         *       "error_description": "Send the body as application/json."
         *     }
         */
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description `idempotency_key_reused`: the Idempotency-Key was used with a different request. */
    IdempotencyKeyReused: {
      headers: {
        "RateLimit-Limit": components["headers"]["RateLimitLimit"];
        "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
        "RateLimit-Reset": components["headers"]["RateLimitReset"];
        "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
        "X-Request-Id": components["headers"]["XRequestId"];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "idempotency_key_reused",
         *       "error_description": "This Idempotency-Key was already used with a different request; use a new key for a new request."
         *     }
         */
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description `rate_limited`: too many requests with this token; `retry_after` in the body repeats Retry-After. */
    TooManyRequests: {
      headers: {
        "Retry-After": components["headers"]["RetryAfter"];
        "RateLimit-Limit": components["headers"]["RateLimitLimit"];
        "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
        "RateLimit-Reset": components["headers"]["RateLimitReset"];
        "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
        "X-Request-Id": components["headers"]["XRequestId"];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "rate_limited",
         *       "error_description": "More than 600 requests a minute with this token; retry after 12 seconds.",
         *       "retry_after": 12
         *     }
         */
        "application/json": components["schemas"]["Error"];
      };
    };
    /** @description `temporarily_unavailable`: maintenance or a passing failure. */
    Unavailable: {
      headers: {
        "Retry-After": components["headers"]["RetryAfter"];
        "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
        "X-Request-Id": components["headers"]["XRequestId"];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "error": "temporarily_unavailable",
         *       "error_description": "Docket is under maintenance; retry in a minute."
         *     }
         */
        "application/json": components["schemas"]["Error"];
      };
    };
  };
  parameters: {
    /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
    IfNoneMatch: string;
    /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
    IfMatch: string;
    /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
    IdempotencyKey: string;
    /** @description The fencing token of your claim on the issue: the write is refused with 409 `lease_lost` (and changes nothing) when a later claim superseded it. */
    DocketFencingToken: number;
    /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
    DocketWorkspace: string;
    /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
    XCsrfToken: string;
  };
  requestBodies: never;
  headers: {
    /** @description Requests a minute allowed for this token. */
    RateLimitLimit: number;
    /** @description Requests left in the current window. */
    RateLimitRemaining: number;
    /** @description Seconds until the window resets. */
    RateLimitReset: number;
    /** @description Seconds to wait before trying again. */
    RetryAfter: number;
    /** @description The answer's entity tag; for versioned objects it starts with the version. */
    ETag: string;
    /** @description `private, no-cache`: keep the answer, but revalidate with If-None-Match. */
    CacheControl: string;
    /** @description `<url>; rel="next"` while more pages remain. */
    Link: string;
    /** @description `true` when this answer is the replay of an earlier request with the key. */
    IdempotentReplayed: "true";
    /** @description The bearer challenge (RFC 6750). */
    WWWAuthenticate: string;
    /** @description The request's id: the caller's own `X-Request-Id` (up to 64 of `A-Za-z0-9._:-`) or one made for it. Quote it when reporting a problem. */
    XRequestId: string;
  };
  pathItems: never;
}
export type SchemaError = components["schemas"]["Error"];
export type SchemaMe = components["schemas"]["Me"];
export type SchemaMember = components["schemas"]["Member"];
export type SchemaInvitation = components["schemas"]["Invitation"];
export type SchemaTeamMember = components["schemas"]["TeamMember"];
export type SchemaWorkspaceSettings = components["schemas"]["WorkspaceSettings"];
export type SchemaProfile = components["schemas"]["Profile"];
export type SchemaWorkspace = components["schemas"]["Workspace"];
export type SchemaConnection = components["schemas"]["Connection"];
export type SchemaIssueSummary = components["schemas"]["IssueSummary"];
export type SchemaAssignee = components["schemas"]["Assignee"];
export type SchemaIssue = components["schemas"]["Issue"];
export type SchemaCodeLink = components["schemas"]["CodeLink"];
export type SchemaActivity = components["schemas"]["Activity"];
export type SchemaTrashItem = components["schemas"]["TrashItem"];
export type SchemaDependency = components["schemas"]["Dependency"];
export type SchemaMilestoneDependency = components["schemas"]["MilestoneDependency"];
export type SchemaDecisionSummary = components["schemas"]["DecisionSummary"];
export type SchemaDecision = components["schemas"]["Decision"];
export type SchemaNoteSummary = components["schemas"]["NoteSummary"];
export type SchemaNote = components["schemas"]["Note"];
export type SchemaFolder = components["schemas"]["Folder"];
export type SchemaCycle = components["schemas"]["Cycle"];
export type SchemaCycleStats = components["schemas"]["CycleStats"];
export type SchemaMilestone = components["schemas"]["Milestone"];
export type SchemaLabel = components["schemas"]["Label"];
export type SchemaSavedView = components["schemas"]["SavedView"];
export type SchemaUploadUrl = components["schemas"]["UploadUrl"];
export type SchemaFile = components["schemas"]["File"];
export type SchemaSearchResult = components["schemas"]["SearchResult"];
export type SchemaBundle = components["schemas"]["Bundle"];
export type SchemaApproval = components["schemas"]["Approval"];
export type SchemaAuthor = components["schemas"]["Author"];
export type SchemaComment = components["schemas"]["Comment"];
export type SchemaClaim = components["schemas"]["Claim"];
export type SchemaSession = components["schemas"]["Session"];
export type SchemaSessionActivity = components["schemas"]["SessionActivity"];
export type SchemaEvent = components["schemas"]["Event"];
export type SchemaCommentThread = components["schemas"]["CommentThread"];
export type SchemaCommentDetail = components["schemas"]["CommentDetail"];
export type SchemaInboxItem = components["schemas"]["InboxItem"];
export type SchemaInboxSettings = components["schemas"]["InboxSettings"];
export type SchemaSpace = components["schemas"]["Space"];
export type SchemaIssueTemplate = components["schemas"]["IssueTemplate"];
export type SchemaCreatedWebhook = components["schemas"]["CreatedWebhook"];
export type SchemaWebhook = components["schemas"]["Webhook"];
export type SchemaWebhookDelivery = components["schemas"]["WebhookDelivery"];
export type SchemaCreatedIntegration = components["schemas"]["CreatedIntegration"];
export type SchemaIntegrationDelivery = components["schemas"]["IntegrationDelivery"];
export type SchemaIntegration = components["schemas"]["Integration"];
export type SchemaIntegrationDetail = components["schemas"]["IntegrationDetail"];
export type SchemaUpdatedIntegration = components["schemas"]["UpdatedIntegration"];
export type SchemaCodeLinkWithIssue = components["schemas"]["CodeLinkWithIssue"];
export type SchemaExport = components["schemas"]["Export"];
export type SchemaImport = components["schemas"]["Import"];
export type SchemaPlaceholder = components["schemas"]["Placeholder"];
export type SchemaMappedPlaceholder = components["schemas"]["MappedPlaceholder"];
export type SchemaUsage = components["schemas"]["Usage"];
export type SchemaUsageRow = components["schemas"]["UsageRow"];
export type SchemaUsageTotals = components["schemas"]["UsageTotals"];
export type SchemaBudget = components["schemas"]["Budget"];
export type ResponseNotModified = components["responses"]["NotModified"];
export type ResponseBadRequest = components["responses"]["BadRequest"];
export type ResponseUnauthorized = components["responses"]["Unauthorized"];
export type ResponseForbidden = components["responses"]["Forbidden"];
export type ResponseNotFound = components["responses"]["NotFound"];
export type ResponseConflict = components["responses"]["Conflict"];
export type ResponsePreconditionFailed = components["responses"]["PreconditionFailed"];
export type ResponseTooLarge = components["responses"]["TooLarge"];
export type ResponseUnsupportedMediaType = components["responses"]["UnsupportedMediaType"];
export type ResponseIdempotencyKeyReused = components["responses"]["IdempotencyKeyReused"];
export type ResponseTooManyRequests = components["responses"]["TooManyRequests"];
export type ResponseUnavailable = components["responses"]["Unavailable"];
export type ParameterIfNoneMatch = components["parameters"]["IfNoneMatch"];
export type ParameterIfMatch = components["parameters"]["IfMatch"];
export type ParameterIdempotencyKey = components["parameters"]["IdempotencyKey"];
export type ParameterDocketFencingToken = components["parameters"]["DocketFencingToken"];
export type ParameterDocketWorkspace = components["parameters"]["DocketWorkspace"];
export type ParameterXCsrfToken = components["parameters"]["XCsrfToken"];
export type HeaderRateLimitLimit = components["headers"]["RateLimitLimit"];
export type HeaderRateLimitRemaining = components["headers"]["RateLimitRemaining"];
export type HeaderRateLimitReset = components["headers"]["RateLimitReset"];
export type HeaderRetryAfter = components["headers"]["RetryAfter"];
export type HeaderETag = components["headers"]["ETag"];
export type HeaderCacheControl = components["headers"]["CacheControl"];
export type HeaderLink = components["headers"]["Link"];
export type HeaderIdempotentReplayed = components["headers"]["IdempotentReplayed"];
export type HeaderWwwAuthenticate = components["headers"]["WWWAuthenticate"];
export type HeaderXRequestId = components["headers"]["XRequestId"];
export type $defs = Record<string, never>;
export interface operations {
  getMe: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "person": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "email": "ada@example.com",
           *         "name": "Acme"
           *       },
           *       "credential": {
           *         "kind": "session",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "scopes": [
           *           "workspace.read"
           *         ]
           *       },
           *       "workspace": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "slug": "acme",
           *         "name": "Acme",
           *         "role": "owner"
           *       },
           *       "workspaces": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "slug": "acme",
           *           "name": "Acme",
           *           "role": "owner"
           *         }
           *       ],
           *       "csrf_token": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["Me"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateMe: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Acme"
         *     }
         */
        "application/json": {
          /** @description Your name, as others see it (1 to 100 characters). */
          name: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "email": "ada@example.com",
           *       "name": "Acme"
           *     }
           */
          "application/json": components["schemas"]["Profile"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listMembers: {
    parameters: {
      query?: {
        /** @description Only members whose name or email contains this text (any case): for pickers and mentions. */
        q?: string;
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "email": "ada@example.com",
           *           "role": "owner",
           *           "joined_at": "2026-03-01T09:00:00.000Z",
           *           "suspended": false
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Member"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listInvitations: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "email": "ada@example.com",
           *           "role": "admin",
           *           "status": "pending",
           *           "invited_by": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "expires_at": "2026-03-01T09:00:00.000Z",
           *           "accepted_at": "2026-03-01T09:00:00.000Z",
           *           "revoked_at": "2026-03-01T09:00:00.000Z",
           *           "created_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Invitation"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createInvitation: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ada@example.com",
         *       "role": "admin"
         *     }
         */
        "application/json": {
          /** @description The address to invite; the person signs in (or up) with it to accept. */
          email: string;
          /**
           * @description The role the person gets on accepting: admin or member (the default).
           * @default member
           * @enum {string}
           */
          role?: "admin" | "member";
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "email": "ada@example.com",
           *       "role": "admin",
           *       "status": "pending",
           *       "invited_by": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "expires_at": "2026-03-01T09:00:00.000Z",
           *       "accepted_at": "2026-03-01T09:00:00.000Z",
           *       "revoked_at": "2026-03-01T09:00:00.000Z",
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "url": "ENG-42",
           *       "emailed": false
           *     }
           */
          "application/json": {
            id: string;
            email: string;
            /** @enum {string} */
            role: "admin" | "member";
            /**
             * @description pending until accepted, revoked or past `expires_at`.
             * @enum {string}
             */
            status: "pending" | "accepted" | "revoked" | "expired";
            invited_by: {
              id: string;
              name: string;
            };
            /** Format: date-time */
            expires_at: string;
            accepted_at: string | null;
            revoked_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** @description The invitation's link, as mailed: shown once here so it can also be passed on by hand. It works once, for the invited email, until `expires_at`. */
            url: string;
            /** @description true when the mail went out over SMTP; false when it went to the log. */
            emailed: boolean;
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  revokeInvitation: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description The invitation's id (inv_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "email": "ada@example.com",
           *       "role": "admin",
           *       "status": "pending",
           *       "invited_by": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "expires_at": "2026-03-01T09:00:00.000Z",
           *       "accepted_at": "2026-03-01T09:00:00.000Z",
           *       "revoked_at": "2026-03-01T09:00:00.000Z",
           *       "created_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Invitation"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  removeMember: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description The member's person id (usr_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "email": "ada@example.com",
           *       "role": "owner",
           *       "joined_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["TeamMember"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateMember: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description The member's person id (usr_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "role": "admin"
         *     }
         */
        "application/json": {
          /**
           * @description admin or member.
           * @enum {string}
           */
          role: "admin" | "member";
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "email": "ada@example.com",
           *       "role": "owner",
           *       "joined_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["TeamMember"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  transferOwnership: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *     }
         */
        "application/json": {
          /** @description The member (usr_…) who becomes the Owner. */
          person_id: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "owner": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com",
           *         "role": "owner",
           *         "joined_at": "2026-03-01T09:00:00.000Z"
           *       },
           *       "previous_owner": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com",
           *         "role": "owner",
           *         "joined_at": "2026-03-01T09:00:00.000Z"
           *       }
           *     }
           */
          "application/json": {
            owner: components["schemas"]["TeamMember"];
            previous_owner: components["schemas"]["TeamMember"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getWorkspaceSettings: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "ws_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "slug": "acme",
           *       "owner_id": "ENG-42",
           *       "allowed_domains": [
           *         "ENG-42"
           *       ]
           *     }
           */
          "application/json": components["schemas"]["WorkspaceSettings"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getWorkspace: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "ws_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "slug": "acme",
           *       "spaces": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "prefix": "ENG"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["Workspace"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateWorkspace: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "name": "Acme",
         *       "allowed_domains": [
         *         "example.com"
         *       ]
         *     }
         */
        "application/json": {
          /** @description The workspace's name. */
          name?: string;
          /** @description Email domains (`example.com`) whose people, signed in with a verified address there, may join the workspace as members by themselves; [] for none. */
          allowed_domains?: string[];
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "ws_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "slug": "acme",
           *       "owner_id": "ENG-42",
           *       "allowed_domains": [
           *         "ENG-42"
           *       ]
           *     }
           */
          "application/json": components["schemas"]["WorkspaceSettings"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listConnections: {
    parameters: {
      query?: {
        /** @description Only connections in this state: `active` (usable now), `expired` (its approval ran out unused) or `revoked`. */
        status?: "active" | "expired" | "revoked";
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "kind": "agent",
           *           "name": "Acme",
           *           "approved_by": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "email": "ada@example.com"
           *           },
           *           "approved_at": "2026-03-01T09:00:00.000Z",
           *           "scopes": [
           *             "workspace.read"
           *           ],
           *           "access": "read",
           *           "last_used_at": "2026-03-01T09:00:00.000Z",
           *           "expires_at": "2026-03-01T09:00:00.000Z",
           *           "status": "active",
           *           "revoked_at": "2026-03-01T09:00:00.000Z",
           *           "revocable": false
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Connection"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getConnection: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "kind": "agent",
           *       "name": "Acme",
           *       "approved_by": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com"
           *       },
           *       "approved_at": "2026-03-01T09:00:00.000Z",
           *       "scopes": [
           *         "workspace.read"
           *       ],
           *       "access": "read",
           *       "last_used_at": "2026-03-01T09:00:00.000Z",
           *       "expires_at": "2026-03-01T09:00:00.000Z",
           *       "status": "active",
           *       "revoked_at": "2026-03-01T09:00:00.000Z",
           *       "revocable": false
           *     }
           */
          "application/json": components["schemas"]["Connection"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  revokeConnection: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "kind": "agent",
           *       "name": "Acme",
           *       "approved_by": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com"
           *       },
           *       "approved_at": "2026-03-01T09:00:00.000Z",
           *       "scopes": [
           *         "workspace.read"
           *       ],
           *       "access": "read",
           *       "last_used_at": "2026-03-01T09:00:00.000Z",
           *       "expires_at": "2026-03-01T09:00:00.000Z",
           *       "status": "active",
           *       "revoked_at": "2026-03-01T09:00:00.000Z",
           *       "revocable": false
           *     }
           */
          "application/json": components["schemas"]["Connection"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listIssues: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description A space prefix. */
        space?: string;
        /** @description Comma-separated statuses; an issue in any of them matches. */
        status?: string;
        /** @description Comma-separated priorities; an issue of any of them matches. */
        priority?: string;
        /** @description Comma-separated labels; an issue with any of them matches. */
        label?: string;
        /** @description A member's email or id (usr_…), an agent connection's id (con_…), `me`, or `none`. */
        assignee?: string;
        cycle?: string;
        milestone?: string;
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        parent?: string;
        /** @description true: only issues ready to work on (open, not iced, no open blocker). */
        ready?: "0" | "1" | "true" | "false";
        /** @description true: only issues an agent may start: ready, in backlog or todo, and not claimed. */
        startable?: "0" | "1" | "true" | "false";
        /** @description true: only iced issues; false: none. */
        iced?: "0" | "1" | "true" | "false";
        /** @description Text in the title (case-insensitive). */
        q?: string;
        updated_since?: string;
        /** @description created/updated oldest first, -created/-updated newest first, priority most urgent first. */
        sort?: "created" | "-created" | "updated" | "-updated" | "priority" | "-priority";
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "number": 42,
           *           "space": "ENG",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog",
           *           "priority": "none",
           *           "labels": [
           *             "backend"
           *           ],
           *           "assignee": {
           *             "type": "person",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "email": "ada@example.com"
           *           },
           *           "estimate": 3,
           *           "due_date": "2026-03-20",
           *           "parent": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42"
           *           },
           *           "cycle": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "milestone": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "ready": true,
           *           "completed_at": "2026-03-01T09:00:00.000Z",
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "version": 3
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["IssueSummary"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createIssue: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "title": "Import issues from the old tracker",
         *       "space": "ENG",
         *       "description": "Move the 1,200 open issues over, keeping their history.",
         *       "status": "backlog",
         *       "priority": "none",
         *       "labels": [
         *         "backend"
         *       ],
         *       "assignee": "ENG-42",
         *       "estimate": 3,
         *       "due_date": "2026-03-20",
         *       "parent": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
         *       "cycle": "cyc_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
         *       "milestone": "ms_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
         *       "blocks": [
         *         "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *       ],
         *       "blockedBy": [
         *         "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *       ],
         *       "relatesTo": [
         *         "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *       ]
         *     }
         */
        "application/json": {
          /** @description A one-line title, 1 to 255 characters. */
          title: string;
          /** @description The space's prefix; the workspace's first space when left out. */
          space?: string;
          /** @description Markdown text, at most 100,000 characters. */
          description?: string;
          /**
           * @description backlog for a new issue when left out.
           * @enum {string}
           */
          status?: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled";
          /**
           * @description none for a new issue when left out.
           * @enum {string}
           */
          priority?: "none" | "low" | "medium" | "high" | "urgent";
          /** @description Label names: the whole set, replacing the issue's labels. */
          labels?: string[];
          assignee?: string | null;
          /** @description Points. */
          estimate?: number | null;
          due_date?: string | null;
          /** @description The issue this one is part of. */
          parent?: string | null;
          /** @description The cycle (cyc_…) it is planned in. */
          cycle?: string | null;
          /** @description The milestone (ms_…) it counts toward. */
          milestone?: string | null;
          /** @description Issues this one blocks. */
          blocks?: string[];
          /** @description Issues that block this one. */
          blockedBy?: string[];
          /** @description Related issues. */
          relatesTo?: string[];
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "identifier": "ENG-42",
           *       "number": 42,
           *       "space": "ENG",
           *       "title": "Import issues from the old tracker",
           *       "status": "backlog",
           *       "priority": "none",
           *       "labels": [
           *         "backend"
           *       ],
           *       "assignee": {
           *         "type": "person",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com"
           *       },
           *       "estimate": 3,
           *       "due_date": "2026-03-20",
           *       "parent": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42"
           *       },
           *       "cycle": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "milestone": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "ready": true,
           *       "completed_at": "2026-03-01T09:00:00.000Z",
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "version": 3,
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "blocks": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "blockedBy": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "relatesTo": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "source": "github",
           *       "source_url": "ENG-42",
           *       "branch_name": "ENG-42",
           *       "code_links": [
           *         {
           *           "id": "lnk_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *           "provider": "github",
           *           "kind": "pull_request",
           *           "url": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "number": 42,
           *           "state": "open",
           *           "review_state": "approved",
           *           "author_login": "ENG-42",
           *           "repository": "ENG-42",
           *           "branch": "ENG-42",
           *           "closes": false,
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "merged_at": "2026-03-01T09:00:00.000Z",
           *           "closed_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["Issue"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getIssue: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "identifier": "ENG-42",
           *       "number": 42,
           *       "space": "ENG",
           *       "title": "Import issues from the old tracker",
           *       "status": "backlog",
           *       "priority": "none",
           *       "labels": [
           *         "backend"
           *       ],
           *       "assignee": {
           *         "type": "person",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com"
           *       },
           *       "estimate": 3,
           *       "due_date": "2026-03-20",
           *       "parent": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42"
           *       },
           *       "cycle": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "milestone": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "ready": true,
           *       "completed_at": "2026-03-01T09:00:00.000Z",
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "version": 3,
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "blocks": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "blockedBy": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "relatesTo": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "source": "github",
           *       "source_url": "ENG-42",
           *       "branch_name": "ENG-42",
           *       "code_links": [
           *         {
           *           "id": "lnk_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *           "provider": "github",
           *           "kind": "pull_request",
           *           "url": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "number": 42,
           *           "state": "open",
           *           "review_state": "approved",
           *           "author_login": "ENG-42",
           *           "repository": "ENG-42",
           *           "branch": "ENG-42",
           *           "closes": false,
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "merged_at": "2026-03-01T09:00:00.000Z",
           *           "closed_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["Issue"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  deleteIssue: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "type": "issue",
           *       "object_id": "ENG-42",
           *       "ref": "ENG-42",
           *       "title": "Import issues from the old tracker",
           *       "deleted_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "purge_at": "2026-03-01T09:00:00.000Z",
           *       "restore": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["TrashItem"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateIssue: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description The fencing token of your claim on the issue: the write is refused with 409 `lease_lost` (and changes nothing) when a later claim superseded it. */
        "Docket-Fencing-Token"?: components["parameters"]["DocketFencingToken"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "title": "Import issues from the old tracker",
         *       "description": "Move the 1,200 open issues over, keeping their history.",
         *       "status": "backlog",
         *       "priority": "none",
         *       "labels": [
         *         "backend"
         *       ],
         *       "assignee": "ENG-42",
         *       "estimate": 3,
         *       "due_date": "2026-03-20",
         *       "parent": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
         *       "cycle": "cyc_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
         *       "milestone": "ms_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *     }
         */
        "application/json": {
          /** @description A one-line title, 1 to 255 characters. */
          title?: string;
          /** @description Markdown text, at most 100,000 characters. */
          description?: string;
          /**
           * @description backlog for a new issue when left out.
           * @enum {string}
           */
          status?: "backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled";
          /**
           * @description none for a new issue when left out.
           * @enum {string}
           */
          priority?: "none" | "low" | "medium" | "high" | "urgent";
          /** @description Label names: the whole set, replacing the issue's labels. */
          labels?: string[];
          assignee?: string | null;
          /** @description Points. */
          estimate?: number | null;
          due_date?: string | null;
          /** @description The issue this one is part of. */
          parent?: string | null;
          /** @description The cycle (cyc_…) it is planned in. */
          cycle?: string | null;
          /** @description The milestone (ms_…) it counts toward. */
          milestone?: string | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "identifier": "ENG-42",
           *       "number": 42,
           *       "space": "ENG",
           *       "title": "Import issues from the old tracker",
           *       "status": "backlog",
           *       "priority": "none",
           *       "labels": [
           *         "backend"
           *       ],
           *       "assignee": {
           *         "type": "person",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com"
           *       },
           *       "estimate": 3,
           *       "due_date": "2026-03-20",
           *       "parent": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42"
           *       },
           *       "cycle": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "milestone": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "ready": true,
           *       "completed_at": "2026-03-01T09:00:00.000Z",
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "version": 3,
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "blocks": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "blockedBy": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "relatesTo": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "source": "github",
           *       "source_url": "ENG-42",
           *       "branch_name": "ENG-42",
           *       "code_links": [
           *         {
           *           "id": "lnk_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *           "provider": "github",
           *           "kind": "pull_request",
           *           "url": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "number": 42,
           *           "state": "open",
           *           "review_state": "approved",
           *           "author_login": "ENG-42",
           *           "repository": "ENG-42",
           *           "branch": "ENG-42",
           *           "closes": false,
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "merged_at": "2026-03-01T09:00:00.000Z",
           *           "closed_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["Issue"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  iceIssue: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description The fencing token of your claim on the issue: the write is refused with 409 `lease_lost` (and changes nothing) when a later claim superseded it. */
        "Docket-Fencing-Token"?: components["parameters"]["DocketFencingToken"];
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /** @example {} */
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "identifier": "ENG-42",
           *       "number": 42,
           *       "space": "ENG",
           *       "title": "Import issues from the old tracker",
           *       "status": "backlog",
           *       "priority": "none",
           *       "labels": [
           *         "backend"
           *       ],
           *       "assignee": {
           *         "type": "person",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com"
           *       },
           *       "estimate": 3,
           *       "due_date": "2026-03-20",
           *       "parent": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42"
           *       },
           *       "cycle": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "milestone": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "ready": true,
           *       "completed_at": "2026-03-01T09:00:00.000Z",
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "version": 3,
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "blocks": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "blockedBy": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "relatesTo": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "source": "github",
           *       "source_url": "ENG-42",
           *       "branch_name": "ENG-42",
           *       "code_links": [
           *         {
           *           "id": "lnk_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *           "provider": "github",
           *           "kind": "pull_request",
           *           "url": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "number": 42,
           *           "state": "open",
           *           "review_state": "approved",
           *           "author_login": "ENG-42",
           *           "repository": "ENG-42",
           *           "branch": "ENG-42",
           *           "closes": false,
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "merged_at": "2026-03-01T09:00:00.000Z",
           *           "closed_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["Issue"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listIssueActivity: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "action": "ENG-42",
           *           "changes": {
           *             "key": {
           *               "from": {},
           *               "to": {}
           *             }
           *           },
           *           "actor": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             }
           *           },
           *           "via_integration": {
           *             "provider": "ENG-42",
           *             "kind": "ENG-42",
           *             "number": 42,
           *             "author_login": "ENG-42",
           *             "url": "ENG-42"
           *           },
           *           "at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Activity"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  restoreIssue: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /** @example {} */
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "type": "issue",
           *       "object_id": "ENG-42",
           *       "ref": "ENG-42",
           *       "title": "Import issues from the old tracker",
           *       "deleted_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "purge_at": "2026-03-01T09:00:00.000Z",
           *       "restore": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["TrashItem"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  addIssueDependencies: {
    parameters: {
      query?: never;
      header?: {
        /** @description The fencing token of your claim on the issue: the write is refused with 409 `lease_lost` (and changes nothing) when a later claim superseded it. */
        "Docket-Fencing-Token"?: components["parameters"]["DocketFencingToken"];
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "blockedBy": [
         *         "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *       ],
         *       "blocks": [
         *         "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *       ],
         *       "relatesTo": [
         *         "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *       ]
         *     }
         */
        "application/json": {
          /** @description Issues that block this one. */
          blockedBy?: string[];
          /** @description Issues this one blocks. */
          blocks?: string[];
          /** @description Issues related to this one (no direction). */
          relatesTo?: string[];
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "type": "blocks",
           *           "from": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "status": "backlog"
           *           },
           *           "to": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "status": "backlog"
           *           },
           *           "note": "The importer needs the schema first.",
           *           "version": 3,
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "created": true
           *         }
           *       ]
           *     }
           */
          "application/json": {
            data: components["schemas"]["Dependency"][];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getDependency: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "type": "blocks",
           *       "from": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker",
           *         "status": "backlog"
           *       },
           *       "to": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker",
           *         "status": "backlog"
           *       },
           *       "note": "The importer needs the schema first.",
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "created": true
           *     }
           */
          "application/json": components["schemas"]["Dependency"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  deleteDependency: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "deleted": true
           *     }
           */
          "application/json": {
            id: string;
            /** @constant */
            deleted: true;
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateDependency: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "type": "blocks",
         *       "reverse": true,
         *       "note": "The importer needs the schema first."
         *     }
         */
        "application/json": {
          /**
           * @description blocks: `from` blocks `to`; relatesTo: the two are related.
           * @enum {string}
           */
          type?: "blocks" | "relatesTo";
          /**
           * @description Swap `from` and `to`, so that `to` blocks `from`.
           * @constant
           */
          reverse?: true;
          note?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "type": "blocks",
           *       "from": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker",
           *         "status": "backlog"
           *       },
           *       "to": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker",
           *         "status": "backlog"
           *       },
           *       "note": "The importer needs the schema first.",
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "created": true
           *     }
           */
          "application/json": components["schemas"]["Dependency"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  addMilestoneDependencies: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "blockedBy": [
         *         "ms_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *       ],
         *       "blocks": [
         *         "ms_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *       ]
         *     }
         */
        "application/json": {
          /** @description Milestones that must be reached before this one. */
          blockedBy?: string[];
          /** @description Milestones that wait for this one. */
          blocks?: string[];
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "mdep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "type": "blocks",
           *           "from": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "to": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "created": true
           *         }
           *       ]
           *     }
           */
          "application/json": {
            data: components["schemas"]["MilestoneDependency"][];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  deleteMilestoneDependency: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "deleted": true
           *     }
           */
          "application/json": {
            id: string;
            /** @constant */
            deleted: true;
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listDecisions: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description Comma-separated statuses. */
        status?: string;
        /** @description Only decisions linked to this issue. */
        issue?: string;
        /** @description Text the title contains (case-insensitive). */
        q?: string;
        /** @description created: oldest first; -created: newest first (the default). */
        sort?: "created" | "-created";
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "dec_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "title": "Import issues from the old tracker",
           *           "status": "proposed",
           *           "supersedes": "ENG-42",
           *           "superseded_by": [
           *             "ENG-42"
           *           ],
           *           "issues": [
           *             {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "identifier": "ENG-42",
           *               "title": "Import issues from the old tracker",
           *               "status": "backlog"
           *             }
           *           ],
           *           "version": 3,
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["DecisionSummary"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createDecision: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "title": "Import issues from the old tracker",
         *       "status": "proposed",
         *       "context": "The old tracker is shut down in June.",
         *       "decision": "Import once, then freeze the old tracker.",
         *       "consequences": "Links to old issues redirect to the new ones.",
         *       "issues": [
         *         "ENG-42"
         *       ],
         *       "supersedes": "dec_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *     }
         */
        "application/json": {
          /** @description A one-line title, 1 to 255 characters. */
          title: string;
          /**
           * @description proposed (the default), accepted, rejected or superseded.
           * @enum {string}
           */
          status?: "proposed" | "accepted" | "rejected" | "superseded";
          /** @description Why a decision was needed: the forces at play (Markdown). */
          context?: string;
          /** @description What was decided (Markdown). */
          decision?: string;
          /** @description What follows from it, good and bad (Markdown). */
          consequences?: string;
          /** @description Issues the decision bears on; on update, the whole new set. */
          issues?: string[];
          /** @description An earlier decision this one replaces; that one is marked superseded. */
          supersedes?: string | null;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "dec_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "title": "Import issues from the old tracker",
           *       "status": "proposed",
           *       "supersedes": "ENG-42",
           *       "superseded_by": [
           *         "ENG-42"
           *       ],
           *       "issues": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "context": "The old tracker is shut down in June.",
           *       "decision": "Import once, then freeze the old tracker.",
           *       "consequences": "Links to old issues redirect to the new ones."
           *     }
           */
          "application/json": components["schemas"]["Decision"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getDecision: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "dec_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "title": "Import issues from the old tracker",
           *       "status": "proposed",
           *       "supersedes": "ENG-42",
           *       "superseded_by": [
           *         "ENG-42"
           *       ],
           *       "issues": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "context": "The old tracker is shut down in June.",
           *       "decision": "Import once, then freeze the old tracker.",
           *       "consequences": "Links to old issues redirect to the new ones."
           *     }
           */
          "application/json": components["schemas"]["Decision"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  deleteDecision: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "type": "issue",
           *       "object_id": "ENG-42",
           *       "ref": "ENG-42",
           *       "title": "Import issues from the old tracker",
           *       "deleted_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "purge_at": "2026-03-01T09:00:00.000Z",
           *       "restore": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["TrashItem"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateDecision: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "title": "Import issues from the old tracker",
         *       "status": "proposed",
         *       "context": "The old tracker is shut down in June.",
         *       "decision": "Import once, then freeze the old tracker.",
         *       "consequences": "Links to old issues redirect to the new ones.",
         *       "issues": [
         *         "ENG-42"
         *       ],
         *       "supersedes": "dec_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *     }
         */
        "application/json": {
          /** @description A one-line title, 1 to 255 characters. */
          title?: string;
          /**
           * @description proposed (the default), accepted, rejected or superseded.
           * @enum {string}
           */
          status?: "proposed" | "accepted" | "rejected" | "superseded";
          /** @description Why a decision was needed: the forces at play (Markdown). */
          context?: string;
          /** @description What was decided (Markdown). */
          decision?: string;
          /** @description What follows from it, good and bad (Markdown). */
          consequences?: string;
          /** @description Issues the decision bears on; on update, the whole new set. */
          issues?: string[];
          /** @description An earlier decision this one replaces; that one is marked superseded. */
          supersedes?: string | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "dec_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "title": "Import issues from the old tracker",
           *       "status": "proposed",
           *       "supersedes": "ENG-42",
           *       "superseded_by": [
           *         "ENG-42"
           *       ],
           *       "issues": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "context": "The old tracker is shut down in June.",
           *       "decision": "Import once, then freeze the old tracker.",
           *       "consequences": "Links to old issues redirect to the new ones."
           *     }
           */
          "application/json": components["schemas"]["Decision"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listDecisionActivity: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "action": "ENG-42",
           *           "changes": {
           *             "key": {
           *               "from": {},
           *               "to": {}
           *             }
           *           },
           *           "actor": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             }
           *           },
           *           "via_integration": {
           *             "provider": "ENG-42",
           *             "kind": "ENG-42",
           *             "number": 42,
           *             "author_login": "ENG-42",
           *             "url": "ENG-42"
           *           },
           *           "at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Activity"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  restoreDecision: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /** @example {} */
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "type": "issue",
           *       "object_id": "ENG-42",
           *       "ref": "ENG-42",
           *       "title": "Import issues from the old tracker",
           *       "deleted_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "purge_at": "2026-03-01T09:00:00.000Z",
           *       "restore": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["TrashItem"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listNotes: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description Only notes directly in this folder; `none` for notes at the top level. */
        folder?: string;
        /** @description Only notes linked to this issue. */
        issue?: string;
        /** @description Text the title contains (case-insensitive). */
        q?: string;
        /** @description created: oldest first; -created: newest first (the default). */
        sort?: "created" | "-created";
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "note_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "title": "Import issues from the old tracker",
           *           "folder": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "issues": [
           *             {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "identifier": "ENG-42",
           *               "title": "Import issues from the old tracker",
           *               "status": "backlog"
           *             }
           *           ],
           *           "version": 3,
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["NoteSummary"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createNote: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "title": "Import issues from the old tracker",
         *       "body": "# Importer\n\nWe read the old tracker's CSV export.",
         *       "folder": "fld_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
         *       "issues": [
         *         "ENG-42"
         *       ]
         *     }
         */
        "application/json": {
          /** @description A one-line title, 1 to 255 characters. */
          title: string;
          /** @description The note itself (Markdown). */
          body?: string;
          /** @description The folder to file it in; at the top level when null. */
          folder?: string | null;
          /** @description Issues the note bears on. */
          issues?: string[];
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "note_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "title": "Import issues from the old tracker",
           *       "folder": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "issues": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "body": "# Importer\n\nWe read the old tracker's CSV export."
           *     }
           */
          "application/json": components["schemas"]["Note"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getNote: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "note_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "title": "Import issues from the old tracker",
           *       "folder": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "issues": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "body": "# Importer\n\nWe read the old tracker's CSV export."
           *     }
           */
          "application/json": components["schemas"]["Note"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  deleteNote: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "type": "issue",
           *       "object_id": "ENG-42",
           *       "ref": "ENG-42",
           *       "title": "Import issues from the old tracker",
           *       "deleted_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "purge_at": "2026-03-01T09:00:00.000Z",
           *       "restore": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["TrashItem"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateNote: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "title": "Import issues from the old tracker",
         *       "body": "# Importer\n\nWe read the old tracker's CSV export.",
         *       "folder": "fld_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
         *       "issues": [
         *         "ENG-42"
         *       ]
         *     }
         */
        "application/json": {
          /** @description A one-line title, 1 to 255 characters. */
          title?: string;
          /** @description Markdown text, at most 100,000 characters. */
          body?: string;
          /** @description Another folder, or null for the top level. */
          folder?: string | null;
          /** @description The whole new set of linked issues. */
          issues?: string[];
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "note_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "title": "Import issues from the old tracker",
           *       "folder": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "issues": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "body": "# Importer\n\nWe read the old tracker's CSV export."
           *     }
           */
          "application/json": components["schemas"]["Note"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listNoteActivity: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "action": "ENG-42",
           *           "changes": {
           *             "key": {
           *               "from": {},
           *               "to": {}
           *             }
           *           },
           *           "actor": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             }
           *           },
           *           "via_integration": {
           *             "provider": "ENG-42",
           *             "kind": "ENG-42",
           *             "number": 42,
           *             "author_login": "ENG-42",
           *             "url": "ENG-42"
           *           },
           *           "at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Activity"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listFolders: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description Only the folders directly in this folder (`none`: the top level). */
        parent?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "fld_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "parent_id": "ENG-42",
           *           "note_count": 2,
           *           "version": 3,
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Folder"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createFolder: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Acme",
         *       "parent": "fld_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *     }
         */
        "application/json": {
          name: string;
          /** @description The folder to put it in; at the top level when null. */
          parent?: string | null;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "fld_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "parent_id": "ENG-42",
           *       "note_count": 2,
           *       "version": 3,
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Folder"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getFolder: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "fld_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "parent_id": "ENG-42",
           *       "note_count": 2,
           *       "version": 3,
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Folder"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  deleteFolder: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "type": "issue",
           *       "object_id": "ENG-42",
           *       "ref": "ENG-42",
           *       "title": "Import issues from the old tracker",
           *       "deleted_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "purge_at": "2026-03-01T09:00:00.000Z",
           *       "restore": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["TrashItem"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateFolder: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "name": "Acme",
         *       "parent": "fld_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *     }
         */
        "application/json": {
          name?: string;
          /** @description Move it into this folder, or to the top level with null. */
          parent?: string | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "fld_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "parent_id": "ENG-42",
           *       "note_count": 2,
           *       "version": 3,
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Folder"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  restoreNote: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /** @example {} */
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "type": "issue",
           *       "object_id": "ENG-42",
           *       "ref": "ENG-42",
           *       "title": "Import issues from the old tracker",
           *       "deleted_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "purge_at": "2026-03-01T09:00:00.000Z",
           *       "restore": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["TrashItem"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  restoreFolder: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /** @example {} */
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "type": "issue",
           *       "object_id": "ENG-42",
           *       "ref": "ENG-42",
           *       "title": "Import issues from the old tracker",
           *       "deleted_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "purge_at": "2026-03-01T09:00:00.000Z",
           *       "restore": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["TrashItem"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listCycles: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description A space's prefix, such as ENG. */
        space?: string;
        /** @description Comma-separated states: upcoming, active, completed. */
        state?: string;
        /** @description starts_on: earliest first; -starts_on: latest first. */
        sort?: "starts_on" | "-starts_on";
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "cyc_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "space": "ENG",
           *           "name": "Acme",
           *           "starts_on": "2026-03-20",
           *           "ends_on": "2026-03-20",
           *           "state": "upcoming",
           *           "version": 3,
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Cycle"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createCycle: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "space": "ENG",
         *       "name": "Acme",
         *       "starts_on": "2026-03-20",
         *       "ends_on": "2026-03-20"
         *     }
         */
        "application/json": {
          /** @description The space's prefix; the workspace's first space when left out. */
          space?: string;
          /** @description Up to 120 characters; "Cycle N" when left out. */
          name?: string;
          /**
           * Format: date
           * @description The first day, YYYY-MM-DD (days run in UTC).
           */
          starts_on: string;
          /**
           * Format: date
           * @description The last day, YYYY-MM-DD: on or after starts_on, at most 26 weeks in all.
           */
          ends_on: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "cyc_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "space": "ENG",
           *       "name": "Acme",
           *       "starts_on": "2026-03-20",
           *       "ends_on": "2026-03-20",
           *       "state": "upcoming",
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Cycle"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getCycle: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "cyc_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "space": "ENG",
           *       "name": "Acme",
           *       "starts_on": "2026-03-20",
           *       "ends_on": "2026-03-20",
           *       "state": "upcoming",
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Cycle"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  deleteCycle: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "type": "issue",
           *       "object_id": "ENG-42",
           *       "ref": "ENG-42",
           *       "title": "Import issues from the old tracker",
           *       "deleted_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "purge_at": "2026-03-01T09:00:00.000Z",
           *       "restore": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["TrashItem"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateCycle: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Acme",
         *       "starts_on": "2026-03-20",
         *       "ends_on": "2026-03-20"
         *     }
         */
        "application/json": {
          name?: string;
          /**
           * Format: date
           * @description A calendar day, YYYY-MM-DD.
           */
          starts_on?: string;
          /**
           * Format: date
           * @description A calendar day, YYYY-MM-DD.
           */
          ends_on?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "cyc_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "space": "ENG",
           *       "name": "Acme",
           *       "starts_on": "2026-03-20",
           *       "ends_on": "2026-03-20",
           *       "state": "upcoming",
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Cycle"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listCycleIssues: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description A space prefix. */
        space?: string;
        /** @description Comma-separated statuses; an issue in any of them matches. */
        status?: string;
        /** @description Comma-separated priorities; an issue of any of them matches. */
        priority?: string;
        /** @description Comma-separated labels; an issue with any of them matches. */
        label?: string;
        /** @description A member's email or id (usr_…), an agent connection's id (con_…), `me`, or `none`. */
        assignee?: string;
        milestone?: string;
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        parent?: string;
        /** @description true: only issues ready to work on (open, not iced, no open blocker). */
        ready?: "0" | "1" | "true" | "false";
        /** @description true: only issues an agent may start: ready, in backlog or todo, and not claimed. */
        startable?: "0" | "1" | "true" | "false";
        /** @description true: only iced issues; false: none. */
        iced?: "0" | "1" | "true" | "false";
        /** @description Text in the title (case-insensitive). */
        q?: string;
        updated_since?: string;
        /** @description created/updated oldest first, -created/-updated newest first, priority most urgent first. */
        sort?: "created" | "-created" | "updated" | "-updated" | "priority" | "-priority";
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "number": 42,
           *           "space": "ENG",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog",
           *           "priority": "none",
           *           "labels": [
           *             "backend"
           *           ],
           *           "assignee": {
           *             "type": "person",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "email": "ada@example.com"
           *           },
           *           "estimate": 3,
           *           "due_date": "2026-03-20",
           *           "parent": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42"
           *           },
           *           "cycle": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "milestone": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "ready": true,
           *           "completed_at": "2026-03-01T09:00:00.000Z",
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "version": 3
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["IssueSummary"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getCycleStats: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "cycle": {
           *         "id": "cyc_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "space": "ENG",
           *         "name": "Acme",
           *         "starts_on": "2026-03-20",
           *         "ends_on": "2026-03-20",
           *         "state": "upcoming",
           *         "version": 3,
           *         "created_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "updated_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "created_at": "2026-03-01T09:00:00.000Z",
           *         "updated_at": "2026-03-01T09:00:00.000Z"
           *       },
           *       "as_of": "2026-03-01T09:00:00.000Z",
           *       "total": {
           *         "count": 2,
           *         "estimate": 3
           *       },
           *       "by_status": {
           *         "backlog": {
           *           "count": 2,
           *           "estimate": 3
           *         },
           *         "todo": {
           *           "count": 2,
           *           "estimate": 3
           *         },
           *         "in_progress": {
           *           "count": 2,
           *           "estimate": 3
           *         },
           *         "in_review": {
           *           "count": 2,
           *           "estimate": 3
           *         },
           *         "done": {
           *           "count": 2,
           *           "estimate": 3
           *         },
           *         "canceled": {
           *           "count": 2,
           *           "estimate": 3
           *         },
           *         "iced": {
           *           "count": 2,
           *           "estimate": 3
           *         }
           *       },
           *       "remaining": {
           *         "count": 2,
           *         "estimate": 3
           *       },
           *       "completion": {
           *         "done_count": 2,
           *         "done_estimate": 2,
           *         "canceled_count": 2,
           *         "canceled_estimate": 2,
           *         "percent": 37.5,
           *         "estimate_percent": 37.5
           *       },
           *       "scope_added": {
           *         "count": 2,
           *         "estimate": 3
           *       },
           *       "scope_removed": {
           *         "count": 2,
           *         "estimate": 3
           *       },
           *       "burn_down": [
           *         {
           *           "date": "2026-03-20",
           *           "scope_count": 2,
           *           "scope_estimate": 2,
           *           "remaining_count": 2,
           *           "remaining_estimate": 2,
           *           "completed_count": 2,
           *           "completed_estimate": 2
           *         }
           *       ],
           *       "ideal": [
           *         {
           *           "date": "2026-03-20",
           *           "remaining_count": 37.5,
           *           "remaining_estimate": 37.5
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["CycleStats"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  restoreCycle: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /** @example {} */
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "type": "issue",
           *       "object_id": "ENG-42",
           *       "ref": "ENG-42",
           *       "title": "Import issues from the old tracker",
           *       "deleted_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "purge_at": "2026-03-01T09:00:00.000Z",
           *       "restore": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["TrashItem"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listMilestones: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description Only milestones with a target date on or after this day. */
        target_from?: string;
        /** @description Only milestones with a target date on or before this day. */
        target_to?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "ms_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "description": "Move the 1,200 open issues over, keeping their history.",
           *           "target_date": "2026-03-20",
           *           "progress": {
           *             "total": 2,
           *             "done": 2,
           *             "canceled": 2,
           *             "percent": 37.5,
           *             "estimate_total": 2,
           *             "estimate_done": 2
           *           },
           *           "blocks": [
           *             {
           *               "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             }
           *           ],
           *           "blockedBy": [
           *             {
           *               "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             }
           *           ],
           *           "version": 3,
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Milestone"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createMilestone: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Acme",
         *       "description": "Move the 1,200 open issues over, keeping their history.",
         *       "target_date": "2026-03-20"
         *     }
         */
        "application/json": {
          name: string;
          /** @description Markdown text, at most 100,000 characters. */
          description?: string;
          /** @description The day it should be reached, YYYY-MM-DD. */
          target_date?: string | null;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "ms_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "target_date": "2026-03-20",
           *       "progress": {
           *         "total": 2,
           *         "done": 2,
           *         "canceled": 2,
           *         "percent": 37.5,
           *         "estimate_total": 2,
           *         "estimate_done": 2
           *       },
           *       "blocks": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         }
           *       ],
           *       "blockedBy": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         }
           *       ],
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Milestone"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getMilestone: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "ms_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "target_date": "2026-03-20",
           *       "progress": {
           *         "total": 2,
           *         "done": 2,
           *         "canceled": 2,
           *         "percent": 37.5,
           *         "estimate_total": 2,
           *         "estimate_done": 2
           *       },
           *       "blocks": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         }
           *       ],
           *       "blockedBy": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         }
           *       ],
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Milestone"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  deleteMilestone: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "type": "issue",
           *       "object_id": "ENG-42",
           *       "ref": "ENG-42",
           *       "title": "Import issues from the old tracker",
           *       "deleted_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "purge_at": "2026-03-01T09:00:00.000Z",
           *       "restore": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["TrashItem"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateMilestone: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Acme",
         *       "description": "Move the 1,200 open issues over, keeping their history.",
         *       "target_date": "2026-03-20"
         *     }
         */
        "application/json": {
          name?: string;
          /** @description Markdown text, at most 100,000 characters. */
          description?: string;
          /** @description null clears it. */
          target_date?: string | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "ms_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "target_date": "2026-03-20",
           *       "progress": {
           *         "total": 2,
           *         "done": 2,
           *         "canceled": 2,
           *         "percent": 37.5,
           *         "estimate_total": 2,
           *         "estimate_done": 2
           *       },
           *       "blocks": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         }
           *       ],
           *       "blockedBy": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         }
           *       ],
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Milestone"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listMilestoneIssues: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description A space prefix. */
        space?: string;
        /** @description Comma-separated statuses; an issue in any of them matches. */
        status?: string;
        /** @description Comma-separated priorities; an issue of any of them matches. */
        priority?: string;
        /** @description Comma-separated labels; an issue with any of them matches. */
        label?: string;
        /** @description A member's email or id (usr_…), an agent connection's id (con_…), `me`, or `none`. */
        assignee?: string;
        cycle?: string;
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        parent?: string;
        /** @description true: only issues ready to work on (open, not iced, no open blocker). */
        ready?: "0" | "1" | "true" | "false";
        /** @description true: only issues an agent may start: ready, in backlog or todo, and not claimed. */
        startable?: "0" | "1" | "true" | "false";
        /** @description true: only iced issues; false: none. */
        iced?: "0" | "1" | "true" | "false";
        /** @description Text in the title (case-insensitive). */
        q?: string;
        updated_since?: string;
        /** @description created/updated oldest first, -created/-updated newest first, priority most urgent first. */
        sort?: "created" | "-created" | "updated" | "-updated" | "priority" | "-priority";
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "number": 42,
           *           "space": "ENG",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog",
           *           "priority": "none",
           *           "labels": [
           *             "backend"
           *           ],
           *           "assignee": {
           *             "type": "person",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "email": "ada@example.com"
           *           },
           *           "estimate": 3,
           *           "due_date": "2026-03-20",
           *           "parent": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42"
           *           },
           *           "cycle": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "milestone": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "ready": true,
           *           "completed_at": "2026-03-01T09:00:00.000Z",
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "version": 3
           *         }
           *       ],
           *       "next_cursor": "ENG-42",
           *       "progress": {
           *         "total": 2,
           *         "done": 2,
           *         "canceled": 2,
           *         "percent": 37.5,
           *         "estimate_total": 2,
           *         "estimate_done": 2
           *       }
           *     }
           */
          "application/json": {
            data: components["schemas"]["IssueSummary"][];
            next_cursor: string | null;
            /** @description Completed means done; canceled issues count in total but not towards the percent. */
            progress: {
              /** @description Issues in the milestone, canceled ones included. */
              total: number;
              done: number;
              canceled: number;
              /** @description done / (total − canceled), rounded down to 0.1; 0 when nothing is left to do. */
              percent: number;
              /** @description Sum of the estimates of the issues not canceled. */
              estimate_total: number;
              /** @description Sum of the estimates of the done issues. */
              estimate_done: number;
            };
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  restoreMilestone: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /** @example {} */
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "type": "issue",
           *       "object_id": "ENG-42",
           *       "ref": "ENG-42",
           *       "title": "Import issues from the old tracker",
           *       "deleted_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "purge_at": "2026-03-01T09:00:00.000Z",
           *       "restore": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["TrashItem"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listTrash: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description Only objects of this type. */
        type?: "issue" | "decision" | "note" | "folder" | "cycle" | "milestone";
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "type": "issue",
           *           "object_id": "ENG-42",
           *           "ref": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "deleted_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "deleted_at": "2026-03-01T09:00:00.000Z",
           *           "purge_at": "2026-03-01T09:00:00.000Z",
           *           "restore": "ENG-42"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["TrashItem"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listLabels: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description Text in the name (case-insensitive). */
        q?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "lab_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "color": "#eb5757",
           *           "description": "Move the 1,200 open issues over, keeping their history.",
           *           "issue_count": 2,
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "version": 3
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Label"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createLabel: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "needs design",
         *       "color": "#eb5757",
         *       "description": "Move the 1,200 open issues over, keeping their history."
         *     }
         */
        "application/json": {
          /**
           * @description 1 to 50 characters, trimmed; spaces allowed, no commas or control characters; unique in the workspace ignoring case.
           * @example needs design
           */
          name: string;
          /** @description A colour as #rrggbb; the next colour of the palette when left out. */
          color?: string;
          /** @description What the label means, at most 500 characters. */
          description?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "lab_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "color": "#eb5757",
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "issue_count": 2,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "version": 3
           *     }
           */
          "application/json": components["schemas"]["Label"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getLabel: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "lab_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "color": "#eb5757",
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "issue_count": 2,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "version": 3
           *     }
           */
          "application/json": components["schemas"]["Label"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  deleteLabel: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "deleted": true,
           *       "issues_changed": 2
           *     }
           */
          "application/json": {
            id: string;
            /** @constant */
            deleted: true;
            /** @description How many issues the label was taken off. */
            issues_changed: number;
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateLabel: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "name": "needs design",
         *       "color": "#eb5757",
         *       "description": "Move the 1,200 open issues over, keeping their history."
         *     }
         */
        "application/json": {
          /**
           * @description A new name. Another label's name (ignoring case) merges this label into that one: issues carrying either carry that one, and this label is deleted.
           * @example needs design
           */
          name?: string;
          /** @description A colour as #rrggbb. */
          color?: string;
          /** @description What the label means, at most 500 characters. */
          description?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "lab_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "color": "#eb5757",
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "issue_count": 2,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "version": 3
           *     }
           */
          "application/json": components["schemas"]["Label"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listSavedViews: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "filters": "ENG-42",
           *           "shared": false,
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["SavedView"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createSavedView: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "My open bugs",
         *       "filters": "ENG-42",
         *       "shared": false
         *     }
         */
        "application/json": {
          /**
           * @description 1 to 80 characters, trimmed.
           * @example My open bugs
           */
          name: string;
          /** @description The issue list's URL query (`status=todo,in_progress&assignee=me&group=priority`), at most 2000 characters; keys: space, status, priority, label, assignee, cycle, milestone, parent, ready, startable, iced, q, updated_since, group, sort, show. Stored with its keys in order. */
          filters: string;
          /**
           * @description Shared with every member of the workspace; else seen by its author only. False by default.
           * @default false
           */
          shared?: boolean;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "filters": "ENG-42",
           *       "shared": false,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["SavedView"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getSavedView: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "filters": "ENG-42",
           *       "shared": false,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["SavedView"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  deleteSavedView: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "deleted": true
           *     }
           */
          "application/json": {
            id: string;
            /** @constant */
            deleted: true;
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateSavedView: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "name": "My open bugs",
         *       "filters": "ENG-42",
         *       "shared": false
         *     }
         */
        "application/json": {
          /**
           * @description 1 to 80 characters, trimmed.
           * @example My open bugs
           */
          name?: string;
          /** @description The issue list's URL query (`status=todo,in_progress&assignee=me&group=priority`), at most 2000 characters; keys: space, status, priority, label, assignee, cycle, milestone, parent, ready, startable, iced, q, updated_since, group, sort, show. Stored with its keys in order. */
          filters?: string;
          shared?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "filters": "ENG-42",
           *       "shared": false,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["SavedView"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createFileUploadUrl: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "content_type": "application/pdf",
         *       "size": 482133
         *     }
         */
        "application/json": {
          /** @description The file's media type; any `type/subtype` (parameters allowed). The PUT must send exactly this Content-Type. */
          content_type: string;
          /** @description The file's exact size in bytes; at most the service's max_size (100 MiB by default). */
          size: number;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "upload_id": "upl_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "url": "https://docket.example.com/files/download/file_01JQ3Z8X4K7M2N5P6R8S9T0V1W?expires=1772355600&signature=Xy2Qw9aBcD4eFgH1",
           *       "method": "PUT",
           *       "headers": {
           *         "content-type": "application/pdf"
           *       },
           *       "size": 482133,
           *       "max_size": 2,
           *       "expires_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["UploadUrl"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listFiles: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description Only files linked to this issue. */
        issue?: string;
        /** @description `image/` or `image` for every image type, `image/png` for that type only. */
        content_type?: string;
        /** @description Text the file name contains (case-insensitive). */
        q?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "file_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "content_type": "application/pdf",
           *           "size": 482133,
           *           "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
           *           "issues": [
           *             {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "identifier": "ENG-42",
           *               "title": "Import issues from the old tracker",
           *               "status": "backlog"
           *             }
           *           ],
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "download_url": "https://docket.example.com/files/download/file_01JQ3Z8X4K7M2N5P6R8S9T0V1W?expires=1772355600&signature=Xy2Qw9aBcD4eFgH1",
           *           "download_url_expires_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["File"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  registerFile: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "upload_id": "upl_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
         *       "name": "Acme",
         *       "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
         *       "issues": [
         *         "ENG-42"
         *       ]
         *     }
         */
        "application/json": {
          /** @description The upload_id the upload URL came with. */
          upload_id: string;
          /** @description The file's name, 1 to 255 characters, without slashes or control characters. */
          name: string;
          /** @description The SHA-256 of the bytes uploaded, in hex; the service checks it. */
          sha256: string;
          /** @description Issues to link the file to. */
          issues?: string[];
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "file_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "content_type": "application/pdf",
           *       "size": 482133,
           *       "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
           *       "issues": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "download_url": "https://docket.example.com/files/download/file_01JQ3Z8X4K7M2N5P6R8S9T0V1W?expires=1772355600&signature=Xy2Qw9aBcD4eFgH1",
           *       "download_url_expires_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["File"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getFile: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "file_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "content_type": "application/pdf",
           *       "size": 482133,
           *       "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
           *       "issues": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "download_url": "https://docket.example.com/files/download/file_01JQ3Z8X4K7M2N5P6R8S9T0V1W?expires=1772355600&signature=Xy2Qw9aBcD4eFgH1",
           *       "download_url_expires_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["File"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  search: {
    parameters: {
      query: {
        /** @description The words to look for. All words must match; "quoted words" match as a phrase, a trailing * matches any word starting so (at least 2 letters), -word leaves out what contains the word, and OR between words matches either side. An issue identifier such as ENG-42 puts that issue first. At most 16 terms, 4 of them prefixes, and 4 alternatives joined by OR. */
        q: string;
        /** @description Comma-separated kinds of object to search: issue, decision, note, file, comment. All by default. */
        type?: string;
        /** @description Results per page, 1 to 100; 20 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. Results are ranked, so a cursor holds a position in the ranking and only works with the same q and type; objects added or changed meanwhile can shift it. When more than 500 objects match, the newest 500 of them are ranked. */
        cursor?: string;
        /** @description true: the last word of q also matches as a prefix, as if it ended in * (search as you type; a last word shorter than 2 letters, or one past the 4 prefixes allowed, matches as typed). */
        typeahead?: "0" | "1" | "true" | "false";
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "type": "issue",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "snippet": "the <mark>importer</mark> reads the CSV export",
           *           "score": 37.5,
           *           "status": "ENG-42",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["SearchResult"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  previewBundle: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "issue": "ENG-42",
         *       "max_tokens": 1000
         *     }
         */
        "application/json": {
          /** @description The issue whose bundle to make, e.g. ENG-42. */
          issue: string;
          /** @description Cut the bundle to fit this many tokens (o200k_base, of its Markdown); what is left out is listed at its end. */
          max_tokens?: number;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "bnd_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "snapshot": false,
           *       "generated_at": "2026-03-01T09:00:00.000Z",
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "issue": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "number": 42,
           *         "space": "ENG",
           *         "title": "Import issues from the old tracker",
           *         "status": "backlog",
           *         "priority": "none",
           *         "labels": [
           *           "backend"
           *         ],
           *         "assignee": {
           *           "type": "person",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "email": "ada@example.com"
           *         },
           *         "estimate": 3,
           *         "due_date": "2026-03-20",
           *         "parent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42"
           *         },
           *         "cycle": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "milestone": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "ready": true,
           *         "completed_at": "2026-03-01T09:00:00.000Z",
           *         "created_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "updated_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "created_at": "2026-03-01T09:00:00.000Z",
           *         "updated_at": "2026-03-01T09:00:00.000Z",
           *         "version": 3,
           *         "description": "Move the 1,200 open issues over, keeping their history.",
           *         "blocks": [
           *           {
           *             "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "status": "backlog"
           *           }
           *         ],
           *         "blockedBy": [
           *           {
           *             "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "status": "backlog"
           *           }
           *         ],
           *         "relatesTo": [
           *           {
           *             "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "status": "backlog"
           *           }
           *         ],
           *         "source": "github",
           *         "source_url": "ENG-42",
           *         "branch_name": "ENG-42",
           *         "code_links": [
           *           {
           *             "id": "lnk_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *             "provider": "github",
           *             "kind": "pull_request",
           *             "url": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "number": 42,
           *             "state": "open",
           *             "review_state": "approved",
           *             "author_login": "ENG-42",
           *             "repository": "ENG-42",
           *             "branch": "ENG-42",
           *             "closes": false,
           *             "created_at": "2026-03-01T09:00:00.000Z",
           *             "updated_at": "2026-03-01T09:00:00.000Z",
           *             "merged_at": "2026-03-01T09:00:00.000Z",
           *             "closed_at": "2026-03-01T09:00:00.000Z"
           *           }
           *         ]
           *       },
           *       "blockers": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "blocks": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "related": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "decisions": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "title": "Import issues from the old tracker",
           *           "status": "proposed",
           *           "decision": "Import once, then freeze the old tracker.",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "notes": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "title": "Import issues from the old tracker",
           *           "folder": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "files": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "content_type": "application/pdf",
           *           "size": 482133,
           *           "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
           *           "created_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "cycle": {
           *         "id": "cyc_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "space": "ENG",
           *         "name": "Acme",
           *         "starts_on": "2026-03-20",
           *         "ends_on": "2026-03-20",
           *         "state": "upcoming",
           *         "version": 3,
           *         "created_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "updated_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "created_at": "2026-03-01T09:00:00.000Z",
           *         "updated_at": "2026-03-01T09:00:00.000Z"
           *       },
           *       "milestone": {
           *         "id": "ms_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "description": "Move the 1,200 open issues over, keeping their history.",
           *         "target_date": "2026-03-20",
           *         "progress": {
           *           "total": 2,
           *           "done": 2,
           *           "canceled": 2,
           *           "percent": 37.5,
           *           "estimate_total": 2,
           *           "estimate_done": 2
           *         },
           *         "blocks": [
           *           {
           *             "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           }
           *         ],
           *         "blockedBy": [
           *           {
           *             "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           }
           *         ],
           *         "version": 3,
           *         "created_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "updated_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "created_at": "2026-03-01T09:00:00.000Z",
           *         "updated_at": "2026-03-01T09:00:00.000Z"
           *       },
           *       "finishing": {
           *         "done_requires": "anyone",
           *         "reviewers": [
           *           {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "email": "ada@example.com"
           *           }
           *         ],
           *         "how": "ENG-42"
           *       },
           *       "approvals": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "issue": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker"
           *           },
           *           "question": "ENG-42",
           *           "options": [
           *             "ENG-42"
           *           ],
           *           "asked_of": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "email": "ada@example.com"
           *           },
           *           "marks_done": false,
           *           "status": "open",
           *           "answer": "ENG-42",
           *           "approved": false,
           *           "comment": "ENG-42",
           *           "answered_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "answered_at": "2026-03-01T09:00:00.000Z",
           *           "asked_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "version": 3,
           *           "created_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "comments": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "subject": {
           *             "type": "issue",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42"
           *           },
           *           "parent_id": "ENG-42",
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "deleted": false,
           *           "deleted_at": "2026-03-01T09:00:00.000Z",
           *           "edited": false,
           *           "version": 3,
           *           "author": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "omitted": [
           *         {
           *           "kind": "comment",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "title": "Import issues from the old tracker",
           *           "tokens": 2,
           *           "fetch": "ENG-42"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["Bundle"];
          /**
           * @example # ENG-42 Import issues from the old tracker
           *
           *     Status: in_progress · Priority: high
           */
          "text/markdown": string;
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listBundles: {
    parameters: {
      query: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description Snapshots of this issue. */
        issue: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "issue": "ENG-42",
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: {
              id: string;
              issue: string;
              created_by: {
                person_id: string;
                via: string;
              };
              /** Format: date-time */
              created_at: string;
            }[];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createBundle: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "issue": "ENG-42"
         *     }
         */
        "application/json": {
          /** @description The issue whose bundle to make, e.g. ENG-42. */
          issue: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "bnd_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "snapshot": false,
           *       "generated_at": "2026-03-01T09:00:00.000Z",
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "issue": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "number": 42,
           *         "space": "ENG",
           *         "title": "Import issues from the old tracker",
           *         "status": "backlog",
           *         "priority": "none",
           *         "labels": [
           *           "backend"
           *         ],
           *         "assignee": {
           *           "type": "person",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "email": "ada@example.com"
           *         },
           *         "estimate": 3,
           *         "due_date": "2026-03-20",
           *         "parent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42"
           *         },
           *         "cycle": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "milestone": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "ready": true,
           *         "completed_at": "2026-03-01T09:00:00.000Z",
           *         "created_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "updated_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "created_at": "2026-03-01T09:00:00.000Z",
           *         "updated_at": "2026-03-01T09:00:00.000Z",
           *         "version": 3,
           *         "description": "Move the 1,200 open issues over, keeping their history.",
           *         "blocks": [
           *           {
           *             "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "status": "backlog"
           *           }
           *         ],
           *         "blockedBy": [
           *           {
           *             "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "status": "backlog"
           *           }
           *         ],
           *         "relatesTo": [
           *           {
           *             "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "status": "backlog"
           *           }
           *         ],
           *         "source": "github",
           *         "source_url": "ENG-42",
           *         "branch_name": "ENG-42",
           *         "code_links": [
           *           {
           *             "id": "lnk_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *             "provider": "github",
           *             "kind": "pull_request",
           *             "url": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "number": 42,
           *             "state": "open",
           *             "review_state": "approved",
           *             "author_login": "ENG-42",
           *             "repository": "ENG-42",
           *             "branch": "ENG-42",
           *             "closes": false,
           *             "created_at": "2026-03-01T09:00:00.000Z",
           *             "updated_at": "2026-03-01T09:00:00.000Z",
           *             "merged_at": "2026-03-01T09:00:00.000Z",
           *             "closed_at": "2026-03-01T09:00:00.000Z"
           *           }
           *         ]
           *       },
           *       "blockers": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "blocks": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "related": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "decisions": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "title": "Import issues from the old tracker",
           *           "status": "proposed",
           *           "decision": "Import once, then freeze the old tracker.",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "notes": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "title": "Import issues from the old tracker",
           *           "folder": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "files": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "content_type": "application/pdf",
           *           "size": 482133,
           *           "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
           *           "created_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "cycle": {
           *         "id": "cyc_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "space": "ENG",
           *         "name": "Acme",
           *         "starts_on": "2026-03-20",
           *         "ends_on": "2026-03-20",
           *         "state": "upcoming",
           *         "version": 3,
           *         "created_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "updated_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "created_at": "2026-03-01T09:00:00.000Z",
           *         "updated_at": "2026-03-01T09:00:00.000Z"
           *       },
           *       "milestone": {
           *         "id": "ms_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "description": "Move the 1,200 open issues over, keeping their history.",
           *         "target_date": "2026-03-20",
           *         "progress": {
           *           "total": 2,
           *           "done": 2,
           *           "canceled": 2,
           *           "percent": 37.5,
           *           "estimate_total": 2,
           *           "estimate_done": 2
           *         },
           *         "blocks": [
           *           {
           *             "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           }
           *         ],
           *         "blockedBy": [
           *           {
           *             "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           }
           *         ],
           *         "version": 3,
           *         "created_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "updated_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "created_at": "2026-03-01T09:00:00.000Z",
           *         "updated_at": "2026-03-01T09:00:00.000Z"
           *       },
           *       "finishing": {
           *         "done_requires": "anyone",
           *         "reviewers": [
           *           {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "email": "ada@example.com"
           *           }
           *         ],
           *         "how": "ENG-42"
           *       },
           *       "approvals": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "issue": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker"
           *           },
           *           "question": "ENG-42",
           *           "options": [
           *             "ENG-42"
           *           ],
           *           "asked_of": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "email": "ada@example.com"
           *           },
           *           "marks_done": false,
           *           "status": "open",
           *           "answer": "ENG-42",
           *           "approved": false,
           *           "comment": "ENG-42",
           *           "answered_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "answered_at": "2026-03-01T09:00:00.000Z",
           *           "asked_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "version": 3,
           *           "created_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "comments": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "subject": {
           *             "type": "issue",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42"
           *           },
           *           "parent_id": "ENG-42",
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "deleted": false,
           *           "deleted_at": "2026-03-01T09:00:00.000Z",
           *           "edited": false,
           *           "version": 3,
           *           "author": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "omitted": [
           *         {
           *           "kind": "comment",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "title": "Import issues from the old tracker",
           *           "tokens": 2,
           *           "fetch": "ENG-42"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["Bundle"];
          /**
           * @example # ENG-42 Import issues from the old tracker
           *
           *     Status: in_progress · Priority: high
           */
          "text/markdown": string;
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getBundle: {
    parameters: {
      query?: {
        /** @description Cut the bundle to fit this many tokens (o200k_base, of its Markdown); what is left out is listed at its end. */
        max_tokens?: number;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "bnd_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "snapshot": false,
           *       "generated_at": "2026-03-01T09:00:00.000Z",
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "issue": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "number": 42,
           *         "space": "ENG",
           *         "title": "Import issues from the old tracker",
           *         "status": "backlog",
           *         "priority": "none",
           *         "labels": [
           *           "backend"
           *         ],
           *         "assignee": {
           *           "type": "person",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "email": "ada@example.com"
           *         },
           *         "estimate": 3,
           *         "due_date": "2026-03-20",
           *         "parent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42"
           *         },
           *         "cycle": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "milestone": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "ready": true,
           *         "completed_at": "2026-03-01T09:00:00.000Z",
           *         "created_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "updated_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "created_at": "2026-03-01T09:00:00.000Z",
           *         "updated_at": "2026-03-01T09:00:00.000Z",
           *         "version": 3,
           *         "description": "Move the 1,200 open issues over, keeping their history.",
           *         "blocks": [
           *           {
           *             "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "status": "backlog"
           *           }
           *         ],
           *         "blockedBy": [
           *           {
           *             "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "status": "backlog"
           *           }
           *         ],
           *         "relatesTo": [
           *           {
           *             "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "status": "backlog"
           *           }
           *         ],
           *         "source": "github",
           *         "source_url": "ENG-42",
           *         "branch_name": "ENG-42",
           *         "code_links": [
           *           {
           *             "id": "lnk_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *             "provider": "github",
           *             "kind": "pull_request",
           *             "url": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "number": 42,
           *             "state": "open",
           *             "review_state": "approved",
           *             "author_login": "ENG-42",
           *             "repository": "ENG-42",
           *             "branch": "ENG-42",
           *             "closes": false,
           *             "created_at": "2026-03-01T09:00:00.000Z",
           *             "updated_at": "2026-03-01T09:00:00.000Z",
           *             "merged_at": "2026-03-01T09:00:00.000Z",
           *             "closed_at": "2026-03-01T09:00:00.000Z"
           *           }
           *         ]
           *       },
           *       "blockers": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "blocks": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "related": [
           *         {
           *           "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         }
           *       ],
           *       "decisions": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "title": "Import issues from the old tracker",
           *           "status": "proposed",
           *           "decision": "Import once, then freeze the old tracker.",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "notes": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "title": "Import issues from the old tracker",
           *           "folder": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "files": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "content_type": "application/pdf",
           *           "size": 482133,
           *           "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
           *           "created_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "cycle": {
           *         "id": "cyc_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "space": "ENG",
           *         "name": "Acme",
           *         "starts_on": "2026-03-20",
           *         "ends_on": "2026-03-20",
           *         "state": "upcoming",
           *         "version": 3,
           *         "created_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "updated_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "created_at": "2026-03-01T09:00:00.000Z",
           *         "updated_at": "2026-03-01T09:00:00.000Z"
           *       },
           *       "milestone": {
           *         "id": "ms_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "description": "Move the 1,200 open issues over, keeping their history.",
           *         "target_date": "2026-03-20",
           *         "progress": {
           *           "total": 2,
           *           "done": 2,
           *           "canceled": 2,
           *           "percent": 37.5,
           *           "estimate_total": 2,
           *           "estimate_done": 2
           *         },
           *         "blocks": [
           *           {
           *             "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           }
           *         ],
           *         "blockedBy": [
           *           {
           *             "dependency_id": "dep_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           }
           *         ],
           *         "version": 3,
           *         "created_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "updated_by": {
           *           "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *         },
           *         "created_at": "2026-03-01T09:00:00.000Z",
           *         "updated_at": "2026-03-01T09:00:00.000Z"
           *       },
           *       "finishing": {
           *         "done_requires": "anyone",
           *         "reviewers": [
           *           {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "email": "ada@example.com"
           *           }
           *         ],
           *         "how": "ENG-42"
           *       },
           *       "approvals": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "issue": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker"
           *           },
           *           "question": "ENG-42",
           *           "options": [
           *             "ENG-42"
           *           ],
           *           "asked_of": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "email": "ada@example.com"
           *           },
           *           "marks_done": false,
           *           "status": "open",
           *           "answer": "ENG-42",
           *           "approved": false,
           *           "comment": "ENG-42",
           *           "answered_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "answered_at": "2026-03-01T09:00:00.000Z",
           *           "asked_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "version": 3,
           *           "created_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "comments": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "subject": {
           *             "type": "issue",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42"
           *           },
           *           "parent_id": "ENG-42",
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "deleted": false,
           *           "deleted_at": "2026-03-01T09:00:00.000Z",
           *           "edited": false,
           *           "version": 3,
           *           "author": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "omitted": [
           *         {
           *           "kind": "comment",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "title": "Import issues from the old tracker",
           *           "tokens": 2,
           *           "fetch": "ENG-42"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["Bundle"];
          /**
           * @example # ENG-42 Import issues from the old tracker
           *
           *     Status: in_progress · Priority: high
           */
          "text/markdown": string;
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listClaims: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description Only claims of this holder: a member's email or id, an agent connection's id (con_…), or `me`. */
        holder?: string;
        /** @description Only the claim on this issue. */
        issue?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "issue": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "status": "backlog"
           *           },
           *           "holder": {
           *             "type": "person",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "email": "ada@example.com"
           *           },
           *           "fencing_token": 2,
           *           "expires_at": "2026-03-01T09:00:00.000Z",
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "heartbeat_at": "2026-03-01T09:00:00.000Z",
           *           "ended": "released",
           *           "ended_at": "2026-03-01T09:00:00.000Z",
           *           "resumed": false,
           *           "session": "ENG-42"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Claim"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createClaim: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "issue": "ENG-42",
         *       "space": "ENG",
         *       "label": [
         *         "backend"
         *       ],
         *       "priority": [
         *         "none"
         *       ],
         *       "milestone": "ms_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
         *       "cycle": "cyc_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
         *       "ttl_seconds": 1800,
         *       "take_over": false,
         *       "force": false
         *     }
         */
        "application/json": {
          /** @description The issue to claim; leave out to claim the next ready issue. */
          issue?: string;
          /** @description Next ready issue only: in this space (its prefix). */
          space?: string;
          /** @description Next ready issue only: with any of these labels. */
          label?: string[];
          /** @description Next ready issue only: of one of these priorities. */
          priority?: ("none" | "low" | "medium" | "high" | "urgent")[];
          /** @description Next ready issue only: in this milestone. */
          milestone?: string;
          /** @description Next ready issue only: in this cycle. */
          cycle?: string;
          /**
           * @description How long the lease lasts without a heartbeat, 60 to 86400 seconds.
           * @default 1800
           */
          ttl_seconds?: number;
          /** @description Named issue only: take over an issue a person has in progress (else 409 assigned_to_person); the release gives it back to them. */
          take_over?: boolean;
          /** @description Named issue only: claim an issue that open issues block (else 409 not_ready). */
          force?: boolean;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "issue": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker",
           *         "status": "backlog"
           *       },
           *       "holder": {
           *         "type": "person",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com"
           *       },
           *       "fencing_token": 2,
           *       "expires_at": "2026-03-01T09:00:00.000Z",
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "heartbeat_at": "2026-03-01T09:00:00.000Z",
           *       "ended": "released",
           *       "ended_at": "2026-03-01T09:00:00.000Z",
           *       "resumed": false,
           *       "session": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["Claim"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getClaim: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "issue": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker",
           *         "status": "backlog"
           *       },
           *       "holder": {
           *         "type": "person",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com"
           *       },
           *       "fencing_token": 2,
           *       "expires_at": "2026-03-01T09:00:00.000Z",
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "heartbeat_at": "2026-03-01T09:00:00.000Z",
           *       "ended": "released",
           *       "ended_at": "2026-03-01T09:00:00.000Z",
           *       "resumed": false,
           *       "session": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["Claim"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  releaseClaim: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "issue": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker",
           *         "status": "backlog"
           *       },
           *       "holder": {
           *         "type": "person",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com"
           *       },
           *       "fencing_token": 2,
           *       "expires_at": "2026-03-01T09:00:00.000Z",
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "heartbeat_at": "2026-03-01T09:00:00.000Z",
           *       "ended": "released",
           *       "ended_at": "2026-03-01T09:00:00.000Z",
           *       "resumed": false,
           *       "session": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["Claim"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  heartbeatClaim: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "ttl_seconds": 60
         *     }
         */
        "application/json": {
          /** @description The new time to live from now; the claim's own time to live when left out. */
          ttl_seconds?: number;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "issue": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker",
           *         "status": "backlog"
           *       },
           *       "holder": {
           *         "type": "person",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com"
           *       },
           *       "fencing_token": 2,
           *       "expires_at": "2026-03-01T09:00:00.000Z",
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "heartbeat_at": "2026-03-01T09:00:00.000Z",
           *       "ended": "released",
           *       "ended_at": "2026-03-01T09:00:00.000Z",
           *       "resumed": false,
           *       "session": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["Claim"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listSessions: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description Only the runs on this issue. */
        issue?: string;
        /** @description Only the runs of this agent: its connection (con_…), a scripted agent's token (pat_…), or me. */
        agent?: string;
        /** @description Only runs in these statuses, comma-separated (pending, active, awaiting_input, stopping, stale, stopped, complete, error); live: every live one. */
        status?: string;
        /** @description Only the runs this person is accountable for: a member's email or id, or me. */
        person?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "issue": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "status": "backlog"
           *           },
           *           "claim": "ENG-42",
           *           "agent": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "person": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "started_by": {
           *             "type": "person",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "status": "pending",
           *           "status_reason": "ENG-42",
           *           "unresponsive": false,
           *           "plan": [
           *             {
           *               "content": "ENG-42",
           *               "status": "pending"
           *             }
           *           ],
           *           "summary": "ENG-42",
           *           "artifacts": [
           *             {
           *               "kind": "pull_request",
           *               "url": "ENG-42",
           *               "title": "Import issues from the old tracker",
           *               "state": "ENG-42"
           *             }
           *           ],
           *           "usage": {
           *             "input_tokens": 2,
           *             "output_tokens": 2,
           *             "cache_read_tokens": 2,
           *             "cache_write_tokens": 2,
           *             "cost_micros": 2
           *           },
           *           "activity_count": 2,
           *           "last_activity_at": "2026-03-01T09:00:00.000Z",
           *           "stop_requested_at": "2026-03-01T09:00:00.000Z",
           *           "stop_requested_by": "ENG-42",
           *           "version": 3,
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "ended_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Session"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createSession: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "issue": "ENG-42",
         *       "ttl_seconds": 60
         *     }
         */
        "application/json": {
          /** @description The issue to run on (ENG-42 or iss_…): it is claimed for you. */
          issue: string;
          /** @description How long the lease lasts without a heartbeat, 60 to 86400 seconds. */
          ttl_seconds?: number;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "session": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "issue": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         },
           *         "claim": "ENG-42",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "person": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "started_by": {
           *           "type": "person",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "status": "pending",
           *         "status_reason": "ENG-42",
           *         "unresponsive": false,
           *         "plan": [
           *           {
           *             "content": "ENG-42",
           *             "status": "pending"
           *           }
           *         ],
           *         "summary": "ENG-42",
           *         "artifacts": [
           *           {
           *             "kind": "pull_request",
           *             "url": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "state": "ENG-42"
           *           }
           *         ],
           *         "usage": {
           *           "input_tokens": 2,
           *           "output_tokens": 2,
           *           "cache_read_tokens": 2,
           *           "cache_write_tokens": 2,
           *           "cost_micros": 2
           *         },
           *         "activity_count": 2,
           *         "last_activity_at": "2026-03-01T09:00:00.000Z",
           *         "stop_requested_at": "2026-03-01T09:00:00.000Z",
           *         "stop_requested_by": "ENG-42",
           *         "version": 3,
           *         "created_at": "2026-03-01T09:00:00.000Z",
           *         "updated_at": "2026-03-01T09:00:00.000Z",
           *         "ended_at": "2026-03-01T09:00:00.000Z"
           *       },
           *       "claim": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "issue": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         },
           *         "holder": {
           *           "type": "person",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "email": "ada@example.com"
           *         },
           *         "fencing_token": 2,
           *         "expires_at": "2026-03-01T09:00:00.000Z",
           *         "created_at": "2026-03-01T09:00:00.000Z",
           *         "heartbeat_at": "2026-03-01T09:00:00.000Z",
           *         "ended": "released",
           *         "ended_at": "2026-03-01T09:00:00.000Z",
           *         "resumed": false,
           *         "session": "ENG-42"
           *       },
           *       "resumed": false
           *     }
           */
          "application/json": {
            session: components["schemas"]["Session"];
            /** @description The claim the run is under, with its fencing token. */
            claim: components["schemas"]["Claim"];
            /** @description true when you already had this live run on the issue (a retry). */
            resumed: boolean;
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getSession: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "issue": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker",
           *         "status": "backlog"
           *       },
           *       "claim": "ENG-42",
           *       "agent": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "person": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "started_by": {
           *         "type": "person",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "status": "pending",
           *       "status_reason": "ENG-42",
           *       "unresponsive": false,
           *       "plan": [
           *         {
           *           "content": "ENG-42",
           *           "status": "pending"
           *         }
           *       ],
           *       "summary": "ENG-42",
           *       "artifacts": [
           *         {
           *           "kind": "pull_request",
           *           "url": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "state": "ENG-42"
           *         }
           *       ],
           *       "usage": {
           *         "input_tokens": 2,
           *         "output_tokens": 2,
           *         "cache_read_tokens": 2,
           *         "cache_write_tokens": 2,
           *         "cost_micros": 2
           *       },
           *       "activity_count": 2,
           *       "last_activity_at": "2026-03-01T09:00:00.000Z",
           *       "stop_requested_at": "2026-03-01T09:00:00.000Z",
           *       "stop_requested_by": "ENG-42",
           *       "version": 3,
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "ended_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Session"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateSession: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "plan": [
         *         {
         *           "content": "ENG-42",
         *           "status": "pending"
         *         }
         *       ],
         *       "summary": "ENG-42",
         *       "artifacts": [
         *         {
         *           "kind": "pull_request",
         *           "url": "https://docket.example.com/files/download/file_01JQ3Z8X4K7M2N5P6R8S9T0V1W?expires=1772355600&signature=Xy2Qw9aBcD4eFgH1",
         *           "title": "",
         *           "state": "ENG-42"
         *         }
         *       ],
         *       "status": "complete",
         *       "response": "ENG-42"
         *     }
         */
        "application/json": {
          /** @description The plan, replaced whole: steps of {content, status: pending|in_progress|done|canceled}. */
          plan?: {
            content: string;
            /** @enum {string} */
            status: "pending" | "in_progress" | "done" | "canceled";
          }[];
          /** @description What the run did, in a few lines of Markdown. */
          summary?: string;
          /** @description What the run made, replaced whole: {kind: pull_request|branch|commit|file|link, url, title, state}. */
          artifacts?: {
            /** @enum {string} */
            kind: "pull_request" | "branch" | "commit" | "file" | "link";
            /** Format: uri */
            url: string;
            /** @default  */
            title?: string;
            /**
             * @description e.g. open, merged, closed for a pull request.
             * @default null
             */
            state?: string | null;
          }[];
          /**
           * @description Ends the run: complete (needs a response activity, or `response` here) or error. A stopping run ends stopped either way.
           * @enum {string}
           */
          status?: "complete" | "error";
          /** @description The run's answer, stored as a response activity before the change. */
          response?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "issue": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker",
           *         "status": "backlog"
           *       },
           *       "claim": "ENG-42",
           *       "agent": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "person": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "started_by": {
           *         "type": "person",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "status": "pending",
           *       "status_reason": "ENG-42",
           *       "unresponsive": false,
           *       "plan": [
           *         {
           *           "content": "ENG-42",
           *           "status": "pending"
           *         }
           *       ],
           *       "summary": "ENG-42",
           *       "artifacts": [
           *         {
           *           "kind": "pull_request",
           *           "url": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "state": "ENG-42"
           *         }
           *       ],
           *       "usage": {
           *         "input_tokens": 2,
           *         "output_tokens": 2,
           *         "cache_read_tokens": 2,
           *         "cache_write_tokens": 2,
           *         "cost_micros": 2
           *       },
           *       "activity_count": 2,
           *       "last_activity_at": "2026-03-01T09:00:00.000Z",
           *       "stop_requested_at": "2026-03-01T09:00:00.000Z",
           *       "stop_requested_by": "ENG-42",
           *       "version": 3,
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "ended_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Session"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listSessionActivities: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description Only activities after this position (to follow a run: the last position you saw). */
        after?: number;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "client_id": "ENG-42",
           *           "position": 2,
           *           "kind": "thought",
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "action": {
           *             "name": "Acme",
           *             "parameter": "ENG-42",
           *             "result": "ENG-42"
           *           },
           *           "options": [
           *             "ENG-42"
           *           ],
           *           "ephemeral": false,
           *           "usage": {
           *             "input_tokens": 2,
           *             "output_tokens": 2,
           *             "cache_read_tokens": 2,
           *             "cache_write_tokens": 2,
           *             "cost_micros": 2,
           *             "model": "ENG-42"
           *           },
           *           "author": {
           *             "type": "agent",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["SessionActivity"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  postSessionActivities: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "activities": [
         *         {
         *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
         *           "kind": "thought",
         *           "body": "",
         *           "action": {
         *             "name": "Acme",
         *             "parameter": "ENG-42",
         *             "result": "ENG-42"
         *           },
         *           "options": [
         *             "ENG-42"
         *           ],
         *           "ephemeral": false,
         *           "usage": {
         *             "input_tokens": 0,
         *             "output_tokens": 0,
         *             "cache_read_tokens": 0,
         *             "cache_write_tokens": 0,
         *             "cost_micros": 0,
         *             "model": "ENG-42"
         *           }
         *         }
         *       ]
         *     }
         */
        "application/json": {
          activities: {
            /** @description Your own id for the activity (1 to 100 letters, digits, `.`, `_`, `:`, `-`), unique in the run: sending it again stores nothing new. */
            id: string;
            /**
             * @description thought (what the agent is thinking), action (a step: `action` names it), response (its answer), error, elicitation (a question for a person; the run waits: awaiting_input).
             * @enum {string}
             */
            kind: "thought" | "action" | "response" | "error" | "elicitation";
            /**
             * @description The text, Markdown, at most 64 KiB.
             * @default
             */
            body?: string;
            /** @description An action's name, parameter and result; for kind action only (and needed there). */
            action?: {
              /** @description What the step does, e.g. run_tests. */
              name: string;
              /** @description Its input, at most 64 KiB. */
              parameter?: string;
              /** @description Its outcome, at most 64 KiB. */
              result?: string;
            };
            /** @description An elicitation's choices for the person, if any (at most 20). */
            options?: string[];
            /**
             * @description thought and action only: kept only until the next ephemeral one (a progress line); carries no usage and emits no event.
             * @default false
             */
            ephemeral?: boolean;
            /** @description What this step used (a delta, summed onto the run's totals). */
            usage?: {
              /**
               * @description Input (prompt) tokens used since the last report.
               * @default 0
               */
              input_tokens?: number;
              /**
               * @description Output tokens.
               * @default 0
               */
              output_tokens?: number;
              /**
               * @description Tokens read from a prompt cache.
               * @default 0
               */
              cache_read_tokens?: number;
              /**
               * @description Tokens written to a prompt cache.
               * @default 0
               */
              cache_write_tokens?: number;
              /**
               * @description What it cost, in millionths of the currency unit (1500000 is 1.50).
               * @default 0
               */
              cost_micros?: number;
              /** @description The model that used it. */
              model?: string;
            };
          }[];
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "session": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "issue": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         },
           *         "claim": "ENG-42",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "person": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "started_by": {
           *           "type": "person",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "status": "pending",
           *         "status_reason": "ENG-42",
           *         "unresponsive": false,
           *         "plan": [
           *           {
           *             "content": "ENG-42",
           *             "status": "pending"
           *           }
           *         ],
           *         "summary": "ENG-42",
           *         "artifacts": [
           *           {
           *             "kind": "pull_request",
           *             "url": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "state": "ENG-42"
           *           }
           *         ],
           *         "usage": {
           *           "input_tokens": 2,
           *           "output_tokens": 2,
           *           "cache_read_tokens": 2,
           *           "cache_write_tokens": 2,
           *           "cost_micros": 2
           *         },
           *         "activity_count": 2,
           *         "last_activity_at": "2026-03-01T09:00:00.000Z",
           *         "stop_requested_at": "2026-03-01T09:00:00.000Z",
           *         "stop_requested_by": "ENG-42",
           *         "version": 3,
           *         "created_at": "2026-03-01T09:00:00.000Z",
           *         "updated_at": "2026-03-01T09:00:00.000Z",
           *         "ended_at": "2026-03-01T09:00:00.000Z"
           *       },
           *       "activities": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "client_id": "ENG-42",
           *           "position": 2,
           *           "kind": "thought",
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "action": {
           *             "name": "Acme",
           *             "parameter": "ENG-42",
           *             "result": "ENG-42"
           *           },
           *           "options": [
           *             "ENG-42"
           *           ],
           *           "ephemeral": false,
           *           "usage": {
           *             "input_tokens": 2,
           *             "output_tokens": 2,
           *             "cache_read_tokens": 2,
           *             "cache_write_tokens": 2,
           *             "cost_micros": 2,
           *             "model": "ENG-42"
           *           },
           *           "author": {
           *             "type": "agent",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "created": true
           *         }
           *       ]
           *     }
           */
          "application/json": {
            session: components["schemas"]["Session"];
            activities: {
              /** @description The activity's id, sac_… */
              id: string;
              /** @description The id its author gave it. */
              client_id: string;
              /** @description Its place in the run's log, growing; follow a run with `after`. */
              position: number;
              /** @enum {string} */
              kind: "thought" | "action" | "response" | "error" | "elicitation" | "prompt";
              body: string;
              action: {
                name: string;
                parameter: string | null;
                result: string | null;
              } | null;
              /** @description An elicitation's choices. */
              options: string[] | null;
              ephemeral: boolean;
              usage: {
                input_tokens: number;
                output_tokens: number;
                cache_read_tokens: number;
                cache_write_tokens: number;
                /** @description Millionths of the currency unit. */
                cost_micros: number;
                model: string | null;
              };
              /** @description The agent, or the person who prompted. */
              author: {
                /** @enum {string} */
                type: "agent" | "person";
                id: string;
                name: string;
              };
              /** Format: date-time */
              created_at: string;
              /** @description true when this call stored it; false when its id was stored before (a retry). */
              created: boolean;
            }[];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  postSessionPrompt: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "body": "# Importer\n\nWe read the old tracker's CSV export.",
         *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *     }
         */
        "application/json": {
          /** @description What you tell the agent (an answer to its question, or a steer), at most 64 KiB. */
          body: string;
          /** @description Your own id for the activity (1 to 100 letters, digits, `.`, `_`, `:`, `-`), unique in the run: sending it again stores nothing new. */
          id?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "session": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "issue": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "identifier": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "status": "backlog"
           *         },
           *         "claim": "ENG-42",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "person": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "started_by": {
           *           "type": "person",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "status": "pending",
           *         "status_reason": "ENG-42",
           *         "unresponsive": false,
           *         "plan": [
           *           {
           *             "content": "ENG-42",
           *             "status": "pending"
           *           }
           *         ],
           *         "summary": "ENG-42",
           *         "artifacts": [
           *           {
           *             "kind": "pull_request",
           *             "url": "ENG-42",
           *             "title": "Import issues from the old tracker",
           *             "state": "ENG-42"
           *           }
           *         ],
           *         "usage": {
           *           "input_tokens": 2,
           *           "output_tokens": 2,
           *           "cache_read_tokens": 2,
           *           "cache_write_tokens": 2,
           *           "cost_micros": 2
           *         },
           *         "activity_count": 2,
           *         "last_activity_at": "2026-03-01T09:00:00.000Z",
           *         "stop_requested_at": "2026-03-01T09:00:00.000Z",
           *         "stop_requested_by": "ENG-42",
           *         "version": 3,
           *         "created_at": "2026-03-01T09:00:00.000Z",
           *         "updated_at": "2026-03-01T09:00:00.000Z",
           *         "ended_at": "2026-03-01T09:00:00.000Z"
           *       },
           *       "activity": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "client_id": "ENG-42",
           *         "position": 2,
           *         "kind": "thought",
           *         "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *         "action": {
           *           "name": "Acme",
           *           "parameter": "ENG-42",
           *           "result": "ENG-42"
           *         },
           *         "options": [
           *           "ENG-42"
           *         ],
           *         "ephemeral": false,
           *         "usage": {
           *           "input_tokens": 2,
           *           "output_tokens": 2,
           *           "cache_read_tokens": 2,
           *           "cache_write_tokens": 2,
           *           "cost_micros": 2,
           *           "model": "ENG-42"
           *         },
           *         "author": {
           *           "type": "agent",
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "created_at": "2026-03-01T09:00:00.000Z"
           *       }
           *     }
           */
          "application/json": {
            session: components["schemas"]["Session"];
            activity: components["schemas"]["SessionActivity"];
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  stopSession: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /** @example {} */
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "issue": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker",
           *         "status": "backlog"
           *       },
           *       "claim": "ENG-42",
           *       "agent": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "person": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "started_by": {
           *         "type": "person",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "status": "pending",
           *       "status_reason": "ENG-42",
           *       "unresponsive": false,
           *       "plan": [
           *         {
           *           "content": "ENG-42",
           *           "status": "pending"
           *         }
           *       ],
           *       "summary": "ENG-42",
           *       "artifacts": [
           *         {
           *           "kind": "pull_request",
           *           "url": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "state": "ENG-42"
           *         }
           *       ],
           *       "usage": {
           *         "input_tokens": 2,
           *         "output_tokens": 2,
           *         "cache_read_tokens": 2,
           *         "cache_write_tokens": 2,
           *         "cost_micros": 2
           *       },
           *       "activity_count": 2,
           *       "last_activity_at": "2026-03-01T09:00:00.000Z",
           *       "stop_requested_at": "2026-03-01T09:00:00.000Z",
           *       "stop_requested_by": "ENG-42",
           *       "version": 3,
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "ended_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Session"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  delegateIssue: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "agent": "con_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
         *       "prompt": "ENG-42"
         *     }
         */
        "application/json": {
          /** @description The agent connection to run it (con_…). */
          agent: string;
          /** @description What you ask the agent to do: the run's first activity (a prompt), at most 64 KiB. */
          prompt: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "issue": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker",
           *         "status": "backlog"
           *       },
           *       "claim": "ENG-42",
           *       "agent": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "person": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "started_by": {
           *         "type": "person",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "status": "pending",
           *       "status_reason": "ENG-42",
           *       "unresponsive": false,
           *       "plan": [
           *         {
           *           "content": "ENG-42",
           *           "status": "pending"
           *         }
           *       ],
           *       "summary": "ENG-42",
           *       "artifacts": [
           *         {
           *           "kind": "pull_request",
           *           "url": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "state": "ENG-42"
           *         }
           *       ],
           *       "usage": {
           *         "input_tokens": 2,
           *         "output_tokens": 2,
           *         "cache_read_tokens": 2,
           *         "cache_write_tokens": 2,
           *         "cost_micros": 2
           *       },
           *       "activity_count": 2,
           *       "last_activity_at": "2026-03-01T09:00:00.000Z",
           *       "stop_requested_at": "2026-03-01T09:00:00.000Z",
           *       "stop_requested_by": "ENG-42",
           *       "version": 3,
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "ended_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Session"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listEvents: {
    parameters: {
      query?: {
        /** @description Event types, comma-separated; `issue.*` matches every issue event, `*` all. All when left out. */
        type?: string;
        /** @description Only events about this object (its id, e.g. iss_…). */
        object?: string;
        /** @description Only changes made by this actor: an agent connection (con_…) or a personal access token (pat_…) for what went through it, or a person (usr_…) for everything they did, in the web app, with their tokens and through their agents. */
        actor?: string;
        /** @description Only events after this one (an event id): where a client left off. */
        after?: string;
        /** @description Only events at or after this time (ISO 8601). */
        since?: string;
        /** @description `oldest` first (the feed, to read on from where you left off) or `newest` first (recent activity; `after` and `since` then mark where the walk back ends). */
        order?: "oldest" | "newest";
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "evt_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *           "type": "issue.updated",
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "workspace_id": "ENG-42",
           *           "actor": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "person_name": "ENG-42",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via_type": "token",
           *             "via_name": "ENG-42"
           *           },
           *           "object": {
           *             "type": "ENG-42",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "url": "ENG-42"
           *           },
           *           "data": {
           *             "key": {}
           *           }
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Event"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  streamEvents: {
    parameters: {
      query?: {
        /** @description Event types, comma-separated; `issue.*` matches every issue event, `*` all. All when left out. */
        type?: string;
        /** @description Only events about this object (its id, e.g. iss_…). */
        object?: string;
        /** @description Only changes made by this actor: an agent connection (con_…) or a personal access token (pat_…) for what went through it, or a person (usr_…) for everything they did, in the web app, with their tokens and through their agents. */
        actor?: string;
        /** @description Only events after this one (an event id): where a client left off. */
        after?: string;
        /** @description Only events at or after this time (ISO 8601). */
        since?: string;
        /** @description Resume after this event, as the Last-Event-ID header does (the header wins when both are sent). */
        last_event_id?: string;
      };
      header?: {
        /**
         * @description Resume after this event (its id, evt_…), as browsers send on reconnect; wins over `last_event_id`.
         * @example evt_01JQ2Z8X3V4B5N6M7K8J9H0G1F
         */
        "Last-Event-ID"?: string;
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          /** @description `no-cache, no-transform`: a live stream, not to be kept. */
          "Cache-Control"?: string;
          [name: string]: unknown;
        };
        content: {
          /**
           * @example retry: 2000
           *
           *     id: evt_01JQ2Z8X3V4B5N6M7K8J9H0G1F
           *     data: {"id":"evt_01JQ2Z8X3V4B5N6M7K8J9H0G1F","type":"issue.updated","created_at":"2026-03-01T09:00:00.000Z","workspace_id":"ENG-42","actor":{"person_id":"usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W","person_name":"ENG-42","via":"tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W","via_type":"token","via_name":"ENG-42"},"object":{"type":"ENG-42","id":"iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W","url":"ENG-42"},"data":{"key":{}}}
           *
           *     : heartbeat
           */
          "text/event-stream": string;
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listIssueComments: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description oldest (the default): the conversation in order; newest: latest threads first. */
        order?: "oldest" | "newest";
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "subject": {
           *             "type": "issue",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42"
           *           },
           *           "parent_id": "ENG-42",
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "deleted": false,
           *           "deleted_at": "2026-03-01T09:00:00.000Z",
           *           "edited": false,
           *           "version": 3,
           *           "author": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "replies": [
           *             {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "subject": {
           *                 "type": "issue",
           *                 "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                 "identifier": "ENG-42"
           *               },
           *               "parent_id": "ENG-42",
           *               "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *               "deleted": false,
           *               "deleted_at": "2026-03-01T09:00:00.000Z",
           *               "edited": false,
           *               "version": 3,
           *               "author": {
           *                 "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                 "name": "Acme",
           *                 "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                 "agent": {
           *                   "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                   "name": "Acme"
           *                 },
           *                 "label": "backend"
           *               },
           *               "updated_by": {
           *                 "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                 "name": "Acme",
           *                 "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                 "agent": {
           *                   "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                   "name": "Acme"
           *                 },
           *                 "label": "backend"
           *               },
           *               "created_at": "2026-03-01T09:00:00.000Z",
           *               "updated_at": "2026-03-01T09:00:00.000Z"
           *             }
           *           ]
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["CommentThread"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  addIssueComment: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "body": "# Importer\n\nWe read the old tracker's CSV export.",
         *       "parent": "cmt_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *     }
         */
        "application/json": {
          /** @description Markdown; `@email` or `@agent-name` mentions a member or an agent. */
          body: string;
          /** @description Reply to this top-level comment (replies are one level deep). */
          parent?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "subject": {
           *         "type": "issue",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42"
           *       },
           *       "parent_id": "ENG-42",
           *       "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *       "deleted": false,
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "edited": false,
           *       "version": 3,
           *       "author": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "history": [
           *         {
           *           "version": 3,
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "author": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "written_at": "2026-03-01T09:00:00.000Z",
           *           "replaced_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["CommentDetail"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listDecisionComments: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description oldest (the default): the conversation in order; newest: latest threads first. */
        order?: "oldest" | "newest";
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "subject": {
           *             "type": "issue",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42"
           *           },
           *           "parent_id": "ENG-42",
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "deleted": false,
           *           "deleted_at": "2026-03-01T09:00:00.000Z",
           *           "edited": false,
           *           "version": 3,
           *           "author": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "replies": [
           *             {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "subject": {
           *                 "type": "issue",
           *                 "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                 "identifier": "ENG-42"
           *               },
           *               "parent_id": "ENG-42",
           *               "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *               "deleted": false,
           *               "deleted_at": "2026-03-01T09:00:00.000Z",
           *               "edited": false,
           *               "version": 3,
           *               "author": {
           *                 "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                 "name": "Acme",
           *                 "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                 "agent": {
           *                   "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                   "name": "Acme"
           *                 },
           *                 "label": "backend"
           *               },
           *               "updated_by": {
           *                 "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                 "name": "Acme",
           *                 "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                 "agent": {
           *                   "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                   "name": "Acme"
           *                 },
           *                 "label": "backend"
           *               },
           *               "created_at": "2026-03-01T09:00:00.000Z",
           *               "updated_at": "2026-03-01T09:00:00.000Z"
           *             }
           *           ]
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["CommentThread"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  addDecisionComment: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "body": "# Importer\n\nWe read the old tracker's CSV export.",
         *       "parent": "cmt_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *     }
         */
        "application/json": {
          /** @description Markdown; `@email` or `@agent-name` mentions a member or an agent. */
          body: string;
          /** @description Reply to this top-level comment (replies are one level deep). */
          parent?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "subject": {
           *         "type": "issue",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42"
           *       },
           *       "parent_id": "ENG-42",
           *       "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *       "deleted": false,
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "edited": false,
           *       "version": 3,
           *       "author": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "history": [
           *         {
           *           "version": 3,
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "author": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "written_at": "2026-03-01T09:00:00.000Z",
           *           "replaced_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["CommentDetail"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listNoteComments: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description oldest (the default): the conversation in order; newest: latest threads first. */
        order?: "oldest" | "newest";
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "subject": {
           *             "type": "issue",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42"
           *           },
           *           "parent_id": "ENG-42",
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "deleted": false,
           *           "deleted_at": "2026-03-01T09:00:00.000Z",
           *           "edited": false,
           *           "version": 3,
           *           "author": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "replies": [
           *             {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "subject": {
           *                 "type": "issue",
           *                 "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                 "identifier": "ENG-42"
           *               },
           *               "parent_id": "ENG-42",
           *               "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *               "deleted": false,
           *               "deleted_at": "2026-03-01T09:00:00.000Z",
           *               "edited": false,
           *               "version": 3,
           *               "author": {
           *                 "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                 "name": "Acme",
           *                 "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                 "agent": {
           *                   "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                   "name": "Acme"
           *                 },
           *                 "label": "backend"
           *               },
           *               "updated_by": {
           *                 "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                 "name": "Acme",
           *                 "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                 "agent": {
           *                   "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                   "name": "Acme"
           *                 },
           *                 "label": "backend"
           *               },
           *               "created_at": "2026-03-01T09:00:00.000Z",
           *               "updated_at": "2026-03-01T09:00:00.000Z"
           *             }
           *           ]
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["CommentThread"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  addNoteComment: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "body": "# Importer\n\nWe read the old tracker's CSV export.",
         *       "parent": "cmt_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
         *     }
         */
        "application/json": {
          /** @description Markdown; `@email` or `@agent-name` mentions a member or an agent. */
          body: string;
          /** @description Reply to this top-level comment (replies are one level deep). */
          parent?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "subject": {
           *         "type": "issue",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42"
           *       },
           *       "parent_id": "ENG-42",
           *       "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *       "deleted": false,
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "edited": false,
           *       "version": 3,
           *       "author": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "history": [
           *         {
           *           "version": 3,
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "author": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "written_at": "2026-03-01T09:00:00.000Z",
           *           "replaced_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["CommentDetail"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getComment: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "subject": {
           *         "type": "issue",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42"
           *       },
           *       "parent_id": "ENG-42",
           *       "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *       "deleted": false,
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "edited": false,
           *       "version": 3,
           *       "author": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "history": [
           *         {
           *           "version": 3,
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "author": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "written_at": "2026-03-01T09:00:00.000Z",
           *           "replaced_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["CommentDetail"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  deleteComment: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "subject": {
           *         "type": "issue",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42"
           *       },
           *       "parent_id": "ENG-42",
           *       "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *       "deleted": false,
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "edited": false,
           *       "version": 3,
           *       "author": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "history": [
           *         {
           *           "version": 3,
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "author": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "written_at": "2026-03-01T09:00:00.000Z",
           *           "replaced_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["CommentDetail"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateComment: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "body": "# Importer\n\nWe read the old tracker's CSV export."
         *     }
         */
        "application/json": {
          /** @description Markdown; `@email` or `@agent-name` mentions a member or an agent. */
          body: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "subject": {
           *         "type": "issue",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42"
           *       },
           *       "parent_id": "ENG-42",
           *       "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *       "deleted": false,
           *       "deleted_at": "2026-03-01T09:00:00.000Z",
           *       "edited": false,
           *       "version": 3,
           *       "author": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "history": [
           *         {
           *           "version": 3,
           *           "body": "# Importer\n\nWe read the old tracker's CSV export.",
           *           "author": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "written_at": "2026-03-01T09:00:00.000Z",
           *           "replaced_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["CommentDetail"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listIssueApprovals: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description Only open or only resolved approvals; all when left out. */
        status?: "open" | "resolved";
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "issue": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker"
           *           },
           *           "question": "ENG-42",
           *           "options": [
           *             "ENG-42"
           *           ],
           *           "asked_of": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "email": "ada@example.com"
           *           },
           *           "marks_done": false,
           *           "status": "open",
           *           "answer": "ENG-42",
           *           "approved": false,
           *           "comment": "ENG-42",
           *           "answered_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "answered_at": "2026-03-01T09:00:00.000Z",
           *           "asked_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "version": 3,
           *           "created_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Approval"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  requestApproval: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "question": "ENG-42",
         *       "options": [
         *         "ENG-42",
         *         "ENG-42"
         *       ],
         *       "from": "ENG-42",
         *       "mark_done": false
         *     }
         */
        "application/json": {
          /** @description Markdown. With mark_done, "Mark ENG-42 done?" when left out. */
          question?: string;
          /** @description The answers offered, e.g. ["Ship it", "Hold"]; approve or reject when left out. */
          options?: string[];
          /** @description The person asked (email or id); the space's reviewers when left out. */
          from?: string;
          /** @description true: approving marks the issue done, as the person approving (no options). */
          mark_done?: boolean;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "issue": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker"
           *       },
           *       "question": "ENG-42",
           *       "options": [
           *         "ENG-42"
           *       ],
           *       "asked_of": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com"
           *       },
           *       "marks_done": false,
           *       "status": "open",
           *       "answer": "ENG-42",
           *       "approved": false,
           *       "comment": "ENG-42",
           *       "answered_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "answered_at": "2026-03-01T09:00:00.000Z",
           *       "asked_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "version": 3,
           *       "created_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Approval"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getApproval: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "issue": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker"
           *       },
           *       "question": "ENG-42",
           *       "options": [
           *         "ENG-42"
           *       ],
           *       "asked_of": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com"
           *       },
           *       "marks_done": false,
           *       "status": "open",
           *       "answer": "ENG-42",
           *       "approved": false,
           *       "comment": "ENG-42",
           *       "answered_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "answered_at": "2026-03-01T09:00:00.000Z",
           *       "asked_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "version": 3,
           *       "created_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Approval"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  answerApproval: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "option": "ENG-42",
         *       "approve": false,
         *       "comment": "ENG-42"
         *     }
         */
        "application/json": {
          /** @description One of the approval's options. */
          option?: string;
          /** @description true approves, false rejects. */
          approve?: boolean;
          /** @description Why, for the asker (Markdown). */
          comment?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "issue": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker"
           *       },
           *       "question": "ENG-42",
           *       "options": [
           *         "ENG-42"
           *       ],
           *       "asked_of": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com"
           *       },
           *       "marks_done": false,
           *       "status": "open",
           *       "answer": "ENG-42",
           *       "approved": false,
           *       "comment": "ENG-42",
           *       "answered_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "answered_at": "2026-03-01T09:00:00.000Z",
           *       "asked_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "version": 3,
           *       "created_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Approval"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listInbox: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
        /** @description true: only unread items; false: only read ones. */
        unread?: "0" | "1" | "true" | "false";
        /** @description Only items of this kind. */
        kind?:
          | "mention"
          | "assignment"
          | "approval"
          | "review"
          | "webhook_disabled"
          | "session_awaiting_input"
          | "session_stale"
          | "session_error"
          | "budget_warning"
          | "budget_exceeded";
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "kind": "mention",
           *           "subject": {
           *             "type": "ENG-42",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "url": "ENG-42"
           *           },
           *           "issue": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "identifier": "ENG-42",
           *             "title": "Import issues from the old tracker"
           *           },
           *           "title": "Import issues from the old tracker",
           *           "excerpt": "ENG-42",
           *           "actor": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "agent": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             },
           *             "label": "backend"
           *           },
           *           "read": false,
           *           "read_at": "2026-03-01T09:00:00.000Z",
           *           "created_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42",
           *       "unread_count": 2
           *     }
           */
          "application/json": {
            data: components["schemas"]["InboxItem"][];
            next_cursor: string | null;
            /** @description How many of your items in this workspace are unread. */
            unread_count: number;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getInboxSettings: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "email": "off",
           *       "address": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["InboxSettings"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateInboxSettings: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "off"
         *     }
         */
        "application/json": {
          /**
           * @description off, immediate or daily.
           * @enum {string}
           */
          email: "off" | "immediate" | "daily";
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "email": "off",
           *       "address": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["InboxSettings"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getInboxItem: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "kind": "mention",
           *       "subject": {
           *         "type": "ENG-42",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "url": "ENG-42"
           *       },
           *       "issue": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "identifier": "ENG-42",
           *         "title": "Import issues from the old tracker"
           *       },
           *       "title": "Import issues from the old tracker",
           *       "excerpt": "ENG-42",
           *       "actor": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "agent": {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme"
           *         },
           *         "label": "backend"
           *       },
           *       "read": false,
           *       "read_at": "2026-03-01T09:00:00.000Z",
           *       "created_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["InboxItem"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  markInboxItemRead: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /** @example {} */
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "read": 2,
           *       "unread_count": 2
           *     }
           */
          "application/json": {
            /** @description How many items this marked read (0 when they were read already). */
            read: number;
            /** @description How many of your items are still unread. */
            unread_count: number;
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  markInboxRead: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "kind": "mention"
         *     }
         */
        "application/json": {
          /**
           * @description Only items of this kind; all unread items when left out.
           * @enum {string}
           */
          kind?:
            | "mention"
            | "assignment"
            | "approval"
            | "review"
            | "webhook_disabled"
            | "session_awaiting_input"
            | "session_stale"
            | "session_error"
            | "budget_warning"
            | "budget_exceeded";
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "read": 2,
           *       "unread_count": 2
           *     }
           */
          "application/json": {
            /** @description How many items this marked read (0 when they were read already). */
            read: number;
            /** @description How many of your items are still unread. */
            unread_count: number;
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listSpaces: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "prefix": "ENG",
           *           "done_requires": "anyone",
           *           "reviewers": [
           *             {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme",
           *               "email": "ada@example.com"
           *             }
           *           ],
           *           "reviewers_default": false,
           *           "session_stale_minutes": 2,
           *           "auto_start_on_branch": false,
           *           "auto_review_on_pr": false,
           *           "auto_done_on_merge": false,
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Space"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createSpace: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Acme",
         *       "prefix": "ENG"
         *     }
         */
        "application/json": {
          /** @description The space's name, 1 to 100 characters, unique in the workspace. */
          name: string;
          /** @description 2 to 10 letters or digits, starting with a letter: the ENG of ENG-42. It cannot be changed later (issue identifiers are made from it). */
          prefix: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "prefix": "ENG",
           *       "done_requires": "anyone",
           *       "reviewers": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "email": "ada@example.com"
           *         }
           *       ],
           *       "reviewers_default": false,
           *       "session_stale_minutes": 2,
           *       "auto_start_on_branch": false,
           *       "auto_review_on_pr": false,
           *       "auto_done_on_merge": false,
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Space"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getSpace: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description The space's prefix, e.g. ENG (or its id, spc_…, as its events name it). */
        prefix: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "prefix": "ENG",
           *       "done_requires": "anyone",
           *       "reviewers": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "email": "ada@example.com"
           *         }
           *       ],
           *       "reviewers_default": false,
           *       "session_stale_minutes": 2,
           *       "auto_start_on_branch": false,
           *       "auto_review_on_pr": false,
           *       "auto_done_on_merge": false,
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Space"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateSpace: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description The space's prefix, e.g. ENG (or its id, spc_…, as its events name it). */
        prefix: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "name": "Acme",
         *       "done_requires": "anyone",
         *       "reviewers": [
         *         "ENG-42"
         *       ],
         *       "session_stale_minutes": 5,
         *       "auto_start_on_branch": false,
         *       "auto_review_on_pr": false,
         *       "auto_done_on_merge": false
         *     }
         */
        "application/json": {
          /** @description The space's name, 1 to 100 characters, unique in the workspace. */
          name?: string;
          /**
           * @description anyone, not_author or person.
           * @enum {string}
           */
          done_requires?: "anyone" | "not_author" | "person";
          /** @description Members (email or usr_… id) to review the space's issues; [] for the workspace's admins. */
          reviewers?: string[];
          /** @description Minutes without an activity after which a live agent run is `stale`, 5 to 10,080 (a week). */
          session_stale_minutes?: number;
          /** @description Code hosts: a branch or draft pull request moves a backlog/todo issue to in_progress. */
          auto_start_on_branch?: boolean;
          /** @description Code hosts: a pull request ready for review moves its issue to in_review. */
          auto_review_on_pr?: boolean;
          /** @description Code hosts: a merge with a closing word finishes the issue (through the review policy). */
          auto_done_on_merge?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "name": "Acme",
           *       "prefix": "ENG",
           *       "done_requires": "anyone",
           *       "reviewers": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "email": "ada@example.com"
           *         }
           *       ],
           *       "reviewers_default": false,
           *       "session_stale_minutes": 2,
           *       "auto_start_on_branch": false,
           *       "auto_review_on_pr": false,
           *       "auto_done_on_merge": false,
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Space"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listTemplates: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description The space's prefix, e.g. ENG (or its id, spc_…). */
        prefix: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "space": "ENG",
           *           "name": "Acme",
           *           "title": "Import issues from the old tracker",
           *           "description": "Move the 1,200 open issues over, keeping their history.",
           *           "status": "backlog",
           *           "priority": "none",
           *           "labels": [
           *             "backend"
           *           ],
           *           "estimate": 3,
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "version": 3
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["IssueTemplate"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createTemplate: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description The space's prefix, e.g. ENG (or its id, spc_…). */
        prefix: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Bug report",
         *       "title": "",
         *       "description": "",
         *       "status": "backlog",
         *       "priority": "none",
         *       "labels": [
         *         "backend"
         *       ],
         *       "estimate": 3
         *     }
         */
        "application/json": {
          /**
           * @description 1 to 80 characters, trimmed; unique in the space ignoring case.
           * @example Bug report
           */
          name: string;
          /**
           * @description What a new issue's title starts with, e.g. "Bug: " (kept as written, spaces included), at most 255 characters; "" for none.
           * @default
           */
          title?: string;
          /**
           * @description The new issue's description (Markdown), at most 100,000 characters.
           * @default
           */
          description?: string;
          /**
           * @description The new issue's status; null for the issue's own default (backlog).
           * @default null
           */
          status?: ("backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled") | null;
          /**
           * @description The new issue's priority.
           * @default none
           * @enum {string}
           */
          priority?: "none" | "low" | "medium" | "high" | "urgent";
          /** @description Label names the new issue carries, at most 20 (a name no label has is made when an issue is created with it). */
          labels?: string[];
          /**
           * @description The new issue's estimate in points; null for none.
           * @default null
           */
          estimate?: number | null;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "space": "ENG",
           *       "name": "Acme",
           *       "title": "Import issues from the old tracker",
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "status": "backlog",
           *       "priority": "none",
           *       "labels": [
           *         "backend"
           *       ],
           *       "estimate": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "version": 3
           *     }
           */
          "application/json": components["schemas"]["IssueTemplate"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getTemplate: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "space": "ENG",
           *       "name": "Acme",
           *       "title": "Import issues from the old tracker",
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "status": "backlog",
           *       "priority": "none",
           *       "labels": [
           *         "backend"
           *       ],
           *       "estimate": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "version": 3
           *     }
           */
          "application/json": components["schemas"]["IssueTemplate"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  deleteTemplate: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "deleted": true
           *     }
           */
          "application/json": {
            id: string;
            /** @constant */
            deleted: true;
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateTemplate: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "name": "Bug report",
         *       "title": "Import issues from the old tracker",
         *       "description": "Move the 1,200 open issues over, keeping their history.",
         *       "status": "backlog",
         *       "priority": "none",
         *       "labels": [
         *         "backend"
         *       ],
         *       "estimate": 3
         *     }
         */
        "application/json": {
          /**
           * @description 1 to 80 characters, trimmed; unique in the space ignoring case.
           * @example Bug report
           */
          name?: string;
          /** @description What a new issue's title starts with, e.g. "Bug: " (kept as written, spaces included), at most 255 characters; "" for none. */
          title?: string;
          /** @description Markdown text, at most 100,000 characters. */
          description?: string;
          /** @description The new issue's status; null for the issue's own default (backlog). */
          status?: ("backlog" | "todo" | "in_progress" | "in_review" | "done" | "canceled") | null;
          /**
           * @description The new issue's priority.
           * @enum {string}
           */
          priority?: "none" | "low" | "medium" | "high" | "urgent";
          /** @description Label names the new issue carries, at most 20 (a name no label has is made when an issue is created with it). */
          labels?: string[];
          /** @description The new issue's estimate in points; null for none. */
          estimate?: number | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "space": "ENG",
           *       "name": "Acme",
           *       "title": "Import issues from the old tracker",
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "status": "backlog",
           *       "priority": "none",
           *       "labels": [
           *         "backend"
           *       ],
           *       "estimate": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "version": 3
           *     }
           */
          "application/json": components["schemas"]["IssueTemplate"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listWebhooks: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "wh_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *           "url": "ENG-42",
           *           "description": "Move the 1,200 open issues over, keeping their history.",
           *           "events": [
           *             "ENG-42"
           *           ],
           *           "status": "enabled",
           *           "disabled_reason": "ENG-42",
           *           "parked_until": "2026-03-01T09:00:00.000Z",
           *           "parked_reason": "ENG-42",
           *           "disabled_cause": "access_ended",
           *           "created_by": "usr_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *           "created_via": "pat_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Webhook"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "url": "https://example.com/hooks/docket",
         *       "events": [
         *         "issue.*",
         *         "claim.created"
         *       ],
         *       "description": "CI: start a build when an issue is ready"
         *     }
         */
        "application/json": {
          /**
           * @description Where deliveries are POSTed: an https URL on a public address.
           * @example https://example.com/hooks/docket
           */
          url: string;
          /**
           * @description The event types delivered: exact (`issue.ready`), patterns (`issue.*`, matching at least one type) or `*` for all. A type that does not exist is refused (400, with the nearest type).
           * @example [
           *       "issue.*",
           *       "claim.created"
           *     ]
           */
          events: string[];
          /**
           * @description What the webhook is for.
           * @example CI: start a build when an issue is ready
           */
          description?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "wh_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *       "url": "ENG-42",
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "events": [
           *         "ENG-42"
           *       ],
           *       "status": "enabled",
           *       "disabled_reason": "ENG-42",
           *       "parked_until": "2026-03-01T09:00:00.000Z",
           *       "parked_reason": "ENG-42",
           *       "disabled_cause": "access_ended",
           *       "created_by": "usr_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *       "created_via": "pat_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
           *     }
           */
          "application/json": components["schemas"]["CreatedWebhook"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "wh_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *       "url": "ENG-42",
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "events": [
           *         "ENG-42"
           *       ],
           *       "status": "enabled",
           *       "disabled_reason": "ENG-42",
           *       "parked_until": "2026-03-01T09:00:00.000Z",
           *       "parked_reason": "ENG-42",
           *       "disabled_cause": "access_ended",
           *       "created_by": "usr_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *       "created_via": "pat_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Webhook"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  deleteWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "deleted": true
           *     }
           */
          "application/json": {
            id: string;
            /** @constant */
            deleted: true;
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "url": "https://example.com/hooks/docket",
         *       "events": [
         *         "issue.*",
         *         "claim.created"
         *       ],
         *       "description": "CI: start a build when an issue is ready",
         *       "status": "enabled"
         *     }
         */
        "application/json": {
          /**
           * @description Where deliveries are POSTed: an https URL on a public address.
           * @example https://example.com/hooks/docket
           */
          url?: string;
          /**
           * @description The event types delivered: exact (`issue.ready`), patterns (`issue.*`, matching at least one type) or `*` for all. A type that does not exist is refused (400, with the nearest type).
           * @example [
           *       "issue.*",
           *       "claim.created"
           *     ]
           */
          events?: string[];
          /**
           * @description What the webhook is for.
           * @example CI: start a build when an issue is ready
           */
          description?: string;
          /**
           * @description `enabled` turns a disabled webhook back on (its failed deliveries stay failed). One disabled because its maker's access ended (`disabled_cause: access_ended`) is enabled only by an admin or the Owner, who becomes its owner (`created_by`, `created_via`).
           * @enum {string}
           */
          status?: "enabled" | "disabled";
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "wh_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *       "url": "ENG-42",
           *       "description": "Move the 1,200 open issues over, keeping their history.",
           *       "events": [
           *         "ENG-42"
           *       ],
           *       "status": "enabled",
           *       "disabled_reason": "ENG-42",
           *       "parked_until": "2026-03-01T09:00:00.000Z",
           *       "parked_reason": "ENG-42",
           *       "disabled_cause": "access_ended",
           *       "created_by": "usr_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *       "created_via": "pat_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Webhook"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listWebhookDeliveries: {
    parameters: {
      query?: {
        /** @description Only deliveries in this state. */
        status?: "pending" | "succeeded" | "failed";
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "msg_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *           "webhook_id": "ENG-42",
           *           "event_id": "ENG-42",
           *           "event_type": "ENG-42",
           *           "status": "pending",
           *           "attempts": 2,
           *           "next_attempt_at": "2026-03-01T09:00:00.000Z",
           *           "last_status_code": 2,
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "finished_at": "2026-03-01T09:00:00.000Z",
           *           "attempt_log": [
           *             {
           *               "attempted_at": "2026-03-01T09:00:00.000Z",
           *               "status_code": 2,
           *               "error": "ENG-42",
           *               "duration_ms": 2,
           *               "response": "ENG-42"
           *             }
           *           ]
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["WebhookDelivery"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  redeliverWebhookDelivery: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
        delivery_id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /** @example {} */
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "msg_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *       "webhook_id": "ENG-42",
           *       "event_id": "ENG-42",
           *       "event_type": "ENG-42",
           *       "status": "pending",
           *       "attempts": 2,
           *       "next_attempt_at": "2026-03-01T09:00:00.000Z",
           *       "last_status_code": 2,
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "finished_at": "2026-03-01T09:00:00.000Z",
           *       "attempt_log": [
           *         {
           *           "attempted_at": "2026-03-01T09:00:00.000Z",
           *           "status_code": 2,
           *           "error": "ENG-42",
           *           "duration_ms": 2,
           *           "response": "ENG-42"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["WebhookDelivery"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  pingWebhook: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /** @example {} */
        "application/json": Record<string, never>;
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "msg_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *       "webhook_id": "ENG-42",
           *       "event_id": "ENG-42",
           *       "event_type": "ENG-42",
           *       "status": "pending",
           *       "attempts": 2,
           *       "next_attempt_at": "2026-03-01T09:00:00.000Z",
           *       "last_status_code": 2,
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "finished_at": "2026-03-01T09:00:00.000Z",
           *       "attempt_log": [
           *         {
           *           "attempted_at": "2026-03-01T09:00:00.000Z",
           *           "status_code": 2,
           *           "error": "ENG-42",
           *           "duration_ms": 2,
           *           "response": "ENG-42"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["WebhookDelivery"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listIntegrations: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "int_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *           "provider": "github",
           *           "name": "Acme",
           *           "repositories": [
           *             "ENG-42"
           *           ],
           *           "space_rules": {
           *             "key": "ENG-42"
           *           },
           *           "webhook_url": "https://docket.example.com/api/integrations/int_01JQ2Z8X3V4B5N6M7K8J9H0G1F/webhook",
           *           "created_by": "ENG-42",
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "last_delivery_at": "2026-03-01T09:00:00.000Z",
           *           "version": 3
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Integration"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createIntegration: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "provider": "github",
         *       "secret": "2026-03-20",
         *       "name": "Acme",
         *       "repositories": [
         *         "acme/web",
         *         "acme/api"
         *       ],
         *       "space_rules": {
         *         "acme/web": "WEB"
         *       }
         *     }
         */
        "application/json": {
          /**
           * @description The code host.
           * @enum {string}
           */
          provider: "github" | "gitlab";
          /** @description The webhook secret to paste on the code host; one of 32 random bytes (hex) is made when none is given. */
          secret?: string;
          /** @description What it is called (GitHub or GitLab unless given). */
          name?: string;
          /**
           * @description The repositories whose deliveries are taken (`owner/name`; GitLab `group/sub/project`; `owner/*` for all of an owner's); empty or absent: every repository. Deliveries of others are answered 202 and ignored.
           * @example [
           *       "acme/web",
           *       "acme/api"
           *     ]
           */
          repositories?: string[];
          /**
           * @description Optional: which space's identifiers link from a repository ({`owner/name` or `owner/*`: `ENG`}); a repository no rule names links identifiers of every space.
           * @example {
           *       "acme/web": "WEB"
           *     }
           */
          space_rules?: {
            [key: string]: string;
          };
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "int_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *       "provider": "github",
           *       "name": "Acme",
           *       "repositories": [
           *         "ENG-42"
           *       ],
           *       "space_rules": {
           *         "key": "ENG-42"
           *       },
           *       "webhook_url": "https://docket.example.com/api/integrations/int_01JQ2Z8X3V4B5N6M7K8J9H0G1F/webhook",
           *       "created_by": "ENG-42",
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "last_delivery_at": "2026-03-01T09:00:00.000Z",
           *       "version": 3,
           *       "deliveries": [
           *         {
           *           "delivery_id": "ENG-42",
           *           "event": "pull_request",
           *           "action": "opened",
           *           "outcome": "linked",
           *           "summary": "PR #12 linked to ENG-42; ENG-42 → in_review",
           *           "received_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "secret": "3f7c…"
           *     }
           */
          "application/json": components["schemas"]["CreatedIntegration"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getIntegration: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "int_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *       "provider": "github",
           *       "name": "Acme",
           *       "repositories": [
           *         "ENG-42"
           *       ],
           *       "space_rules": {
           *         "key": "ENG-42"
           *       },
           *       "webhook_url": "https://docket.example.com/api/integrations/int_01JQ2Z8X3V4B5N6M7K8J9H0G1F/webhook",
           *       "created_by": "ENG-42",
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "last_delivery_at": "2026-03-01T09:00:00.000Z",
           *       "version": 3,
           *       "deliveries": [
           *         {
           *           "delivery_id": "ENG-42",
           *           "event": "pull_request",
           *           "action": "opened",
           *           "outcome": "linked",
           *           "summary": "PR #12 linked to ENG-42; ENG-42 → in_review",
           *           "received_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          "application/json": components["schemas"]["IntegrationDetail"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  deleteIntegration: {
    parameters: {
      query?: never;
      header?: {
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "deleted": true
           *     }
           */
          "application/json": {
            id: string;
            /** @constant */
            deleted: true;
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateIntegration: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "name": "Acme",
         *       "repositories": [
         *         "acme/web",
         *         "acme/api"
         *       ],
         *       "space_rules": {
         *         "acme/web": "WEB"
         *       },
         *       "rotate_secret": false,
         *       "secret": "2026-03-20"
         *     }
         */
        "application/json": {
          name?: string;
          /**
           * @description The repositories whose deliveries are taken (`owner/name`; GitLab `group/sub/project`; `owner/*` for all of an owner's); empty or absent: every repository. Deliveries of others are answered 202 and ignored.
           * @example [
           *       "acme/web",
           *       "acme/api"
           *     ]
           */
          repositories?: string[];
          /**
           * @description Optional: which space's identifiers link from a repository ({`owner/name` or `owner/*`: `ENG`}); a repository no rule names links identifiers of every space.
           * @example {
           *       "acme/web": "WEB"
           *     }
           */
          space_rules?: {
            [key: string]: string;
          };
          /** @description true: a new secret is made and shown in this answer only (paste it on the code host). */
          rotate_secret?: boolean;
          /** @description A new secret of your own (shown back in this answer only). */
          secret?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "int_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *       "provider": "github",
           *       "name": "Acme",
           *       "repositories": [
           *         "ENG-42"
           *       ],
           *       "space_rules": {
           *         "key": "ENG-42"
           *       },
           *       "webhook_url": "https://docket.example.com/api/integrations/int_01JQ2Z8X3V4B5N6M7K8J9H0G1F/webhook",
           *       "created_by": "ENG-42",
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "last_delivery_at": "2026-03-01T09:00:00.000Z",
           *       "version": 3,
           *       "deliveries": [
           *         {
           *           "delivery_id": "ENG-42",
           *           "event": "pull_request",
           *           "action": "opened",
           *           "outcome": "linked",
           *           "summary": "PR #12 linked to ENG-42; ENG-42 → in_review",
           *           "received_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "secret": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["UpdatedIntegration"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listIssueCodeLinks: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        /** @description An issue identifier such as ENG-42 (or its id, iss_…). */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "lnk_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *           "provider": "github",
           *           "kind": "pull_request",
           *           "url": "ENG-42",
           *           "title": "Import issues from the old tracker",
           *           "number": 42,
           *           "state": "open",
           *           "review_state": "approved",
           *           "author_login": "ENG-42",
           *           "repository": "ENG-42",
           *           "branch": "ENG-42",
           *           "closes": false,
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z",
           *           "merged_at": "2026-03-01T09:00:00.000Z",
           *           "closed_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["CodeLink"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getCodeLink: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "lnk_01JQ2Z8X3V4B5N6M7K8J9H0G1F",
           *       "provider": "github",
           *       "kind": "pull_request",
           *       "url": "ENG-42",
           *       "title": "Import issues from the old tracker",
           *       "number": 42,
           *       "state": "open",
           *       "review_state": "approved",
           *       "author_login": "ENG-42",
           *       "repository": "ENG-42",
           *       "branch": "ENG-42",
           *       "closes": false,
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z",
           *       "merged_at": "2026-03-01T09:00:00.000Z",
           *       "closed_at": "2026-03-01T09:00:00.000Z",
           *       "issue": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["CodeLinkWithIssue"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listExports: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "status": "queued",
           *           "spaces": [
           *             "ENG"
           *           ],
           *           "progress": {
           *             "part": "ENG-42",
           *             "done": 2,
           *             "total": 2
           *           },
           *           "size": 482133,
           *           "error": "ENG-42",
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "started_at": "2026-03-01T09:00:00.000Z",
           *           "finished_at": "2026-03-01T09:00:00.000Z",
           *           "expires_at": "2026-03-01T09:00:00.000Z",
           *           "download_url": "https://docket.example.com/files/download/file_01JQ3Z8X4K7M2N5P6R8S9T0V1W?expires=1772355600&signature=Xy2Qw9aBcD4eFgH1"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Export"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createExport: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "spaces": [
         *         "ENG"
         *       ]
         *     }
         */
        "application/json": {
          /** @description Space prefixes to export (`["ENG"]`); every space when left out. */
          spaces?: string[];
        };
      };
    };
    responses: {
      /** @description Accepted */
      202: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "status": "queued",
           *       "spaces": [
           *         "ENG"
           *       ],
           *       "progress": {
           *         "part": "ENG-42",
           *         "done": 2,
           *         "total": 2
           *       },
           *       "size": 482133,
           *       "error": "ENG-42",
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "started_at": "2026-03-01T09:00:00.000Z",
           *       "finished_at": "2026-03-01T09:00:00.000Z",
           *       "expires_at": "2026-03-01T09:00:00.000Z",
           *       "download_url": "https://docket.example.com/files/download/file_01JQ3Z8X4K7M2N5P6R8S9T0V1W?expires=1772355600&signature=Xy2Qw9aBcD4eFgH1"
           *     }
           */
          "application/json": components["schemas"]["Export"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getExport: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "status": "queued",
           *       "spaces": [
           *         "ENG"
           *       ],
           *       "progress": {
           *         "part": "ENG-42",
           *         "done": 2,
           *         "total": 2
           *       },
           *       "size": 482133,
           *       "error": "ENG-42",
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "started_at": "2026-03-01T09:00:00.000Z",
           *       "finished_at": "2026-03-01T09:00:00.000Z",
           *       "expires_at": "2026-03-01T09:00:00.000Z",
           *       "download_url": "https://docket.example.com/files/download/file_01JQ3Z8X4K7M2N5P6R8S9T0V1W?expires=1772355600&signature=Xy2Qw9aBcD4eFgH1"
           *     }
           */
          "application/json": components["schemas"]["Export"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  downloadExport: {
    parameters: {
      query?: never;
      header?: {
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          /** @description `attachment` with the file's name. */
          "Content-Disposition"?: string;
          /** @description `no-store`: a download, not to be kept by caches. */
          "Cache-Control"?: string;
          [name: string]: unknown;
        };
        content: {
          /** @example <the application/gzip bytes> */
          "application/gzip": string;
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listImports: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "source": "github",
           *           "space": "ENG",
           *           "file": {
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme"
           *           },
           *           "dry_run": false,
           *           "status": "queued",
           *           "phase": "ENG-42",
           *           "progress": {
           *             "processed": 2,
           *             "total": 2
           *           },
           *           "counts": {
           *             "rows": 2,
           *             "issues": {
           *               "created": 2,
           *               "updated": 2,
           *               "unchanged": 2,
           *               "skipped": 2
           *             },
           *             "comments": {
           *               "created": 2,
           *               "updated": 2,
           *               "unchanged": 2
           *             },
           *             "people": {
           *               "matched": 2,
           *               "placeholders": 2
           *             },
           *             "labels": {
           *               "created": 2
           *             },
           *             "milestones": {
           *               "created": 2
           *             },
           *             "cycles": {
           *               "created": 2
           *             },
           *             "dependencies": {
           *               "created": 2,
           *               "unchanged": 2
           *             },
           *             "parents": {
           *               "set": 2,
           *               "cleared": 2
           *             }
           *           },
           *           "mapping": {
           *             "statuses": [
           *               {
           *                 "source": "ENG-42",
           *                 "status": "ENG-42",
           *                 "issues": 2
           *               }
           *             ],
           *             "priorities": [
           *               {
           *                 "source": "ENG-42",
           *                 "priority": "ENG-42",
           *                 "issues": 2
           *               }
           *             ],
           *             "labels": [
           *               {
           *                 "name": "Acme",
           *                 "issues": 2,
           *                 "exists": false
           *               }
           *             ],
           *             "milestones": [
           *               {
           *                 "name": "Acme",
           *                 "issues": 2,
           *                 "exists": false
           *               }
           *             ],
           *             "cycles": [
           *               {
           *                 "name": "Acme",
           *                 "issues": 2,
           *                 "exists": false,
           *                 "skipped": "ENG-42"
           *               }
           *             ],
           *             "people": [
           *               {
           *                 "source_id": "ENG-42",
           *                 "name": "Acme",
           *                 "email": "ada@example.com",
           *                 "issues": 2,
           *                 "comments": 2,
           *                 "member": {
           *                   "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *                   "name": "Acme"
           *                 }
           *               }
           *             ],
           *             "people_count": 2,
           *             "edges": {
           *               "parents": 2,
           *               "blocks": 2,
           *               "related": 2,
           *               "duplicates": 2
           *             }
           *           },
           *           "problems": [
           *             {
           *               "row": 2,
           *               "source_id": "ENG-42",
           *               "message": "ENG-42",
           *               "skipped": false
           *             }
           *           ],
           *           "problem_count": 2,
           *           "error": "ENG-42",
           *           "summary": "ENG-42",
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "started_at": "2026-03-01T09:00:00.000Z",
           *           "finished_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Import"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createImport: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "source": "github",
         *       "file": "file_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
         *       "space": "ENG",
         *       "dry_run": false,
         *       "timezone": "ENG-42"
         *     }
         */
        "application/json": {
          /**
           * @description What the file is: `github` (the JSON of `gh issue list --json …`, or an array of REST issue objects), `linear` (Linear's CSV export), `jira` (Jira's CSV export with all fields, or the JSON of its REST search), `docket` (a Docket archive, restored into this empty workspace).
           * @enum {string}
           */
          source: "github" | "linear" | "jira" | "docket";
          /** @description The uploaded file (file_…): see POST /v1/files. */
          file: string;
          /** @description The space the issues go to, by prefix (ENG). Needed for every source but `docket`. */
          space?: string;
          /** @description Read and report only: the mapping, the counts and the problems, writing nothing. */
          dry_run?: boolean;
          /** @description The time zone of dates written without one (Jira's CSV); UTC when left out. */
          timezone?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "source": "github",
           *       "space": "ENG",
           *       "file": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "dry_run": false,
           *       "status": "queued",
           *       "phase": "ENG-42",
           *       "progress": {
           *         "processed": 2,
           *         "total": 2
           *       },
           *       "counts": {
           *         "rows": 2,
           *         "issues": {
           *           "created": 2,
           *           "updated": 2,
           *           "unchanged": 2,
           *           "skipped": 2
           *         },
           *         "comments": {
           *           "created": 2,
           *           "updated": 2,
           *           "unchanged": 2
           *         },
           *         "people": {
           *           "matched": 2,
           *           "placeholders": 2
           *         },
           *         "labels": {
           *           "created": 2
           *         },
           *         "milestones": {
           *           "created": 2
           *         },
           *         "cycles": {
           *           "created": 2
           *         },
           *         "dependencies": {
           *           "created": 2,
           *           "unchanged": 2
           *         },
           *         "parents": {
           *           "set": 2,
           *           "cleared": 2
           *         }
           *       },
           *       "mapping": {
           *         "statuses": [
           *           {
           *             "source": "ENG-42",
           *             "status": "ENG-42",
           *             "issues": 2
           *           }
           *         ],
           *         "priorities": [
           *           {
           *             "source": "ENG-42",
           *             "priority": "ENG-42",
           *             "issues": 2
           *           }
           *         ],
           *         "labels": [
           *           {
           *             "name": "Acme",
           *             "issues": 2,
           *             "exists": false
           *           }
           *         ],
           *         "milestones": [
           *           {
           *             "name": "Acme",
           *             "issues": 2,
           *             "exists": false
           *           }
           *         ],
           *         "cycles": [
           *           {
           *             "name": "Acme",
           *             "issues": 2,
           *             "exists": false,
           *             "skipped": "ENG-42"
           *           }
           *         ],
           *         "people": [
           *           {
           *             "source_id": "ENG-42",
           *             "name": "Acme",
           *             "email": "ada@example.com",
           *             "issues": 2,
           *             "comments": 2,
           *             "member": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             }
           *           }
           *         ],
           *         "people_count": 2,
           *         "edges": {
           *           "parents": 2,
           *           "blocks": 2,
           *           "related": 2,
           *           "duplicates": 2
           *         }
           *       },
           *       "problems": [
           *         {
           *           "row": 2,
           *           "source_id": "ENG-42",
           *           "message": "ENG-42",
           *           "skipped": false
           *         }
           *       ],
           *       "problem_count": 2,
           *       "error": "ENG-42",
           *       "summary": "ENG-42",
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "started_at": "2026-03-01T09:00:00.000Z",
           *       "finished_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Import"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getImport: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "source": "github",
           *       "space": "ENG",
           *       "file": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "dry_run": false,
           *       "status": "queued",
           *       "phase": "ENG-42",
           *       "progress": {
           *         "processed": 2,
           *         "total": 2
           *       },
           *       "counts": {
           *         "rows": 2,
           *         "issues": {
           *           "created": 2,
           *           "updated": 2,
           *           "unchanged": 2,
           *           "skipped": 2
           *         },
           *         "comments": {
           *           "created": 2,
           *           "updated": 2,
           *           "unchanged": 2
           *         },
           *         "people": {
           *           "matched": 2,
           *           "placeholders": 2
           *         },
           *         "labels": {
           *           "created": 2
           *         },
           *         "milestones": {
           *           "created": 2
           *         },
           *         "cycles": {
           *           "created": 2
           *         },
           *         "dependencies": {
           *           "created": 2,
           *           "unchanged": 2
           *         },
           *         "parents": {
           *           "set": 2,
           *           "cleared": 2
           *         }
           *       },
           *       "mapping": {
           *         "statuses": [
           *           {
           *             "source": "ENG-42",
           *             "status": "ENG-42",
           *             "issues": 2
           *           }
           *         ],
           *         "priorities": [
           *           {
           *             "source": "ENG-42",
           *             "priority": "ENG-42",
           *             "issues": 2
           *           }
           *         ],
           *         "labels": [
           *           {
           *             "name": "Acme",
           *             "issues": 2,
           *             "exists": false
           *           }
           *         ],
           *         "milestones": [
           *           {
           *             "name": "Acme",
           *             "issues": 2,
           *             "exists": false
           *           }
           *         ],
           *         "cycles": [
           *           {
           *             "name": "Acme",
           *             "issues": 2,
           *             "exists": false,
           *             "skipped": "ENG-42"
           *           }
           *         ],
           *         "people": [
           *           {
           *             "source_id": "ENG-42",
           *             "name": "Acme",
           *             "email": "ada@example.com",
           *             "issues": 2,
           *             "comments": 2,
           *             "member": {
           *               "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *               "name": "Acme"
           *             }
           *           }
           *         ],
           *         "people_count": 2,
           *         "edges": {
           *           "parents": 2,
           *           "blocks": 2,
           *           "related": 2,
           *           "duplicates": 2
           *         }
           *       },
           *       "problems": [
           *         {
           *           "row": 2,
           *           "source_id": "ENG-42",
           *           "message": "ENG-42",
           *           "skipped": false
           *         }
           *       ],
           *       "problem_count": 2,
           *       "error": "ENG-42",
           *       "summary": "ENG-42",
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "started_at": "2026-03-01T09:00:00.000Z",
           *       "finished_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Import"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listPlaceholders: {
    parameters: {
      query?: {
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "name": "Acme",
           *           "sources": [
           *             {
           *               "source": "ENG-42",
           *               "source_id": "ENG-42"
           *             }
           *           ],
           *           "issues": 2,
           *           "comments": 2,
           *           "created_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Placeholder"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  mapPlaceholder: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "member": "ENG-42"
         *     }
         */
        "application/json": {
          /** @description The member who takes the placeholder's work: their email or id (usr_…). */
          member: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "placeholder": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme"
           *       },
           *       "member": {
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "email": "ada@example.com"
           *       },
           *       "moved": {
           *         "issues": 2,
           *         "comments": 2,
           *         "activity": 2
           *       }
           *     }
           */
          "application/json": components["schemas"]["MappedPlaceholder"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getUsage: {
    parameters: {
      query?: {
        /** @description agent: by the run's agent (its connection con_…, or a scripted agent's token pat_…); space: by the issue's space; issue: by issue; person: by the run's accountable person. agent by default. */
        group_by?: "agent" | "space" | "issue" | "person";
        /** @description Start of the range (ISO 8601, included); the first day of the current month 00:00 UTC by default. */
        from?: string;
        /** @description End of the range (ISO 8601, not included); the first day of the next month 00:00 UTC by default. At most 366 days after from. */
        to?: string;
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "group_by": "agent",
           *       "from": "2026-03-01T09:00:00.000Z",
           *       "to": "2026-03-01T09:00:00.000Z",
           *       "data": [
           *         {
           *           "key": "ENG-42",
           *           "name": "Acme",
           *           "identifier": "ENG-42",
           *           "input_tokens": 2,
           *           "output_tokens": 2,
           *           "cache_read_tokens": 2,
           *           "cache_write_tokens": 2,
           *           "tokens": 2,
           *           "cost_micros": 2,
           *           "sessions": 2
           *         }
           *       ],
           *       "totals": {
           *         "input_tokens": 2,
           *         "output_tokens": 2,
           *         "cache_read_tokens": 2,
           *         "cache_write_tokens": 2,
           *         "tokens": 2,
           *         "cost_micros": 2,
           *         "sessions": 2
           *       },
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": components["schemas"]["Usage"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  listBudgets: {
    parameters: {
      query?: {
        /** @description Only the budget of this agent (con_… or pat_…). */
        agent?: string;
        /** @description Only the budget of this space (its prefix, or spc_…). */
        space?: string;
        /** @description Items per page, 1 to 100; 50 by default. */
        limit?: number;
        /** @description The next_cursor of the previous page. */
        cursor?: string;
      };
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          Link: components["headers"]["Link"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *           "scope": {
           *             "type": "agent",
           *             "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "name": "Acme",
           *             "prefix": "ENG"
           *           },
           *           "cost_micros_limit": 2,
           *           "token_limit": 2,
           *           "month": "ENG-42",
           *           "resets_at": "2026-03-01T09:00:00.000Z",
           *           "spent": {
           *             "cost_micros": 2,
           *             "tokens": 2,
           *             "input_tokens": 2,
           *             "output_tokens": 2,
           *             "cache_read_tokens": 2,
           *             "cache_write_tokens": 2
           *           },
           *           "percent": 37.5,
           *           "state": "ok",
           *           "version": 3,
           *           "created_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "updated_by": {
           *             "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *             "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *           },
           *           "created_at": "2026-03-01T09:00:00.000Z",
           *           "updated_at": "2026-03-01T09:00:00.000Z"
           *         }
           *       ],
           *       "next_cursor": "ENG-42"
           *     }
           */
          "application/json": {
            data: components["schemas"]["Budget"][];
            next_cursor: string | null;
          };
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  createBudget: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes the POST safe to retry: for 24 hours the same key and request get the first answer again; the same key with another request is refused (422). */
        "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "agent": "con_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
         *       "space": "ENG",
         *       "cost_micros_limit": 15000000,
         *       "token_limit": 20000000
         *     }
         */
        "application/json": {
          /**
           * @description The agent the budget limits: its connection (con_…), or the personal access token (pat_…) a scripted agent uses. Give agent or space, not both.
           * @example con_01JQ3Z8X4K7M2N5P6R8S9T0V1W
           */
          agent?: string;
          /** @description The space the budget limits (its prefix, or spc_…): every agent's runs on its issues together. */
          space?: string;
          /**
           * @description The month's limit on cost, in millionths of the currency unit the agents report in (15000000 = 15.00).
           * @example 15000000
           */
          cost_micros_limit?: number;
          /**
           * @description The month's limit on tokens: input + output + cache reads + cache writes, all counted.
           * @example 20000000
           */
          token_limit?: number;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "scope": {
           *         "type": "agent",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "prefix": "ENG"
           *       },
           *       "cost_micros_limit": 2,
           *       "token_limit": 2,
           *       "month": "ENG-42",
           *       "resets_at": "2026-03-01T09:00:00.000Z",
           *       "spent": {
           *         "cost_micros": 2,
           *         "tokens": 2,
           *         "input_tokens": 2,
           *         "output_tokens": 2,
           *         "cache_read_tokens": 2,
           *         "cache_write_tokens": 2
           *       },
           *       "percent": 37.5,
           *       "state": "ok",
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Budget"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      422: components["responses"]["IdempotencyKeyReused"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  getBudget: {
    parameters: {
      query?: never;
      header?: {
        /** @description An ETag of an earlier answer: 304 Not Modified when it still matches. */
        "If-None-Match"?: components["parameters"]["IfNoneMatch"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          "Cache-Control": components["headers"]["CacheControl"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "scope": {
           *         "type": "agent",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "prefix": "ENG"
           *       },
           *       "cost_micros_limit": 2,
           *       "token_limit": 2,
           *       "month": "ENG-42",
           *       "resets_at": "2026-03-01T09:00:00.000Z",
           *       "spent": {
           *         "cost_micros": 2,
           *         "tokens": 2,
           *         "input_tokens": 2,
           *         "output_tokens": 2,
           *         "cache_read_tokens": 2,
           *         "cache_write_tokens": 2
           *       },
           *       "percent": 37.5,
           *       "state": "ok",
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Budget"];
        };
      };
      304: components["responses"]["NotModified"];
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  deleteBudget: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "deleted": true
           *     }
           */
          "application/json": {
            id: string;
            /** @constant */
            deleted: true;
          };
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
  updateBudget: {
    parameters: {
      query?: never;
      header?: {
        /** @description The ETag of your read (it starts with the object's version): the change is made only if the object is still at that version, else 412. */
        "If-Match"?: components["parameters"]["IfMatch"];
        /** @description Required on a change made with the session cookie (the web app): the `csrf_token` of `GET /v1/me`; without it, or with another, 403 `csrf_refused` and nothing changes. Not used with a bearer token. */
        "X-CSRF-Token"?: components["parameters"]["XCsrfToken"];
        /** @description The workspace (slug or id) you mean to act on; 404 if the token belongs to another workspace. With the session cookie it picks which of the person's workspaces the request sees (their first when left out; 404 for one they do not belong to). */
        "Docket-Workspace"?: components["parameters"]["DocketWorkspace"];
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "cost_micros_limit": 15000000,
         *       "token_limit": 20000000
         *     }
         */
        "application/json": {
          /** @description The month's limit on cost in millionths of the currency unit; null removes it (the other limit must remain). */
          cost_micros_limit?: number | null;
          /** @description The month's limit on tokens (all four kinds); null removes it (the other limit must remain). */
          token_limit?: number | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          "RateLimit-Limit": components["headers"]["RateLimitLimit"];
          "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
          "RateLimit-Reset": components["headers"]["RateLimitReset"];
          "X-Request-Id": components["headers"]["XRequestId"];
          ETag: components["headers"]["ETag"];
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *       "scope": {
           *         "type": "agent",
           *         "id": "iss_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "name": "Acme",
           *         "prefix": "ENG"
           *       },
           *       "cost_micros_limit": 2,
           *       "token_limit": 2,
           *       "month": "ENG-42",
           *       "resets_at": "2026-03-01T09:00:00.000Z",
           *       "spent": {
           *         "cost_micros": 2,
           *         "tokens": 2,
           *         "input_tokens": 2,
           *         "output_tokens": 2,
           *         "cache_read_tokens": 2,
           *         "cache_write_tokens": 2
           *       },
           *       "percent": 37.5,
           *       "state": "ok",
           *       "version": 3,
           *       "created_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "updated_by": {
           *         "person_id": "usr_01JQ3Z8X4K7M2N5P6R8S9T0V1W",
           *         "via": "tok_01JQ3Z8X4K7M2N5P6R8S9T0V1W"
           *       },
           *       "created_at": "2026-03-01T09:00:00.000Z",
           *       "updated_at": "2026-03-01T09:00:00.000Z"
           *     }
           */
          "application/json": components["schemas"]["Budget"];
        };
      };
      400: components["responses"]["BadRequest"];
      401: components["responses"]["Unauthorized"];
      403: components["responses"]["Forbidden"];
      404: components["responses"]["NotFound"];
      409: components["responses"]["Conflict"];
      412: components["responses"]["PreconditionFailed"];
      413: components["responses"]["TooLarge"];
      415: components["responses"]["UnsupportedMediaType"];
      429: components["responses"]["TooManyRequests"];
      503: components["responses"]["Unavailable"];
    };
  };
}
