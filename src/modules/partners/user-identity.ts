// What the partners module tells other modules about a user: its own file, not the repository's, so
// the door names a public type (docs/architecture.md "Modules").

export type PartnerStatus = 'active' | 'suspended'

/**
 * A user with its broker, branch and partner: what a token names and a simulation records. No
 * secret of the user: what crosses the door is what another module may show or store.
 */
export interface UserIdentity {
  userId: number
  username: string
  name: string
  email: string
  isAdmin: boolean
  userStatus: 'active' | 'inactive'
  brokerId: number
  brokerName: string
  brokerRegistrationNumber: string
  branchId: number
  branchDescription: string
  partnerUniqueID: string
  partnerName: string
  partnerStatus: PartnerStatus
}

/** A user as stored: with its password hash and the generation its tokens must carry (the partners module's own). */
export interface StoredUser extends UserIdentity {
  passwordHash: string
  tokenGeneration: number
}

/** What of a stored user another module may hold. */
export const withoutSecrets = ({ passwordHash: _hash, tokenGeneration: _generation, ...identity }: StoredUser): UserIdentity => identity
