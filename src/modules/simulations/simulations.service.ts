import type { PartnerClock } from '../../platform/clock.ts'
import type { Transactions } from '../../db/write-batch.ts'
import type { EligibilityFailure } from '../../domain/mortgage/index.ts'
import { ApiError } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import { mergePatch } from '../../common/json-merge-patch.ts'
import type { Lang } from '../../common/language.ts'
import { timeOrderedUuid } from '../../platform/ids/time-ordered-uuid.ts'
import type { UserIdentity } from '../partners/index.ts'
import type { Notifications } from '../callbacks/index.ts'
import type { Scenario, ScenarioRegistry, ScenarioScheduler } from '../sandbox-scenarios/index.ts'
import type { LoanService } from '../loan/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { toSimulationDetail } from './simulation-detail.mapper.ts'
import type { SimulationInput } from './simulation-input.schemas.ts'
import { createSimulationLifecycle } from './simulation-lifecycle.ts'
import { listSimulations } from './simulation-list.ts'
import type { SimulationListRepository } from './simulation-list.repository.ts'
import { generateProfile } from './simulation-profile.ts'
import { applySimulationScenario, forcedEligibility, type ForcedEligibility } from './simulation-scenario.ts'
import { validateSimulationInput } from './simulation-validation.ts'
import type { SimulationListQuery } from './simulations.schemas.ts'
import type { EvaluationColumns, NewSimulation, SimulationRepository } from './simulations.repository.ts'
import type { StoredSimulation } from './stored-simulation.ts'

export interface SimulationServiceDeps {
  repo: SimulationRepository
  lists: SimulationListRepository
  writes: Transactions
  clock: PartnerClock
  taxonomy: TaxonomyCatalog
  loan: LoanService
  /** The user a token names, with its branch (a simulation records the branch of its user). */
  identityOf(userId: number): UserIdentity | undefined
  notifications: Notifications
  /** Sandbox scenarios; without them none applies. */
  scenarios?: ScenarioRegistry | undefined
  /** Where scenarios schedule their delayed effects (bank messages). */
  scheduler?: ScenarioScheduler | undefined
  /** @throws ApiError 409 when the partner may store no more simulations (its quota). */
  assertRoom?: ((partnerUniqueID: string) => void) | undefined
}

export interface SimulationOutcome {
  simulationUniqueID: string
  simulationNumber: number
  eligible: boolean
  failures: EligibilityFailure[]
  /** From simulation-reject-reasons: the reason of a non-eligibility a scenario forced. */
  rejectReasonId: number | null
}

/** The request's sandbox scenario (header or magic value) and language, handed over by the handlers. */
export interface ScenarioOptions {
  scenario?: Scenario | undefined
  lang?: Lang
}

const today = (clock: PartnerClock, partnerUniqueID: string) => clock.now(partnerUniqueID).toISOString().slice(0, 10)

/**
 * Simulations (docs/design.md "Lifecycles"): create and update evaluate the input with the mortgage
 * engine and set Simulated or Not eligible; cancel from a cancelable status; every status change is
 * recorded and notified in the transaction of the change (simulation-lifecycle.ts).
 */
