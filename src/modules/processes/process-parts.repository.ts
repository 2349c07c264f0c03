import type { Db } from '../../db/connection.ts'

/** Which part of a process an id names: a borrower, a document or the property. */
export type ProcessPartKind = 'borrower' | 'document' | 'property'

/**
 * The process that holds a borrower, a document or a property, found by the part's own id alone
 * (each is its table's primary key): the console's search opens the process of any id it is given.
 */
export function createProcessPartsRepository(db: Db) {
  const owner = db.prepare(`SELECT process_unique_id AS processUniqueId, 'borrower' AS kind FROM process_borrower WHERE borrower_unique_id = @id
    UNION ALL SELECT process_unique_id, 'document' FROM process_document WHERE document_unique_id = @id
    UNION ALL SELECT process_unique_id, 'property' FROM process_property WHERE property_unique_id = @id
    LIMIT 1`)
  return {
    ownerOf: (id: string) => owner.get({ id }) as { processUniqueId: string; kind: ProcessPartKind } | undefined,
  }
}
