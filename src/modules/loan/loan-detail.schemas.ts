import { z } from '@hono/zod-openapi'

/**
 * The loan, insurance and charges sections of Simulation Detail, which Process Detail shows too
 * under its own names (loanProcessDetail, insuranceProcessDetail): names and JSON types as the
 * interface document writes them. Rates and ratios are percent (3.5 means 3.5%), amounts euros.
 */

const money = (description?: string) => z.number().openapi(description ? { description } : {})
const rate = (description: string) =>
  z
    .number()
    .optional()
    .openapi({ description: `${description}, percent` })
const optionalMoney = (description: string) => z.number().optional().openapi({ description })

export const LoanSimulationDetailSchema = z
  .object({
    loanAmount: money(),
    loanDurationMonths: z.number().int(),
    monthlyInstallmentAmount: money('First instalment of capital and interest: the French annuity of the TAN (of the fixed period for a mixed rate)'),
    mtic: money('Total amount payable: capital + all interest + every amount of bankCharges (upfront charges, stamp duty on interest, insurance over the term)'),
    proposedSpread: z.number().openapi({ description: 'Spread after the cross-selling and sustainability discounts, percent' }),
    indexInterestRate: rate('Index value (Euribor) for a variable or mixed rate; absent for a fixed rate'),
    tan: z.number().openapi({ description: 'Nominal annual rate at the start, percent' }),
    taeg: z.number().openapi({
      description:
        'APRC (Directive 2014/17/EU Annex I) from the net drawdown (loan minus the upfront bankCharges) and the monthly instalments plus insurance and stamp duty on interest, percent',
    }),
    productSchemeId: z.number().int(),
    productSchemeDescription: z.string(),
    loanPurposeId: z.string().openapi({ description: 'A string, as the interface document shows it', example: '1' }),
    loanPurposeDescription: z.string(),
    productPurposeId: z.string().openapi({ example: '1' }),
    productPurposeDescription: z.string(),
    hasCrossSelling: z.boolean(),
    indexTypeSubCategoryID: z.number().int().openapi({ description: 'The interestRateTypeID of the input (index-type-sub-categories)' }),
    indexTypeSubCategoryDescription: z.string(),
    indexTypeMixed: z.string().optional().openapi({ description: 'Description of the index-type-list-mixed item (mixed rate), else absent' }),
    indexType: z.string().optional().openapi({ description: 'Description of the index in use (variable and mixed rates), else absent' }),
    fixedBaseInterestRate: rate('Fixed base rate (fixed and mixed)'),
    fixedMonthlyInstallmentAmount: optionalMoney('Instalment during the fixed part'),
    fixedTAN: rate('TAN of the fixed part'),
    variableTAN: rate('TAN of the variable part (index + proposed spread)'),
    fixedSpread: rate('Standard spread of the fixed part'),
    fixedPeriod: z.string().optional().openapi({ description: 'Description of the fixed-fixed-period or mixed-fixed-period item, else absent' }),
    fixedProposedSpread: rate('Proposed spread of the fixed part'),
    loanFixedPeriodMonths: z.number().int().optional(),
    variableBaseInterestRate: rate('Index of the variable part'),
    variableMonthlyInstallmentAmount: optionalMoney('Instalment during the variable part (after the fixed period for a mixed rate, index assumed constant)'),
    variableSpread: rate('Standard spread of the variable part'),
    variableProposedSpread: rate('Proposed spread of the variable part'),
    loanVariablePeriodMonths: z.number().int().optional(),
    spread: z.number().openapi({ description: 'Standard spread of the scheme and LTV band, before discounts, percent' }),
    baseInterestRate: z.number().openapi({ description: 'Fixed base rate or index at the start, percent' }),
    loanToValue: z.number().openapi({ description: 'Loan / property value (min of acquisition and evaluation, or the works rule), percent' }),
    youthCredit: z.boolean(),
  })
  .openapi('LoanSimulationDetail')

export const InsuranceSimulationDetailSchema = z
  .object({
    lifeInsuranceMonthlyAmount: z.number().openapi({ description: 'Monthly, every borrower insured for the whole capital, by age' }),
    propertyInsuranceMonthlyAmount: z.number().openapi({ description: 'Monthly multi-risk insurance on the property value' }),
  })
  .openapi('InsuranceSimulationDetail')

export const BankChargeSchema = z
  .object({
    description: z.string().openapi({ description: 'From bank-charge-types, in the language of Accept-Language' }),
    amount: z.number().openapi({ description: 'Euros over the whole loan' }),
  })
  .openapi('BankCharge')

export type LoanSimulationDetail = z.infer<typeof LoanSimulationDetailSchema>
