import type { Clock } from '../../clock.ts'
import type { SimulationInput } from '../../modules/simulations/index.ts'
import type { UploadRequest } from '../../modules/processes/index.ts'
import { webBodySource } from '../../http/body-source.ts'

/**
 * Eligible: two borrowers in their thirties, 200,000 € over 30 years on a 250,000 € home, variable
 * rate on Euribor 6M. Owned here, not shared with the OpenAPI example: partners' pacts rely on it.
 */
export const ELIGIBLE_SIMULATION = {
  loanSimulator: {
    loanDurationMonths: 360,
    loanAmount: 200000,
    productSchemeId: 1,
    loanPurposeId: 1,
    productPurposeId: 1,
    hasCrossSelling: true,
    interestRateTypeID: 2,
    indexTypeID: 2,
    youthCredit: false,
  },
  borrowersSimulator: {
    numberOfborrowers: 2,
    keyBorrowerName: 'Ana Sofia Martins',
    keyBorrowerBirthDate: '1994-04-12',
    keyBorrowerIncomeWagesPensions: 2600,
    keyBorrowerInstallmentPersonalCredit: 150,
    borrowerName: 'João Pedro Almeida',
    borrowerBirthDate: '1993-09-30',
    borrowerIncomeWagesPensions: 2100,
  },
  propertySimulator: { acquisitionAmount: 250000, evaluationEstimatedAmount: 255000, sustainabilityCampaign: false },
} satisfies SimulationInput

/** Not eligible by the engine's own rules: the key borrower's other credits push the DSTI past the limit. */
export const NOT_ELIGIBLE_SIMULATION = {
  ...ELIGIBLE_SIMULATION,
  borrowersSimulator: { ...ELIGIBLE_SIMULATION.borrowersSimulator, keyBorrowerInstallmentPersonalCredit: 3500 },
} satisfies SimulationInput

const yearsFrom = (clock: Clock, years: number) => {
  const now = clock.now()
  return `${now.getUTCFullYear() + years}${now.toISOString().slice(4, 10)}`
}

/** What the key borrower copied from the simulation lacks for Submit (a Borrower Update merge patch). */
export const keyBorrowerCompletion = (clock: Clock) => ({
  personalDataBorrowerRequest: {
    mobile: '+351912345678',
    email: 'ana.martins@example.pt',
    genderId: 2,
    nationalityId: 620,
    identificationDocumentTypeId: 1,
    identificationDocumentNumber: '12345678',
    checkDigit: '3ZZ4',
    identificationDocumentExpiredDate: yearsFrom(clock, 5),
    socialSecurityNumber: '12000000004',
    maritalStatusId: 2,
    matrimonialRegimeId: 1,
    residenceTypeId: 3,
    academicLevelId: 7,
    address: 'Avenida da República',
    doorNumber: '45',
    floor: '3.º Esq.',
    zipCode: '1050-187',
    zipCodeLocal: 'Lisboa',
    countryId: 620,
  },
  professionalDataBorrowerRequest: {
    employmentProfessionId: 30,
    employmentSituationId: 1,
    employmentPositionDepartmentID: 6,
    employmentContractTypeId: 1,
    employerName: 'Tecnologia Atlântica, S.A.',
    employerTaxId: '500000000',
    employmentDurationMonths: 48,
  },
})

/** What the second borrower lacks: the relation to the key borrower, personal and professional data. */
export const coBorrowerCompletion = (clock: Clock) => ({
  keyBorrowerRelationId: 1,
  personalDataBorrowerRequest: {
    mobile: '+351913333444',
    email: 'joao.almeida@example.pt',
    genderId: 1,
    nationalityId: 620,
    identificationDocumentTypeId: 3,
    identificationDocumentNumber: 'CB123456',
    identificationDocumentExpiredDate: yearsFrom(clock, 3),
    socialSecurityNumber: '11234567892',
    maritalStatusId: 2,
    matrimonialRegimeId: 1,
    residenceTypeId: 3,
    address: 'Avenida da República',
    zipCode: '1050-187',
    zipCodeLocal: 'Lisboa',
    countryId: 620,
  },
  professionalDataBorrowerRequest: {
    employmentProfessionId: 17,
    employmentSituationId: 4,
    employmentContractTypeId: 7,
    employerName: 'Hospital de Santa Maria',
    employerTaxId: '600000001',
    employmentDurationMonths: 120,
  },
})

/** The property data Submit requires beyond what the simulation gave (the generated location stays). */
export const PROPERTY_COMPLETION = {
  address: 'Rua Castilho',
  doorNumber: '39',
  zipCode: '1250-068',
  zipCodeLocal: 'Lisboa',
  matrixArticle: 'U-2345',
  landRegistryNumber: '1234/20040312',
}

/** A one-page PDF, as small as a reader accepts. */
export const FIXTURE_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')

/** A multipart upload as Document Create reads it from a request, built in memory. */
export function pdfUpload(fields: Record<string, string>, fileName: string): UploadRequest {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', new Blob([FIXTURE_PDF], { type: 'application/pdf' }), fileName)
  const request = new Request('http://fixture.invalid/', { method: 'POST', body: form })
  return { contentType: request.headers.get('content-type'), contentLength: null, source: webBodySource(request.body) }
}
