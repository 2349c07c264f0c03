import { z } from '@hono/zod-openapi'
import { envelopeSchema } from '../../http/openapi/openapi-schemas.ts'

/** The ESIS as a PDF, both ESIS Get operations' answer. */
export const EsisPdfSchema = z.string().openapi({ format: 'binary' })

export const EsisEmailQuerySchema = z.object({
  email: z.email().max(254).openapi({ description: 'Where to send the ESIS (required: a simulation holds no e-mail address)', example: 'ana.martins@example.com' }),
})

export const ProcessEsisEmailQuerySchema = z.object({
  email: z
    .email()
    .max(254)
    .optional()
    .openapi({ description: "Where to send the ESIS; without it, the key borrower's e-mail (400 when neither exists)", example: 'ana.martins@example.pt' }),
})

export const EsisEmailResultSchema = envelopeSchema(
  z
    .object({
      emailUniqueID: z.uuid().openapi({ description: 'The captured e-mail in the sandbox mailbox (sandbox control API)' }),
      relayStatus: z.enum(['captured', 'relayed', 'failed', 'withheld']).openapi({
        description:
          'captured: kept in the mailbox only (no SANDBOX_SMTP_URL); relayed: also accepted by the SMTP server; failed: the relay failed (the mailbox keeps it); withheld: kept in the mailbox only, because the address is not one the partner verified, its contact address included (POST /sandbox/account/mail-recipients)',
      }),
    })
    .openapi('EsisEmailResult'),
  'EsisEmailResultEnvelope',
)
