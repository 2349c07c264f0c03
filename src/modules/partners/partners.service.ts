import { randomUUID } from 'node:crypto'
import type { Clock } from '../../platform/clock.ts'
import type { Config } from '../../platform/config.ts'
import type { Transactions } from '../../db/write-batch.ts'
import type { AccessChange } from '../../common/access-change.ts'
import { ApiError } from '../../common/api-error.ts'
import type { Lang, LocalizedText } from '../../common/language.ts'
import { localizedProblem, text } from '../../common/problems.ts'
import type { Logger } from '../../platform/logger.ts'
import type { MailboxService, MailRecipientService } from '../mailbox/index.ts'
import { withoutSecrets, type UserIdentity } from './user-identity.ts'
import { hashInvitationCode, newInvitationCode, newPassword, registrationNumber, usernameFor } from './credentials.ts'
import type { InvitationRepository } from './invitations.repository.ts'
import type { LiveUsers } from './live-users.ts'
import type { PartnerOrigin, PartnerRepository } from './partners.repository.ts'
import { hashTurn } from './hash-queue.ts'
import { isPasswordHash, type PasswordHashing, type PasswordVerifier } from './password.ts'
import { welcomeMail } from './welcome-mail.ts'

export interface NewPartner {
  partnerName: string
  contactEmail: string
}

/** What a new partner's first user needs to log in: the password is shown this once. */
export interface PartnerCredentials {
  partnerUniqueID: string
  brokerId: number
  userId: number
  username: string
  password: string
}

export interface PartnerServiceDeps {
  repo: PartnerRepository
  invitations: InvitationRepository
  liveUsers: LiveUsers
  writes: Transactions
  clock: Clock
  config: Pick<Config, 'signup' | 'demoIdentities'>
  logger: Logger
  mailbox: Pick<MailboxService, 'send'> & { recipients: Pick<MailRecipientService, 'enrolContact'> }
  /** Deletes everything the partner made (the sandbox reset), in the caller's transaction. */
  eraseData(partnerUniqueID: string): Record<string, number>
  /** The password check: by default scrypt in the hash queue (password.ts); a test's own, counting its calls, runs outside the queue. */
  verifyPassword?: PasswordVerifier | undefined
  /** New hashes at the configured cost, and the upgrade of older ones. */
  passwords: PasswordHashing
  /** Told of every change that takes a partner's users' rights away at once (a suspension, a deletion). */
  accessChanged?: ((change: AccessChange) => void) | undefined
}

const DAY = 86_400_000
const USED = text('já foi usado', 'it was used already')

/**
 * Partners of the sandbox (docs/design.md "Partners"): self-service sign-up (open, by invitation, or
 * off), the operator's side (create, suspend, resume, delete, invitations), and the credentials
 * behind every login.
 */
