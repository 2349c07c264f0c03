import { beforeEach, describe, expect, it } from 'vitest'
import { createSimulation } from '../simulations/simulation-fixtures.ts'
import { draftProcess, processPath } from '../processes/process-fixtures.ts'
import { createTestSandbox, PARTNER_A, PARTNER_B, type TestSandbox } from '../../support/test-app.ts'
import { runJobsAfter, scenarioHeader, submittedProcess } from '../sandbox-scenarios/support/scenario-journeys.ts'

let s: TestSandbox
beforeEach(async () => {
  s = await createTestSandbox()
})

const HOOK = { callbackUrl: 'https://partner.example.com/hooks' }
const count = (sql: string, ...args: unknown[]) =>
  s.db
    .prepare(sql)
    .pluck()
    .get(...args) as number

/** Partner A: two simulations (one with a bank message and an e-mail), a submitted process with pending jobs, callbacks. */
async function partnerAData() {
  await s.call('PUT', `/${PARTNER_A}/callbacks/5`, { body: HOOK })
  await s.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: HOOK })
  const { id } = await createSimulation(s)
  await s.call('POST', `/sandbox/simulations/${id}/message`, { body: { messageText: 'Olá' } })
  await s.call('GET', `/v1/simulations/${id}/esis/email?email=ana.martins@example.com`)
  const process = await submittedProcess(s, { headers: scenarioHeader('process-approved') })
  return { simulationUniqueId: id, processUniqueId: process.processUniqueId }
}

describe('POST /sandbox/reset', () => {
  it("deletes everything the caller's partner made and answers how much", async () => {
    const a = await partnerAData()
    const res = await s.call('POST', '/sandbox/reset', { headers: { 'Accept-Language': 'en' } })
    expect(res.status, res.text).toBe(200)
    expect(res.json).toEqual({
      operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operation completed successfully.' },
      additionalData: {
        partnerUniqueID: PARTNER_A,
        deleted: {
          simulations: 2,
          processes: 1,
          borrowers: 2,
          documents: 8,
          messages: 1,
          mailboxMessages: 1,
          notifications: expect.any(Number),
          callbackConfigurations: 2,
          jobs: 2,
          testClock: 0,
          journalEntries: expect.any(Number),
          certificationRuns: 0,
        },
      },
    })
    expect(res.json.additionalData.deleted.notifications).toBeGreaterThan(5)

    expect((await s.call('GET', '/v1/simulations')).json.totalRecords).toBe(0)
    expect((await s.call('GET', '/v1/processes')).json.totalRecords).toBe(0)
    expect((await s.call('GET', `/v1/simulations/${a.simulationUniqueId}`)).status).toBe(404)
    expect((await s.call('GET', processPath(a.processUniqueId))).status).toBe(404)
    expect((await s.call('GET', '/sandbox/deliveries')).json.totalRecords).toBe(0)
    expect((await s.call('GET', '/sandbox/mailbox')).json.totalRecords).toBe(0)
    expect((await s.call('GET', '/sandbox/jobs')).json.totalRecords).toBe(0)
    expect((await s.call('GET', `/${PARTNER_A}/callbacks`)).json).toEqual({ callbackList: [] })
    // Nothing is left behind the API either: the bytes of the documents, the search index, the pending jobs.
    expect(count('SELECT COUNT(*) FROM process_document_content')).toBe(0)
    expect(count('SELECT COUNT(*) FROM simulation_search')).toBe(0)
    expect(runJobsAfter(s, 60)).toBe(0)
  })

  it("leaves partner B's data and the seeds as they were, and partner A starts again from the seeds", async () => {
    await partnerAData()
    await s.call('PUT', `/${PARTNER_B}/callbacks/6`, { body: HOOK, token: s.tokens.b })
    const b = (await createSimulation(s, undefined, s.tokens.b)).id
    const bProcess = (await draftProcess(s, s.tokens.b)).processUniqueId
    await s.call('POST', `/sandbox/processes/${bProcess}/message`, { body: { messageText: 'Olá B' }, token: s.tokens.b })
    const bDeliveries = (await s.call('GET', '/sandbox/deliveries', { token: s.tokens.b })).json.totalRecords
    const taxonomyRows = count('SELECT COUNT(*) FROM taxonomy_item')
    const numberBefore = count("SELECT value FROM sequence_counter WHERE name = 'simulation_number'")

    expect((await s.call('POST', '/sandbox/reset')).status).toBe(200)

    expect((await s.call('GET', `/v1/simulations/${b}`, { token: s.tokens.b })).json.simulationDetail.simulationStatusId).toBe(1)
    expect((await s.call('GET', '/v1/simulations', { token: s.tokens.b })).json.totalRecords).toBe(2)
    expect((await s.call('GET', processPath(bProcess, '/message'), { token: s.tokens.b })).json.totalRecords).toBe(1)
    expect((await s.call('GET', '/sandbox/deliveries', { token: s.tokens.b })).json.totalRecords).toBe(bDeliveries)
    expect((await s.call('GET', `/${PARTNER_B}/callbacks`, { token: s.tokens.b })).status).toBe(200)
    expect(count('SELECT COUNT(*) FROM taxonomy_item')).toBe(taxonomyRows)
    expect(count('SELECT COUNT(*) FROM app_user WHERE broker_id = 1001')).toBe(2)

    expect((await s.login('broker-a2')).length).toBeGreaterThan(20)
    const again = await createSimulation(s)
    expect(again.res.json.additionalData.simulationNumber).toBe(String(numberBefore + 1))
    expect((await s.call('GET', '/v1/simulations')).json.totalRecords).toBe(1)
  })

  it('needs the token', async () => {
    expect((await s.call('POST', '/sandbox/reset', { token: null })).status).toBe(401)
  })
})
