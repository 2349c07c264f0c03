import { errorExample } from './error-examples.ts'

/**
 * The headers every operation shares, declared once as components and referenced by every
 * operation of a document (docs/decisions/1083-headers-in-the-openapi-documents.md): what the
 * middleware of the app sends and reads, so the routes of the modules need not repeat them.
 */

type Json = Record<string, any>

const LANGUAGES = ['pt-PT', 'en']
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'])

const PARAMETERS: Json = {
  AcceptLanguage: {
    name: 'Accept-Language',
    in: 'header',
    required: false,
    description: 'The language of the answer: its messages, error messages and descriptions (pt-PT when absent).',
    schema: { type: 'string', enum: LANGUAGES, default: 'pt-PT' },
  },
  XRequestId: {
    name: 'X-Request-Id',
    in: 'header',
    required: false,
    description: 'Your id of this request (1 to 128 of `A-Z a-z 0-9 . _ : -`), echoed back and kept in the request journal; a new one is made when absent or malformed.',
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
  },
}

const HEADERS: Json = {
  XRequestId: { description: "The request's id: yours when you sent a valid one, else the sandbox's", schema: { type: 'string' } },
  ContentLanguage: { description: 'The language of the answer', schema: { type: 'string', enum: LANGUAGES } },
  RetryAfter: { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } },
  RateLimitLimit: {
    description: "Hosted sandbox only: the partner's request budget, tokens a second (a request takes one, and one more for each millisecond of server time past its first)",
    schema: { type: 'string' },
  },
  RateLimitRemaining: {
    description: "Hosted sandbox only: the tokens left in the partner's request budget, once this request's cost is charged (0 while it is in debt)",
    schema: { type: 'integer' },
  },
  RateLimitReset: { description: "Hosted sandbox only: seconds until the partner's next request would be let in (0: now)", schema: { type: 'integer', minimum: 0 } },
  XSandboxScenario: { description: 'The sandbox scenario that shaped this answer, when one did', schema: { type: 'string' } },
}

const ref = (kind: 'parameters' | 'headers', name: string) => ({ $ref: `#/components/${kind}/${name}` })

export interface HeaderOptions {
  /**
   * The scenarios a request may name in X-Sandbox-Scenario: declared as a request header (and the
   * scenario echoed as a response header) on every operation when given, absent otherwise.
   */
  scenarios?: readonly string[]
}

/** Partner routes pass the fair share after the token is checked: its refusal (401) carries no RateLimit-*. */
const chargedAnswer = (operation: Json, status: string) => (operation.security?.length ?? 0) > 0 && !operation.security.some((s: Json) => 'operatorToken' in s) && status !== '401'

/** The document with the shared request and response headers declared (a copy; the argument is left as it is). */
export function declareHeaders(source: Json, options: HeaderOptions = {}): Json {
  const document: Json = JSON.parse(JSON.stringify(source))
  const components = (document.components ??= {})
  components.parameters = { ...components.parameters, ...PARAMETERS }
  components.headers = { ...components.headers, ...HEADERS }
  if (options.scenarios) {
    components.parameters.XSandboxScenario = {
      name: 'X-Sandbox-Scenario',
      in: 'header',
      required: false,
      description: "Sandbox only, not part of the bank's API: forces a scenario's effects on this request (GET /sandbox/scenarios lists them, with what each does).",
      schema: { type: 'string', enum: [...options.scenarios] },
    }
  } else delete components.headers.XSandboxScenario
  for (const item of Object.values(document.paths ?? {}) as Json[]) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue
      // Scenarios act on a partner's requests only (not on a login, health or the operator's API).
      const scenarios = options.scenarios !== undefined && operation.security?.some((s: Json) => 'bearerAuth' in s)
      const shared = ['AcceptLanguage', 'XRequestId', ...(scenarios ? ['XSandboxScenario'] : [])]
      operation.parameters = [...(operation.parameters ?? []), ...shared.map((name) => ref('parameters', name))]
      // Any request may meet a 503: the sandbox stopping (drain), or a scenario that asks for one.
      if (operation.responses && !operation.responses['503'] && components.schemas?.ErrorBody) {
        operation.responses['503'] = {
          description: 'Service unavailable (Retry-After): the sandbox is stopping, or a scenario asked for it',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' }, example: errorExample(503) } },
        }
      }
      for (const [status, response] of Object.entries(operation.responses ?? {}) as [string, Json][]) {
        const headers: Json = { ...response.headers, 'X-Request-Id': ref('headers', 'XRequestId'), 'Content-Language': ref('headers', 'ContentLanguage') }
        if (status === '429' || status === '503') headers['Retry-After'] = ref('headers', 'RetryAfter')
        if (chargedAnswer(operation, status)) {
          headers['RateLimit-Limit'] = ref('headers', 'RateLimitLimit')
          headers['RateLimit-Remaining'] = ref('headers', 'RateLimitRemaining')
          headers['RateLimit-Reset'] = ref('headers', 'RateLimitReset')
        }
        if (scenarios) headers['X-Sandbox-Scenario'] = ref('headers', 'XSandboxScenario')
        response.headers = headers
      }
    }
  }
  return document
}
