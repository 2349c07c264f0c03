import type { RouteConfig, RouteHandler } from '@hono/zod-openapi'
import type { Env } from 'hono'
import type { Lang } from '../../common/language.ts'
import type { AuthContext } from '../../common/auth-context.ts'

/**
 * What every request carries from the middleware to the handlers. Services are not in it: each
 * router is built with the services it uses (docs/architecture.md "Modules"). A module that adds
 * its own variables (the sandbox scenario) extends this type in its own front door.
 */
/** What a request's fair share is told when it waits for something other than the loop (fair-share/fair-share.ts `held`). */
export interface HeldShare {
  hold(): void
  resume(): void
}

export interface AppEnv {
  Variables: {
    lang: Lang
    requestId: string
    auth: AuthContext
    /** The request's account with its partner's fair share (fair-share/fair-share.ts), on a rate-limited sandbox. */
    share?: HeldShare
  }
}

export type AppRouteHandler<R extends RouteConfig, E extends Env = AppEnv> = RouteHandler<R, E>
