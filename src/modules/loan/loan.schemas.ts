import { BankChargeSchema, InsuranceSimulationDetailSchema, LoanSimulationDetailSchema } from './loan-detail.schemas.ts'
import { BorrowersSimulatorSchema, LoanSimulatorSchema, PropertySimulatorSchema } from './loan-input.schemas.ts'

/**
 * The schemas the simulations' and processes' requests and answers are composed of (one registered
 * component each), as one export: the input groups and the priced detail are the loan's, whichever
 * operation carries them.
 */
export const LoanSchemas = {
  LoanSimulatorSchema,
  BorrowersSimulatorSchema,
  PropertySimulatorSchema,
  LoanSimulationDetailSchema,
  BankChargeSchema,
  InsuranceSimulationDetailSchema,
} as const
