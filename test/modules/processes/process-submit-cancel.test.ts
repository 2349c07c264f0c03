import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { borrowerIds, borrowerPath, completeProcess, draftProcess, notificationsOf, processPath } from './process-fixtures.ts'

let s: TestSandbox
beforeAll(async () => {
  s = await createTestSandbox()
})

const submit = (id: string) => s.call('POST', processPath(id, '/submit'))
const cancel = (id: string, body: unknown) => s.call('DELETE', processPath(id), { body })
const detailOf = async (id: string) => (await s.call('GET', processPath(id))).json
const fields = (res: { json: { errors: Array<{ errorField: string }> } }) => res.json.errors.map((e) => e.errorField)

describe('Process Submit', () => {
  it('moves a complete Draft process to Submitted, with history and notification 5', async () => {
    const { processUniqueId } = await draftProcess(s)
    await completeProcess(s, processUniqueId)
    const res = await submit(processUniqueId)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operação efetuada com sucesso.' },
      additionalData: { processUniqueID: processUniqueId, processStatusId: 2, processStatusDescription: 'Submetido' },
    })
    const detail = await detailOf(processUniqueId)
    expect(detail.processDetail).toMatchObject({ processStatusId: 2, phaseId: 2, submissionDate: expect.any(String) })
    expect(detail.statusHistory.map((h: { processStatusId: number; origin: string }) => [h.processStatusId, h.origin])).toEqual([
      [1, 'api'],
      [2, 'api'],
    ])
    expect(notificationsOf(s, 'process_unique_id', processUniqueId).at(-1)).toMatchObject({ type: 5, body: { data: { processStatusId: 2, previousProcessStatusId: 1 } } })
    const again = await submit(processUniqueId)
    expect(again.status).toBe(400)
    expect(again.json.errors[0].errorCode).toBe('010301')
  })

  it('refuses an incomplete process with one item per missing thing', async () => {
    const { processUniqueId } = await draftProcess(s)
    const res = await submit(processUniqueId)
    expect(res.status).toBe(400)
    expect(res.json.operationStatus.operationStatusCode).toBe('010100')
    expect(fields(res)).toEqual(
      expect.arrayContaining([
        'borrowers[0].personalData.socialSecurityNumber',
        'borrowers[0].personalData.identificationDocumentExpiredDate',
        'borrowers[0].professionalData.employmentSituationId',
        'borrowers[1].keyBorrowerRelationId',
        'borrowers[0].documents.documentTypeId=1',
        'borrowers[1].documents.documentTypeId=14',
        'documents.documentTypeId=21',
        'documents.documentTypeId=22',
        'property.matrixArticle',
        'property.landRegistryNumber',
      ]),
    )
    expect(fields(res)).not.toContain('borrowers[0].personalData.taxId')
    expect(res.json.errors.every((e: { errorCode: string }) => e.errorCode === '010101')).toBe(true)
    expect((await detailOf(processUniqueId)).processDetail.processStatusId).toBe(1)
  })

  it('names only what is still missing once the rest is complete', async () => {
    const { processUniqueId } = await draftProcess(s)
    await completeProcess(s, processUniqueId)
    const [key] = await borrowerIds(s, processUniqueId)
    await s.call('PUT', borrowerPath(processUniqueId, key), {
      body: { personalDataBorrowerRequest: { socialSecurityNumber: null }, professionalDataBorrowerRequest: { employerName: null } },
    })
    const document = (await detailOf(processUniqueId)).documents.find((d: { documentTypeID: number }) => d.documentTypeID === 21)
    await s.call('DELETE', processPath(processUniqueId, `/document/${document.documentUniqueID}`))
    const res = await submit(processUniqueId)
    expect(fields(res)).toEqual(['borrowers[0].personalData.socialSecurityNumber', 'borrowers[0].professionalData.employerName', 'documents.documentTypeId=21'])
  })

  it('refuses a borrower with a social security debt and a loan no longer eligible', async () => {
    const { processUniqueId } = await draftProcess(s)
    await completeProcess(s, processUniqueId)
    const [key, co] = await borrowerIds(s, processUniqueId)
    await s.call('PUT', borrowerPath(processUniqueId, key), { body: { financialDataBorrowerRequest: { hasSocialSecurityDebt: true, installmentPersonalCredit: 2500 } } })
    await s.call('DELETE', borrowerPath(processUniqueId, co))
    expect((await detailOf(processUniqueId)).processDetail).toMatchObject({ elegibility: false, nonElegibilityDescription: expect.stringContaining('DSTI') })
    const res = await submit(processUniqueId)
    expect(res.json.errors).toEqual([
      expect.objectContaining({ errorCode: '010110', errorField: 'borrowers[0].financialData.hasSocialSecurityDebt' }),
      expect.objectContaining({ errorCode: '010110', errorField: 'loanProcessRequest.loanAmount', errorMessage: expect.stringContaining('DSTI') }),
    ])
  })

  it('answers 404 for an unknown process', async () => {
    expect((await submit('00000000-0000-4000-8000-000000000000')).status).toBe(404)
  })
})

