import type { RouteConfig, RouteHandler } from '@hono/zod-openapi'
import type { AppDeps } from '../app-deps.ts'
import type { AuthContext } from '../modules/auth/token.service.ts'
import type { Lang } from './language.ts'

export interface AppEnv {
  Variables: {
    deps: AppDeps
    lang: Lang
    requestId: string
    auth: AuthContext
  }
}

export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>
