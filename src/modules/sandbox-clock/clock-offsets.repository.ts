import type { Db } from '../../db/connection.ts'

/**
 * The partners' clock offsets (partner_clock). Every partner-scoped "now" reads one, so they are
 * held in memory, loaded once and written through.
 */
export function createClockOffsetRepository(db: Db) {
  const all = db.prepare('SELECT partner_unique_id AS partnerUniqueID, offset_ms AS offsetMs FROM partner_clock')
  const upsert = db.prepare(`INSERT INTO partner_clock (partner_unique_id, offset_ms, advanced_at) VALUES (@partnerUniqueID, @offsetMs, @at)
    ON CONFLICT (partner_unique_id) DO UPDATE SET offset_ms = excluded.offset_ms, advanced_at = excluded.advanced_at`)
  const remove = db.prepare('DELETE FROM partner_clock WHERE partner_unique_id = ?')
  const offsets = new Map<string, number>()
  for (const row of all.all() as Array<{ partnerUniqueID: string; offsetMs: number }>) offsets.set(row.partnerUniqueID, row.offsetMs)
  return {
    offsetMs: (partnerUniqueID: string): number => offsets.get(partnerUniqueID) ?? 0,
    /** Moves the partner's clock `ms` further ahead; call inside a transaction. Returns the new offset. */
    add(partnerUniqueID: string, ms: number, at: string): number {
      const offsetMs = (offsets.get(partnerUniqueID) ?? 0) + ms
      upsert.run({ partnerUniqueID, offsetMs, at })
      offsets.set(partnerUniqueID, offsetMs)
      return offsetMs
    },
    /** The partner's clock back to the machine's (sandbox reset, partner deleted); returns 1 if it was ahead. */
    removeOfPartner(partnerUniqueID: string): number {
      offsets.delete(partnerUniqueID)
      return remove.run(partnerUniqueID).changes
    },
  }
}

export type ClockOffsetRepository = ReturnType<typeof createClockOffsetRepository>
