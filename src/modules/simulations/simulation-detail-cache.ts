import type { Db } from '../../db/connection.ts'
import { watchRowWrites } from '../../db/row-writes.ts'
import type { Lang } from '../../http/language.ts'

/** Simulations whose rendered details are kept (about 4 KB a language); the oldest entry leaves first. */
const DETAIL_CACHE_SIZE = 5000

/** The rendered Simulation Detail of one simulation, per language, and the broker it belongs to. */
interface CachedDetail {
  brokerId: number
  json: Partial<Record<Lang, string>>
}

/**
 * Rendered Simulation Details, per simulation and language, exact for as long as they are kept:
 * any write of a simulation row, by whatever code, drops its entry (db/row-writes.ts). Only a
 * simulation that exists is ever kept, with its broker: another broker's token never reads it.
 */
export function createSimulationDetailCache(db: Db) {
  const entries = new Map<string, CachedDetail>()
  watchRowWrites(db, 'simulation', 'simulation_unique_id', (id) => (id === null ? entries.clear() : entries.delete(id)))
  return {
    get(brokerId: number, id: string, lang: Lang): string | undefined {
      const cached = entries.get(id)
      return cached?.brokerId === brokerId ? cached.json[lang] : undefined
    },
    /** Keeps the detail of a simulation read from the database now. */
    set(brokerId: number, id: string, lang: Lang, json: string): void {
      const cached = entries.get(id)
      if (cached?.brokerId === brokerId) {
        cached.json[lang] = json
        return
      }
      if (entries.size >= DETAIL_CACHE_SIZE) entries.delete(entries.keys().next().value!)
      entries.set(id, { brokerId, json: { [lang]: json } })
    },
  }
}
