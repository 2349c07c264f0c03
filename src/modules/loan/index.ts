// The loan of a simulation and of a process: its input groups, rules, pricing and figures.
export { createLoan, type LoanDeps, type LoanService } from './loan.service.ts'
export type { LoanEvaluation, StoredQuote } from './loan-engine.ts'
export type { LoanSimulationDetail } from './loan-detail.schemas.ts'
export type { BorrowersSimulator, LoanInput, LoanSimulator, MonthlyField, PropertySimulator } from './loan-input.schemas.ts'
// The schemas other modules' requests and answers are composed of (one registered component each).
export { BankChargeSchema, InsuranceSimulationDetailSchema, LoanSimulationDetailSchema } from './loan-detail.schemas.ts'
export { BorrowersSimulatorSchema, LoanSimulatorSchema, MONTHLY_FIELDS, PropertySimulatorSchema } from './loan-input.schemas.ts'
