import { z } from '@hono/zod-openapi'

/**
 * The loan, borrowers and property groups of the interface document's simulation input (Simulation
 * Create, Update and Validate, and the loan group of a process), with the
 * document's field names, casing included (`numberOfborrowers`, `interestRateTypeID`). Where the
 * document is silent we decided (and say so in each description): amounts are euros, incomes and
 * instalments are MONTHLY NET amounts, optional amounts count as 0, optional booleans as false,
 * `null` counts as absent, and an unknown field is refused so that a misspelt name never passes
 * unnoticed.
 */

export const LIMITS = {
  loanAmount: { min: 5_000, max: 5_000_000 },
  loanDurationMonths: { min: 12, max: 480 },
  utilizationPeriod: { min: 0, max: 36 },
  amount: { max: 100_000_000 },
  monthly: { max: 1_000_000 },
  name: { max: 120 },
} as const

const id = (description: string, example?: number) =>
  z
    .number()
    .int()
    .positive()
    .openapi({ description, ...(example === undefined ? {} : { example }) })

const optionalId = (description: string) => id(description).nullish()

const monthly = (description: string) =>
  z
    .number()
    .min(0)
    .max(LIMITS.monthly.max)
    .nullish()
    .openapi({ description: `${description}. Monthly net amount in euros; absent counts as 0.` })

const propertyAmount = (description: string) =>
  z
    .number()
    .min(0)
    .max(LIMITS.amount.max)
    .nullish()
    .openapi({ description: `${description}. Euros.` })

export const LoanSimulatorSchema = z
  .strictObject({
    loanDurationMonths: z
      .number()
      .int()
      .min(LIMITS.loanDurationMonths.min)
      .max(LIMITS.loanDurationMonths.max)
      .openapi({
        description: `Loan term in months (${LIMITS.loanDurationMonths.min}-${LIMITS.loanDurationMonths.max}). The maximum for the oldest borrower's age is an eligibility rule.`,
        example: 360,
      }),
    loanAmount: z
      .number()
      .min(LIMITS.loanAmount.min)
      .max(LIMITS.loanAmount.max)
      .openapi({ description: `Amount borrowed, euros (${LIMITS.loanAmount.min}-${LIMITS.loanAmount.max}).`, example: 200000 }),
    productSchemeId: id('Id from product-schemes. The scheme lists the loan purpose and product purpose pairs it accepts (`combinations`).', 1),
    loanPurposeId: id('Id from loan-purposes.', 1),
    productPurposeId: id('Id from product-purposes.', 1),
    hasCrossSelling: z
      .boolean()
      .nullish()
      .openapi({ description: 'Bundled products (salary account, cards, insurance): lowers the spread. Absent counts as false.', example: true }),
    interestRateTypeID: id('Rate type, an id from index-type-sub-categories: 1 fixed, 2 variable, 3 mixed.', 2),
    indexTypeID: optionalId('Variable rate only (refused otherwise): id from index-types (Euribor 3M, 6M, 12M).'),
    indexTypeMixedID: optionalId('Mixed rate only (refused otherwise): id from index-type-list-mixed, which names the index after the fixed period.'),
    fixedPeriodID: optionalId(
      'Fixed rate: id from fixed-fixed-period, whose `months` the loan term must not exceed. Mixed rate: id from mixed-fixed-period, whose `months` must be shorter than the loan term. Refused for a variable rate.',
    ),
    utilizationPeriod: z
      .number()
      .int()
      .min(LIMITS.utilizationPeriod.min)
      .max(LIMITS.utilizationPeriod.max)
      .nullish()
      .openapi({ description: 'Months during which the loan is drawn down, for construction and works purposes only (a value above 0 is refused for other purposes).' }),
    youthCredit: z.boolean().nullish().openapi({
      description: 'Youth mortgage with state guarantee (Decreto-Lei 44/2024). Must be true with the product scheme YOUTH_GUARANTEE and false (or absent) with any other scheme.',
      example: false,
    }),
  })
  .openapi('LoanSimulator')

