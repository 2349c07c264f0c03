import { createHmac } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { signToken } from '../../../../src/modules/partners/auth/jwt.ts'
import { createSecretBox } from '../../../../src/db/secret-box.ts'
import { resolveSigningSecret } from '../../../../src/modules/partners/auth/token.service.ts'
import { createTestSandbox, PARTNER_A, PARTNER_B, type TestSandbox } from '../../../support/test-app.ts'

let sandbox: TestSandbox
let secret: string
beforeAll(async () => {
  sandbox = await createTestSandbox()
  secret = resolveSigningSecret(sandbox.db, undefined, createSecretBox(undefined))
})

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const claims = (overrides: Record<string, unknown> = {}) => {
  const now = Math.floor(sandbox.clock.now().getTime() / 1000)
  return { sub: '5001', partnerUniqueID: PARTNER_A, brokerId: 1001, userId: 5001, iat: now, exp: now + 600, jti: 'x', ...overrides }
}
const protectedCall = (authorization: string | undefined) =>
  sandbox.call('GET', '/v1/taxonomy/genders', { token: null, headers: authorization === undefined ? {} : { Authorization: authorization } })

describe('POST /v1/authentication', () => {
  it('exchanges the seeded credentials for a bearer token naming partner, broker and user', async () => {
    const res = await sandbox.call('POST', '/v1/authentication', { token: null, body: { username: 'broker-b', password: 'sandbox' } })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600, partnerUniqueID: PARTNER_B, brokerId: 2001, userId: 6001 })
    expect(res.json.accessToken.split('.')).toHaveLength(3)
  })

  it('gives broker A two users of the same partner and broker', async () => {
    const first = await sandbox.call('POST', '/v1/authentication', { token: null, body: { username: 'broker-a', password: 'sandbox' } })
    const second = await sandbox.call('POST', '/v1/authentication', { token: null, body: { username: 'broker-a2', password: 'sandbox' } })
    expect(first.json).toMatchObject({ partnerUniqueID: PARTNER_A, brokerId: 1001, userId: 5001 })
    expect(second.json).toMatchObject({ partnerUniqueID: PARTNER_A, brokerId: 1001, userId: 5002 })
  })

  it.each([
    ['a wrong password', { username: 'broker-a', password: 'wrong' }],
    ['an unknown user', { username: 'nobody', password: 'sandbox' }],
  ])('refuses %s with 401 and code 010503', async (_, body) => {
    const res = await sandbox.call('POST', '/v1/authentication', { token: null, body })
    expect(res.status).toBe(401)
    expect(res.json.errors).toEqual([{ errorCode: '010503', errorMessage: expect.any(String), errorField: 'username' }])
  })

  it('refuses a body without the password with 400 naming the field', async () => {
    const res = await sandbox.call('POST', '/v1/authentication', { token: null, body: { username: 'broker-a' } })
    expect(res.status).toBe(400)
    expect(res.json.errors).toEqual([{ errorCode: '010101', errorMessage: expect.any(String), errorField: 'password' }])
  })
})

describe('bearer token checks on every protected operation', () => {
  it('accepts a valid token', async () => {
    expect((await protectedCall(`Bearer ${sandbox.tokens.a}`)).status).toBe(200)
  })

  it.each([
    ['no Authorization header', () => undefined, '010501'],
    ['a scheme other than Bearer', () => `Basic ${Buffer.from('broker-a:sandbox').toString('base64')}`, '010501'],
    ['a token that is not a JWT', () => 'Bearer not-a-token', '010501'],
    ['alg none, unsigned', () => `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`, '010501'],
    [
      'alg HS512',
      () => {
        const body = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64(claims())}`
        return `Bearer ${body}.${createHmac('sha512', secret).update(body).digest('base64url')}`
      },
      '010501',
    ],
    [
      'a tampered payload',
      () => {
        const [h, , s] = sandbox.tokens.a.split('.')
        return `Bearer ${h}.${b64(claims({ brokerId: 2001 }))}.${s}`
      },
      '010501',
    ],
    ['a token signed with another secret', () => `Bearer ${signToken(claims() as never, 'another-secret-of-at-least-32-chars!')}`, '010501'],
    ['a signed token without the broker', () => `Bearer ${signToken(claims({ brokerId: undefined }) as never, secret)}`, '010501'],
    ['an expired token', () => `Bearer ${signToken(claims({ exp: Math.floor(sandbox.clock.now().getTime() / 1000) - 1 }) as never, secret)}`, '010502'],
    // Signed with the sandbox's own secret: the claims are checked against the live users.
    [
      'a signed token whose nbf is 31 s ahead (past the 30 s allowance)',
      () => `Bearer ${signToken(claims({ nbf: Math.floor(sandbox.clock.now().getTime() / 1000) + 31 }) as never, secret)}`,
      '010501',
    ],
    ['a signed token whose nbf is not a number', () => `Bearer ${signToken(claims({ nbf: 'soon' }) as never, secret)}`, '010501'],
    ['a signed token naming an unknown user', () => `Bearer ${signToken(claims({ sub: '999999', userId: 999999 }) as never, secret)}`, '010501'],
    [
      'a signed token naming a broker and partner the user does not belong to',
      () => `Bearer ${signToken(claims({ partnerUniqueID: PARTNER_B, brokerId: 2001 }) as never, secret)}`,
      '010501',
    ],
    ["a signed token of an older generation than the user's (revoked)", () => `Bearer ${signToken(claims({ gen: -1 }) as never, secret)}`, '010501'],
  ])('refuses %s with 401 and code %s', async (_, header, code) => {
    const res = await protectedCall(header())
    expect(res.status).toBe(401)
    expect(res.json.operationStatus.operationStatusCode).toBe(code)
    expect(res.json.errors).toEqual([{ errorCode: code, errorMessage: expect.any(String), errorField: 'Authorization' }])
  })

  it('accepts a token whose nbf lies within the 30 s clock-skew allowance', async () => {
    const nbf = Math.floor(sandbox.clock.now().getTime() / 1000) + 30
    expect((await protectedCall(`Bearer ${signToken(claims({ nbf }) as never, secret)}`)).status).toBe(200)
  })

  it('says why a token is refused in the language of the request, and only in it', async () => {
    const future = `Bearer ${signToken(claims({ nbf: Math.floor(sandbox.clock.now().getTime() / 1000) + 3600 }) as never, secret)}`
    const pt = await protectedCall(future)
    const en = await sandbox.call('GET', '/v1/taxonomy/genders', { token: null, headers: { Authorization: future, 'Accept-Language': 'en' } })
    expect(pt.json.errors[0].errorMessage).toBe('Autenticação necessária: o token ainda não é válido (nbf no futuro, com 30 s de tolerância).')
    expect(en.json.errors[0].errorMessage).toBe('Authentication required: the token is not valid yet (nbf in the future, with 30 s of allowance).')
  })

  it('refuses a token once the clock passes its expiry, even after it was accepted', async () => {
    const token = sandbox.services.auth.issueToken({ partnerUniqueID: PARTNER_A, brokerId: 1001, userId: 5001 }, 60).accessToken
    expect((await protectedCall(`Bearer ${token}`)).status).toBe(200)
    sandbox.clock.advance(61_000)
    const res = await protectedCall(`Bearer ${token}`)
    expect(res.status).toBe(401)
    expect(res.json.errors[0].errorCode).toBe('010502')
  })

  it.each(['/v1/health', '/v1/health/version', '/openapi.json', '/docs'])('%s needs no token', async (path) => {
    expect((await sandbox.call('GET', path, { token: null })).status).toBe(200)
  })
})
