import type { Db } from '../../../db/connection.ts'
import type { PropertyData } from './property.schemas.ts'

export interface PropertyRecord {
  propertyUniqueId: string
  processUniqueId: string
  data: PropertyData
  updatedAt: number
  updatedByUserId: number | null
}

interface StoredRow extends Omit<PropertyRecord, 'data'> {
  data: string
}

const COLUMNS = `property_unique_id AS propertyUniqueId, process_unique_id AS processUniqueId, data,
  updated_at AS updatedAt, updated_by_user_id AS updatedByUserId`

const toRecord = (row: StoredRow): PropertyRecord => ({ ...row, data: JSON.parse(row.data) as PropertyData })

/** SQL of the property of a process (one per process); the caller has checked the process is the broker's. */
export function createPropertyRepository(db: Db) {
  const insert = db.prepare(`INSERT INTO process_property (property_unique_id, process_unique_id, data, updated_at, updated_by_user_id)
    VALUES (@propertyUniqueId, @processUniqueId, @data, @updatedAt, @updatedByUserId)`)
  const update = db.prepare(`UPDATE process_property SET data = @data, updated_at = @updatedAt, updated_by_user_id = @updatedByUserId
    WHERE property_unique_id = @propertyUniqueId AND process_unique_id = @processUniqueId`)
  const ofProcess = db.prepare(`SELECT ${COLUMNS} FROM process_property WHERE process_unique_id = ?`)

  return {
    insert: (record: PropertyRecord) => void insert.run({ ...record, data: JSON.stringify(record.data) }),
    update: (record: PropertyRecord) => void update.run({ ...record, data: JSON.stringify(record.data) }),
    ofProcess(processUniqueId: string): PropertyRecord | undefined {
      const row = ofProcess.get(processUniqueId) as StoredRow | undefined
      return row && toRecord(row)
    },
  }
}