/** The income and instalment fields of a borrower, without the keyBorrower / borrower prefix. */
export const MONTHLY_FIELDS = {
  IncomeWagesPensions: 'wages and pensions',
  IncomeGreenReceipts: 'self-employment income ("recibos verdes")',
  IncomeRents: 'rental income (70% of it counts for the debt service-to-income ratio)',
  IncomeOthers: 'other income',
  InstallmentHousingCredit: 'instalment of existing housing credit',
  InstallmentPersonalCredit: 'instalment of personal credit',
  InstallmentAutoLeasingCredit: 'instalment of car credit or leasing',
  InstallmentCreditCard: 'credit card instalment',
  InstallmentBankOverdraft: 'bank overdraft instalment',
  InstallmentOther: 'other instalments',
} as const

export type MonthlyField = keyof typeof MONTHLY_FIELDS
type Prefix = 'keyBorrower' | 'borrower'

function borrowerFields<P extends Prefix>(prefix: P, who: string) {
  const entries = Object.entries(MONTHLY_FIELDS).map(([suffix, text]) => [`${prefix}${suffix}`, monthly(`${who}: ${text}`)])
  return Object.fromEntries(entries) as { [K in `${P}${MonthlyField}`]: ReturnType<typeof monthly> }
}

export const BorrowersSimulatorSchema = z
  .strictObject({
    numberOfborrowers: z
      .number()
      .int()
      .min(1)
      .max(2)
      .openapi({ description: '1 or 2. With 2, borrowerName and borrowerBirthDate are required; with 1, every borrower… field is refused.', example: 2 }),
    keyBorrowerName: z.string().trim().min(1).max(LIMITS.name.max).openapi({ example: 'Ana Sofia Martins' }),
    keyBorrowerBirthDate: z.iso.date().openapi({ description: 'YYYY-MM-DD, a real date in the past.', example: '1994-04-12' }),
    ...borrowerFields('keyBorrower', 'Key borrower'),
    borrowerName: z.string().trim().min(1).max(LIMITS.name.max).nullish().openapi({ description: 'Second borrower (numberOfborrowers 2 only).', example: 'João Pedro Almeida' }),
    borrowerBirthDate: z.iso.date().nullish().openapi({ description: 'Second borrower: YYYY-MM-DD, a real date in the past.', example: '1993-09-30' }),
    ...borrowerFields('borrower', 'Second borrower'),
  })
  .openapi('BorrowersSimulator')

export const PropertySimulatorSchema = z
  .strictObject({
    acquisitionAmount: propertyAmount('Purchase price. Required (above 0) for the loan purposes ACQUISITION, LAND_ACQUISITION and ACQUISITION_AND_WORKS'),
    evaluationEstimatedAmount: propertyAmount(
      'Estimated valuation. Required (above 0) for purposes valued on the acquisition basis (loan-purposes `ltvBasis` "acquisition"): LTV = loan / min(acquisitionAmount, evaluationEstimatedAmount)',
    ),
    sustainabilityCampaign: z.boolean().nullish().openapi({ description: 'Energy class A+, A or B: lowers the spread. Absent counts as false.', example: false }),
    worksCost: propertyAmount('Cost of the works. Required (above 0) for purposes on the works basis (construction, works, purchase and works), refused (above 0) otherwise'),
    estimatedValueAfterWorks: propertyAmount('Value once the works are done. Required (above 0) for purposes on the works basis, refused (above 0) otherwise'),
    landValue: propertyAmount(
      'Value of the land, or of the property before the works. Required (above 0) for purposes on the works basis, refused (above 0) otherwise: LTV = loan / min(landValue + worksCost, estimatedValueAfterWorks)',
    ),
  })
  .openapi('PropertySimulator')

/**
 * The three groups of the simulation input as the loan reads them. A process carries the same loan
 * and property groups under its own names; Simulation Create wraps them in SimulationInput.
 */
export interface LoanInput {
  loanSimulator: LoanSimulator
  borrowersSimulator: BorrowersSimulator
  propertySimulator: PropertySimulator
}

export type LoanSimulator = z.infer<typeof LoanSimulatorSchema>
export type BorrowersSimulator = z.infer<typeof BorrowersSimulatorSchema>
export type PropertySimulator = z.infer<typeof PropertySimulatorSchema>

/** The fields of the second borrower, refused when numberOfborrowers is 1. */
export const SECOND_BORROWER_FIELDS = Object.keys(BorrowersSimulatorSchema.shape).filter((k) => k.startsWith('borrower'))
