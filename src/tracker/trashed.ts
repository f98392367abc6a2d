import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { type DocketError, notFound } from "../errors.ts";
import type { Ctx } from "./context.ts";

/**
 * What reads need to know of the trash (src/tracker/trash.ts), apart so that any module may answer a
 * deleted object's 404 without importing the trash's machinery.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const TRASH_DAYS = 30;
export const TRASH_TYPES = ["issue", "decision", "note", "folder", "cycle", "milestone"] as const;
export type TrashType = (typeof TRASH_TYPES)[number];

/** The path segment of each type under /v1. */
export const TRASH_PATHS: Record<TrashType, string> = {
  issue: "issues",
  decision: "decisions",
  note: "notes",
  folder: "folders",
  cycle: "cycles",
  milestone: "milestones",
};

export const restorePath = (type: TrashType, ref: string) => `POST /v1/${TRASH_PATHS[type]}/${ref}/restore`;

/**
 * The 404 for an object that is not there (`text`); when it is in the trash, the description says so,
 * when it will be purged, and the request that restores it.
 */
export async function missing(
  db: Db,
  ctx: Ctx,
  type: TrashType,
  ref: string,
  text: string,
): Promise<DocketError> {
  const key = type === "issue" && !ref.startsWith("iss_") ? ref.toUpperCase() : ref;
  const row = await db
    .selectFrom("trash")
    .select(["ref", "deleted_at", "purge_at"])
    .where("workspace_id", "=", ctx.workspaceId)
    .where("object_type", "=", type)
    .where((eb) => eb.or([eb("ref", "=", key), eb("object_id", "=", key)]))
    .executeTakeFirst();
  if (!row) return notFound(text);
  const what = type === "issue" ? row.ref : `The ${type} ${row.ref}`;
  return notFound(
    `${what} is in the trash (deleted ${row.deleted_at.slice(0, 10)}, purged after ${row.purge_at.slice(0, 10)}); ${restorePath(type, row.ref)} brings it back.`,
  );
}
