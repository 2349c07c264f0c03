import { z } from '@hono/zod-openapi'
import { ACADEMIC_LEVELS_TEXT } from './academic-levels.ts'

/**
 * The borrower request payload of Borrower Create and Update, field names exactly as the interface
 * document writes them (`employmentPositionDepartmentID` with its capital D among the `…Id` fields).
 * Types and bounds live here; what depends on the process, the reference lists or the date (check
 * digits, ids, expiry, one key borrower) is in borrower-rules.ts, so every problem is reported at once.
 * A field sent as null counts as absent on create and clears the stored value on update.
 */

const id = (description: string, example?: number) =>
  z
    .number()
    .int()
    .positive()
    .nullish()
    .openapi({ description, ...(example === undefined ? {} : { example }) })
const text = (max: number, description: string, example?: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .nullish()
    .openapi({ description, ...(example === undefined ? {} : { example }) })
const monthly = (description: string, example = 0) =>
  z
    .number()
    .min(0)
    .max(1_000_000)
    .nullish()
    .openapi({ description: `${description}. Monthly net amount in euros; absent counts as 0.`, example })

export const PersonalDataBorrowerRequestSchema = z
  .strictObject({
    name: text(120, 'Full name. Required on create.', 'Ana Sofia Martins'),
    birthDate: z.iso.date().nullish().openapi({ description: 'YYYY-MM-DD; the borrower is at least 18. Required on create.', example: '1990-04-12' }),
    taxId: text(20, 'NIF of a natural person: 9 digits, first 1, 2, 3 or 45, valid check digit (mod 11). Required on create; unique in the process.', '123456789'),
    phone: text(20, 'Landline, digits with an optional leading +', '+351213456789'),
    mobile: text(20, 'Mobile, digits with an optional leading +. Required to submit.', '+351912345678'),
    email: z.email().max(254).nullish().openapi({ description: 'Required to submit; ESIS Email goes here when no address is given.', example: 'ana.martins@example.pt' }),
    genderId: id('From genders. Required to submit.', 2),
    nationalityId: id('From countries (ISO 3166 numeric). Required to submit.', 620),
    identificationDocumentTypeId: id('From identification-documents. Required to submit.', 1),
    identificationDocumentNumber: text(20, 'Citizen card (type 1): the 8-digit civil identification number. Required to submit.', '12345678'),
    checkDigit: text(
      8,
      'Citizen card: the suffix printed after the civil number (check digit, two-letter version, check digit), validated (mod 10). Required to submit for a citizen card.',
      '3ZZ4',
    ),
    identificationDocumentExpiredDate: z.iso.date().nullish().openapi({ description: 'YYYY-MM-DD, after today. Required to submit.', example: '2031-05-20' }),
    socialSecurityNumber: text(20, 'NISS: 11 digits, valid check digit. Required to submit.', '12000000004'),
    maritalStatusId: id('From marital-statuses. Required to submit.', 2),
    matrimonialRegimeId: id('From matrimonial-regimes: required with a marital status that has one (married), refused otherwise.', 1),
    residenceTypeId: id('From residence-types. Required to submit.', 3),
    academicLevelId: id(`Academic level: ${ACADEMIC_LEVELS_TEXT}.`, 7),
    dependentsNumber: z
      .string()
      .regex(/^\d{1,2}$/)
      .nullish()
      .openapi({ description: 'Number of dependants, a string of digits as the document types it', example: '1' }),
    address: text(200, 'Street. Required to submit.', 'Avenida da República'),
    zipCode: text(10, 'NNNN-NNN in Portugal. Required to submit.', '1050-187'),
    zipCodeLocal: text(60, 'Postal locality. Required to submit.', 'Lisboa'),
    doorNumber: text(10, 'Door number', '45'),
    floor: text(10, 'Floor and side', '3.º Esq.'),
    countryId: id('Country of residence, from countries. Required to submit.', 620),
  })
  .openapi('PersonalDataBorrowerRequest')

export const FinancialDataBorrowerRequestSchema = z
  .strictObject({
    incomeWagesPensions: monthly('Wages and pensions', 2600),
    incomeGreenReceipts: monthly('Self-employment income ("recibos verdes")'),
    incomeRents: monthly('Rental income (70% of it counts for the debt service-to-income ratio)'),
    incomeOthers: monthly('Other income'),
    installmentHousingCredit: monthly('Instalment of existing housing credit'),
    installmentPersonalCredit: monthly('Instalment of personal credit', 150),
    installmentAutoLeasingCredit: monthly('Instalment of car credit or leasing'),
    installmentCreditCard: monthly('Credit card instalment'),
    installmentBankOverdraft: monthly('Bank overdraft instalment'),
    installmentOther: monthly('Other instalments'),
    hasSocialSecurityDebt: z.boolean().nullish().openapi({ description: 'Required on create. A borrower with a debt cannot be submitted.', example: false }),
  })
  .openapi('FinancialDataBorrowerRequest')

export const ProfessionalDataBorrowerRequestSchema = z
  .strictObject({
    employmentProfessionId: id('From professions (CPP 2010). Required to submit unless retired, unemployed or a student.', 30),
    employmentSituationId: id('From employment-situations. Required to submit.', 1),
    employmentPositionDepartmentID: id('From employment-department-positions (spelled with ID as the document writes it)', 6),
    employmentContractTypeId: id('From employment-contract-types. Required to submit for employees and civil servants.', 1),
    employerName: text(120, 'Required to submit for employees and civil servants', 'Tecnologia Atlântica, S.A.'),
    employerTaxId: text(20, 'NIF of the employer: 9 digits, valid check digit. Required to submit for employees and civil servants.', '500000000'),
    employmentDurationMonths: z
      .number()
      .int()
      .min(0)
      .max(720)
      .nullish()
      .openapi({ description: 'Months with the current employer or activity. Required to submit unless retired, unemployed or a student.', example: 48 }),
  })
  .openapi('ProfessionalDataBorrowerRequest')

export const BorrowerRequestSchema = z
  .strictObject({
    borrowerTypeId: z
      .number()
      .int()
      .positive()
      .nullish()
      .openapi({ description: 'From entity-types: 1 key borrower (one per process), 2 co-borrower. Required on create.', example: 2 }),
    keyBorrowerRelationId: z.number().int().positive().nullish().openapi({
      description: 'From key-borrower-relations: optional, as the document says; a co-borrower needs it before Submit (Submit lists it as missing), refused for the key borrower.',
      example: 1,
    }),
    personalDataBorrowerRequest: PersonalDataBorrowerRequestSchema.nullish().openapi({ description: 'Required on create' }),
    financialDataBorrowerRequest: FinancialDataBorrowerRequestSchema.nullish().openapi({ description: 'Required on create' }),
    professionalDataBorrowerRequest: ProfessionalDataBorrowerRequestSchema.nullish(),
  })
  .openapi('BorrowerRequest', {
    description:
      'Create: borrowerTypeId, personalDataBorrowerRequest (with name, birthDate, taxId) and financialDataBorrowerRequest (with hasSocialSecurityDebt) are required. Update (JSON Merge Patch, RFC 7396): a field left out keeps its value, a field sent as null is cleared; the merged borrower must pass every rule of create. Every problem is reported, one errors[] item per field.',
  })

type NonNull<T> = { [K in keyof T]?: Exclude<T[K], null | undefined> }

export type PersonalData = NonNull<z.infer<typeof PersonalDataBorrowerRequestSchema>>
export type FinancialData = NonNull<z.infer<typeof FinancialDataBorrowerRequestSchema>>
export type ProfessionalData = NonNull<z.infer<typeof ProfessionalDataBorrowerRequestSchema>>

/** A borrower as stored and validated: the request's groups without nulls. */
export interface BorrowerData {
  borrowerTypeId: number
  keyBorrowerRelationId?: number
  personal: PersonalData
  financial: FinancialData
  professional: ProfessionalData
}

export const FINANCIAL_AMOUNT_FIELDS = [
  'incomeWagesPensions',
  'incomeGreenReceipts',
  'incomeRents',
  'incomeOthers',
  'installmentHousingCredit',
  'installmentPersonalCredit',
  'installmentAutoLeasingCredit',
  'installmentCreditCard',
  'installmentBankOverdraft',
  'installmentOther',
] as const

/** The key borrower's employment in the examples: the whole request's and the completion's. */
const KEY_BORROWER_EMPLOYMENT = {
  employmentProfessionId: 30,
  employmentSituationId: 1,
  employmentPositionDepartmentID: 6,
  employmentContractTypeId: 1,
  employerName: 'Tecnologia Atlântica, S.A.',
  employerTaxId: '500000000',
  employmentDurationMonths: 48,
}

/** A valid Borrower Create body (a co-borrower): it succeeds as it is on a process of the sandbox. */
export const BORROWER_REQUEST_EXAMPLE = {
  borrowerTypeId: 2,
  keyBorrowerRelationId: 1,
  personalDataBorrowerRequest: {
    name: 'João Pedro Almeida',
    birthDate: '1988-09-30',
    taxId: '251973107',
    mobile: '+351912345678',
    email: 'joao.almeida@example.pt',
    genderId: 1,
    nationalityId: 620,
    identificationDocumentTypeId: 1,
    identificationDocumentNumber: '12345678',
    checkDigit: '3ZZ4',
    identificationDocumentExpiredDate: '2031-05-20',
    socialSecurityNumber: '11234567892',
    maritalStatusId: 2,
    matrimonialRegimeId: 1,
    residenceTypeId: 3,
    academicLevelId: 7,
    dependentsNumber: '1',
    address: 'Avenida da República',
    zipCode: '1050-187',
    zipCodeLocal: 'Lisboa',
    doorNumber: '45',
    floor: '3.º Esq.',
    countryId: 620,
  },
  financialDataBorrowerRequest: {
    incomeWagesPensions: 2100,
    incomeGreenReceipts: 0,
    incomeRents: 0,
    incomeOthers: 0,
    installmentHousingCredit: 0,
    installmentPersonalCredit: 0,
    installmentAutoLeasingCredit: 0,
    installmentCreditCard: 0,
    installmentBankOverdraft: 0,
    installmentOther: 0,
    hasSocialSecurityDebt: false,
  },
  professionalDataBorrowerRequest: KEY_BORROWER_EMPLOYMENT,
}

/**
 * What the key borrower copied from the simulation lacks for Submit (a Borrower Update merge patch):
 * an example of the OpenAPI document, and the base of the provider states' completion.
 */
export const KEY_BORROWER_COMPLETION_EXAMPLE = {
  personalDataBorrowerRequest: {
    mobile: '+351912345678',
    email: 'ana.martins@example.pt',
    genderId: 2,
    nationalityId: 620,
    identificationDocumentTypeId: 1,
    identificationDocumentNumber: '12345678',
    checkDigit: '3ZZ4',
    identificationDocumentExpiredDate: '2031-06-30',
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
  professionalDataBorrowerRequest: KEY_BORROWER_EMPLOYMENT,
}

/** What the second borrower lacks: the relation to the key borrower, personal and professional data. */
export const CO_BORROWER_COMPLETION_EXAMPLE = {
  keyBorrowerRelationId: 1,
  personalDataBorrowerRequest: {
    mobile: '+351913333444',
    email: 'joao.almeida@example.pt',
    genderId: 1,
    nationalityId: 620,
    identificationDocumentTypeId: 3,
    identificationDocumentNumber: 'CB123456',
    identificationDocumentExpiredDate: '2029-06-30',
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
}
