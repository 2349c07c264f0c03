/**
 * The data of the sample journeys: a partner's typical records, used by the provider states of Pact
 * verification and by the console's "try it". Kept stable: partners' pacts rely on these values.
 */
import { CO_BORROWER_COMPLETION_EXAMPLE, KEY_BORROWER_COMPLETION_EXAMPLE } from '../processes/index.ts'
import { SIMULATION_INPUT_EXAMPLE, type SimulationInput } from '../simulations/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'

/** The input without its fields of 0: the sample as a partner's client would usually send it. */
function withoutZeros<T extends SimulationInput>(input: T): T {
  const borrowers = Object.fromEntries(Object.entries(input.borrowersSimulator).filter(([, value]) => value !== 0))
  return { ...input, borrowersSimulator: borrowers as T['borrowersSimulator'] }
}

/**
 * Eligible: two borrowers in their thirties, 200,000 € over 30 years on a 250,000 € home, variable
 * rate on Euribor 6M. The one sample simulation: the OpenAPI example of Create and Validate, less
 * its fields of 0. Kept stable: partners' pacts (the provider states) and the console's "try it"
 * journeys rely on its values.
 */
export const ELIGIBLE_SIMULATION = withoutZeros(SIMULATION_INPUT_EXAMPLE)

/** Not eligible by the engine's own rules: the key borrower's other credits push the DSTI past the limit. */
export const NOT_ELIGIBLE_SIMULATION = {
  ...ELIGIBLE_SIMULATION,
  borrowersSimulator: { ...ELIGIBLE_SIMULATION.borrowersSimulator, keyBorrowerInstallmentPersonalCredit: 3500 },
} satisfies SimulationInput

const yearsFrom = (now: Date, years: number) => {
  return `${now.getUTCFullYear() + years}${now.toISOString().slice(4, 10)}`
}

/** The key borrower's completion (the OpenAPI example), its identity document valid five years from the clock. */
export const keyBorrowerCompletion = (now: Date) => ({
  ...KEY_BORROWER_COMPLETION_EXAMPLE,
  personalDataBorrowerRequest: { ...KEY_BORROWER_COMPLETION_EXAMPLE.personalDataBorrowerRequest, identificationDocumentExpiredDate: yearsFrom(now, 5) },
})

/** The second borrower's completion (the OpenAPI example), its identity document valid three years from the clock. */
export const coBorrowerCompletion = (now: Date) => ({
  ...CO_BORROWER_COMPLETION_EXAMPLE,
  personalDataBorrowerRequest: { ...CO_BORROWER_COMPLETION_EXAMPLE.personalDataBorrowerRequest, identificationDocumentExpiredDate: yearsFrom(now, 3) },
})

/** The property data Submit requires beyond what the simulation gave: its location (in Lisboa, as its postal code), address and registry. */
export const PROPERTY_COMPLETION = {
  districtId: 11,
  countyId: 1106,
  parishId: 110666,
  address: 'Rua Castilho',
  doorNumber: '39',
  zipCode: '1250-068',
  zipCodeLocal: 'Lisboa',
  matrixArticle: 'U-2345',
  landRegistryNumber: '1234/20040312',
}

/** A one-page PDF, as small as a reader accepts. */
export const SAMPLE_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')

/** One document Submit requires, for a borrower or for the property. */
export interface MandatoryDocument {
  documentTypeId: number
  borrowerUniqueId?: string
  fileName: string
}

/**
 * The documents Submit requires of a process with these borrowers: each mandatory document type
 * (document-types, `mandatory`) once per borrower when its scope is the borrower, else once.
 */
export function mandatoryDocuments(taxonomy: Pick<TaxonomyCatalog, 'items'>, borrowerUniqueIds: readonly string[]): MandatoryDocument[] {
  return taxonomy
    .items('document-types')
    .filter((type) => type.attributes.mandatory === true)
    .flatMap((type) => {
      const fileName = `${type.code ?? type.id}.pdf`.toLowerCase()
      return type.attributes.scope === 'borrower'
        ? borrowerUniqueIds.map((borrowerUniqueId) => ({ documentTypeId: type.id, borrowerUniqueId, fileName }))
        : [{ documentTypeId: type.id, fileName }]
    })
}

/** The sample journey's records as one value: what the scenarios' trials are given and the Pact provider states read. */
export const SAMPLE_JOURNEY = {
  eligibleSimulation: ELIGIBLE_SIMULATION,
  notEligibleSimulation: NOT_ELIGIBLE_SIMULATION,
  keyBorrowerCompletion,
  coBorrowerCompletion,
  propertyCompletion: PROPERTY_COMPLETION,
  pdf: SAMPLE_PDF,
  mandatoryDocuments,
}
