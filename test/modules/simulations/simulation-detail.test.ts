import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { isValidNif } from '../../../src/domain/identity-numbers.ts'
import { createTestSandbox, type TestSandbox } from '../../support/test-app.ts'
import { createSimulation, FIXED_RATE, MIXED_RATE, simulationInput, SINGLE_BORROWER, type InputOverrides } from './simulation-fixtures.ts'

let s: TestSandbox
beforeAll(async () => {
  s = await createTestSandbox()
})

const detailOf = async (id: string, lang = 'en') => (await s.call('GET', `/v1/simulations/${id}`, { headers: { 'Accept-Language': lang } })).json

/** French annuity, written again here so the test does not trust the engine. */
const annuity = (principal: number, tanPct: number, months: number) => {
  const i = tanPct / 1200
  return (principal * i) / (1 - (1 + i) ** -months)
}

/** Exact monthly interest of each instalment over consecutive rate periods. */
function interests(principal: number, periods: Array<{ months: number; tan: number }>) {
  const total = periods.reduce((n, p) => n + p.months, 0)
  const rows: Array<{ instalment: number; interest: number }> = []
  let balance = principal
  for (const { months, tan } of periods) {
    const instalment = annuity(balance, tan, total - rows.length)
    for (let m = 0; m < months; m++) {
      const interest = (balance * tan) / 1200
      balance -= instalment - interest
      rows.push({ instalment, interest })
    }
  }
  return rows
}

/** Annex I APRC by bisection: net drawdown at 0 against monthly payments at k/12 years. */
function aprc(drawdown: number, payments: number[]) {
  const gap = (x: number) => drawdown - payments.reduce((sum, p, k) => sum + p * (1 + x) ** (-(k + 1) / 12), 0)
  let low = 0
  let high = 1
  for (let n = 0; n < 100; n++) {
    const mid = (low + high) / 2
    if (gap(mid) < 0) low = mid
    else high = mid
  }
  return low * 100
}

const RECURRING = { LIFE_INSURANCE: 'life', PROPERTY_INSURANCE: 'property', STAMP_DUTY_INTEREST: 'interestTax' } as const

describe('Simulation Detail figures', () => {
  it.each<[string, InputOverrides]>([
    ['a variable rate for an own home', {}],
    ['a fixed rate to let (stamp duty on interest)', { loanSimulator: { ...FIXED_RATE, productPurposeId: 3, loanAmount: 180000 } }],
    ['a mixed rate', { loanSimulator: MIXED_RATE }],
    ['a single borrower on 25 years', { loanSimulator: { loanDurationMonths: 300 }, borrowersSimulator: SINGLE_BORROWER }],
  ])('add up for %s: instalment, TAEG and MTIC recomputed from the answer', async (_, overrides) => {
    const { id } = await createSimulation(s, simulationInput(overrides))
    const d = await detailOf(id)
    const loan = d.loanSimulationDetail
    const n = loan.loanDurationMonths
    const fixedMonths = loan.loanFixedPeriodMonths !== undefined && loan.loanVariablePeriodMonths !== undefined ? loan.loanFixedPeriodMonths : 0
    const periods =
      fixedMonths > 0
        ? [
            { months: fixedMonths, tan: loan.fixedTAN },
            { months: n - fixedMonths, tan: loan.variableTAN },
          ]
        : [{ months: n, tan: loan.tan }]
    const rows = interests(loan.loanAmount, periods)

    expect(loan.monthlyInstallmentAmount).toBeCloseTo(annuity(loan.loanAmount, loan.tan, n), 2)
    if (fixedMonths > 0) expect(loan.variableMonthlyInstallmentAmount).toBeCloseTo(rows[fixedMonths]!.instalment, 2)

    const codeOf = new Map(s.services.taxonomy.items('bank-charge-types').map((item) => [item.description.en, item.code]))
    const charges = d.bankCharges as Array<{ description: string; amount: number }>
    const recurring = charges.filter((c) => (codeOf.get(c.description) ?? '') in RECURRING)
    const upfront = charges.filter((c) => !recurring.includes(c))
    expect(upfront.map((c) => codeOf.get(c.description))).toEqual(['STUDY', 'VALUATION', 'FORMALISATION', 'REGISTRATION', 'STAMP_DUTY_LOAN', 'STAMP_DUTY_COMMISSIONS'])
    const taxed = recurring.some((c) => codeOf.get(c.description) === 'STAMP_DUTY_INTEREST')
    expect(taxed).toBe(loan.productPurposeId !== '1')

    const { lifeInsuranceMonthlyAmount: life, propertyInsuranceMonthlyAmount: property } = d.insuranceSimulationDetail
    expect(recurring.find((c) => codeOf.get(c.description) === 'LIFE_INSURANCE')!.amount).toBeCloseTo(life * n, 2)
    expect(recurring.find((c) => codeOf.get(c.description) === 'PROPERTY_INSURANCE')!.amount).toBeCloseTo(property * n, 2)

    const upfrontTotal = upfront.reduce((sum, c) => sum + c.amount, 0)
    const payments = rows.map((r) => r.instalment + life + property + (taxed ? r.interest * 0.04 : 0))
    expect(Math.abs(aprc(loan.loanAmount - upfrontTotal, payments) - loan.taeg)).toBeLessThan(0.002)

    const totalInterest = rows.reduce((sum, r) => sum + r.interest, 0)
    const mtic = loan.loanAmount + totalInterest + charges.reduce((sum, c) => sum + c.amount, 0)
    expect(Math.abs(mtic - loan.mtic)).toBeLessThan(0.05)
  })
})

