import type { PartnerRepository, PartnerStatus } from './partners.repository.ts'

/** What a token is checked against on every request: the user as it stands now. */
export interface LiveUser {
  partnerUniqueID: string
  brokerId: number
  tokenGeneration: number
  active: boolean
  partnerStatus: PartnerStatus
  partnerStatusReason: string | null
}

/** Users kept; past it the cache starts over (a map lookup stays the cost of a request). */
const CACHE_LIMIT = 50_000

/**
 * The live state of users, read once and kept until a change this module makes forgets it: a
 * suspended partner, a revoked token generation, a deactivated user stop their tokens at once,
 * while a request costs a map lookup. Every change of these columns goes through the partners
 * service, which forgets what it changed.
 */
export function createLiveUsers(repo: Pick<PartnerRepository, 'findByUserId' | 'partner'>) {
  const users = new Map<number, LiveUser>()
  return {
    /** The user's state, or undefined when no such user exists. */
    get(userId: number): LiveUser | undefined {
      let user = users.get(userId)
      if (user) return user
      const identity = repo.findByUserId(userId)
      if (!identity) return undefined
      user = {
        partnerUniqueID: identity.partnerUniqueID,
        brokerId: identity.brokerId,
        tokenGeneration: identity.tokenGeneration,
        active: identity.userStatus === 'active',
        partnerStatus: identity.partnerStatus,
        partnerStatusReason: repo.partner(identity.partnerUniqueID)?.statusReason ?? null,
      }
      if (users.size >= CACHE_LIMIT) users.clear()
      users.set(userId, user)
      return user
    },
    forgetUser: (userId: number) => void users.delete(userId),
    forgetPartner(partnerUniqueID: string): void {
      for (const [userId, user] of users) if (user.partnerUniqueID === partnerUniqueID) users.delete(userId)
    },
    forgetAll: () => users.clear(),
  }
}

export type LiveUsers = ReturnType<typeof createLiveUsers>
