import { inBrokerScope, scopeParams, type BrokerScope } from '../../db/broker-scope.ts'
import type { Db } from '../../db/connection.ts'
import type { KeysetCursor } from '../../common/pagination.ts'

export type NotificationStatus = 'pending' | 'delivered' | 'failed' | 'disabled' | 'skipped'

export interface OutboxNotification {
  seq: number
  notificationId: string
  partnerUniqueID: string
  notificationTypeId: number
  resourceKey: string
  body: string
  status: NotificationStatus
  retryStep: number
  attempts: number
  nextAttemptAt: string | null
}

export interface NewNotification {
  notificationId: string
  partnerUniqueID: string
  /** The broker of the simulation or process (null: of no broker, seen by the partner's administrators only). */
  brokerId: number | null
  notificationTypeId: number
  processUniqueId: string | null
  simulationUniqueId: string | null
  resourceKey: string
  body: string
  test: boolean
  status: NotificationStatus
  statusReason: string | null
  nextAttemptAt: string | null
  now: string
  /** Machine time: a listener's replay window (its `since`) is transport time. */
  publishedAt: string
}

export interface AttemptRecord {
  seq: number
  /** The headers sent with the body, signature included; null when nothing was sent. */
  requestHeaders: Record<string, string> | null
  attemptNumber: number
  attemptedAt: string
  callbackUrl: string
  httpStatus: number | null
  latencyMs: number
  error: string | null
  responseExcerpt: string | null
  /** Through a listener of `mortgage-sandbox listen`, or (the default) to the registered address. */
  through?: AttemptChannel
}

export type AttemptChannel = 'address' | 'listen'

export interface DeliveryLogFilter {
  scope: BrokerScope
  status?: NotificationStatus | undefined
  notificationTypeId?: number | undefined
}

/** An attempt as the delivery log shows it: as recorded, its channel always said. */
export type DeliveryLogAttempt = Omit<AttemptRecord, 'seq' | 'through'> & { through: AttemptChannel }

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
  /** Its delivery through the partner's listeners; null when none took it, at the change or (kept) since. */
  listen: { status: 'pending' | 'delivered' | 'failed'; nextAttemptAt: string | null; replayed: boolean } | null
  attemptList: DeliveryLogAttempt[]
}

const COLUMNS = `n.seq, n.notification_id AS notificationId, n.partner_unique_id AS partnerUniqueID,
  n.notification_type_id AS notificationTypeId, n.resource_key AS resourceKey, n.body, n.status,
  n.retry_step AS retryStep, n.attempts, n.next_attempt_at AS nextAttemptAt`

// The oldest pending notification of each resource: later ones wait behind it (order per resource).
const HEADS = `SELECT ${COLUMNS} FROM notification n
  WHERE n.status = 'pending'
    AND n.seq = (SELECT MIN(m.seq) FROM notification m WHERE m.status = 'pending' AND m.resource_key = n.resource_key)`

const LOG_FILTER = `${inBrokerScope()}
  AND (@status IS NULL OR status = @status)
  AND (@notificationTypeId IS NULL OR notification_type_id = @notificationTypeId)`

const LOG_COLUMNS = `seq, notification_id AS notificationId, notification_type_id AS notificationTypeId,
  process_unique_id AS processUniqueId, simulation_unique_id AS simulationUniqueId, status,
  status_reason AS statusReason, test, attempts, next_attempt_at AS nextAttemptAt,
  created_at AS createdAt, updated_at AS updatedAt, body,
  (SELECT json_object('status', l.status, 'nextAttemptAt', l.next_attempt_at, 'replayed', json(CASE l.replayed WHEN 1 THEN 'true' ELSE 'false' END))
    FROM listen_delivery l WHERE l.notification_seq = notification.seq) AS listen`

/**
 * The outbox (notification, delivery_attempt): notifications written in the change's transaction,
 * every delivery attempt, and the partner's delivery log read from them (newest first, keyset paged
 * by notification id).
 */
