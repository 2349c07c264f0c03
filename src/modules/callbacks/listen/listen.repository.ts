import type { Db } from '../../../db/connection.ts'
import type { SecretBox } from '../../../db/secret-box.ts'

/** A notification waiting to go through the partner's listeners, with what an attempt needs. */
export interface ListenItem {
  seq: number
  notificationId: string
  partnerUniqueID: string
  brokerId: number | null
  notificationTypeId: number
  resourceKey: string
  body: string
  retryStep: number
  nextAttemptAt: string | null
  /** 1 when a listener's replay made it as it connected: the listener marks it replayed (SQLite's boolean). */
  replayed: 0 | 1
}

/** What a listener's replay takes: its partner's notifications, of its broker (null: every one) and types (null: all), published since `since`, among the newest `looksAt`. */
export interface ReplayScope {
  partnerUniqueID: string
  brokerId: number | null
  types: readonly number[] | null
  since: string
  now: string
  looksAt: number
}

/** What a sealed listen secret is bound to: this column. */
const PURPOSE = 'listen_secret.signing_secret'

const ITEM = `l.notification_seq AS seq, n.notification_id AS notificationId, l.partner_unique_id AS partnerUniqueID,
  l.broker_id AS brokerId, n.notification_type_id AS notificationTypeId, l.resource_key AS resourceKey, n.body,
  l.retry_step AS retryStep, l.next_attempt_at AS nextAttemptAt, l.replayed`

// The oldest pending listen delivery of each resource: later ones wait behind it (order per resource).
const HEADS = `SELECT ${ITEM} FROM listen_delivery l JOIN notification n ON n.seq = l.notification_seq
  WHERE l.status = 'pending'
    AND l.notification_seq = (SELECT MIN(m.notification_seq) FROM listen_delivery m WHERE m.status = 'pending' AND m.resource_key = l.resource_key)`

// What a listener's replay takes (ReplayScope's parameters): among the partner's newest notifications
// (its index, newest first), those no address received (skipped, or its configuration disabled) and
// no listener took, published in the window. Rows published before migration 029 read created_at.
const IN_REPLAY = `SELECT seq, partner_unique_id, broker_id, resource_key FROM
  (SELECT seq, partner_unique_id, broker_id, notification_type_id, resource_key, status, COALESCE(published_at, created_at) AS published_at
    FROM notification WHERE partner_unique_id = @partnerUniqueID ORDER BY seq DESC LIMIT @looksAt) n
  WHERE n.status IN ('skipped', 'disabled') AND n.published_at >= @since
    AND (@brokerId IS NULL OR n.broker_id = @brokerId)
    AND (@types IS NULL OR n.notification_type_id IN (SELECT value FROM json_each(@types)))
    AND NOT EXISTS (SELECT 1 FROM listen_delivery l WHERE l.notification_seq = n.seq)`

