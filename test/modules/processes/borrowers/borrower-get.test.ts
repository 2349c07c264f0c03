import { beforeAll, describe, expect, it } from 'vitest'
import { BORROWER_REQUEST_EXAMPLE } from '../../../../src/modules/processes/borrowers/borrower-request.schemas.ts'
import { createTestSandbox, type TestSandbox } from '../../../support/test-app.ts'
import { borrowerIds, borrowerPath, draftProcess } from '../process-fixtures.ts'

let s: TestSandbox
let processUniqueId: string
let borrowerUniqueId: string
beforeAll(async () => {
  s = await createTestSandbox()
  processUniqueId = (await draftProcess(s)).processUniqueId
  const [, co] = await borrowerIds(s, processUniqueId)
  await s.call('DELETE', borrowerPath(processUniqueId, co))
  const res = await s.call('POST', borrowerPath(processUniqueId), { body: BORROWER_REQUEST_EXAMPLE })
  borrowerUniqueId = res.json.additionalData.borrowerUniqueID
})

/** Every field of "Borrower (response of Borrower Get)" in the interface document, with its JSON type. */
const DOCUMENT_FIELDS = {
  top: { borrowerUniqueID: 'string', borrowerTypeID: 'number', borrowerTypeDescription: 'string', keyBorrowerRelationID: 'number', keyBorrowerRelationDescription: 'string' },
  borrowerPersonalData: {
    name: 'string',
    birthDate: 'string',
    taxID: 'string',
    socialSecurityNumber: 'string',
    phone: 'string',
    mobile: 'string',
    email: 'string',
    genderID: 'number',
    genderDescription: 'string',
    nationalityID: 'number',
    nationalityDescription: 'string',
    identificationDocumentTypeID: 'number',
    identificationDocumentTypeDescription: 'string',
    identificationDocumentNumber: 'string',
    checkDigit: 'string',
    identificationDocumentExpiredDate: 'string',
    maritalStatusID: 'number',
    maritalStatusDescription: 'string',
    matriomonialRegimeID: 'number',
    matriomonialRegimeDescription: 'string',
    residenceTypeID: 'number',
    residenceTypeDescription: 'string',
    academicLevelID: 'number',
    academicLevelDescription: 'string',
    dependentsNumber: 'string',
    address: 'string',
    zipCode: 'string',
    zipCodeLocal: 'string',
    doorNumber: 'string',
    floor: 'string',
    countryID: 'number',
    countryDescription: 'string',
  },
  borrowerFinancialData: {
    incomeWagesPensions: 'number',
    incomeGreenReceipts: 'number',
    incomeRents: 'number',
    incomeOthers: 'number',
    installmentHousingCredit: 'number',
    installmentPersonalCredit: 'number',
    installmentAutoLeasingCredit: 'number',
    installmentCreditCard: 'number',
    installmentBankOverdraft: 'number',
    installmentOther: 'number',
    hasSocialSecurityDebt: 'boolean',
  },
  borrowerProfessionalData: {
    employmentProfessionID: 'number',
    employmentProfessionDescription: 'string',
    employmentSituationID: 'number',
    employmentsSituationDescription: 'string',
    employmentPositionDepartmentID: 'number',
    employmentPositionDepartmentDescription: 'string',
    employmentContractTypeID: 'number',
    employmentContractTypeDescription: 'string',
    employerName: 'string',
    employerTaxID: 'string',
    employmentDurationMonths: 'number',
  },
} as const

const typesOf = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v]))

