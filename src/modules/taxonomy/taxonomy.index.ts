import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import { taxonomyHandler } from './taxonomy.handlers.ts'
import { TAXONOMY_ROUTES } from './taxonomy.routes.ts'

/** One route per reference list, all served from the in-memory catalogue. */
export function taxonomyRouter() {
  const router = new OpenAPIHono<AppEnv>()
  for (const { list, route } of TAXONOMY_ROUTES) router.openapi(route, taxonomyHandler(list) as never)
  return router
}
