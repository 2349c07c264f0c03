import { randomBytes, randomUUID } from 'node:crypto'
import type { Config } from '../../../platform/config.ts'
import type { Clock } from '../../../platform/clock.ts'
import type { Db } from '../../../db/connection.ts'
import type { SecretBox } from '../../../db/secret-box.ts'
import { deleteSetting, readSecretSetting, writeSecretSetting } from '../../../db/settings.repository.ts'
import { ApiError } from '../../../common/api-error.ts'
import type { TokenIdentity } from '../../../common/auth-context.ts'
import type { LocalizedText } from '../../../common/language.ts'
import { localizedProblem, text } from '../../../common/problems.ts'
import { CLOCK_SKEW_SECONDS, signToken, verifyToken, type TokenClaims, type TokenFailure } from './jwt.ts'

const SECRET_KEY = 'jwt_secret'
const CACHE_LIMIT = 10_000

/**
 * The configured secret, never written anywhere (a secret generated before it was configured is
 * removed); or one generated once and kept in the database, sealed under SANDBOX_SECRETS_KEY when it
 * is set, so tokens survive a restart.
 */
export function resolveSigningSecret(db: Db, configured: string | undefined, secrets: SecretBox): string {
  if (configured) {
    deleteSetting(db, SECRET_KEY)
    return configured
  }
  const stored = readSecretSetting(db, SECRET_KEY, secrets)
  if (stored) return stored
  const generated = randomBytes(32).toString('base64url')
  writeSecretSetting(db, SECRET_KEY, generated, secrets)
  return generated
}

const FAILURE_DETAIL: Record<Exclude<TokenFailure, 'expired'>, LocalizedText> = {
  malformed: text('o token não é um JWT bem formado.', 'the bearer token is not a well-formed JWT.'),
  algorithm: text('o token tem de ser assinado com HS256.', 'the token must be signed with HS256.'),
  signature: text('a assinatura do token não é válida.', 'the token signature is not valid.'),
  claims: text('o token não indica um parceiro, um mediador e um utilizador.', 'the token does not name a partner, broker and user.'),
  'not-yet-valid': text(
    `o token ainda não é válido (nbf no futuro, com ${CLOCK_SKEW_SECONDS} s de tolerância).`,
    `the token is not valid yet (nbf in the future, with ${CLOCK_SKEW_SECONDS} s of allowance).`,
  ),
}
const unauthenticated = (detail: LocalizedText) => new ApiError('UNAUTHENTICATED', localizedProblem('UNAUTHENTICATED', 'Authorization', { detail }))

export function createTokenService(db: Db, config: Pick<Config, 'jwtSecret' | 'tokenTtlSeconds'>, clock: Clock, secrets: SecretBox) {
  const secret = resolveSigningSecret(db, config.jwtSecret, secrets)
  // Verified tokens, so a client reusing its token costs a map lookup, not an HMAC.
  const verified = new Map<string, TokenClaims>()

  return {
    /** A token of the user's current generation (`generation`): revoking raises it and stops this one. */
    issue(identity: TokenIdentity, generation: number, ttlSeconds = config.tokenTtlSeconds) {
      const iat = Math.floor(clock.now().getTime() / 1000)
      const claims: TokenClaims = {
        sub: String(identity.userId),
        partnerUniqueID: identity.partnerUniqueID,
        brokerId: identity.brokerId,
        userId: identity.userId,
        iat,
        exp: iat + ttlSeconds,
        jti: randomUUID(),
        gen: generation,
      }
      return { accessToken: signToken(claims, secret), expiresIn: ttlSeconds }
    },

    /**
     * The claims of a well-signed, unexpired token; whether its user may still use it is the auth
     * service's question. @throws ApiError 401: UNAUTHENTICATED, or TOKEN_EXPIRED with its own code.
     */
    verify(authorization: string | undefined): TokenIdentity & { generation: number; tokenId: string } {
      if (!authorization) throw unauthenticated(text('falta o cabeçalho Authorization.', 'the Authorization header is missing.'))
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
      if (!match) throw unauthenticated(text("o cabeçalho Authorization tem de ser 'Bearer <token>'.", "the Authorization header must be 'Bearer <token>'."))
      const token = match[1]!
      const nowSeconds = Math.floor(clock.now().getTime() / 1000)
      let claims = verified.get(token)
      if (!claims) {
        const result = verifyToken(token, secret, nowSeconds)
        if (!result.ok) {
          if (result.failure === 'expired') throw new ApiError('TOKEN_EXPIRED', { field: 'Authorization' })
          throw unauthenticated(FAILURE_DETAIL[result.failure])
        }
        claims = result.claims
        if (verified.size >= CACHE_LIMIT) verified.clear()
        verified.set(token, claims)
      }
      if (claims.exp <= nowSeconds) {
        verified.delete(token)
        throw new ApiError('TOKEN_EXPIRED', { field: 'Authorization' })
      }
      return { partnerUniqueID: claims.partnerUniqueID, brokerId: claims.brokerId, userId: claims.userId, generation: claims.gen ?? 0, tokenId: claims.jti }
    },
  }
}

export type TokenService = ReturnType<typeof createTokenService>
