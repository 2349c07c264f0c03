import { describe, expect, it } from 'vitest'
import type { LoginLimits } from '../../../../src/platform/config.ts'
import { verifyPassword, type PasswordVerifier } from '../../../../src/modules/partners/password.ts'
import { createTestSandbox, type TestSandbox } from '../../../support/test-app.ts'

/** The hosted sandbox's limits (config.ts): 10 logins of a user at once then one every 6 s, 30 of an address then one every 2 s. */
const HOSTED: LoginLimits = { perUser: { burst: 10, perMinute: 10 }, perAddress: { burst: 30, perMinute: 30 }, hashes: 1, queuePerPartner: 10, queue: 40 }

const login = (s: TestSandbox, username: string, password: string, address: string) =>
  s.call('POST', '/v1/authentication', { token: null, body: { username, password }, headers: { 'X-Forwarded-For': address, 'Accept-Language': 'en' } })

describe('successful logins are limited', () => {
  it("refuses a user's logins past its burst with 429 (010511), Retry-After and how long a token lasts; one more every 6 s", async () => {
    const s = await createTestSandbox({ trustProxy: true, logins: HOSTED })
    // The sandbox logged broker-a in once when it started: nine are left of the ten.
    for (let i = 0; i < 9; i++) expect((await login(s, 'broker-a', 'sandbox', `198.51.100.${i}`)).status, `login ${i}`).toBe(200)
    const refused = await login(s, 'broker-a', 'sandbox', '198.51.100.50')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('6')
    expect(refused.json.errors).toEqual([
      {
        errorCode: '010511',
        errorField: 'username',
        errorMessage: 'Too many logins for this user: an access token lasts 3600 seconds, reuse it rather than logging in again. Retry in 6 seconds.',
      },
    ])
    // Whatever the case or spaces of the username; the partner's other users are not held back.
    expect((await login(s, ' BROKER-A ', 'sandbox', '198.51.100.51')).status).toBe(429)
    expect((await login(s, 'broker-a2', 'sandbox', '198.51.100.52')).status).toBe(200)
    s.clock.advance(6_000)
    expect((await login(s, 'broker-a', 'sandbox', '198.51.100.53')).status).toBe(200)
    expect((await login(s, 'broker-a', 'sandbox', '198.51.100.54')).status).toBe(429)
  })

  it('counts no wrong password against them: those are the failure throttle’s', async () => {
    const s = await createTestSandbox({ trustProxy: true, logins: HOSTED })
    for (let i = 0; i < 4; i++) expect((await login(s, 'broker-a', `wrong-${i}`, '198.51.100.1')).status).toBe(401)
    for (let i = 0; i < 9; i++) expect((await login(s, 'broker-a', 'sandbox', '198.51.100.1')).status).toBe(200)
    expect((await login(s, 'broker-a', 'sandbox', '198.51.100.1')).status).toBe(429)
  })

  it('refuses without hashing the password', async () => {
    let checked = 0
    const counting: PasswordVerifier = (password, stored) => {
      checked += 1
      return verifyPassword(password, stored)
    }
    const s = await createTestSandbox({ trustProxy: true, logins: HOSTED }, { verifyPassword: counting })
    for (let i = 0; i < 9; i++) await login(s, 'broker-a', 'sandbox', '198.51.100.1')
    checked = 0
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login(s, 'broker-a', i % 2 ? 'sandbox' : 'wrong', '198.51.100.1')))
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 429))
    expect(checked).toBe(0)
  })

  it('limits a client address across users, an IPv6 address by its /64', async () => {
    const s = await createTestSandbox({ trustProxy: true, logins: { ...HOSTED, perAddress: { burst: 5, perMinute: 30 } } })
    const users = ['broker-a', 'broker-a2', 'broker-b']
    for (let i = 0; i < 5; i++) expect((await login(s, users[i % 3]!, 'sandbox', `2001:db8:1:2::${i + 1}`)).status).toBe(200)
    const refused = await login(s, 'broker-b', 'sandbox', '2001:db8:1:2:ffff:ffff:ffff:ffff')
    expect(refused.status).toBe(429)
    expect(refused.json.errors[0]).toMatchObject({ errorCode: '010511', errorField: 'address' })
    expect(refused.headers.get('retry-after')).toBe('2')
    // The next /64 is another client.
    expect((await login(s, 'broker-b', 'sandbox', '2001:db8:1:3::1')).status).toBe(200)
  })

  it('counts the failed logins of an IPv6 client by its /64 too', async () => {
    const s = await createTestSandbox({ trustProxy: true, logins: HOSTED })
    for (let i = 0; i < 30; i++) expect((await login(s, `guess-${i}`, 'wrong', `2001:db8:9:9::${(i + 1).toString(16)}`)).status).toBe(401)
    const sprayed = await login(s, 'guess-31', 'wrong', '2001:db8:9:9:abcd::1')
    expect([sprayed.status, sprayed.json.errors[0].errorCode, sprayed.json.errors[0].errorField]).toEqual([429, '010510', 'address'])
  })
})
