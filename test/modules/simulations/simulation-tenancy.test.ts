import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { createSimulation, simulationInput } from './simulation-fixtures.ts'

let s: TestSandbox
let idOfA: string
let idOfB: string

beforeAll(async () => {
  s = await createTestSandbox()
  idOfA = (await createSimulation(s, simulationInput({ borrowersSimulator: { keyBorrowerName: 'Ana Tenant' } }))).id
  idOfB = (await createSimulation(s, simulationInput({ borrowersSimulator: { keyBorrowerName: 'Bruno Tenant' } }), s.tokens.b)).id
})

const PATHS: Array<[string, (id: string) => string, unknown?]> = [
  ['GET', (id) => `/v1/simulations/${id}`],
  ['PATCH', (id) => `/v1/simulations/${id}`, { loanSimulator: { loanAmount: 150000 } }],
  ['DELETE', (id) => `/v1/simulations/${id}`, { simulationCancelReasonId: 1 }],
  ['GET', (id) => `/v1/simulations/${id}/esis`],
  ['GET', (id) => `/v1/simulations/${id}/esis/email?email=bruno@example.com`],
  ['GET', (id) => `/v1/simulations/${id}/message`],
  ['POST', (id) => `/v1/simulations/${id}/message`, { messageText: 'Olá' }],
]

describe('Simulation tenancy', () => {
  it.each(PATHS)("answers 404 to another broker's token on %s %s", async (method, path, body) => {
    const res = await s.call(method, path(idOfA), { token: s.tokens.b, ...(body ? { body } : {}) })
    expect(res.status).toBe(404)
    expect(res.json.errors[0]).toMatchObject({ errorCode: '010401', errorField: 'simulationUniqueId' })
  })

  it('leaves the simulation of broker A untouched by broker B', async () => {
    const detail = await s.call('GET', `/v1/simulations/${idOfA}`)
    expect(detail.json.simulationDetail.simulationStatusId).toBe(1)
    expect(detail.json.loanSimulationDetail.loanAmount).toBe(200000)
    expect((await s.call('GET', `/v1/simulations/${idOfA}/message`)).json.totalRecords).toBe(0)
  })

  it("never lists another broker's simulations, whatever the filter", async () => {
    const cases: Array<[string, string[]]> = [
      ['', [idOfB]],
      ['?filterByText=tenant', [idOfB]],
      ['?filterByText=ana', []],
      ['?filterSimulationStatus=1', [idOfB]],
    ]
    for (const [query, expected] of cases) {
      const res = await s.call('GET', `/v1/simulations${query}`, { token: s.tokens.b })
      expect(res.json.listSimulationDetail.map((i: { simulationUniqueID: string }) => i.simulationUniqueID)).toEqual(expected)
      expect(res.json.totalRecords).toBe(expected.length)
    }
    const a = await s.call('GET', '/v1/simulations?filterByText=tenant')
    expect(a.json.listSimulationDetail.map((i: { simulationUniqueID: string }) => i.simulationUniqueID)).toEqual([idOfA])
  })

  it("refuses another broker's simulation as a cursor like an unknown one", async () => {
    const res = await s.call('GET', `/v1/simulations?nextRecord=${idOfA}`, { token: s.tokens.b })
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorField: 'nextRecord', errorCode: '010105' })
  })

  it('shares simulations between the users of one broker', async () => {
    const list = await s.call('GET', '/v1/simulations', { token: s.tokens.a2 })
    expect(list.json.listSimulationDetail.map((i: { simulationUniqueID: string }) => i.simulationUniqueID)).toEqual([idOfA])
    const update = await s.call('PATCH', `/v1/simulations/${idOfA}`, { token: s.tokens.a2, body: { loanSimulator: { loanAmount: 245000 } } })
    expect(update.status).toBe(200)
    expect(s.services.simulations.statusHistory({ brokerId: 1001 }, idOfA).at(-1)).toMatchObject({ statusId: 2, userId: 5002 })
    await s.call('PATCH', `/v1/simulations/${idOfA}`, { body: { loanSimulator: { loanAmount: 200000 } } })
  })

  it('attributes a simulation to the broker branch of its creator', async () => {
    const detail = await s.call('GET', `/v1/simulations/${idOfB}`, { token: s.tokens.b })
    expect(detail.json.simulationDetail).toMatchObject({ branchId: '512', branchDescription: 'Porto - Boavista' })
  })

  it('answers 401 without a token', async () => {
    expect((await s.call('GET', '/v1/simulations', { token: null })).status).toBe(401)
    expect((await s.call('GET', `/v1/simulations/${idOfA}`, { token: null })).status).toBe(401)
  })
})
