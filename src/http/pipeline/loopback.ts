import type { Context } from 'hono'
import type { RequestOrigin } from '../../common/request-origin.ts'

/** Marks the environment of a request the loopback made: a key no client can send, unlike a header. */
const LOOPBACK = Symbol('sandbox loopback')

/** The origin of the request of a context: `console` only for the loopback's own requests. */
export const requestOrigin = (c: Context): RequestOrigin => ((c.env as Record<symbol, unknown> | undefined)?.[LOOPBACK] === true ? 'console' : 'api')

/**
 * The sandbox's own HTTP application, for a service that calls the API as a partner's client would
 * (the console's "try it"): the application is built after the services, so it is attached late.
 * Its requests carry a mark in their environment (`requestOrigin`), so the journal and the
 * certification tell them from a client's whatever headers they carry.
 */
export function createLoopback() {
  let handler: ((request: Request, env: object) => Promise<Response>) | undefined
  const env = { [LOOPBACK]: true }
  return {
    attach(fetch: (request: Request, env: object) => Promise<Response>): void {
      handler = fetch
    },
    fetch(request: Request): Promise<Response> {
      if (!handler) throw new Error('no HTTP application is attached to the loopback')
      return handler(request, env)
    },
  }
}