/** The listen secrets and the listen deliveries (migration 018), a listener's replay among them (decision 1090). */
export function createListenRepository(db: Db, secrets: SecretBox) {
  const secretOf = db.prepare('SELECT signing_secret FROM listen_secret WHERE partner_unique_id = ?').pluck()
  const insertSecret = db.prepare('INSERT OR IGNORE INTO listen_secret (partner_unique_id, signing_secret, created_at) VALUES (?, ?, ?)')
  const insert = db.prepare(`INSERT INTO listen_delivery (notification_seq, partner_unique_id, broker_id, resource_key, status, next_attempt_at, updated_at)
    VALUES (@seq, @partnerUniqueID, @brokerId, @resourceKey, 'pending', @nextAttemptAt, @now)`)
  const dueHeads = db.prepare(`${HEADS} AND l.next_attempt_at <= @now ORDER BY l.next_attempt_at, l.notification_seq LIMIT @limit`)
  const earliest = db.prepare(`SELECT MIN(next_attempt_at) FROM listen_delivery WHERE status = 'pending'`).pluck()
  const bySeq = db.prepare(`SELECT ${ITEM} FROM listen_delivery l JOIN notification n ON n.seq = l.notification_seq WHERE l.notification_seq = ?`)
  const reschedule = db.prepare(`UPDATE listen_delivery SET retry_step = @retryStep, next_attempt_at = @nextAttemptAt, updated_at = @now
    WHERE notification_seq = @seq`)
  const finish = db.prepare(`UPDATE listen_delivery SET status = @status, next_attempt_at = NULL, updated_at = @now WHERE notification_seq = @seq`)
  const dueNow = db.prepare(`UPDATE listen_delivery SET next_attempt_at = @now WHERE partner_unique_id = @partnerUniqueID
    AND (@brokerId IS NULL OR broker_id = @brokerId) AND status = 'pending' AND next_attempt_at > @now`)
  const bringForward = db.prepare(`UPDATE listen_delivery SET next_attempt_at = strftime('%Y-%m-%dT%H:%M:%fZ', next_attempt_at, @shift)
    WHERE status = 'pending' AND partner_unique_id = @partnerUniqueID`)
  // Oldest first: the worker takes the pending heads in notification order.
  const replay = db.prepare(`INSERT OR IGNORE INTO listen_delivery (notification_seq, partner_unique_id, broker_id, resource_key, status, next_attempt_at, updated_at, replayed)
    SELECT seq, partner_unique_id, broker_id, resource_key, 'pending', @now, @now, 1 FROM (${IN_REPLAY}) ORDER BY seq`)

  return {
    /** The partner's listen secret, made and stored (sealed) on first use. */
    secretOf(partnerUniqueID: string, make: () => string, now: string): string {
      const stored = secretOf.get(partnerUniqueID) as string | undefined
      if (stored !== undefined) return secrets.open(stored, PURPOSE)
      insertSecret.run(partnerUniqueID, secrets.seal(make(), PURPOSE), now)
      return secrets.open(secretOf.get(partnerUniqueID) as string, PURPOSE)
    },
    insert(row: { seq: number; partnerUniqueID: string; brokerId: number | null; resourceKey: string; nextAttemptAt: string; now: string }): void {
      insert.run(row)
    },
    /** The first pending listen delivery of each resource, due by `now` (machine time). */
    dueHeads: (now: string, limit: number) => dueHeads.all({ now, limit }) as ListenItem[],
    /** When the earliest pending listen delivery falls due (machine time), or undefined. */
    earliestDue: () => (earliest.get() as string | null) ?? undefined,
    bySeq: (seq: number) => bySeq.get(seq) as ListenItem | undefined,
    reschedule(row: { seq: number; retryStep: number; nextAttemptAt: string; now: string }): void {
      reschedule.run(row)
    },
    finish(row: { seq: number; status: 'delivered' | 'failed'; now: string }): void {
      finish.run(row)
    },
    /** The pending listen deliveries of the partner (of one broker, or all: null) due at `now` (a listener connected); returns how many moved. */
    makeDue: (partnerUniqueID: string, brokerId: number | null, now: string): number => dueNow.run({ partnerUniqueID, brokerId, now }).changes,
    /** Turns the notifications a listener's replay takes into listen deliveries due now, marked replayed; returns how many. */
    replay(scope: ReplayScope): number {
      const params = {
        partnerUniqueID: scope.partnerUniqueID,
        brokerId: scope.brokerId,
        types: scope.types === null ? null : JSON.stringify(scope.types),
        since: scope.since,
        now: scope.now,
        looksAt: scope.looksAt,
      }
      return replay.run(params).changes
    },
    /** Brings the partner's pending listen deliveries `ms` closer (its test clock moved forward). */
    bringForward: (partnerUniqueID: string, ms: number): number => bringForward.run({ partnerUniqueID, shift: `${-ms / 1000} seconds` }).changes,
  }
}

export type ListenRepository = ReturnType<typeof createListenRepository>
