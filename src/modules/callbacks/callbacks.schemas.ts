import { z } from '@hono/zod-openapi'
import { MAX_CALLBACK_URL_LENGTH } from './address-policy.ts'
import { envelopeSchema } from '../../http/openapi/openapi-schemas.ts'

export const EXAMPLE_PARTNER = '7d1c3f2a-5b6e-4c8d-9a0f-1e2d3c4b5a60'

const partnerParam = z.guid().openapi({
  param: { name: 'partnerUniqueID', in: 'path', required: true },
  description: "The caller's partner (the token's `partnerUniqueID`); another partner's is a 403",
  example: EXAMPLE_PARTNER,
})

const notificationTypeParam = z.coerce
  .number()
  .int()
  .positive()
  .openapi({
    param: { name: 'notificationType', in: 'path', required: true },
    description: 'An id of the notification-types reference list (GET /v1/taxonomy/notification-types)',
    example: 6,
  })

export const PartnerParamsSchema = z.object({ partnerUniqueID: partnerParam })
export const CallbackParamsSchema = z.object({ partnerUniqueID: partnerParam, notificationType: notificationTypeParam })

export const CallbackUpdateRequestSchema = z
  .object({
    callbackUrl: z.string().trim().min(1).max(MAX_CALLBACK_URL_LENGTH).openapi({
      description:
        'Where notifications of this type are POSTed: https (http only when SANDBOX_CALLBACK_ALLOW_HTTP), never a loopback, private, link-local, CGNAT or metadata address unless SANDBOX_CALLBACK_ALLOW_PRIVATE',
      example: 'https://partner.example.com/mortgage/notifications',
    }),
  })
  .openapi('CallbackUpdateRequest', { example: { callbackUrl: 'https://partner.example.com/mortgage/notifications' } })

export const CallbackUpdateResultSchema = envelopeSchema(
  z.object({
    notificationType: z.number().int().openapi({ example: 6 }),
    callbackUrl: z.string().openapi({ example: 'https://partner.example.com/mortgage/notifications' }),
    signingSecret: z.string().openapi({
      description:
        'Standard Webhooks secret (`whsec_` + base64 key) to verify `webhook-signature`. Created with the configuration and kept when its URL changes; shown in full only here.',
      example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    }),
  }),
  'CallbackUpdateResult',
)

export const CallbackItemSchema = z
  .object({
    notificationType: z.number().int().openapi({ example: 6 }),
    notificationTypeDescription: z.string().openapi({ example: 'Alteração do estado da simulação' }),
    callbackUrl: z.string().openapi({ example: 'https://partner.example.com/mortgage/notifications' }),
    signingSecretPrefix: z.string().openapi({ description: 'The first characters of the secret only', example: 'whsec_MfKQ' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    status: z.enum(['active', 'disabled']).openapi({
      description: 'Always active in Callback List (a configuration disabled by a 410 Gone is left out of it until Callback Update sets an address again)',
    }),
    disabledReason: z.string().optional().openapi({ description: 'Why a configuration was disabled; absent for an active one' }),
  })
  .openapi('CallbackItem')

export const CallbackListSchema = z.object({ callbackList: z.array(CallbackItemSchema) }).openapi('CallbackList')
