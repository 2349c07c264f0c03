/** Keys whose values never reach the journal: passwords, tokens, signing secrets, invitation codes. */
const SECRET_KEY = /pass(word)?|secret|token|invitation/i
/** Request headers kept without their value. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'x-operator-token', 'proxy-authorization'])

export const REDACTED = '[redacted]'

/** The most of one body the journal keeps (docs/design.md "Request journal"): 64 KB, the rest cut and marked. */
export const MAX_BODY_CHARS = 64 * 1024

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) out[key] = SECRET_KEY.test(key) && inner !== null && typeof inner !== 'object' ? REDACTED : redactValue(inner)
  return out
}

/**
 * A JSON body as the journal stores it: every secret-named value replaced by "[redacted]", cut at
 * 64 KB. A body that is not JSON is kept as text when it names no secret, else as a marker.
 */
export function redactBody(text: string | undefined): { body: string | null; truncated: boolean } {
  if (text === undefined || text.length === 0) return { body: null, truncated: false }
  let body: string
  try {
    // Most bodies name no secret at all: kept as they are, without a parse.
    body = SECRET_KEY.test(text) ? JSON.stringify(redactValue(JSON.parse(text))) : text
  } catch {
    body = SECRET_KEY.test(text) ? `${REDACTED} (a body that is not JSON and names a secret)` : text
  }
  return body.length > MAX_BODY_CHARS ? { body: body.slice(0, MAX_BODY_CHARS), truncated: true } : { body, truncated: false }
}

/** The request's headers with credentials kept out. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase()
    out[lower] = SECRET_HEADERS.has(lower) ? (lower === 'authorization' ? `${value.split(' ')[0]} ${REDACTED}` : REDACTED) : value
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
