import type { Clock } from '../../../platform/clock.ts'
import { keysetPage, type PagingQuery } from '../../../common/pagination.ts'
import type { Transactions } from '../../../db/write-batch.ts'
import type { Logger } from '../../../platform/logger.ts'
import type { AuditEntry, AuditFilter, AuditRepository } from './audit.repository.ts'

/** What the middleware knows of an action when its answer is out. */
export type AuditedAction = Omit<AuditEntry, 'at'>

/** The audit trail: records the operator's and the partner administrators' actions, lists them. */
export function createAuditService(deps: { repository: AuditRepository; writes: Transactions; clock: Clock; logger: Logger }) {
  const { repository, writes, clock, logger } = deps
  const insert = writes.transaction((entry: AuditEntry) => repository.insert(entry))
  return {
    /** Records an action on the machine's clock (never a partner's test clock). A failure is logged: the answer is already out. */
    record(action: AuditedAction): void {
      try {
        insert({ ...action, at: clock.now().toISOString() })
      } catch (error) {
        logger.error('audit entry not recorded', { action: action.action, requestId: action.requestId, error: String(error) })
      }
    },
    list(filter: AuditFilter, query: PagingQuery) {
      const { rows, hasMoreResults } = keysetPage(query, {
        positionOf: (id) => repository.positionOf(filter, id),
        rows: (cursor, limit) => repository.page(filter, cursor, limit),
      })
      return { totalRecords: repository.count(filter), hasMoreResults, entries: rows }
    },
    deleteOlderThan: repository.deleteOlderThan,
  }
}

export type AuditService = ReturnType<typeof createAuditService>
