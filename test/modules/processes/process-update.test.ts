import { beforeAll, describe, expect, it } from 'vitest'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { draftProcess, processPath } from './process-fixtures.ts'

let s: TestSandbox
beforeAll(async () => {
  s = await createTestSandbox()
})

const update = (id: string, body: unknown) => s.call('PUT', processPath(id), { body })
const detailOf = async (id: string) => (await s.call('GET', processPath(id))).json
const fields = (res: { json: { errors: Array<{ errorField: string }> } }) => res.json.errors.map((e) => e.errorField)

describe('Process Update', () => {
  it('merges the loan fields given, prices the loan again and answers the envelope', async () => {
    const { processUniqueId, processNumber } = await draftProcess(s)
    const before = await detailOf(processUniqueId)
    const res = await update(processUniqueId, { loanProcessRequest: { loanAmount: 180000, loanDurationMonths: 300 } })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operação efetuada com sucesso.' },
      additionalData: { processUniqueID: processUniqueId, processNumber },
    })
    const after = await detailOf(processUniqueId)
    expect(after.loanProcessDetail).toMatchObject({ loanAmount: 180000, loanDurationMonths: 300, loanToValue: 72, indexTypeSubCategoryID: 2, hasCrossSelling: true })
    expect(after.loanProcessDetail.monthlyInstallmentAmount).not.toBe(before.loanProcessDetail.monthlyInstallmentAmount)
    expect((await s.call('GET', '/v1/processes')).json.listProcessDetail.find((p: { processUniqueID: string }) => p.processUniqueID === processUniqueId).loanAmount).toBe(180000)
  })

  it('switches the rate type when the fields of the old one are cleared with null', async () => {
    const { processUniqueId } = await draftProcess(s)
    const res = await update(processUniqueId, { loanProcessRequest: { interestRateTypeID: 1, indexTypeID: null, fixedPeriodID: 5 } })
    expect(res.status).toBe(200)
    const loan = (await detailOf(processUniqueId)).loanProcessDetail
    expect(loan.indexTypeSubCategoryID).toBe(1)
    expect(loan).not.toHaveProperty('indexType')
    expect(loan).not.toHaveProperty('variableTAN')
    expect(loan.fixedTAN).toBeGreaterThan(0)
  })

  describe('refuses with 400', () => {
    it("a loan no longer eligible, with one item per failed rule in the engine's words", async () => {
      const { processUniqueId } = await draftProcess(s)
      const res = await s.call('PUT', processPath(processUniqueId), {
        body: { loanProcessRequest: { loanAmount: 240000, loanDurationMonths: 480 } },
        headers: { 'Accept-Language': 'en' },
      })
      expect(res.status).toBe(400)
      expect(res.json.errors).toEqual(
        expect.arrayContaining([
          { errorCode: '010110', errorField: 'loanProcessRequest.loanAmount', errorMessage: expect.stringContaining('LTV') },
          { errorCode: '010110', errorField: 'loanProcessRequest.loanDurationMonths', errorMessage: expect.stringContaining('Term') },
        ]),
      )
      expect((await detailOf(processUniqueId)).loanProcessDetail.loanAmount).toBe(200000)
    })

    it.each([
      ['a missing group', {}, 'loanProcessRequest', '010101'],
      ['a wrong type', { loanProcessRequest: { loanAmount: 'much' } }, 'loanProcessRequest.loanAmount', '010102'],
      ['an amount out of range', { loanProcessRequest: { loanAmount: 10 } }, 'loanProcessRequest.loanAmount', '010104'],
      ['an unknown id', { loanProcessRequest: { productSchemeId: 99 } }, 'loanProcessRequest.productSchemeId', '010106'],
      ['a field the rate type does not use', { loanProcessRequest: { fixedPeriodID: 5 } }, 'loanProcessRequest.fixedPeriodID', '010108'],
      ['a misspelt field', { loanProcessRequest: { loanamount: 1 } }, 'loanProcessRequest.loanamount', '010108'],
      ['a field outside the group', { loanProcessRequest: {}, branchId: 1 }, 'branchId', '010108'],
      ['a purpose whose property values are missing', { loanProcessRequest: { loanPurposeId: 5 } }, 'property.landValue', '010101'],
    ])('%s', async (_, body, field, code) => {
      const { processUniqueId } = await draftProcess(s)
      const res = await update(processUniqueId, body)
      expect(res.status).toBe(400)
      expect(res.json.errors).toEqual(expect.arrayContaining([expect.objectContaining({ errorField: field, errorCode: code })]))
    })

    it('a process that is no longer in Draft (010301)', async () => {
      const { processUniqueId } = await draftProcess(s)
      s.services.processes.changeStatus(1001, processUniqueId, 2, 'sandbox')
      const res = await update(processUniqueId, { loanProcessRequest: { loanAmount: 180000 } })
      expect(res.status).toBe(400)
      expect(res.json.errors[0]).toMatchObject({ errorCode: '010301', errorField: 'processUniqueId' })
      expect(res.json.errors[0].errorMessage).toContain('Submetido')
    })
  })

  it('answers 404 for an unknown process', async () => {
    expect((await update('00000000-0000-4000-8000-000000000000', { loanProcessRequest: {} })).status).toBe(404)
  })

  it('lists every problem of the body at once', async () => {
    const { processUniqueId } = await draftProcess(s)
    const res = await update(processUniqueId, { loanProcessRequest: { loanAmount: 'x', productSchemeId: 99 } })
    expect(fields(res)).toEqual(expect.arrayContaining(['loanProcessRequest.loanAmount', 'loanProcessRequest.productSchemeId']))
  })

  it('refuses a body that is not JSON with 415 naming the Content-Type, and changes nothing', async () => {
    const { processUniqueId } = await draftProcess(s)
    const before = await detailOf(processUniqueId)
    const body = JSON.stringify({ loanProcessRequest: { loanAmount: 180000 } })
    const res = await s.call('PUT', processPath(processUniqueId), { body, headers: { 'Content-Type': 'text/plain' } })
    expect(res.status).toBe(415)
    expect(res.json.errors).toEqual([expect.objectContaining({ errorCode: '010602', errorField: 'Content-Type' })])
    expect((await detailOf(processUniqueId)).loanProcessDetail).toEqual(before.loanProcessDetail)
  })
})
