import type { Context } from 'hono'
import { setResponseHeaders } from '../node-adapter/index.ts'

/**
 * The answers' Content-Security-Policy, by what they are (docs/design.md "Conventions"). An API
 * answer is data: it may load nothing and be framed by nothing.
 */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/** The console: its own script, stylesheet and htmx, requests to itself, forms to itself; no inline script or style. */
const CONSOLE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

/**
 * Swagger UI at /docs: its bundle and our start script, served by the sandbox; the document and
 * "try it out" calls to the sandbox itself; the icons its stylesheet embeds as data: URIs. It sets
 * styles through the DOM, which a policy does not govern, and inlines none.
 */
const DOCS_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

const COMMON: ReadonlyArray<readonly [string, string]> = [
  ['X-Frame-Options', 'DENY'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'same-origin'],
  ['Cache-Control', 'no-store'],
]

/** Each kind of answer's fields, in one list: kept for the head in one step. */
const API_FIELDS = [['Content-Security-Policy', API_POLICY], ...COMMON] as const
const CONSOLE_FIELDS = [['Content-Security-Policy', CONSOLE_POLICY], ...COMMON] as const
const DOCS_FIELDS = [['Content-Security-Policy', DOCS_POLICY], ...COMMON] as const

/**
 * Sets the security headers of an answer before the handler runs, on Node's response (no rebuilt
 * answer: see `setResponseHeader`): no framing (against clickjacking: `frame-ancestors 'none'` and
 * the older `X-Frame-Options: DENY`), no content sniffing, no Referer to other sites, and
 * `Cache-Control: no-store` (answers carry partners' data, tokens and secrets; the static assets
 * set their own caching, which wins).
 */
export function setSecurityHeaders(c: Context): void {
  const path = c.req.path
  setResponseHeaders(c, path.startsWith('/console') ? CONSOLE_FIELDS : path.startsWith('/docs') ? DOCS_FIELDS : API_FIELDS)
}

/** The same headers as lines of an HTTP head, for the answers written before the app runs (client-errors.ts). */
export const API_SECURITY_HEAD = API_FIELDS.map(([name, value]) => `${name}: ${value}\r\n`).join('')
