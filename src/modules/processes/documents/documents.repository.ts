import type { Db } from '../../../db/connection.ts'

export interface DocumentRecord {
  documentUniqueId: string
  processUniqueId: string
  documentTypeId: number
  borrowerUniqueId: string | null
  description: string | null
  fileName: string
  contentType: string
  size: number
  sha256: string
  createdAt: number
  updatedAt: number
  userId: number
}

export interface DocumentContent {
  contentType: string
  fileName: string
  size: number
  sha256: string
  /** The content in order, in slices of at most CONTENT_SLICE_BYTES. */
  slices: Buffer[]
}

/**
 * Content is stored in slices (migration 003) of 256 KiB: each is one synchronous SQLite write on
 * the event loop every partner shares, about a millisecond, where a 1 MiB slice took eight to ten
 * (docs/decisions/1085-uploads-in-short-writes.md). Documents stored before hold 1 MiB slices:
 * readers take the slices in order, whatever their size.
 */
export const CONTENT_SLICE_BYTES = 256 * 1024

const COLUMNS = `document_unique_id AS documentUniqueId, process_unique_id AS processUniqueId,
  document_type_id AS documentTypeId, borrower_unique_id AS borrowerUniqueId, description, file_name AS fileName,
  content_type AS contentType, size, sha256, created_at AS createdAt, updated_at AS updatedAt, user_id AS userId`

/**
 * SQL of the documents of a process. Content is staged slice by slice while an upload streams in
 * (under the new document's id, or a staging key when a document is replaced), then adopted with
 * the metadata in one transaction; a failed upload discards its slices.
 */
export function createDocumentRepository(db: Db) {
  // Slices left by an upload the process did not live to finish.
  db.prepare('DELETE FROM process_document_content WHERE document_unique_id NOT IN (SELECT document_unique_id FROM process_document)').run()
  const insert = db.prepare(`INSERT INTO process_document (document_unique_id, process_unique_id, document_type_id,
    borrower_unique_id, description, file_name, content_type, size, sha256, created_at, updated_at, user_id)
    VALUES (@documentUniqueId, @processUniqueId, @documentTypeId, @borrowerUniqueId, @description, @fileName,
    @contentType, @size, @sha256, @createdAt, @updatedAt, @userId)`)
  const update = db.prepare(`UPDATE process_document SET document_type_id = @documentTypeId,
    borrower_unique_id = @borrowerUniqueId, description = @description, file_name = @fileName,
    content_type = @contentType, size = @size, sha256 = @sha256, updated_at = @updatedAt, user_id = @userId
    WHERE document_unique_id = @documentUniqueId AND process_unique_id = @processUniqueId`)
  const putSlice = db.prepare('INSERT INTO process_document_content (document_unique_id, slice, content) VALUES (?, ?, ?)')
  const clearContent = db.prepare('DELETE FROM process_document_content WHERE document_unique_id = ?')
  const adopt = db.prepare('UPDATE process_document_content SET document_unique_id = ? WHERE document_unique_id = ?')
  const remove = db.prepare('DELETE FROM process_document WHERE document_unique_id = ? AND process_unique_id = ?')
  const find = db.prepare(`SELECT ${COLUMNS} FROM process_document WHERE document_unique_id = ? AND process_unique_id = ?`)
  const list = db.prepare(`SELECT ${COLUMNS} FROM process_document WHERE process_unique_id = ? ORDER BY created_at, rowid`)
  const meta = db.prepare(`SELECT content_type AS contentType, file_name AS fileName, size, sha256
    FROM process_document WHERE document_unique_id = ? AND process_unique_id = ?`)
  const slices = db.prepare('SELECT content FROM process_document_content WHERE document_unique_id = ? ORDER BY slice').pluck()

  return {
    /** One slice of content being uploaded, committed on its own. */
    stageSlice: (key: string, slice: number, bytes: Uint8Array) => void putSlice.run(key, slice, bytes),
    discardStaged: (key: string) => void clearContent.run(key),
    /** A new document whose content was staged under its own id. */
    insert: (record: DocumentRecord) => void insert.run(record),
    /** New metadata, and the content staged under `stagingKey` in place of the old. */
    replace: db.transaction((record: DocumentRecord, stagingKey: string) => {
      clearContent.run(record.documentUniqueId)
      adopt.run(record.documentUniqueId, stagingKey)
      update.run(record)
    }),
    /** The trigger of migration 003 removes the content. */
    remove: (processUniqueId: string, documentUniqueId: string) => void remove.run(documentUniqueId, processUniqueId),
    find: (processUniqueId: string, documentUniqueId: string) => find.get(documentUniqueId, processUniqueId) as DocumentRecord | undefined,
    list: (processUniqueId: string) => list.all(processUniqueId) as DocumentRecord[],
    /** Metadata and every slice, read in one transaction: a consistent copy even if the document is replaced meanwhile. */
    content: db.transaction((processUniqueId: string, documentUniqueId: string): DocumentContent | undefined => {
      const found = meta.get(documentUniqueId, processUniqueId) as Omit<DocumentContent, 'slices'> | undefined
      return found && { ...found, slices: slices.all(documentUniqueId) as Buffer[] }
    }),
  }
}

export type DocumentRepository = ReturnType<typeof createDocumentRepository>
