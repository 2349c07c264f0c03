import type { MortgageInput } from '../../domain/mortgage/index.ts'
import type { EsisDocument } from '../../esis-pdf/esis-document.ts'
import { loanEsisDocument } from '../../esis-pdf/loan-esis-document.ts'
import type { Lang } from '../../http/language.ts'
import type { UserIdentity } from '../auth/auth.repository.ts'
import type { TaxonomyCatalog } from '../taxonomy/taxonomy.catalog.ts'
import type { StoredQuote } from '../simulations/simulation-engine.ts'
import type { SimulationInput } from '../simulations/simulation-input.schemas.ts'
import type { SimulationRow } from '../simulations/simulations.repository.ts'

// The builder is shared with the process ESIS (src/esis/loan-esis-document.ts); these stay importable from here.
export { ESIS_VALIDITY_DAYS, SANDBOX_LENDER } from '../../esis-pdf/loan-esis-document.ts'

/**
 * The ESIS of a simulation from the same stored figures the detail answers; the repayment table is
 * the engine's schedule for the same input, so its totals match the detail's interest and MTIC.
 */
export function simulationEsisDocument(row: SimulationRow, broker: UserIdentity | undefined, taxonomy: TaxonomyCatalog, lang: Lang, issueDate: string): EsisDocument {
  const input = JSON.parse(row.input) as SimulationInput
  const b = input.borrowersSimulator
  return loanEsisDocument(
    {
      loan: input.loanSimulator,
      quote: JSON.parse(row.quote) as StoredQuote,
      engineInput: JSON.parse(row.engineInput) as MortgageInput,
      propertyValue: row.propertyAmount,
      consumerNames: [b.keyBorrowerName, ...(b.numberOfborrowers === 2 && b.borrowerName ? [b.borrowerName] : [])],
      references: { simulationId: String(row.simulationNumber), processNumber: row.processNumber === null ? null : String(row.processNumber) },
      broker,
    },
    taxonomy,
    lang,
    issueDate,
  )
}
