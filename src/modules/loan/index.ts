// The loan of a simulation and of a process: its input groups, rules, pricing and figures.
export { createLoan, type LoanDeps, type LoanService } from './loan.service.ts'
export type { LoanEvaluation, StoredQuote } from './loan-engine.ts'
export type { BorrowersSimulator, LoanInput, LoanSimulator, MonthlyField, PropertySimulator } from './loan-input.schemas.ts'
export { MONTHLY_FIELDS } from './loan-input.schemas.ts'
export { LoanSchemas } from './loan.schemas.ts'
