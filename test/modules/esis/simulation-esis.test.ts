import { wholePartner } from '../../../src/db/broker-scope.ts'
import { beforeAll, describe, expect, it } from 'vitest'
import { formatMoney, formatPercent } from '../../../src/esis-pdf/format.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { extractPdfText, normalise, type PdfText } from '../../esis-pdf/pdf-text.ts'
import { createSimulation, forceStatus, MIXED_RATE, simulationInput } from '../simulations/simulation-fixtures.ts'

let s: TestSandbox
let id: string
beforeAll(async () => {
  s = await createTestSandbox()
  id = (await createSimulation(s)).id
})

async function esis(simulationId: string, lang: 'pt-PT' | 'en') {
  const res = await s.request(`/v1/simulations/${simulationId}/esis`, { headers: { Authorization: `Bearer ${s.tokens.a}`, 'Accept-Language': lang } })
  return { res, pdf: Buffer.from(await res.arrayBuffer()) }
}

const detailOf = async (simulationId: string, lang: 'pt-PT' | 'en') => (await s.call('GET', `/v1/simulations/${simulationId}`, { headers: { 'Accept-Language': lang } })).json

describe('Simulation ESIS Get', () => {
  const texts = new Map<string, PdfText>()

  it.each(['pt-PT', 'en'] as const)('answers a PDF in %s with the figures of the detail', async (lang) => {
    const { res, pdf } = await esis(id, lang)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="(FINE-simulacao|ESIS-simulation)-\d+\.pdf"$/)
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = await extractPdfText(pdf)
    texts.set(lang, text)
    const loan = (await detailOf(id, lang)).loanSimulationDetail
    const money = (v: number) => normalise(formatMoney(v, lang))
    expect(text.all).toContain(lang === 'en' ? 'European Standardised Information Sheet (ESIS)' : 'Ficha de Informação Normalizada Europeia (FINE)')
    expect(text.all).toContain('Ana Sofia Martins')
    for (const amount of [loan.loanAmount, loan.monthlyInstallmentAmount, loan.mtic]) expect(text.all).toContain(money(amount))
    expect(text.all).toContain(normalise(formatPercent(loan.taeg, 1, lang)))
    expect(text.all).toContain(normalise(formatPercent(loan.tan, 3, lang)))
    expect(text.all).toContain(lang === 'en' ? '6-month Euribor' : 'Euribor a 6 meses')
  })

  it('holds the repayment table of the engine: one row per month, the first at the instalment', async () => {
    const text = texts.get('en')!
    const loan = (await detailOf(id, 'en')).loanSimulationDetail
    const firstRow = text.pages.flat().find((line) => line.startsWith('1 ') && line.includes(formatMoney(loan.monthlyInstallmentAmount, 'en')))
    expect(firstRow).toBeDefined()
    expect(text.pages.flat().some((line) => /^360 /.test(line) && line.endsWith(formatMoney(0, 'en')))).toBe(true)
  })

  it('shows the rate after the fixed period of a mixed rate', async () => {
    const mixed = (await createSimulation(s, simulationInput({ loanSimulator: MIXED_RATE }))).id
    const { pdf } = await esis(mixed, 'en')
    const loan = (await detailOf(mixed, 'en')).loanSimulationDetail
    const text = await extractPdfText(pdf)
    expect(text.all).toContain(normalise(formatMoney(loan.variableMonthlyInstallmentAmount, 'en')))
    expect(text.all).toContain(normalise(formatPercent(loan.variableTAN, 3, 'en')))
  })

  it.each([
    ['Not eligible', async () => (await createSimulation(s, simulationInput({ loanSimulator: { loanAmount: 245000 } }))).id],
    [
      'Cancelled',
      async () => {
        const created = (await createSimulation(s)).id
        forceStatus(s, created, 'CANCELLED')
        return created
      },
    ],
  ])('refuses an ESIS for a %s simulation', async (_, make) => {
    const res = await s.call('GET', `/v1/simulations/${await make()}/esis`)
    expect(res.status).toBe(400)
    expect(res.json.errors[0].errorCode).toBe('010301')
  })

  it('answers 404 for an unknown simulation', async () => {
    expect((await s.call('GET', '/v1/simulations/0c0c0c0c-0000-4000-8000-000000000000/esis')).status).toBe(404)
  })
})

describe('Simulation ESIS Email', () => {
  it('captures the e-mail with the PDF in the partner mailbox and answers the envelope', async () => {
    const res = await s.call('GET', `/v1/simulations/${id}/esis/email?email=ana.martins@example.com`, { headers: { 'Accept-Language': 'en' } })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operation completed successfully.' },
      additionalData: { emailUniqueID: expect.stringMatching(/^[0-9a-f-]{36}$/), relayStatus: 'captured' },
    })
    const mail = s.services.mailbox.find(res.json.additionalData.emailUniqueID, wholePartner(PARTNER_A))!
    expect(mail).toMatchObject({ to: 'ana.martins@example.com', simulationUniqueId: id, relayStatus: 'captured', relayError: null })
    expect(mail.subject).toMatch(/^ESIS - mortgage simulation no\. \d+$/)
    expect(mail.text).toContain('Dear Ana Sofia Martins')
    expect(mail.attachments).toHaveLength(1)
    expect(mail.attachments[0]).toMatchObject({ contentType: 'application/pdf', filename: expect.stringMatching(/^ESIS-simulation-\d+\.pdf$/) })
    expect(mail.attachments[0]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(s.services.mailbox.find(mail.mailboxMessageId, wholePartner('00000000-0000-4000-8000-000000000000'))).toBeUndefined()
  })

  it.each([
    ['without email', '', '010101'],
    ['with a malformed email', '?email=ana.example.com', '010103'],
  ])('refuses the request %s', async (_, query, code) => {
    const res = await s.call('GET', `/v1/simulations/${id}/esis/email${query}`)
    expect(res.status).toBe(400)
    expect(res.json.errors[0]).toMatchObject({ errorField: 'email', errorCode: code })
  })
})
