import type { Db } from '../../../db/connection.ts'
import { seqOfCursor, type KeysetCursor } from '../../../common/pagination.ts'
import { createSeqKeyset, whereClause, type Where } from '../../../db/seq-keyset.ts'

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

function whereOf(f: AuditFilter): Where {
  const where = whereClause()
  if (f.partnerUniqueID !== undefined) where.and('partner_unique_id = @partnerUniqueID', { partnerUniqueID: f.partnerUniqueID })
  if (f.usersOnly) where.and("actor_kind = 'user'")
  if (f.actor === 'operator') where.and("actor_kind = 'operator'")
  else if (f.actor !== undefined) where.and("actor_kind = 'user' AND username = @actor", { actor: f.actor })
  if (f.action !== undefined) where.and('action = @action', { action: f.action })
  return where.between('at', f.from, f.to).build()
}

/** The audit trail (audit_entry): appended, read newest first, deleted only by its own retention. */
export function createAuditRepository(db: Db) {
  const insert = db.prepare(`INSERT INTO audit_entry (at, actor_kind, partner_unique_id, user_id, username, action, target, summary, status, client_address, request_id)
    VALUES (@at, @actorKind, @partnerUniqueID, @userId, @username, @action, @target, @summary, @status, @clientAddress, @requestId)`)
  const removeOlder = db.prepare('DELETE FROM audit_entry WHERE seq IN (SELECT seq FROM audit_entry WHERE at < @cutoff ORDER BY seq LIMIT @limit)')
  const keyset = createSeqKeyset(db, 'audit_entry')

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
    count: (filter: AuditFilter): number => keyset.count(whereOf(filter)),
    /** The position of an entry the filter sees, for a paging cursor. */
    positionOf: (filter: AuditFilter, entryId: string): { seq: number } | undefined => keyset.positionOf(whereOf(filter), seqOfCursor(entryId)),
    /** Up to `limit` entries from the cursor, newest first. */
    page: (filter: AuditFilter, cursor: KeysetCursor<{ seq: number }>, limit: number): StoredAuditEntry[] => keyset.page<Row>(whereOf(filter), cursor, limit).map(toEntry),
    /** Deletes up to `limit` entries older than the cutoff, oldest first (the audit's own retention). */
    deleteOlderThan: (cutoff: Date, limit: number): number => removeOlder.run({ cutoff: cutoff.toISOString(), limit }).changes,
  }
}

export type AuditRepository = ReturnType<typeof createAuditRepository>
