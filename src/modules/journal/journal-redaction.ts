/**
 * Names whose values never reach the journal, in bodies and query strings: passwords, tokens, signing
 * secrets and signatures, API keys, credentials, invitation codes. Narrower than the headers' rule:
 * bank fields such as `keyBorrowerName` must stay readable.
 */
const SECRET_NAME = /pass(word)?|secret|token|invitation|api[-_]?key|private[-_]?key|signature|credential/i
/** Request headers kept without their value: any name that speaks of a key, a token, a secret, authentication, a signature or a cookie. */
const SECRET_HEADER = /key|token|secret|auth|signature|cookie|pass(word)?|credential/i
/** Headers that keep their scheme before the redaction ("Bearer [redacted]"). */
const WITH_SCHEME = new Set(['authorization', 'proxy-authorization'])

export const REDACTED = '[redacted]'

/** The most of one body the journal keeps (docs/design.md "Request journal"): 64 KB, the rest cut and marked. */
export const MAX_BODY_CHARS = 64 * 1024

/** A value under a secret name is redacted whole, whatever it holds (a string, a number, an array, an object). */
function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) out[key] = SECRET_NAME.test(key) && inner !== null ? REDACTED : redactValue(inner)
  return out
}

/**
 * A JSON body as the journal stores it: every secret-named value replaced by "[redacted]", cut at
 * 64 KB. A body that is not JSON is kept as text when it names no secret, else as a marker.
 */
export function redactBody(text: string | undefined): { body: string | null; truncated: boolean } {
  if (text === undefined || text.length === 0) return { body: null, truncated: false }
  // Most bodies name no secret at all: kept as they are, without a parse. A \u escape may spell a
  // secret's name (`"\u0070assword"`): such a body is parsed too. Only the part the journal keeps is
  // read for them (a secret's name comes before its value): a 1 MB body is not searched whole.
  const kept = text.length > MAX_BODY_CHARS ? text.slice(0, MAX_BODY_CHARS) : text
  const namesSecret = SECRET_NAME.test(kept) || kept.includes('\\u')
  let body: string
  try {
    body = namesSecret ? JSON.stringify(redactValue(JSON.parse(text))) : text
  } catch {
    body = namesSecret && SECRET_NAME.test(kept) ? `${REDACTED} (a body that is not JSON and names a secret)` : text
  }
  return body.length > MAX_BODY_CHARS ? { body: body.slice(0, MAX_BODY_CHARS), truncated: true } : { body, truncated: false }
}

/** A query string (without its `?`) with the value of every secret-named parameter redacted; the names stay. */
export function redactQuery(query: string): string {
  if (!SECRET_NAME.test(query) && !query.includes('%')) return query
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const name = equals === -1 ? pair : pair.slice(0, equals)
      let decoded = name
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '))
      } catch {
        // A malformed escape: judged as written.
      }
      return SECRET_NAME.test(decoded) ? `${name}=${REDACTED}` : pair
    })
    .join('&')
}

/** The request's headers with credentials kept out: Authorization keeps its scheme only. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    if (!SECRET_HEADER.test(lower)) out[lower] = value
    else out[lower] = WITH_SCHEME.has(lower) ? `${value.split(' ')[0]} ${REDACTED}` : REDACTED
  }
  return out
}

/** The errors[] of an error body, if the answer is one. */
export function errorsOf(body: string | null): unknown[] | null {
  if (!body) return null
  try {
    const parsed = JSON.parse(body) as { errors?: unknown }
    return Array.isArray(parsed.errors) && parsed.errors.length > 0 ? parsed.errors : null
  } catch {
    return null
  }
}
