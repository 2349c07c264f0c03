import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../http/openapi/openapi-schemas.ts'
import { AttachmentBytesSchema, AttachmentQuerySchema, MailboxPageSchema, MailboxQuerySchema, MailParamsSchema } from './mailbox.schemas.ts'

const tags = ['Sandbox']

export const list = createRoute({
  method: 'get',
  path: '/sandbox/mailbox',
  tags,
  summary: 'List the captured e-mails',
  operationId: 'sandboxMailboxList',
  description:
    "Sandbox control API (not part of the bank's API): the e-mails the sandbox sent for the caller's partner (Simulation and Process ESIS Email), captured whether or not SANDBOX_SMTP_URL relays them, newest first, keyset paged with messageId cursors. Each names its attachments and the URL to download each.",
  security: bearerSecurity,
  request: { query: MailboxQuerySchema },
  responses: { 200: jsonContent(MailboxPageSchema, 'One page of e-mails'), ...authedErrors(400) },
})

export const attachment = createRoute({
  method: 'get',
  path: '/sandbox/mailbox/{messageId}/attachment',
  tags,
  summary: 'Download an attachment of a captured e-mail',
  operationId: 'sandboxMailboxAttachmentGet',
  description:
    "Sandbox control API (not part of the bank's API): the bytes of an attachment (the ESIS PDF) with its content type and file name. An e-mail of another partner, or a position it does not have, is a 404.",
  security: bearerSecurity,
  request: { params: MailParamsSchema, query: AttachmentQuerySchema },
  responses: {
    200: { description: 'The attachment', content: { 'application/pdf': { schema: AttachmentBytesSchema } } },
    ...authedErrors(400, 404),
  },
})
