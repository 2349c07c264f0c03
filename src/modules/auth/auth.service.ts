import { ApiError } from '../../http/api-error.ts'
import type { AuthContext } from '../../http/app-env.ts'
import type { IdentityRepository } from './identity.repository.ts'
import { verifyPassword } from './password.ts'
import type { TokenService } from './token.service.ts'

/**
 * Logins and tokens: Authenticate exchanges a user's credentials for a bearer token naming the
 * user's partner, broker and user; every other request is authenticated by that token.
 */
export function createAuthService(deps: { identities: IdentityRepository; tokens: TokenService }) {
  const { identities, tokens } = deps
  return {
    /** @throws ApiError 401 (010503) for an unknown user or a wrong password. */
    async login(username: string, password: string) {
      const user = identities.findByUsername(username)
      if (!user || !(await verifyPassword(password, user.passwordHash))) throw new ApiError('INVALID_CREDENTIALS', { field: 'username' })
      const identity: AuthContext = { partnerUniqueID: user.partnerUniqueID, brokerId: user.brokerId, userId: user.userId }
      return { ...tokens.issue(identity), ...identity }
    },
    /** The caller of a request from its Authorization header. @throws ApiError 401. */
    authenticate: (authorization: string | undefined): AuthContext => tokens.authenticate(authorization),
    /** A token for a user, without a login (provider-state fixtures act as the state's partner). */
    issueToken: (identity: AuthContext, ttlSeconds?: number) => tokens.issue(identity, ttlSeconds),
    /** The user with its broker, branch and partner. */
    identityOf: (userId: number) => identities.findByUserId(userId),
    findByUsername: (username: string) => identities.findByUsername(username),
    /** The first user of a partner, creating the partner, a broker and a user when it has none (fixtures). */
    ensurePartnerIdentity: identities.ensurePartnerIdentity,
  }
}

export type AuthService = ReturnType<typeof createAuthService>
