import { beforeAll, describe, expect, it, vi } from 'vitest'
import { SIMULATION_INPUT_EXAMPLE } from '../../../src/modules/simulations/simulation-input.schemas.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'
import { FIXED_RATE, MIXED_RATE, simulationInput, SINGLE_BORROWER, type InputOverrides } from './simulation-fixtures.ts'

let s: TestSandbox
beforeAll(async () => {
  s = await createTestSandbox()
})

const create = (body: unknown, headers: Record<string, string> = {}) => s.call('POST', '/v1/simulations', { body, headers })

describe('Simulation Create', () => {
  it('creates an eligible simulation: 201, the envelope and additionalData as the document spells them', async () => {
    const res = await create(SIMULATION_INPUT_EXAMPLE)
    expect(res.status).toBe(201)
    expect(res.json.operationStatus).toEqual({ operationStatusCode: '020101', operationStatusMessage: 'Operação efetuada com sucesso.' })
    expect(res.json.additionalData).toEqual({
      simulationUniqueID: expect.stringMatching(/^[0-9a-f-]{36}$/),
      simulationNumber: expect.stringMatching(/^\d+$/),
      elegibility: true,
    })
    expect(res.json.additionalData).not.toHaveProperty('nonElegibilityDescription')
  })

  it('numbers simulations sequentially, as strings in additionalData', async () => {
    const first = Number((await create(simulationInput())).json.additionalData.simulationNumber)
    const second = Number((await create(simulationInput())).json.additionalData.simulationNumber)
    expect(second).toBe(first + 1)
  })

  it('creates a non-eligible simulation naming every failed rule, in the language asked', async () => {
    const input = simulationInput({
      loanSimulator: { loanAmount: 245000 },
      borrowersSimulator: { ...SINGLE_BORROWER, keyBorrowerIncomeWagesPensions: 900 },
    })
    const pt = await create(input)
    expect(pt.status).toBe(201)
    expect(pt.json.additionalData.elegibility).toBe(false)
    expect(pt.json.additionalData.nonElegibilityDescription).toMatch(/LTV.*Taxa de esforço/s)
    const en = await create(input, { 'Accept-Language': 'en' })
    expect(en.json.additionalData.nonElegibilityDescription).toMatch(/LTV of 98.*limit.*Debt service-to-income/s)
    const detail = await s.call('GET', `/v1/simulations/${en.json.additionalData.simulationUniqueID}`)
    expect(detail.json.simulationDetail).toMatchObject({ simulationStatusId: 2, simulationStatusDescription: 'Não elegível' })
  })

  it('records the creation in the status history and publishes notification 6', async () => {
    const publish = vi.spyOn(s.services.callbacks.publisher, 'publish')
    const res = await create(simulationInput())
    const id = res.json.additionalData.simulationUniqueID
    expect(s.services.simulations.statusHistory({ brokerId: 1001 }, id)).toEqual([
      { statusId: 1, previousStatusId: null, changedAt: expect.any(Number), origin: 'api', userId: 5001 },
    ])
    expect(publish).toHaveBeenCalledWith({
      partnerUniqueID: PARTNER_A,
      brokerId: 1001,
      notificationTypeId: 6,
      simulationUniqueId: id,
      data: { simulationStatusId: 1, simulationStatusDescription: 'Simulada' },
    })
    publish.mockRestore()
  })

  it('creates nothing when the notification cannot be stored: one transaction', async () => {
    const count = () => s.db.prepare('SELECT COUNT(*) FROM simulation').pluck().get()
    const before = count()
    const publish = vi.spyOn(s.services.callbacks.publisher, 'publish').mockImplementationOnce(() => {
      throw new Error('outbox unavailable')
    })
    const res = await create(simulationInput())
    expect(res.status).toBe(500)
    expect(count()).toBe(before)
    publish.mockRestore()
  })

  it('treats null as absent (generated clients send nulls)', async () => {
    const res = await create(simulationInput({ loanSimulator: { indexTypeMixedID: null, fixedPeriodID: null, utilizationPeriod: null } }))
    expect(res.status).toBe(201)
  })

  it.each<[string, InputOverrides]>([
    ['a fixed rate', { loanSimulator: FIXED_RATE }],
    ['a mixed rate', { loanSimulator: MIXED_RATE }],
    [
      'a youth credit',
      { loanSimulator: { productSchemeId: 2, youthCredit: true, loanAmount: 250000 }, borrowersSimulator: { keyBorrowerBirthDate: '1996-03-01', borrowerBirthDate: '1997-07-20' } },
    ],
    [
      'a construction loan',
      {
        loanSimulator: { loanPurposeId: 2, utilizationPeriod: 18, loanAmount: 180000 },
        propertySimulator: { acquisitionAmount: undefined, evaluationEstimatedAmount: undefined, landValue: 80000, worksCost: 170000, estimatedValueAfterWorks: 280000 },
      },
    ],
    ['a transfer without acquisition amount', { loanSimulator: { loanPurposeId: 6, loanAmount: 150000 }, propertySimulator: { acquisitionAmount: undefined } }],
    ['a bank property at 100% LTV', { loanSimulator: { productSchemeId: 3, loanAmount: 250000 } }],
  ])('creates an eligible simulation with %s', async (_, overrides) => {
    const res = await create(simulationInput(overrides), { 'Accept-Language': 'en' })
    expect(res.status, res.text).toBe(201)
    expect(res.json.additionalData.elegibility).toBe(true)
    expect(res.json.additionalData).not.toHaveProperty('nonElegibilityDescription')
  })
})