describe('Simulation Detail', () => {
  it('answers the six sections with the document names and JSON types', async () => {
    const { id } = await createSimulation(s)
    const d = await detailOf(id, 'pt-PT')
    expect(Object.keys(d)).toEqual(['simulationDetail', 'borrowerSimulationDetail', 'propertySimulationDetail', 'loanSimulationDetail', 'insuranceSimulationDetail', 'bankCharges'])
    expect(d.simulationDetail).toMatchObject({
      simulationUniqueId: id,
      simulationNumber: expect.any(Number),
      origin: 'API',
      branchId: '311',
      branchDescription: 'Lisboa - Avenida da República',
      simulationStatusId: 1,
      simulationStatusDescription: 'Simulada',
    })
    for (const key of ['processUniqueId', 'processNumber', 'cancelReasonId', 'cancelReasonDescription', 'cancelObservations', 'nonElegibilityDescription']) {
      expect(d.simulationDetail, key).not.toHaveProperty(key)
    }
    expect(d.simulationDetail.creationDate).toBe(s.clock.now().toISOString())
    expect(d.loanSimulationDetail).toMatchObject({
      loanPurposeId: '1',
      productPurposeId: '1',
      loanPurposeDescription: 'Aquisição',
      indexTypeSubCategoryID: 2,
      indexTypeSubCategoryDescription: 'Taxa variável',
      indexType: 'Euribor a 6 meses',
      indexInterestRate: 2.14,
      loanToValue: 80,
      youthCredit: false,
    })
    expect(d.loanSimulationDetail).not.toHaveProperty('fixedTAN')
    expect(d.borrowerSimulationDetail).toMatchObject({
      numberOfborrowers: 2,
      keyBorrowerBirthDate: '1994-04-12T00:00:00.000Z',
      keyBorrowerInstallmentPersonalCredit: 150,
      keyBorrowerIncomeRents: 0,
      borrowerName: 'João Pedro Almeida',
      keyBorrowerHasSocialSecurityDebt: false,
    })
  })

  it('shows the fixed and variable parts of a mixed rate with their descriptions', async () => {
    const { id } = await createSimulation(s, simulationInput({ loanSimulator: MIXED_RATE }))
    const loan = (await detailOf(id)).loanSimulationDetail
    expect(loan).toMatchObject({
      indexTypeSubCategoryID: 3,
      indexTypeMixed: 'Mixed rate with 12-month Euribor',
      indexType: '12-month Euribor',
      fixedPeriod: '5-year fixed period',
      loanFixedPeriodMonths: 60,
      loanVariablePeriodMonths: 300,
      fixedBaseInterestRate: 2.1,
      variableBaseInterestRate: 2.25,
    })
    expect(loan.fixedTAN).toBe(loan.tan)
    expect(loan.fixedMonthlyInstallmentAmount).toBe(loan.monthlyInstallmentAmount)
  })

  it('leaves out the second borrower of a single borrower', async () => {
    const { id } = await createSimulation(s, simulationInput({ borrowersSimulator: SINGLE_BORROWER }))
    const b = (await detailOf(id)).borrowerSimulationDetail
    expect(b.numberOfborrowers).toBe(1)
    expect(b.keyBorrowerName).toEqual(expect.any(String))
    expect(Object.keys(b).filter((k) => k.startsWith('borrower') && k !== 'borrowersDependentsNumber')).toEqual([])
  })

  it('generates realistic fields, the same on every read and in the list', async () => {
    const { id } = await createSimulation(s)
    const first = await detailOf(id, 'pt-PT')
    const again = await detailOf(id, 'en')
    const b = first.borrowerSimulationDetail
    expect(isValidNif(b.keyBorrowerTaxId) && isValidNif(b.borrowerTaxId)).toBe(true)
    expect(b.keyBorrowerTaxId).not.toBe(b.borrowerTaxId)
    expect(s.services.taxonomy.has('employment-contract-types', b.keyBorrowerContractTypeID)).toBe(true)
    expect(b.borrowersDependentsNumber).toBeGreaterThanOrEqual(0)
    const p = first.propertySimulationDetail
    expect(s.services.taxonomy.get('property-typologies', p.typologyId)?.attributes.category).toMatch(/apartment|house/)
    expect(s.services.taxonomy.has('districts', p.districtId)).toBe(true)
    expect(p.grossBuiltArea).toBeGreaterThan(20)
    expect(again.borrowerSimulationDetail.keyBorrowerTaxId).toBe(b.keyBorrowerTaxId)
    expect(again.propertySimulationDetail.districtId).toBe(p.districtId)
    const list = await s.call('GET', '/v1/simulations?lineCount=100')
    const item = list.json.listSimulationDetail.find((i: { simulationUniqueID: string }) => i.simulationUniqueID === id)
    expect(item.keyBorrowerTaxID).toBe(b.keyBorrowerTaxId)
  })

  it('gives land to a land purchase', async () => {
    const { id } = await createSimulation(s, simulationInput({ loanSimulator: { loanPurposeId: 3, productPurposeId: 2, loanAmount: 150000 } }))
    const p = (await detailOf(id)).propertySimulationDetail
    expect(p.typologyDescription).toBe('Building land')
    expect(p).not.toHaveProperty('grossBuiltArea')
  })

  it.each([
    ['an unknown id', '00000000-0000-0000-0000-000000000000', 404, '010401'],
    ['an upper-case id of another version', 'ABCDEF01-2345-1789-8BCD-EF0123456789', 404, '010401'],
    ['a malformed id', 'not-a-uuid', 400, '010103'],
  ])('answers %s with %i', async (_, id, status, code) => {
    const res = await s.call('GET', `/v1/simulations/${id}`)
    expect(res.status).toBe(status)
    expect(res.json.errors[0]).toMatchObject({ errorCode: code, errorField: 'simulationUniqueId' })
  })
})

