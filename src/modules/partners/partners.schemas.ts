import { z } from '@hono/zod-openapi'

const partnerName = z.string().trim().min(2).max(120).openapi({ description: "The partner's (broker network's) name", example: 'Casa Nova Crédito, Lda.' })
const contactEmail = z.email().max(254).openapi({
  description: 'Where the welcome e-mail goes (captured in the mailbox). With an SMTP relay, sent a code: relayed to once verified (/sandbox/account/mail-recipients)',
  example: 'dev@casanova.example',
})

export const SignupRequestSchema = z
  .strictObject({
    partnerName,
    contactEmail,
    invitationCode: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: 'Required when the sandbox signs up by invitation (SANDBOX_SIGNUP=invite)', example: 'inv_3kYfQ2…' }),
  })
  .openapi('SignupRequest')

export const PartnerCreateRequestSchema = z
  .strictObject({ partnerName, contactEmail })
  .openapi('PartnerCreateRequest', { example: { partnerName: 'Casa Nova Crédito, Lda.', contactEmail: 'dev@casanova.example' } })

export const CredentialsSchema = z
  .object({
    partnerUniqueID: z.uuid(),
    brokerId: z.number().int(),
    userId: z.number().int(),
    username: z.string().openapi({ example: 'casa-nova-credito-lda-7k3f' }),
    password: z.string().openapi({ description: 'Shown this once: the sandbox keeps only its hash', example: 'p8Q2w0sZ1mXy5cT7vB3nA9dE' }),
  })
  .openapi('PartnerCredentials')

export const UserCredentialsSchema = z
  .object({
    userId: z.number().int(),
    brokerId: z.number().int(),
    username: z.string(),
    password: z.string().openapi({ description: 'Shown this once: the sandbox keeps only its hash' }),
  })
  .openapi('UserCredentials')

export const PasswordResetSchema = z
  .object({ userId: z.number().int(), username: z.string(), password: z.string().openapi({ description: 'The new password, shown this once' }) })
  .openapi('PasswordReset')

const quota = z.object({ limit: z.number().int().nullable().openapi({ description: 'null: no limit' }), used: z.number().int() })

export const AccountSchema = z
  .object({
    partnerUniqueID: z.uuid(),
    partnerName: z.string(),
    contactEmail: z
      .string()
      .nullable()
      .openapi({ description: "The partner's contact address (of its sign-up). null for a user who is not an administrator, and for a partner without one" }),
    status: z.enum(['active', 'suspended']),
    createdAt: z.string(),
    mode: z.enum(['local', 'hosted']).openapi({ description: "The sandbox's mode: local (one developer's copy) or hosted (the bank's, for every partner)" }),
    language: z.enum(['pt-PT', 'en']).openapi({
      description: "The language of the partner's notifications: every text of their payloads (status descriptions, the bank's messages). pt-PT unless set",
      example: 'pt-PT',
    }),
    brokers: z.array(
      z.object({
        brokerId: z.number().int(),
        name: z.string(),
        registrationNumber: z.string(),
        users: z.array(
          z.object({ userId: z.number().int(), username: z.string(), name: z.string(), email: z.string(), admin: z.boolean(), status: z.enum(['active', 'inactive']) }),
        ),
      }),
    ),
    quotas: z
      .object({
        simulations: quota,
        processes: quota,
        documentBytes: quota,
        callbackConfigurations: quota,
        scenarios: quota,
        storageBytes: quota.extend({
          journalReserved: z.number().int().openapi({
            description:
              "Bytes of the quota kept for the request journal's ring (its bound), whatever it holds now: the room left for the rest is limit - journalReserved - what they use",
          }),
          byKind: z
            .object({
              documentBytes: z.number().int(),
              mailBytes: z.number().int(),
              messageBytes: z.number().int(),
              scenarioBytes: z.number().int(),
              journalBytes: z.number().int(),
            })
            .openapi({
              description:
                "What uses the storage: documents, e-mails with their attachments, messages, the partner's own scenarios, the request journal; each record with a fixed part for its row (a document 1024 bytes, an e-mail 768 and each attachment 256, a message 256, a scenario 256, a journal entry 1024)",
            }),
        }),
      })
      .openapi({ description: 'Stored data against the quotas; a full quota answers 409 (010605) naming it. storageBytes counts every stored byte' }),
    rateLimit: z
      .object({ perSecond: z.number().int(), burst: z.number().int() })
      .nullable()
      .openapi({ description: 'Requests a second, sustained, and the burst allowed; past it 429 (010604) with Retry-After. null: no limit' }),
    retention: z.object({ days: z.number().int().nullable().openapi({ description: 'Data older than this is deleted; null: kept' }) }),
  })
  .openapi('PartnerAccount')