describe('Simulation Create validation', () => {
  const problem = (errorField: string, errorCode: string) => expect.objectContaining({ errorField, errorCode })

  it.each([
    ['loanSimulator', { borrowersSimulator: SIMULATION_INPUT_EXAMPLE.borrowersSimulator, propertySimulator: SIMULATION_INPUT_EXAMPLE.propertySimulator }],
    ['borrowersSimulator', { loanSimulator: SIMULATION_INPUT_EXAMPLE.loanSimulator, propertySimulator: SIMULATION_INPUT_EXAMPLE.propertySimulator }],
    ['propertySimulator', { loanSimulator: SIMULATION_INPUT_EXAMPLE.loanSimulator, borrowersSimulator: SIMULATION_INPUT_EXAMPLE.borrowersSimulator }],
  ])('refuses a body without %s with 010101', async (group, body) => {
    const res = await create(body)
    expect(res.status).toBe(400)
    expect(res.json.errors).toEqual([{ errorCode: '010101', errorField: group, errorMessage: `Campo obrigatório em falta: ${group}.` }])
  })

  it('refuses a group that is not an object with 010102', async () => {
    const res = await create({ ...SIMULATION_INPUT_EXAMPLE, loanSimulator: 'fixed' })
    expect(res.json.errors).toEqual([expect.objectContaining({ errorField: 'loanSimulator', errorCode: '010102' })])
  })

  it('names every missing group of an empty body', async () => {
    const res = await create({})
    expect(res.json.errors.map((e: { errorField: string }) => e.errorField)).toEqual(['loanSimulator', 'borrowersSimulator', 'propertySimulator'])
  })

  it.each<[string, InputOverrides, string, string]>([
    ['a missing loan amount', { loanSimulator: { loanAmount: undefined } }, 'loanSimulator.loanAmount', '010101'],
    ['a missing birth date', { borrowersSimulator: { keyBorrowerBirthDate: undefined } }, 'borrowersSimulator.keyBorrowerBirthDate', '010101'],
    ['a loan amount as a string', { loanSimulator: { loanAmount: '200000' } }, 'loanSimulator.loanAmount', '010102'],
    ['a fractional term', { loanSimulator: { loanDurationMonths: 360.5 } }, 'loanSimulator.loanDurationMonths', '010102'],
    ['hasCrossSelling as a string', { loanSimulator: { hasCrossSelling: 'yes' } }, 'loanSimulator.hasCrossSelling', '010102'],
    ['an income as a string', { borrowersSimulator: { keyBorrowerIncomeWagesPensions: '2600' } }, 'borrowersSimulator.keyBorrowerIncomeWagesPensions', '010102'],
    ['a negative income', { borrowersSimulator: { keyBorrowerIncomeRents: -1 } }, 'borrowersSimulator.keyBorrowerIncomeRents', '010104'],
    ['a loan amount of 0', { loanSimulator: { loanAmount: 0 } }, 'loanSimulator.loanAmount', '010104'],
    ['a term of 600 months', { loanSimulator: { loanDurationMonths: 600 } }, 'loanSimulator.loanDurationMonths', '010104'],
    ['three borrowers', { borrowersSimulator: { numberOfborrowers: 3 } }, 'borrowersSimulator.numberOfborrowers', '010104'],
    ['an impossible birth date', { borrowersSimulator: { keyBorrowerBirthDate: '1990-02-30' } }, 'borrowersSimulator.keyBorrowerBirthDate', '010103'],
    ['a birth date in another format', { borrowersSimulator: { keyBorrowerBirthDate: '12/04/1990' } }, 'borrowersSimulator.keyBorrowerBirthDate', '010103'],
    ['a birth date in the future', { borrowersSimulator: { borrowerBirthDate: '2999-01-01' } }, 'borrowersSimulator.borrowerBirthDate', '010104'],
    ['a birth date before 1900', { borrowersSimulator: { borrowerBirthDate: '1899-12-31' } }, 'borrowersSimulator.borrowerBirthDate', '010104'],
    ['an unknown product scheme', { loanSimulator: { productSchemeId: 99 } }, 'loanSimulator.productSchemeId', '010106'],
    ['an unknown loan purpose', { loanSimulator: { loanPurposeId: 99 } }, 'loanSimulator.loanPurposeId', '010106'],
    ['an unknown product purpose', { loanSimulator: { productPurposeId: 99 } }, 'loanSimulator.productPurposeId', '010106'],
    ['an unknown rate type', { loanSimulator: { interestRateTypeID: 9 } }, 'loanSimulator.interestRateTypeID', '010106'],
    ['an unknown index', { loanSimulator: { indexTypeID: 9 } }, 'loanSimulator.indexTypeID', '010106'],
    ['a misspelt field', { borrowersSimulator: { numberOfBorrowers: 2 } }, 'borrowersSimulator.numberOfBorrowers', '010108'],
    ['a scheme that does not take the purposes', { loanSimulator: { productSchemeId: 4, productPurposeId: 3 } }, 'loanSimulator.productSchemeId', '010107'],
    ['youth credit on the general scheme', { loanSimulator: { youthCredit: true } }, 'loanSimulator.youthCredit', '010107'],
    ['the youth scheme without youth credit', { loanSimulator: { productSchemeId: 2 } }, 'loanSimulator.youthCredit', '010107'],
    ['a drawdown period on a purchase', { loanSimulator: { utilizationPeriod: 12 } }, 'loanSimulator.utilizationPeriod', '010108'],
    ['a second borrower field with one borrower', { borrowersSimulator: { numberOfborrowers: 1 } }, 'borrowersSimulator.borrowerName', '010108'],
    ['two borrowers without the second name', { borrowersSimulator: { borrowerName: undefined } }, 'borrowersSimulator.borrowerName', '010101'],
    ['two borrowers without the second birth date', { borrowersSimulator: { borrowerBirthDate: undefined } }, 'borrowersSimulator.borrowerBirthDate', '010101'],
    ['a purchase without acquisition amount', { propertySimulator: { acquisitionAmount: undefined } }, 'propertySimulator.acquisitionAmount', '010101'],
    ['a purchase with an evaluation of 0', { propertySimulator: { evaluationEstimatedAmount: 0 } }, 'propertySimulator.evaluationEstimatedAmount', '010104'],
    ['works costs on a purchase', { propertySimulator: { worksCost: 20000 } }, 'propertySimulator.worksCost', '010108'],
    [
      'a construction loan without value after works',
      { loanSimulator: { loanPurposeId: 2 }, propertySimulator: { landValue: 80000, worksCost: 150000 } },
      'propertySimulator.estimatedValueAfterWorks',
      '010101',
    ],
  ])('refuses %s', async (_, overrides, field, code) => {
    const res = await create(simulationInput(overrides))
    expect(res.status).toBe(400)
    expect(res.json.operationStatus.operationStatusCode).toBe('010100')
    expect(res.json.errors).toContainEqual(problem(field, code))
  })

  describe('rate types', () => {
    it.each<[string, Record<string, unknown>, string, string]>([
      ['fixed without fixedPeriodID', { interestRateTypeID: 1, indexTypeID: undefined }, 'loanSimulator.fixedPeriodID', '010101'],
      ['fixed with indexTypeID', { interestRateTypeID: 1, fixedPeriodID: 5 }, 'loanSimulator.indexTypeID', '010108'],
      ['fixed with indexTypeMixedID', { ...FIXED_RATE, indexTypeMixedID: 1 }, 'loanSimulator.indexTypeMixedID', '010108'],
      ['fixed with an unknown fixed period', { ...FIXED_RATE, fixedPeriodID: 99 }, 'loanSimulator.fixedPeriodID', '010106'],
      ['fixed for 10 years on a 30-year loan', { ...FIXED_RATE, fixedPeriodID: 1 }, 'loanSimulator.fixedPeriodID', '010107'],
      ['variable without indexTypeID', { indexTypeID: undefined }, 'loanSimulator.indexTypeID', '010101'],
      ['variable with fixedPeriodID', { fixedPeriodID: 3 }, 'loanSimulator.fixedPeriodID', '010108'],
      ['variable with indexTypeMixedID', { indexTypeMixedID: 1 }, 'loanSimulator.indexTypeMixedID', '010108'],
      ['mixed without indexTypeMixedID', { ...MIXED_RATE, indexTypeMixedID: undefined }, 'loanSimulator.indexTypeMixedID', '010101'],
      ['mixed without fixedPeriodID', { ...MIXED_RATE, fixedPeriodID: undefined }, 'loanSimulator.fixedPeriodID', '010101'],
      ['mixed with indexTypeID', { ...MIXED_RATE, indexTypeID: 2 }, 'loanSimulator.indexTypeID', '010108'],
      ['mixed with an unknown mixed index', { ...MIXED_RATE, indexTypeMixedID: 9 }, 'loanSimulator.indexTypeMixedID', '010106'],
      ['mixed with a fixed period as long as the loan', { ...MIXED_RATE, fixedPeriodID: 7, loanDurationMonths: 240 }, 'loanSimulator.fixedPeriodID', '010107'],
    ])('refuses %s', async (_, loanSimulator, field, code) => {
      const res = await create(simulationInput({ loanSimulator }))
      expect(res.status).toBe(400)
      expect(res.json.errors).toContainEqual(problem(field, code))
    })

    it('explains the rule in the language asked', async () => {
      const res = await create(simulationInput({ loanSimulator: { fixedPeriodID: 3 } }), { 'Accept-Language': 'en' })
      expect(res.json.errors).toEqual([
        { errorCode: '010108', errorField: 'loanSimulator.fixedPeriodID', errorMessage: 'Field loanSimulator.fixedPeriodID does not apply: it is not used by a variable rate.' },
      ])
    })
  })

  it('reports every problem of the body at once, types and rules alike', async () => {
    const res = await create(simulationInput({ loanSimulator: { loanAmount: 'lots', productSchemeId: 99, fixedPeriodID: 1 }, borrowersSimulator: { numberOfborrowers: 1 } }))
    const fields = res.json.errors.map((e: { errorField: string }) => e.errorField)
    expect(fields).toEqual(expect.arrayContaining(['loanSimulator.loanAmount', 'loanSimulator.productSchemeId', 'loanSimulator.fixedPeriodID', 'borrowersSimulator.borrowerName']))
  })

  it('refuses malformed JSON and a body of another type', async () => {
    expect((await create('{"loanSimulator":')).json.errors[0].errorCode).toBe('010109')
    const res = await create([1, 2])
    expect(res.status).toBe(400)
    expect(res.json.errors).toContainEqual(problem('body', '010102'))
  })
})

