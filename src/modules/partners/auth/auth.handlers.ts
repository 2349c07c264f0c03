import type { TrustProxy } from '../../../platform/config.ts'
import type { AppRouteHandler } from '../../../http/router/app-env.ts'
import { clientAddress } from '../../../http/node-adapter/index.ts'
import type { AuthService } from './auth.service.ts'
import type { authenticate as authenticateRoute } from './auth.routes.ts'

export const authHandlers = (auth: AuthService, options: { trustProxy: TrustProxy }) => ({
  authenticate: (async (c) => {
    const { username, password } = c.req.valid('json')
    const { accessToken, expiresIn, partnerUniqueID, brokerId, userId } = await auth.login(username, password, clientAddress(c, options.trustProxy))
    return c.json({ accessToken, tokenType: 'Bearer' as const, expiresIn, partnerUniqueID, brokerId, userId }, 200)
  }) satisfies AppRouteHandler<ReturnType<typeof authenticateRoute>>,
})
