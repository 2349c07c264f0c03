import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { createSimulation, forceStatus, SINGLE_BORROWER, simulationInput } from '../simulations/simulation-fixtures.ts'
import { borrowerIds, borrowerPath, draftProcess, eligibleSimulation, notificationsOf, processPath } from './process-fixtures.ts'

let s: TestSandbox
beforeAll(async () => {
  s = await createTestSandbox()
})

const create = (body: unknown, token?: string) => s.call('POST', '/v1/processes', { body, ...(token ? { token } : {}) })

describe('Process Create', () => {
  it('answers 201 with the envelope, the new id and a sequential number', async () => {
    const simulationUniqueId = await eligibleSimulation(s)
    const res = await create({ simulationUniqueId })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({
      operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operação efetuada com sucesso.' },
      additionalData: { processUniqueID: expect.stringMatching(/^[0-9a-f-]{36}$/), processNumber: expect.any(Number) },
    })
    const next = await draftProcess(s)
    expect(next.processNumber).toBe(res.json.additionalData.processNumber + 1)
  })

  it('completes the simulation, which then names the process, with history origin "process" and notification 6', async () => {
    const { processUniqueId, processNumber, simulationUniqueId } = await draftProcess(s)
    const detail = (await s.call('GET', `/v1/simulations/${simulationUniqueId}`)).json.simulationDetail
    expect(detail).toMatchObject({ processUniqueId, processNumber, simulationStatusId: 3 })
    const history = s.services.simulations.statusHistory({ brokerId: 1001 }, simulationUniqueId)
    expect(history.at(-1)).toMatchObject({ statusId: 3, previousStatusId: 1, origin: 'process', userId: 5001 })
    expect(notificationsOf(s, 'simulation_unique_id', simulationUniqueId).map((n) => n.type)).toEqual([6, 6])
  })

  it('starts in Draft with the status recorded and notifications 1 (created) and 5 (status)', async () => {
    const { processUniqueId, processNumber, simulationUniqueId } = await draftProcess(s)
    const detail = (await s.call('GET', processPath(processUniqueId))).json
    expect(detail.processDetail).toMatchObject({ processStatusId: 1, processStatusDescription: 'Rascunho', phaseId: 2, simulationUniqueId, elegibility: true })
    expect(detail.statusHistory).toEqual([{ processStatusId: 1, processStatusDescription: 'Rascunho', statusDate: detail.processDetail.creationDate, origin: 'api', userId: 5001 }])
    const notifications = notificationsOf(s, 'process_unique_id', processUniqueId)
    expect(notifications.map((n) => n.type)).toEqual([1, 5])
    expect(notifications[0]!.body).toMatchObject({ data: { processNumber, simulationUniqueId, processStatusId: 1 } })
    expect(notifications[1]!.body.data).toEqual({ processStatusId: 1, processStatusDescription: 'Rascunho' })
  })

  it("copies the simulation's borrowers, loan and property", async () => {
    const { processUniqueId, simulationUniqueId } = await draftProcess(s)
    const simulation = (await s.call('GET', `/v1/simulations/${simulationUniqueId}`)).json
    const detail = (await s.call('GET', processPath(processUniqueId))).json
    expect(detail.borrowers.map((b: { borrowerTypeID: number }) => b.borrowerTypeID)).toEqual([1, 2])
    const [key, co] = await borrowerIds(s, processUniqueId)
    const keyBorrower = (await s.call('GET', borrowerPath(processUniqueId, key))).json
    const coBorrower = (await s.call('GET', borrowerPath(processUniqueId, co))).json
    const b = simulation.borrowerSimulationDetail
    expect(keyBorrower.borrowerPersonalData).toMatchObject({
      name: b.keyBorrowerName,
      taxID: b.keyBorrowerTaxId,
      birthDate: b.keyBorrowerBirthDate.slice(0, 10),
      dependentsNumber: String(b.borrowersDependentsNumber),
    })
    expect(keyBorrower.borrowerFinancialData).toMatchObject({
      incomeWagesPensions: b.keyBorrowerIncomeWagesPensions,
      installmentPersonalCredit: b.keyBorrowerInstallmentPersonalCredit,
      hasSocialSecurityDebt: false,
    })
    expect(keyBorrower.borrowerProfessionalData.employmentContractTypeID).toBe(b.keyBorrowerContractTypeID)
    expect(coBorrower).toMatchObject({ borrowerPersonalData: { name: b.borrowerName, taxID: b.borrowerTaxId } })
    expect(coBorrower).not.toHaveProperty('keyBorrowerRelationID')
    expect(detail.loanProcessDetail).toEqual(simulation.loanSimulationDetail)
    const p = simulation.propertySimulationDetail
    expect(detail.propertyProcessDetail).toMatchObject({
      typologyId: p.typologyId,
      districtId: p.districtId,
      grossBuiltArea: p.grossBuiltArea,
      acquisitionAmount: p.acquisitionAmount,
      evaluationEstimatedAmount: p.evaluationEstimatedAmount,
    })
  })

  it('copies a single borrower when the simulation has one', async () => {
    const input = simulationInput({ borrowersSimulator: SINGLE_BORROWER })
    const { processUniqueId } = await draftProcess(s, undefined, input)
    expect(await borrowerIds(s, processUniqueId)).toHaveLength(1)
  })

  describe('refuses', () => {
    it('an unknown simulation with 404', async () => {
      const res = await create({ simulationUniqueId: '00000000-0000-4000-8000-000000000000' })
      expect(res.status).toBe(404)
      expect(res.json.errors[0]).toMatchObject({ errorCode: '010401', errorField: 'simulationUniqueId' })
    })

    it("another broker's simulation with 404", async () => {
      const simulationUniqueId = await eligibleSimulation(s, s.tokens.b)
      const res = await create({ simulationUniqueId })
      expect(res.status).toBe(404)
      expect(res.text).not.toContain('Ana Sofia')
    })

    it('a simulation that is not eligible with 400 naming its status', async () => {
      const { id } = await createSimulation(s, simulationInput({ loanSimulator: { loanAmount: 245000 } }))
      const res = await create({ simulationUniqueId: id })
      expect(res.status).toBe(400)
      expect(res.json.errors[0]).toMatchObject({ errorCode: '010301', errorField: 'simulationUniqueId' })
      expect(res.json.errors[0].errorMessage).toContain('Não elegível')
    })

    it('a simulation that already has its process with 400', async () => {
      const { simulationUniqueId } = await draftProcess(s)
      const res = await create({ simulationUniqueId })
      expect(res.status).toBe(400)
      expect(res.json.errors[0]).toMatchObject({ errorCode: '010301', errorField: 'simulationUniqueId' })
    })

    it.each(['CANCELLED', 'EXPIRED'] as const)('a %s simulation with 400', async (code) => {
      const simulationUniqueId = await eligibleSimulation(s)
      forceStatus(s, simulationUniqueId, code)
      expect((await create({ simulationUniqueId })).status).toBe(400)
    })

    it.each([
      ['no body field', {}, '010101', 'simulationUniqueId'],
      ['a malformed id', { simulationUniqueId: 'abc' }, '010103', 'simulationUniqueId'],
      ['an unknown field', { simulationUniqueId: '00000000-0000-4000-8000-000000000000', simulationUniqueID: 'x' }, '010105', 'body'],
    ])('%s with 400', async (_, body, code, field) => {
      const res = await create(body)
      expect(res.status).toBe(400)
      expect(res.json.errors[0]).toMatchObject({ errorCode: code, errorField: field })
    })
  })
})
