import { simulationExpired, simulationStatusChanged } from '../callbacks/notification-events.ts'
import type { NotificationPublisher } from '../callbacks/notification-publisher.ts'
import type { Clock } from '../../clock.ts'
import type { Db } from '../../db/connection.ts'
import { deferUntilCommit } from '../../db/commit-hooks.ts'
import { timeOrderedUuid } from '../../ids/time-ordered-uuid.ts'
import type { EligibilityFailure } from '../../domain/mortgage/index.ts'
import { ApiError } from '../../http/api-error.ts'
import type { AuthRepository } from '../auth/auth.repository.ts'
import type { AuthContext } from '../auth/token.service.ts'
import type { TaxonomyCatalog } from '../taxonomy/taxonomy.catalog.ts'
import type { Lang } from '../../http/language.ts'
import type { ScenarioRegistry } from '../sandbox-scenarios/scenario-registry.ts'
import type { ScenarioJobScheduler } from '../sandbox-scenarios/scenario-jobs.ts'
import type { Scenario } from '../sandbox-scenarios/scenario.schema.ts'
import { createSimulationDetailCache } from './simulation-detail-cache.ts'
import { toSimulationDetail } from './simulation-detail.mapper.ts'
import { localizedProblem, text } from '../../http/problems.ts'
import { evaluateSimulation } from './simulation-engine.ts'
import type { SimulationInput } from './simulation-input.schemas.ts'
import { createSimulationListRepository } from './simulation-list.repository.ts'
import { generateProfile } from './simulation-profile.ts'
import { applySimulationScenario, forcedEligibility, type ForcedEligibility } from './simulation-scenario.ts'
import { simulationStatuses, type StatusOrigin } from './simulation-status.ts'
import { mergeSimulationPatch, validateSimulationInput } from './simulation-validation.ts'
import { createSimulationRepository, type EvaluationColumns, type NewSimulation, type SimulationRow, type StoredSimulation } from './simulations.repository.ts'

