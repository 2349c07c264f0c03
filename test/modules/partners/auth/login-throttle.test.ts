import { describe, expect, it } from 'vitest'
import { LOGIN_THROTTLE } from '../../../../src/modules/partners/auth/login-throttle.ts'
import { verifyPassword, type PasswordVerifier } from '../../../../src/modules/partners/password.ts'
import { createTestSandbox } from '../../../support/test-app.ts'

const login = (s: Awaited<ReturnType<typeof createTestSandbox>>, username: string, password: string, address = '203.0.113.7') =>
  s.call('POST', '/v1/authentication', { token: null, body: { username, password }, headers: { 'X-Forwarded-For': address } })

describe('a failed login gives nothing away', () => {
  it('answers an unknown username and a wrong password alike, each after one password check', async () => {
    const checked: string[] = []
    const counting: PasswordVerifier = (password, stored) => {
      checked.push(stored.split('$')[0]!)
      return verifyPassword(password, stored)
    }
    const s = await createTestSandbox({ trustProxy: true }, { verifyPassword: counting })
    checked.length = 0

    const wrong = await login(s, 'broker-a', 'not-the-password')
    expect(checked).toEqual(['scrypt'])
    const unknown = await login(s, 'nobody-here', 'not-the-password')
    expect(checked).toEqual(['scrypt', 'scrypt'])

    expect([wrong.status, unknown.status]).toEqual([401, 401])
    expect(unknown.json).toEqual(wrong.json)
    expect(wrong.json.errors).toEqual([{ errorCode: '010503', errorMessage: 'Utilizador ou palavra-passe inválidos.', errorField: 'username' }])
  })
})

