import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { createSimulation, forceStatus, simulationInput } from './simulation-fixtures.ts'

let s: TestSandbox
beforeAll(async () => {
  s = await createTestSandbox()
})

const patch = (id: string, body: unknown, headers: Record<string, string> = {}) => s.call('PATCH', `/v1/simulations/${id}`, { body, headers })
const cancel = (id: string, body: unknown) => s.call('DELETE', `/v1/simulations/${id}`, { body })
const detailOf = async (id: string) => (await s.call('GET', `/v1/simulations/${id}`)).json

const CLOSED = ['COMPLETED', 'CANCELLED', 'EXPIRED'] as const

describe('Simulation Update', () => {
  it('changes only the fields given and keeps the others', async () => {
    const { id } = await createSimulation(s)
    const before = await detailOf(id)
    const res = await patch(id, { loanSimulator: { loanAmount: 180000 } })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operação efetuada com sucesso.' },
      additionalData: { simulationUniqueID: id, simulationNumber: String(before.simulationDetail.simulationNumber), elegibility: true },
    })
    const after = await detailOf(id)
    expect(after.loanSimulationDetail.loanAmount).toBe(180000)
    expect(after.loanSimulationDetail.loanToValue).toBe(72)
    expect(after.loanSimulationDetail.monthlyInstallmentAmount).toBeLessThan(before.loanSimulationDetail.monthlyInstallmentAmount)
    expect({ ...after.loanSimulationDetail, loanAmount: 0, loanToValue: 0, monthlyInstallmentAmount: 0, mtic: 0, taeg: 0 }).toMatchObject({
      loanDurationMonths: 360,
      indexTypeSubCategoryID: 2,
      hasCrossSelling: true,
    })
    expect(after.borrowerSimulationDetail).toEqual(before.borrowerSimulationDetail)
    expect(after.propertySimulationDetail).toEqual(before.propertySimulationDetail)
    expect(after.simulationDetail.creationDate).toBe(before.simulationDetail.creationDate)
  })

  it('drops the index when the rate becomes fixed and the patch does not send it, and refuses it when sent', async () => {
    const { id } = await createSimulation(s)
    const sent = await patch(id, { loanSimulator: { interestRateTypeID: 1, fixedPeriodID: 5, indexTypeID: 2 } })
    expect(sent.status).toBe(400)
    expect(sent.json.errors).toContainEqual(expect.objectContaining({ errorField: 'loanSimulator.indexTypeID', errorCode: '010108' }))
    const res = await patch(id, { loanSimulator: { interestRateTypeID: 1, fixedPeriodID: 5 } })
    expect(res.status, res.text).toBe(200)
    const loan = (await detailOf(id)).loanSimulationDetail
    expect(loan).toMatchObject({ indexTypeSubCategoryID: 1, fixedBaseInterestRate: 2.66 })
    expect(loan).not.toHaveProperty('indexType')
  })

  it('still removes a field sent as null (merge patch)', async () => {
    const { id } = await createSimulation(s)
    const res = await patch(id, { loanSimulator: { interestRateTypeID: 1, fixedPeriodID: 5, indexTypeID: null } })
    expect(res.status).toBe(200)
    const loan = (await detailOf(id)).loanSimulationDetail
    expect(loan.indexTypeSubCategoryID).toBe(1)
    expect(loan).not.toHaveProperty('indexType')
  })

  it("drops the second borrower's fields when the patch goes to one borrower, and refuses one it sends", async () => {
    const { id } = await createSimulation(s)
    const sent = await patch(id, { borrowersSimulator: { numberOfborrowers: 1, borrowerName: 'João Almeida' } })
    expect(sent.status).toBe(400)
    expect(sent.json.errors.map((e: { errorField: string; errorCode: string }) => [e.errorCode, e.errorField])).toEqual([['010108', 'borrowersSimulator.borrowerName']])
    const res = await patch(id, { borrowersSimulator: { numberOfborrowers: 1 } })
    expect(res.status, res.text).toBe(200)
    const detail = await detailOf(id)
    expect(detail.borrowerSimulationDetail.numberOfborrowers).toBe(1)
    expect(detail.borrowerSimulationDetail).not.toHaveProperty('borrowerName')
    expect(detail.borrowerSimulationDetail).not.toHaveProperty('borrowerBirthDate')
  })

  it('validates the merged simulation as create does', async () => {
    const { id } = await createSimulation(s)
    const res = await patch(id, { borrowersSimulator: { numberOfborrowers: 1 }, loanSimulator: { loanAmount: 'more' } })
    expect(res.status).toBe(400)
    // The second borrower's fields the change made irrelevant are dropped, not refused.
    const fields = res.json.errors.map((e: { errorField: string }) => e.errorField)
    expect(fields).toEqual(['loanSimulator.loanAmount'])
    expect((await detailOf(id)).loanSimulationDetail.loanAmount).toBe(200000)
  })

  it('refuses an unknown group and a group removed with null', async () => {
    const { id } = await createSimulation(s)
    const res = await patch(id, { loanSimulater: {}, propertySimulator: null })
    expect(res.json.errors).toEqual([
      expect.objectContaining({ errorField: 'propertySimulator', errorCode: '010101' }),
      expect.objectContaining({ errorField: 'loanSimulater', errorCode: '010108' }),
    ])
  })

  it('evaluates again: Simulated to Not eligible and back, each change recorded and published', async () => {
    const publish = vi.spyOn(s.services.callbacks.publisher, 'publish')
    const { id } = await createSimulation(s)
    const worse = await patch(id, { loanSimulator: { loanAmount: 240000 } }, { 'Accept-Language': 'en' })
    expect(worse.json.additionalData).toMatchObject({ elegibility: false, nonElegibilityDescription: expect.stringContaining('LTV of 96') })
    expect((await detailOf(id)).simulationDetail.simulationStatusId).toBe(2)
    const same = await patch(id, { loanSimulator: { loanAmount: 241000 } })
    expect(same.json.additionalData.elegibility).toBe(false)
    await patch(id, { loanSimulator: { loanAmount: 200000 } })
    expect(s.services.simulations.statusHistory({ brokerId: 1001 }, id).map((h) => [h.previousStatusId, h.statusId])).toEqual([
      [null, 1],
      [1, 2],
      [2, 1],
    ])
    const changes = publish.mock.calls.map(([event]) => event).filter((e) => e.simulationUniqueId === id)
    expect(changes.map((e) => e.data.simulationStatusId)).toEqual([1, 2, 1])
    publish.mockRestore()
  })

  it('updates statusLastDate only when the status changes', async () => {
    const { id } = await createSimulation(s)
    const dateOf = async () => (await s.call('GET', '/v1/simulations?lineCount=1')).json.listSimulationDetail[0].statusLastDate
    const created = await dateOf()
    s.clock.advance(60_000)
    await patch(id, { loanSimulator: { loanAmount: 190000 } })
    expect(await dateOf()).toBe(created)
    s.clock.advance(60_000)
    await patch(id, { loanSimulator: { loanAmount: 245000 } })
    expect(await dateOf()).toBe(s.clock.now().toISOString())
  })

  it.each(CLOSED)('refuses an update in status %s with 400 and leaves the simulation as it was', async (code) => {
    const { id } = await createSimulation(s)
    forceStatus(s, id, code)
    const res = await patch(id, { loanSimulator: { loanAmount: 150000 } }, { 'Accept-Language': 'en' })
    expect(res.status).toBe(400)
    const status = s.services.taxonomy.byCode('workflow-states-simulation', code)!.description.en
    expect(res.json.errors).toEqual([{ errorCode: '010301', errorField: 'simulationUniqueId', errorMessage: `The operation is not allowed in the current status (${status}).` }])
    expect((await detailOf(id)).loanSimulationDetail.loanAmount).toBe(200000)
  })
})

