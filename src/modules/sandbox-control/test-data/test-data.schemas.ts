import { z } from '@hono/zod-openapi'
import { LONGEST_TERM_MONTHS } from '../../../domain/mortgage/eligibility.ts'

/** Identities one request may ask for: 1,000 borrowers answer in a few tens of milliseconds and about 1.5 MB. */
export const MAX_TEST_BORROWERS = 1000

export const TestBorrowersQuerySchema = z.object({
  count: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_TEST_BORROWERS)
    .default(1)
    .openapi({ description: `How many borrowers: 1 to ${MAX_TEST_BORROWERS} (default 1)` }),
  seed: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .optional()
    .openapi({ description: 'The same seed on the same day answers the same borrowers; without it, new ones each time' }),
  loanDurationMonths: z.coerce
    .number()
    .int()
    .min(12)
    .max(LONGEST_TERM_MONTHS)
    .optional()
    .openapi({
      description: `The term of the loan the borrowers are for, 12 to ${LONGEST_TERM_MONTHS} months: each is young enough for it, by the bank's age rules (the term the oldest borrower's age allows, at most 75 at the loan's end). Without it, the longest term, ${LONGEST_TERM_MONTHS} months (borrowers of 21 to 30)`,
      example: 360,
    }),
})

const PersonalSchema = z.object({
  name: z.string().openapi({ example: 'Inês Abreu' }),
  birthDate: z.iso.date().openapi({
    description: "An adult of 21 or more on the partner's today, young enough for the loan's term (`loanDurationMonths`) by the bank's age rules",
    example: '1996-03-14',
  }),
  taxId: z.string().openapi({ description: 'NIF of a resident natural person (first digit 1, 2 or 3), its mod-11 check digit', example: '251973107' }),
  mobile: z.string().openapi({ example: '+351912345678' }),
  email: z.string().openapi({ example: 'ines.abreu.7@example.pt' }),
  genderId: z.number().int().openapi({ description: 'genders: 1 male, 2 female', example: 2 }),
  nationalityId: z.number().int().openapi({ example: 620 }),
  identificationDocumentTypeId: z.number().int().openapi({ description: 'identification-documents: 1, the citizen card', example: 1 }),
  identificationDocumentNumber: z.string().openapi({ description: "The citizen card's civil identification number, 8 digits", example: '14839201' }),
  checkDigit: z.string().openapi({ description: "The suffix printed after it: the civil number's check digit, the version (ZZ), the card's check digit", example: '7ZZ3' }),
  identificationDocumentExpiredDate: z.iso.date().openapi({ example: '2031-05-20' }),
  socialSecurityNumber: z.string().openapi({ description: 'NISS of a person: 11 digits, first 1, its check digit', example: '11234567892' }),
  maritalStatusId: z.number().int().openapi({ description: 'marital-statuses: 1 single', example: 1 }),
  residenceTypeId: z.number().int().openapi({ example: 3 }),
  academicLevelId: z.number().int().openapi({ example: 7 }),
  address: z.string().openapi({ example: 'Rua Augusta' }),
  doorNumber: z.string().openapi({ example: '45' }),
  zipCode: z.string().openapi({ example: '1100-053' }),
  zipCodeLocal: z.string().openapi({ example: 'Lisboa' }),
  countryId: z.number().int().openapi({ example: 620 }),
})

const FinancialSchema = z.object({
  incomeWagesPensions: z.number().openapi({ example: 2100 }),
  hasSocialSecurityDebt: z.literal(false),
})

const ProfessionalSchema = z.object({
  employmentProfessionId: z.number().int().openapi({ example: 30 }),
  employmentSituationId: z.number().int().openapi({ example: 1 }),
  employmentContractTypeId: z.number().int().openapi({ example: 1 }),
  employerName: z.string().openapi({ example: 'Tecnologia Atlântica, S.A.' }),
  employerTaxId: z.string().openapi({ example: '500000000' }),
  employmentDurationMonths: z.number().int().openapi({ example: 48 }),
})

export const TestBorrowerSchema = z
  .object({
    borrowerTypeId: z.literal(2).openapi({ description: 'A co-borrower (entity-types 2): the key borrower comes from the simulation' }),
    keyBorrowerRelationId: z.number().int().openapi({ example: 1 }),
    personalDataBorrowerRequest: PersonalSchema,
    financialDataBorrowerRequest: FinancialSchema,
    professionalDataBorrowerRequest: ProfessionalSchema,
  })
  .openapi('TestBorrower', { description: 'A Borrower Create body, as it is: its identity numbers valid by their check digits' })

export const TestBorrowersSchema = z
  .object({
    seed: z.number().int().openapi({ description: 'The seed these came from: ask again with it for the same borrowers (on the same day)', example: 20261126 }),
    borrowers: z.array(TestBorrowerSchema),
  })
  .openapi('TestBorrowers')

export type TestBorrower = z.infer<typeof TestBorrowerSchema>
