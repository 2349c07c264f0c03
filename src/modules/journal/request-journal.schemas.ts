import { z } from '@hono/zod-openapi'
import { pagingQuerySchema } from '../../common/pagination.ts'

const ErrorItemSchema = z.object({ errorCode: z.string(), errorMessage: z.string(), errorField: z.string() })

export const JournalQuerySchema = pagingQuerySchema.extend({
  path: z.string().min(1).max(500).optional().openapi({ description: 'A path, or the start of paths ending in `*` (`/v1/processes/*`)', example: '/v1/simulations' }),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  status: z.enum(['2xx', '3xx', '4xx', '5xx']).optional().openapi({ description: 'The class of the answer status', example: '4xx' }),
  requestId: z.string().min(1).max(128).optional().openapi({ description: 'The X-Request-Id of the request (yours or the one the sandbox gave)' }),
  from: z.iso.datetime().optional().openapi({ description: "Requests at or after this time (the partner's clock)" }),
  to: z.iso.datetime().optional().openapi({ description: "Requests at or before this time (the partner's clock)" }),
  nextRecord: z.string().min(1).optional().openapi({ description: 'entryId of the last entry already seen: the page holds the older ones' }),
  previousRecord: z.string().min(1).optional().openapi({ description: 'entryId of the first entry already seen: the page holds the newer ones' }),
})

const SummaryShape = {
  entryId: z.string().openapi({ description: 'The cursor of the lists (nextRecord, previousRecord)', example: '1042' }),
  requestId: z.string().openapi({ example: '4f7c1d9e-2b3a-4c5d-8e6f-7a8b9c0d1e2f' }),
  at: z.iso.datetime().openapi({ description: "When the request arrived, on the partner's clock" }),
  method: z.string().openapi({ example: 'POST' }),
  path: z.string().openapi({ example: '/v1/simulations' }),
  query: z
    .string()
    .nullable()
    .openapi({ description: 'The query string, the value of every parameter named like a password, token, secret, signature, API key or credential "[redacted]"', example: null }),
  status: z.number().int().openapi({ example: 400 }),
  durationMs: z.number().openapi({ example: 2.4 }),
  scenario: z.string().nullable().openapi({ description: 'The sandbox scenario applied, if any', example: null }),
  fault: z
    .object({
      kind: z.string().openapi({ example: 'timeout' }),
      afterWrite: z.boolean().openapi({ description: 'Whether the operation ran, its writes committed, before the fault' }),
    })
    .nullable()
    .openapi({ description: "The network fault the request was answered with (its scenario's), if any", example: null }),
  brokerId: z.number().int(),
  userId: z.number().int(),
  errors: z.array(ErrorItemSchema).nullable().openapi({ description: 'The errors[] of a refusal, each naming its field' }),
  tokenId: z
    .string()
    .nullable()
    .openapi({ description: 'The id (jti) of the access token the request used (never the token): a new one after a login', example: '0b6c2f4e-8d1a-4c3b-9e7f-5a2d1c0b9e8f' }),
  retryAfter: z.string().nullable().openapi({ description: 'The Retry-After header of the answer (a 429, a 503)', example: null }),
  origin: z.enum(['api', 'console']).openapi({
    description: 'Who made the request, as the sandbox knows it: `api` for a client over HTTP, `console` for the console\'s "try it" (never taken from a header)',
    example: 'api',
  }),
}

export const JournalSummarySchema = z.object(SummaryShape).openapi('SandboxJournalSummary')

export const JournalEntrySchema = z
  .object({
    ...SummaryShape,
    requestHeaders: z.record(z.string(), z.string()).openapi({
      description: 'Authorization keeps only its scheme ("Bearer [redacted]"); every header named like a key, token, secret, authentication, signature or cookie is "[redacted]"',
    }),
    requestBody: z.string().nullable().openapi({
      description:
        'The JSON body, every value named like a password, token, secret, signature, API key, credential or invitation code replaced whole by "[redacted]", at most 64 KB; uploads are not kept (a marker says their type and size)',
    }),
    requestTruncated: z.boolean(),
    responseContentType: z.string().nullable(),
    responseBody: z.string().nullable().openapi({ description: 'The JSON answer, redacted and bounded like the request body; a marker for a PDF or another binary answer' }),
    responseTruncated: z.boolean(),
  })
  .openapi('SandboxJournalEntry')

export const JournalPageSchema = z
  .object({
    totalRecords: z.number().int(),
    hasMoreResults: z.boolean(),
    requestList: z.array(JournalSummarySchema),
  })
  .openapi('SandboxJournalPage')

export const RequestIdParamSchema = z.object({
  requestId: z
    .string()
    .min(1)
    .max(128)
    .openapi({ param: { name: 'requestId', in: 'path' }, example: '4f7c1d9e-2b3a-4c5d-8e6f-7a8b9c0d1e2f' }),
})