describe('Process Cancel', () => {
  it.each([
    ['Draft', null],
    ['Submitted', 2],
    ['In analysis', 3],
    ['Approved', 4],
  ])('cancels a process from %s with the reason and comments', async (_, statusId) => {
    const { processUniqueId } = await draftProcess(s)
    if (statusId) s.services.processes.changeStatus(1001, processUniqueId, statusId, 'scenario')
    const res = await s.call('DELETE', processPath(processUniqueId), { body: { proposalCancelReasonId: 1, cancelComments: 'Desistiram.' }, headers: { 'Accept-Language': 'en' } })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operation completed successfully.' } })
    const detail = await detailOf(processUniqueId)
    expect(detail.processDetail).toMatchObject({
      processStatusId: 7,
      cancelReasonId: 1,
      cancelReasonDescription: 'Desistência do cliente',
      cancelObservations: 'Desistiram.',
      phaseId: 6,
    })
    expect(detail.statusHistory.at(-1)).toMatchObject({ processStatusId: 7, previousProcessStatusId: statusId ?? 1, origin: 'api', userId: 5001 })
    expect(notificationsOf(s, 'process_unique_id', processUniqueId).at(-1)).toMatchObject({ type: 5, body: { data: { processStatusId: 7 } } })
  })

  it.each([
    ['Rejected', 5],
    ['Contracted', 6],
  ])('refuses to cancel a %s process (400, 010301)', async (_, statusId) => {
    const { processUniqueId } = await draftProcess(s)
    s.services.processes.changeStatus(1001, processUniqueId, statusId, 'scenario')
    const res = await cancel(processUniqueId, { proposalCancelReasonId: 1 })
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorCode: '010301', errorField: 'processUniqueId' })
  })

  it('refuses to cancel twice', async () => {
    const { processUniqueId } = await draftProcess(s)
    expect((await cancel(processUniqueId, { proposalCancelReasonId: 2 })).status).toBe(200)
    expect((await cancel(processUniqueId, { proposalCancelReasonId: 2 })).json.errors[0].errorCode).toBe('010301')
  })

  it.each([
    ['no reason', {}, '010101', 'proposalCancelReasonId'],
    ['an unknown reason', { proposalCancelReasonId: 99 }, '010106', 'proposalCancelReasonId'],
    ['a reason of the wrong type', { proposalCancelReasonId: 'client' }, '010102', 'proposalCancelReasonId'],
    ['comments too long', { proposalCancelReasonId: 1, cancelComments: 'x'.repeat(501) }, '010104', 'cancelComments'],
  ])('refuses %s with 400', async (_, body, code, field) => {
    const { processUniqueId } = await draftProcess(s)
    const res = await cancel(processUniqueId, body)
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorCode: code, errorField: field })
  })

  it('answers 404 for an unknown process', async () => {
    expect((await cancel('00000000-0000-4000-8000-000000000000', { proposalCancelReasonId: 1 })).status).toBe(404)
  })
})
