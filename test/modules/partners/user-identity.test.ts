import { describe, expect, it } from 'vitest'
import { createTestSandbox } from '../../support/test-app.ts'

// What other modules hold of a user (a simulation's broker, an ESIS's, the provider states' actor):
// never its password hash, and not the generation its tokens carry.
describe('a user as the partners module gives it to other modules', () => {
  it('carries no password hash and no token generation, wherever it comes from', async () => {
    const s = await createTestSandbox()
    const partners = s.services.partners
    const login = await partners.verifyCredentials('broker-a', 'sandbox', '203.0.113.7')
    expect(login?.username).toBe('broker-a')
    const byId = partners.identityOf(login!.userId)
    const byUsername = partners.identityOfUsername('broker-a')
    const fixture = partners.ensurePartnerIdentity('6a1f4c52-0000-4000-8000-000000000001')
    for (const identity of [login, byId, byUsername, fixture]) {
      expect(identity).toBeDefined()
      expect(Object.keys(identity!)).not.toContain('passwordHash')
      expect(JSON.stringify(identity)).not.toMatch(/scrypt\$/)
    }
    for (const identity of [byUsername, fixture]) expect(Object.keys(identity!)).not.toContain('tokenGeneration')
  })
})
