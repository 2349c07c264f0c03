import type { RouteConfig, RouteHandler } from '@hono/zod-openapi'
import type { Env } from 'hono'
import type { Lang } from './language.ts'

/** Who a token names: its user, with the user's broker and partner. */
export interface TokenIdentity {
  partnerUniqueID: string
  brokerId: number
  userId: number
}

/**
 * Who is calling, from the token only: never from the request body. Whether the user administers
 * its partner is read from the user as it stands now, not from the token, so a promotion or a
 * demotion counts from the next request (docs/design.md "Roles").
 */
export interface AuthContext extends TokenIdentity {
  /** An administrator of the partner: partner-wide changes are its alone. */
  admin: boolean
  /** The id (jti) of the access token the request used, not the token: the journal keeps it. */
  tokenId?: string
}

/**
 * What every request carries from the middleware to the handlers. Services are not in it: each
 * router is built with the services it uses (docs/architecture.md "Modules"). A module that adds
 * its own variables (the sandbox scenario) extends this type in its own front door.
 */
export interface AppEnv {
  Variables: {
    lang: Lang
    requestId: string
    auth: AuthContext
  }
}

export type AppRouteHandler<R extends RouteConfig, E extends Env = AppEnv> = RouteHandler<R, E>
