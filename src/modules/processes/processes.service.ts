import type { PartnerClock } from '../../platform/clock.ts'
import type { Transactions } from '../../db/write-batch.ts'
import { ApiError } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import type { Notifications } from '../callbacks/index.ts'
import type { ScenarioRegistry, ScenarioScheduler } from '../sandbox-scenarios/index.ts'
import type { SimulationService } from '../simulations/index.ts'
import type { LoanService } from '../loan/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { createBorrowerService } from './borrowers/borrowers.service.ts'
import { createDocumentService, type DocumentServiceDeps } from './documents/documents.service.ts'
import { createProcessAccess } from './process-access.ts'
import { createProcessCreation } from './process-creation.ts'
import { listProcesses } from './process-list.ts'
import { createProcessLoanUpdate } from './process-loan-update.ts'
import type { ProcessRepositories } from './process-repositories.ts'
import type { ProcessRow } from './processes.repository.ts'
import { createProcessSubmission } from './process-submission.ts'
import { createProcessTransitions } from './process-transitions.ts'
import { toProcessDetail } from './process-view.ts'
import type { ProcessListQuery } from './processes.schemas.ts'
import { createPropertyService } from './property/property.service.ts'

export interface ProcessServiceDeps {
  repos: ProcessRepositories
  writes: Transactions
  clock: PartnerClock
  taxonomy: TaxonomyCatalog
  loan: LoanService
  notifications: Notifications
  simulations: SimulationService
  scenarios?: ScenarioRegistry | undefined
  scheduler?: ScenarioScheduler | undefined
  /** Quotas of the partner: @throws ApiError 409 when it may store no more processes. */
  assertRoom?: { processes(partnerUniqueID: string): void } | undefined
  /** The partner's byte quotas, held by each upload while it streams in (documents). */
  room?: DocumentServiceDeps['room']
}

/**
 * The processes' front door: the Processes operations and those of their parts (borrowers,
 * documents, property), and what the other modules need of a process (messages, ESIS, the bank's
 * side of the sandbox, callback echo). Each part is its own service over the same repositories and
 * the same access and status rules.
 */
export function createProcessService(deps: ProcessServiceDeps) {
  const { repos, taxonomy } = deps
  const access = createProcessAccess({ processes: repos.processes, taxonomy })
  const transitions = createProcessTransitions({ ...deps, processes: repos.processes, access })
  const { statuses } = access
  const parts = { repos, access, writes: deps.writes, clock: deps.clock, taxonomy, loan: deps.loan, assertRoom: deps.assertRoom, room: deps.room }

  return {
    statuses,
    list: (auth: AuthContext, query: ProcessListQuery, lang: Lang) => listProcesses(repos.lists, taxonomy, auth, query, lang),
    create: createProcessCreation({ ...deps, transitions }).create,
    detail: (auth: AuthContext, processUniqueId: string, lang: Lang) => toProcessDetail(repos, taxonomy, deps.loan, access.owned(auth, processUniqueId), lang),
    updateLoan: createProcessLoanUpdate(parts),
    submit: createProcessSubmission({ ...deps, access, transitions }).submit,

    /**
     * Process Cancel: from a status whose `cancelable` flag is set (Draft, Submitted, In analysis,
     * Approved), to Cancelled with the reason and comments; history and notification 5.
     * @throws ApiError 404, 400 (unknown reason, status not cancelable).
     */
    cancel(auth: AuthContext, processUniqueId: string, reasonId: number, comments: string | null | undefined): void {
      const row = access.owned(auth, processUniqueId)
      if (!taxonomy.has('proposal-cancel-reasons', reasonId)) {
        throw new ApiError('UNKNOWN_REFERENCE', { field: 'proposalCancelReasonId', params: { value: reasonId, list: 'proposal-cancel-reasons' } })
      }
      access.assertStatus(row, statuses.cancelable)
      transitions.apply(row, statuses.id('CANCELLED'), 'api', auth.userId, { cancel: { reasonId, observations: comments || null } })
    },

    borrowers: createBorrowerService(parts),
    documents: createDocumentService(parts),
    property: createPropertyService(parts),

    /** The broker's process. @throws ApiError 404 */
    find: access.owned,
    /** The broker's process holding a borrower, a document or a property of that id, and which part it is. @throws ApiError 404 */
    ownerOfPart(auth: AuthContext, partUniqueId: string) {
      const part = repos.parts.ownerOf(partUniqueId)
      if (!part) throw new ApiError('NOT_FOUND', { field: 'id', params: { resource: 'record', id: partUniqueId } })
      return { process: access.owned(auth, part.processUniqueId), kind: part.kind }
    },
    /** The broker's process, or undefined (never a 404). */
    findOfBroker: (brokerId: number, processUniqueId: string): ProcessRow | undefined => repos.processes.findForBroker(processUniqueId, brokerId),
    /** @throws ApiError 400 (010301) when the status does not allow the operation. */
    assertStatus: access.assertStatus,
    /** @throws ApiError 400 (010301) once the process is final (documents, messages). */
    assertOpen: access.assertOpen,
    /** The borrowers of a process the caller already owns, key borrower first. */
    borrowersOf: (processUniqueId: string) => repos.borrowers.list(processUniqueId),

    /** The bank's side: a move through the workflow (sandbox control, scenario jobs). */
    transition: transitions.transition,
    /** Sandbox control: force a status through the workflow. */
    forceStatus: transitions.force,
    /** Any status but out of a final one, skipping the workflow (tests). */
    changeStatus: transitions.change,

    /** Deletes every process of the partner with all under it (sandbox reset); answers what went. */
    deleteOfPartner: repos.processes.removeOfPartner,
    /** Retention: deletes up to `limit` processes older than `cutoff` with all under them; returns how many. */
    deleteOlderThan: (cutoff: Date, limit: number) => repos.processes.removeOlderThan(cutoff.getTime(), limit),
  }
}

export type ProcessService = ReturnType<typeof createProcessService>
