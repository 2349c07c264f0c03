import { ApiError } from '../../../common/api-error.ts'
import type { AuthContext, TokenIdentity } from '../../../common/auth-context.ts'
import type { LocalizedText } from '../../../common/language.ts'
import type { WayIn } from '../../../common/way-in.ts'
import { localizedProblem, text } from '../../../common/problems.ts'
import type { PartnerService } from '../partners.service.ts'
import type { Metrics } from '../../../common/metrics.ts'
import { addressKey } from '../../../common/address-key.ts'
import type { LoginLimitsService } from './login-limits.ts'
import type { LoginThrottle } from './login-throttle.ts'
import type { TokenService } from './token.service.ts'

/**
 * Logins and tokens: Authenticate exchanges a user's credentials for a bearer token naming the
 * user's partner, broker and user, and the user's token generation; every other request is
 * authenticated by that token, checked against the user as it stands now (docs/design.md
 * "Authentication"): a suspended partner, a deactivated user or revoked tokens stop at once.
 */
export function createAuthService(deps: {
  partners: Pick<PartnerService, 'verifyCredentials' | 'liveUser'>
  tokens: TokenService
  throttle: LoginThrottle
  limits: LoginLimitsService
  wayIn: Pick<WayIn, 'demoIdentities' | 'credentials'>
  metrics?: Pick<Metrics, 'loginRefused'>
}) {
  const { partners, tokens, throttle, limits } = deps

  /** A refusal before the password was checked: counted as throttled. */
  const refusedEarly = (error: unknown): never => {
    if (error instanceof ApiError && (error.key === 'LOGIN_THROTTLED' || error.key === 'LOGINS_TOO_FREQUENT' || error.key === 'PASSWORD_CHECKS_BUSY'))
      deps.metrics?.loginRefused('throttled')
    throw error
  }

  const unauthenticated = (detail: LocalizedText) => new ApiError('UNAUTHENTICATED', localizedProblem('UNAUTHENTICATED', 'Authorization', { detail }))

  /**
   * A suspended partner's refusal. A seeded demo partner is suspended because the demo identities are
   * off here: that refusal says so and how to get credentials, not that the partner was suspended.
   */
  const suspended = (user: NonNullable<ReturnType<PartnerService['liveUser']>>, field: string) =>
    user.partnerOrigin === 'seed' && !deps.wayIn.demoIdentities
      ? new ApiError('DEMO_IDENTITIES_OFF', localizedProblem('DEMO_IDENTITIES_OFF', field, { username: user.username, detail: deps.wayIn.credentials }))
      : new ApiError('PARTNER_SUSPENDED', { field, params: { partner: user.partnerUniqueID, reason: user.partnerStatusReason ?? '' } })

  return {
    /**
     * A login from a client address. An unknown user and a wrong password answer alike, in the same
     * time (the hash is computed either way) and under the same throttle. The address counts by its
     * throttle key (an IPv6 address by its /64: common/address-key.ts).
     * @throws ApiError 401 (010503) for an unknown user or a wrong password; 401 (010508) for a
     * suspended partner, 401 (010505) for a demo identity where they are off; 429 (010510) while the
     * username or the address is throttled for its failures, 429 (010511) past their successful
     * logins, 429 (010512) when the hash queue is full.
     */
    async login(username: string, password: string, address: string) {
      const from = addressKey(address)
      // The limits first: a flood past them is answered at once, before it waits for the throttle's checks.
      let admitted: ReturnType<typeof limits.admit>
      try {
        admitted = limits.admit(username, from)
      } catch (error) {
        return refusedEarly(error)
      }
      const attempt = await throttle.begin(username, from).catch((error: unknown) => {
        admitted.notSucceeded()
        return refusedEarly(error)
      })
      let user: Awaited<ReturnType<typeof partners.verifyCredentials>>
      try {
        user = await partners.verifyCredentials(username, password, from)
      } catch (error) {
        attempt.abandoned()
        admitted.notSucceeded()
        return refusedEarly(error)
      }
      if (!user) {
        attempt.failed()
        admitted.notSucceeded()
        deps.metrics?.loginRefused('credentials')
        throw new ApiError('INVALID_CREDENTIALS', { field: 'username' })
      }
      attempt.succeeded()
      if (user.partnerStatus === 'suspended') throw suspended(partners.liveUser(user.userId) ?? { ...user, partnerStatusReason: null, partnerOrigin: null }, 'username')
      const identity: TokenIdentity = { partnerUniqueID: user.partnerUniqueID, brokerId: user.brokerId, userId: user.userId }
      return { ...tokens.issue(identity, user.tokenGeneration), ...identity }
    },

    /** The caller of a request from its Authorization header. @throws ApiError 401. */
    authenticate(authorization: string | undefined): AuthContext {
      const claims = tokens.verify(authorization)
      const user = partners.liveUser(claims.userId)
      if (!user || user.userStatus !== 'active') throw unauthenticated(text('o token é de um utilizador que não se pode autenticar.', 'the token names a user who cannot log in.'))
      if (user.partnerUniqueID !== claims.partnerUniqueID || user.brokerId !== claims.brokerId) {
        throw unauthenticated(text('o token indica um parceiro ou mediador a que o utilizador não pertence.', 'the token names a partner or broker the user does not belong to.'))
      }
      if (user.tokenGeneration !== claims.generation) throw unauthenticated(text('o token foi revogado.', 'the token was revoked.'))
      if (user.partnerStatus === 'suspended') throw suspended(user, 'Authorization')
      // The admin flag is the user's as it stands now (the live cache), never a claim of the token.
      return { partnerUniqueID: claims.partnerUniqueID, brokerId: claims.brokerId, userId: claims.userId, admin: user.isAdmin, tokenId: claims.tokenId }
    },

    /** A token for a user, without a login (provider-state fixtures act as the state's partner). */
    issueToken: (identity: TokenIdentity, ttlSeconds?: number) => tokens.issue(identity, partners.liveUser(identity.userId)?.tokenGeneration ?? 0, ttlSeconds),
  }
}

export type AuthService = ReturnType<typeof createAuthService>
