import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, errorResponses, jsonContent } from '../../../http/openapi/openapi-schemas.ts'
import { AccountAuditQuerySchema, AuditPageSchema, OperatorAuditQuerySchema } from './audit.schemas.ts'

const KEPT = "Kept SANDBOX_AUDIT_RETENTION_DAYS (365 by default), past a reset and past the partner's deletion. Newest first."

export const account = createRoute({
  method: 'get',
  path: '/sandbox/account/audit',
  tags: ['Sandbox'],
  summary: "List the partner's audit trail",
  operationId: 'sandboxAccountAuditList',
  description: `Sandbox control API (not part of the bank's API), for the partner's administrators: every partner-wide change its users made (users, brokers, roles, tokens, mail recipients, callbacks, the clock, a reset), who made it, when, from where, and its answer status. ${KEPT}`,
  security: bearerSecurity,
  request: { query: AccountAuditQuerySchema },
  responses: { 200: jsonContent(AuditPageSchema, 'One page of the audit trail'), ...authedErrors(400, 403) },
})

export const operator = createRoute({
  method: 'get',
  path: '/sandbox/operator/audit',
  tags: ['Operator'],
  summary: 'List the audit trail',
  operationId: 'sandboxOperatorAuditList',
  description: `Operator API, with \`Authorization: Bearer <SANDBOX_OPERATOR_TOKEN>\`: the operator's actions and every partner administrator's, filtered by partner, actor, action and time. ${KEPT}`,
  security: [{ operatorToken: [] }],
  request: { query: OperatorAuditQuerySchema },
  responses: { 200: jsonContent(AuditPageSchema, 'One page of the audit trail'), ...errorResponses(400, 401, 403, 429) },
})
