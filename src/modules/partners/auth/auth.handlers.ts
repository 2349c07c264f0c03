import type { TrustProxy } from '../../../platform/config.ts'
import type { AppRouteHandler } from '../../../http/router/app-env.ts'
import { clientAddress } from '../../../http/node-adapter/index.ts'
import { ApiError } from '../../../common/api-error.ts'
import { addressKey } from '../../../common/address-key.ts'
import { held } from '../../../http/fair-share/fair-share.ts'
import type { AuthService } from './auth.service.ts'
import { createRefusalPace } from './refusal-pace.ts'
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
        // A client asking again and again past its 429s: its answers come at the pace refusal-pace.ts sets.
        const wait = error instanceof ApiError && error.status === 429 ? pace.refused(addressKey(address)) : 0
        if (wait > 0) await held(c, new Promise((resolve) => setTimeout(resolve, wait)))
        throw error
      }
    }) satisfies AppRouteHandler<ReturnType<typeof authenticateRoute>>,
  }
}
