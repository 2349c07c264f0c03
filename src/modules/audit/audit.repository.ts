import type { Statement } from 'better-sqlite3'
import type { Db } from '../../db/connection.ts'
import type { KeysetCursor } from '../../common/pagination.ts'

/** One recorded action. */
export interface AuditEntry {
  at: string
  actor: { kind: 'operator' } | { kind: 'user'; userId: number; username: string | null }
  partnerUniqueID: string | null
  action: string
  target: Record<string, string>
  summary: string
  status: number
  clientAddress: string
  requestId: string
}

export type StoredAuditEntry = AuditEntry & { seq: number }

export interface AuditFilter {
  /** Only this partner's entries (the account's list always sets it). */
  partnerUniqueID?: string | undefined
  /** Only the actions of the partner's own users (the account's list: the operator's are not the partner's record). */
  usersOnly?: boolean
  /** `operator`, or a username. */
  actor?: string | undefined
  action?: string | undefined
  from?: string | undefined
  to?: string | undefined
}

interface Row {
  seq: number
  at: string
  actor_kind: 'operator' | 'user'
  partner_unique_id: string | null
  user_id: number | null
  username: string | null
  action: string
  target: string
  summary: string
  status: number
  client_address: string
  request_id: string
}

const toEntry = (r: Row): StoredAuditEntry => ({
  seq: r.seq,
  at: r.at,
  actor: r.actor_kind === 'operator' ? { kind: 'operator' } : { kind: 'user', userId: r.user_id ?? 0, username: r.username },
  partnerUniqueID: r.partner_unique_id,
  action: r.action,
  target: JSON.parse(r.target) as Record<string, string>,
  summary: r.summary,
  status: r.status,
  clientAddress: r.client_address,
  requestId: r.request_id,
})

function whereOf(f: AuditFilter): { sql: string; params: Record<string, unknown> } {
  const parts = ['1 = 1']
  const params: Record<string, unknown> = {}
  if (f.partnerUniqueID !== undefined) {
    parts.push('partner_unique_id = @partnerUniqueID')
    params.partnerUniqueID = f.partnerUniqueID
  }
  if (f.usersOnly) parts.push("actor_kind = 'user'")
  if (f.actor === 'operator') parts.push("actor_kind = 'operator'")
  else if (f.actor !== undefined) {
    parts.push("actor_kind = 'user' AND username = @actor")
    params.actor = f.actor
  }
  if (f.action !== undefined) {
    parts.push('action = @action')
    params.action = f.action
  }
  if (f.from !== undefined) {
    parts.push('at >= @from')
    params.from = f.from
  }
  if (f.to !== undefined) {
    parts.push('at <= @to')
    params.to = f.to
  }
  return { sql: parts.join(' AND '), params }
}

/** The audit trail (audit_entry): appended, read newest first, deleted only by its own retention. */
export function createAuditRepository(db: Db) {
  const insert = db.prepare(`INSERT INTO audit_entry (at, actor_kind, partner_unique_id, user_id, username, action, target, summary, status, client_address, request_id)
    VALUES (@at, @actorKind, @partnerUniqueID, @userId, @username, @action, @target, @summary, @status, @clientAddress, @requestId)`)
  const removeOlder = db.prepare('DELETE FROM audit_entry WHERE seq IN (SELECT seq FROM audit_entry WHERE at < @cutoff ORDER BY seq LIMIT @limit)')
  const statements = new Map<string, Statement>()
  const prepared = (sql: string) => {
    let statement = statements.get(sql)
    if (!statement) statements.set(sql, (statement = db.prepare(sql)))
    return statement
  }

  return {
    insert(e: AuditEntry): void {
      insert.run({
        at: e.at,
        actorKind: e.actor.kind,
        partnerUniqueID: e.partnerUniqueID,
        userId: e.actor.kind === 'user' ? e.actor.userId : null,
        username: e.actor.kind === 'user' ? e.actor.username : null,
        action: e.action,
        target: JSON.stringify(e.target),
        summary: e.summary,
        status: e.status,
        clientAddress: e.clientAddress,
        requestId: e.requestId,
      })
    },
    count(filter: AuditFilter): number {
      const where = whereOf(filter)
      return prepared(`SELECT COUNT(*) FROM audit_entry WHERE ${where.sql}`).pluck().get(where.params) as number
    },
    /** The position of an entry the filter sees, for a paging cursor. */
    positionOf(filter: AuditFilter, entryId: string): { seq: number } | undefined {
      if (!/^\d{1,15}$/.test(entryId)) return undefined
      const where = whereOf(filter)
      const seq = prepared(`SELECT seq FROM audit_entry WHERE ${where.sql} AND seq = @seq`).pluck().get({ ...where.params, seq: Number(entryId) }) as number | undefined
      return seq === undefined ? undefined : { seq }
    },
    /** Up to `limit` entries from the cursor, newest first. */
    page(filter: AuditFilter, cursor: KeysetCursor<{ seq: number }>, limit: number): StoredAuditEntry[] {
      const where = whereOf(filter)
      const sql =
        cursor.kind === 'first'
          ? `SELECT * FROM audit_entry WHERE ${where.sql} ORDER BY seq DESC LIMIT @limit`
          : cursor.kind === 'next'
            ? `SELECT * FROM audit_entry WHERE ${where.sql} AND seq < @seq ORDER BY seq DESC LIMIT @limit`
            : `SELECT * FROM audit_entry WHERE ${where.sql} AND seq > @seq ORDER BY seq ASC LIMIT @limit`
      const rows = prepared(sql).all({ ...where.params, limit, seq: cursor.kind === 'first' ? 0 : cursor.seq }) as Row[]
      return (cursor.kind === 'previous' ? rows.reverse() : rows).map(toEntry)
    },
    /** Deletes up to `limit` entries older than the cutoff, oldest first (the audit's own retention). */
    deleteOlderThan: (cutoff: Date, limit: number): number => removeOlder.run({ cutoff: cutoff.toISOString(), limit }).changes,
  }
}

export type AuditRepository = ReturnType<typeof createAuditRepository>
