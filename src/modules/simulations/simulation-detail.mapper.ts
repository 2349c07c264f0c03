import type { EligibilityFailure } from '../../domain/mortgage/index.ts'
import { withoutNulls } from '../../common/answer-fields.ts'
import type { Lang } from '../../common/language.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import type { SimulationDetail } from './simulation-detail.schemas.ts'
import { MONTHLY_FIELDS, type LoanService, type StoredQuote } from '../loan/index.ts'
import type { SimulationInput } from './simulation-input.schemas.ts'
import type { SimulationListRow } from './simulation-list.repository.ts'
import type { SimulationProfile } from './simulation-profile.ts'
import { nonEligibilityDescription } from './simulation-scenario.ts'
import type { SimulationListItem } from './simulations.schemas.ts'
import type { StoredSimulation } from './stored-simulation.ts'

const STATUS_LIST = 'workflow-states-simulation'
const iso = (ms: number) => new Date(ms).toISOString()
const dateTime = (date: string | null | undefined) => (date ? `${date}T00:00:00.000Z` : null)

function monthly(b: SimulationInput['borrowersSimulator'], prefix: 'keyBorrower' | 'borrower', present: boolean) {
  const source = b as Record<string, unknown>
  return Object.fromEntries(
    Object.keys(MONTHLY_FIELDS).map((suffix) => {
      const key = `${prefix}${suffix}`
      return [key, present ? ((source[key] as number | undefined) ?? 0) : null]
    }),
  )
}

/** The Simulation Detail answer of a stored simulation, descriptions in the caller's language. */
export function toSimulationDetail(row: StoredSimulation, taxonomy: TaxonomyCatalog, loans: Pick<LoanService, 'figures'>, lang: Lang): SimulationDetail {
  const input = JSON.parse(row.input) as SimulationInput
  const quote = JSON.parse(row.quote) as StoredQuote
  const profile = JSON.parse(row.profile) as SimulationProfile
  const b = input.borrowersSimulator
  const two = b.numberOfborrowers === 2
  const contract = (id: number) => taxonomy.describe('employment-contract-types', id, lang) ?? ''
  const figures = loans.figures(input.loanSimulator, quote, lang)
  return {
    simulationDetail: withoutNulls({
      simulationUniqueId: row.simulationUniqueId,
      simulationNumber: row.simulationNumber,
      processUniqueId: row.processUniqueId,
      processNumber: row.processNumber,
      creationDate: iso(row.createdAt),
      origin: row.origin,
      branchId: String(row.branchId),
      branchDescription: row.branchDescription,
      simulationStatusId: row.statusId,
      simulationStatusDescription: taxonomy.describe(STATUS_LIST, row.statusId, lang) ?? '',
      cancelReasonId: row.cancelReasonId,
      cancelReasonDescription: taxonomy.describe('simulation-cancel-reasons', row.cancelReasonId, lang),
      cancelObservations: row.cancelObservations,
      nonElegibilityDescription: nonEligibilityDescription(
        taxonomy,
        { eligible: row.eligible === 1, failures: JSON.parse(row.failures) as EligibilityFailure[], rejectReasonId: row.rejectReasonId },
        lang,
      ),
    }),
    borrowerSimulationDetail: withoutNulls({
      numberOfborrowers: b.numberOfborrowers,
      keyBorrowerName: b.keyBorrowerName,
      keyBorrowerTaxId: profile.keyBorrowerTaxId,
      keyBorrowerBirthDate: dateTime(b.keyBorrowerBirthDate)!,
      keyBorrowerContractTypeID: profile.keyBorrowerContractTypeID,
      keyBorrowerContractTypeDescription: contract(profile.keyBorrowerContractTypeID),
      ...(monthly(b, 'keyBorrower', true) as Record<`keyBorrower${keyof typeof MONTHLY_FIELDS}`, number>),
      keyBorrowerHasSocialSecurityDebt: profile.keyBorrowerHasSocialSecurityDebt,
      borrowerName: two ? b.borrowerName : null,
      borrowerTaxId: two ? profile.borrowerTaxId : null,
      borrowerBirthDate: two ? dateTime(b.borrowerBirthDate) : null,
      borrowerContractTypeID: two ? profile.borrowerContractTypeID : null,
      borrowerContractTypeDescription: two ? contract(profile.borrowerContractTypeID) : null,
      ...(monthly(b, 'borrower', two) as Record<`borrower${keyof typeof MONTHLY_FIELDS}`, number | null>),
      borrowerHasSocialSecurityDebt: two ? profile.borrowerHasSocialSecurityDebt : null,
      borrowersDependentsNumber: profile.borrowersDependentsNumber,
    }),
    propertySimulationDetail: withoutNulls({
      typologyId: profile.typologyId,
      typologyDescription: taxonomy.describe('property-typologies', profile.typologyId, lang) ?? '',
      evaluationEstimatedAmount: input.propertySimulator.evaluationEstimatedAmount,
      acquisitionAmount: input.propertySimulator.acquisitionAmount,
      districtId: profile.districtId,
      districtDescription: taxonomy.describe('districts', profile.districtId, lang) ?? '',
      grossBuiltArea: profile.grossBuiltArea,
    }),
    loanSimulationDetail: figures.loan,
    insuranceSimulationDetail: figures.insurance,
    bankCharges: figures.bankCharges,
  }
}

/** One item of Simulation List. */
export function toSimulationListItem(row: SimulationListRow, taxonomy: TaxonomyCatalog, lang: Lang): SimulationListItem {
  return {
    simulationUniqueID: row.simulationUniqueId,
    simulationNumber: row.simulationNumber,
    keyBorrowerName: row.keyBorrowerName,
    keyBorrowerTaxID: row.keyBorrowerTaxId,
    loanAmount: row.loanAmount,
    statusLastDate: iso(row.statusLastAt),
    simulationStatusID: row.statusId,
    simulationStatusDescription: taxonomy.describe(STATUS_LIST, row.statusId, lang) ?? '',
    propertyAmount: row.propertyAmount,
    ltvEstimated: row.ltvEstimated,
    branchID: row.branchId,
    branchDescription: row.branchDescription,
    origin: row.origin,
    youthCredit: row.youthCredit === 1,
  }
}
