import { beforeEach, describe, expect, it } from 'vitest'
import { draftProcess, notificationsOf, processPath } from '../processes/process-fixtures.ts'
import { createSimulation } from '../simulations/simulation-fixtures.ts'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'

let s: TestSandbox
beforeEach(async () => {
  s = await createTestSandbox()
})

const en = { 'Accept-Language': 'en' }
const forceSimulation = (id: string, body: unknown, token?: string) => s.call('POST', `/sandbox/simulations/${id}/status`, { body, headers: en, ...(token ? { token } : {}) })
const forceProcess = (id: string, body: unknown, token?: string) => s.call('POST', `/sandbox/processes/${id}/status`, { body, headers: en, ...(token ? { token } : {}) })
const ok = <R extends { status: number; text: string }>(res: R): R => {
  expect(res.status, res.text).toBe(200)
  return res
}

describe('POST /sandbox/simulations/{id}/status', () => {
  it('moves a simulation to Expired with the history and notifications of a real change (6 and 8)', async () => {
    const { id } = await createSimulation(s)
    const res = ok(await forceSimulation(id, { simulationStatusId: 5 }))
    expect(res.json).toEqual({
      operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operation completed successfully.' },
      additionalData: { simulationUniqueID: id, previousSimulationStatusId: 1, simulationStatusId: 5, simulationStatusDescription: 'Expired' },
    })
    expect((await s.call('GET', `/v1/simulations/${id}`)).json.simulationDetail.simulationStatusId).toBe(5)
    expect(s.services.simulations.statusHistory({ brokerId: 1001 }, id).at(-1)).toMatchObject({ statusId: 5, previousStatusId: 1, origin: 'sandbox' })
    expect(notificationsOf(s, 'simulation_unique_id', id).map((n) => n.type)).toEqual([6, 6, 8])
  })

  it('moves a simulation to Not eligible with the bank-policy reason and back to Simulated', async () => {
    const { id } = await createSimulation(s)
    ok(await forceSimulation(id, { simulationStatusId: 2 }))
    const detail = (await s.call('GET', `/v1/simulations/${id}`, { headers: en })).json.simulationDetail
    expect(detail).toMatchObject({ simulationStatusId: 2, nonElegibilityDescription: 'Bank credit policy decision.' })
    expect((await s.call('POST', '/v1/processes', { body: { simulationUniqueId: id } })).status).toBe(400)
    ok(await forceSimulation(id, { simulationStatusId: 1 }))
    const again = (await s.call('GET', `/v1/simulations/${id}`)).json.simulationDetail
    expect(again.simulationStatusId).toBe(1)
    expect(again).not.toHaveProperty('nonElegibilityDescription')
    expect((await s.call('POST', '/v1/processes', { body: { simulationUniqueId: id } })).status).toBe(201)
  })
})

describe('POST /sandbox/processes/{id}/status', () => {
  it('walks a process from Draft to Rejected with its reason: history origin sandbox, notifications 5 and the decision 9', async () => {
    const { processUniqueId: id } = await draftProcess(s)
    const before = notificationsOf(s, 'process_unique_id', id).length
    ok(await forceProcess(id, { processStatusId: 2 }))
    ok(await forceProcess(id, { processStatusId: 3 }))
    const res = ok(await forceProcess(id, { processStatusId: 5, rejectReasonId: 4 }))
    expect(res.json.additionalData).toEqual({
      processUniqueID: id,
      previousProcessStatusId: 3,
      processStatusId: 5,
      processStatusDescription: 'Rejected',
      rejectReasonId: 4,
      rejectReasonDescription: 'Income not proven',
    })
    const detail = (await s.call('GET', processPath(id))).json
    expect(detail.processDetail).toMatchObject({ processStatusId: 5, rejectReasonId: 4, rejectReasonDescription: 'Rendimentos não comprovados' })
    expect(detail.processDetail.submissionDate).not.toBeNull()
    expect(detail.statusHistory.map((h: any) => [h.processStatusId, h.origin])).toEqual([
      [1, 'api'],
      [2, 'sandbox'],
      [3, 'sandbox'],
      [5, 'sandbox'],
    ])
    const after = notificationsOf(s, 'process_unique_id', id).slice(before)
    expect(after.map((n) => n.type)).toEqual([5, 5, 5, 9])
    expect(after[3]!.body.data).toMatchObject({ decision: 'REJECTED', rejectReasonId: 4 })
  })

  it('rejects with reason 13 (bank credit policy) when none is given, and approves then contracts', async () => {
    const rejected = (await draftProcess(s)).processUniqueId
    ok(await forceProcess(rejected, { processStatusId: 2 }))
    expect(ok(await forceProcess(rejected, { processStatusId: 5 })).json.additionalData).toMatchObject({ rejectReasonId: 13, rejectReasonDescription: 'Bank credit policy' })

    const approved = (await draftProcess(s)).processUniqueId
    for (const processStatusId of [2, 3, 4, 6]) ok(await forceProcess(approved, { processStatusId }))
    const contracted = (await s.call('GET', processPath(approved))).json.processDetail
    expect(contracted.processStatusId).toBe(6)
    expect(contracted).not.toHaveProperty('rejectReasonId')
  })
})

