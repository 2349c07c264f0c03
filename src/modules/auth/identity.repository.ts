import type { Db } from '../../db/connection.ts'
import type { IdentitiesSeed } from './identities.seed.ts'

export interface UserIdentity {
  userId: number
  username: string
  name: string
  email: string
  passwordHash: string
  brokerId: number
  brokerName: string
  brokerRegistrationNumber: string
  branchId: number
  branchDescription: string
  partnerUniqueID: string
  partnerName: string
}

/**
 * Inserts or refreshes the seeded branches, partners, brokers and users. Never deletes: the
 * records partners created refer to them.
 */
export function upsertIdentities(db: Db, seed: IdentitiesSeed, hash: (password: string) => string, now: string): void {
  const branch = db.prepare(`INSERT INTO branch (branch_id, description) VALUES (@branchId, @description)
    ON CONFLICT (branch_id) DO UPDATE SET description = excluded.description`)
  const partner = db.prepare(`INSERT INTO partner (partner_unique_id, name, created_at) VALUES (@partnerUniqueID, @name, @now)
    ON CONFLICT (partner_unique_id) DO UPDATE SET name = excluded.name`)
  const broker = db.prepare(`INSERT INTO broker (broker_id, partner_unique_id, name, registration_number, branch_id)
    VALUES (@brokerId, @partnerUniqueID, @name, @registrationNumber, @branchId)
    ON CONFLICT (broker_id) DO UPDATE SET partner_unique_id = excluded.partner_unique_id, name = excluded.name,
      registration_number = excluded.registration_number, branch_id = excluded.branch_id`)
  const user = db.prepare(`INSERT INTO app_user (user_id, broker_id, username, name, email, password_hash)
    VALUES (@userId, @brokerId, @username, @name, @email, @passwordHash)
    ON CONFLICT (user_id) DO UPDATE SET broker_id = excluded.broker_id, username = excluded.username,
      name = excluded.name, email = excluded.email, password_hash = excluded.password_hash`)
  for (const b of seed.branches) branch.run(b)
  for (const p of seed.partners) {
    partner.run({ partnerUniqueID: p.partnerUniqueID, name: p.name, now })
    for (const b of p.brokers) {
      broker.run({ brokerId: b.brokerId, partnerUniqueID: p.partnerUniqueID, name: b.name, registrationNumber: b.registrationNumber, branchId: b.branchId })
      for (const u of b.users) {
        user.run({ userId: u.userId, brokerId: b.brokerId, username: u.username, name: u.name, email: u.email, passwordHash: hash(u.password) })
      }
    }
  }
}

const IDENTITY_SELECT = `SELECT u.user_id AS userId, u.username, u.name, u.email, u.password_hash AS passwordHash,
  b.broker_id AS brokerId, b.name AS brokerName, b.registration_number AS brokerRegistrationNumber,
  br.branch_id AS branchId, br.description AS branchDescription,
  p.partner_unique_id AS partnerUniqueID, p.name AS partnerName
  FROM app_user u JOIN broker b USING (broker_id) JOIN branch br ON br.branch_id = b.branch_id
  JOIN partner p ON p.partner_unique_id = b.partner_unique_id`

/** The partners, brokers, branches and users (the identities tokens name). */
export function createIdentityRepository(db: Db) {
  const byUsername = db.prepare(`${IDENTITY_SELECT} WHERE u.username = ?`)
  const byUserId = db.prepare(`${IDENTITY_SELECT} WHERE u.user_id = ?`)
  // A user's broker, branch and partner never change while the sandbox runs (seeds load before
  // the app is built): every create asks for them, so they are read once per user.
  const identities = new Map<number, UserIdentity>()
  return {
    findByUsername: (username: string) => byUsername.get(username) as UserIdentity | undefined,
    findByUserId(userId: number): UserIdentity | undefined {
      let identity = identities.get(userId)
      if (!identity) {
        identity = byUserId.get(userId) as UserIdentity | undefined
        if (identity) identities.set(userId, identity)
      }
      return identity
    },
    ensurePartnerIdentity: (partnerUniqueID: string, now: string) => ensurePartnerIdentity(db, partnerUniqueID, now),
  }
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>

/**
 * The first user of the partner's first broker, creating the partner, a broker and a user when the
 * partner has none (provider-state fixtures name partners a pact chooses). The user gets a hash that
 * no password matches: it acts through tokens the sandbox issues, never through a login.
 */
function ensurePartnerIdentity(db: Db, partnerUniqueID: string, now: string): UserIdentity {
  const find = () =>
    db.prepare(`${IDENTITY_SELECT} WHERE p.partner_unique_id = ? ORDER BY b.broker_id, u.user_id LIMIT 1`).get(partnerUniqueID) as UserIdentity | undefined
  return (
    find() ??
    db.transaction(() => {
      const short = partnerUniqueID.slice(0, 8)
      const branchId = db.prepare('SELECT min(branch_id) FROM branch').pluck().get() as number
      const brokerId = (db.prepare('SELECT coalesce(max(broker_id), 0) + 1 FROM broker').pluck().get() as number)
      const userId = (db.prepare('SELECT coalesce(max(user_id), 0) + 1 FROM app_user').pluck().get() as number)
      db.prepare('INSERT OR IGNORE INTO partner (partner_unique_id, name, created_at) VALUES (?, ?, ?)').run(partnerUniqueID, `Sandbox partner ${short}`, now)
      db.prepare('INSERT INTO broker (broker_id, partner_unique_id, name, registration_number, branch_id) VALUES (?, ?, ?, ?, ?)').run(
        brokerId, partnerUniqueID, `Sandbox broker ${short}`, String(brokerId).padStart(7, '0'), branchId,
      )
      db.prepare('INSERT INTO app_user (user_id, broker_id, username, name, email, password_hash) VALUES (?, ?, ?, ?, ?, ?)').run(
        userId, brokerId, `partner-${partnerUniqueID}`, `Sandbox user ${short}`, `user-${short}@partner.example`, 'fixture$no-login',
      )
      return find()!
    })()
  )
}
