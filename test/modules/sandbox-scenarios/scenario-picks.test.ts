import { beforeEach, describe, expect, it } from 'vitest'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { simulationInput } from '../simulations/simulation-fixtures.ts'

let s: TestSandbox
beforeEach(async () => {
  s = await createTestSandbox()
})

const create = (token?: string) => s.call('POST', '/v1/simulations', { body: simulationInput(), ...(token ? { token } : {}) })

describe('a scenario picked for the next call (the console)', () => {
  it("applies to the partner's next /v1 call only, once; /sandbox calls and other partners leave it alone", async () => {
    expect(s.services.scenarioPicks.pick(PARTNER_A, 'simulation-not-eligible')).toBe(true)
    await s.call('GET', '/sandbox/jobs')
    const ofB = await create(s.tokens.b)
    expect(ofB.json.additionalData.elegibility).toBe(true)
    const next = await create()
    expect(next.headers.get('x-sandbox-scenario')).toBe('simulation-not-eligible')
    expect(next.json.additionalData.elegibility).toBe(false)
    expect((await create()).json.additionalData.elegibility).toBe(true)
  })

  it('gives way to a scenario the request names itself', async () => {
    s.services.scenarioPicks.pick(PARTNER_A, 'simulation-not-eligible')
    const named = await s.call('POST', '/v1/simulations', { body: simulationInput(), headers: { 'X-Sandbox-Scenario': 'simulation-completed' } })
    expect(named.headers.get('x-sandbox-scenario')).toBe('simulation-completed')
    expect(s.services.scenarioPicks.current(PARTNER_A)?.name).toBe('simulation-not-eligible')
  })

  it('refuses an unknown name', () => {
    expect(s.services.scenarioPicks.pick(PARTNER_A, 'no-such-scenario')).toBe(false)
  })
})
