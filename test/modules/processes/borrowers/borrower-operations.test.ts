import { beforeAll, describe, expect, it } from 'vitest'
import { BORROWER_REQUEST_EXAMPLE } from '../../../../src/modules/processes/borrowers/borrower-request.schemas.ts'
import { createTestSandbox, type TestSandbox } from '../../../support/test-app.ts'
import { borrowerIds, borrowerPath, draftProcess, processPath, upload, PDF, yearsFromNow } from '../process-fixtures.ts'

let s: TestSandbox
beforeAll(async () => {
  s = await createTestSandbox()
})

type Loose = Record<string, unknown>
const example = BORROWER_REQUEST_EXAMPLE
/** The example co-borrower with fields of its groups replaced (undefined removes one). */
function borrower(overrides: { top?: Loose; personal?: Loose; financial?: Loose; professional?: Loose } = {}) {
  const merge = (base: Loose, patch: Loose = {}) => {
    const out: Loose = { ...base, ...patch }
    for (const [k, v] of Object.entries(patch)) if (v === undefined) delete out[k]
    return out
  }
  return merge(
    {
      ...example,
      personalDataBorrowerRequest: merge(example.personalDataBorrowerRequest, overrides.personal),
      financialDataBorrowerRequest: merge(example.financialDataBorrowerRequest, overrides.financial),
      professionalDataBorrowerRequest: merge(example.professionalDataBorrowerRequest, overrides.professional),
    },
    overrides.top,
  )
}

/** A Draft process with only its key borrower, and that borrower's id. */
async function singleBorrowerProcess() {
  const { processUniqueId } = await draftProcess(s)
  const [key, co] = await borrowerIds(s, processUniqueId)
  await s.call('DELETE', borrowerPath(processUniqueId, co))
  return { processUniqueId, key: key! }
}

const errorsOf = (res: { json: { errors: Array<{ errorCode: string; errorField: string }> } }) => res.json.errors.map((e) => [e.errorCode, e.errorField])

