import type { Lang } from '../../http/language.ts'
import { toSimulationDetail } from '../simulations/simulation-detail.mapper.ts'
import type { SimulationDetail } from '../simulations/simulation-detail.schemas.ts'
import type { SimulationInput } from '../simulations/simulation-input.schemas.ts'
import type { SimulationProfile } from '../simulations/simulation-profile.ts'
import type { SimulationRow } from '../simulations/simulations.repository.ts'
import type { TaxonomyCatalog } from '../taxonomy/taxonomy.catalog.ts'
import type { ProcessRow } from './process.repository.ts'

const NO_PROFILE: SimulationProfile = {
  keyBorrowerTaxId: '',
  keyBorrowerContractTypeID: 0,
  keyBorrowerHasSocialSecurityDebt: false,
  borrowerTaxId: '',
  borrowerContractTypeID: 0,
  borrowerHasSocialSecurityDebt: false,
  borrowersDependentsNumber: 0,
  typologyId: 0,
  districtId: 0,
  grossBuiltArea: null,
}

/**
 * The loan, insurance and charges sections of Process Detail, produced by the simulation detail's
 * own mapper so both details always show the same figures under the same names and rules: the
 * process's loan group and quote are handed to it as a simulation row; only its loan, insurance
 * and charges sections are kept.
 */
export function loanSections(row: ProcessRow, taxonomy: TaxonomyCatalog, lang: Lang) {
  const input: SimulationInput = {
    loanSimulator: JSON.parse(row.loan) as SimulationInput['loanSimulator'],
    borrowersSimulator: { numberOfborrowers: 1, keyBorrowerName: '', keyBorrowerBirthDate: row.evaluatedOn },
    propertySimulator: {},
  }
  const asSimulation: SimulationRow = {
    simulationUniqueId: row.simulationUniqueId,
    simulationNumber: 0,
    partnerUniqueID: row.partnerUniqueID,
    brokerId: row.brokerId,
    userId: row.userId,
    branchId: row.branchId,
    branchDescription: row.branchDescription,
    origin: 'API',
    statusId: 0,
    statusLastAt: row.statusLastAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    evaluatedOn: row.evaluatedOn,
    cancelReasonId: null,
    cancelObservations: null,
    processUniqueId: row.processUniqueId,
    processNumber: row.processNumber,
    keyBorrowerName: '',
    keyBorrowerTaxId: '',
    borrowerName: null,
    borrowerTaxId: null,
    loanAmount: row.loanAmount,
    propertyAmount: row.propertyAmount,
    ltvEstimated: row.ltvEstimated,
    youthCredit: row.youthCredit,
    eligible: row.eligible,
    input: JSON.stringify(input),
    engineInput: row.engineInput,
    quote: row.quote,
    failures: row.failures,
    profile: JSON.stringify(NO_PROFILE),
    scenario: null,
    rejectReasonId: null,
  }
  const detail: SimulationDetail = toSimulationDetail(asSimulation, taxonomy, lang)
  return { loanProcessDetail: detail.loanSimulationDetail, insuranceProcessDetail: detail.insuranceSimulationDetail, bankCharges: detail.bankCharges }
}
