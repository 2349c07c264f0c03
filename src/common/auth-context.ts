/** Who a token names: its user, with the user's broker and partner. */
export interface TokenIdentity {
  partnerUniqueID: string
  brokerId: number
  userId: number
}

/**
 * Who is calling, from the token only: never from the request body. Whether the user administers
 * its partner is read from the user as it stands now, not from the token, so a promotion or a
 * demotion counts from the next request (docs/design.md "Roles").
 */
export interface AuthContext extends TokenIdentity {
  /** An administrator of the partner: partner-wide changes are its alone. */
  admin: boolean
  /** The id (jti) of the access token the request used, not the token: the journal keeps it. */
  tokenId?: string
}