export function createSimulationService(deps: SimulationServiceDeps) {
  const { repo, taxonomy } = deps
  const lifecycle = createSimulationLifecycle(deps)
  const { statuses } = lifecycle
  const SIMULATED = statuses.id('SIMULATED')
  const NOT_ELIGIBLE = statuses.id('NOT_ELIGIBLE')
  const CANCELLED = statuses.id('CANCELLED')

  function validated(raw: unknown, partnerUniqueID: string): SimulationInput {
    const { problems, input } = validateSimulationInput(raw, deps.loan, today(deps.clock, partnerUniqueID))
    if (!input) throw ApiError.validation(problems)
    return input
  }

  /**
   * Simulation Update's input: the stored one with the patch merged in (JSON Merge Patch). A stored
   * field the change makes irrelevant (the second borrower's once there is one borrower, the index
   * once the rate is fixed) is dropped when the patch does not send it; one the patch sends is
   * refused like any field that does not apply (010108). @throws ApiError 400
   */
  function mergedInput(stored: SimulationInput, patch: unknown, partnerUniqueID: string): SimulationInput {
    const merged = mergePatch(stored, patch) as Record<string, unknown>
    const first = validateSimulationInput(merged, deps.loan, today(deps.clock, partnerUniqueID))
    if (first.input) return first.input
    const stale = first.problems.filter((p) => p.key === 'FIELD_NOT_ALLOWED' && !sentIn(patch, p.field))
    if (stale.length === 0) throw ApiError.validation(first.problems)
    for (const { field } of stale) dropField(merged, field)
    return validated(merged, partnerUniqueID)
  }

  /** The evaluation of an input: the columns it writes, and the failed eligibility rules as objects. */
  function evaluate(id: string, input: SimulationInput, at: Date, forced?: ForcedEligibility): { columns: EvaluationColumns; failures: EligibilityFailure[] } {
    const evaluatedOn = at.toISOString().slice(0, 10)
    const evaluation = deps.loan.evaluateInput(input, evaluatedOn)
    const profile = generateProfile(id, input, taxonomy)
    const two = input.borrowersSimulator.numberOfborrowers === 2
    const columns: EvaluationColumns = {
      simulationUniqueId: id,
      updatedAt: at.getTime(),
      evaluatedOn,
      keyBorrowerName: input.borrowersSimulator.keyBorrowerName,
      keyBorrowerTaxId: profile.keyBorrowerTaxId,
      borrowerName: two ? (input.borrowersSimulator.borrowerName ?? null) : null,
      borrowerTaxId: two ? profile.borrowerTaxId : null,
      loanAmount: input.loanSimulator.loanAmount,
      propertyAmount: evaluation.propertyAmount,
      ltvEstimated: evaluation.quote.loanToValue,
      youthCredit: input.loanSimulator.youthCredit ? 1 : 0,
      eligible: (forced?.eligible ?? evaluation.eligible) ? 1 : 0,
      input: JSON.stringify(input),
      engineInput: JSON.stringify(evaluation.engineInput),
      quote: JSON.stringify(evaluation.quote),
      failures: JSON.stringify(evaluation.failures),
      profile: JSON.stringify(profile),
    }
    return { columns, failures: evaluation.failures }
  }

  const findOwned = (auth: Pick<AuthContext, 'brokerId'>, id: string): StoredSimulation => lifecycle.ownedBy(auth.brokerId, id)

  /** The words of the list's text filter, written once per write batch (db/write-batch.ts). */
  const indexSearchWords = (simulationNumber: number, replace: boolean) =>
    deps.writes.beforeCommit(`simulation-search:${simulationNumber}`, () => repo.indexSearchWords(simulationNumber, replace))

  const scenarioDeps = { taxonomy, repo, statuses, scheduler: deps.scheduler, changeStatus: lifecycle.changeStatus }

  /** The new simulation, its first status and scenario effects, in one transaction (savepoint). */
  const createTx = deps.writes.transaction((row: NewSimulation, scenario: Scenario | undefined, apply: () => void) => {
    const simulationNumber = repo.nextNumber()
    row.simulationNumber = simulationNumber
    repo.insert(row)
    indexSearchWords(simulationNumber, false)
    lifecycle.record(row, null, row.statusId, row.createdAt, 'api', row.userId)
    if (scenario) apply()
    return simulationNumber
  })

  const updateTx = deps.writes.transaction((row: StoredSimulation, columns: EvaluationColumns, statusId: number, userId: number, applyScenario: () => void) => {
    repo.updateEvaluation(columns)
    indexSearchWords(row.simulationNumber, true)
    if (statusId !== row.statusId) {
      repo.updateStatus(row.simulationUniqueId, statusId, columns.updatedAt)
      lifecycle.record(row, row.statusId, statusId, columns.updatedAt, 'api', userId)
    }
    applyScenario()
  })

  return {
    statuses,
    describeStatus: lifecycle.describeStatus,

    /** Simulation Validate: every problem Create would report, none when valid. */
    validate: (auth: AuthContext, raw: unknown) => validateSimulationInput(raw, deps.loan, today(deps.clock, auth.partnerUniqueID)).problems,

    /**
     * Simulation Create.
     * @param simulationUniqueId an explicit id (provider-state fixtures name their records); a new one otherwise.
     * @throws ApiError 400 with every problem of the input.
     */
    create(auth: AuthContext, raw: unknown, options: ScenarioOptions = {}, simulationUniqueId?: string): SimulationOutcome {
      const input = validated(raw, auth.partnerUniqueID)
      deps.assertRoom?.(auth.partnerUniqueID)
      const identity = deps.identityOf(auth.userId)
      if (!identity) throw new ApiError('UNAUTHENTICATED', { field: 'Authorization', params: { detail: 'the token names an unknown user' } })
      const now = deps.clock.now(auth.partnerUniqueID)
      const id = simulationUniqueId ?? timeOrderedUuid(now)
      const scenario = options.scenario ?? deps.scenarios?.matchMagic(auth.partnerUniqueID, input)
      const forced = forcedEligibility(scenario, taxonomy)
      const { columns, failures } = evaluate(id, input, now, forced)
      // One literal (no rest or spread of the columns): V8 keeps it a fast object, cheap to bind.
      const row: NewSimulation = {
        simulationUniqueId: id,
        simulationNumber: 0,
        updatedAt: columns.updatedAt,
        evaluatedOn: columns.evaluatedOn,
        keyBorrowerName: columns.keyBorrowerName,
        keyBorrowerTaxId: columns.keyBorrowerTaxId,
        borrowerName: columns.borrowerName,
        borrowerTaxId: columns.borrowerTaxId,
        loanAmount: columns.loanAmount,
        propertyAmount: columns.propertyAmount,
        ltvEstimated: columns.ltvEstimated,
        youthCredit: columns.youthCredit,
        eligible: columns.eligible,
        input: columns.input,
        engineInput: columns.engineInput,
        quote: columns.quote,
        failures: columns.failures,
        profile: columns.profile,
        partnerUniqueID: auth.partnerUniqueID,
        brokerId: auth.brokerId,
        userId: auth.userId,
        branchId: identity.branchId,
        branchDescription: identity.branchDescription,
        origin: scenario?.name ?? 'API',
        statusId: columns.eligible ? SIMULATED : NOT_ELIGIBLE,
        statusLastAt: now.getTime(),
        createdAt: now.getTime(),
      }
      const simulationNumber = createTx(row, scenario, () => applySimulationScenario(scenarioDeps, row, scenario, { forced, fromRequest: true, lang: options.lang ?? 'pt-PT' }))
      return { simulationUniqueID: id, simulationNumber, eligible: columns.eligible === 1, failures, rejectReasonId: forced?.rejectReasonId ?? null }
    },

    /**
     * Simulation Update: merge-patches the input, validates the result, evaluates again. The
     * simulation keeps its scenario (the request's replaces it), so a forced non-eligibility survives.
     * @throws ApiError 404, 400.
     */
    update(auth: AuthContext, id: string, patch: unknown, options: ScenarioOptions = {}): SimulationOutcome {
      const row = findOwned(auth, id)
      lifecycle.assertStatus(row, statuses.updatable)
      const input = mergedInput(JSON.parse(row.input) as SimulationInput, patch, auth.partnerUniqueID)
      const scenario =
        options.scenario ?? (row.scenario ? deps.scenarios?.get(auth.partnerUniqueID, row.scenario) : undefined) ?? deps.scenarios?.matchMagic(auth.partnerUniqueID, input)
      const forced = forcedEligibility(scenario, taxonomy)
      const { columns, failures } = evaluate(id, input, deps.clock.now(auth.partnerUniqueID), forced)
      updateTx(row, columns, columns.eligible ? SIMULATED : NOT_ELIGIBLE, auth.userId, () =>
        applySimulationScenario(scenarioDeps, row, scenario, { forced, fromRequest: options.scenario !== undefined, lang: options.lang ?? 'pt-PT' }),
      )
      return { simulationUniqueID: id, simulationNumber: row.simulationNumber, eligible: columns.eligible === 1, failures, rejectReasonId: forced?.rejectReasonId ?? null }
    },

    /** Simulation Cancel. @throws ApiError 404, 400 (unknown reason, status not cancelable). */
    cancel(auth: AuthContext, id: string, reasonId: number, comments: string | null | undefined): void {
      const row = findOwned(auth, id)
      if (!taxonomy.has('simulation-cancel-reasons', reasonId)) {
        throw new ApiError('UNKNOWN_REFERENCE', { field: 'simulationCancelReasonId', params: { value: reasonId, list: 'simulation-cancel-reasons' } })
      }
      lifecycle.assertStatus(row, statuses.cancelable)
      lifecycle.move(row, CANCELLED, deps.clock.now(auth.partnerUniqueID).getTime(), 'api', auth.userId, { reasonId, observations: comments || null })
    },

    /** Simulation List. @throws ApiError 400 (filters, unknown cursor). */
    list: (auth: AuthContext, query: SimulationListQuery, lang: Lang) => listSimulations(deps.lists, taxonomy, auth, query, lang),

    /** The broker's simulation. @throws ApiError 404 */
    find: findOwned,
    /** Every status the broker's simulation has had, oldest first, with when and what moved it. @throws ApiError 404 */
    statusHistory: (auth: Pick<AuthContext, 'brokerId'>, id: string) => repo.history(findOwned(auth, id).simulationUniqueId),
    /** The broker's simulation, or undefined (never a 404). */
    findOfBroker: (brokerId: number, id: string): StoredSimulation | undefined => repo.findForBroker(id, brokerId),
    /** @throws ApiError 400 (010301) naming the current status when it does not allow the operation. */
    assertStatus: lifecycle.assertStatus,
    changeStatus: lifecycle.changeStatus,
    forceStatus: lifecycle.forceStatus,

    /**
     * Simulation Detail as JSON text (the HTTP layer keeps the answer: http/pipeline/answer-cache.ts).
     * @throws ApiError 404
     */
    detailJson(auth: Pick<AuthContext, 'brokerId'>, id: string, lang: Lang): string {
      return JSON.stringify(toSimulationDetail(findOwned(auth, id), taxonomy, deps.loan, lang))
    },

    /** Deletes every simulation of the partner with its history and messages (sandbox reset); returns how many. */
    deleteOfPartner: repo.removeOfPartner,
    /** Retention: deletes up to `limit` simulations older than `cutoff` no process stands on; returns how many. */
    deleteOlderThan: (cutoff: Date, limit: number) => repo.removeOlderThan(cutoff.getTime(), limit),
  }
}

export type SimulationService = ReturnType<typeof createSimulationService>

/** Whether a merge patch names a dotted field (sending it as null counts). */
function sentIn(patch: unknown, field: string): boolean {
  let current = patch
  for (const key of field.split('.')) {
    if (current === null || typeof current !== 'object' || !(key in current)) return false
    current = (current as Record<string, unknown>)[key]
  }
  return true
}

/** Removes a dotted field from a merged input (a fresh object of mergePatch's, never the stored one). */
function dropField(input: Record<string, unknown>, field: string): void {
  const keys = field.split('.')
  let parent: unknown = input
  for (const key of keys.slice(0, -1)) parent = parent !== null && typeof parent === 'object' ? (parent as Record<string, unknown>)[key] : undefined
  if (parent !== null && typeof parent === 'object') delete (parent as Record<string, unknown>)[keys.at(-1)!]
}