export const BrokerCreateRequestSchema = z
  .strictObject({
    name: z.string().trim().min(2).max(120).openapi({ example: 'Casa Nova Porto' }),
    registrationNumber: z
      .string()
      .regex(/^\d{7}$/)
      .optional()
      .openapi({ description: "The broker's 7-digit register number (generated when absent)", example: '0004127' }),
  })
  .openapi('BrokerCreateRequest')

export const BrokerSchema = z
  .object({ brokerId: z.number().int(), partnerUniqueID: z.uuid(), name: z.string(), registrationNumber: z.string(), branchId: z.number().int() })
  .openapi('Broker')

export const UserCreateRequestSchema = z
  .strictObject({
    brokerId: z.number().int().positive().openapi({ description: 'A broker of the partner', example: 1001 }),
    name: z.string().trim().min(2).max(120).openapi({ example: 'Marta Lopes' }),
    email: z.email().max(254),
    admin: z.boolean().optional().openapi({ description: "May manage the partner's account (default false)" }),
  })
  .openapi('UserCreateRequest')

export const UserAdminRequestSchema = z.strictObject({ admin: z.boolean().openapi({ description: 'Whether the user administers the partner' }) }).openapi('UserAdminRequest')

export const UserAdminSchema = z.object({ userId: z.number().int(), username: z.string(), brokerId: z.number().int(), admin: z.boolean() }).openapi('UserAdmin')

export const UserParamsSchema = z.object({
  userId: z.coerce
    .number()
    .int()
    .positive()
    .openapi({ param: { name: 'userId', in: 'path' }, example: 5002 }),
})

export const PartnerParamsSchema = z.object({
  partnerUniqueID: z.uuid().openapi({ param: { name: 'partnerUniqueID', in: 'path' }, example: '7d1c3f2a-5b6e-4c8d-9a0f-1e2d3c4b5a60' }),
})

const usage = z.object({
  simulations: z.number().int(),
  processes: z.number().int(),
  documentBytes: z.number().int(),
  callbackConfigurations: z.number().int(),
  documentRows: z.number().int(),
  mailBytes: z.number().int(),
  messageBytes: z.number().int(),
  journalBytes: z.number().int(),
  scenarios: z.number().int(),
  scenarioBytes: z.number().int(),
})

export const PartnerSummarySchema = z
  .object({
    partnerUniqueID: z.uuid(),
    name: z.string(),
    contactEmail: z.string().nullable(),
    origin: z.enum(['seed', 'signup', 'operator', 'fixture']),
    status: z.enum(['active', 'suspended']),
    statusReason: z.string().nullable(),
    createdAt: z.string(),
    users: z.number().int(),
    usage,
  })
  .openapi('PartnerSummary')

export const SuspendRequestSchema = z
  .strictObject({ reason: z.string().trim().min(1).max(300).optional() })
  .openapi('PartnerSuspendRequest', { example: { reason: 'Unpaid onboarding fee' } })

export const InvitationRequestSchema = z
  .strictObject({
    note: z.string().trim().max(300).optional().openapi({ description: 'Who the invitation is for', example: 'Casa Nova, onboarding call 3 March' }),
    expiresInDays: z.number().int().min(1).max(365).default(14),
  })
  .openapi('InvitationRequest', { example: { note: 'Casa Nova, onboarding call 3 March', expiresInDays: 14 } })

export const InvitationSchema = z
  .object({
    invitationCode: z.string().openapi({ description: 'Shown this once: the sandbox keeps only its hash' }),
    note: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .openapi('Invitation')

export const InvitationListSchema = z
  .object({
    invitationList: z.array(
      z.object({ note: z.string().nullable(), createdAt: z.string(), expiresAt: z.string(), usedAt: z.string().nullable(), partnerUniqueID: z.string().nullable() }),
    ),
  })
  .openapi('InvitationList')

export const PartnerListSchema = z.object({ partnerList: z.array(PartnerSummarySchema) }).openapi('PartnerList')

/** What the deletion of a partner removed: rows per table. */
export const PartnerDeletedSchema = z.object({ partnerUniqueID: z.uuid(), deleted: z.record(z.string(), z.number()) }).openapi('PartnerDeleted')

export const AccountLanguageSchema = z
  .strictObject({
    language: z
      .enum(['pt-PT', 'en'])
      .openapi({ description: "The language of the partner's notifications (status descriptions, document types, reasons, the bank's messages)", example: 'en' }),
  })
  .openapi('AccountLanguage')
