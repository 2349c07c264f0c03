import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, EnvelopeSchema, jsonContent } from '../../http/openapi/openapi-schemas.ts'
import {
  MailRecipientCreateRequestSchema,
  MailRecipientListSchema,
  MailRecipientParamsSchema,
  MailRecipientSchema,
  MailRecipientVerifyRequestSchema,
} from './mailbox-recipients.schemas.ts'

const tags = ['Sandbox']
const ADMIN = "Sandbox API (not part of the bank's API), for an administrator of the caller's partner (403 otherwise)."
const WHY =
  'With an SMTP relay (SANDBOX_SMTP_URL), the sandbox relays an ESIS e-mail only to the addresses the partner verified here, its contact address included (sent a code at sign-up, it is relayed to once verified like any other); an e-mail to any other address is kept in the sandbox mailbox only (relayStatus `withheld`).'
const json = <T extends typeof MailRecipientCreateRequestSchema | typeof MailRecipientVerifyRequestSchema>(schema: T, example: unknown) => ({
  required: true,
  content: { 'application/json': { schema, example } },
})

export const list = createRoute({
  method: 'get',
  path: '/sandbox/account/mail-recipients',
  tags,
  summary: 'List the addresses e-mails are relayed to',
  operationId: 'sandboxAccountMailRecipientList',
  description: `${ADMIN} ${WHY} The contact address and every recipient, pending or verified.`,
  security: bearerSecurity,
  responses: { 200: jsonContent(MailRecipientListSchema, 'The contact address and the recipients'), ...authedErrors(403) },
})

export const add = createRoute({
  method: 'post',
  path: '/sandbox/account/mail-recipients',
  tags,
  summary: 'Add an address to relay e-mails to',
  operationId: 'sandboxAccountMailRecipientCreate',
  description: `${ADMIN} ${WHY} Sends the address a 6-digit code (valid 24 hours; the mailbox keeps the e-mail without it): the address is verified once the code is sent back to …/verify. Adding a pending address again sends a new code; a verified one answers as it is (200). At most 20 addresses (409, 010605, \`mailRecipients\`), 10 verification e-mails a day (409, 010605, \`verificationsPerDay\`, with Retry-After) and 3 a day to one address, whichever partners ask (409, 010605, \`verificationsPerAddress\`, with Retry-After); each counts among the day's e-mails (\`mailsPerDay\`). Without an SMTP relay there is nothing to verify (400).`,
  security: bearerSecurity,
  request: { body: json(MailRecipientCreateRequestSchema, { email: 'qa@casanova.example' }) },
  responses: {
    201: jsonContent(MailRecipientSchema, 'Added, pending: the code is on its way'),
    200: jsonContent(MailRecipientSchema, 'Already listed: a new code for a pending address, nothing for a verified one'),
    ...authedErrors(400, 403, 409, 413, 415),
  },
})

export const verify = createRoute({
  method: 'post',
  path: '/sandbox/account/mail-recipients/{recipientId}/verify',
  tags,
  summary: 'Verify an address with its code',
  operationId: 'sandboxAccountMailRecipientVerify',
  description: `${ADMIN} The code the address received. A wrong code is a 400 (010105, \`code\`); after 5 wrong codes, or 24 hours, the code is spent (400, 010110): add the address again for a new one.`,
  security: bearerSecurity,
  request: { params: MailRecipientParamsSchema, body: json(MailRecipientVerifyRequestSchema, { code: '481207' }) },
  responses: { 200: jsonContent(MailRecipientSchema, 'Verified'), ...authedErrors(400, 403, 404, 413, 415) },
})

export const remove = createRoute({
  method: 'delete',
  path: '/sandbox/account/mail-recipients/{recipientId}',
  tags,
  summary: 'Stop relaying e-mails to an address',
  operationId: 'sandboxAccountMailRecipientDelete',
  description: `${ADMIN} E-mails to the address are kept in the mailbox only from now on.`,
  security: bearerSecurity,
  request: { params: MailRecipientParamsSchema },
  responses: { 200: jsonContent(EnvelopeSchema, 'Removed'), ...authedErrors(400, 403, 404) },
})
