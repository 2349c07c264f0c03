import { randomUUID } from 'node:crypto'
import type { AppDeps } from '../../composition-root.ts'
import { NOTIFICATION_TYPE } from '../callbacks/notification-events.ts'
import { ApiError } from '../../http/api-error.ts'
import type { Scenario } from '../sandbox-scenarios/scenario.schema.ts'
import type { AuthContext } from '../auth/token.service.ts'
import type { BorrowerRecord } from './borrowers/borrower.repository.ts'
import type { BorrowerData } from './borrowers/borrower-request.schemas.ts'
import { CO_BORROWER_TYPE, KEY_BORROWER_TYPE } from './borrowers/borrower-rules.ts'
import { propertyFromSimulation } from './property/property-generation.ts'
import { localizedProblem, text } from '../../http/problems.ts'
import type { BorrowersSimulator, SimulationInput } from '../simulations/simulation-input.schemas.ts'
import type { SimulationProfile } from '../simulations/simulation-profile.ts'
import { evaluateProcess, evaluationColumns } from './process-evaluation.ts'
import { processStatuses } from './process-status.ts'
import { recordProcessStatusChange } from './process-transitions.ts'

export interface CreatedProcess {
  processUniqueId: string
  processNumber: number
}

/** Explicit ids for the records a process starts with (provider-state fixtures); new ones otherwise. */
export interface NewProcessIds {
  processUniqueId?: string
  /** In the order the borrowers are copied: key borrower first. */
  borrowerUniqueIds?: readonly (string | undefined)[]
  propertyUniqueId?: string
}

function simulatedBorrower(b: BorrowersSimulator, prefix: 'keyBorrower' | 'borrower', taxId: string, contractTypeId: number, dependents?: number): BorrowerData {
  const value = (suffix: string) => ((b as Record<string, unknown>)[`${prefix}${suffix}`] as number | null | undefined) ?? 0
  return {
    borrowerTypeId: prefix === 'keyBorrower' ? KEY_BORROWER_TYPE : CO_BORROWER_TYPE,
    personal: {
      name: (prefix === 'keyBorrower' ? b.keyBorrowerName : b.borrowerName) ?? undefined,
      birthDate: (prefix === 'keyBorrower' ? b.keyBorrowerBirthDate : b.borrowerBirthDate) ?? undefined,
      taxId,
      ...(dependents === undefined ? {} : { dependentsNumber: String(dependents) }),
    },
    financial: {
      incomeWagesPensions: value('IncomeWagesPensions'),
      incomeGreenReceipts: value('IncomeGreenReceipts'),
      incomeRents: value('IncomeRents'),
      incomeOthers: value('IncomeOthers'),
      installmentHousingCredit: value('InstallmentHousingCredit'),
      installmentPersonalCredit: value('InstallmentPersonalCredit'),
      installmentAutoLeasingCredit: value('InstallmentAutoLeasingCredit'),
      installmentCreditCard: value('InstallmentCreditCard'),
      installmentBankOverdraft: value('InstallmentBankOverdraft'),
      installmentOther: value('InstallmentOther'),
      hasSocialSecurityDebt: false,
    },
    professional: { employmentContractTypeId: contractTypeId },
  }
}

/** The borrowers a process starts with: the simulation's key borrower and second borrower (its relation is asked later). */
function borrowersFromSimulation(input: SimulationInput, profile: SimulationProfile): BorrowerData[] {
  const b = input.borrowersSimulator
  const borrowers = [simulatedBorrower(b, 'keyBorrower', profile.keyBorrowerTaxId, profile.keyBorrowerContractTypeID, profile.borrowersDependentsNumber)]
  if (b.numberOfborrowers === 2 && b.borrowerName && b.borrowerBirthDate) {
    borrowers.push(simulatedBorrower(b, 'borrower', profile.borrowerTaxId, profile.borrowerContractTypeID))
  }
  return borrowers
}

