import { beforeEach, describe, expect, it } from 'vitest'
import { createSimulation, simulationInput } from '../simulations/simulation-fixtures.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { bankMessages, notificationsOf, registerCallbacks, runJobsAfter, scenarioHeader, simulationDetail, typesOf, withKeyBorrower } from './support/scenario-journeys.ts'

let s: TestSandbox
beforeEach(async () => {
  s = await createTestSandbox()
  await registerCallbacks(s, [6, 7, 8])
})

const simulationNotifications = (id: string) => notificationsOf(s, 'simulation_unique_id', id)

describe('simulation-not-eligible', () => {
  it('the magic key borrower "Teste Recusado" makes an eligible simulation Not eligible with the bank-policy reason, in create, detail and update', async () => {
    const { id, res } = await createSimulation(s, withKeyBorrower('Teste Recusado'))
    expect(res.headers.get('x-sandbox-scenario')).toBe('simulation-not-eligible')
    expect(res.json.additionalData).toMatchObject({ elegibility: false, nonElegibilityDescription: 'Decisão de política de crédito do banco.' })

    const detail = await simulationDetail(s, id, 'en')
    expect(detail.simulationDetail).toMatchObject({
      simulationStatusId: 2,
      simulationStatusDescription: 'Not eligible',
      origin: 'simulation-not-eligible',
      nonElegibilityDescription: 'Bank credit policy decision.',
    })
    expect(simulationNotifications(id)).toEqual([{ type: 6, body: expect.objectContaining({ data: { simulationStatusId: 2, simulationStatusDescription: 'Não elegível' } }) }])

    // The simulation keeps its scenario: an update without the magic name in its body stays not eligible.
    const updated = await s.call('PATCH', `/v1/simulations/${id}`, { body: { loanSimulator: { loanAmount: 150000 } }, headers: { 'Accept-Language': 'en' } })
    expect(updated.status).toBe(200)
    expect(updated.json.additionalData).toMatchObject({ elegibility: false, nonElegibilityDescription: 'Bank credit policy decision.' })
  })

  it('the header gives the reason in the language of Accept-Language, then the rules the engine found failing', async () => {
    const input = simulationInput({ loanSimulator: { loanAmount: 245000 } })
    const res = await s.call('POST', '/v1/simulations', { body: input, headers: { ...scenarioHeader('simulation-not-eligible'), 'Accept-Language': 'en' } })
    expect(res.status).toBe(201)
    expect(res.json.additionalData.nonElegibilityDescription).toMatch(/^Bank credit policy decision\. LTV of .+ is above the 90% limit/)
  })

  it('a simulation without the scenario is eligible and says nothing', async () => {
    const { id, res } = await createSimulation(s)
    expect(res.json.additionalData.elegibility).toBe(true)
    expect(res.json.additionalData).not.toHaveProperty('nonElegibilityDescription')
    const detail = (await simulationDetail(s, id)).simulationDetail
    expect(detail.origin).toBe('API')
    expect(detail).not.toHaveProperty('nonElegibilityDescription')
  })
})