/** What the service needs; read at call time, so a dependency replaced after start (the publisher) is used. */
export interface SimulationServiceDeps {
  db: Db
  clock: Clock
  taxonomy: TaxonomyCatalog
  authRepository: AuthRepository
  notifications: NotificationPublisher
  /** Sandbox scenarios; without them none applies. */
  scenarios?: ScenarioRegistry
  /** Where scenarios schedule their delayed effects (bank messages), scaled by SANDBOX_TIME_SCALE. */
  scenarioJobs?: { jobs: ScenarioJobScheduler; timeScale: number }
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

const today = (clock: Clock) => clock.now().toISOString().slice(0, 10)

export const simulationNotFound = (id: string) =>
  new ApiError('NOT_FOUND', {
    field: 'simulationUniqueId',
    params: { id },
    message: { 'pt-PT': `Simulação não encontrada: ${id}.`, en: `Simulation not found: ${id}.` },
  })

/**
 * The simulation lifecycle (DESIGN.md "Lifecycles"): create and update evaluate the input and set
 * Simulated or Not eligible; cancel from a cancelable status; every status change is recorded with
 * its time and origin and published as a partner notification, in the transaction of the change.
 */
export function createSimulationService(deps: SimulationServiceDeps) {
  const { db, taxonomy } = deps
  const repo = createSimulationRepository(db)
  const lists = createSimulationListRepository(db)
  const statuses = simulationStatuses(taxonomy)
  const details = createSimulationDetailCache(db)
  const SIMULATED = statuses.id('SIMULATED')
  const NOT_ELIGIBLE = statuses.id('NOT_ELIGIBLE')
  const CANCELLED = statuses.id('CANCELLED')
  const EXPIRED = statuses.id('EXPIRED')

  const describeStatus = (id: number | null, lang: 'pt-PT' | 'en' = 'pt-PT') => (id === null ? null : taxonomy.describe('workflow-states-simulation', id, lang))

  /** History and notification 6 of every status change, and 8 when it expires. */
  function recordStatusChange(row: Pick<SimulationRow, 'simulationUniqueId' | 'partnerUniqueID'>, from: number | null, to: number, at: number, origin: StatusOrigin, userId: number | null) {
    repo.insertHistory(row.simulationUniqueId, { statusId: to, previousStatusId: from, changedAt: at, origin, userId })
    const event = {
      partnerUniqueID: row.partnerUniqueID,
      simulationUniqueId: row.simulationUniqueId,
      simulationStatusId: to,
      simulationStatusDescription: describeStatus(to) ?? String(to),
      previousSimulationStatusId: from,
    }
    deps.notifications.publish(simulationStatusChanged(event))
    if (to === EXPIRED) deps.notifications.publish(simulationExpired(event))
  }

  function validated(raw: unknown): SimulationInput {
    const { problems, input } = validateSimulationInput(raw, { taxonomy, today: today(deps.clock) })
    if (!input) throw ApiError.validation(problems)
    return input
  }

  /** The evaluation of an input: the columns it writes, and the failed eligibility rules as objects. */
  function evaluate(id: string, input: SimulationInput, at: Date, forced?: ForcedEligibility): { columns: EvaluationColumns; failures: EligibilityFailure[] } {
    const evaluatedOn = at.toISOString().slice(0, 10)
    const evaluation = evaluateSimulation(input, taxonomy, evaluatedOn)
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

  function findOwned(auth: Pick<AuthContext, 'brokerId'>, id: string): StoredSimulation {
    const row = repo.findForBroker(id, auth.brokerId)
    if (!row) throw simulationNotFound(id)
    return row
  }

  function assertStatus(row: SimulationRow, allowed: (statusId: number) => boolean) {
    if (allowed(row.statusId)) return
    throw new ApiError('STATE_FORBIDS_OPERATION', localizedProblem('STATE_FORBIDS_OPERATION', 'simulationUniqueId', {
      status: text(describeStatus(row.statusId, 'pt-PT') ?? String(row.statusId), describeStatus(row.statusId, 'en') ?? String(row.statusId)),
    }))
  }

  /** The words of the list's text filter, written once per write batch (db/commit-hooks.ts). */
  const indexSearchWords = (simulationNumber: number, replace: boolean) =>
    deferUntilCommit(db, `simulation-search:${simulationNumber}`, () => repo.indexSearchWords(simulationNumber, replace))

  /** The new simulation, its first status and scenario effects, in one transaction (savepoint). */
  const createTx = db.transaction((row: NewSimulation, scenario: Scenario | undefined, apply: () => void) => {
    const simulationNumber = repo.nextNumber()
    row.simulationNumber = simulationNumber
    repo.insert(row)
    indexSearchWords(simulationNumber, false)
    recordStatusChange(row, null, row.statusId, row.createdAt, 'api', row.userId)
    if (scenario) apply()
    return simulationNumber
  })

  const updateTx = db.transaction((row: SimulationRow, columns: EvaluationColumns, statusId: number, userId: number) => {
    repo.updateEvaluation(columns)
    indexSearchWords(row.simulationNumber, true)
    if (statusId !== row.statusId) {
      repo.updateStatus(row.simulationUniqueId, statusId, columns.updatedAt)
      recordStatusChange(row, row.statusId, statusId, columns.updatedAt, 'api', userId)
    }
  })

  const statusTx = db.transaction(
    (row: SimulationRow, statusId: number, at: number, origin: StatusOrigin, userId: number | null, cancel?: { reasonId: number; observations: string | null }) => {
      if (cancel) repo.updateCancel(row.simulationUniqueId, cancel.reasonId, cancel.observations)
      repo.updateStatus(row.simulationUniqueId, statusId, at)
      recordStatusChange(row, row.statusId, statusId, at, origin, userId)
    },
  )

  /**
   * Moves a simulation of the broker to another status outside the API's own operations (sandbox
   * control, scenarios, a process created from it). Final statuses are never left.
   * @throws ApiError 404, 400 when the simulation is in a final status.
   */
  function changeStatus(brokerId: number, id: string, statusId: number, origin: StatusOrigin, userId: number | null = null, process?: { processUniqueId: string; processNumber: number }) {
    const row = repo.findForBroker(id, brokerId)
    if (!row) throw simulationNotFound(id)
    if (!taxonomy.has('workflow-states-simulation', statusId)) throw new Error(`unknown simulation status ${statusId}`)
    assertStatus(row, (s) => !statuses.final(s))
    db.transaction(() => {
      if (process) repo.updateProcess(id, process.processUniqueId, process.processNumber)
      if (statusId !== row.statusId) statusTx(row, statusId, deps.clock.now().getTime(), origin, userId)
    })()
  }

  const scenarioDeps = { taxonomy, clock: deps.clock, repo, statuses, scenarioJobs: deps.scenarioJobs, changeStatus }

  return {
    statuses,
    lists,
    repository: repo,

    /** Simulation Validate: every problem Create would report, none when valid. */
    validate: (raw: unknown) => validateSimulationInput(raw, { taxonomy, today: today(deps.clock) }).problems,

    /**
     * @param simulationUniqueId an explicit id (provider-state fixtures name their records); a new one otherwise.
     * @throws ApiError 400 with every problem of the input.
     */
    create(auth: AuthContext, raw: unknown, origin = 'API', simulationUniqueId?: string, options: ScenarioOptions = {}): SimulationOutcome {
      const input = validated(raw)
      const identity = deps.authRepository.findByUserId(auth.userId)
      if (!identity) throw new ApiError('UNAUTHENTICATED', { field: 'Authorization', params: { detail: 'the token names an unknown user' } })
      const now = deps.clock.now()
      const id = simulationUniqueId ?? timeOrderedUuid(now)
      const scenario = options.scenario ?? deps.scenarios?.matchMagic(input)
      const forced = forcedEligibility(scenario, taxonomy)
      const { columns, failures } = evaluate(id, input, now, forced)
      const statusId = columns.eligible ? SIMULATED : NOT_ELIGIBLE
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
        origin: scenario?.name ?? origin,
        statusId,
        statusLastAt: now.getTime(),
        createdAt: now.getTime(),
      }
      const simulationNumber = createTx(row, scenario, () =>
        applySimulationScenario(scenarioDeps, row, scenario, { forced, fromRequest: true, lang: options.lang ?? 'pt-PT' }),
      )
      return { simulationUniqueID: id, simulationNumber, eligible: columns.eligible === 1, failures, rejectReasonId: forced?.rejectReasonId ?? null }
    },

    /**
     * Merge-patches the input, validates the result, re-evaluates. The simulation keeps its scenario
     * (the request's replaces it), so a forced non-eligibility survives updates.
     * @throws ApiError 404, 400.
     */
    update(auth: AuthContext, id: string, patch: unknown, options: ScenarioOptions = {}): SimulationOutcome {
      const row = findOwned(auth, id)
      assertStatus(row, statuses.updatable)
      const input = validated(mergeSimulationPatch(JSON.parse(row.input) as SimulationInput, patch))
      const scenario = options.scenario ?? (row.scenario ? deps.scenarios?.get(row.scenario) : undefined) ?? deps.scenarios?.matchMagic(input)
      const forced = forcedEligibility(scenario, taxonomy)
      const { columns, failures } = evaluate(id, input, deps.clock.now(), forced)
      db.transaction(() => {
        updateTx(row, columns, columns.eligible ? SIMULATED : NOT_ELIGIBLE, auth.userId)
        applySimulationScenario(scenarioDeps, row, scenario, { forced, fromRequest: options.scenario !== undefined, lang: options.lang ?? 'pt-PT' })
      })()
      return { simulationUniqueID: id, simulationNumber: row.simulationNumber, eligible: columns.eligible === 1, failures, rejectReasonId: forced?.rejectReasonId ?? null }
    },

    /** @throws ApiError 404, 400 (unknown reason, status not cancelable). */
    cancel(auth: AuthContext, id: string, reasonId: number, comments: string | null | undefined): void {
      const row = findOwned(auth, id)
      if (!taxonomy.has('simulation-cancel-reasons', reasonId)) {
        throw new ApiError('UNKNOWN_REFERENCE', { field: 'simulationCancelReasonId', params: { value: reasonId, list: 'simulation-cancel-reasons' } })
      }
      assertStatus(row, statuses.cancelable)
      statusTx(row, CANCELLED, deps.clock.now().getTime(), 'api', auth.userId, { reasonId, observations: comments || null })
    },

    changeStatus,

    /** @throws ApiError 404 */
    find: findOwned,

    /** The rendered Simulation Detail kept for this broker's simulation and language, if any (simulation-detail-cache.ts). */
    cachedDetailJson: (auth: Pick<AuthContext, 'brokerId'>, id: string, lang: Lang): string | undefined => details.get(auth.brokerId, id, lang),

    /**
     * Simulation Detail as JSON text, rendered once and kept until the simulation's row is next written.
     * @throws ApiError 404
     */
    detailJson(auth: Pick<AuthContext, 'brokerId'>, id: string, lang: Lang): string {
      const hit = details.get(auth.brokerId, id, lang)
      if (hit !== undefined) return hit
      const row = findOwned(auth, id)
      const json = JSON.stringify(toSimulationDetail(row, taxonomy, lang))
      details.set(row.brokerId, id, lang, json)
      return json
    },
  }
}

export type SimulationService = ReturnType<typeof createSimulationService>
