import type { TrustProxy } from '../../../platform/config.ts'
import type { AppRouteHandler } from '../../../http/router/app-env.ts'
import { clientAddress } from '../../../http/node-adapter/index.ts'
import { ApiError } from '../../../common/api-error.ts'
import { addressKey } from '../../../common/address-key.ts'
import { held } from '../../../http/fair-share/fair-share.ts'
import { createTokenBuckets } from '../../../http/fair-share/token-buckets.ts'
import type { AuthService } from './auth.service.ts'
import type { authenticate as authenticateRoute } from './auth.routes.ts'

export const authHandlers = (auth: AuthService, options: { trustProxy: TrustProxy }) => {
  const pace = createRefusalPace()
  return {
    authenticate: (async (c) => {
      const { username, password } = c.req.valid('json')
      const address = clientAddress(c, options.trustProxy)
      try {
        const { accessToken, expiresIn, partnerUniqueID, brokerId, userId } = await auth.login(username, password, address)
        return c.json({ accessToken, tokenType: 'Bearer' as const, expiresIn, partnerUniqueID, brokerId, userId }, 200)
      } catch (error) {
        // A client asking again and again past its 429s: its answers come at the pace createRefusalPace sets.
        const wait = error instanceof ApiError && error.status === 429 ? pace.refused(addressKey(address)) : 0
        if (wait > 0) await held(c, new Promise((resolve) => setTimeout(resolve, wait)))
        throw error
      }
    }) satisfies AppRouteHandler<ReturnType<typeof authenticateRoute>>,
  }
}

/** Refused logins of an address answered at once: 10 at once, then 10 a second. */
const AT_ONCE_PER_SECOND = 10
/** How long a refusal past them waits before it is answered (up to half more: the connections come back spread out). */
const PACED_MS = 1000

/**
 * The pace of a client that asks again and again past its 429s (decision 0316, "Paced refusals"),
 * as the fair share paces a partner's refusals (http/fair-share/fair-share.ts), on the same token
 * buckets, keyed here by client address: an address's refused logins within a bucket of 10 a second
 * are answered at once, each further one a second later. A client that honours Retry-After never
 * meets it; one that ignores it, on 28 keep-alive connections, sent 6,000 to 10,000 logins a second,
 * each answered on the event loop every partner's requests need: now each connection gets about one
 * answer a second. The wait holds no CPU, only the connection.
 */
export function createRefusalPace(now?: () => number) {
  const refusals = createTokenBuckets({ perSecond: AT_ONCE_PER_SECOND, burst: AT_ONCE_PER_SECOND, ...(now ? { now } : {}) })
  return {
    /** A login from `address` (its key) was refused: how long its answer waits, in ms. */
    refused: (address: string): number => (refusals.take(address).allowed ? 0 : PACED_MS * (1 + Math.random() / 2)),
  }
}
