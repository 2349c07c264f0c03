import { randomUUID } from 'node:crypto'
import type { PartnerClock } from '../../platform/clock.ts'
import type { Transactions } from '../../db/write-batch.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Notifications } from '../callbacks/index.ts'
import type { Scenario } from '../sandbox-scenarios/index.ts'
import type { BorrowersSimulator, LoanInput, LoanService } from '../loan/index.ts'
import type { SimulationProfile, StoredSimulation, SimulationService } from '../simulations/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import type { BorrowerRecord } from './borrowers/borrowers.repository.ts'
import type { BorrowerData } from './borrowers/borrower-request.schemas.ts'
import { CO_BORROWER_TYPE, KEY_BORROWER_TYPE } from './borrowers/borrower-rules.ts'
import { evaluateProcess, evaluationColumns } from './process-evaluation.ts'
import type { ProcessRepositories } from './process-repositories.ts'
import type { ProcessTransitions } from './process-transitions.ts'
import { processStatuses } from './process-status.ts'
import { propertyFromSimulation } from './property/property-generation.ts'

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
function borrowersFromSimulation(input: LoanInput, profile: SimulationProfile): BorrowerData[] {
  const b = input.borrowersSimulator
  const borrowers = [simulatedBorrower(b, 'keyBorrower', profile.keyBorrowerTaxId, profile.keyBorrowerContractTypeID, profile.borrowersDependentsNumber)]
  if (b.numberOfborrowers === 2 && b.borrowerName && b.borrowerBirthDate) {
    borrowers.push(simulatedBorrower(b, 'borrower', profile.borrowerTaxId, profile.borrowerContractTypeID))
  }
  return borrowers
}

export interface ProcessCreationDeps {
  repos: ProcessRepositories
  transitions: ProcessTransitions
  writes: Transactions
  clock: PartnerClock
  taxonomy: TaxonomyCatalog
  loan: LoanService
  notifications: Pick<Notifications, 'processCreated'>
  simulations: Pick<SimulationService, 'find' | 'statuses' | 'assertStatus' | 'changeStatus'>
  assertRoom?: { processes(partnerUniqueID: string): void } | undefined
}

/**
 * Process Create (docs/design.md "Lifecycles"): from a Simulated (eligible) simulation of the broker,
 * a Draft process with the simulation's loan, borrowers and property; the simulation becomes
 * Completed through the simulations service (history origin "process", notification 6) and names the
 * process. Notifications 1 (process created) and 5 (status Draft) go out in the same transaction. The
 * process keeps the request's sandbox scenario, else its simulation's: Submit applies it.
 */
export function createProcessCreation(deps: ProcessCreationDeps) {
  const { repos, taxonomy, simulations } = deps
  const draft = processStatuses(taxonomy).id('DRAFT')
  const simulated = simulations.statuses.id('SIMULATED')
  const completed = simulations.statuses.id('COMPLETED')

  const store = deps.writes.transaction(
    (
      auth: AuthContext,
      simulation: StoredSimulation,
      created: { processUniqueId: string; propertyUniqueId: string; now: Date; borrowers: BorrowerRecord[]; scenario: string | null },
    ) => {
      const { processUniqueId, now, borrowers } = created
      const input = JSON.parse(simulation.input) as LoanInput
      const profile = JSON.parse(simulation.profile) as SimulationProfile
      const at = now.getTime()
      const property = propertyFromSimulation(profile, input.propertySimulator, taxonomy)
      const evaluation = evaluateProcess(deps.loan, input.loanSimulator, borrowers, property, now.toISOString().slice(0, 10))
      const processNumber = repos.processes.nextNumber()
      repos.processes.insert({
        ...evaluationColumns(processUniqueId, input.loanSimulator, evaluation, now),
        processNumber,
        partnerUniqueID: auth.partnerUniqueID,
        brokerId: auth.brokerId,
        userId: auth.userId,
        simulationUniqueId: simulation.simulationUniqueId,
        branchId: simulation.branchId,
        branchDescription: simulation.branchDescription,
        statusId: draft,
        statusLastAt: at,
        createdAt: at,
      })
      if (created.scenario) repos.processes.setScenario(processUniqueId, created.scenario)
      for (const b of borrowers) repos.borrowers.insert(processUniqueId, b.borrowerUniqueId, b, b.createdAt, auth.userId)
      repos.properties.insert({ propertyUniqueId: created.propertyUniqueId, processUniqueId, data: property, updatedAt: at, updatedByUserId: auth.userId })
      deps.notifications.processCreated({
        partnerUniqueID: auth.partnerUniqueID,
        brokerId: auth.brokerId,
        processUniqueId,
        processNumber,
        simulationUniqueId: simulation.simulationUniqueId,
        processStatusId: draft,
        processStatusDescription: processStatuses(taxonomy).describe(draft, 'pt-PT'),
      })
      deps.transitions.record({ processUniqueId, partnerUniqueID: auth.partnerUniqueID, brokerId: auth.brokerId }, null, draft, at, 'api', auth.userId)
      simulations.changeStatus(auth.brokerId, simulation.simulationUniqueId, completed, 'process', auth.userId, { processUniqueId, processNumber })
      return { processUniqueId, processNumber }
    },
  )

  return {
    /** @throws ApiError 404 (simulation not the broker's), 400 (simulation not Simulated). */
    create(auth: AuthContext, simulationUniqueId: string, ids: NewProcessIds = {}, options: { scenario?: Scenario | undefined } = {}): CreatedProcess {
      const simulation = simulations.find(auth, simulationUniqueId)
      simulations.assertStatus(simulation, (s) => s === simulated)
      deps.assertRoom?.processes(auth.partnerUniqueID)
      const input = JSON.parse(simulation.input) as LoanInput
      const profile = JSON.parse(simulation.profile) as SimulationProfile
      const now = deps.clock.now(auth.partnerUniqueID)
      const processUniqueId = ids.processUniqueId ?? randomUUID()
      const borrowers: BorrowerRecord[] = borrowersFromSimulation(input, profile).map((data, index) => ({
        ...data,
        borrowerUniqueId: ids.borrowerUniqueIds?.[index] ?? randomUUID(),
        processUniqueId,
        createdAt: now.getTime() + index,
        createdByUserId: auth.userId,
        updatedAt: now.getTime(),
        updatedByUserId: auth.userId,
      }))
      return store(auth, simulation, {
        processUniqueId,
        propertyUniqueId: ids.propertyUniqueId ?? randomUUID(),
        now,
        borrowers,
        scenario: options.scenario?.name ?? simulation.scenario,
      })
    },
  }
}
