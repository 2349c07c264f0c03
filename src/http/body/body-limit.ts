import type { Context, MiddlewareHandler } from 'hono'
import { ApiError } from '../../common/api-error.ts'
import { PathMemo } from '../../common/bounded-map.ts'
import type { AppEnv } from '../router/app-env.ts'
import { answeringRoute } from '../router/memo-router.ts'
import { bufferBody, servedByNode } from '../node-adapter/index.ts'
import { jsonBodyWatch } from './json-body-watch.ts'
import { WATCHED_FROM_BYTES } from './json-text-structure.ts'

/** The kind of body a route reads; `none`: it reads no body at all (GET, HEAD). */
export type BodyMedia = 'json' | 'form' | 'multipart' | 'none'

/** What a route takes as its body: one media type, at most `maxBytes` bytes. */
export interface BodyRule {
  readonly media: BodyMedia
  readonly maxBytes: number
}

/** Where a route's rule comes from: its method and its path as registered (`/v1/simulations/:simulationUniqueId`). */
export type BodyRuleOf = (method: string, routePath: string) => BodyRule | undefined

export const NO_BODY: BodyRule = { media: 'none', maxBytes: 0 }

const JSON_TYPE = /^application\/(?:[a-z0-9!#$&^_.+-]+\+)?json\s*(?:;|$)/i
const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i
const MULTIPART_TYPE = /^multipart\/form-data\s*(?:;|$)/i

/** The media a Content-Type names, as the rules know them; `undefined` for any other (or none). */
export function mediaOf(contentType: string | undefined): BodyMedia | undefined {
  if (contentType === undefined) return undefined
  if (JSON_TYPE.test(contentType)) return 'json'
  if (FORM_TYPE.test(contentType)) return 'form'
  if (MULTIPART_TYPE.test(contentType)) return 'multipart'
  return undefined
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)"?/i

/** Whether a Content-Type leaves its body UTF-8: no charset, or UTF-8's (the JSON guard refuses any other, 415). */
export const declaresUtf8 = (contentType: string): boolean => /^(?:utf-?8)?$/i.test(CHARSET.exec(contentType)?.[1] ?? '')

const EXPECTED: Record<BodyMedia, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
  none: 'no body',
}

const MiB = 1024 * 1024

/** A limit as the 413 names it: "8 KB", "1 MB", "10 MB" (the bank's documents say MB for MiB). */
export const limitText = (bytes: number): string => (bytes >= MiB ? `${Math.floor(bytes / MiB)} MB` : `${Math.floor(bytes / 1024)} KB`)

// An upload's 413 names its file, as the document operations always have; any other names the body.
const tooLarge = (rule: BodyRule) => new ApiError('PAYLOAD_TOO_LARGE', { field: rule.media === 'multipart' ? 'file' : 'body', params: { limit: limitText(rule.maxBytes) } })

const unsupported = (contentType: string | undefined, rule: BodyRule) =>
  new ApiError('UNSUPPORTED_MEDIA_TYPE', { field: 'Content-Type', params: { detail: `${contentType ?? '(none)'}; expected ${EXPECTED[rule.media]}` } })

/**
 * Every request body is held to its route's rule (docs/design.md "Request bodies") before anything
 * reads it: a declared Content-Length over the limit is a 413 at once, whatever the type; a body of
 * another media type than the route's is a 415, unread (at its first byte when chunked); a JSON or
 * form body is then read here, counted as it arrives, and stopped with a 413 at the limit (a chunked
 * body declares nothing). An upload is left to its route, which streams it against the same limit.
 * The rule of a path is looked up once, from the route Hono matched; a route without one gets
 * `fallback`.
 *
 * GET and HEAD pay nothing: no route reads their body, and Node discards what a client sends.
 */
export function requestBodyLimits(ruleOf: BodyRuleOf, fallback: BodyRule): MiddlewareHandler<AppEnv> {
  const rules = new PathMemo<BodyRule>()
  const ruleFor = (c: Context): BodyRule => {
    const key = `${c.req.method} ${c.req.path}`
    let rule = rules.get(key)
    if (rule === undefined) {
      const route = answeringRoute(c)
      rule = (route && ruleOf(c.req.method, route.path)) ?? fallback
      rules.set(key, rule)
    }
    return rule
  }

  return async function bodyLimit(c, next) {
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next()
    const rule = ruleFor(c)
    const declared = c.req.header('content-length')
    const chunked = c.req.header('transfer-encoding') !== undefined
    if (declared !== undefined && !chunked && Number(declared) > rule.maxBytes) throw tooLarge(rule)
    if (!hasBody(c, declared, chunked)) return next()
    const contentType = c.req.header('content-type')
    if (mediaOf(contentType) !== rule.media) {
      if (declared !== undefined) throw unsupported(contentType, rule)
      // A chunked body may yet be empty (the Pact verifier sends an empty POST so): refused at its first byte.
      await bufferBody(c, 0, () => unsupported(contentType, rule))
      return next()
    }
    // A long JSON body is watched as it arrives: nested past the limit, it is refused at that bracket,
    // the rest unread; past the values, at its end, never joined nor decoded (json-body-watch.ts).
    const watch = rule.media === 'json' && !chunked && Number(declared) >= WATCHED_FROM_BYTES && declaresUtf8(contentType!) ? jsonBodyWatch() : undefined
    if (rule.media !== 'multipart') await bufferBody(c, rule.maxBytes, () => tooLarge(rule), watch)
    return next()
  }
}

/**
 * Whether the request carries a body: over HTTP/1.1 only a length or a chunked encoding says so (an
 * empty POST with a form's Content-Type is no body to refuse). A web Request says it itself.
 */
function hasBody(c: Context, declared: string | undefined, chunked: boolean): boolean {
  if (chunked) return true
  if (declared !== undefined) return declared !== '0'
  return !servedByNode(c) && c.req.raw.body !== null
}
