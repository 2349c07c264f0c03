import type { PartnerClock } from '../../platform/clock.ts'
import type { BrokerScope } from '../../db/broker-scope.ts'
import type { Transactions } from '../../db/write-batch.ts'
import { ApiError } from '../../common/api-error.ts'
import { keysetPage, type PagingQuery } from '../../common/pagination.ts'
import type { Logger } from '../../platform/logger.ts'
import type { JournalEntry, JournalFilter, RequestJournalRepository } from './request-journal.repository.ts'
import type { Metrics } from '../../common/metrics.ts'

export interface JournalSettings {
  /** The newest entries kept per partner (SANDBOX_JOURNAL_MAX_ENTRIES). */
  maxEntries: number
  /** The most bytes of entries kept per partner (SANDBOX_JOURNAL_MAX_MB): the oldest go first. */
  maxBytes: number
  /** Entries journaled per partner per second; the rest are counted, not kept (SANDBOX_JOURNAL_MAX_PER_SECOND). */
  maxPerSecond: number
}

/** How long an entry waits in memory before its batch is written, and the most a batch holds. */
const FLUSH_EVERY_MS = 100
const FLUSH_AT_ENTRIES = 500

/**
 * The request journal (docs/design.md "Request journal"): entries are queued in memory and written in
 * one transaction every 100 ms (or every 500), so a request pays for a push, not for an insert; a
 * read of the journal writes what is queued first. Past its per-second allowance a partner's requests
 * are counted, not journaled: a load test's thousands of calls a second would otherwise cost every
 * request an insert, and nobody reads them one by one.
 */
export function createRequestJournalService(deps: {
  writes: Transactions
  clock: PartnerClock
  logger: Logger
  repository: RequestJournalRepository
  settings: JournalSettings
  metrics?: Pick<Metrics, 'journalDropped'>
}) {
  const { repository, settings } = deps
  let queue: JournalEntry[] = []
  let timer: NodeJS.Timeout | undefined
  const allowance = new Map<string, { second: number; used: number; skipped: number }>()

  const store = deps.writes.transaction((entries: JournalEntry[]) => repository.insertAll(entries, settings))

  function flush(): void {
    clearTimeout(timer)
    timer = undefined
    if (queue.length === 0) return
    const entries = queue
    queue = []
    try {
      store(entries)
    } catch (error) {
      deps.metrics?.journalDropped(entries.length, 'write_failed')
      deps.logger.warn('request journal not written', { entries: entries.length, error: error instanceof Error ? error.message : String(error) })
    }
  }

  return {
    /** Whether this request of the partner is journaled: within its allowance for the current second. */
    admit(partnerUniqueID: string): boolean {
      const second = Math.floor(performance.now() / 1000)
      let state = allowance.get(partnerUniqueID)
      if (!state || state.second !== second) {
        if (state && state.skipped > 0) deps.logger.info('requests not journaled', { partnerUniqueID, count: state.skipped, maxPerSecond: settings.maxPerSecond })
        state = { second, used: 0, skipped: 0 }
        allowance.set(partnerUniqueID, state)
      }
      if (state.used >= settings.maxPerSecond) {
        state.skipped += 1
        deps.metrics?.journalDropped(1, 'allowance')
        return false
      }
      state.used += 1
      return true
    },
    /** The partner's time for an entry's `at`. */
    now: (partnerUniqueID: string) => deps.clock.now(partnerUniqueID).toISOString(),
    /** The real time for an entry's `receivedAt`. */
    realNow: () => deps.clock.machine.now().toISOString(),
    record(entry: JournalEntry): void {
      queue.push(entry)
      if (queue.length >= FLUSH_AT_ENTRIES) flush()
      else if (!timer) {
        timer = setTimeout(flush, FLUSH_EVERY_MS)
        timer.unref()
      }
    },
    flush,

    /**
     * One page of the journal the filter's scope sees (a broker's requests), newest first, without
     * bodies. `countUpTo` bounds the count (the console's pager): `totalRecords` is then at most that,
     * and `moreThanTotal` says there are more. @throws ApiError 400 (unknown cursor).
     */
    list(filter: JournalFilter, query: PagingQuery, options: { countUpTo?: number } = {}) {
      flush()
      const { rows, hasMoreResults } = keysetPage(query, {
        positionOf: (id) => repository.positionOf(filter.scope, id),
        rows: (cursor, limit) => repository.page(filter, cursor, limit),
      })
      const { countUpTo } = options
      const counted = repository.count(filter, countUpTo === undefined ? undefined : countUpTo + 1)
      const moreThanTotal = countUpTo !== undefined && counted > countUpTo
      return { totalRecords: moreThanTotal ? countUpTo : counted, moreThanTotal, hasMoreResults, entries: rows }
    },

    /** The newest `limit` entries matching the filter, without their count (the console's live list). */
    recent(filter: JournalFilter, limit: number) {
      flush()
      return repository.page(filter, { kind: 'first' }, limit)
    },

    /** The newest entry the scope sees with that request id: another broker's is not found. @throws ApiError 404. */
    get(scope: BrokerScope, requestId: string) {
      flush()
      const entry = repository.byRequestId(scope, requestId)
      if (!entry) throw new ApiError('NOT_FOUND', { field: 'requestId', params: { resource: 'request', id: requestId } })
      return entry
    },

    /** The partner's entries received between two real times (never its test clock's), oldest first, with their bodies (the certification's client checks). */
    window(partnerUniqueID: string, from: string, to: string) {
      flush()
      return repository.window(partnerUniqueID, from, to, settings.maxEntries || 10_000)
    },

    /** Deletes the partner's journal (sandbox reset); returns how many entries. */
    deleteOfPartner(partnerUniqueID: string): number {
      flush()
      return repository.removeOfPartner(partnerUniqueID)
    },
    /** Retention: deletes up to `limit` entries older than `cutoff`. */
    deleteOlderThan: (cutoff: Date, limit: number) => repository.removeOlderThan(cutoff.toISOString(), limit),
  }
}

export type RequestJournalService = ReturnType<typeof createRequestJournalService>
