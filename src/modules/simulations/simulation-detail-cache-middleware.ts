import type { MiddlewareHandler } from 'hono'
import type { Db } from '../../db/connection.ts'
import { watchRowWrites } from '../../db/row-writes.ts'
import type { AppEnv } from '../../http/app-env.ts'
import type { Lang } from '../../common/language.ts'

/** Simulations whose rendered details are kept (about 4 KB a language); the oldest entry leaves first. */
const DETAIL_CACHE_SIZE = 5000

/** The rendered Simulation Detail of one simulation, per language, and the broker it belongs to. */
interface CachedDetail {
  brokerId: number
  json: Partial<Record<Lang, string>>
}

/**
 * Rendered Simulation Details, per simulation and language, exact for as long as they are kept:
 * any write of a simulation row, by whatever code (services, the control API, scenario jobs, a
 * reset, a cascade), drops its entry, told by SQLite triggers (db/row-writes.ts); a failed write
 * batch drops them all. Only a simulation that exists is ever kept, with its broker: another
 * broker's token never reads it. The service fills it (detailJson); `middleware` answers from it.
 */
export function createSimulationDetailCache(db: Db) {
  const entries = new Map<string, CachedDetail>()
  watchRowWrites(db, 'simulation', 'simulation_unique_id', (id) => (id === null ? entries.clear() : entries.delete(id)))

  const get = (brokerId: number, id: string, lang: Lang): string | undefined => {
    const cached = entries.get(id)
    return cached?.brokerId === brokerId ? cached.json[lang] : undefined
  }

  return {
    get,
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
    /**
     * Route middleware of Simulation Detail, before the path's validation: a detail already rendered
     * for this broker and language is answered as it is. Only a valid id of an existing simulation is
     * ever kept, so the validation it skips could not fail; anything else goes on to it.
     */
    middleware: (async (c, next) => {
      const json = get(c.get('auth').brokerId, c.req.param('simulationUniqueId') ?? '', c.get('lang'))
      return json === undefined ? next() : c.body(json, 200, { 'Content-Type': 'application/json' })
    }) satisfies MiddlewareHandler<AppEnv>,
  }
}

export type SimulationDetailCache = ReturnType<typeof createSimulationDetailCache>
