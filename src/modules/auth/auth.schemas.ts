import { z } from '@hono/zod-openapi'

export const AuthenticateRequestSchema = z
  .object({
    username: z.string().min(1).max(100).openapi({ example: 'broker-a' }),
    password: z.string().min(1).max(200).openapi({ example: 'sandbox' }),
  })
  .openapi('AuthenticateRequest', { example: { username: 'broker-a', password: 'sandbox' } })

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
