import { z } from '@hono/zod-openapi'
import { LoanSchemas } from '../loan/index.ts'

const { BorrowersSimulatorSchema, LoanSimulatorSchema, PropertySimulatorSchema } = LoanSchemas

/**
 * The body of Simulation Create and Validate, and of Simulation Update (a merge patch): the loan's
 * three groups (src/modules/loan), each required in the input.
 */

export const SimulationInputSchema = z
  .strictObject({
    loanSimulator: LoanSimulatorSchema,
    borrowersSimulator: BorrowersSimulatorSchema,
    propertySimulator: PropertySimulatorSchema,
  })
  .openapi('SimulationInput', {
    description: 'The three groups are required. Every problem found is reported, one errors[] item per field.',
  })

export type SimulationInput = z.infer<typeof SimulationInputSchema>

export const SimulationPatchSchema = z
  .strictObject({
    loanSimulator: LoanSimulatorSchema.partial().openapi('LoanSimulatorPatch'),
    borrowersSimulator: BorrowersSimulatorSchema.partial().openapi('BorrowersSimulatorPatch'),
    propertySimulator: PropertySimulatorSchema.partial().openapi('PropertySimulatorPatch'),
  })
  .partial()
  .openapi('SimulationPatch', {
    description:
      'Any of the three groups, each with any of its fields (JSON Merge Patch, RFC 7396): a field left out keeps its value, a field sent as null is removed (for example `fixedPeriodID: null` when moving from a fixed to a variable rate). The merged simulation must pass every rule of Simulation Create.',
  })

/** An eligible simulation (the example of Create and Validate): it succeeds as it is. */
export const SIMULATION_INPUT_EXAMPLE = {
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
    keyBorrowerIncomeGreenReceipts: 0,
    keyBorrowerIncomeRents: 0,
    keyBorrowerIncomeOthers: 0,
    keyBorrowerInstallmentHousingCredit: 0,
    keyBorrowerInstallmentPersonalCredit: 150,
    keyBorrowerInstallmentAutoLeasingCredit: 0,
    keyBorrowerInstallmentCreditCard: 0,
    keyBorrowerInstallmentBankOverdraft: 0,
    keyBorrowerInstallmentOther: 0,
    borrowerName: 'João Pedro Almeida',
    borrowerBirthDate: '1993-09-30',
    borrowerIncomeWagesPensions: 2100,
    borrowerIncomeGreenReceipts: 0,
    borrowerIncomeRents: 0,
    borrowerIncomeOthers: 0,
    borrowerInstallmentHousingCredit: 0,
    borrowerInstallmentPersonalCredit: 0,
    borrowerInstallmentAutoLeasingCredit: 0,
    borrowerInstallmentCreditCard: 0,
    borrowerInstallmentBankOverdraft: 0,
    borrowerInstallmentOther: 0,
  },
  propertySimulator: {
    acquisitionAmount: 250000,
    evaluationEstimatedAmount: 255000,
    sustainabilityCampaign: false,
  },
} satisfies SimulationInput
