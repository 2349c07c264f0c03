import type { PartnerClock } from '../../platform/clock.ts'
import { ApiError } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import { makeRoom } from '../../common/bounded-map.ts'
import { adminRequired } from '../../common/admin-required.ts'
import { localizedProblem, text } from '../../common/problems.ts'
import type { LocalizedText } from '../../common/language.ts'
import { zodProblems } from '../../common/zod-problems.ts'
import type { Db } from '../../db/connection.ts'
import { onRollback } from '../../db/rollbacks.ts'
import type { Transactions } from '../../db/write-batch.ts'
import type { Logger } from '../../platform/logger.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { createPartnerScenarioRepository, type StoredScenario } from './partner-scenarios.repository.ts'
import { createScenarioIndex, type ScenarioIndex } from './scenario-index.ts'
import { scenarioProblems } from './scenario-references.ts'
import { ScenarioSchema, type Scenario } from './scenario.schemas.ts'

/** The quotas a partner's scenarios count against: how many, and their bytes in the storage. */
export type ScenarioQuotaKind = 'scenarios' | 'storageBytes'

/** What a stored scenario costs in the storage quota besides its text (migration 022 counts the same). */
const SCENARIO_ROW_BYTES = 256

/** Partners whose scenarios are held in memory at once; past it the least recent are read again when used. */
const CACHED_PARTNERS = 1000

export interface PartnerScenariosDeps {
  db: Db
  writes: Transactions
  clock: PartnerClock
  logger: Logger
  taxonomy: TaxonomyCatalog
  /** The sandbox's scenario files: their names are not the partners' to take. */
  files: Pick<ScenarioIndex, 'get'>
  /** @throws ApiError 409 (010605) when storing `adding` more would pass the partner's quota. */
  assertRoom?: ((partnerUniqueID: string, kind: ScenarioQuotaKind, adding: number) => void) | undefined
}

/** A partner's own scenario as the API answers it. */
export interface PartnerScenario {
  scenario: Scenario
  createdAt: string
  updatedAt: string
}

const bytesOf = (name: string, document: string) => SCENARIO_ROW_BYTES + Buffer.byteLength(name) + Buffer.byteLength(document)

const nameTaken = (name: string, detail: LocalizedText) => new ApiError('SCENARIO_NAME_TAKEN', localizedProblem('SCENARIO_NAME_TAKEN', 'name', { name, detail }))

const SANDBOX_SCENARIO = text('é um cenário do sandbox (GET /sandbox/scenarios).', 'it is a scenario of the sandbox (GET /sandbox/scenarios).')
const ownScenario = (name: string) =>
  text(`já é um dos seus cenários: PUT /sandbox/scenarios/${name} substitui-o.`, `it is already one of your scenarios: PUT /sandbox/scenarios/${name} replaces it.`)

/**
 * A partner's own scenarios (docs/design.md "Scenarios and sandbox control"): the scenario file's
 * document, validated on write as a file is at start (the schema, the reference lists, the workflow)
 * with each problem naming its field, stored per partner and counted in its quotas. Each partner's
 * set is held in memory as an index by name and magic value, read on first use, dropped on a write
 * of the partner and on a rolled-back batch.
 */
