import type { BrokerScope } from '../../db/broker-scope.ts'
import type { Db } from '../../db/connection.ts'
import type { RequestOrigin } from '../../common/request-origin.ts'
import { seqOfCursor, type KeysetCursor } from '../../common/pagination.ts'
import { createSeqKeyset, whereClause, type Where } from '../../db/seq-keyset.ts'
import type { JournalEntry, JournalSummary } from './journal-entry.ts'

// The journal's files that read entries from the repository keep naming them from it.
export type { JournalEntry, JournalSummary } from './journal-entry.ts'

export interface JournalFilter {
  /** Whose entries: a broker's (every request names its caller's broker), or the whole partner's. */
  scope: BrokerScope
  path?: string | undefined
  method?: string | undefined
  /** 2, 3, 4 or 5: the status class. */
  statusClass?: number | undefined
  requestId?: string | undefined
  /** The scenario the request ran with. */
  scenario?: string | undefined
  /** A route's path as its rule writes it (`/v1/simulations/{simulationUniqueId}`): every path of that shape. */
  pathTemplate?: string | undefined
  from?: string | undefined
  to?: string | undefined
}

interface Row {
  seq: number
  request_id: string
  partner_unique_id: string
  broker_id: number
  user_id: number
  at: string
  received_at: string | null
  method: string
  path: string
  query: string | null
  status: number
  duration_ms: number
  scenario: string | null
  fault: string | null
  fault_after_write: number
  errors: string | null
  token_id: string | null
  retry_after: string | null
  origin: RequestOrigin
}

interface BodyRow {
  request_headers: string
  request_body: string | null
  request_truncated: number
  response_content_type: string | null
  response_headers: string | null
  response_body: string | null
  response_truncated: number
}

const toSummary = (r: Row): JournalSummary => ({
  seq: r.seq,
  requestId: r.request_id,
  partnerUniqueID: r.partner_unique_id,
  brokerId: r.broker_id,
  userId: r.user_id,
  at: r.at,
  receivedAt: r.received_at ?? r.at,
  method: r.method,
  path: r.path,
  query: r.query,
  status: r.status,
  durationMs: r.duration_ms,
  scenario: r.scenario,
  fault: r.fault === null ? null : { kind: r.fault, afterWrite: r.fault_after_write === 1 },
  errors: r.errors === null ? null : (JSON.parse(r.errors) as unknown[]),
  tokenId: r.token_id,
  retryAfter: r.retry_after,
  origin: r.origin,
})

// The body's fields first: a literal that begins with a spread and goes on costs the minor
// collections (docs/decisions/0105-what-the-minor-collections-keep.md); the two share no name.
const withBody = (row: Row, body: BodyRow | undefined): JournalEntry & { seq: number } => ({
  requestHeaders: body ? (JSON.parse(body.request_headers) as Record<string, string>) : {},
  requestBody: body?.request_body ?? null,
  requestTruncated: body?.request_truncated === 1,
  responseContentType: body?.response_content_type ?? null,
  responseHeaders: body?.response_headers ? (JSON.parse(body.response_headers) as Record<string, string>) : null,
  responseBody: body?.response_body ?? null,
  responseTruncated: body?.response_truncated === 1,
  ...toSummary(row),
})

/**
 * What an entry costs besides its texts: its other columns, its two rows' keys and its index
 * entries, the same in migration 015. Measured: a Create's entry holds 1.8 KB of texts and takes
 * 2.4 KB of pages and indexes on disk.
 */
const ENTRY_FIXED_BYTES = 1024
const bytesOf = (text: string | null) => (text === null ? 0 : Buffer.byteLength(text))