export function createOutboxRepository(db: Db) {
  const insert = db.prepare(`INSERT INTO notification
    (notification_id, partner_unique_id, broker_id, notification_type_id, process_unique_id, simulation_unique_id, resource_key,
     body, test, status, status_reason, next_attempt_at, created_at, updated_at, published_at)
    VALUES (@notificationId, @partnerUniqueID, @brokerId, @notificationTypeId, @processUniqueId, @simulationUniqueId, @resourceKey,
     @body, @test, @status, @statusReason, @nextAttemptAt, @now, @now, @publishedAt)`)
  // Partners whose clock is being advanced (`held`, a JSON array) are left to the advance.
  const NOT_HELD = 'AND n.partner_unique_id NOT IN (SELECT value FROM json_each(@held))'
  const dueHeads = db.prepare(`${HEADS} AND n.next_attempt_at <= @now ${NOT_HELD} ORDER BY n.next_attempt_at, n.seq LIMIT @limit`)
  const earliestHeads = db.prepare(`${HEADS} ${NOT_HELD} ORDER BY n.next_attempt_at, n.seq LIMIT @limit`)
  const nextHeadOfPartner = db.prepare(`${HEADS} AND n.partner_unique_id = @partnerUniqueID AND n.next_attempt_at <= @now
    ORDER BY n.next_attempt_at, n.seq LIMIT 1`)
  const bringForward = db.prepare(`UPDATE notification SET next_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', next_attempt_at, @shift)
    WHERE status = 'pending' AND partner_unique_id = @partnerUniqueID`)
  const bySeq = db.prepare(`SELECT ${COLUMNS} FROM notification n WHERE n.seq = ?`)
  const byId = db.prepare(`SELECT ${COLUMNS} FROM notification n WHERE n.notification_id = @notificationId AND ${inBrokerScope('n.')}`)
  // Numbered here, not by the caller: attempts through a listener and to the address interleave.
  const insertAttempt = db.prepare(`INSERT INTO delivery_attempt
    (notification_seq, attempt_number, attempted_at, callback_url, http_status, latency_ms, error, response_excerpt, request_headers, through)
    VALUES (@seq, COALESCE((SELECT MAX(attempt_number) FROM delivery_attempt WHERE notification_seq = @seq), 0) + 1,
      @attemptedAt, @callbackUrl, @httpStatus, @latencyMs, @error, @responseExcerpt, @requestHeaders, @through)`)
  const countAttempt = db.prepare('UPDATE notification SET attempts = attempts + 1, updated_at = ? WHERE seq = ?')
  const reschedule = db.prepare(`UPDATE notification SET status = 'pending', retry_step = @retryStep,
    next_attempt_at = @nextAttemptAt, status_reason = @reason, updated_at = @now WHERE seq = @seq`)
  const finish = db.prepare(`UPDATE notification SET status = @status, status_reason = @reason,
    next_attempt_at = NULL, updated_at = @now WHERE seq = @seq`)
  const deliveredThroughListen = db.prepare(`UPDATE notification SET status = 'delivered', status_reason = @reason, updated_at = @now WHERE seq = @seq AND status = 'skipped'`)
  const finishPendingOfType = db.prepare(`UPDATE notification SET status = @status, status_reason = @reason,
    next_attempt_at = NULL, updated_at = @now
    WHERE partner_unique_id = @partnerUniqueID AND notification_type_id = @notificationTypeId AND status = 'pending'`)

  const logCount = db.prepare(`SELECT COUNT(*) FROM notification WHERE ${LOG_FILTER}`).pluck()
  const logPages = {
    first: db.prepare(`SELECT ${LOG_COLUMNS} FROM notification WHERE ${LOG_FILTER} ORDER BY seq DESC LIMIT @limit`),
    next: db.prepare(`SELECT ${LOG_COLUMNS} FROM notification WHERE ${LOG_FILTER} AND seq < @seq ORDER BY seq DESC LIMIT @limit`),
    previous: db.prepare(`SELECT ${LOG_COLUMNS} FROM notification WHERE ${LOG_FILTER} AND seq > @seq ORDER BY seq ASC LIMIT @limit`),
  }
  const seqOf = db.prepare(`SELECT seq FROM notification WHERE notification_id = @notificationId AND ${inBrokerScope()}`).pluck()
  const attemptsOf = db.prepare(`SELECT notification_seq AS seq, attempt_number AS attemptNumber, attempted_at AS attemptedAt,
    callback_url AS callbackUrl, http_status AS httpStatus, latency_ms AS latencyMs, error, response_excerpt AS responseExcerpt,
    request_headers AS requestHeaders, through
    FROM delivery_attempt WHERE notification_seq IN (SELECT value FROM json_each(?))
    ORDER BY notification_seq, attempt_number`)
  const logEntry = db.prepare(`SELECT ${LOG_COLUMNS} FROM notification WHERE notification_id = @notificationId AND ${inBrokerScope()}`)
  const ofResource = db.prepare(`SELECT ${LOG_COLUMNS} FROM notification WHERE resource_key = @resourceKey AND ${inBrokerScope()} ORDER BY seq LIMIT @limit`)
  const removeOfPartner = db.prepare('DELETE FROM notification WHERE partner_unique_id = ?')
  const removeOlder = db.prepare(`DELETE FROM notification WHERE seq IN (SELECT seq FROM notification WHERE created_at < @cutoff
    ORDER BY seq LIMIT @limit)`)

  // Statement parameters: no literal begins with a spread when more follows (docs/decisions/0105-what-the-minor-collections-keep.md).
  const logParams = (filter: DeliveryLogFilter) => ({
    status: filter.status ?? null,
    notificationTypeId: filter.notificationTypeId ?? null,
    ...scopeParams(filter.scope),
  })

  function withAttempts(rows: Array<Omit<DeliveryLogEntry, 'attemptList' | 'test' | 'listen'> & { test: number; listen: string | null }>): DeliveryLogEntry[] {
    const bySeq = new Map<number, DeliveryLogAttempt[]>()
    for (const { seq, requestHeaders, ...attempt } of attemptsOf.all(JSON.stringify(rows.map((r) => r.seq))) as Array<
      Omit<DeliveryLogAttempt, 'requestHeaders'> & { seq: number; requestHeaders: string | null }
    >) {
      const list = bySeq.get(seq) ?? []
      list.push({ ...attempt, requestHeaders: requestHeaders === null ? null : (JSON.parse(requestHeaders) as Record<string, string>) })
      bySeq.set(seq, list)
    }
    return rows.map((row) => ({
      ...row,
      test: row.test === 1,
      listen: row.listen === null ? null : (JSON.parse(row.listen) as DeliveryLogEntry['listen']),
      attemptList: bySeq.get(row.seq) ?? [],
    }))
  }

  return {
    /** Writes the notification; returns its seq. */
    insert(row: NewNotification): number {
      const { test, ...columns } = row
      return Number(insert.run({ test: test ? 1 : 0, ...columns }).lastInsertRowid)
    },
    /** The first pending notification of each resource, due by `now` (machine time), but those of the `held` partners. */
    dueHeads: (now: string, limit: number, held: readonly string[] = []) => dueHeads.all({ now, limit, held: JSON.stringify(held) }) as OutboxNotification[],
    earliestHeads: (limit: number, held: readonly string[] = []) => earliestHeads.all({ limit, held: JSON.stringify(held) }) as OutboxNotification[],
    /** The partner's first deliverable notification due by `now`. */
    nextDueHeadOfPartner: (partnerUniqueID: string, now: string) => nextHeadOfPartner.get({ partnerUniqueID, now }) as OutboxNotification | undefined,
    /** Brings the partner's pending attempts `ms` closer (its clock moved forward); returns how many. */
    bringForward: (partnerUniqueID: string, ms: number): number => bringForward.run({ partnerUniqueID, shift: `${-ms / 1000} seconds` }).changes,
    bySeq: (seq: number) => bySeq.get(seq) as OutboxNotification | undefined,
    /** A notification the scope sees. */
    byId: (notificationId: string, scope: BrokerScope) => byId.get({ notificationId, ...scopeParams(scope) }) as OutboxNotification | undefined,
    recordAttempt(attempt: AttemptRecord): void {
      const { attemptNumber: _numberedByTheInsert, requestHeaders, ...rest } = attempt
      const { through, ...columns } = rest
      insertAttempt.run({ through: through ?? 'address', requestHeaders: requestHeaders === null ? null : JSON.stringify(requestHeaders), ...columns })
      countAttempt.run(attempt.attemptedAt, attempt.seq)
    },
    reschedule(row: { seq: number; retryStep: number; nextAttemptAt: string; reason: string | null; now: string }): void {
      reschedule.run(row)
    },
    finish(row: { seq: number; status: Exclude<NotificationStatus, 'pending'>; reason: string | null; now: string }): void {
      finish.run(row)
    },
    /** A notification with no address for its type that a listener's receiver accepted: delivered, the reason naming the listener. */
    deliveredThroughListen(row: { seq: number; reason: string; now: string }): void {
      deliveredThroughListen.run(row)
    },
    finishPendingOfType(row: { partnerUniqueID: string; notificationTypeId: number; status: 'disabled' | 'skipped'; reason: string; now: string }): number {
      return finishPendingOfType.run(row).changes
    },
    /** The position of a notification the scope sees in its delivery log, for a paging cursor. */
    logPosition: (notificationId: string, scope: BrokerScope) => {
      const seq = seqOf.get({ notificationId, ...scopeParams(scope) }) as number | undefined
      return seq === undefined ? undefined : { seq }
    },
    logCount: (filter: DeliveryLogFilter) => logCount.get(logParams(filter)) as number,
    /** Up to `limit` entries of the delivery log with their attempts, in display order (newest first). */
    logPage(filter: DeliveryLogFilter, cursor: KeysetCursor<{ seq: number }>, limit: number): DeliveryLogEntry[] {
      const rows = logPages[cursor.kind].all({ limit, seq: cursor.kind === 'first' ? 0 : cursor.seq, ...logParams(filter) }) as Parameters<typeof withAttempts>[0]
      return withAttempts(cursor.kind === 'previous' ? rows.reverse() : rows)
    },
    /** One entry of the delivery log the scope sees, with its attempts. */
    logEntry(notificationId: string, scope: BrokerScope): DeliveryLogEntry | undefined {
      return withAttempts(logEntry.all({ notificationId, ...scopeParams(scope) }) as Parameters<typeof withAttempts>[0])[0]
    },
    /** The first `limit` notifications of one simulation or process (`simulation:<id>`, `process:<id>`), oldest first, without attempts. */
    ofResource(resourceKey: string, scope: BrokerScope, limit: number): Array<Omit<DeliveryLogEntry, 'attemptList' | 'test'>> {
      return ofResource.all({ resourceKey, limit, ...scopeParams(scope) }) as Array<Omit<DeliveryLogEntry, 'attemptList' | 'test'>>
    },
    /** Deletes every notification of the partner with its attempts (sandbox reset); returns how many. */
    removeOfPartner: (partnerUniqueID: string): number => removeOfPartner.run(partnerUniqueID).changes,
    /** Deletes up to `limit` notifications created before `cutoff` (ISO time), oldest first, with their attempts. */
    removeOlderThan: (cutoff: string, limit: number): number => removeOlder.run({ cutoff, limit }).changes,
  }
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>
