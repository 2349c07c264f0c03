import type { Db } from '../../../db/connection.ts'
import { onRollback } from '../../../db/rollbacks.ts'
import type { Logger } from '../../../platform/logger.ts'

/**
 * The furthest a partner's clock may be ahead of the machine's, in all: 10 years. Dates far beyond
 * it (JavaScript's end of time is 275,760 years away) would make every "now" of the partner invalid.
 */
export const MAX_OFFSET_SECONDS = 10 * 365 * 24 * 60 * 60
const MAX_OFFSET_MS = MAX_OFFSET_SECONDS * 1000

/**
 * The partners' clock offsets (partner_clock). Every partner-scoped "now" reads one, so they are
 * held in memory, loaded once and written through. A stored offset that is no whole number of
 * milliseconds within the bound (a row edited by hand, a bug) is read as the nearest that is, with
 * one warning: a request or a worker must never meet an invalid date.
 */
export function createClockOffsetRepository(db: Db, logger?: Pick<Logger, 'warn'>) {
  const all = db.prepare('SELECT partner_unique_id AS partnerUniqueID, offset_ms AS offsetMs FROM partner_clock')
  const upsert = db.prepare(`INSERT INTO partner_clock (partner_unique_id, offset_ms, advanced_at) VALUES (@partnerUniqueID, @offsetMs, @at)
    ON CONFLICT (partner_unique_id) DO UPDATE SET offset_ms = excluded.offset_ms, advanced_at = excluded.advanced_at`)
  const remove = db.prepare('DELETE FROM partner_clock WHERE partner_unique_id = ?')
  const offsets = new Map<string, number>()
  const load = () => {
    offsets.clear()
    for (const row of all.all() as Array<{ partnerUniqueID: string; offsetMs: unknown }>) {
      const stored = row.offsetMs
      const offsetMs = typeof stored === 'number' && Number.isFinite(stored) ? Math.min(MAX_OFFSET_MS, Math.max(0, Math.round(stored))) : 0
      if (offsetMs !== stored)
        logger?.warn('partner clock offset out of bounds: read as the nearest allowed', { partnerUniqueID: row.partnerUniqueID, storedMs: String(stored), readMs: offsetMs })
      offsets.set(row.partnerUniqueID, offsetMs)
    }
  }
  load()
  // An advance written through but undone by a failed commit: read the offsets as they are stored again.
  onRollback(db, load)
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
