import type { Lang } from '../../common/language.ts'
import type { LoanService, LoanSimulator, StoredQuote } from '../loan/index.ts'
import type { ProcessRow } from './processes.repository.ts'

/**
 * The loan, insurance and charges sections of Process Detail, by the loan's figures as Simulation Detail's,
 * so both details always show the same figures under the same names and rules.
 */
export function loanSections(row: ProcessRow, loans: Pick<LoanService, 'figures'>, lang: Lang) {
  const figures = loans.figures(JSON.parse(row.loan) as LoanSimulator, JSON.parse(row.quote) as StoredQuote, lang)
  return { loanProcessDetail: figures.loan, insuranceProcessDetail: figures.insurance, bankCharges: figures.bankCharges }
}
