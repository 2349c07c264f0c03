import type { Context, TypedResponse } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { AppEnv } from '../router/app-env.ts'

/** `application/json` or `application/<something>+json`, with parameters (charset…). */
const JSON_MEDIA_TYPE = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i

const PARSED = Symbol('parsed JSON body')
const CHECKED = Symbol('JSON body parsed and checked by the guard')

type BodyCaches = { [PARSED]?: Promise<unknown>; [CHECKED]?: { value: unknown } }

/** The body as the JSON guard parsed and checked it (json-text.ts): `jsonBody()` answers it without parsing again. */
export function keepParsedJson(c: Context, value: unknown): void {
  ;(c.req as unknown as BodyCaches)[CHECKED] = { value }
}

async function parse(c: Context<AppEnv>): Promise<unknown> {
  const contentType = c.req.header('content-type')
  const text = await c.req.text()
  if (contentType === undefined) {
    // Nothing sent is an empty object (every required field then reported missing); a body of unknown type is not.
    if (text.length === 0) return {}
    throw new HTTPException(415, { message: 'Unsupported Media Type' })
  }
  if (!JSON_MEDIA_TYPE.test(contentType)) throw new HTTPException(415, { message: 'Unsupported Media Type' })
  const checked = (c.req as unknown as BodyCaches)[CHECKED]
  if (checked) return checked.value
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new HTTPException(400, { message: 'Malformed JSON in request body' })
  }
}

/**
 * The JSON body of an operation whose service validates it itself (the simulation input, borrowers,
 * process and property updates): such a route documents the body's schema without a validator of
 * its own (`serviceValidatedJsonBody`), which would parse it a second time. Parsed once per request
 * however many readers it has (the scenario middleware looks for magic values, then the handler).
 * @throws HTTPException 415 for another Content-Type (010602), 400 when it is not JSON (010109).
 */
export function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  const cache = c.req as unknown as BodyCaches
  return (cache[PARSED] ??= parse(c))
}

/**
 * A JSON answer already serialized (a rendering kept in a cache), typed as the route's JSON answer
 * of type `T`: what `c.json(value)` would answer, without serializing it again.
 */
export const serializedJson = <T>(c: Context, json: string) => c.body(json, 200, { 'Content-Type': 'application/json' }) as Response as Response & TypedResponse<T, 200, 'json'>