describe('Simulation Validate', () => {
  it.each<[string, unknown]>([
    ['an empty body', {}],
    ['wrong types and rules together', simulationInput({ loanSimulator: { loanAmount: '1', fixedPeriodID: 2 }, borrowersSimulator: { numberOfborrowers: 1 } })],
    ['an invalid combination', simulationInput({ loanSimulator: { productSchemeId: 3, loanPurposeId: 8 } })],
    ['a misspelt group', { ...SIMULATION_INPUT_EXAMPLE, propertySimulater: {} }],
  ])('answers 200 with exactly the problems Create answers for %s', async (_, body) => {
    const validate = await s.call('POST', '/v1/simulations/validate', { body, headers: { 'Accept-Language': 'en' } })
    const created = await create(body, { 'Accept-Language': 'en' })
    expect(validate.status).toBe(200)
    expect(created.status).toBe(400)
    expect(validate.json.errors.length).toBeGreaterThan(0)
    expect(validate.json).toEqual({ errors: created.json.errors })
  })

  it('answers an empty errors array for valid data and creates nothing', async () => {
    const count = () => s.db.prepare('SELECT COUNT(*) FROM simulation').pluck().get()
    const before = count()
    const res = await s.call('POST', '/v1/simulations/validate', { body: simulationInput({ loanSimulator: FIXED_RATE }) })
    expect(res.json).toEqual({ errors: [] })
    expect(count()).toBe(before)
  })

  it('does not assess eligibility: a non-eligible simulation is valid', async () => {
    const res = await s.call('POST', '/v1/simulations/validate', { body: simulationInput({ loanSimulator: { loanAmount: 249000 } }) })
    expect(res.json).toEqual({ errors: [] })
  })
})

