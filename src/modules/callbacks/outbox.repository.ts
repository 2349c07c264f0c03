import type { Db } from '../../db/connection.ts'

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
}

export interface AttemptRecord {
  seq: number
  attemptNumber: number
  attemptedAt: string
  callbackUrl: string
  httpStatus: number | null
  latencyMs: number
  error: string | null
  responseExcerpt: string | null
}

const COLUMNS = `n.seq, n.notification_id AS notificationId, n.partner_unique_id AS partnerUniqueID,
  n.notification_type_id AS notificationTypeId, n.resource_key AS resourceKey, n.body, n.status,
  n.retry_step AS retryStep, n.attempts, n.next_attempt_at AS nextAttemptAt`

// The oldest pending notification of each resource: later ones wait behind it (order per resource).
const HEADS = `SELECT ${COLUMNS} FROM notification n
  WHERE n.status = 'pending'
    AND n.seq = (SELECT MIN(m.seq) FROM notification m WHERE m.status = 'pending' AND m.resource_key = n.resource_key)`

/** The outbox: notifications written in the change's transaction, and every delivery attempt. */
export function createOutboxRepository(db: Db) {
  const insert = db.prepare(`INSERT INTO notification
    (notification_id, partner_unique_id, notification_type_id, process_unique_id, simulation_unique_id, resource_key,
     body, test, status, status_reason, next_attempt_at, created_at, updated_at)
    VALUES (@notificationId, @partnerUniqueID, @notificationTypeId, @processUniqueId, @simulationUniqueId, @resourceKey,
     @body, @test, @status, @statusReason, @nextAttemptAt, @now, @now)`)
  const dueHeads = db.prepare(`${HEADS} AND n.next_attempt_at <= @now ORDER BY n.next_attempt_at, n.seq LIMIT @limit`)
  const earliestHeads = db.prepare(`${HEADS} ORDER BY n.next_attempt_at, n.seq LIMIT @limit`)
  const bySeq = db.prepare(`SELECT ${COLUMNS} FROM notification n WHERE n.seq = ?`)
  const byId = db.prepare(`SELECT ${COLUMNS} FROM notification n WHERE n.notification_id = ? AND n.partner_unique_id = ?`)
  const insertAttempt = db.prepare(`INSERT INTO delivery_attempt
    (notification_seq, attempt_number, attempted_at, callback_url, http_status, latency_ms, error, response_excerpt)
    VALUES (@seq, @attemptNumber, @attemptedAt, @callbackUrl, @httpStatus, @latencyMs, @error, @responseExcerpt)`)
  const countAttempt = db.prepare('UPDATE notification SET attempts = attempts + 1, updated_at = ? WHERE seq = ?')
  const reschedule = db.prepare(`UPDATE notification SET status = 'pending', retry_step = @retryStep,
    next_attempt_at = @nextAttemptAt, status_reason = @reason, updated_at = @now WHERE seq = @seq`)
  const finish = db.prepare(`UPDATE notification SET status = @status, status_reason = @reason,
    next_attempt_at = NULL, updated_at = @now WHERE seq = @seq`)
  const finishPendingOfType = db.prepare(`UPDATE notification SET status = @status, status_reason = @reason,
    next_attempt_at = NULL, updated_at = @now
    WHERE partner_unique_id = @partnerUniqueID AND notification_type_id = @notificationTypeId AND status = 'pending'`)

  return {
    insert(row: NewNotification): void {
      insert.run({ ...row, test: row.test ? 1 : 0 })
    },
    dueHeads: (now: string, limit: number) => dueHeads.all({ now, limit }) as OutboxNotification[],
    earliestHeads: (limit: number) => earliestHeads.all({ limit }) as OutboxNotification[],
    bySeq: (seq: number) => bySeq.get(seq) as OutboxNotification | undefined,
    byId: (notificationId: string, partnerUniqueID: string) => byId.get(notificationId, partnerUniqueID) as OutboxNotification | undefined,
    recordAttempt(attempt: AttemptRecord): void {
      insertAttempt.run(attempt)
      countAttempt.run(attempt.attemptedAt, attempt.seq)
    },
    reschedule(row: { seq: number; retryStep: number; nextAttemptAt: string; reason: string | null; now: string }): void {
      reschedule.run(row)
    },
    finish(row: { seq: number; status: Exclude<NotificationStatus, 'pending'>; reason: string | null; now: string }): void {
      finish.run(row)
    },
    finishPendingOfType(row: {
      partnerUniqueID: string
      notificationTypeId: number
      status: 'disabled' | 'skipped'
      reason: string
      now: string
    }): number {
      return finishPendingOfType.run(row).changes
    },
  }
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>
