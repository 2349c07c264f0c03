import type { Db } from '../../db/connection.ts'

export interface OwnedResource {
  /** The current status id, or null when the table keeps none the echo can read. */
  statusId: number | null
}

type Lookup = (uniqueId: string, partnerUniqueID: string) => OwnedResource | undefined

/**
 * Finds a simulation or process of the caller's partner (through its broker). The tables belong
 * to other modules and may not exist yet on this database: a missing table finds nothing.
 */
function ownedLookup(db: Db, table: 'simulation' | 'process', idColumn: string): Lookup {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)
  if (!exists) return () => undefined
  const columns = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((c) => c.name))
  const status = columns.has('status_id') ? 'r.status_id' : 'NULL'
  const find = db.prepare(`SELECT ${status} AS statusId FROM ${table} r JOIN broker b ON b.broker_id = r.broker_id
    WHERE r.${idColumn} = ? AND b.partner_unique_id = ?`)
  return (uniqueId, partnerUniqueID) => find.get(uniqueId, partnerUniqueID) as OwnedResource | undefined
}

export function createEchoResourcesRepository(db: Db) {
  return {
    findSimulation: ownedLookup(db, 'simulation', 'simulation_unique_id'),
    findProcess: ownedLookup(db, 'process', 'process_unique_id'),
  }
}

export type EchoResourcesRepository = ReturnType<typeof createEchoResourcesRepository>
