import type { Kysely, Transaction } from "kysely";
import type { Database, SearchDocumentsTable } from "../db/schema.ts";

/**
 * Keeps an object's search document in step with the object, in the same transaction as its write.
 * The full-text index over `search_documents` is the database's own (FTS5 / tsvector).
 */
export async function indexDocument(
  trx: Transaction<Database> | Kysely<Database>,
  doc: SearchDocumentsTable,
): Promise<void> {
  await trx
    .insertInto("search_documents")
    .values(doc)
    .onConflict((oc) =>
      oc.column("object_id").doUpdateSet({ title: doc.title, body: doc.body, updated_at: doc.updated_at }),
    )
    .execute();
}
