import type { Lang } from '../../common/language.ts'
import { loanFigures, type LoanSimulator, type StoredQuote } from '../simulations/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import type { ProcessRow } from './processes.repository.ts'

/**
 * The loan, insurance and charges sections of Process Detail, by the simulation detail's own mapper,
 * so both details always show the same figures under the same names and rules.
 */
export function loanSections(row: ProcessRow, taxonomy: TaxonomyCatalog, lang: Lang) {
  const figures = loanFigures(JSON.parse(row.loan) as LoanSimulator, JSON.parse(row.quote) as StoredQuote, taxonomy, lang)
  return { loanProcessDetail: figures.loan, insuranceProcessDetail: figures.insurance, bankCharges: figures.bankCharges }
}
