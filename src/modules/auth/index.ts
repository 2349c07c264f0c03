import type { Clock } from '../../clock.ts'
import type { Config, TrustProxy } from '../../config.ts'
import type { Db } from '../../db/connection.ts'
import type { Metrics } from '../../common/metrics.ts'
import type { SecretBox } from '../../db/secret-box.ts'
import type { PartnerService } from '../partners/index.ts'
import { wayIn, type WayIn } from '../../common/way-in.ts'
import { authHandlers } from './auth.handlers.ts'
import * as routes from './auth.routes.ts'
import { createAuthService, type AuthService } from './auth.service.ts'
import { createLoginThrottle } from './login-throttle.ts'
import { createTokenService } from './token.service.ts'
import { createRouter } from '../../http/create-router.ts'

export type { AuthService } from './auth.service.ts'

/** Logins and tokens, on the partners' identities. */
export function createAuth(deps: { db: Db; config: Config; clock: Clock; secrets: SecretBox; partners: Pick<PartnerService, 'verifyCredentials' | 'liveUser'>; metrics?: Pick<Metrics, 'loginRefused'> }): AuthService {
  return createAuthService({
    partners: deps.partners,
    tokens: createTokenService(deps.db, deps.config, deps.clock, deps.secrets),
    throttle: createLoginThrottle({ clock: deps.clock }),
    wayIn: wayIn(deps.config),
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
  })
}

/**
 * Authenticate: POST /v1/authentication (the client address from X-Forwarded-For only behind a trusted
 * proxy), documented with the sandbox's way in.
 */
export const authRouter = (auth: AuthService, options: { trustProxy: TrustProxy; wayIn: WayIn }) =>
  createRouter().openapi(routes.authenticate(options.wayIn), authHandlers(auth, options).authenticate)
