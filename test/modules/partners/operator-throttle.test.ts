import { describe, expect, it } from 'vitest'
import { LOGIN_THROTTLE } from '../../../src/modules/partners/auth/login-throttle.ts'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { errorOf, OPERATOR_TOKEN } from './partner-support.ts'

const asOperatorFrom = (s: TestSandbox, address: string, token: string | null, path = '/sandbox/operator/partners') =>
  s.call('GET', path, { token: null, headers: { 'X-Forwarded-For': address, 'Accept-Language': 'en', ...(token === null ? {} : { Authorization: `Bearer ${token}` }) } })

describe('failed operator-token attempts are throttled by client address', () => {
  it('answers 429 (010510) with Retry-After past 30 failures from an address, to the right token too; other addresses are not held back', async () => {
    const s = await createTestSandbox({ operatorToken: OPERATOR_TOKEN, trustProxy: true })
    for (let i = 0; i < LOGIN_THROTTLE.addressBurst; i++) {
      const res = await asOperatorFrom(s, '198.51.100.9', i % 3 === 0 ? null : `guess-${i}`)
      expect([res.status, errorOf(res)], `attempt ${i}`).toEqual([401, [['010509', 'Authorization']]])
    }
    const throttled = await asOperatorFrom(s, '198.51.100.9', `guess-again`)
    expect(throttled.status).toBe(429)
    expect(throttled.headers.get('retry-after')).toBe('10')
    expect(throttled.json.errors).toEqual([{ errorCode: '010510', errorField: 'Authorization', errorMessage: 'Too many failed logins from this address. Retry in 10 seconds.' }])
    // No comparison while throttled: the right token is refused the same, on every operator route.
    expect((await asOperatorFrom(s, '198.51.100.9', OPERATOR_TOKEN)).status).toBe(429)
    expect((await asOperatorFrom(s, '198.51.100.9', OPERATOR_TOKEN, '/sandbox/operator/audit')).status).toBe(429)
    expect((await asOperatorFrom(s, '198.51.100.10', OPERATOR_TOKEN)).status).toBe(200)
  })

  it('counts attempts sent together, and an IPv6 client by its /64', async () => {
    const s = await createTestSandbox({ operatorToken: OPERATOR_TOKEN, trustProxy: true })
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => asOperatorFrom(s, `2001:db8:5:6::${(i + 1).toString(16)}`, `guess-${i}`)))
    expect(answers.filter((a) => a.status === 401)).toHaveLength(LOGIN_THROTTLE.addressBurst)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(100 - LOGIN_THROTTLE.addressBurst)
    expect((await asOperatorFrom(s, '2001:db8:5:6:ffff::1', OPERATOR_TOKEN)).status).toBe(429)
    expect((await asOperatorFrom(s, '2001:db8:5:7::1', OPERATOR_TOKEN)).status).toBe(200)
  })

  it('lets the operator in from an address with a few failures behind it', async () => {
    const s = await createTestSandbox({ operatorToken: OPERATOR_TOKEN, trustProxy: true })
    for (let i = 0; i < 5; i++) expect((await asOperatorFrom(s, '198.51.100.20', 'typo')).status).toBe(401)
    expect((await asOperatorFrom(s, '198.51.100.20', OPERATOR_TOKEN)).status).toBe(200)
  })
})