describe('Simulation Detail after a write (the rendered answer is kept between writes)', () => {
  // Its own sandbox per test: one of them resets the partner's data.
  let s: TestSandbox
  beforeEach(async () => {
    s = await createTestSandbox()
  })
  const detailOf = async (id: string, lang = 'pt-PT') => (await s.call('GET', `/v1/simulations/${id}`, { headers: { 'Accept-Language': lang } })).json

  it('shows an update, in every language read before it', async () => {
    const { id } = await createSimulation(s)
    await detailOf(id)
    await detailOf(id, 'en')
    expect((await s.call('PATCH', `/v1/simulations/${id}`, { body: { loanSimulator: { loanAmount: 150000 } } })).status).toBe(200)
    expect((await detailOf(id)).loanSimulationDetail.loanAmount).toBe(150000)
    expect((await detailOf(id, 'en')).loanSimulationDetail.loanAmount).toBe(150000)
  })

  it('shows a cancel with its reason', async () => {
    const { id } = await createSimulation(s)
    await detailOf(id)
    await s.call('DELETE', `/v1/simulations/${id}`, { body: { simulationCancelReasonId: 2, cancelComments: 'Outro banco.' } })
    expect((await detailOf(id)).simulationDetail).toMatchObject({ simulationStatusId: 4, cancelReasonId: 2, cancelObservations: 'Outro banco.' })
  })

  it('shows a status the sandbox control API forced', async () => {
    const { id } = await createSimulation(s)
    await detailOf(id)
    expect((await s.call('POST', `/sandbox/simulations/${id}/status`, { body: { simulationStatusId: 5 } })).status).toBe(200)
    expect((await detailOf(id)).simulationDetail.simulationStatusId).toBe(5)
  })

  it('is a 404 once a sandbox reset deleted the simulation', async () => {
    const { id } = await createSimulation(s)
    await detailOf(id)
    expect((await s.call('POST', '/sandbox/reset')).status).toBe(200)
    expect((await s.call('GET', `/v1/simulations/${id}`)).status).toBe(404)
  })

  it('answers a repeated read with the same body and headers as the first', async () => {
    const { id } = await createSimulation(s)
    const first = await s.call('GET', `/v1/simulations/${id}`, { headers: { 'Accept-Language': 'en' } })
    const again = await s.call('GET', `/v1/simulations/${id}`, { headers: { 'Accept-Language': 'en' } })
    expect(again.status).toBe(200)
    expect(again.text).toBe(first.text)
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'))
    expect(again.headers.get('content-language')).toBe('en')
  })

  it("stays a 404 for another broker's token after the owner read it", async () => {
    const { id } = await createSimulation(s)
    await detailOf(id)
    expect((await s.call('GET', `/v1/simulations/${id}`, { token: s.tokens.b })).status).toBe(404)
  })
})