describe('failed logins are throttled', () => {
  it('locks a username after five failures with 429 (010510) and Retry-After, then for twice as long at each failure', async () => {
    const s = await createTestSandbox({ trustProxy: true })
    for (let i = 0; i < 5; i++) expect((await login(s, 'broker-a', 'wrong')).status).toBe(401)
    // The sixth failure is still checked, and locks the username for a second.
    expect((await login(s, 'broker-a', 'wrong')).status).toBe(401)
    const locked = await login(s, 'broker-a', 'sandbox')
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toBe('1')
    expect(locked.json.errors).toEqual([
      { errorCode: '010510', errorField: 'username', errorMessage: 'Demasiadas tentativas de autenticação falhadas deste utilizador. Tente novamente dentro de 1 segundos.' },
    ])

    s.clock.advance(1_000)
    expect((await login(s, 'broker-a', 'wrong')).status).toBe(401)
    const longer = await login(s, 'broker-a', 'wrong')
    expect(longer.status).toBe(429)
    expect(longer.headers.get('retry-after')).toBe('2')
    // The same, whatever the case or spaces of the username.
    expect((await login(s, ' BROKER-A ', 'sandbox')).status).toBe(429)
  })

  it('ends the count on a successful login', async () => {
    const s = await createTestSandbox({ trustProxy: true })
    for (let i = 0; i < 5; i++) await login(s, 'broker-a', 'wrong')
    expect((await login(s, 'broker-a', 'sandbox')).status).toBe(200)
    for (let i = 0; i < 5; i++) expect((await login(s, 'broker-a', 'wrong')).status).toBe(401)
  })

  it("locks only the username: the partner's other users log in, and the lock ends by itself", async () => {
    const s = await createTestSandbox({ trustProxy: true })
    for (let i = 0; i < 6; i++) await login(s, 'broker-a', 'wrong', '198.51.100.1')
    expect((await login(s, 'broker-a', 'sandbox', '192.0.2.55')).status).toBe(429)
    expect((await login(s, 'broker-a2', 'sandbox', '192.0.2.55')).status).toBe(200)
    s.clock.advance(1_000)
    expect((await login(s, 'broker-a', 'sandbox', '192.0.2.55')).status).toBe(200)
  })

  it('throttles an address that fails across many usernames, unknown ones included', async () => {
    const s = await createTestSandbox({ trustProxy: true })
    for (let i = 0; i < 30; i++) expect((await login(s, `guess-${i}`, 'wrong', '198.51.100.9')).status).toBe(401)
    const sprayed = await login(s, 'broker-b', 'sandbox', '198.51.100.9')
    expect(sprayed.status).toBe(429)
    expect(sprayed.json.errors[0]).toMatchObject({ errorCode: '010510', errorField: 'address' })
    expect(Number(sprayed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    // Another address is not held back; the address gets a failure back every 10 s.
    expect((await login(s, 'broker-b', 'sandbox', '198.51.100.10')).status).toBe(200)
    s.clock.advance(10_000)
    expect((await login(s, 'broker-b', 'sandbox', '198.51.100.9')).status).toBe(200)
  })

  it("checks at most the lock's allowance of passwords when 300 wrong logins of one username arrive at once", async () => {
    let checked = 0
    const counting: PasswordVerifier = (password, stored) => {
      checked += 1
      return verifyPassword(password, stored)
    }
    const s = await createTestSandbox({ trustProxy: true }, { verifyPassword: counting })
    checked = 0
    // Each from its own address: only the username's lock can hold them back.
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => login(s, 'broker-a', `wrong-${i}`, `198.51.${i >> 8}.${i & 255}`)))
    // The free failures, then the one that earns the lock; every later attempt meets the lock.
    expect(checked).toBe(LOGIN_THROTTLE.usernameFreeFailures + 1)
    expect(answers.filter((a) => a.status === 401)).toHaveLength(LOGIN_THROTTLE.usernameFreeFailures + 1)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(300 - LOGIN_THROTTLE.usernameFreeFailures - 1)
  })

  it('checks one password at a time once the free failures are spent: a burst after a lock checks one', async () => {
    let checked = 0
    const counting: PasswordVerifier = (password, stored) => {
      checked += 1
      return verifyPassword(password, stored)
    }
    const s = await createTestSandbox({ trustProxy: true }, { verifyPassword: counting })
    for (let i = 0; i <= LOGIN_THROTTLE.usernameFreeFailures; i++) expect((await login(s, 'broker-a', 'wrong')).status).toBe(401)
    s.clock.advance(LOGIN_THROTTLE.usernameFirstLockMs)
    checked = 0
    const wrong = await Promise.all(Array.from({ length: 10 }, (_, i) => login(s, 'broker-a', `wrong-${i}`, `198.51.100.${i}`)))
    expect(checked).toBe(1)
    expect(wrong.map((a) => a.status).sort()).toEqual([401, ...Array(9).fill(429)])
    // Past that lock, the right password sent three times at once: one checked first, then the others.
    s.clock.advance(2 * LOGIN_THROTTLE.usernameFirstLockMs)
    const right = await Promise.all(Array.from({ length: 3 }, (_, i) => login(s, 'broker-a', 'sandbox', `198.51.100.${20 + i}`)))
    expect(right.map((a) => a.status)).toEqual([200, 200, 200])
  })

  it('lets concurrent logins with the right password through, more of them than the free failures', async () => {
    const s = await createTestSandbox({ trustProxy: true })
    const answers = await Promise.all(Array.from({ length: 3 * LOGIN_THROTTLE.usernameFreeFailures }, (_, i) => login(s, 'broker-a', 'sandbox', `198.51.100.${i}`)))
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200))
  })

  it('ends the count with a success checked last among wrong passwords sent together', async () => {
    // The right password's check ends after the four wrong ones: their failures are counted first.
    let armed = false
    const wrongChecks: Array<Promise<boolean>> = []
    let release!: () => void
    const wrongOnesChecked = new Promise<void>((resolve) => (release = resolve))
    const gated: PasswordVerifier = async (password, stored) => {
      if (!armed) return verifyPassword(password, stored)
      if (password === 'sandbox') {
        await wrongOnesChecked
        return verifyPassword(password, stored)
      }
      const check = verifyPassword(password, stored)
      wrongChecks.push(check)
      if (wrongChecks.length === 4) void Promise.all(wrongChecks).then(() => release())
      return check
    }
    const s = await createTestSandbox({ trustProxy: true }, { verifyPassword: gated })
    armed = true
    const answers = await Promise.all([
      login(s, 'broker-a', 'sandbox', '198.51.100.50'),
      ...Array.from({ length: 4 }, (_, i) => login(s, 'broker-a', `wrong-${i}`, `198.51.100.${i}`)),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 401, 401, 401, 401])
    armed = false
    // The count starts again: five failures at full speed, the sixth checked and locking, then 429.
    for (let i = 0; i < LOGIN_THROTTLE.usernameFreeFailures + 1; i++) expect((await login(s, 'broker-a', 'wrong')).status).toBe(401)
    expect((await login(s, 'broker-a', 'wrong')).status).toBe(429)
  })
})
