import { createRoute } from '@hono/zod-openapi'
import { errorResponses, jsonContent } from '../../../http/openapi/openapi-schemas.ts'
import type { WayIn } from '../../../common/way-in.ts'
import { authenticateRequestSchema, AuthenticateResponseSchema } from './auth.schemas.ts'

/** Authenticate, its description and example naming this sandbox's way in (demo identities or sign-up). */
export const authenticate = (wayIn: Pick<WayIn, 'authenticate' | 'example'>) =>
  createRoute({
    method: 'post',
    path: '/v1/authentication',
    tags: ['Authentication'],
    summary: 'Authenticate',
    operationId: 'authenticate',
    // Public: no token (an explicit empty requirement, so that linters and generated clients know).
    security: [],
    description: `Exchanges a broker user's credentials for a bearer token. ${wayIn.authenticate} A wrong password and an unknown username answer the same 401, in the same time. After 5 failed logins of a username, each further failure locks it for 1 s, then 2 s, 4 s, … (at most 5 minutes): any login for it answers 429 (010510) with \`Retry-After\` meanwhile; a successful login ends the count. One client address may fail 30 logins at once, then one every 10 s. A token lasts \`expiresIn\` seconds: keep it and log in again when it expires, not before every request. Successful logins are limited per username and per client address (an IPv6 address by its /64): on the hosted sandbox by default 10 at once, then one every 6 s, per username, and 30 at once, then one every 2 s, per address; past them 429 (010511) with \`Retry-After\`, naming how long a token lasts. The password checks of every partner take turns: yours wait behind your own, and when too many are waiting the answer is 429 (010512) with \`Retry-After\`. A client that asks again past its 429s gets 10 answers a second from one address at once, each further one a second later: honour \`Retry-After\`.`,
    request: { body: { required: true, content: { 'application/json': { schema: authenticateRequestSchema(wayIn.example) } } } },
    responses: {
      200: jsonContent(AuthenticateResponseSchema, 'A bearer token for the user'),
      ...errorResponses(400, 401, 413, 415, 429),
    },
  })
