import { beforeAll, describe, expect, it } from 'vitest'
import type { Scenario } from '../../../src/modules/sandbox-scenarios/index.ts'
import { createTestSandbox, PARTNER_A, PARTNER_B, type TestSandbox } from '../../support/test-app.ts'

let s: TestSandbox
beforeAll(async () => {
  s = await createTestSandbox()
})

const scenario = (name: string): Scenario => {
  const found = s.services.scenarios.get(PARTNER_A, name)
  if (!found) throw new Error(`no scenario ${name}`)
  return found
}
const asBrokerA = () => ({ accessToken: s.tokens.a, partnerUniqueID: PARTNER_A, lang: 'pt-PT' as const })
const journal = async (requestId: string, token = s.tokens.a) => s.call('GET', `/sandbox/requests/${requestId}`, { token })

describe("the console's try it: a scenario's sample journey played through the API", () => {
  it('process-approved: plays a whole process to Submit with the header on Submit, every call in the journal', async () => {
    const trial = await s.services.trials.run(scenario('process-approved'), asBrokerA())
    expect(trial.failedCall).toBeUndefined()
    expect(trial.journey).toBe('process')
    const submit = trial.calls.at(-1)!
    expect([submit.method, submit.path, submit.status]).toEqual(['POST', `/v1/processes/${trial.processUniqueId}/submit`, 200])
    const entry = (await journal(submit.requestId)).json
    expect(entry.scenario).toBe('process-approved')
    expect(entry.requestHeaders['user-agent']).toMatch(/^mortgage-sandbox-console\/.* \(try it\)$/)
    expect(entry.origin).toBe('console')
    const detail = (await s.call('GET', `/v1/processes/${trial.processUniqueId}`)).json
    expect(detail.processDetail.processStatusId).toBe(2)
    const jobs = (await s.call('GET', '/sandbox/jobs')).json.jobList
    expect(jobs.filter((j: any) => j.scenario === 'process-approved').map((j: any) => j.payload.status)).toEqual(expect.arrayContaining(['IN_ANALYSIS', 'APPROVED']))
    for (const call of trial.calls) expect((await journal(call.requestId)).status).toBe(200)
  })

  it('simulation-not-eligible: creates one simulation with the header, not eligible', async () => {
    const trial = await s.services.trials.run(scenario('simulation-not-eligible'), asBrokerA())
    expect(trial.journey).toBe('simulation')
    expect(trial.calls).toHaveLength(1)
    const detail = (await s.call('GET', `/v1/simulations/${trial.simulationUniqueId}`)).json
    expect(detail.simulationDetail.simulationStatusId).toBe(2)
  })

  it('token-expired: one call that answers as the scenario says, and the trial leads to it', async () => {
    const trial = await s.services.trials.run(scenario('token-expired'), asBrokerA())
    expect(trial.journey).toBe('request')
    expect(trial.failedCall).toBeUndefined()
    expect(trial.calls.map((c) => c.status)).toEqual([401])
    const entry = (await journal(trial.calls[0]!.requestId)).json
    expect(entry.errors[0].errorCode).toBe('010502')
  })

  it('a scenario triggered only by a magic value is tried by writing the value into the sample simulation', async () => {
    const magicOnly: Scenario = {
      ...scenario('process-approved'),
      name: 'magic-only',
      triggers: { header: false, magicValues: [{ field: 'borrowersSimulator.keyBorrowerName', equals: 'Teste Aprovado' }] },
    }
    expect(s.services.trials.canTry(magicOnly)).toBe(true)
    const trial = await s.services.trials.run(magicOnly, asBrokerA())
    expect(trial.failedCall).toBeUndefined()
    const simulation = (await s.call('GET', `/v1/simulations/${trial.simulationUniqueId}`)).json.simulationDetail
    expect(simulation.origin).toBe('process-approved')
    const submit = (await journal(trial.calls.at(-1)!.requestId)).json
    expect(submit.requestHeaders['x-sandbox-scenario']).toBeUndefined()
  })

  it('cannot try a scenario triggered only by fields of another operation', () => {
    const other: Scenario = { ...scenario('process-approved'), triggers: { header: false, magicValues: [{ field: 'personalDataBorrowerRequest.name', equals: 'x' }] } }
    expect(s.services.trials.canTry(other)).toBe(false)
  })

  it("keeps the trial's records the partner's own: another partner sees neither the process nor its calls", async () => {
    const trial = await s.services.trials.run(scenario('simulation-completed'), asBrokerA())
    expect((await s.call('GET', `/v1/simulations/${trial.simulationUniqueId}`, { token: s.tokens.b })).status).toBe(404)
    expect((await journal(trial.calls[0]!.requestId, s.tokens.b)).status).toBe(404)
    expect(PARTNER_B).not.toBe(PARTNER_A)
  })

  it('stops at a refused call and names it', async () => {
    const trial = await s.services.trials.run(scenario('process-approved'), { ...asBrokerA(), accessToken: 'not-a-token' })
    expect(trial.calls).toHaveLength(1)
    expect(trial.failedCall).toMatchObject({ method: 'POST', path: '/v1/simulations', status: 401 })
  })
})
