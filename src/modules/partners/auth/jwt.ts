import { createHmac, timingSafeEqual } from 'node:crypto'

/** Claims of a sandbox access token: partner, broker and user, with an expiry (docs/design.md "Authentication"). */
export interface TokenClaims {
  sub: string
  partnerUniqueID: string
  brokerId: number
  userId: number
  iat: number
  exp: number
  /** A random token id, so two tokens issued in the same second differ. */
  jti: string
  /** The user's token generation when issued: a revocation raises the user's, and older tokens stop. */
  gen?: number
  /** Not before: a token is refused until then (with CLOCK_SKEW_SECONDS of allowance). */
  nbf?: number
}

export type TokenFailure = 'malformed' | 'algorithm' | 'signature' | 'claims' | 'expired' | 'not-yet-valid'

/** How far a token's `nbf` may lie in the future of the sandbox's clock (docs/design.md "Authentication"). */
export const CLOCK_SKEW_SECONDS = 30

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')

const mac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest()

export function signToken(claims: TokenClaims, secret: string): string {
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`
  return `${body}.${mac(secret, body).toString('base64url')}`
}

function parseJson(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
}

/**
 * HS256 only: a token whose header names another algorithm (`none` included) is refused before
 * its signature is even looked at.
 */
export function verifyToken(token: string, secret: string, nowSeconds: number): { ok: true; claims: TokenClaims } | { ok: false; failure: TokenFailure } {
  const parts = token.split('.')
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) return { ok: false, failure: 'malformed' }
  const [header, payload, signature] = parts as [string, string, string]
  const head = parseJson(header) as { alg?: unknown } | undefined
  if (!head || typeof head !== 'object') return { ok: false, failure: 'malformed' }
  if (head.alg !== 'HS256') return { ok: false, failure: 'algorithm' }
  const expected = mac(secret, `${header}.${payload}`)
  const actual = Buffer.from(signature, 'base64url')
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return { ok: false, failure: 'signature' }
  const claims = parseJson(payload) as Partial<TokenClaims> | undefined
  if (
    !claims ||
    typeof claims.partnerUniqueID !== 'string' ||
    typeof claims.brokerId !== 'number' ||
    typeof claims.userId !== 'number' ||
    typeof claims.exp !== 'number' ||
    (claims.nbf !== undefined && typeof claims.nbf !== 'number')
  ) {
    return { ok: false, failure: 'claims' }
  }
  if (claims.exp <= nowSeconds) return { ok: false, failure: 'expired' }
  if (claims.nbf !== undefined && claims.nbf > nowSeconds + CLOCK_SKEW_SECONDS) return { ok: false, failure: 'not-yet-valid' }
  return { ok: true, claims: claims as TokenClaims }
}
