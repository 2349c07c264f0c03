import { describe, expect, it } from 'vitest'
import { ANY_TOKEN, verify, writePact } from './support/pact-files.ts'

describe('mortgage-sandbox verify --static', () => {
  it('flags a pact whose requests do not match the OpenAPI document, naming the interactions, without a sandbox', async () => {
    const pact = writePact('off-spec-partner', [
      {
        description: 'a simulation created with a loan amount in words',
        request: {
          method: 'POST',
          path: '/v1/simulations',
          headers: { ...ANY_TOKEN, 'Content-Type': 'application/json' },
          body: {
            loanSimulator: {
              loanDurationMonths: 360,
              loanAmount: 'two hundred thousand',
              productSchemeId: 1,
              loanPurposeId: 1,
              productPurposeId: 1,
              hasCrossSelling: false,
              interestRateTypeID: 2,
              indexTypeID: 2,
              youthCredit: false,
            },
            borrowersSimulator: { numberOfborrowers: 1, keyBorrowerName: 'Inês Carvalho', keyBorrowerBirthDate: '1990-07-01' },
            propertySimulator: { acquisitionAmount: 250000, evaluationEstimatedAmount: 255000 },
          },
        },
        response: { status: 201 },
      },
      {
        description: 'a list of processes by a path the API does not have',
        request: { method: 'GET', path: '/v1/proposals', headers: ANY_TOKEN },
        response: { status: 200 },
      },
      { description: 'the health', request: { method: 'GET', path: '/v1/health' }, response: { status: 200 } },
    ])
    const { code, out } = await verify('--static', '--pact', pact)
    expect(code).toBe(1)
    expect(out).toContain('FAILED')
    expect(out).toMatch(/"a simulation created with a loan amount in words": request\.body\.incompatible: .*must be number/)
    expect(out).toMatch(/"a list of processes by a path the API does not have": request\.path-or-method\.unknown/)
    expect(out).not.toContain('"the health"')
    expect(out).not.toContain('Pact verification against mortgage-sandbox')
  })

  // swagger-mock-validator compiles a schema per interaction: the 49 reference interactions take seconds.
  it('passes the reference pacts', { timeout: 60_000 }, async () => {
    const { code, out } = await verify('--static', '--pact', 'contracts/pacts')
    expect(out).toMatch(/OK\s+contracts\/pacts\/reference-partner-client-mortgage-partner-portal\.json/)
    // The webhook handler's message pact has no HTTP to hold to the OpenAPI document.
    expect(out).toMatch(/SKIP\s+contracts\/pacts\/reference-partner-webhooks-mortgage-partner-portal\.json \(message interactions only/)
    expect(code).toBe(0)
  })
})
