import { z } from "zod";
import { iso } from "../clock.ts";
import type { Core } from "../core.ts";
import type { Person } from "../db/schema.ts";
import { isUniqueViolation } from "../db/store.ts";
import { conflict, notFound } from "../errors.ts";
import { newId } from "../secrets.ts";
import { ACCESS_ENDED_REASONS, disableWebhooksOf } from "../tracker/webhook-access.ts";
import { displayName, email, parse } from "../validate.ts";
import { revokeConnectionsWhere } from "./connections.ts";

export interface PersonView {
  id: string;
  email: string;
  name: string;
  email_verified: boolean;
  suspended: boolean;
  created_at: string;
}

export function viewPerson(p: Person): PersonView {
  return {
    id: p.id,
    email: p.email,
    name: p.name,
    email_verified: p.email_verified_at !== null,
    suspended: p.suspended_at !== null,
    created_at: p.created_at,
  };
}

export const createPersonInput = z.strictObject({
  email,
  name: displayName(100).optional(),
  email_verified: z.boolean().optional(),
});

/** Creates an account. One account per email: a second one for the same address is a conflict. */
export async function createPerson(
  core: Core,
  input: z.input<typeof createPersonInput>,
): Promise<PersonView> {
  const { email, name, email_verified } = parse(createPersonInput, input);
  const now = iso(core.clock);
  const row: Person = {
    id: newId("usr", core.clock.now()),
    email,
    name: name ?? email.split("@")[0]!,
    email_verified_at: email_verified ? now : null,
    suspended_at: null,
    terms_version: null,
    terms_accepted_at: null,
    inbox_email: "off",
    digest_sent_at: null,
    placeholder_workspace_id: null,
    created_at: now,
    updated_at: now,
  };
  try {
    await core.db.insertInto("people").values(row).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A person with email ${email} already exists.`);
    throw error;
  }
  return viewPerson(row);
}

export async function findPersonByEmail(core: Core, address: string): Promise<Person | undefined> {
  const normalized = parse(email, address);
  return core.db.selectFrom("people").selectAll().where("email", "=", normalized).executeTakeFirst();
}

export async function requirePersonByEmail(core: Core, address: string): Promise<Person> {
  const person = await findPersonByEmail(core, address);
  if (!person) throw notFound(`No person has the email ${address.trim().toLowerCase()}.`);
  return person;
}

export async function listPeople(core: Core): Promise<PersonView[]> {
  const rows = await core.db.selectFrom("people").selectAll().orderBy("email").execute();
  return rows.map(viewPerson);
}

/**
 * Suspends or reinstates an account. A suspended person's tokens stop working at once (every
 * authentication checks the flag); reinstating brings back the personal access tokens that were not
 * revoked. Agent and browser connections end for good on suspension (the spec's "account suspended":
 * revoked), so the person approves again after reinstatement. Their webhooks are disabled in the same
 * transaction (reinstating does not enable them: an admin does, see updateWebhook).
 */
export async function setSuspended(core: Core, address: string, suspended: boolean): Promise<PersonView> {
  const person = await requirePersonByEmail(core, address);
  if ((person.suspended_at !== null) === suspended) return viewPerson(person);
  const now = iso(core.clock);
  const changes = { suspended_at: suspended ? now : null, updated_at: now };
  await core.db.transaction().execute(async (tx) => {
    await tx.updateTable("people").set(changes).where("id", "=", person.id).execute();
    if (suspended) {
      await disableWebhooksOf(core, tx, { personId: person.id }, ACCESS_ENDED_REASONS.account_suspended);
      await revokeConnectionsWhere(core, { personId: person.id }, "account_suspended", tx);
    }
  });
  if (suspended) await core.events.accessChanged();
  return viewPerson({ ...person, ...changes });
}

/**
 * Deletes an account and everything that is only theirs (memberships, tokens, connections, sessions).
 * Their connections are revoked first, so registrations record the end, and the webhooks they made are
 * disabled (they stay, for the workspace's admins to see, enable or delete). A person who owns a workspace
 * cannot be deleted until that workspace is deleted or handed over.
 */
export async function deletePerson(core: Core, address: string): Promise<PersonView> {
  const person = await requirePersonByEmail(core, address);
  const owned = await core.db
    .selectFrom("workspaces")
    .select("slug")
    .where("owner_id", "=", person.id)
    .orderBy("slug")
    .execute();
  if (owned.length > 0) {
    throw conflict(
      `${person.email} owns ${owned.map((w) => w.slug).join(", ")}; delete those workspaces first.`,
    );
  }
  await core.db.transaction().execute(async (tx) => {
    await disableWebhooksOf(core, tx, { personId: person.id }, ACCESS_ENDED_REASONS.account_deleted);
    await revokeConnectionsWhere(core, { personId: person.id }, "account_deleted", tx);
    await tx.deleteFrom("people").where("id", "=", person.id).execute();
  });
  await core.events.accessChanged();
  return viewPerson(person);
}
