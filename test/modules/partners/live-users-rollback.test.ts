import { describe, expect, it } from 'vitest'
import { createTestSandbox } from '../../support/test-app.ts'

describe('the live-user cache and a failed commit', () => {
  it('forgets a deactivation the failed commit undid: the user works again as the database says', async () => {
    const { services, db, tokens } = await createTestSandbox()
    const admin = services.auth.authenticate(`Bearer ${tokens.a}`)
    const other = services.auth.authenticate(`Bearer ${tokens.a2}`)
    services.writes.begin()
    services.partners.account.deactivate(admin, other.userId)
    // A read inside the batch caches the deactivated state, as a concurrent request would.
    expect(() => services.auth.authenticate(`Bearer ${tokens.a2}`)).toThrow()
    // What SQLite does after a failed write (disk full, I/O error): the whole batch is undone.
    db.exec('ROLLBACK')
    await expect(services.writes.settled()).rejects.toThrow(/rolled back/)
    expect(services.auth.authenticate(`Bearer ${tokens.a2}`).userId).toBe(other.userId)
  })

  it('forgets a revocation the failed commit undid', async () => {
    const { services, db, tokens } = await createTestSandbox()
    const admin = services.auth.authenticate(`Bearer ${tokens.a}`)
    const other = services.auth.authenticate(`Bearer ${tokens.a2}`)
    services.writes.begin()
    services.partners.account.revokeTokens(admin, other.userId)
    expect(() => services.auth.authenticate(`Bearer ${tokens.a2}`)).toThrow()
    db.exec('ROLLBACK')
    await expect(services.writes.settled()).rejects.toThrow(/rolled back/)
    expect(services.auth.authenticate(`Bearer ${tokens.a2}`).userId).toBe(other.userId)
  })
})