describe('Borrower Get', () => {
  it('answers every field of the document, spelled and typed as the document writes them', async () => {
    const res = await s.call('GET', borrowerPath(processUniqueId, borrowerUniqueId))
    expect(res.status).toBe(200)
    const { borrowerPersonalData, borrowerFinancialData, borrowerProfessionalData, ...top } = res.json
    expect(typesOf(top)).toEqual(DOCUMENT_FIELDS.top)
    // "ID fields are integers; the rest are strings". Phone was not given: it is left out, not null.
    const { phone: _phone, ...given } = DOCUMENT_FIELDS.borrowerPersonalData
    expect(typesOf(borrowerPersonalData)).toEqual(given)
    expect(typesOf(borrowerFinancialData)).toEqual(DOCUMENT_FIELDS.borrowerFinancialData)
    expect(typesOf(borrowerProfessionalData)).toEqual(DOCUMENT_FIELDS.borrowerProfessionalData)
    for (const id of ['genderID', 'nationalityID', 'maritalStatusID', 'countryID']) expect(Number.isInteger(borrowerPersonalData[id])).toBe(true)
  })

  it('echoes the request and describes every id in the language asked', async () => {
    const res = await s.call('GET', borrowerPath(processUniqueId, borrowerUniqueId), { headers: { 'Accept-Language': 'en' } })
    const p = BORROWER_REQUEST_EXAMPLE.personalDataBorrowerRequest
    expect(res.json).toEqual({
      borrowerUniqueID: borrowerUniqueId,
      borrowerTypeID: 2,
      borrowerTypeDescription: 'Co-borrower',
      keyBorrowerRelationID: 1,
      keyBorrowerRelationDescription: 'Spouse',
      borrowerPersonalData: {
        name: p.name,
        birthDate: p.birthDate,
        taxID: p.taxId,
        socialSecurityNumber: p.socialSecurityNumber,
        mobile: p.mobile,
        email: p.email,
        genderID: 1,
        genderDescription: 'Male',
        nationalityID: 620,
        nationalityDescription: 'Portugal',
        identificationDocumentTypeID: 1,
        identificationDocumentTypeDescription: 'Citizen card (Portugal)',
        identificationDocumentNumber: '12345678',
        checkDigit: '3ZZ4',
        identificationDocumentExpiredDate: p.identificationDocumentExpiredDate,
        maritalStatusID: 2,
        maritalStatusDescription: 'Married',
        matriomonialRegimeID: 1,
        matriomonialRegimeDescription: 'Community of acquired property',
        residenceTypeID: 3,
        residenceTypeDescription: 'Rented home',
        academicLevelID: 7,
        academicLevelDescription: "Bachelor's degree (licenciatura)",
        dependentsNumber: '1',
        address: p.address,
        zipCode: p.zipCode,
        zipCodeLocal: p.zipCodeLocal,
        doorNumber: p.doorNumber,
        floor: p.floor,
        countryID: 620,
        countryDescription: 'Portugal',
      },
      borrowerFinancialData: BORROWER_REQUEST_EXAMPLE.financialDataBorrowerRequest,
      borrowerProfessionalData: {
        employmentProfessionID: 30,
        employmentProfessionDescription: 'Software developers',
        employmentSituationID: 1,
        employmentsSituationDescription: 'Employee',
        employmentPositionDepartmentID: 6,
        employmentPositionDepartmentDescription: 'Senior specialist',
        employmentContractTypeID: 1,
        employmentContractTypeDescription: 'Permanent contract',
        employerName: 'Tecnologia Atlântica, S.A.',
        employerTaxID: '500000000',
        employmentDurationMonths: 48,
      },
    })
  })

  it('answers the key borrower with no relation', async () => {
    const [key] = await borrowerIds(s, processUniqueId)
    const res = await s.call('GET', borrowerPath(processUniqueId, key))
    expect(res.json).toMatchObject({ borrowerTypeID: 1, borrowerTypeDescription: 'Primeiro titular' })
    expect(res.json).not.toHaveProperty('keyBorrowerRelationID')
    expect(res.json).not.toHaveProperty('keyBorrowerRelationDescription')
  })
})

describe('Borrower List', () => {
  it('answers the list items, the key borrower first', async () => {
    const res = await s.call('GET', borrowerPath(processUniqueId))
    expect(res.status).toBe(200)
    expect(res.json.borrowerList).toEqual([
      { borrowerUniqueID: expect.any(String), borrowerTypeID: 1, borrowerTypeDescription: 'Primeiro titular' },
      { borrowerUniqueID: borrowerUniqueId, borrowerTypeID: 2, borrowerTypeDescription: 'Cotitular', keyBorrowerRelationID: 1, keyBorrowerRelationDescription: 'Cônjuge' },
    ])
  })
})
