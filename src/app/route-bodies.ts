import { NO_BODY, type BodyRule } from '../http/body/body-limit.ts'
import { MAX_UPLOAD_BODY_BYTES } from '../modules/processes/index.ts'

const KiB = 1024
const MiB = 1024 * KiB

/**
 * What a caller without a token may send, and a body no route reads: a login is a few hundred
 * bytes, so anyone on the internet costs the sandbox at most this much memory per request.
 */
export const ANONYMOUS_BODY: BodyRule = { media: 'json', maxBytes: 8 * KiB }
/** The bank's input documents: a simulation, a process's loan, a borrower, a property. */
const INPUT_DOCUMENT: BodyRule = { media: 'json', maxBytes: 1 * MiB }
/** Every other JSON body: a message (2,000 characters, 12 KB however escaped), a cancel, a callback configuration. */
const SMALL_JSON: BodyRule = { media: 'json', maxBytes: 64 * KiB }
/** A console form: a CSRF token and a field or two. */
const CONSOLE_FORM: BodyRule = { media: 'form', maxBytes: 8 * KiB }
/** The console's message form: 2,000 characters, up to 9 bytes each once percent-encoded. */
const CONSOLE_MESSAGE_FORM: BodyRule = { media: 'form', maxBytes: 32 * KiB }
/** A scenario document pasted in the console: the API's 64 KiB, each byte up to 3 once percent-encoded. */
const CONSOLE_SCENARIO_FORM: BodyRule = { media: 'form', maxBytes: 192 * KiB }
/** A document of a process: the only multipart body, streamed to its store by its route. */
const DOCUMENT_UPLOAD: BodyRule = { media: 'multipart', maxBytes: MAX_UPLOAD_BODY_BYTES }

const CONSOLE_KIND = '/console/:kind{simulations|processes}/:id'

/**
 * The body each route takes, by method and path as the routers register them (docs/design.md
 * "Request bodies"). A route that takes no body takes the anonymous limit: a client's `{}` still
 * passes. Every route of the app is here (test/route-bodies.test.ts enumerates them).
 */
