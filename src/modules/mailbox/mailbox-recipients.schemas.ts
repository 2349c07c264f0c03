import { z } from '@hono/zod-openapi'

export const MailRecipientCreateRequestSchema = z
  .strictObject({
    email: z.email().max(254).openapi({ description: "The address to relay the partner's e-mails to, once verified", example: 'qa@casanova.example' }),
  })
  .openapi('MailRecipientCreateRequest')

export const MailRecipientVerifyRequestSchema = z
  .strictObject({
    code: z.string().trim().min(1).max(20).openapi({ description: 'The 6-digit code the verification e-mail brought to the address', example: '481207' }),
  })
  .openapi('MailRecipientVerifyRequest')

export const MailRecipientParamsSchema = z.object({
  recipientId: z.uuid().openapi({ param: { name: 'recipientId', in: 'path' }, example: '3b9d2c1e-7a4f-4e8b-9c0d-1f2e3a4b5c6d' }),
})

export const MailRecipientSchema = z
  .object({
    recipientId: z.uuid(),
    email: z.string().openapi({ example: 'qa@casanova.example' }),
    status: z.enum(['pending', 'verified']).openapi({ description: 'pending: its code has not come back yet, nothing is relayed to it; verified: ESIS e-mails to it are relayed' }),
    createdAt: z.string().openapi({ description: "On the partner's clock" }),
    verifiedAt: z.string().nullable(),
  })
  .openapi('MailRecipient')

export const MailRecipientListSchema = z
  .object({
    contactEmail: z
      .string()
      .nullable()
      .openapi({ description: "The partner's contact address (of its sign-up): relayed to once verified, as a recipient of the list (sent a code at sign-up)" }),
    recipientList: z.array(MailRecipientSchema),
  })
  .openapi('MailRecipientList')