/** The bounds of each partner's ring: its newest `maxEntries` entries, and at most `maxBytes` of them. */
export interface RingBounds {
  maxEntries: number
  maxBytes: number
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The WHERE clause of a filter, with only the conditions it sets: each statement is prepared once per shape. */
function whereOf(f: JournalFilter): Where {
  const where = whereClause('partner_unique_id = @partnerUniqueID', { partnerUniqueID: f.scope.partnerUniqueID })
  if (f.scope.brokerId !== null) where.and('broker_id = @brokerId', { brokerId: f.scope.brokerId })
  if (f.path?.endsWith('*')) where.and("path LIKE @pathPrefix ESCAPE '\\'", { pathPrefix: `${escapeLike(f.path.slice(0, -1))}%` })
  else if (f.path) where.and('path = @path', { path: f.path })
  if (f.method) where.and('method = @method', { method: f.method })
  if (f.statusClass) where.and('status >= @statusFrom AND status < @statusTo', { statusFrom: f.statusClass * 100, statusTo: f.statusClass * 100 + 100 })
  if (f.requestId) where.and('request_id = @requestId', { requestId: f.requestId })
  if (f.scenario) where.and('scenario = @scenario', { scenario: f.scenario })
  if (f.pathTemplate) {
    // Each parameter is one segment: the glob, and as many slashes as the template has.
    where.and("path GLOB @pathGlob AND length(path) - length(replace(path, '/', '')) = @slashes", {
      pathGlob: f.pathTemplate.replace(/[[\]*?]/g, (c) => `[${c}]`).replace(/\{[^}]+\}/g, '*'),
      slashes: f.pathTemplate.split('/').length - 1,
    })
  }
  return where.between('at', f.from, f.to).build()
}

