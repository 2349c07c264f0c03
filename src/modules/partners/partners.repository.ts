import type { Db } from '../../db/connection.ts'
import { watchRowWrites } from '../../db/row-writes.ts'
import type { IdentitiesSeed } from './identities-seed.schemas.ts'
import type { Lang } from '../../common/language.ts'
import type { PartnerStatus, StoredUser } from './user-identity.ts'

// The partners' files that read users from the repository keep naming them from it.
export type { PartnerStatus, StoredUser, UserIdentity } from './user-identity.ts'

export type PartnerOrigin = 'seed' | 'signup' | 'operator' | 'fixture'

export interface PartnerRecord {
  partnerUniqueID: string
  name: string
  contactEmail: string | null
  origin: PartnerOrigin
  status: PartnerStatus
  statusReason: string | null
  createdAt: string
  /** The language of its notifications. */
  language: Lang
}

export interface PartnerUsage {
  simulations: number
  processes: number
  documentBytes: number
  callbackConfigurations: number
  /** Documents (their files are documentBytes). */
  documentRows: number
  /** E-mails: addresses, subject, text and attachments, and a fixed part for each row. */
  mailBytes: number
  /** Message texts of simulations and processes, and a fixed part for each row. */
  messageBytes: number
  /** The request journal's entries. */
  journalBytes: number
  /** The partner's own scenarios. */
  scenarios: number
  /** Their documents, and a fixed part for each row. */
  scenarioBytes: number
}

const NO_USAGE: PartnerUsage = {
  simulations: 0,
  processes: 0,
  documentBytes: 0,
  callbackConfigurations: 0,
  documentRows: 0,
  mailBytes: 0,
  messageBytes: 0,
  journalBytes: 0,
  scenarios: 0,
  scenarioBytes: 0,
}

export interface BrokerRecord {
  brokerId: number
  partnerUniqueID: string
  name: string
  registrationNumber: string
  branchId: number
}

type IdentityRow = Omit<StoredUser, 'isAdmin'> & { isAdmin: number }

const IDENTITY_SELECT = `SELECT u.user_id AS userId, u.username, u.name, u.email, u.password_hash AS passwordHash,
  u.is_admin AS isAdmin, u.status AS userStatus, u.token_generation AS tokenGeneration,
  b.broker_id AS brokerId, b.name AS brokerName, b.registration_number AS brokerRegistrationNumber,
  br.branch_id AS branchId, br.description AS branchDescription,
  p.partner_unique_id AS partnerUniqueID, p.name AS partnerName, p.status AS partnerStatus
  FROM app_user u JOIN broker b USING (broker_id) JOIN branch br ON br.branch_id = b.branch_id
  JOIN partner p ON p.partner_unique_id = b.partner_unique_id`

const PARTNER_COLUMNS = `partner_unique_id AS partnerUniqueID, name, contact_email AS contactEmail, origin, status,
  status_reason AS statusReason, created_at AS createdAt, language`

const toIdentity = (row: IdentityRow | undefined): StoredUser | undefined => row && { ...row, isAdmin: row.isAdmin === 1 }

/**
 * Inserts or refreshes the seeded branches, partners, brokers and users. Never deletes: the
 * records partners created refer to them.
 */
export function upsertIdentities(db: Db, seed: IdentitiesSeed, hash: (password: string) => string, now: string): void {
  const branch = db.prepare(`INSERT INTO branch (branch_id, description) VALUES (@branchId, @description)
    ON CONFLICT (branch_id) DO UPDATE SET description = excluded.description`)
  const partner = db.prepare(`INSERT INTO partner (partner_unique_id, name, created_at, origin) VALUES (@partnerUniqueID, @name, @now, 'seed')
    ON CONFLICT (partner_unique_id) DO UPDATE SET name = excluded.name`)
  const broker = db.prepare(`INSERT INTO broker (broker_id, partner_unique_id, name, registration_number, branch_id)
    VALUES (@brokerId, @partnerUniqueID, @name, @registrationNumber, @branchId)
    ON CONFLICT (broker_id) DO UPDATE SET partner_unique_id = excluded.partner_unique_id, name = excluded.name,
      registration_number = excluded.registration_number, branch_id = excluded.branch_id`)
  const user = db.prepare(`INSERT INTO app_user (user_id, broker_id, username, name, email, password_hash, is_admin, created_at)
    VALUES (@userId, @brokerId, @username, @name, @email, @passwordHash, @isAdmin, @now)
    ON CONFLICT (user_id) DO UPDATE SET broker_id = excluded.broker_id, username = excluded.username,
      name = excluded.name, email = excluded.email, password_hash = excluded.password_hash, is_admin = excluded.is_admin`)
  for (const b of seed.branches) branch.run(b)
  for (const p of seed.partners) {
    partner.run({ partnerUniqueID: p.partnerUniqueID, name: p.name, now })
    for (const b of p.brokers) {
      broker.run({ brokerId: b.brokerId, partnerUniqueID: p.partnerUniqueID, name: b.name, registrationNumber: b.registrationNumber, branchId: b.branchId })
      for (const u of b.users) {
        user.run({ userId: u.userId, brokerId: b.brokerId, username: u.username, name: u.name, email: u.email, passwordHash: hash(u.password), isAdmin: u.admin ? 1 : 0, now })
      }
    }
  }
}