describe('Borrower Create', () => {
  it('adds a co-borrower, answers its id and attributes it to the acting user', async () => {
    const { processUniqueId } = await singleBorrowerProcess()
    const res = await s.call('POST', borrowerPath(processUniqueId), { body: example, token: s.tokens.a2 })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({
      operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operação efetuada com sucesso.' },
      additionalData: { borrowerUniqueID: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    })
    const row = s.db
      .prepare('SELECT created_by_user_id AS c, updated_by_user_id AS u FROM process_borrower WHERE borrower_unique_id = ?')
      .get(res.json.additionalData.borrowerUniqueID)
    expect(row).toEqual({ c: 5002, u: 5002 })
    expect(await borrowerIds(s, processUniqueId)).toHaveLength(2)
  })

  it('re-runs the loan evaluation with the new borrower', async () => {
    const { processUniqueId } = await singleBorrowerProcess()
    const before = (await s.call('GET', processPath(processUniqueId))).json.insuranceProcessDetail.lifeInsuranceMonthlyAmount
    await s.call('POST', borrowerPath(processUniqueId), { body: example })
    const after = (await s.call('GET', processPath(processUniqueId))).json.insuranceProcessDetail.lifeInsuranceMonthlyAmount
    expect(after).toBeGreaterThan(before)
  })

  const today = () => s.clock.now().toISOString().slice(0, 10)
  it.each<[string, () => Parameters<typeof borrower>[0], string, string]>([
    ['a NIF with a wrong check digit', () => ({ personal: { taxId: '251973108' } }), '010103', 'personalDataBorrowerRequest.taxId'],
    ['a NIF of 8 digits', () => ({ personal: { taxId: '25197310' } }), '010103', 'personalDataBorrowerRequest.taxId'],
    ['the NIF of a company', () => ({ personal: { taxId: '500000000' } }), '010110', 'personalDataBorrowerRequest.taxId'],
    ['a NISS with a wrong check digit', () => ({ personal: { socialSecurityNumber: '11234567893' } }), '010103', 'personalDataBorrowerRequest.socialSecurityNumber'],
    ['a NISS of 10 digits', () => ({ personal: { socialSecurityNumber: '1123456789' } }), '010103', 'personalDataBorrowerRequest.socialSecurityNumber'],
    ['an employer NIF with a wrong check digit', () => ({ professional: { employerTaxId: '500000001' } }), '010103', 'professionalDataBorrowerRequest.employerTaxId'],
    [
      'an identification document that expires today',
      () => ({ personal: { identificationDocumentExpiredDate: today() } }),
      '010104',
      'personalDataBorrowerRequest.identificationDocumentExpiredDate',
    ],
    [
      'an identification document already expired',
      () => ({ personal: { identificationDocumentExpiredDate: yearsFromNow(s, -1) } }),
      '010104',
      'personalDataBorrowerRequest.identificationDocumentExpiredDate',
    ],
    ['a citizen card check digit that does not match', () => ({ personal: { checkDigit: '3ZZ5' } }), '010103', 'personalDataBorrowerRequest.checkDigit'],
    [
      'a citizen card number that is not 8 digits',
      () => ({ personal: { identificationDocumentNumber: 'AB12345' } }),
      '010103',
      'personalDataBorrowerRequest.identificationDocumentNumber',
    ],
    ['a minor', () => ({ personal: { birthDate: yearsFromNow(s, -17) } }), '010104', 'personalDataBorrowerRequest.birthDate'],
    ['an unknown gender', () => ({ personal: { genderId: 9 } }), '010106', 'personalDataBorrowerRequest.genderId'],
    ['an unknown nationality', () => ({ personal: { nationalityId: 999 } }), '010106', 'personalDataBorrowerRequest.nationalityId'],
    ['an unknown identification document type', () => ({ personal: { identificationDocumentTypeId: 99 } }), '010106', 'personalDataBorrowerRequest.identificationDocumentTypeId'],
    ['an unknown marital status', () => ({ personal: { maritalStatusId: 99 } }), '010106', 'personalDataBorrowerRequest.maritalStatusId'],
    ['an unknown residence type', () => ({ personal: { residenceTypeId: 99 } }), '010106', 'personalDataBorrowerRequest.residenceTypeId'],
    ['an unknown academic level', () => ({ personal: { academicLevelId: 99 } }), '010106', 'personalDataBorrowerRequest.academicLevelId'],
    ['an unknown country', () => ({ personal: { countryId: 1 } }), '010106', 'personalDataBorrowerRequest.countryId'],
    ['an unknown profession', () => ({ professional: { employmentProfessionId: 999 } }), '010106', 'professionalDataBorrowerRequest.employmentProfessionId'],
    ['an unknown employment situation', () => ({ professional: { employmentSituationId: 99 } }), '010106', 'professionalDataBorrowerRequest.employmentSituationId'],
    [
      'an unknown department position',
      () => ({ professional: { employmentPositionDepartmentID: 99 } }),
      '010106',
      'professionalDataBorrowerRequest.employmentPositionDepartmentID',
    ],
    ['an unknown contract type', () => ({ professional: { employmentContractTypeId: 99 } }), '010106', 'professionalDataBorrowerRequest.employmentContractTypeId'],
    ['an unknown relation', () => ({ top: { keyBorrowerRelationId: 99 } }), '010106', 'keyBorrowerRelationId'],
    ['a second key borrower', () => ({ top: { borrowerTypeId: 1, keyBorrowerRelationId: undefined } }), '010107', 'borrowerTypeId'],
    ['a borrower type that is not a borrower (guarantor)', () => ({ top: { borrowerTypeId: 3 } }), '010108', 'borrowerTypeId'],
    ['an unknown borrower type', () => ({ top: { borrowerTypeId: 99 } }), '010106', 'borrowerTypeId'],
    ['no borrower type', () => ({ top: { borrowerTypeId: undefined } }), '010101', 'borrowerTypeId'],
    ['no personal data', () => ({ top: { personalDataBorrowerRequest: undefined } }), '010101', 'personalDataBorrowerRequest'],
    ['no financial data', () => ({ top: { financialDataBorrowerRequest: undefined } }), '010101', 'financialDataBorrowerRequest'],
    ['no name', () => ({ personal: { name: undefined } }), '010101', 'personalDataBorrowerRequest.name'],
    ['no NIF', () => ({ personal: { taxId: undefined } }), '010101', 'personalDataBorrowerRequest.taxId'],
    ['no social security debt answer', () => ({ financial: { hasSocialSecurityDebt: undefined } }), '010101', 'financialDataBorrowerRequest.hasSocialSecurityDebt'],
    ['a married borrower without a matrimonial regime', () => ({ personal: { matrimonialRegimeId: undefined } }), '010101', 'personalDataBorrowerRequest.matrimonialRegimeId'],
    ['a matrimonial regime for a single borrower', () => ({ personal: { maritalStatusId: 1 } }), '010108', 'personalDataBorrowerRequest.matrimonialRegimeId'],
    ['a malformed Portuguese postal code', () => ({ personal: { zipCode: '1050187' } }), '010103', 'personalDataBorrowerRequest.zipCode'],
    ['a malformed e-mail', () => ({ personal: { email: 'joao' } }), '010103', 'personalDataBorrowerRequest.email'],
    ['a malformed mobile', () => ({ personal: { mobile: '91x' } }), '010103', 'personalDataBorrowerRequest.mobile'],
    ['dependents as a number', () => ({ personal: { dependentsNumber: 1 } }), '010102', 'personalDataBorrowerRequest.dependentsNumber'],
    ['a negative income', () => ({ financial: { incomeWagesPensions: -1 } }), '010104', 'financialDataBorrowerRequest.incomeWagesPensions'],
    ['a field spelled as in the response', () => ({ personal: { taxID: '251973107' } }), '010108', 'personalDataBorrowerRequest.taxID'],
  ])('refuses %s (400)', async (_, overrides, code, field) => {
    const { processUniqueId } = await singleBorrowerProcess()
    const res = await s.call('POST', borrowerPath(processUniqueId), { body: borrower(overrides()) })
    expect(res.status).toBe(400)
    expect(errorsOf(res)).toContainEqual([code, field])
  })

  it('refuses the NIF of another borrower of the process', async () => {
    const { processUniqueId, key } = await singleBorrowerProcess()
    const taxId = (await s.call('GET', borrowerPath(processUniqueId, key))).json.borrowerPersonalData.taxID
    const res = await s.call('POST', borrowerPath(processUniqueId), { body: borrower({ personal: { taxId } }) })
    expect(errorsOf(res)).toContainEqual(['010107', 'personalDataBorrowerRequest.taxId'])
  })

  it('refuses a fifth borrower', async () => {
    const { processUniqueId } = await singleBorrowerProcess()
    for (const taxId of ['251973107', '123456789', '451234561']) {
      expect((await s.call('POST', borrowerPath(processUniqueId), { body: borrower({ personal: { taxId } }) })).status).toBe(201)
    }
    const res = await s.call('POST', borrowerPath(processUniqueId), { body: borrower({ personal: { taxId: '299999998' } }) })
    expect(errorsOf(res)).toContainEqual(['010110', 'borrowerTypeId'])
  })

  it('lists every problem at once', async () => {
    const { processUniqueId } = await singleBorrowerProcess()
    const res = await s.call('POST', borrowerPath(processUniqueId), { body: borrower({ personal: { taxId: '1', socialSecurityNumber: '2', genderId: 'x' } }) })
    expect(res.json.errors.map((e: { errorField: string }) => e.errorField)).toEqual(
      expect.arrayContaining(['personalDataBorrowerRequest.taxId', 'personalDataBorrowerRequest.socialSecurityNumber', 'personalDataBorrowerRequest.genderId']),
    )
  })

  it('refuses a body that is not JSON with 415 naming the Content-Type, and adds nobody', async () => {
    const { processUniqueId } = await singleBorrowerProcess()
    const res = await s.call('POST', borrowerPath(processUniqueId), { body: JSON.stringify(example), headers: { 'Content-Type': 'text/plain' } })
    expect(res.status).toBe(415)
    expect(errorsOf(res)).toEqual([['010602', 'Content-Type']])
    expect(await borrowerIds(s, processUniqueId)).toHaveLength(1)
  })
})

describe('Borrower Update', () => {
  it('merges the fields given, keeps the others and records the acting user', async () => {
    const { processUniqueId, key } = await singleBorrowerProcess()
    const before = (await s.call('GET', borrowerPath(processUniqueId, key))).json
    const res = await s.call('PUT', borrowerPath(processUniqueId, key), { body: { personalDataBorrowerRequest: { mobile: '+351961234567', floor: '1.º' } }, token: s.tokens.a2 })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ operationStatus: { operationStatusCode: '020101', operationStatusMessage: 'Operação efetuada com sucesso.' } })
    const after = (await s.call('GET', borrowerPath(processUniqueId, key))).json
    expect(after.borrowerPersonalData).toEqual({ ...before.borrowerPersonalData, mobile: '+351961234567', floor: '1.º' })
    expect(s.db.prepare('SELECT updated_by_user_id FROM process_borrower WHERE borrower_unique_id = ?').pluck().get(key)).toBe(5002)
  })

  it.each([
    ['the key borrower into a co-borrower', { borrowerTypeId: 2, keyBorrowerRelationId: 1 }, '010107', 'borrowerTypeId'],
    ['a relation for the key borrower', { keyBorrowerRelationId: 1 }, '010108', 'keyBorrowerRelationId'],
    ['clearing the name', { personalDataBorrowerRequest: { name: null } }, '010101', 'personalDataBorrowerRequest.name'],
    ['a NIF with a wrong check digit', { personalDataBorrowerRequest: { taxId: '123456780' } }, '010103', 'personalDataBorrowerRequest.taxId'],
  ])('refuses %s (400)', async (_, patch, code, field) => {
    const { processUniqueId, key } = await singleBorrowerProcess()
    const res = await s.call('PUT', borrowerPath(processUniqueId, key), { body: patch })
    expect(res.status).toBe(400)
    expect(errorsOf(res)).toContainEqual([code, field])
  })

  it('accepts a co-borrower without a relation, as the document has it optional; Submit then names it missing', async () => {
    const { processUniqueId } = await singleBorrowerProcess()
    const created = await s.call('POST', borrowerPath(processUniqueId), { body: borrower({ top: { keyBorrowerRelationId: undefined } }) })
    expect(created.status, created.text).toBe(201)
    const submitted = await s.call('POST', `/v1/processes/${processUniqueId}/submit`)
    expect(errorsOf(submitted)).toContainEqual(['010101', 'borrowers[1].keyBorrowerRelationId'])
  })

  it('accepts an update of a co-borrower that has no relation yet (Process Create copies it without one)', async () => {
    const { processUniqueId } = await draftProcess(s)
    const [, co] = await borrowerIds(s, processUniqueId)
    const res = await s.call('PUT', borrowerPath(processUniqueId, co), { body: { personalDataBorrowerRequest: { mobile: '+351961234567' } } })
    expect(res.status, res.text).toBe(200)
  })

  it('refuses a body that is not JSON with 415 naming the Content-Type, and changes nothing', async () => {
    const { processUniqueId, key } = await singleBorrowerProcess()
    const before = (await s.call('GET', borrowerPath(processUniqueId, key))).json
    const body = JSON.stringify({ personalDataBorrowerRequest: { mobile: '+351961234567' } })
    const res = await s.call('PUT', borrowerPath(processUniqueId, key), { body, headers: { 'Content-Type': 'text/plain' } })
    expect(res.status).toBe(415)
    expect(errorsOf(res)).toEqual([['010602', 'Content-Type']])
    expect((await s.call('GET', borrowerPath(processUniqueId, key))).json).toEqual(before)
  })
})

