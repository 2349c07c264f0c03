import type { MiddlewareHandler } from 'hono'
import type { GroupCommit } from '../db/group-commit.ts'
import type { AppEnv } from './app-env.ts'

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Mutating requests write inside the open batch and answer once it is committed (group-commit.ts). */
export function writeBatching(groupCommit: GroupCommit): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (READ_ONLY.has(c.req.method)) return next()
    groupCommit.begin()
    await next()
    await groupCommit.settled()
  }
}
