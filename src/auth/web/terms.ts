import type { Core } from "../../core.ts";
import type { Person } from "../../db/schema.ts";
import type { Db } from "../../db/store.ts";

/**
 * The version of the Terms of Service and Privacy Policy now in force. A person who accepted an older
 * version (or none) accepts this one before approving an agent or using settings. Change it whenever the
 * text of /terms or /privacy changes in substance.
 */
export const TERMS_VERSION = "2026-11-01";

export function hasAcceptedTerms(person: Pick<Person, "terms_version">): boolean {
  return person.terms_version === TERMS_VERSION;
}

/** Records that a person accepted the current Terms and Privacy Policy. */
export async function acceptTerms(core: Core, personId: string, db: Db = core.db): Promise<void> {
  const now = core.clock.now().toISOString();
  await db
    .updateTable("people")
    .set({ terms_version: TERMS_VERSION, terms_accepted_at: now, updated_at: now })
    .where("id", "=", personId)
    .execute();
}
