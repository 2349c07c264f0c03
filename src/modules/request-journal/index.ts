import type { PartnerClock } from '../../clock.ts'
import type { Db } from '../../db/connection.ts'
import type { Transactions } from '../../db/write-batch.ts'
import type { Logger } from '../../logger.ts'
import type { Metrics } from '../../common/metrics.ts'
import { requestJournalHandlers } from './request-journal.handlers.ts'
import { createRequestJournalRepository } from './request-journal.repository.ts'
import * as routes from './request-journal.routes.ts'
import { createRequestJournalService, type JournalSettings, type RequestJournalService } from './request-journal.service.ts'
import { createRouter } from '../../http/create-router.ts'

export { journalRequests } from './journal-middleware.ts'
export { REDACTED } from './journal-redaction.ts'
export type { JournalEntry, JournalSummary } from './journal-entry.ts'
export type { JournalSettings, RequestJournalService } from './request-journal.service.ts'

/** The partners' request journal: the middleware that records, the service that reads (docs/design.md "Request journal"). */
export function createRequestJournal(deps: { db: Db; writes: Transactions; clock: PartnerClock; logger: Logger; settings: JournalSettings; metrics?: Pick<Metrics, 'journalDropped'> }): RequestJournalService {
  return createRequestJournalService({ ...deps, repository: createRequestJournalRepository(deps.db) })
}

/** Sandbox control API: GET /sandbox/requests and /sandbox/requests/{requestId}. */
export function requestJournalRouter(journal: Pick<RequestJournalService, 'list' | 'get'>) {
  const handlers = requestJournalHandlers(journal)
  return createRouter().openapi(routes.list, handlers.list).openapi(routes.get, handlers.get)
}
