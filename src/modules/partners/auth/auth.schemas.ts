import { z } from '@hono/zod-openapi'

/** Authenticate's body, its example the credentials of the sandbox's way in (common/way-in.ts). */
export const authenticateRequestSchema = (example: { username: string; password: string }) =>
  z
    .object({
      username: z.string().min(1).max(100).openapi({ example: example.username }),
      password: z.string().min(1).max(200).openapi({ example: example.password }),
    })
    .openapi('AuthenticateRequest', { example })

export const AuthenticateResponseSchema = z
  .object({
    accessToken: z.string().openapi({ description: 'HS256 JWT naming partner, broker and user' }),
    tokenType: z.literal('Bearer'),
    expiresIn: z.number().int().openapi({ description: 'Seconds until the token expires', example: 3600 }),
    partnerUniqueID: z.uuid(),
    brokerId: z.number().int(),
    userId: z.number().int(),
  })
  .openapi('AuthenticateResponse')
