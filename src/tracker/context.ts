import type { Core } from "../core.ts";

/**
 * Who is acting: the person, and the credential they act through (`pat_…` for a personal access token,
 * `con_…` for an agent connection, `web` for the person signed in to the web app, `admin` for the
 * operator's tool). Every write records both.
 */
export interface Actor {
  personId: string;
  via: string;
}

/** The `via` of a change a person made themselves in the web app (signed in, with the session cookie). */
export const WEB_VIA = "web";

/**
 * A change a code host integration made (its `via` is the integration's `int_…` id): what on the code
 * host caused it, carried in the change's activity and event as `via_integration`, shown as "GitHub
 * (pull request #123 by octocat)".
 */
export interface ViaIntegration {
  provider: string;
  kind: string;
  number: number | null;
  author_login: string | null;
  url: string;
}

/** What every tracker function is handed: the core, the one workspace it may see, and who acts. */
export interface Ctx {
  core: Core;
  workspaceId: string;
  actor: Actor;
  /** set when a code host integration acts (src/tracker/integrations) */
  integration?: ViaIntegration;
}

/** The `created_by` / `updated_by` shape of every object read. */
export interface ActorView {
  person_id: string;
  via: string;
}

export const actorView = (by: string, via: string): ActorView => ({ person_id: by, via });

/** The `created_*` and `updated_*` columns of a row the actor makes at `at`. */
export function authoredBy(ctx: Ctx, at: string) {
  return {
    created_by: ctx.actor.personId,
    created_via: ctx.actor.via,
    created_at: at,
    ...touchedBy(ctx, at),
  };
}

/** The `updated_*` columns of a row the actor changes at `at`. */
export function touchedBy(ctx: Ctx, at: string) {
  return { updated_by: ctx.actor.personId, updated_via: ctx.actor.via, updated_at: at };
}
