import { randomUUID } from 'node:crypto'
import type { Db } from '../../../../src/db/connection.ts'

interface Column {
  name: string
  type: string
  notnull: number
  dflt_value: unknown
  pk: number
}

let counter = 1_000_000

/**
 * Inserts a simulation or process owned by a broker, filling the columns the test does not care
 * about from their declared types: those tables belong to other modules and keep growing. A
 * missing table (processes come later) is created with the columns the echo reads.
 */
export function insertOwnedResource(db: Db, table: 'simulation' | 'process', values: { id: string; brokerId: number; statusId: number }) {
  const idColumn = `${table}_unique_id`
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)
  if (!exists) db.exec(`CREATE TABLE ${table} (${idColumn} TEXT PRIMARY KEY, broker_id INTEGER NOT NULL, status_id INTEGER NOT NULL)`)
  const partner = db.prepare('SELECT partner_unique_id FROM broker WHERE broker_id = ?').pluck().get(values.brokerId)
  const user = db.prepare('SELECT user_id FROM app_user WHERE broker_id = ? LIMIT 1').pluck().get(values.brokerId)
  const known: Record<string, unknown> = {
    [idColumn]: values.id,
    broker_id: values.brokerId,
    partner_unique_id: partner,
    user_id: user,
    status_id: values.statusId,
  }
  const columns = db.prepare(`PRAGMA table_info(${table})`).all() as Column[]
  // A process is made from a simulation (003_processes.sql: simulation_unique_id references it).
  if (table === 'process' && columns.some((c) => c.name === 'simulation_unique_id')) {
    known.simulation_unique_id = randomUUID()
    insertOwnedResource(db, 'simulation', { id: known.simulation_unique_id as string, brokerId: values.brokerId, statusId: 3 })
  }
  const row: Record<string, unknown> = {}
  for (const column of columns) {
    if (column.name in known) row[column.name] = known[column.name]
    else if (column.notnull && column.dflt_value === null) {
      const type = column.type.toUpperCase()
      row[column.name] = type.includes('INT') ? counter++ : type.includes('REAL') ? 1 : type.includes('BLOB') ? Buffer.alloc(0) : '{}'
    }
  }
  const names = Object.keys(row)
  db.prepare(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((n) => '@' + n).join(', ')})`).run(row)
}
