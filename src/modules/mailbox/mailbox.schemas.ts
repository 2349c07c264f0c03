import { z } from '@hono/zod-openapi'
import { pagingQuerySchema } from '../../common/pagination.ts'

export const MailboxQuerySchema = pagingQuerySchema.extend({
  nextRecord: z.string().min(1).optional().openapi({ description: 'messageId of the last e-mail already seen: the page holds the older ones' }),
  previousRecord: z.string().min(1).optional().openapi({ description: 'messageId of the first e-mail already seen: the page holds the newer ones, still newest first' }),
})

export const MailParamsSchema = z.object({
  messageId: z.uuid().openapi({
    param: { name: 'messageId', in: 'path' },
    description: 'A messageId of GET /sandbox/mailbox (the emailUniqueID ESIS Email answered)',
    example: '8a1f2e3d-4c5b-4a69-8877-66554433aa10',
  }),
})

export const AttachmentQuerySchema = z.object({
  position: z.coerce.number().int().min(0).max(99).default(0).openapi({ description: 'Which attachment, from 0 (ESIS e-mails carry one, the PDF)', example: 0 }),
})

const AttachmentSchema = z
  .object({
    position: z.number().int().openapi({ example: 0 }),
    filename: z.string().openapi({ example: 'ESIS-simulation-12.pdf' }),
    contentType: z.string().openapi({ example: 'application/pdf' }),
    size: z.number().int().openapi({ description: 'Bytes', example: 48213 }),
    url: z.string().openapi({ description: 'Where to download it, with the same bearer token', example: '/sandbox/mailbox/8a1f2e3d-4c5b-4a69-8877-66554433aa10/attachment' }),
  })
  .openapi('MailboxAttachment')

export const MailSchema = z
  .object({
    messageId: z.uuid(),
    sentAt: z.iso.datetime(),
    from: z.string().openapi({ example: 'Banco Sandbox <nao-responder@banco-sandbox.example>' }),
    to: z.string().openapi({ example: 'ana.martins@example.com' }),
    subject: z.string().openapi({ example: 'FINE - simulação de crédito habitação n.º 12' }),
    text: z.string(),
    simulationUniqueId: z.uuid().nullable(),
    processUniqueId: z.uuid().nullable(),
    relayStatus: z.enum(['captured', 'relayed', 'failed', 'withheld']).openapi({
      description:
        'captured: kept here only (no SANDBOX_SMTP_URL); relayed: also accepted by the SMTP server; failed: the relay failed; withheld: kept here only, the address not being one the partner verified (its contact address included)',
    }),
    relayError: z.string().nullable(),
    attachments: z.array(AttachmentSchema),
  })
  .openapi('MailboxMessage')

export const MailboxPageSchema = z.object({ totalRecords: z.number().int(), hasMoreResults: z.boolean(), mailList: z.array(MailSchema) }).openapi('MailboxPage')

/** The bytes of an attachment (the ESIS PDF), as OpenAPI names a binary answer. */
export const AttachmentBytesSchema = z.string().openapi({ format: 'binary' })
