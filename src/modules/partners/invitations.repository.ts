import type { Db } from '../../db/connection.ts'

export interface InvitationRecord {
  codeHash: string
  note: string | null
  createdAt: string
  expiresAt: string
  usedAt: string | null
  partnerUniqueID: string | null
}

const COLUMNS = `code_hash AS codeHash, note, created_at AS createdAt, expires_at AS expiresAt, used_at AS usedAt,
  partner_unique_id AS partnerUniqueID`

/** Invitation codes for sign-up in invite mode, kept as hashes: the code itself is shown once. */
export function createInvitationRepository(db: Db) {
  const insert = db.prepare(`INSERT INTO invitation (code_hash, note, created_at, expires_at)
    VALUES (@codeHash, @note, @createdAt, @expiresAt)`)
  const find = db.prepare(`SELECT ${COLUMNS} FROM invitation WHERE code_hash = ?`)
  const all = db.prepare(`SELECT ${COLUMNS} FROM invitation ORDER BY created_at DESC LIMIT ?`)
  const use = db.prepare(`UPDATE invitation SET used_at = @usedAt, partner_unique_id = @partnerUniqueID
    WHERE code_hash = @codeHash AND used_at IS NULL`)
  return {
    insert: (row: { codeHash: string; note: string | null; createdAt: string; expiresAt: string }) => void insert.run(row),
    find: (codeHash: string) => find.get(codeHash) as InvitationRecord | undefined,
    list: (limit = 200) => all.all(limit) as InvitationRecord[],
    /** Marks the code used by the partner; false when it was used already. */
    use: (codeHash: string, partnerUniqueID: string, usedAt: string) => use.run({ codeHash, partnerUniqueID, usedAt }).changes === 1,
  }
}

export type InvitationRepository = ReturnType<typeof createInvitationRepository>
