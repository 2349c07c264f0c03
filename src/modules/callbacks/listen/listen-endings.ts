import type { AccessChange, AccessLoss } from '../../../common/access-change.ts'
import { ApiError, renderError } from '../../../common/api-error.ts'
import type { ListenerEnding } from './listener-hub.ts'

/** What the command line prints when the stream ends: why, and what to do (English, as the command line's own text). */
const MESSAGES: Record<AccessLoss, (detail: string | null) => string> = {
  demoted: () =>
    "you no longer administer your partner, so this stream of every broker's notifications ended; listen again to receive your broker's, signed with a secret of your own (printed at start)",
  'tokens-revoked': () => 'an administrator of your partner revoked your tokens, and this stream ended with them; log in again to listen',
  'password-reset': () => 'an administrator of your partner reset your password, which stopped your tokens and this stream; log in with the new password to listen',
  deactivated: () => 'an administrator of your partner deactivated your user: it can no longer log in or listen',
  'partner-suspended': (detail) => `the sandbox's operator suspended your partner${detail ? ` (${detail})` : ''}: its tokens and streams stop until it is resumed`,
  'partner-deleted': () => "the sandbox's operator deleted your partner and everything it made",
}

/** The end of a stream a change of its user's rights ended. */
export const endingOfChange = (change: AccessChange): ListenerEnding => ({ reason: change.reason, message: MESSAGES[change.reason](change.detail) })

/** A demotion the periodic check found (the change's own announcement ends the stream first). */
export const DEMOTED: ListenerEnding = { reason: 'demoted', message: MESSAGES.demoted(null) }

/** The end of a stream whose token no longer authenticates: expired (log in again and listen), or refused. */
export function endingOfRefusal(error: unknown): ListenerEnding {
  if (error instanceof ApiError && error.key === 'TOKEN_EXPIRED')
    return { reason: 'token-expired', message: 'the token this stream was opened with expired; log in again to listen' }
  if (error instanceof ApiError && error.key === 'PARTNER_SUSPENDED')
    return { reason: 'partner-suspended', message: renderError(error, 'en').operationStatus.operationStatusMessage }
  const why = error instanceof ApiError ? renderError(error, 'en').operationStatus.operationStatusMessage : 'it could not be checked'
  return { reason: 'unauthorized', message: `the token this stream was opened with no longer authenticates (${why}); log in again to listen` }
}
