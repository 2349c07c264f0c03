import { OpenAPIHono } from '@hono/zod-openapi'
import type { Config } from '../../config.ts'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/connection.ts'
import type { AppEnv } from '../../http/app-env.ts'
import { authHandlers } from './auth.handlers.ts'
import * as routes from './auth.routes.ts'
import { createAuthService, type AuthService } from './auth.service.ts'
import { createIdentityRepository, upsertIdentities } from './identity.repository.ts'
import { readIdentitiesSeed } from './identities.seed.ts'
import { hashPassword } from './password.ts'
import { createTokenService } from './token.service.ts'

export type { AuthService } from './auth.service.ts'
export type { UserIdentity } from './identity.repository.ts'
export { identitiesSeedFile } from './identities.seed.ts'

/** Logins, tokens and the identities they name, on the app's database. */
export function createAuth(deps: { db: Db; config: Config; clock: Clock }): AuthService {
  return createAuthService({ identities: createIdentityRepository(deps.db), tokens: createTokenService(deps.db, deps.config, deps.clock) })
}

/** Inserts or refreshes the seeded branches, partners, brokers and users, in the caller's transaction. */
export function seedIdentities(db: Db, seedsDir: string, now: string): void {
  upsertIdentities(db, readIdentitiesSeed(seedsDir), hashPassword, now)
}

/** Authenticate: POST /v1/authentication. */
export const authRouter = (auth: AuthService) => new OpenAPIHono<AppEnv>().openapi(routes.authenticate, authHandlers(auth).authenticate)
