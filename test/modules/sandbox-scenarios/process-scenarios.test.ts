import { beforeEach, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import {
  bankMessages,
  notificationsOf,
  processDetail,
  processPath,
  registerCallbacks,
  runJobsAfter,
  scenarioHeader,
  submittedProcess,
  typesOf,
  withKeyBorrower,
} from './support/scenario-journeys.ts'

let s: TestSandbox
beforeEach(async () => {
  s = await createTestSandbox()
  await registerCallbacks(s, [2, 5, 7, 9])
})

/** The process's notifications after the ones it had when `since` was taken. */
const notificationsAfter = (processUniqueId: string, since: number) => notificationsOf(s, 'process_unique_id', processUniqueId).slice(since)
const countOf = (processUniqueId: string) => notificationsOf(s, 'process_unique_id', processUniqueId).length
const statusOf = async (processUniqueId: string) => (await processDetail(s, processUniqueId)).processDetail.processStatusId

describe('process-approved', () => {
  it('after Submit the bank moves the process to In analysis after 5 s, then Approved 30 s later, each with notification 5, the decision 9 and a bank message 7', async () => {
    const { processUniqueId: id } = await submittedProcess(s, { headers: scenarioHeader('process-approved') })
    const since = countOf(id)
    expect(runJobsAfter(s, 4.9)).toBe(0)
    expect(await statusOf(id)).toBe(2)
    expect(runJobsAfter(s, 0.1)).toBe(1)
    expect(await statusOf(id)).toBe(3)
    expect(runJobsAfter(s, 29.9)).toBe(0)
    expect(runJobsAfter(s, 0.1)).toBe(1)

    const detail = await processDetail(s, id)
    expect(detail.processDetail).toMatchObject({ processStatusId: 4, processStatusDescription: 'Aprovado' })
    expect(detail.processDetail).not.toHaveProperty('rejectReasonId')
    expect(detail.processDetail).not.toHaveProperty('rejectReasonDescription')
    expect(detail.statusHistory.slice(-2)).toEqual([
      { processStatusId: 3, processStatusDescription: 'Em análise', previousProcessStatusId: 2, statusDate: expect.any(String), origin: 'scenario' },
      { processStatusId: 4, processStatusDescription: 'Aprovado', previousProcessStatusId: 3, statusDate: expect.any(String), origin: 'scenario' },
    ])
    const after = notificationsAfter(id, since)
    expect(typesOf(after)).toEqual([5, 5, 9, 7])
    expect(after.map((n) => n.body.data)).toEqual([
      { processStatusId: 3, processStatusDescription: 'Em análise', previousProcessStatusId: 2 },
      { processStatusId: 4, processStatusDescription: 'Aprovado', previousProcessStatusId: 3 },
      { decision: 'APPROVED', processStatusId: 4, processStatusDescription: 'Aprovado' },
      expect.objectContaining({ origin: 'BANK', messageText: expect.stringContaining('aprovado') }),
    ])
    expect(await bankMessages(s, processPath(id))).toEqual(['O seu processo foi aprovado. Entraremos em contacto para agendar a escritura.'])
  })

  it('a journey started with the key borrower "Teste Aprovado" is driven at Submit without any header', async () => {
    const { processUniqueId: id, simulationUniqueId } = await submittedProcess(s, { input: withKeyBorrower('Teste Aprovado') })
    expect((await s.call('GET', `/v1/simulations/${simulationUniqueId}`)).json.simulationDetail.origin).toBe('process-approved')
    const jobs = (await s.call('GET', '/sandbox/jobs')).json
    expect(jobs.jobList.map((j: any) => [j.kind, j.status, j.scenario, j.payload.status])).toEqual([
      ['process-status', 'pending', 'process-approved', 'APPROVED'],
      ['process-status', 'pending', 'process-approved', 'IN_ANALYSIS'],
    ])
    runJobsAfter(s, 35)
    expect(await statusOf(id)).toBe(4)
  })

  it('SANDBOX_TIME_SCALE shortens every delay', async () => {
    s = await createTestSandbox({ timeScale: 0.01 })
    const { processUniqueId: id } = await submittedProcess(s, { headers: scenarioHeader('process-approved') })
    expect(runJobsAfter(s, 0.05)).toBe(1)
    expect(runJobsAfter(s, 0.3)).toBe(1)
    expect(await statusOf(id)).toBe(4)
  })

  it('skips, with the reason, the steps that no longer apply once the broker cancelled the process', async () => {
    const { processUniqueId: id } = await submittedProcess(s, { headers: scenarioHeader('process-approved') })
    runJobsAfter(s, 5)
    const cancel = await s.call('DELETE', processPath(id), { body: { proposalCancelReasonId: 1 } })
    expect(cancel.status).toBe(200)
    const since = countOf(id)
    runJobsAfter(s, 30)
    expect(await statusOf(id)).toBe(7)
    expect(notificationsAfter(id, since)).toEqual([])
    const [approved, inAnalysis] = (await s.call('GET', '/sandbox/jobs', { headers: { 'Accept-Language': 'en' } })).json.jobList
    expect(inAnalysis).toMatchObject({ status: 'done', outcome: expect.stringMatching(/from Submitted to In analysis/) })
    expect(approved).toMatchObject({
      status: 'skipped',
      outcome: expect.stringMatching(/Impossible transition from Cancelled \(7\) to Approved \(4\)\. Cancelled \(7\) is a final status/),
    })
  })
})

describe('process-rejected', () => {
  it('after Submit the process goes In analysis, then Rejected with reason 1 (DSTI too high) in its detail, notifications 5, 9 and 7', async () => {
    const { processUniqueId: id } = await submittedProcess(s, { input: withKeyBorrower('Teste Rejeitado') })
    const since = countOf(id)
    runJobsAfter(s, 5)
    runJobsAfter(s, 30)
    const detail = await (await s.call('GET', processPath(id), { headers: { 'Accept-Language': 'en' } })).json
    expect(detail.processDetail).toMatchObject({ processStatusId: 5, rejectReasonId: 1, rejectReasonDescription: 'Debt service-to-income ratio too high' })
    const after = notificationsAfter(id, since)
    expect(typesOf(after)).toEqual([5, 5, 9, 7])
    expect(after[2]!.body).toMatchObject({
      notificationType: 'PROCESS_DECISION',
      processUniqueId: id,
      data: { decision: 'REJECTED', processStatusId: 5, rejectReasonId: 1, rejectReasonDescription: 'Taxa de esforço excessiva' },
    })
  })
})

describe('process-contracted', () => {
  it('after Submit the process goes In analysis, Approved and Contracted', async () => {
    const { processUniqueId: id } = await submittedProcess(s, { headers: scenarioHeader('process-contracted') })
    const since = countOf(id)
    runJobsAfter(s, 5)
    runJobsAfter(s, 30)
    expect(await statusOf(id)).toBe(4)
    runJobsAfter(s, 60)
    expect(await statusOf(id)).toBe(6)
    expect(typesOf(notificationsAfter(id, since))).toEqual([5, 5, 9, 5, 7])
    expect(await bankMessages(s, processPath(id))).toEqual(['Escritura realizada. Parabéns pela nova casa!'])
  })
})

describe('document-requested', () => {
  it('2 s after Submit the bank asks for the bank statements: notification 2 with the document type, and its message (7)', async () => {
    const { processUniqueId: id } = await submittedProcess(s, { headers: { ...scenarioHeader('document-requested'), 'Accept-Language': 'en' } })
    const since = countOf(id)
    runJobsAfter(s, 2)
    const after = notificationsAfter(id, since)
    expect(typesOf(after)).toEqual([7, 2])
    const [message] = (await s.call('GET', processPath(id, '/message'))).json.listMessageDetail
    // The bank writes in the partner's language (pt-PT by default), whatever the request's.
    expect(message).toMatchObject({ origin: 'BANK', messageText: 'Por favor envie os extratos bancários dos últimos três meses.' })
    expect(after[1]!.body).toMatchObject({
      notificationType: 'DOCUMENT_REQUESTED',
      data: { documentTypeId: 15, documentTypeDescription: expect.any(String), messageUniqueId: message.messageUniqueID },
    })
    expect(await statusOf(id)).toBe(2)
  })

  it('the magic key borrower "Teste Documento" asks at Submit', async () => {
    const { processUniqueId: id } = await submittedProcess(s, { input: withKeyBorrower('Teste Documento') })
    runJobsAfter(s, 2)
    expect(typesOf(notificationsOf(s, 'process_unique_id', id)).at(-1)).toBe(2)
  })
})

describe('bank-message on a process', () => {
  it('the header on Submit has the bank write on the process after 2 s (notification 7)', async () => {
    const { processUniqueId: id } = await submittedProcess(s, { headers: scenarioHeader('bank-message') })
    const since = countOf(id)
    runJobsAfter(s, 2)
    expect(typesOf(notificationsAfter(id, since))).toEqual([7])
    expect(await bankMessages(s, processPath(id))).toEqual(['Bom dia. Precisamos de confirmar os rendimentos do segundo titular. Obrigado.'])
  })
})