describe('Borrower Delete', () => {
  it('removes a co-borrower and their documents', async () => {
    const { processUniqueId } = await draftProcess(s)
    const [, co] = await borrowerIds(s, processUniqueId)
    await upload(s, processPath(processUniqueId, '/document'), { file: { bytes: PDF, name: 'cc.pdf' }, documentTypeId: 1, borrowerUniqueId: co })
    const res = await s.call('DELETE', borrowerPath(processUniqueId, co))
    expect(res.status).toBe(200)
    expect(await borrowerIds(s, processUniqueId)).toHaveLength(1)
    expect((await s.call('GET', processPath(processUniqueId, '/document'))).json.documentList).toEqual([])
  })

  it('never deletes the key borrower (400, 010203)', async () => {
    const { processUniqueId, key } = await singleBorrowerProcess()
    const res = await s.call('DELETE', borrowerPath(processUniqueId, key))
    expect(res.status).toBe(400)
    expect(errorsOf(res)).toEqual([['010203', 'borrowerUniqueId']])
    expect(await borrowerIds(s, processUniqueId)).toEqual([key])
  })
})

describe('every borrower operation', () => {
  const UNKNOWN = '00000000-0000-4000-8000-000000000000'
  it.each(['GET', 'PUT', 'DELETE'])('%s refuses a borrower of another process (400, 010202)', async (method) => {
    const { processUniqueId } = await draftProcess(s)
    const other = await draftProcess(s)
    const [, foreign] = await borrowerIds(s, other.processUniqueId)
    const res = await s.call(method, borrowerPath(processUniqueId, foreign), method === 'PUT' ? { body: {} } : {})
    expect(res.status).toBe(400)
    expect(errorsOf(res)).toEqual([['010202', 'borrowerUniqueId']])
  })

  it.each([
    ['GET', 'a borrower', true],
    ['PUT', 'a borrower', true],
    ['DELETE', 'a borrower', true],
    ['GET', 'the list', false],
    ['POST', 'the list', false],
  ])('%s of %s refuses an unknown process (400, 010201)', async (method, _, withBorrower) => {
    const res = await s.call(method, borrowerPath(UNKNOWN, withBorrower ? UNKNOWN : undefined), method === 'PUT' || method === 'POST' ? { body: example } : {})
    expect(res.status).toBe(400)
    expect(errorsOf(res)).toEqual([['010201', 'processUniqueId']])
  })

  it.each([
    ['POST', null],
    ['PUT', 'key'],
    ['DELETE', 'co'],
  ])('%s refuses changes once the process is submitted (400, 010301)', async (method, which) => {
    const { processUniqueId } = await draftProcess(s)
    const [key, co] = await borrowerIds(s, processUniqueId)
    s.services.processes.changeStatus(1001, processUniqueId, 2, 'sandbox')
    const id = which === 'key' ? key : which === 'co' ? co : undefined
    const res = await s.call(method, borrowerPath(processUniqueId, id), method === 'DELETE' ? {} : { body: method === 'PUT' ? {} : example })
    expect(res.status).toBe(400)
    expect(errorsOf(res)).toEqual([['010301', 'processUniqueId']])
  })
})
