import type { Db } from '../../../db/connection.ts'
import type { BorrowerData } from './borrower-request.schemas.ts'

export interface BorrowerRecord extends BorrowerData {
  borrowerUniqueId: string
  processUniqueId: string
  createdAt: number
  createdByUserId: number
  updatedAt: number
  updatedByUserId: number
}

interface StoredRow {
  borrowerUniqueId: string
  processUniqueId: string
  borrowerTypeId: number
  keyBorrowerRelationId: number | null
  personal: string
  financial: string
  professional: string
  createdAt: number
  createdByUserId: number
  updatedAt: number
  updatedByUserId: number
}

const COLUMNS = `borrower_unique_id AS borrowerUniqueId, process_unique_id AS processUniqueId,
  borrower_type_id AS borrowerTypeId, key_borrower_relation_id AS keyBorrowerRelationId, personal, financial,
  professional, created_at AS createdAt, created_by_user_id AS createdByUserId, updated_at AS updatedAt,
  updated_by_user_id AS updatedByUserId`

function toRecord(row: StoredRow): BorrowerRecord {
  const { keyBorrowerRelationId, personal, financial, professional, ...rest } = row
  return {
    ...rest,
    ...(keyBorrowerRelationId === null ? {} : { keyBorrowerRelationId }),
    personal: JSON.parse(personal) as BorrowerRecord['personal'],
    financial: JSON.parse(financial) as BorrowerRecord['financial'],
    professional: JSON.parse(professional) as BorrowerRecord['professional'],
  }
}

const columnsOf = (b: BorrowerData) => ({
  borrowerTypeId: b.borrowerTypeId,
  keyBorrowerRelationId: b.keyBorrowerRelationId ?? null,
  personal: JSON.stringify(b.personal),
  financial: JSON.stringify(b.financial),
  professional: JSON.stringify(b.professional),
})

/** SQL of the borrowers of a process; the caller has already checked that the process is the broker's. */
export function createBorrowerRepository(db: Db) {
  const insert = db.prepare(`INSERT INTO process_borrower (borrower_unique_id, process_unique_id, borrower_type_id,
    key_borrower_relation_id, personal, financial, professional, created_at, created_by_user_id, updated_at, updated_by_user_id)
    VALUES (@borrowerUniqueId, @processUniqueId, @borrowerTypeId, @keyBorrowerRelationId, @personal, @financial,
    @professional, @at, @userId, @at, @userId)`)
  const update = db.prepare(`UPDATE process_borrower SET borrower_type_id = @borrowerTypeId,
    key_borrower_relation_id = @keyBorrowerRelationId, personal = @personal, financial = @financial,
    professional = @professional, updated_at = @at, updated_by_user_id = @userId
    WHERE borrower_unique_id = @borrowerUniqueId AND process_unique_id = @processUniqueId`)
  const remove = db.prepare('DELETE FROM process_borrower WHERE borrower_unique_id = ? AND process_unique_id = ?')
  const find = db.prepare(`SELECT ${COLUMNS} FROM process_borrower WHERE borrower_unique_id = ? AND process_unique_id = ?`)
  // Key borrower first, then co-borrowers in the order they were added.
  const list = db.prepare(`SELECT ${COLUMNS} FROM process_borrower WHERE process_unique_id = ?
    ORDER BY borrower_type_id <> 1, created_at, rowid`)

  return {
    insert: (processUniqueId: string, borrowerUniqueId: string, data: BorrowerData, at: number, userId: number) =>
      void insert.run({ processUniqueId, borrowerUniqueId, ...columnsOf(data), at, userId }),
    update: (processUniqueId: string, borrowerUniqueId: string, data: BorrowerData, at: number, userId: number) =>
      void update.run({ processUniqueId, borrowerUniqueId, ...columnsOf(data), at, userId }),
    remove: (processUniqueId: string, borrowerUniqueId: string) => void remove.run(borrowerUniqueId, processUniqueId),
    find(processUniqueId: string, borrowerUniqueId: string): BorrowerRecord | undefined {
      const row = find.get(borrowerUniqueId, processUniqueId) as StoredRow | undefined
      return row && toRecord(row)
    },
    list: (processUniqueId: string): BorrowerRecord[] => (list.all(processUniqueId) as StoredRow[]).map(toRecord),
  }
}
