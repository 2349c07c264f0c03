import { seqCursor } from '../../common/pagination.ts'
import { brokerScopeOf } from '../../db/broker-scope.ts'
import type { AppRouteHandler } from '../../http/router/app-env.ts'
import type { JournalEntry, JournalSummary } from './request-journal.repository.ts'
import type * as routes from './request-journal.routes.ts'
import type { RequestJournalService } from './request-journal.service.ts'

type Stored = JournalEntry & { seq: number }

// `receivedAt` is the certification's: the journal shows the partner's clock, as every other date.
const summary = ({ seq, partnerUniqueID: _p, receivedAt: _r, ...rest }: JournalSummary) => ({
  entryId: seqCursor(seq),
  ...rest,
  errors: rest.errors as Array<{ errorCode: string; errorMessage: string; errorField: string }> | null,
})

const full = ({ requestHeaders, requestBody, requestTruncated, responseContentType, responseHeaders: _kept, responseBody, responseTruncated, ...entry }: Stored) => ({
  ...summary(entry),
  requestHeaders,
  requestBody,
  requestTruncated,
  responseContentType,
  responseBody,
  responseTruncated,
})

export const requestJournalHandlers = (journal: Pick<RequestJournalService, 'list' | 'get'>) => ({
  list: ((c) => {
    const { path, method, status, requestId, from, to, ...paging } = c.req.valid('query')
    const filter = { scope: brokerScopeOf(c.get('auth')), path, method, statusClass: status ? Number(status[0]) : undefined, requestId, from, to }
    const page = journal.list(filter, paging)
    return c.json({ totalRecords: page.totalRecords, hasMoreResults: page.hasMoreResults, requestList: page.entries.map(summary) }, 200)
  }) satisfies AppRouteHandler<typeof routes.list>,
  get: ((c) => c.json(full(journal.get(brokerScopeOf(c.get('auth')), c.req.valid('param').requestId)), 200)) satisfies AppRouteHandler<typeof routes.get>,
})