/** The request journal (request_journal, request_journal_body): written in batches, read newest first, kept to a ring per partner. */
export function createRequestJournalRepository(db: Db) {
  const insert = db.prepare(`INSERT INTO request_journal (request_id, partner_unique_id, broker_id, user_id, at, received_at, method, path, query, status,
      duration_ms, scenario, fault, fault_after_write, errors, token_id, retry_after, bytes, origin)
    VALUES (@requestId, @partnerUniqueID, @brokerId, @userId, @at, @receivedAt, @method, @path, @query, @status, @durationMs, @scenario, @fault, @faultAfterWrite, @errors, @tokenId, @retryAfter, @bytes, @origin)`)
  const insertBody = db.prepare(`INSERT INTO request_journal_body (seq, request_headers, request_body, request_truncated, response_content_type,
      response_headers, response_body, response_truncated)
    VALUES (@seq, @requestHeaders, @requestBody, @requestTruncated, @responseContentType, @responseHeaders, @responseBody, @responseTruncated)`)
  // The partner's journal in its usage row (entries and bytes): kept by this repository's writes and
  // deletions, one UPDATE per partner and batch, in the same transaction (migration 025).
  const addUsage = db.prepare(
    'UPDATE partner_usage SET journal_entries = journal_entries + @entries, journal_bytes = journal_bytes + @bytes WHERE partner_unique_id = @partnerUniqueID',
  )
  const clearUsage = db.prepare('UPDATE partner_usage SET journal_entries = 0, journal_bytes = 0 WHERE partner_unique_id = ?')
  const usageOf = db.prepare('SELECT journal_entries AS entries, journal_bytes AS bytes FROM partner_usage WHERE partner_unique_id = ?')
  // The last of the partner's `count` oldest entries; those up to it dropped (their bodies go with them), with the bytes of each.
  const nthOldest = db.prepare('SELECT seq FROM request_journal WHERE partner_unique_id = @partnerUniqueID ORDER BY seq LIMIT 1 OFFSET @skip').pluck()
  const dropThrough = db.prepare('DELETE FROM request_journal WHERE partner_unique_id = @partnerUniqueID AND seq <= @seq RETURNING bytes').pluck()
  const oldestFirst = db.prepare('SELECT bytes FROM request_journal WHERE partner_unique_id = ? ORDER BY seq').pluck()

  // Counted again from the rows: only for a usage out of step with them (rows written by other means).
  const recount = db.prepare(`UPDATE partner_usage SET
    journal_entries = (SELECT COUNT(*) FROM request_journal WHERE partner_unique_id = @partnerUniqueID),
    journal_bytes = (SELECT COALESCE(SUM(bytes), 0) FROM request_journal WHERE partner_unique_id = @partnerUniqueID)
    WHERE partner_unique_id = @partnerUniqueID`)

  /** Drops the partner's `count` oldest entries and takes them off its usage; false, dropping none, when it has fewer. */
  function drop(partnerUniqueID: string, count: number): boolean {
    const through = nthOldest.get({ partnerUniqueID, skip: count - 1 }) as number | undefined
    if (through === undefined) return false
    const dropped = dropThrough.all({ partnerUniqueID, seq: through }) as number[]
    addUsage.run({ partnerUniqueID, entries: -dropped.length, bytes: -dropped.reduce((sum, bytes) => sum + bytes, 0) })
    return true
  }

  /** How many of the partner's oldest entries hold `excess` bytes: 0 when nothing is over, undefined when all of them do not. */
  function oldestHolding(partnerUniqueID: string, excess: number): number | undefined {
    if (excess <= 0) return 0
    let count = 0
    for (const bytes of oldestFirst.iterate(partnerUniqueID) as IterableIterator<number>) {
      excess -= bytes
      count += 1
      if (excess <= 0) return count
    }
    return undefined
  }

  /**
   * Keeps the partner's ring within its bounds: at most `maxEntries` entries and `maxBytes` bytes, the
   * oldest dropped first. A usage its rows cannot account for (rows written by other means) is
   * counted again from them, once, and the trim starts over.
   */
  function trim(partnerUniqueID: string, bounds: RingBounds, recounted = false): void {
    const usage = usageOf.get(partnerUniqueID) as { entries: number; bytes: number } | undefined
    if (usage === undefined) return
    const count = usage.entries > bounds.maxEntries ? usage.entries - bounds.maxEntries : oldestHolding(partnerUniqueID, usage.bytes - bounds.maxBytes)
    if (count === 0) return
    if (count === undefined || !drop(partnerUniqueID, count)) {
      if (!recounted) {
        recount.run({ partnerUniqueID })
        trim(partnerUniqueID, bounds, true)
      }
      return
    }
    // Within the count now, the bytes may still be over.
    trim(partnerUniqueID, bounds, recounted)
  }

  const keyset = createSeqKeyset(db, 'request_journal')
  // A broker's own, or (brokerId null) any of the partner's.
  const OF_SCOPE = 'partner_unique_id = @partnerUniqueID AND (@brokerId IS NULL OR broker_id = @brokerId)'
  const byRequestId = db.prepare(`SELECT * FROM request_journal WHERE ${OF_SCOPE} AND request_id = @requestId ORDER BY seq DESC LIMIT 1`)
  const bodyOf = db.prepare('SELECT * FROM request_journal_body WHERE seq = ?')
  // Oldest first, with the bodies: what the certification's client checks read of a window.
  const window = db.prepare(`SELECT j.*, b.request_headers, b.request_body, b.request_truncated, b.response_content_type, b.response_headers, b.response_body, b.response_truncated
    FROM request_journal j LEFT JOIN request_journal_body b ON b.seq = j.seq
    WHERE j.partner_unique_id = @partnerUniqueID AND j.received_at >= @from AND j.received_at <= @to ORDER BY j.seq LIMIT @limit`)
  const removeOfPartner = db.prepare('DELETE FROM request_journal WHERE partner_unique_id = ?')
  const removeOlder = db.prepare(`DELETE FROM request_journal WHERE seq IN (SELECT seq FROM request_journal WHERE at < @cutoff ORDER BY seq LIMIT @limit)
    RETURNING partner_unique_id AS partnerUniqueID, bytes`)

  return {
    /** Stores the entries and keeps each of their partners within the ring's bounds, its oldest entries dropped first. */
    insertAll(entries: readonly JournalEntry[], bounds: RingBounds): void {
      const added = new Map<string, { entries: number; bytes: number }>()
      for (const e of entries) {
        const errors = e.errors === null ? null : JSON.stringify(e.errors)
        const requestHeaders = JSON.stringify(e.requestHeaders)
        const responseHeaders = e.responseHeaders === null ? null : JSON.stringify(e.responseHeaders)
        const bytes =
          ENTRY_FIXED_BYTES +
          bytesOf(e.requestId) +
          bytesOf(e.path) +
          bytesOf(e.query) +
          bytesOf(errors) +
          bytesOf(requestHeaders) +
          bytesOf(responseHeaders) +
          bytesOf(e.requestBody) +
          bytesOf(e.responseBody)
        const usage = added.get(e.partnerUniqueID) ?? added.set(e.partnerUniqueID, { entries: 0, bytes: 0 }).get(e.partnerUniqueID)!
        usage.entries += 1
        usage.bytes += bytes
        // Every parameter spelled, not `{ ...e, more }` (docs/decisions/0105-what-the-minor-collections-keep.md).
        const seq = insert.run({
          requestId: e.requestId,
          partnerUniqueID: e.partnerUniqueID,
          brokerId: e.brokerId,
          userId: e.userId,
          at: e.at,
          receivedAt: e.receivedAt,
          method: e.method,
          path: e.path,
          query: e.query,
          status: e.status,
          durationMs: e.durationMs,
          scenario: e.scenario,
          fault: e.fault?.kind ?? null,
          faultAfterWrite: e.fault?.afterWrite === true ? 1 : 0,
          errors,
          tokenId: e.tokenId,
          retryAfter: e.retryAfter,
          bytes,
          origin: e.origin,
        }).lastInsertRowid
        insertBody.run({
          seq,
          requestHeaders,
          requestBody: e.requestBody,
          requestTruncated: e.requestTruncated ? 1 : 0,
          responseContentType: e.responseContentType,
          responseHeaders,
          responseBody: e.responseBody,
          responseTruncated: e.responseTruncated ? 1 : 0,
        })
      }
      for (const [partnerUniqueID, usage] of added) {
        addUsage.run({ partnerUniqueID, ...usage })
        trim(partnerUniqueID, bounds)
      }
    },
    /** The entries the filter matches; with `upTo`, counted no further than that many (the newest first). */
    count: (filter: JournalFilter, upTo?: number): number => keyset.count(whereOf(filter), upTo),
    /** The position of an entry the scope sees (`entryId`, its seq), for a paging cursor. */
    positionOf: (scope: BrokerScope, entryId: string): { seq: number } | undefined => keyset.positionOf(whereOf({ scope }), seqOfCursor(entryId)),
    /** Up to `limit` summaries from the cursor, newest first. */
    page: (filter: JournalFilter, cursor: KeysetCursor<{ seq: number }>, limit: number): JournalSummary[] => keyset.page<Row>(whereOf(filter), cursor, limit).map(toSummary),
    /** The partner's entries received in a window of real time, oldest first, with their headers and bodies (at most `limit`). */
    window(partnerUniqueID: string, from: string, to: string, limit: number): Array<JournalEntry & { seq: number }> {
      return (window.all({ partnerUniqueID, from, to, limit }) as Array<Row & Partial<BodyRow>>).map((row) =>
        withBody(row, row.request_headers === undefined || row.request_headers === null ? undefined : (row as BodyRow)),
      )
    },
    /** The newest entry the scope sees with that request id, with its headers and bodies. */
    byRequestId(scope: BrokerScope, requestId: string): (JournalEntry & { seq: number }) | undefined {
      const row = byRequestId.get({ partnerUniqueID: scope.partnerUniqueID, brokerId: scope.brokerId, requestId }) as Row | undefined
      if (!row) return undefined
      return withBody(row, bodyOf.get(row.seq) as BodyRow | undefined)
    },
    removeOfPartner(partnerUniqueID: string): number {
      clearUsage.run(partnerUniqueID)
      return removeOfPartner.run(partnerUniqueID).changes
    },
    removeOlderThan(cutoff: string, limit: number): number {
      const removed = removeOlder.all({ cutoff, limit }) as Array<{ partnerUniqueID: string; bytes: number }>
      const taken = new Map<string, { entries: number; bytes: number }>()
      for (const { partnerUniqueID, bytes } of removed) {
        const usage = taken.get(partnerUniqueID) ?? taken.set(partnerUniqueID, { entries: 0, bytes: 0 }).get(partnerUniqueID)!
        usage.entries -= 1
        usage.bytes -= bytes
      }
      for (const [partnerUniqueID, usage] of taken) addUsage.run({ partnerUniqueID, ...usage })
      return removed.length
    },
  }
}

export type RequestJournalRepository = ReturnType<typeof createRequestJournalRepository>
