import type { Context, MiddlewareHandler, Next } from 'hono'
import type { AuthContext } from '../../common/auth-context.ts'
import { requestOrigin } from '../../http/pipeline/loopback.ts'
import { isSandboxTraffic } from '../../http/fair-share/sandbox-traffic.ts'
import { answerJsonText, bodyTextRead, responseHeadersOf } from '../../http/node-adapter/index.ts'
import type { ScenarioEnv } from '../sandbox-scenarios/index.ts'
import { errorsOf, redactBody, redactHeaders, redactQuery } from './journal-redaction.ts'
import type { RequestJournalService } from './request-journal.service.ts'

const JSON_TYPE = /^application\/([a-z.+-]*\+)?json/i

/** What the answer's body was, for the journal: JSON (redacted, bounded) or a marker of its type and size. */
function answerBody(contentType: string | null, body: string | Uint8Array | undefined, length: string | null) {
  if (contentType && JSON_TYPE.test(contentType) && body !== undefined) {
    return redactBody(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'))
  }
  if (!contentType) return { body: null, truncated: false }
  const size = body === undefined ? (length ?? '?') : String(body.length)
  return { body: `[${contentType.split(';')[0]}, ${size} bytes]`, truncated: false }
}

/** The request's body as read by the route (JSON text), or a marker when it was streamed (uploads). */
async function requestBody(c: Context) {
  const cached = bodyTextRead(c)
  if (cached) return redactBody(await cached)
  const type = c.req.header('content-type')
  return type ? { body: `[${type.split(';')[0]}, ${c.req.header('content-length') ?? '?'} bytes, not kept]`, truncated: false } : { body: null, truncated: false }
}

/**
 * Journals each request with a partner's token (after authentication) within the partner's
 * allowance: what was asked, what was answered, how long it took. The answer's body is the string
 * the handler answered with: nothing is serialized twice. The sandbox's own traffic on the
 * partner's behalf (a listen command's reports: http/fair-share/sandbox-traffic.ts) is not the
 * partner's client's, and is left out.
 */
export function journalRequests(journal: Pick<RequestJournalService, 'admit' | 'now' | 'realNow' | 'record'>): MiddlewareHandler<ScenarioEnv> {
  // Not journaled (the sandbox's own, past the allowance): straight on, without a promise of its own.
  return function journalRequest(c, next) {
    const auth = c.get('auth')
    if (!auth || isSandboxTraffic(c.req.method, c.req.path) || !journal.admit(auth.partnerUniqueID)) return next()
    return journaled(journal, c, next, auth)
  }
}

async function journaled(journal: Pick<RequestJournalService, 'now' | 'realNow' | 'record'>, c: Context<ScenarioEnv>, next: Next, auth: AuthContext) {
  const started = performance.now()
  const at = journal.now(auth.partnerUniqueID)
  const receivedAt = journal.realNow()
  await next()
  const durationMs = Math.round((performance.now() - started) * 10) / 10
  const res = c.res
  // The query as the client sent it (a request's address has no fragment), without parsing the address.
  const url = c.req.url
  const queryAt = url.indexOf('?')
  const search = queryAt === -1 ? '' : url.slice(queryAt + 1)
  const request = await requestBody(c).catch(() => ({ body: null, truncated: false }))
  // One record of the answer's headers for all the journal reads of them (responseHeadersOf).
  const responseHeaders = responseHeadersOf(c, res)
  const contentType = responseHeaders['content-type'] ?? null
  const found = answerJsonText(c, res)
  const text = typeof found === 'object' ? await found : found
  const answer = answerBody(contentType, text, responseHeaders['content-length'] ?? null)
  const status = res.status
  // One object literal, every field spelled: never `{ ...base, more }`. On this V8, an object spread
  // and then given more fields keeps what it points to alive through the minor collections: with the
  // journal's entries built so, every request's answer text and headers were promoted to the old
  // generation (docs/decisions/0105-what-the-minor-collections-keep.md).
  journal.record({
    requestId: c.get('requestId'),
    partnerUniqueID: auth.partnerUniqueID,
    brokerId: auth.brokerId,
    userId: auth.userId,
    at,
    receivedAt,
    method: c.req.method,
    path: c.req.path,
    query: search ? redactQuery(search) : null,
    status,
    durationMs,
    scenario: c.get('scenario')?.name ?? null,
    fault: c.get('fault') ?? null,
    requestHeaders: redactHeaders(c.req.header()),
    requestBody: request.body,
    requestTruncated: request.truncated,
    responseContentType: contentType,
    responseHeaders,
    responseBody: answer.body,
    responseTruncated: answer.truncated,
    errors: status >= 400 ? errorsOf(answer.body) : null,
    tokenId: auth.tokenId ?? null,
    retryAfter: responseHeaders['retry-after'] ?? null,
    origin: requestOrigin(c),
  })
}
