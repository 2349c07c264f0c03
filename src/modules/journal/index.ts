import type { Clock, PartnerClock } from '../../platform/clock.ts'
import type { Db } from '../../db/connection.ts'
import type { Transactions } from '../../db/write-batch.ts'
import type { Logger } from '../../platform/logger.ts'
import type { Metrics } from '../../common/metrics.ts'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../../http/router/app-env.ts'
import { auditHandlers } from './audit/audit.handlers.ts'
import { createAuditRepository } from './audit/audit.repository.ts'
import * as auditRoutes from './audit/audit.routes.ts'
import { createAuditService, type AuditService } from './audit/audit.service.ts'
import { requestJournalHandlers } from './request-journal.handlers.ts'
import { createRequestJournalRepository } from './request-journal.repository.ts'
import * as routes from './request-journal.routes.ts'
import { createRequestJournalService, type JournalSettings, type RequestJournalService } from './request-journal.service.ts'
import { createRouter } from '../../http/router/create-router.ts'

export { journalRequests } from './journal-middleware.ts'
export type { JournalEntry, JournalSummary } from './journal-entry.ts'
export type { RequestJournalService } from './request-journal.service.ts'
export { auditTrail } from './audit/audit-middleware.ts'
export type { AuditService } from './audit/audit.service.ts'

/** The partners' request journal: the middleware that records, the service that reads (docs/design.md "Request journal"). */
export function createRequestJournal(deps: {
  db: Db
  writes: Transactions
  clock: PartnerClock
  logger: Logger
  settings: JournalSettings
  metrics?: Pick<Metrics, 'journalDropped'>
}): RequestJournalService {
  return createRequestJournalService({ ...deps, repository: createRequestJournalRepository(deps.db) })
}

/** Sandbox control API: GET /sandbox/requests and /sandbox/requests/{requestId}. */
export function requestJournalRouter(journal: Pick<RequestJournalService, 'list' | 'get'>) {
  const handlers = requestJournalHandlers(journal)
  return createRouter().openapi(routes.list, handlers.list).openapi(routes.get, handlers.get)
}

/** The audit trail of the operator's and the partner administrators' actions (docs/design.md "Audit trail"). */
export function createAudit(deps: { db: Db; writes: Transactions; clock: Clock; logger: Logger }): AuditService {
  return createAuditService({ ...deps, repository: createAuditRepository(deps.db) })
}

/** GET /sandbox/account/audit (a partner's administrators) and GET /sandbox/operator/audit (behind the operator token's door, the partners'). */
export function auditRouter(audit: Pick<AuditService, 'list'>, operatorDoor: MiddlewareHandler<AppEnv>) {
  const handlers = auditHandlers(audit)
  const router = createRouter()
  router.use('/sandbox/operator/audit', operatorDoor)
  return router.openapi(auditRoutes.account, handlers.account).openapi(auditRoutes.operator, handlers.operator)
}
