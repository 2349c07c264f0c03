import type { Problem } from '../../common/api-error.ts'
import type { Lang } from '../../common/language.ts'
import type { Borrower, MortgageInput, RepaymentRow } from '../../domain/mortgage/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { engineBorrower, evaluateLoan, evaluateLoanInput, repaymentTable, toMortgageInput, type LoanEvaluation, type StoredQuote } from './loan-engine.ts'
import { loanFigures } from './loan-figures.ts'
import type { LoanInput, LoanSimulator, MonthlyField, PropertySimulator } from './loan-input.schemas.ts'
import { loanRuleProblems } from './loan-rules.ts'

export interface LoanDeps {
  taxonomy: TaxonomyCatalog
}

/**
 * The loan over the reference lists: its input rules, its pricing by the engine of src/domain/mortgage
 * (ids resolved to rates and flags), its detail figures and its repayment table. Simulations and
 * processes hold the same loan groups and price them here, so both always agree to the cent.
 */
export function createLoan({ taxonomy }: LoanDeps) {
  return {
    /**
     * Every rule problem of the loan's groups beyond their schemas (ids in their lists, combinations,
     * rate-type fields, borrowers, property values by purpose). `typed` is the input as its strict
     * schema parsed it, when it did. Field paths name the simulation's groups (`loanSimulator.…`).
     */
    ruleProblems(input: unknown, today: string, typed?: Partial<LoanInput>): Problem[] {
      return loanRuleProblems(input, { taxonomy, today }, typed)
    },

    /** A simulation input priced and assessed on `asOf` (YYYY-MM-DD). */
    evaluateInput(input: LoanInput, asOf: string): LoanEvaluation {
      return evaluateLoanInput(input, taxonomy, asOf)
    },

    /** A loan and property priced and assessed for the given borrowers (key borrower first). */
    evaluate(loan: LoanSimulator, property: PropertySimulator, borrowers: Borrower[], asOf: string): LoanEvaluation {
      return evaluateLoan(toMortgageInput(loan, property, borrowers, taxonomy, asOf))
    },

    /** A borrower for the engine from their monthly amounts, read by field suffix (`IncomeWagesPensions`…). */
    borrower(birthDate: string, amountOf: (field: MonthlyField) => number | null | undefined): Borrower {
      return engineBorrower(birthDate, amountOf)
    },

    /** The loan, insurance and charges sections of a detail, descriptions in `lang`. */
    figures(loan: LoanSimulator, quote: StoredQuote, lang: Lang) {
      return loanFigures(loan, quote, taxonomy, lang)
    },

    /** The repayment table of a stored loan, recomputed from the engine input it was priced with. */
    repaymentTable(engineInput: MortgageInput): RepaymentRow[] {
      return repaymentTable(engineInput)
    },
  }
}

export type LoanService = ReturnType<typeof createLoan>
