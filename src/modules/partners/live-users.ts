import type { PartnerOrigin, PartnerRepository, UserIdentity } from './partners.repository.ts'

/**
 * A user as it stands now, with its tokens' generation, its partner's suspension reason and origin:
 * what every request is checked against. Never its password hash: the cache is what other modules read.
 */
export interface LiveUser extends UserIdentity {
  tokenGeneration: number
  partnerStatusReason: string | null
  /** Where the partner came from ('seed': a demo identity); null when unknown. */
  partnerOrigin: PartnerOrigin | null
}

/** Users kept; past it the cache starts over (a map lookup stays the cost of a request). */
const CACHE_LIMIT = 50_000

/**
 * The live state of users, read once and kept until a change this module makes forgets it: a
 * suspended partner, a revoked token generation, a deactivated user stop their tokens at once,
 * while a request costs a map lookup. Every change of a user, its broker or its partner goes
 * through the partners module, which forgets what it changed. The services that name the broker
 * of a record (a simulation's branch, an ESIS's broker) read the same cache.
 */
export function createLiveUsers(repo: Pick<PartnerRepository, 'findByUserId' | 'partner'>) {
  const users = new Map<number, LiveUser>()
  return {
    /** The user with its broker, branch and partner, or undefined when no such user exists. */
    get(userId: number): LiveUser | undefined {
      let user = users.get(userId)
      if (user) return user
      const stored = repo.findByUserId(userId)
      if (!stored) return undefined
      const { passwordHash: _secret, ...identity } = stored
      const partner = repo.partner(identity.partnerUniqueID)
      user = { ...identity, partnerStatusReason: partner?.statusReason ?? null, partnerOrigin: partner?.origin ?? null }
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
