import { describe, expect, it } from 'vitest'
import { createTestSandbox } from '../../support/test-app.ts'

const { call } = await createTestSandbox()
const withScenario = (name: string, path = '/v1/taxonomy/genders') => call('GET', path, { headers: { 'X-Sandbox-Scenario': name } })

describe('scenarios every operation shares', () => {
  it('an unknown scenario name is a 400 naming it and the header', async () => {
    const res = await withScenario('no-such-scenario')
    expect(res.status).toBe(400)
    expect(res.json.errors).toEqual([{ errorCode: '010105', errorMessage: expect.stringContaining('"no-such-scenario"'), errorField: 'X-Sandbox-Scenario' }])
  })

  it('server-error answers 500 with the error body', async () => {
    const res = await withScenario('server-error')
    expect(res.status).toBe(500)
    expect(res.json.operationStatus.operationStatusCode).toBe('090101')
    expect(res.json.errors[0].errorCode).toBe('090101')
    expect(res.headers.get('x-sandbox-scenario')).toBe('server-error')
  })

  it.each([
    ['service-unavailable', 503, '090102', '30'],
    ['rate-limited', 429, '010603', '10'],
  ])('%s answers %i with code %s and Retry-After', async (name, status, code, retryAfter) => {
    const res = await withScenario(name)
    expect(res.status).toBe(status)
    expect(res.json.errors[0].errorCode).toBe(code)
    expect(res.headers.get('retry-after')).toBe(retryAfter)
  })

  it('token-expired answers 401 with the expired-token code even with a valid token', async () => {
    const res = await withScenario('token-expired')
    expect(res.status).toBe(401)
    expect(res.json.errors).toEqual([{ errorCode: '010502', errorMessage: expect.any(String), errorField: 'Authorization' }])
  })

  it('slow-response answers correctly after at least one second', async () => {
    const started = performance.now()
    const res = await withScenario('slow-response')
    expect(performance.now() - started).toBeGreaterThanOrEqual(1000)
    expect(res.status).toBe(200)
    expect(res.json.length).toBeGreaterThan(0)
  })

  it.each([
    [500500, 500],
    [503503, 503],
    [429429, 429],
  ])('the magic loan amount %i answers %i', async (loanAmount, status) => {
    const res = await call('POST', '/v1/simulations/validate', { body: { loanSimulator: { loanAmount } } })
    expect(res.status).toBe(status)
  })

  it('health and version ignore scenarios', async () => {
    const res = await call('GET', '/v1/health', { token: null, headers: { 'X-Sandbox-Scenario': 'server-error' } })
    expect(res.status).toBe(200)
  })

  it('GET /sandbox/scenarios lists every scenario with its localized description, triggers and effects', async () => {
    const res = await call('GET', '/sandbox/scenarios', { headers: { 'Accept-Language': 'en' } })
    expect(res.status).toBe(200)
    const notEligible = res.json.scenarioList.find((s: any) => s.name === 'simulation-not-eligible')
    expect(notEligible).toEqual({
      name: 'simulation-not-eligible',
      owner: 'sandbox',
      description: expect.stringContaining('not eligible'),
      header: true,
      magicValues: [{ field: 'borrowersSimulator.keyBorrowerName', equals: 'Teste Recusado' }],
      effects: [{ type: 'simulationEligibility', eligible: false, reasonCode: 'BANK_POLICY' }],
    })
  })

  it('GET /sandbox/scenarios needs the token', async () => {
    expect((await call('GET', '/sandbox/scenarios', { token: null })).status).toBe(401)
  })
})