export function createPartnerService(deps: PartnerServiceDeps) {
  const { repo, liveUsers } = deps
  const verify = deps.verifyPassword ?? deps.passwords.verify
  const now = () => deps.clock.now().toISOString()

  const create = deps.writes.transaction(
    (partner: NewPartner, origin: PartnerOrigin, password: { text: string; hash: string }, claim?: { codeHash: string }): PartnerCredentials => {
      const partnerUniqueID = randomUUID()
      const createdAt = now()
      repo.insertPartner({ partnerUniqueID, name: partner.partnerName, contactEmail: partner.contactEmail, origin, createdAt })
      if (claim && !deps.invitations.use(claim.codeHash, partnerUniqueID, createdAt)) throw invitationInvalid(USED)
      const brokerId = repo.insertBroker({ partnerUniqueID, name: partner.partnerName, registrationNumber: registrationNumber() })
      let username = usernameFor(partner.partnerName)
      while (repo.usernameTaken(username)) username = usernameFor(partner.partnerName)
      const userId = repo.insertUser({ brokerId, username, name: partner.partnerName, email: partner.contactEmail, passwordHash: password.hash, isAdmin: true, createdAt })
      return { partnerUniqueID, brokerId, userId, username, password: password.text }
    },
  )

  async function createWithWelcome(partner: NewPartner, origin: PartnerOrigin, lang: Lang, claim?: { codeHash: string }): Promise<PartnerCredentials> {
    const text = newPassword()
    const credentials = create(partner, origin, { text, hash: await deps.passwords.hash(text, origin === 'signup' ? hashTurn.signup : hashTurn.operator) }, claim)
    // The contact address is whatever the sign-up named: relayed to only once its code comes back,
    // as any other recipient; the welcome e-mail meanwhile stays in the mailbox.
    await deps.mailbox.recipients.enrolContact(credentials.partnerUniqueID, partner.contactEmail, lang)
    const mail = welcomeMail({ ...partner, ...credentials }, lang)
    // The partner's own mail, of no broker: its administrators read it.
    await deps.mailbox.send({ partnerUniqueID: credentials.partnerUniqueID, brokerId: null, to: partner.contactEmail, subject: mail.subject, text: mail.body, attachments: [] })
    deps.logger.info('partner created', { partnerUniqueID: credentials.partnerUniqueID, origin })
    return credentials
  }

  function invitationInvalid(detail: LocalizedText) {
    return new ApiError('INVITATION_INVALID', localizedProblem('INVITATION_INVALID', 'invitationCode', { detail }))
  }

  function claimOf(code: string | undefined): { codeHash: string } {
    if (!code) throw new ApiError('MISSING_FIELD', { field: 'invitationCode' })
    const codeHash = hashInvitationCode(code)
    const invitation = deps.invitations.find(codeHash)
    if (!invitation) throw invitationInvalid(text('não existe', 'no such code'))
    if (invitation.usedAt) throw invitationInvalid(USED)
    if (invitation.expiresAt <= now()) throw invitationInvalid(text(`expirou em ${invitation.expiresAt}`, `it expired on ${invitation.expiresAt}`))
    return { codeHash }
  }

  const setStatus = deps.writes.transaction((partnerUniqueID: string, status: 'active' | 'suspended', reason: string | null) => {
    if (!repo.setPartnerStatus(partnerUniqueID, status, reason)) throw partnerNotFound(partnerUniqueID)
    liveUsers.forgetPartner(partnerUniqueID)
    if (status === 'suspended') deps.accessChanged?.({ partnerUniqueID, userId: null, reason: 'partner-suspended', detail: reason })
    return repo.partner(partnerUniqueID)!
  })

  const storeUpgradedHash = deps.writes.transaction((userId: number, previous: string, upgraded: string) => repo.upgradePassword(userId, previous, upgraded))

  /** The user's hash again at the configured cost; a failure (a full hash queue too) leaves the old one, which still works. */
  async function upgradeHash(userId: number, previous: string, password: string, queueKey: string): Promise<void> {
    try {
      storeUpgradedHash(userId, previous, await deps.passwords.hash(password, queueKey))
    } catch (error) {
      deps.logger.warn('password hash not upgraded', { userId, error: error instanceof Error ? error.message : String(error) })
    }
  }

  const remove = deps.writes.transaction((partnerUniqueID: string) => {
    if (!repo.partner(partnerUniqueID)) throw partnerNotFound(partnerUniqueID)
    const deleted = deps.eraseData(partnerUniqueID)
    repo.removePartner(partnerUniqueID)
    liveUsers.forgetPartner(partnerUniqueID)
    deps.accessChanged?.({ partnerUniqueID, userId: null, reason: 'partner-deleted', detail: null })
    return deleted
  })

  return {
    /** The language of the partner's notifications (set by its administrator; pt-PT by default). */
    languageOf: repo.languageOf,
    /** Self-service sign-up, as the sandbox's SANDBOX_SIGNUP allows. @throws ApiError 403 (off, bad invitation). */
    signup(partner: NewPartner & { invitationCode?: string | undefined }, lang: Lang): Promise<PartnerCredentials> {
      if (deps.config.signup === 'off') throw new ApiError('SIGNUP_CLOSED', { field: '' })
      const claim = deps.config.signup === 'invite' ? claimOf(partner.invitationCode) : undefined
      return createWithWelcome(partner, 'signup', lang, claim)
    },

    /** Operator: a new partner, as sign-up makes it. */
    create: (partner: NewPartner, lang: Lang) => createWithWelcome(partner, 'operator', lang),

    /** Operator: every partner with what it stores. */
    list: () => repo.partners().map((p) => ({ ...p, usage: repo.usage(p.partnerUniqueID), users: repo.usersOf(p.partnerUniqueID).length })),

    /** Operator: the partner's tokens stop at once; its data stays. @throws ApiError 404 */
    suspend: (partnerUniqueID: string, reason: string | null) => setStatus(partnerUniqueID, 'suspended', reason ?? 'suspended by the operator'),
    /** @throws ApiError 404 */
    resume: (partnerUniqueID: string) => setStatus(partnerUniqueID, 'active', null),
    /** Operator: the partner and everything it made. @throws ApiError 404 */
    delete: remove,

    /** Operator: an invitation code for sign-up in invite mode, shown once. */
    invite(note: string | null, expiresInDays: number) {
      const invitationCode = newInvitationCode()
      const createdAt = now()
      const expiresAt = new Date(deps.clock.now().getTime() + expiresInDays * DAY).toISOString()
      deps.invitations.insert({ codeHash: hashInvitationCode(invitationCode), note, createdAt, expiresAt })
      return { invitationCode, note, createdAt, expiresAt }
    },
    invitations: () => deps.invitations.list().map(({ codeHash: _hash, ...invitation }) => invitation),

    /**
     * The user of a login from a client address (its throttle key), when the password matches and
     * the user may log in. Every path computes one hash: an unknown username, or a user without a
     * password, is checked against a hash no password matches, so it takes the time of a wrong
     * password. The hash takes the turn of the user's partner in the hash queue, or of the address
     * for a username no partner has. A hash older and cheaper than the configured cost is upgraded on
     * the way (docs/decisions.md "Platform"). @throws ApiError 429 (010512) when the queue is full.
     */
    async verifyCredentials(username: string, password: string, address: string) {
      const user = repo.findByUsername(username)
      const stored = user && isPasswordHash(user.passwordHash) ? user.passwordHash : deps.passwords.unmatchable
      const turn = user ? hashTurn.partner(user.partnerUniqueID) : hashTurn.address(address)
      const matches = await verify(password, stored, turn)
      if (!user || !matches || user.userStatus !== 'active') return undefined
      if (deps.passwords.outdated(user.passwordHash)) await upgradeHash(user.userId, user.passwordHash, password, turn)
      const { passwordHash: _secret, ...identity } = user
      return identity
    },

    /** The user with its broker, branch and partner (cached; see live-users.ts). */
    identityOf: (userId: number): UserIdentity | undefined => liveUsers.get(userId),
    /** The user of a username, without its secrets (the provider states act as a seeded user). */
    identityOfUsername(username: string): UserIdentity | undefined {
      const stored = repo.findByUsername(username)
      return stored && withoutSecrets(stored)
    },
    /** The user's state for the check of every token. */
    liveUser: liveUsers.get,

    /** The seeded demo partners may log in or not (SANDBOX_DEMO_IDENTITIES), at every start. */
    applyDemoIdentities(): void {
      const changed = deps.config.demoIdentities ? repo.setSeedStatus('active', null) : repo.setSeedStatus('suspended', 'the demo identities are off on this sandbox')
      if (changed > 0) liveUsers.forgetAll()
    },

    /**
     * The first user of a partner, creating the partner, a broker and a user when it has none
     * (provider-state fixtures name partners a pact chooses). The user gets a hash no password
     * matches: it acts through tokens the sandbox issues, never through a login.
     */
    ensurePartnerIdentity: deps.writes.transaction((partnerUniqueID: string) => {
      const existing = repo.firstUserOf(partnerUniqueID)
      if (existing) return withoutSecrets(existing)
      const short = partnerUniqueID.slice(0, 8)
      if (!repo.partner(partnerUniqueID)) repo.insertPartner({ partnerUniqueID, name: `Sandbox partner ${short}`, contactEmail: null, origin: 'fixture', createdAt: now() })
      const brokerId = repo.insertBroker({ partnerUniqueID, name: `Sandbox broker ${short}`, registrationNumber: registrationNumber() })
      const userId = repo.insertUser({
        brokerId,
        username: `partner-${partnerUniqueID}`,
        name: `Sandbox user ${short}`,
        email: `user-${short}@partner.example`,
        passwordHash: 'fixture$no-login',
        isAdmin: true,
        createdAt: now(),
      })
      return withoutSecrets(repo.findByUserId(userId)!)
    }),
  }
}

export type PartnerService = ReturnType<typeof createPartnerService>

export const partnerNotFound = (partnerUniqueID: string) => new ApiError('NOT_FOUND', { field: 'partnerUniqueID', params: { resource: 'partner', id: partnerUniqueID } })
