import { z } from '@hono/zod-openapi'
import { pagingQuerySchema } from '../../../common/pagination.ts'

const cursors = {
  nextRecord: z.string().min(1).optional().openapi({ description: 'entryId of the last entry already seen: the page holds the older ones' }),
  previousRecord: z.string().min(1).optional().openapi({ description: 'entryId of the first entry already seen: the page holds the newer ones' }),
}
const common = {
  actor: z.string().trim().min(1).max(120).optional().openapi({ description: '`operator`, or the username of a user', example: 'casa-nova-credito-lda-7k3f' }),
  action: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: 'The route as the access rules name it: method and path template', example: 'POST /sandbox/account/users/{userId}/password' }),
  from: z.iso.datetime().optional().openapi({ description: "Actions at or after this time (the sandbox's real time, not a partner's test clock)" }),
  to: z.iso.datetime().optional().openapi({ description: "Actions at or before this time (the sandbox's real time)" }),
  ...cursors,
}

export const AccountAuditQuerySchema = pagingQuerySchema.extend(common)
export const OperatorAuditQuerySchema = pagingQuerySchema.extend({
  partner: z.uuid().optional().openapi({ description: 'The partner acted on (its partnerUniqueID)' }),
  ...common,
})

export const AuditEntrySchema = z
  .object({
    entryId: z.string().openapi({ description: 'The cursor of the lists (nextRecord, previousRecord)', example: '42' }),
    at: z.iso.datetime().openapi({ description: "When the action was answered, on the sandbox's real time" }),
    actor: z.object({
      kind: z.enum(['operator', 'user']),
      userId: z.number().int().nullable().openapi({ description: "The partner's user who acted (null: the operator)" }),
      username: z.string().nullable(),
    }),
    partnerUniqueID: z.string().nullable().openapi({ description: 'The partner acted on (null: none, an invitation)' }),
    action: z.string().openapi({ example: 'POST /sandbox/account/users/{userId}/password' }),
    target: z.record(z.string(), z.string()).openapi({ description: "The path's parameters: the ids acted on", example: { userId: '6002' } }),
    summary: z.string().openapi({ description: 'What was asked, from named fields only: never a password, token, code or secret', example: 'admin=true' }),
    status: z.number().int().openapi({ description: 'The answer status: a refused action is recorded too', example: 200 }),
    clientAddress: z.string().openapi({ description: 'The client address, behind the trusted proxies (SANDBOX_TRUST_PROXY)', example: '203.0.113.7' }),
    requestId: z.string(),
  })
  .openapi('SandboxAuditEntry')

export const AuditPageSchema = z.object({ totalRecords: z.number().int(), hasMoreResults: z.boolean(), auditList: z.array(AuditEntrySchema) }).openapi('SandboxAuditPage')