/** The partners, their brokers and users, branches, and each partner's usage of its quotas. */
/** Partners whose language is kept in memory; past it the memory starts over. */
const LANGUAGES_KEPT = 10_000

export function createPartnerRepository(db: Db) {
  const byUsername = db.prepare(`${IDENTITY_SELECT} WHERE u.username = ?`)
  const byUserId = db.prepare(`${IDENTITY_SELECT} WHERE u.user_id = ?`)
  const usersOfPartner = db.prepare(`${IDENTITY_SELECT} WHERE p.partner_unique_id = ? ORDER BY b.broker_id, u.user_id`)
  const partner = db.prepare(`SELECT ${PARTNER_COLUMNS} FROM partner WHERE partner_unique_id = ?`)
  const partners = db.prepare(`SELECT ${PARTNER_COLUMNS} FROM partner ORDER BY created_at, partner_unique_id`)
  const brokersOf = db.prepare(`SELECT broker_id AS brokerId, partner_unique_id AS partnerUniqueID, name,
    registration_number AS registrationNumber, branch_id AS branchId FROM broker WHERE partner_unique_id = ? ORDER BY broker_id`)
  const usage = db.prepare(`SELECT simulations, processes, document_bytes AS documentBytes,
    callback_configurations AS callbackConfigurations, document_rows AS documentRows, mail_bytes AS mailBytes, message_bytes AS messageBytes,
    journal_bytes AS journalBytes, scenarios, scenario_bytes AS scenarioBytes FROM partner_usage WHERE partner_unique_id = ?`)
  const insertPartner = db.prepare(`INSERT INTO partner (partner_unique_id, name, contact_email, origin, created_at)
    VALUES (@partnerUniqueID, @name, @contactEmail, @origin, @createdAt)`)
  const insertBroker = db.prepare(`INSERT INTO broker (broker_id, partner_unique_id, name, registration_number, branch_id)
    VALUES ((SELECT COALESCE(MAX(broker_id), 0) + 1 FROM broker), @partnerUniqueID, @name, @registrationNumber,
      (SELECT MIN(branch_id) FROM branch))`)
  const insertUser = db.prepare(`INSERT INTO app_user (user_id, broker_id, username, name, email, password_hash, is_admin, created_at)
    VALUES ((SELECT COALESCE(MAX(user_id), 0) + 1 FROM app_user), @brokerId, @username, @name, @email, @passwordHash, @isAdmin, @createdAt)`)
  const setPartnerStatus = db.prepare('UPDATE partner SET status = @status, status_reason = @reason WHERE partner_unique_id = @partnerUniqueID')
  const setLanguage = db.prepare('UPDATE partner SET language = ? WHERE partner_unique_id = ?')
  const languageOf = db.prepare('SELECT language FROM partner WHERE partner_unique_id = ?').pluck()
  // Read for every notification: kept until the partner's row is written (or a write batch fails).
  const languages = new Map<string, Lang>()
  watchRowWrites(db, 'partner', 'partner_unique_id', (id) => (id === null ? languages.clear() : languages.delete(id)))
  const setSeedStatus = db.prepare("UPDATE partner SET status = @status, status_reason = @reason WHERE origin = 'seed' AND status <> @status")
  const setPassword = db.prepare('UPDATE app_user SET password_hash = ?, token_generation = token_generation + 1 WHERE user_id = ?')
  // Only the hash the login checked: a password reset in between wins.
  const upgradePassword = db.prepare('UPDATE app_user SET password_hash = @upgraded WHERE user_id = @userId AND password_hash = @previous')
  const revoke = db.prepare('UPDATE app_user SET token_generation = token_generation + 1 WHERE user_id = ?')
  const deactivate = db.prepare("UPDATE app_user SET status = 'inactive', token_generation = token_generation + 1 WHERE user_id = ?")
  const setAdmin = db.prepare('UPDATE app_user SET is_admin = ? WHERE user_id = ?')
  const removePartner = db.prepare('DELETE FROM partner WHERE partner_unique_id = ?')
  const usernameTaken = db.prepare('SELECT 1 FROM app_user WHERE username = ?').pluck()
  const firstOfPartner = db.prepare(`${IDENTITY_SELECT} WHERE p.partner_unique_id = ? ORDER BY b.broker_id, u.user_id LIMIT 1`)

  return {
    findByUsername: (username: string) => toIdentity(byUsername.get(username) as IdentityRow | undefined),
    findByUserId: (userId: number) => toIdentity(byUserId.get(userId) as IdentityRow | undefined),
    firstUserOf: (partnerUniqueID: string) => toIdentity(firstOfPartner.get(partnerUniqueID) as IdentityRow | undefined),
    usersOf: (partnerUniqueID: string) => (usersOfPartner.all(partnerUniqueID) as IdentityRow[]).map((row) => toIdentity(row)!),
    partner: (partnerUniqueID: string) => partner.get(partnerUniqueID) as PartnerRecord | undefined,
    partners: () => partners.all() as PartnerRecord[],
    brokersOf: (partnerUniqueID: string) => brokersOf.all(partnerUniqueID) as BrokerRecord[],
    usage: (partnerUniqueID: string) => (usage.get(partnerUniqueID) as PartnerUsage | undefined) ?? NO_USAGE,
    usernameTaken: (username: string) => usernameTaken.get(username) !== undefined,
    insertPartner: (row: { partnerUniqueID: string; name: string; contactEmail: string | null; origin: PartnerOrigin; createdAt: string }) => void insertPartner.run(row),
    /** Returns the new broker's id (one more than the highest), on the first branch. */
    insertBroker: (row: { partnerUniqueID: string; name: string; registrationNumber: string }) => Number(insertBroker.run(row).lastInsertRowid),
    /** Returns the new user's id. */
    insertUser: (row: { brokerId: number; username: string; name: string; email: string; passwordHash: string; isAdmin: boolean; createdAt: string }) =>
      Number(insertUser.run({ ...row, isAdmin: row.isAdmin ? 1 : 0 }).lastInsertRowid),
    setPartnerStatus: (partnerUniqueID: string, status: PartnerStatus, reason: string | null) => setPartnerStatus.run({ partnerUniqueID, status, reason }).changes > 0,
    setLanguage: (partnerUniqueID: string, language: Lang) => void setLanguage.run(language, partnerUniqueID),
    /** The language of the partner's notifications; pt-PT for a partner that is gone. */
    languageOf(partnerUniqueID: string): Lang {
      let language = languages.get(partnerUniqueID)
      if (language === undefined) {
        language = (languageOf.get(partnerUniqueID) as Lang | undefined) ?? 'pt-PT'
        if (languages.size >= LANGUAGES_KEPT) languages.clear()
        languages.set(partnerUniqueID, language)
      }
      return language
    },
    /** The seeded demo partners on or off; returns how many changed. */
    setSeedStatus: (status: PartnerStatus, reason: string | null) => setSeedStatus.run({ status, reason }).changes,
    /** A new password hash; the user's tokens stop working. */
    setPassword: (userId: number, passwordHash: string) => void setPassword.run(passwordHash, userId),
    /** The same password hashed again at a higher cost: the user's tokens stay valid. */
    upgradePassword: (userId: number, previous: string, upgraded: string) => upgradePassword.run({ userId, previous, upgraded }).changes > 0,
    revokeTokens: (userId: number) => void revoke.run(userId),
    deactivate: (userId: number) => void deactivate.run(userId),
    /** Makes the user an administrator of its partner, or no longer one; its tokens stay valid. */
    setAdmin: (userId: number, admin: boolean) => void setAdmin.run(admin ? 1 : 0, userId),
    /** The partner's identities (brokers, users, usage) go; its other data must be gone already. */
    removePartner: (partnerUniqueID: string) => removePartner.run(partnerUniqueID).changes > 0,
  }
}

export type PartnerRepository = ReturnType<typeof createPartnerRepository>