/**
 * Process Create (DESIGN.md "Lifecycles"): from a Simulated (eligible) simulation of the broker, a
 * Draft process with the simulation's loan, borrowers and property; the simulation becomes Completed
 * through the simulations service (history origin "process", notification 6) and names the process.
 * Notifications 1 (process created) and 5 (status Draft) go out in the same transaction. The process
 * keeps the request's sandbox scenario, else its simulation's: Submit applies it.
 * @throws ApiError 404 (simulation not the broker's), 400 (simulation not Simulated).
 */
export function createProcess(deps: AppDeps, auth: AuthContext, simulationUniqueId: string, ids: NewProcessIds = {}, options: { scenario?: Scenario | undefined } = {}): CreatedProcess {
  const { simulations, taxonomy } = deps
  const simulation = simulations.find(auth, simulationUniqueId)
  const simulated = simulations.statuses.id('SIMULATED')
  if (simulation.statusId !== simulated) {
    const describe = (lang: 'pt-PT' | 'en') => taxonomy.describe('workflow-states-simulation', simulation.statusId, lang) ?? ''
    throw new ApiError(
      'STATE_FORBIDS_OPERATION',
      localizedProblem('STATE_FORBIDS_OPERATION', 'simulationUniqueId', { status: text(describe('pt-PT'), describe('en')) }),
    )
  }
  const input = JSON.parse(simulation.input) as SimulationInput
  const profile = JSON.parse(simulation.profile) as SimulationProfile
  const now = deps.clock.now()
  const at = now.getTime()
  const processUniqueId = ids.processUniqueId ?? randomUUID()
  const borrowers: BorrowerRecord[] = borrowersFromSimulation(input, profile).map((data, index) => ({
    ...data,
    borrowerUniqueId: ids.borrowerUniqueIds?.[index] ?? randomUUID(),
    processUniqueId,
    createdAt: at + index,
    createdByUserId: auth.userId,
    updatedAt: at,
    updatedByUserId: auth.userId,
  }))
  const property = propertyFromSimulation(processUniqueId, profile, input.propertySimulator, taxonomy)
  const evaluation = evaluateProcess(taxonomy, input.loanSimulator, borrowers, property, now.toISOString().slice(0, 10))
  const draft = processStatuses(taxonomy).id('DRAFT')
  const store = deps.processes

  return deps.db.transaction((): CreatedProcess => {
    const processNumber = store.processes.nextNumber()
    store.processes.insert({
      ...evaluationColumns(processUniqueId, input.loanSimulator, evaluation, now),
      processNumber,
      partnerUniqueID: auth.partnerUniqueID,
      brokerId: auth.brokerId,
      userId: auth.userId,
      simulationUniqueId,
      branchId: simulation.branchId,
      branchDescription: simulation.branchDescription,
      statusId: draft,
      statusLastAt: at,
      createdAt: at,
    })
    const scenario = options.scenario?.name ?? simulation.scenario
    if (scenario) store.processes.setScenario(processUniqueId, scenario)
    for (const b of borrowers) store.borrowers.insert(processUniqueId, b.borrowerUniqueId, b, b.createdAt, auth.userId)
    store.properties.insert({ propertyUniqueId: ids.propertyUniqueId ?? randomUUID(), processUniqueId, data: property, updatedAt: at, updatedByUserId: auth.userId })
    deps.notifications.publish({
      partnerUniqueID: auth.partnerUniqueID,
      notificationTypeId: NOTIFICATION_TYPE.PROCESS_CREATED,
      processUniqueId,
      data: { processNumber, simulationUniqueId, processStatusId: draft, processStatusDescription: processStatuses(taxonomy).describe(draft, 'pt-PT') },
    })
    recordProcessStatusChange(deps, { processUniqueId, partnerUniqueID: auth.partnerUniqueID }, null, draft, at, 'api', auth.userId)
    simulations.changeStatus(auth.brokerId, simulationUniqueId, simulations.statuses.id('COMPLETED'), 'process', auth.userId, { processUniqueId, processNumber })
    return { processUniqueId, processNumber }
  })()
}
