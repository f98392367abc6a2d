import type { Kysely, Transaction } from "kysely";
import type { Database, SearchDocumentsTable } from "../db/schema.ts";

/**
 * A file's name as words for the body: PostgreSQL's parser reads `budget-2026.xlsx` as one file-name
 * token, so without them a search for "budget" would miss the file there (FTS5 splits it either way).
 */
export const nameWords = (name: string): string =>
  (name.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu) ?? []).join(" ");

/**
 * Keeps an object's search document in step with the object, in the same transaction as its write.
 * The full-text index over `search_documents` is the database's own (FTS5 / tsvector). A file without
 * a body is indexed with the words of its name as the body.
 */
export async function indexDocument(
  trx: Transaction<Database> | Kysely<Database>,
  doc: SearchDocumentsTable,
): Promise<void> {
  const row = doc.object_type === "file" && doc.body === "" ? { ...doc, body: nameWords(doc.title) } : doc;
  await trx
    .insertInto("search_documents")
    .values(row)
    .onConflict((oc) =>
      oc.column("object_id").doUpdateSet({ title: row.title, body: row.body, updated_at: row.updated_at }),
    )
    .execute();
}

/** Takes an object out of search, in the same transaction as its removal. */
export async function removeDocument(
  trx: Transaction<Database> | Kysely<Database>,
  objectId: string,
): Promise<void> {
  await trx.deleteFrom("search_documents").where("object_id", "=", objectId).execute();
}
