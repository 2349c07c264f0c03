import { scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { loadConfig, PASSWORD_COST } from '../../../src/platform/config.ts'
import { createHashQueue } from '../../../src/modules/partners/hash-queue.ts'
import { createPasswordHashing, hashPasswordSync, SEED_PASSWORD_COST, verifyPassword } from '../../../src/modules/partners/password.ts'
import { createTestSandbox } from '../../support/test-app.ts'

const hashingAt = (cost: typeof PASSWORD_COST) => createPasswordHashing(cost, createHashQueue({ slots: 1, perKey: 10, total: 10 }))

const storedHash = (s: Awaited<ReturnType<typeof createTestSandbox>>, username: string) =>
  s.db.prepare('SELECT password_hash FROM app_user WHERE username = ?').pluck().get(username) as string

describe('password hashes', () => {
  it("hash new passwords at a row of OWASP's scrypt table (N=2^14, r=8, p=5: 16 MiB), named in the hash, off the event loop", async () => {
    expect(loadConfig({}).passwordCost).toEqual({ N: 2 ** 14, r: 8, p: 5 })
    const hashing = hashingAt(PASSWORD_COST)
    const order: string[] = []
    const hashed = hashing.hash('correct horse', 'partner:p').then((hash) => {
      order.push('hash')
      return hash
    })
    // A hash takes a tenth of a second or more of a pool thread: a timer of the event loop runs meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1)).then(() => order.push('timer'))
    const hash = await hashed
    expect(order).toEqual(['timer', 'hash'])
    expect(hash).toMatch(/^scrypt\$N=16384,r=8,p=5\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/)
    expect(await verifyPassword('correct horse', hash)).toBe(true)
    expect(await verifyPassword('correct horsf', hash)).toBe(false)
    expect(hashing.outdated(hash)).toBe(false)
  })

  it('check hashes of the first format (scrypt$4096$…) and call them outdated', async () => {
    const salt = Buffer.from('0123456789abcdef')
    const legacy = `scrypt$4096$${salt.toString('base64')}$${scryptSync('sandbox', salt, 32, { N: 4096 }).toString('base64')}`
    expect(await verifyPassword('sandbox', legacy)).toBe(true)
    expect(await verifyPassword('sandbox2', legacy)).toBe(false)
    expect(hashingAt(PASSWORD_COST).outdated(legacy)).toBe(true)
    expect(hashingAt(SEED_PASSWORD_COST).outdated(legacy)).toBe(false)
  })

  it('call a hash of the earlier cost (N=2^17, p=1) outdated, so it is upgraded to the 16 MiB one at the next login', () => {
    const salt = Buffer.from('0123456789abcdef')
    expect(hashingAt(PASSWORD_COST).outdated(`scrypt$N=131072,r=8,p=1$${salt.toString('base64')}$${Buffer.alloc(32).toString('base64')}`)).toBe(true)
  })

  it.each(['fixture$no-login', 'scrypt$N=3,r=8,p=1$c2FsdA==$a2V5', 'scrypt$N=4194304,r=8,p=1$c2FsdA==$a2V5', 'scrypt$N=4096,r=8$c2FsdA==$a2V5', ''])(
    'refuse %j without computing anything: it is no hash of a password',
    async (stored) => {
      expect(await verifyPassword('sandbox', stored)).toBe(false)
    },
  )
})

describe('an older hash is upgraded at the next successful login', () => {
  it('rehashes the seeded users at the production cost when they log in, and their tokens stay valid', async () => {
    const s = await createTestSandbox({ passwordCost: PASSWORD_COST })
    // createTestSandbox logged in broker-a, broker-a2 and broker-b: each seeded hash was upgraded.
    for (const username of ['broker-a', 'broker-a2', 'broker-b']) expect(storedHash(s, username)).toMatch(/^scrypt\$N=16384,r=8,p=5\$/)
    expect((await s.call('GET', '/v1/simulations')).status).toBe(200)
    expect((await s.call('POST', '/v1/authentication', { token: null, body: { username: 'broker-a', password: 'sandbox' } })).status).toBe(200)
  })

  it('leaves a hash at the configured cost as it is; a wrong password leaves an older one as it is', async () => {
    const s = await createTestSandbox({ passwordCost: { N: 2 ** 13, r: 8, p: 1 } })
    const login = (username: string, password: string) => s.call('POST', '/v1/authentication', { token: null, body: { username, password } })
    const current = storedHash(s, 'broker-a')
    expect(current).toMatch(/^scrypt\$N=8192,r=8,p=1\$/)
    expect((await login('broker-a', 'sandbox')).status).toBe(200)
    expect(storedHash(s, 'broker-a')).toBe(current)

    const older = hashPasswordSync('sandbox', SEED_PASSWORD_COST)
    s.db.prepare('UPDATE app_user SET password_hash = ? WHERE username = ?').run(older, 'broker-b')
    expect((await login('broker-b', 'not-the-password')).status).toBe(401)
    expect(storedHash(s, 'broker-b')).toBe(older)
    expect((await login('broker-b', 'sandbox')).status).toBe(200)
    expect(storedHash(s, 'broker-b')).toMatch(/^scrypt\$N=8192,r=8,p=1\$/)
  })
})
