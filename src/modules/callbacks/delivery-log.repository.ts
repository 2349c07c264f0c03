import type { Db } from '../../db/connection.ts'
import type { NotificationStatus } from './outbox.repository.ts'

export interface DeliveryLogFilter {
  partnerUniqueID: string
  status?: NotificationStatus | undefined
  notificationTypeId?: number | undefined
}

export interface DeliveryLogAttempt {
  attemptNumber: number
  attemptedAt: string
  callbackUrl: string
  httpStatus: number | null
  latencyMs: number
  error: string | null
  responseExcerpt: string | null
}

export interface DeliveryLogEntry {
  seq: number
  notificationId: string
  notificationTypeId: number
  processUniqueId: string | null
  simulationUniqueId: string | null
  status: NotificationStatus
  statusReason: string | null
  test: boolean
  attempts: number
  nextAttemptAt: string | null
  createdAt: string
  updatedAt: string
  body: string
  attemptList: DeliveryLogAttempt[]
}

export type LogCursor = { kind: 'first' } | { kind: 'next' | 'previous'; seq: number }

const FILTER = `partner_unique_id = @partnerUniqueID
  AND (@status IS NULL OR status = @status)
  AND (@notificationTypeId IS NULL OR notification_type_id = @notificationTypeId)`

const COLUMNS = `seq, notification_id AS notificationId, notification_type_id AS notificationTypeId,
  process_unique_id AS processUniqueId, simulation_unique_id AS simulationUniqueId, status,
  status_reason AS statusReason, test, attempts, next_attempt_at AS nextAttemptAt,
  created_at AS createdAt, updated_at AS updatedAt, body`

/** Reads the outbox as the partner's delivery log: newest first, keyset paged by notification id. */
export function createDeliveryLogRepository(db: Db) {
  const count = db.prepare(`SELECT COUNT(*) FROM notification WHERE ${FILTER}`).pluck()
  const first = db.prepare(`SELECT ${COLUMNS} FROM notification WHERE ${FILTER} ORDER BY seq DESC LIMIT @limit`)
  const older = db.prepare(`SELECT ${COLUMNS} FROM notification WHERE ${FILTER} AND seq < @cursor ORDER BY seq DESC LIMIT @limit`)
  const newer = db.prepare(`SELECT ${COLUMNS} FROM notification WHERE ${FILTER} AND seq > @cursor ORDER BY seq ASC LIMIT @limit`)
  const seqOf = db.prepare('SELECT seq FROM notification WHERE notification_id = ? AND partner_unique_id = ?').pluck()
  const attempts = db.prepare(`SELECT notification_seq AS seq, attempt_number AS attemptNumber, attempted_at AS attemptedAt,
    callback_url AS callbackUrl, http_status AS httpStatus, latency_ms AS latencyMs, error, response_excerpt AS responseExcerpt
    FROM delivery_attempt WHERE notification_seq IN (SELECT value FROM json_each(?))
    ORDER BY notification_seq, attempt_number`)

  const params = (filter: DeliveryLogFilter) => ({
    partnerUniqueID: filter.partnerUniqueID,
    status: filter.status ?? null,
    notificationTypeId: filter.notificationTypeId ?? null,
  })

  function withAttempts(rows: Array<Omit<DeliveryLogEntry, 'attemptList' | 'test'> & { test: number }>): DeliveryLogEntry[] {
    const bySeq = new Map<number, DeliveryLogAttempt[]>()
    for (const { seq, ...attempt } of attempts.all(JSON.stringify(rows.map((r) => r.seq))) as Array<DeliveryLogAttempt & { seq: number }>) {
      const list = bySeq.get(seq) ?? []
      list.push(attempt)
      bySeq.set(seq, list)
    }
    return rows.map((row) => ({ ...row, test: row.test === 1, attemptList: bySeq.get(row.seq) ?? [] }))
  }

  return {
    /** The seq of a notification id of this partner, for a paging cursor. */
    cursorSeq: (notificationId: string, partnerUniqueID: string) => seqOf.get(notificationId, partnerUniqueID) as number | undefined,
    count: (filter: DeliveryLogFilter) => count.get(params(filter)) as number,
    /** One page in display order (newest first) and whether more lie in the direction read. */
    page(filter: DeliveryLogFilter, cursor: LogCursor, lineCount: number): { items: DeliveryLogEntry[]; hasMoreResults: boolean } {
      const args = { ...params(filter), limit: lineCount + 1, cursor: cursor.kind === 'first' ? 0 : cursor.seq }
      const statement = cursor.kind === 'first' ? first : cursor.kind === 'next' ? older : newer
      const rows = statement.all(args) as Parameters<typeof withAttempts>[0]
      const hasMoreResults = rows.length > lineCount
      const kept = rows.slice(0, lineCount)
      if (cursor.kind === 'previous') kept.reverse()
      return { items: withAttempts(kept), hasMoreResults }
    },
  }
}

export type DeliveryLogRepository = ReturnType<typeof createDeliveryLogRepository>
