import type { Clock } from '../../platform/clock.ts'
import type { Config } from '../../platform/config.ts'
import type { Transactions } from '../../db/write-batch.ts'
import { ApiError } from '../../common/api-error.ts'
import type { AccessChange } from '../../common/access-change.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import { adminRequired } from '../../common/admin-required.ts'
import { newPassword, registrationNumber, usernameFor } from './credentials.ts'
import type { LiveUsers } from './live-users.ts'
import type { PartnerRepository, UserIdentity } from './partners.repository.ts'
import { hashTurn } from './hash-queue.ts'
import type { PasswordHashing } from './password.ts'
import type { Quotas } from './quotas.ts'

export interface AccountServiceDeps {
  repo: PartnerRepository
  liveUsers: LiveUsers
  quotas: Quotas
  writes: Transactions
  clock: Clock
  config: Pick<Config, 'retentionDays' | 'rateLimit' | 'mode'>
  passwords: Pick<PasswordHashing, 'hash'>
  /** Told of every change that takes a user's rights away at once, once the live user is forgotten. */
  accessChanged?: ((change: AccessChange) => void) | undefined
}

const userView = (u: UserIdentity) => ({ userId: u.userId, username: u.username, name: u.name, email: u.email, admin: u.isAdmin, status: u.userStatus })