describe('the media type of a simulation input', () => {
  const body = JSON.stringify(SIMULATION_INPUT_EXAMPLE)
  const send = (method: string, path: string, headers: Record<string, string>) => s.request(path, { method, headers: { Authorization: `Bearer ${s.tokens.a}`, ...headers }, body })

  it.each([
    ['POST', '/v1/simulations'],
    ['POST', '/v1/simulations/validate'],
    ['PATCH', '/v1/simulations/00000000-0000-4000-8000-000000000000'],
  ])('%s %s refuses another Content-Type with 415 naming it', async (method, path) => {
    const res = await send(method, path, { 'Content-Type': 'text/plain' })
    expect(res.status).toBe(415)
    expect(((await res.json()) as { errors: unknown[] }).errors[0]).toMatchObject({ errorCode: '010602', errorField: 'Content-Type' })
  })

  it('refuses a body sent without a Content-Type with 415', async () => {
    expect((await send('POST', '/v1/simulations', {})).status).toBe(415)
  })

  it('reports the three groups missing when nothing is sent', async () => {
    const res = await s.request('/v1/simulations', { method: 'POST', headers: { Authorization: `Bearer ${s.tokens.a}` } })
    expect(res.status).toBe(400)
    const errors = ((await res.json()) as { errors: { errorCode: string; errorField: string }[] }).errors
    expect(errors.map((e) => [e.errorCode, e.errorField])).toEqual([
      ['010101', 'loanSimulator'],
      ['010101', 'borrowersSimulator'],
      ['010101', 'propertySimulator'],
    ])
  })

  it('refuses a body of another type before checking the path: it is never read (415)', async () => {
    const res = await send('PATCH', '/v1/simulations/not-a-uuid', { 'Content-Type': 'text/plain' })
    expect(res.status).toBe(415)
  })

  it.each(['application/json; charset=utf-8', 'application/vnd.partner+json'])('accepts %s', async (contentType) => {
    expect((await send('POST', '/v1/simulations', { 'Content-Type': contentType })).status).toBe(201)
  })
})
