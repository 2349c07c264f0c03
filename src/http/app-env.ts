import type { RouteConfig, RouteHandler } from '@hono/zod-openapi'
import type { AppDeps } from '../composition-root.ts'
import type { AuthContext } from '../modules/auth/token.service.ts'
import type { Scenario } from '../modules/sandbox-scenarios/scenario.schema.ts'
import type { Lang } from './language.ts'

export interface AppEnv {
  Variables: {
    deps: AppDeps
    lang: Lang
    requestId: string
    auth: AuthContext
    /** The sandbox scenario of the request (header or magic value), if any. */
    scenario?: Scenario
  }
}

export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>