export function createPartnerScenarios(deps: PartnerScenariosDeps) {
  const repo = createPartnerScenarioRepository(deps.db)
  const indexes = new Map<string, ScenarioIndex>()
  onRollback(deps.db, () => indexes.clear())

  /** A stored document read back; one the schema no longer takes (an older sandbox's) is left out and logged. */
  function readBack(partnerUniqueID: string, row: StoredScenario): Scenario | undefined {
    const parsed = ScenarioSchema.safeParse(JSON.parse(row.document))
    if (parsed.success) return parsed.data
    deps.logger.warn('stored scenario no longer valid, ignored', {
      partnerUniqueID,
      name: row.name,
      problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
    })
    return undefined
  }

  function indexOf(partnerUniqueID: string): ScenarioIndex {
    let index = indexes.get(partnerUniqueID)
    if (index) return index
    makeRoom(indexes, CACHED_PARTNERS, () => false)
    index = createScenarioIndex(repo.ofPartner(partnerUniqueID).flatMap((row) => readBack(partnerUniqueID, row) ?? []))
    indexes.set(partnerUniqueID, index)
    return index
  }

  /** The document, validated; the path's name given to a body without one (PUT). @throws ApiError 400 naming each field */
  function validated(body: unknown, pathName?: string): Scenario {
    const input = pathName !== undefined && body !== null && typeof body === 'object' && !Array.isArray(body) && !('name' in body) ? { ...body, name: pathName } : body
    const parsed = ScenarioSchema.safeParse(input)
    if (!parsed.success) throw ApiError.validation(zodProblems(parsed.error, input))
    const problems = scenarioProblems(parsed.data, deps.taxonomy)
    if (pathName !== undefined && parsed.data.name !== pathName) {
      problems.unshift({
        key: 'INVALID_VALUE',
        field: 'name',
        message: text(`O campo {field} tem de ser o nome do caminho, ${pathName}.`, `Field {field} must be the name of the path, ${pathName}.`),
      })
    }
    if (problems.length > 0) throw ApiError.validation(problems)
    if (deps.files.get(parsed.data.name)) throw nameTaken(parsed.data.name, SANDBOX_SCENARIO)
    return parsed.data
  }

  const asAnswer = (row: StoredScenario, scenario: Scenario): PartnerScenario => ({ scenario, createdAt: row.createdAt, updatedAt: row.updatedAt })

  /** Stores the scenario, new or in place of the partner's one of that name, within its quotas; returns whether it replaced one. */
  const store = deps.writes.transaction((partnerUniqueID: string, scenario: Scenario, mayReplace: boolean): boolean => {
    const document = JSON.stringify(scenario)
    const previous = repo.get(partnerUniqueID, scenario.name)
    if (previous && !mayReplace) throw nameTaken(scenario.name, ownScenario(scenario.name))
    const now = deps.clock.now(partnerUniqueID).toISOString()
    const growth = bytesOf(scenario.name, document) - (previous ? bytesOf(previous.name, previous.document) : 0)
    if (!previous) deps.assertRoom?.(partnerUniqueID, 'scenarios', 1)
    if (growth > 0) deps.assertRoom?.(partnerUniqueID, 'storageBytes', growth)
    if (previous) repo.update(partnerUniqueID, scenario.name, document, now)
    else repo.insert(partnerUniqueID, scenario.name, document, now)
    indexes.delete(partnerUniqueID)
    return previous !== undefined
  })

  const remove = deps.writes.transaction((partnerUniqueID: string, name: string): boolean => {
    const removed = repo.remove(partnerUniqueID, name)
    indexes.delete(partnerUniqueID)
    return removed
  })

  function assertAdmin(auth: AuthContext): void {
    // The routes answer a non-administrator 403 before the body is read (http/access/access-rules.ts);
    // the service keeps its own check for the console and any other caller.
    if (!auth.admin) throw adminRequired()
  }

  const notFound = (name: string) => new ApiError('NOT_FOUND', { field: 'name', params: { resource: 'scenario', id: name } })

  return {
    /** The partner's own scenarios, indexed: what the registry looks them up in. */
    indexOf,
    /** The partner's own scenarios, by name, with when each was written. */
    list(partnerUniqueID: string): PartnerScenario[] {
      return repo.ofPartner(partnerUniqueID).flatMap((row) => {
        const scenario = readBack(partnerUniqueID, row)
        return scenario ? [asAnswer(row, scenario)] : []
      })
    },
    /** One of the partner's own. @throws ApiError 404 */
    get(partnerUniqueID: string, name: string): PartnerScenario {
      const row = repo.get(partnerUniqueID, name)
      const scenario = row && readBack(partnerUniqueID, row)
      if (!row || !scenario) throw notFound(name)
      return asAnswer(row, scenario)
    },
    /** A new scenario (POST). @throws ApiError 400 naming the field, 409 for a taken name or a full quota */
    create(auth: AuthContext, body: unknown): PartnerScenario {
      assertAdmin(auth)
      const scenario = validated(body)
      store(auth.partnerUniqueID, scenario, false)
      return asAnswer(repo.get(auth.partnerUniqueID, scenario.name)!, scenario)
    },
    /** Creates or replaces the scenario of that name (PUT). @throws ApiError 400 naming the field, 409 */
    put(auth: AuthContext, name: string, body: unknown): PartnerScenario & { replaced: boolean } {
      assertAdmin(auth)
      const scenario = validated(body, name)
      const replaced = store(auth.partnerUniqueID, scenario, true)
      return { ...asAnswer(repo.get(auth.partnerUniqueID, name)!, scenario), replaced }
    },
    /** @throws ApiError 404 when the partner has none of that name, 409 for a sandbox scenario's name */
    delete(auth: AuthContext, name: string): void {
      assertAdmin(auth)
      if (remove(auth.partnerUniqueID, name)) return
      if (deps.files.get(name)) throw nameTaken(name, SANDBOX_SCENARIO)
      throw notFound(name)
    },
  }
}

export type PartnerScenarios = ReturnType<typeof createPartnerScenarios>
