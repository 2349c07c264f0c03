import type { MiddlewareHandler } from 'hono'
import type { Lang } from '../../common/language.ts'
import type { Db } from '../../db/connection.ts'
import { watchRowWrites } from '../../db/row-writes.ts'
import type { AppEnv } from '../router/app-env.ts'

/** The answers of one record, per language, and the broker that read them. */
interface CachedAnswers {
  brokerId: number
  json: Partial<Record<Lang, string>>
}

export interface AnswerCacheOptions {
  /** The table of the record an answer renders, and its key column: their row writes drop the answers. */
  table: string
  keyColumn: string
  /** The route's path parameter that names the record. */
  param: string
  /** Records whose answers are kept; the oldest leaves first. */
  size: number
}

/**
 * Rendered JSON answers of a read route, by record id, broker and language, exact for as long as
 * they are kept: any UPDATE or DELETE of the record's row, by whatever code (services, the control
 * API, scenario jobs, a reset, a cascade), drops its answers, told by SQLite triggers
 * (db/row-writes.ts), and a failed write batch drops them all (the rollback event, through the
 * same listener). The route's handler feeds it with what it answered; `middleware`, mounted by the
 * router before the route's validation, answers from it. Only a record the broker could read is ever
 * kept under that broker: another broker's token never reads it. The service knows nothing of it.
 */
export function createAnswerCache(db: Db, options: AnswerCacheOptions) {
  const entries = new Map<string, CachedAnswers>()
  watchRowWrites(db, options.table, options.keyColumn, (id) => (id === null ? entries.clear() : entries.delete(id)))

  const get = (id: string, brokerId: number, lang: Lang): string | undefined => {
    const cached = entries.get(id)
    return cached?.brokerId === brokerId ? cached.json[lang] : undefined
  }

  return {
    get,
    /** Keeps the answer to a broker's read of a record, rendered from the database now. */
    set(id: string, brokerId: number, lang: Lang, json: string): void {
      const cached = entries.get(id)
      if (cached?.brokerId === brokerId) {
        cached.json[lang] = json
        return
      }
      if (entries.size >= options.size) entries.delete(entries.keys().next().value!)
      entries.set(id, { brokerId, json: { [lang]: json } })
    },
    /**
     * Route middleware, before the path's validation: an answer already rendered for this broker and
     * language is answered as it is. Only a valid id of an existing record is ever kept, so the
     * validation it skips could not fail; anything else goes on to it.
     */
    middleware: (async (c, next) => {
      const json = get(c.req.param(options.param) ?? '', c.get('auth').brokerId, c.get('lang'))
      return json === undefined ? next() : c.body(json, 200, { 'Content-Type': 'application/json' })
    }) satisfies MiddlewareHandler<AppEnv>,
  }
}

export type AnswerCache = ReturnType<typeof createAnswerCache>
