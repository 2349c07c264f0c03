import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../http/openapi/openapi-schemas.ts'
import { JournalEntrySchema, JournalPageSchema, JournalQuerySchema, RequestIdParamSchema } from './request-journal.schemas.ts'

const WHAT =
  "Sandbox control API (not part of the bank's API): the request journal of the caller's partner, every request made with one of its tokens to the bank's API and to /sandbox, with its answer. Kept: the newest SANDBOX_JOURNAL_MAX_ENTRIES (10,000) per partner, at most SANDBOX_JOURNAL_MAX_PER_SECOND (200) a second per partner (a load test's surplus is counted, not kept); passwords, tokens and secrets never."

export const list = createRoute({
  method: 'get',
  path: '/sandbox/requests',
  tags: ['Sandbox'],
  summary: 'List the journaled requests',
  operationId: 'sandboxRequestList',
  description: `${WHAT} Newest first, without bodies; filter by path, method, status class, request id and time.`,
  security: bearerSecurity,
  request: { query: JournalQuerySchema },
  responses: { 200: jsonContent(JournalPageSchema, 'One page of the journal'), ...authedErrors(400) },
})

export const get = createRoute({
  method: 'get',
  path: '/sandbox/requests/{requestId}',
  tags: ['Sandbox'],
  summary: 'Read a journaled request',
  operationId: 'sandboxRequestGet',
  description: `${WHAT} One request, with its headers and bodies (redacted), its answer, and the errors[] of a refusal. A request id used more than once names the newest.`,
  security: bearerSecurity,
  request: { params: RequestIdParamSchema },
  responses: { 200: jsonContent(JournalEntrySchema, 'The request and its answer'), ...authedErrors(404) },
})
