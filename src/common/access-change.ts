/**
 * A change that takes a user's rights away at once, as the partners module applies it. What holds a
 * connection open on a user's behalf (a `listen` stream, authorized once, at connect) ends on it,
 * saying why (docs/listen.md "When the stream ends").
 */
export type AccessLoss = 'demoted' | 'tokens-revoked' | 'password-reset' | 'deactivated' | 'partner-suspended' | 'partner-deleted'

export interface AccessChange {
  partnerUniqueID: string
  /** The user whose rights changed; null: every user of the partner (a suspension, a deletion). */
  userId: number | null
  reason: AccessLoss
  /** The operator's reason of a suspension; null otherwise. */
  detail: string | null
}
