import { z } from '@hono/zod-openapi'
import { ERRORS, SUCCESS_CODE } from '../../common/error-catalogue.ts'
import { errorExample } from './error-examples.ts'

export const ErrorItemSchema = z
  .object({
    errorCode: z.string().openapi({ example: '010101' }),
    errorMessage: z.string().openapi({ example: 'Campo obrigatório em falta: loanSimulator.loanAmount.' }),
    errorField: z.string().openapi({ description: 'Dotted path of the input field concerned', example: 'loanSimulator.loanAmount' }),
  })
  .openapi('ErrorItem')

export const OperationStatusSchema = z
  .object({
    operationStatusCode: z.string().openapi({ example: SUCCESS_CODE }),
    operationStatusMessage: z.string().openapi({ example: 'Operação efetuada com sucesso.' }),
  })
  .openapi('OperationStatus')

export const ErrorBodySchema = z.object({ operationStatus: OperationStatusSchema, errors: z.array(ErrorItemSchema) }).openapi('ErrorBody', {
  description: `Every 4xx and 5xx answer. Codes: ${Object.values(ERRORS)
    .map((e) => `${e.code} (${e.status})`)
    .join(', ')}.`,
})

/** The operation status envelope of mutating operations, with `additionalData` when given. */
export function envelopeSchema<T extends z.ZodType>(additionalData: T, name: string) {
  return z.object({ operationStatus: OperationStatusSchema, additionalData }).openapi(name)
}

export const EnvelopeSchema = z.object({ operationStatus: OperationStatusSchema }).openapi('OperationStatusEnvelope')

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Validation error or business-rule refusal: one errors[] item per problem',
  401: 'Missing, malformed, tampered or expired token (010502 when expired)',
  403: "The token does not allow this operation: another partner's, or a partner-wide change by a user who does not administer the partner",
  404: 'Not found for the current broker',
  409: "Conflict with the partner's state: a stored-data quota is full (010605, naming the quota), the test clock is already advancing (010608), a certification run is under way (010609) or did not pass (010610), a scenario name is taken (010611); the operation's description says which it can answer",
  413: 'Body larger than the limit',
  415: 'Unsupported Content-Type',
  429: "Rate limited (Retry-After): the partner's request rate limit (010604), failed logins (010510) or a sandbox scenario (010603)",
  500: 'Unexpected error (the body names the request id)',
  503: 'Service unavailable (Retry-After)',
}

// Each with a real body of its status (error-examples.ts): the schema's own example is a success's status.
const jsonError = (status: number) => {
  const example = errorExample(status)
  return {
    description: ERROR_DESCRIPTIONS[status] ?? 'Error',
    content: { 'application/json': example ? { schema: ErrorBodySchema, example } : { schema: ErrorBodySchema } },
  }
}

/** The error responses of an operation, each with the shared error body. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries([...new Set([...statuses, 500])].map((s) => [s, jsonError(s)]))
}

/** Error responses of every authenticated operation, plus the ones given. */
export const authedErrors = (...statuses: number[]) => errorResponses(401, 429, ...statuses)

export const bearerSecurity = [{ bearerAuth: [] }]

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})

/**
 * A required JSON request body documented by a schema registered under `schemaName`, for operations
 * whose service validates the body itself: the route gets no validator of its own, which would parse
 * the body a second time (and, being asynchronous, without zod's compiled fast path).
 * The handler reads it with `jsonBody(c)`, which also checks the media type (415).
 */
export const serviceValidatedJsonBody = (schemaName: string, example: unknown, named?: Record<string, { summary: string; value: unknown }>) => ({
  required: true,
  content: {
    'application/json': named ? { schema: { $ref: `#/components/schemas/${schemaName}` }, examples: named } : { schema: { $ref: `#/components/schemas/${schemaName}` }, example },
  },
})