describe('the control API refuses', () => {
  it('an impossible simulation transition, naming the current status and the allowed ones', async () => {
    const { id } = await createSimulation(s)
    ok(await forceSimulation(id, { simulationStatusId: 3 }))
    const res = await forceSimulation(id, { simulationStatusId: 4 })
    expect(res.status).toBe(400)
    expect(res.json.errors).toEqual([
      { errorCode: '010301', errorField: 'simulationStatusId', errorMessage: 'Impossible transition from Completed (3) to Cancelled (4). Completed (3) is a final status.' },
    ])
  })

  it('an impossible process transition, naming the current status and the allowed ones, in Portuguese by default', async () => {
    const { processUniqueId: id } = await draftProcess(s)
    const res = await s.call('POST', `/sandbox/processes/${id}/status`, { body: { processStatusId: 4 } })
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toEqual({
      errorCode: '010301',
      errorField: 'processStatusId',
      errorMessage: 'Transição impossível de Rascunho (1) para Aprovado (4). A partir de Rascunho (1) são permitidos: Submetido (2), Cancelado (7).',
    })
    expect((await forceProcess(id, { processStatusId: 1 })).json.errors[0].errorMessage).toContain('Impossible transition from Draft (1) to Draft (1)')
  })

  it.each([
    ['an unknown simulation status id', 'simulation', { simulationStatusId: 9 }, '010106', 'simulationStatusId'],
    ['an unknown process status id', 'process', { processStatusId: 99 }, '010106', 'processStatusId'],
    ['an unknown reject reason id', 'process', { processStatusId: 5, rejectReasonId: 99 }, '010106', 'rejectReasonId'],
    ['a reject reason without Rejected', 'process', { processStatusId: 2, rejectReasonId: 1 }, '010108', 'rejectReasonId'],
    ['a body without the status', 'simulation', {}, '010101', 'simulationStatusId'],
    ['a status id that is not an integer', 'process', { processStatusId: 'APPROVED' }, '010102', 'processStatusId'],
  ])('%s (400)', async (_, kind, body, code, field) => {
    const id = kind === 'simulation' ? (await createSimulation(s)).id : (await draftProcess(s)).processUniqueId
    const res = kind === 'simulation' ? await forceSimulation(id, body) : await forceProcess(id, body)
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorCode: code, errorField: field })
  })

  it("another partner's simulation and process (404), leaving them as they were", async () => {
    const simulation = (await createSimulation(s, undefined, s.tokens.b)).id
    const { processUniqueId: process } = await draftProcess(s, s.tokens.b)
    expect((await forceSimulation(simulation, { simulationStatusId: 5 })).status).toBe(404)
    expect((await forceProcess(process, { processStatusId: 2 })).status).toBe(404)
    expect((await s.call('POST', `/sandbox/simulations/${simulation}/message`, { body: { messageText: 'Olá' } })).status).toBe(404)
    expect((await s.call('POST', `/sandbox/processes/${process}/message`, { body: { messageText: 'Olá' } })).status).toBe(404)
    expect((await s.call('GET', `/v1/simulations/${simulation}`, { token: s.tokens.b })).json.simulationDetail.simulationStatusId).toBe(1)
    expect((await s.call('GET', processPath(process), { token: s.tokens.b })).json.processDetail.processStatusId).toBe(1)
  })

  it('a request without a token (401)', async () => {
    const { id } = await createSimulation(s)
    expect((await s.call('POST', `/sandbox/simulations/${id}/status`, { body: { simulationStatusId: 5 }, token: null })).status).toBe(401)
  })
})
