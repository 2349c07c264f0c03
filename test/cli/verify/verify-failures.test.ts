import { describe, expect, it } from 'vitest'
import { ANY_TOKEN, PARTNER_A, verify, writePact } from './support/pact-files.ts'

const SIMULATION = '5b0e8f0a-3c1d-4e2f-9a7b-6c5d4e3f2a10'

describe('mortgage-sandbox verify, when the pact and the sandbox disagree', () => {
  it('fails, naming each failing interaction and why', async () => {
    const pact = writePact('wrong-expectations', [
      {
        description: 'a request for a simulation with a field the API does not have',
        providerStates: [{ name: 'a simulation exists', params: { simulationUniqueId: SIMULATION } }],
        request: { method: 'GET', path: `/v1/simulations/${SIMULATION}`, headers: ANY_TOKEN },
        response: {
          status: 200,
          body: { simulationDetail: { simulationUniqueId: SIMULATION, simulationColour: 'blue' } },
          matchingRules: { body: { '$.simulationDetail.simulationColour': { matchers: [{ match: 'type' }] } } },
        },
      },
      {
        description: 'a request for the version expecting a wrong status',
        request: { method: 'GET', path: '/v1/health/version' },
        response: { status: 201 },
      },
      {
        description: 'a request for the callbacks that is right',
        providerStates: [{ name: 'a partner exists', params: { partnerUniqueID: PARTNER_A } }],
        request: { method: 'GET', path: `/${PARTNER_A}/callbacks`, headers: ANY_TOKEN },
        response: { status: 200, body: { callbackList: [] } },
      },
    ])
    const { code, out } = await verify('--pact', pact)
    expect(code).toBe(1)
    expect(out).toContain('Result: FAILED: 2 of 3 interaction(s) failed')
    expect(out).toMatch(
      /1\) wrong-expectations → mortgage-partner-portal: "a request for a simulation with a field the API does not have" \(given a simulation exists\)\n\s+- body \$\.simulationDetail: .*simulationColour/,
    )
    expect(out).toMatch(/2\) wrong-expectations → mortgage-partner-portal: "a request for the version expecting a wrong status"\n\s+- status: expected 201 but was 200/)
    expect(out).not.toContain('a request for the callbacks that is right"')
    expect(out).toMatch(/Verification time: \d+\.\d\d s for 3 interaction\(s\)/)
  })

  it('fails an interaction whose provider state is unknown, listing the known states', async () => {
    const pact = writePact('unknown-state', [
      {
        description: 'a request that needs a state the sandbox does not have',
        providerStates: [{ name: 'a unicorn exists', params: { unicornId: '1' } }],
        request: { method: 'GET', path: '/v1/health' },
        response: { status: 200 },
      },
      { description: 'a request for the health', request: { method: 'GET', path: '/v1/health' }, response: { status: 200 } },
    ])
    const { code, out } = await verify('--pact', pact)
    expect(code).toBe(1)
    expect(out).toContain('Result: FAILED: 1 of 2 interaction(s) failed')
    expect(out).toContain('"a request that needs a state the sandbox does not have" (given a unicorn exists)')
    expect(out).toMatch(
      /Unknown provider state "a unicorn exists"\. Known states: "a partner exists", "a callback is registered", "a simulation exists", .*"a submitted process exists", "a document exists"/,
    )
  })

  it('fails an interaction whose state parameters are wrong, naming the parameter', async () => {
    const pact = writePact('bad-state-params', [
      {
        description: 'a request for a simulation named with the list item casing',
        providerStates: [
          { name: 'a simulation exists', params: { simulationUniqueID: SIMULATION } },
          { name: 'a partner exists', params: { partnerUniqueID: PARTNER_A } },
        ],
        request: { method: 'GET', path: `/${PARTNER_A}/callbacks`, headers: ANY_TOKEN },
        response: { status: 200 },
      },
      { description: 'a request for the health after it', request: { method: 'GET', path: '/v1/health' }, response: { status: 200 } },
    ])
    const { code, out } = await verify('--pact', pact)
    expect(code).toBe(1)
    expect(out).toContain('Result: FAILED: 1 of 2 interaction(s) failed')
    expect(out).toMatch(/"a request for a simulation named with the list item casing" .*\n\s+- Provider state "a simulation exists" has bad parameters: .*simulationUniqueID/)
  })

  it('exits 2 with the usage on bad arguments, 0 with the usage on --help', async () => {
    const bad = await verify('--pakt', 'x.json')
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('Usage: mortgage-sandbox verify')
    const help = await verify('--help')
    expect(help.code).toBe(0)
    expect(help.out).toContain('--consumer-version-selectors')
  })

  it('reports a pact that cannot be read as an error of the run', async () => {
    const { code, out } = await verify('--pact', '/nonexistent/pact.json')
    expect(code).toBe(1)
    expect(out).toMatch(/Result: ERROR: the verification could not run: .*nonexistent/)
  })
})
