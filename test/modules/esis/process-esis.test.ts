import { wholePartner } from '../../../src/db/broker-scope.ts'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatMoney } from '../../../src/esis-pdf/format.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { extractPdfText, normalise } from '../../esis-pdf/pdf-text.ts'
import { borrowerIds, borrowerPath, completeKeyBorrower, draftProcess, processPath } from '../processes/process-fixtures.ts'

let s: TestSandbox
let processUniqueId: string
let processNumber: number
beforeAll(async () => {
  s = await createTestSandbox()
  ;({ processUniqueId, processNumber } = await draftProcess(s))
  await s.call('PUT', processPath(processUniqueId), { body: { loanProcessRequest: { loanAmount: 190000 } } })
})

const esis = async (id: string, lang: 'pt-PT' | 'en' = 'pt-PT') => {
  const res = await s.request(processPath(id, '/esis'), { headers: { Authorization: `Bearer ${s.tokens.a}`, 'Accept-Language': lang } })
  return { res, pdf: Buffer.from(await res.arrayBuffer()) }
}

describe('Process ESIS Get', () => {
  it.each(['pt-PT', 'en'] as const)("answers a PDF in %s with the process's figures, borrowers and broker", async (lang) => {
    const { res, pdf } = await esis(processUniqueId, lang)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${lang === 'en' ? 'ESIS-process' : 'FINE-processo'}-${processNumber}.pdf"`)
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = await extractPdfText(pdf)
    const loan = (await s.call('GET', processPath(processUniqueId), { headers: { 'Accept-Language': lang } })).json.loanProcessDetail
    expect(loan.loanAmount).toBe(190000)
    for (const amount of [loan.loanAmount, loan.monthlyInstallmentAmount, loan.mtic]) expect(text.all).toContain(normalise(formatMoney(amount, lang)))
    expect(text.all).toContain('Ana Sofia Martins')
    expect(text.all).toContain('João Pedro Almeida')
    expect(text.all).toContain('Casa Certa Intermediários de Crédito, Lda.')
    expect(text.info.Subject).toContain(String(processNumber))
  })

  it.each([
    ['Rejected', 5],
    ['Cancelled', 7],
  ])('is not issued for a %s process (400, 010301)', async (_, statusId) => {
    const { processUniqueId: id } = await draftProcess(s)
    s.services.processes.changeStatus(1001, id, statusId, 'scenario')
    const res = await s.call('GET', processPath(id, '/esis'))
    expect(res.status).toBe(400)
    expect(res.json.errors[0].errorCode).toBe('010301')
  })
})

describe('Process ESIS Email', () => {
  it('sends the PDF to the address given, captured in the partner mailbox', async () => {
    const res = await s.call('GET', processPath(processUniqueId, '/esis/email?email=cliente%40example.pt'), { headers: { 'Accept-Language': 'en' } })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operation completed successfully.' },
      additionalData: { emailUniqueID: expect.any(String), relayStatus: 'captured' },
    })
    const mail = s.services.mailbox.find(res.json.additionalData.emailUniqueID, wholePartner(PARTNER_A))!
    expect(mail).toMatchObject({ to: 'cliente@example.pt', subject: `ESIS - mortgage process no. ${processNumber}`, processUniqueId, simulationUniqueId: null })
    expect(mail.attachments).toEqual([{ filename: `ESIS-process-${processNumber}.pdf`, contentType: 'application/pdf', content: expect.any(Buffer) }])
    expect(mail.attachments[0]!.content.equals((await esis(processUniqueId, 'en')).pdf)).toBe(true)
  })

  it("sends it to the key borrower's e-mail when no address is given", async () => {
    const { processUniqueId: id } = await draftProcess(s)
    const [key] = await borrowerIds(s, id)
    await s.call('PUT', borrowerPath(id, key), { body: completeKeyBorrower(s) })
    const res = await s.call('GET', processPath(id, '/esis/email'))
    expect(res.status).toBe(200)
    expect(s.services.mailbox.find(res.json.additionalData.emailUniqueID, wholePartner(PARTNER_A))).toMatchObject({
      to: 'ana.martins@example.pt',
      subject: expect.stringContaining('FINE - processo'),
    })
  })

  it.each([
    ['no address anywhere', '', '010101'],
    ['a malformed address', '?email=ana', '010103'],
  ])('refuses %s (400)', async (_, query, code) => {
    const { processUniqueId: id } = await draftProcess(s)
    const res = await s.call('GET', processPath(id, `/esis/email${query}`))
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorCode: code, errorField: 'email' })
  })

  it.each(['/esis', '/esis/email?email=a%40b.pt'])('GET …%s answers 404 for an unknown process', async (rest) => {
    expect((await s.call('GET', processPath('00000000-0000-4000-8000-000000000000', rest))).status).toBe(404)
  })
})
