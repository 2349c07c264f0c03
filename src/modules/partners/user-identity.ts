// What the partners module tells other modules about a user: its own file, not the repository's, so
// the door names a public type (docs/architecture.md "Modules").

export type PartnerStatus = 'active' | 'suspended'

/** A user with its broker, branch and partner: what a token names and a simulation records. */
export interface UserIdentity {
  userId: number
  username: string
  name: string
  email: string
  passwordHash: string
  isAdmin: boolean
  userStatus: 'active' | 'inactive'
  tokenGeneration: number
  brokerId: number
  brokerName: string
  brokerRegistrationNumber: string
  branchId: number
  branchDescription: string
  partnerUniqueID: string
  partnerName: string
  partnerStatus: PartnerStatus
}
