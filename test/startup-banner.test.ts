import { describe, expect, it } from 'vitest'
import { testConfig } from '../src/platform/config.ts'
import { startupBanner } from '../src/app/startup-banner.ts'

describe('the startup lines on a terminal', () => {
  it('say where the sandbox listens, its reference, Postman collection, demo logins, sign-up and database', () => {
    const banner = startupBanner({ url: 'http://localhost:8080', version: '0.2.0', config: testConfig({ dbPath: './data/sandbox.db' }), startupMs: 412 })
    expect(banner).toContain('Mortgage Partner Portal sandbox 0.2.0 (local), ready in 412 ms')
    expect(banner).toMatch(/API\s+http:\/\/localhost:8080\n/)
    expect(banner).toMatch(/Reference\s+http:\/\/localhost:8080\/docs\n/)
    expect(banner).toMatch(/Postman\s+http:\/\/localhost:8080\/postman.json\n/)
    expect(banner).toMatch(/Console\s+http:\/\/localhost:8080\/console\n/)
    expect(banner).toContain('broker-a / sandbox')
    expect(banner).toMatch(/Sign-up\s+POST http:\/\/localhost:8080\/sandbox\/signup\n/)
    expect(banner).toMatch(/Database\s+\.\/data\/sandbox.db\n/)
  })

  it('leave out the demo logins where they are off, and say when sign-up needs an invitation', () => {
    const banner = startupBanner({
      url: 'https://sandbox.bank.example',
      version: '0.2.0',
      config: testConfig({ mode: 'hosted', demoIdentities: false, signup: 'invite' }),
      startupMs: 1,
    })
    expect(banner).not.toContain('broker-a')
    expect(banner).toContain('(with an invitation code)')
    expect(banner).toContain('in memory (gone at stop)')
  })
})