describe('Simulation Cancel', () => {
  it('cancels with a reason and comments shown in the detail', async () => {
    const { id } = await createSimulation(s)
    const res = await cancel(id, { simulationCancelReasonId: 2, cancelComments: 'Escolheu outro banco.' })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operação efetuada com sucesso.' } })
    expect((await detailOf(id)).simulationDetail).toMatchObject({
      simulationStatusId: 4,
      simulationStatusDescription: 'Cancelada',
      cancelReasonId: 2,
      cancelReasonDescription: 'Cliente optou por outra instituição',
      cancelObservations: 'Escolheu outro banco.',
    })
    expect(s.services.simulations.statusHistory({ brokerId: 1001 }, id).at(-1)).toMatchObject({ previousStatusId: 1, statusId: 4, origin: 'api', userId: 5001 })
  })

  it('cancels a Not eligible simulation without comments', async () => {
    const { id } = await createSimulation(s, simulationInput({ loanSimulator: { loanAmount: 245000 } }))
    expect((await cancel(id, { simulationCancelReasonId: 1 })).status).toBe(200)
    const detail = (await detailOf(id)).simulationDetail
    expect(detail).toMatchObject({ simulationStatusId: 4, cancelReasonId: 1 })
    expect(detail).not.toHaveProperty('cancelObservations')
  })

  it.each([
    ['no reason', {}, 'simulationCancelReasonId', '010101'],
    ['an unknown reason', { simulationCancelReasonId: 99 }, 'simulationCancelReasonId', '010106'],
    ['a reason as a string', { simulationCancelReasonId: '1' }, 'simulationCancelReasonId', '010102'],
    ['comments too long', { simulationCancelReasonId: 1, cancelComments: 'x'.repeat(501) }, 'cancelComments', '010104'],
  ])('refuses %s', async (_, body, field, code) => {
    const { id } = await createSimulation(s)
    const res = await cancel(id, body)
    expect(res.status).toBe(400)
    expect(res.json.errors).toContainEqual(expect.objectContaining({ errorField: field, errorCode: code }))
    expect((await detailOf(id)).simulationDetail.simulationStatusId).toBe(1)
  })

  it.each(CLOSED)('refuses to cancel in status %s with 400', async (code) => {
    const { id } = await createSimulation(s)
    forceStatus(s, id, code)
    const res = await cancel(id, { simulationCancelReasonId: 1 })
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorCode: '010301', errorField: 'simulationUniqueId' })
    expect((await detailOf(id)).simulationDetail.simulationStatusId).toBe(s.services.simulations.statuses.id(code))
  })

  it('never leaves a final status, even when forced', async () => {
    const { id } = await createSimulation(s)
    forceStatus(s, id, 'EXPIRED')
    expect(() => forceStatus(s, id, 'COMPLETED')).toThrow(/not allowed/)
  })

  it('answers 404 for an unknown simulation', async () => {
    const res = await cancel('5b0c8d1e-0000-4000-8000-000000000000', { simulationCancelReasonId: 1 })
    expect(res.status).toBe(404)
  })
})
