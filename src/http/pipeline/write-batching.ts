import type { MiddlewareHandler } from 'hono'
import type { WriteBatch } from '../../db/write-batch.ts'
import type { AppEnv } from '../router/app-env.ts'

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Mutating requests write inside the open write batch and answer once it is committed (db/write-batch.ts). */
export function writeBatching(writes: Pick<WriteBatch, 'begin' | 'settled'>): MiddlewareHandler<AppEnv> {
  return async function batchWrites(c, next) {
    if (READ_ONLY.has(c.req.method)) return next()
    writes.begin()
    await next()
    await writes.settled()
  }
}