export const ROUTE_BODIES: ReadonlyMap<string, BodyRule> = new Map<string, BodyRule>([
  // Without a token (the operator's is checked after the body limit).
  ['POST /v1/authentication', ANONYMOUS_BODY],
  ['POST /sandbox/signup', ANONYMOUS_BODY],
  ['POST /sandbox/operator/partners', ANONYMOUS_BODY],
  ['POST /sandbox/operator/partners/:partnerUniqueID/suspend', ANONYMOUS_BODY],
  ['POST /sandbox/operator/partners/:partnerUniqueID/resume', ANONYMOUS_BODY],
  ['DELETE /sandbox/operator/partners/:partnerUniqueID', ANONYMOUS_BODY],
  ['POST /sandbox/operator/invitations', ANONYMOUS_BODY],
  ['POST /console/login', CONSOLE_FORM],

  // The bank's operations.
  ['POST /v1/simulations', INPUT_DOCUMENT],
  ['POST /v1/simulations/validate', INPUT_DOCUMENT],
  ['PATCH /v1/simulations/:simulationUniqueId', INPUT_DOCUMENT],
  ['DELETE /v1/simulations/:simulationUniqueId', SMALL_JSON],
  ['POST /v1/simulations/:simulationUniqueId/message', SMALL_JSON],
  ['POST /v1/processes', SMALL_JSON],
  ['PUT /v1/processes/:processUniqueId', INPUT_DOCUMENT],
  ['DELETE /v1/processes/:processUniqueId', SMALL_JSON],
  ['POST /v1/processes/:processUniqueId/submit', ANONYMOUS_BODY],
  ['POST /v1/processes/:processUniqueId/borrower', INPUT_DOCUMENT],
  ['PUT /v1/processes/:processUniqueId/borrower/:borrowerUniqueId', INPUT_DOCUMENT],
  ['DELETE /v1/processes/:processUniqueId/borrower/:borrowerUniqueId', ANONYMOUS_BODY],
  ['POST /v1/processes/:processUniqueId/document', DOCUMENT_UPLOAD],
  ['PUT /v1/processes/:processUniqueId/document/:documentUniqueId', DOCUMENT_UPLOAD],
  ['DELETE /v1/processes/:processUniqueId/document/:documentUniqueId', ANONYMOUS_BODY],
  ['PUT /v1/processes/:processUniqueId/property/:propertyUniqueId', INPUT_DOCUMENT],
  ['POST /v1/processes/:processUniqueId/message', SMALL_JSON],
  ['PUT /:partnerUniqueID/callbacks/:notificationType', SMALL_JSON],
  ['DELETE /:partnerUniqueID/callbacks/:notificationType', ANONYMOUS_BODY],
  ['POST /v1/callbacks/echo/:partnerUniqueID/:notificationTypeID', SMALL_JSON],

  // The sandbox's own API.
  ['POST /sandbox/deliveries/:notificationId/retry', ANONYMOUS_BODY],
  // A report: ids, a status, a latency and at most 1 KB of the local answer (up to 6 bytes a character once escaped).
  ['POST /sandbox/listen/:listenerId/attempts', { media: 'json', maxBytes: 8 * KiB }],
  ['POST /sandbox/simulations/:simulationUniqueId/status', SMALL_JSON],
  ['POST /sandbox/processes/:processUniqueId/status', SMALL_JSON],
  ['POST /sandbox/simulations/:simulationUniqueId/message', SMALL_JSON],
  ['POST /sandbox/processes/:processUniqueId/message', SMALL_JSON],
  // A type and at most one id: under 200 bytes, within the smallest limit.
  ['POST /sandbox/trigger', ANONYMOUS_BODY],
  ['POST /sandbox/clock/advance', SMALL_JSON],
  ['POST /sandbox/scenarios', SMALL_JSON],
  ['PUT /sandbox/scenarios/:name', SMALL_JSON],
  ['DELETE /sandbox/scenarios/:name', ANONYMOUS_BODY],
  ['POST /sandbox/clock/return', ANONYMOUS_BODY],
  ['POST /sandbox/certification/runs', SMALL_JSON],
  ['POST /sandbox/certification/window', ANONYMOUS_BODY],
  ['POST /sandbox/reset', ANONYMOUS_BODY],
  ['POST /sandbox/account/brokers', SMALL_JSON],
  ['POST /sandbox/account/users', SMALL_JSON],
  ['POST /sandbox/account/users/:userId/password', ANONYMOUS_BODY],
  ['POST /sandbox/account/users/:userId/revoke-tokens', ANONYMOUS_BODY],
  ['DELETE /sandbox/account/users/:userId', ANONYMOUS_BODY],
  ['PUT /sandbox/account/users/:userId/admin', SMALL_JSON],
  ['PUT /sandbox/account/language', ANONYMOUS_BODY],
  ['POST /sandbox/account/mail-recipients', SMALL_JSON],
  ['POST /sandbox/account/mail-recipients/:recipientId/verify', SMALL_JSON],
  ['DELETE /sandbox/account/mail-recipients/:recipientId', ANONYMOUS_BODY],

  // The console's forms, behind its session.
  [`POST ${CONSOLE_KIND}/status`, CONSOLE_FORM],
  [`POST ${CONSOLE_KIND}/message`, CONSOLE_MESSAGE_FORM],
  [`POST ${CONSOLE_KIND}/echo`, CONSOLE_FORM],
  ['POST /console/deliveries/:notificationId/retry', CONSOLE_FORM],
  ['POST /console/deliveries/trigger', CONSOLE_FORM],
  ['POST /console/drive/advance', CONSOLE_FORM],
  ['POST /console/drive/reset', CONSOLE_FORM],
  ['POST /console/scenarios/next/cancel', CONSOLE_FORM],
  ['POST /console/scenarios/:name/next', CONSOLE_FORM],
  ['POST /console/scenarios/:name/try', CONSOLE_FORM],
  ['POST /console/scenarios', CONSOLE_SCENARIO_FORM],
  ['POST /console/scenarios/:name', CONSOLE_SCENARIO_FORM],
  ['POST /console/scenarios/:name/delete', CONSOLE_FORM],
  ['POST /console/certification/runs', CONSOLE_FORM],
  ['POST /console/certification/window', CONSOLE_FORM],
  ['POST /console/logout', CONSOLE_FORM],
  ['POST /console/account/users', CONSOLE_FORM],
  ['POST /console/account/users/:userId/password', CONSOLE_FORM],
  ['POST /console/account/users/:userId/revoke-tokens', CONSOLE_FORM],
  ['POST /console/account/users/:userId/deactivate', CONSOLE_FORM],
])

/**
 * The body rule of a route: GET and HEAD read none; any other method has its entry above, or none
 * (undefined: the middleware then applies `ANONYMOUS_BODY`, and the enumeration test fails).
 */
export function routeBodyRule(method: string, routePath: string): BodyRule | undefined {
  if (method === 'GET' || method === 'HEAD') return NO_BODY
  return ROUTE_BODIES.get(`${method} ${routePath}`)
}