/**
 * A partner's own account (docs/design.md "Partners"): its brokers and users, quotas, rate limit and
 * retention; its administrators add brokers and users, reset passwords and revoke tokens. Everything
 * acts on the caller's partner only.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { repo, liveUsers } = deps
  const lost = (auth: AuthContext, userId: number, reason: AccessChange['reason']) => deps.accessChanged?.({ partnerUniqueID: auth.partnerUniqueID, userId, reason, detail: null })

  // The routes answer a non-administrator 403 before this runs (http/access/access-rules.ts); the service
  // keeps its own check so no other caller reaches an account change without the live flag.
  function assertAdmin(auth: AuthContext): void {
    if (!auth.admin) throw adminRequired()
  }

  /** A user of the caller's partner. @throws ApiError 404 */
  function userOf(auth: AuthContext, userId: number): UserIdentity {
    const user = repo.findByUserId(userId)
    if (!user || user.partnerUniqueID !== auth.partnerUniqueID) throw new ApiError('NOT_FOUND', { field: 'userId', params: { resource: 'user', id: userId } })
    return user
  }

  const insertUser = deps.writes.transaction((row: Parameters<PartnerRepository['insertUser']>[0]) => repo.insertUser(row))

  return {
    /** @throws ApiError 403 when the caller is not an administrator of its partner. */
    assertAdmin,
    /**
     * The partner, its brokers with their users, quotas with their use, rate limit and retention. An
     * administrator sees every broker and the contact address; another user its own broker and that
     * broker's users only, so no e-mail of another broker's user (the contact address is the first
     * administrator's) reaches it (docs/design.md "Roles").
     */
    view(auth: AuthContext) {
      const partner = repo.partner(auth.partnerUniqueID)!
      const users = repo.usersOf(auth.partnerUniqueID)
      const brokers = repo.brokersOf(auth.partnerUniqueID).filter((b) => auth.admin || b.brokerId === auth.brokerId)
      return {
        partnerUniqueID: partner.partnerUniqueID,
        partnerName: partner.name,
        contactEmail: auth.admin ? partner.contactEmail : null,
        status: partner.status,
        createdAt: partner.createdAt,
        mode: deps.config.mode,
        language: partner.language,
        brokers: brokers.map((b) => ({
          brokerId: b.brokerId,
          name: b.name,
          registrationNumber: b.registrationNumber,
          users: users.filter((u) => u.brokerId === b.brokerId).map(userView),
        })),
        quotas: deps.quotas.of(auth.partnerUniqueID),
        rateLimit: deps.config.rateLimit,
        retention: { days: deps.config.retentionDays === 0 ? null : deps.config.retentionDays },
      }
    },

    /** The language of the partner's notifications. @throws ApiError 403 (not an administrator). */
    setLanguage: deps.writes.transaction((auth: AuthContext, language: Lang) => {
      assertAdmin(auth)
      repo.setLanguage(auth.partnerUniqueID, language)
      return { language }
    }),

    /** A new broker of the partner (a broker network). @throws ApiError 403 (not an administrator). */
    addBroker(auth: AuthContext, broker: { name: string; registrationNumber?: string | undefined }) {
      assertAdmin(auth)
      const brokerId = deps.writes.transaction(() =>
        repo.insertBroker({ partnerUniqueID: auth.partnerUniqueID, name: broker.name, registrationNumber: broker.registrationNumber ?? registrationNumber() }),
      )()
      return repo.brokersOf(auth.partnerUniqueID).find((b) => b.brokerId === brokerId)!
    },

    /** A new user of one of the partner's brokers; its password is answered once. @throws ApiError 403, 404 (broker). */
    async addUser(auth: AuthContext, user: { brokerId: number; name: string; email: string; admin?: boolean | undefined }) {
      assertAdmin(auth)
      if (!repo.brokersOf(auth.partnerUniqueID).some((b) => b.brokerId === user.brokerId)) {
        throw new ApiError('NOT_FOUND', { field: 'brokerId', params: { resource: 'broker', id: user.brokerId } })
      }
      const password = newPassword()
      const passwordHash = await deps.passwords.hash(password, hashTurn.partner(auth.partnerUniqueID))
      let username = usernameFor(user.name)
      while (repo.usernameTaken(username)) username = usernameFor(user.name)
      const userId = insertUser({
        brokerId: user.brokerId,
        username,
        name: user.name,
        email: user.email,
        passwordHash,
        isAdmin: user.admin === true,
        createdAt: deps.clock.now().toISOString(),
      })
      return { userId, brokerId: user.brokerId, username, password }
    },

    /** A new generated password, answered once; the user's tokens stop. @throws ApiError 403, 404. */
    async resetPassword(auth: AuthContext, userId: number) {
      assertAdmin(auth)
      const user = userOf(auth, userId)
      const password = newPassword()
      repo.setPassword(user.userId, await deps.passwords.hash(password, hashTurn.partner(auth.partnerUniqueID)))
      liveUsers.forgetUser(user.userId)
      lost(auth, user.userId, 'password-reset')
      return { userId: user.userId, username: user.username, password }
    },

    /** Every token of the user stops at once; logging in again gives new ones. @throws ApiError 403, 404. */
    revokeTokens(auth: AuthContext, userId: number): void {
      assertAdmin(auth)
      repo.revokeTokens(userOf(auth, userId).userId)
      liveUsers.forgetUser(userId)
      lost(auth, userId, 'tokens-revoked')
    },

    /**
     * Makes a user of the partner an administrator, or no longer one, from its next request on: the
     * flag is read from the live user, never from a token. An administrator cannot demote itself, so
     * a partner always keeps one. @throws ApiError 403, 404, 400 (oneself).
     */
    setAdmin(auth: AuthContext, userId: number, admin: boolean) {
      assertAdmin(auth)
      const user = userOf(auth, userId)
      if (user.userId === auth.userId && !admin) {
        throw new ApiError('BUSINESS_RULE', {
          field: 'admin',
          params: { detail: '' },
          message: { 'pt-PT': 'Um administrador não pode retirar a si próprio o papel de administrador.', en: 'An administrator cannot remove its own administrator role.' },
        })
      }
      repo.setAdmin(user.userId, admin)
      liveUsers.forgetUser(user.userId)
      if (user.isAdmin && !admin) lost(auth, user.userId, 'demoted')
      return { userId: user.userId, username: user.username, brokerId: user.brokerId, admin }
    },

    /** The user can no longer log in and its tokens stop; what it made stays. @throws ApiError 403, 404, 400 (oneself). */
    deactivate(auth: AuthContext, userId: number): void {
      assertAdmin(auth)
      const user = userOf(auth, userId)
      if (user.userId === auth.userId) {
        throw new ApiError('BUSINESS_RULE', {
          field: 'userId',
          params: { detail: '' },
          message: { 'pt-PT': 'Um administrador não se pode desativar a si próprio.', en: 'An administrator cannot deactivate itself.' },
        })
      }
      repo.deactivate(user.userId)
      liveUsers.forgetUser(user.userId)
      lost(auth, user.userId, 'deactivated')
    },
  }
}

export type AccountService = ReturnType<typeof createAccountService>
