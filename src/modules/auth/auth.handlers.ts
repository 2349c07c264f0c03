import type { AppRouteHandler } from '../../http/app-env.ts'
import { ApiError } from '../../http/api-error.ts'
import { verifyPassword } from './password.ts'
import type { authenticate as authenticateRoute } from './auth.routes.ts'

export const authenticate: AppRouteHandler<typeof authenticateRoute> = async (c) => {
  const { username, password } = c.req.valid('json')
  const { authRepository, tokens } = c.get('deps')
  const user = authRepository.findByUsername(username)
  if (!user || !(await verifyPassword(password, user.passwordHash))) {
    throw new ApiError('INVALID_CREDENTIALS', { field: 'username' })
  }
  const identity = { partnerUniqueID: user.partnerUniqueID, brokerId: user.brokerId, userId: user.userId }
  const { accessToken, expiresIn } = tokens.issue(identity)
  return c.json({ accessToken, tokenType: 'Bearer' as const, expiresIn, ...identity }, 200)
}