describe('simulation-completed', () => {
  it('the simulation is Completed at once (notification 6 from the scenario), so update and cancel are refused', async () => {
    const res = await s.call('POST', '/v1/simulations', { body: simulationInput(), headers: scenarioHeader('simulation-completed') })
    expect(res.status).toBe(201)
    expect(res.json.additionalData.elegibility).toBe(true)
    const id = res.json.additionalData.simulationUniqueID
    const detail = (await simulationDetail(s, id)).simulationDetail
    expect(detail).toMatchObject({ simulationStatusId: 3, origin: 'simulation-completed' })
    expect(detail).not.toHaveProperty('processUniqueId')
    expect(simulationNotifications(id).map((n) => n.body.data)).toEqual([
      { simulationStatusId: 1, simulationStatusDescription: 'Simulada' },
      { simulationStatusId: 3, simulationStatusDescription: 'Concluída', previousSimulationStatusId: 1 },
    ])
    expect(s.services.simulations.statusHistory({ brokerId: 1001 }, id).map((h) => h.origin)).toEqual(['api', 'scenario'])

    const update = await s.call('PATCH', `/v1/simulations/${id}`, { body: { loanSimulator: { loanAmount: 150000 } } })
    expect(update.status).toBe(400)
    expect(update.json.errors[0].errorCode).toBe('010301')
    const cancel = await s.call('DELETE', `/v1/simulations/${id}`, { body: { simulationCancelReasonId: 1 } })
    expect(cancel.status).toBe(400)
    expect(cancel.json.errors[0].errorCode).toBe('010301')
  })

  it('the magic key borrower "Teste Concluido" does the same', async () => {
    const { id } = await createSimulation(s, withKeyBorrower('Teste Concluido'))
    expect((await simulationDetail(s, id)).simulationDetail.simulationStatusId).toBe(3)
  })

  it('leaves a not eligible simulation Not eligible: the workflow never completes one', async () => {
    const input = simulationInput({ loanSimulator: { loanAmount: 245000 } })
    const res = await s.call('POST', '/v1/simulations', { body: input, headers: scenarioHeader('simulation-completed') })
    expect(res.status).toBe(201)
    expect((await simulationDetail(s, res.json.additionalData.simulationUniqueID)).simulationDetail.simulationStatusId).toBe(2)
  })
})

describe('simulation-expired', () => {
  it('the magic key borrower "Teste Expirado" makes the simulation Expired at once, with notifications 6 and 8', async () => {
    const { id } = await createSimulation(s, withKeyBorrower('Teste Expirado'))
    expect((await simulationDetail(s, id)).simulationDetail).toMatchObject({ simulationStatusId: 5, simulationStatusDescription: 'Expirada' })
    expect(typesOf(simulationNotifications(id))).toEqual([6, 6, 8])
    expect(simulationNotifications(id)[2]!.body).toMatchObject({
      notificationType: 'SIMULATION_EXPIRED',
      partnerUniqueID: PARTNER_A,
      simulationUniqueId: id,
      data: { simulationStatusId: 5, previousSimulationStatusId: 1 },
    })
    const deliveries = (await s.call('GET', '/sandbox/deliveries?notificationTypeId=8')).json
    expect(deliveries.deliveryList).toEqual([expect.objectContaining({ simulationUniqueId: id, status: 'pending' })])
  })
})

describe('bank-message on a simulation', () => {
  it('the magic key borrower "Teste Mensagem" has the bank write on the simulation after 2 s (notification 7), in the partner language (pt-PT by default)', async () => {
    const res = await s.call('POST', '/v1/simulations', { body: withKeyBorrower('Teste Mensagem'), headers: { 'Accept-Language': 'en' } })
    const id = res.json.additionalData.simulationUniqueID
    expect(runJobsAfter(s, 1.9)).toBe(0)
    expect(await bankMessages(s, `/v1/simulations/${id}`)).toEqual([])
    expect(runJobsAfter(s, 0.1)).toBe(1)
    expect(await bankMessages(s, `/v1/simulations/${id}`)).toEqual(['Bom dia. Precisamos de confirmar os rendimentos do segundo titular. Obrigado.'])
    expect(simulationNotifications(id).at(-1)).toMatchObject({ type: 7, body: { data: { origin: 'BANK', messageText: expect.stringContaining('Bom dia') } } })
  })

  it('the header on Simulation Update schedules the message too', async () => {
    const { id } = await createSimulation(s)
    await s.call('PATCH', `/v1/simulations/${id}`, { body: { loanSimulator: { loanAmount: 190000 } }, headers: scenarioHeader('bank-message') })
    runJobsAfter(s, 2)
    expect(await bankMessages(s, `/v1/simulations/${id}`)).toHaveLength(1)
  })
})
