/**
 * Who may call a route (docs/design.md "Roles"):
 * - `anyone`: no token (health, login, sign-up, the API's documents, the console's login);
 * - `operator`: the operator token of a hosted sandbox;
 * - `broker`: any user of the partner, on its own broker's records only (another broker's id is the
 *   route's not-found answer, as in the bank's API);
 * - `partner`: any user of the partner, on what the partner shares (reference lists, scenarios, the
 *   clock, the callback list);
 * - `admin`: a user who administers the partner: the partner-wide changes (403 for any other user).
 */
export type Access = 'anyone' | 'operator' | 'broker' | 'partner' | 'admin'

/**
 * Every route of the app, by method and path as the app registers it (`{name}` for a parameter),
 * with who may call it. The one declaration: app.ts puts the admin door on the `admin` routes of
 * the API, the console on its own, the table of docs/roles.md is written from it and the authorization
 * matrix test (test/http/authorization-matrix.test.ts) calls every route of the app as every kind
 * of caller against it, so a route without a rule fails that test.
 */
export const ACCESS_RULES = {
  // Open to anyone.
  'GET /v1/health': 'anyone',
  'GET /v1/health/version': 'anyone',
  'POST /v1/authentication': 'anyone',
  'POST /sandbox/signup': 'anyone',
  'GET /openapi.json': 'anyone',
  'GET /postman.json': 'anyone',
  'GET /openapi/sandbox.json': 'anyone',
  'GET /asyncapi.json': 'anyone',
  'GET /postman/sandbox.json': 'anyone',
  'GET /docs': 'anyone',
  'GET /docs/assets/{file}': 'anyone',
  'GET /sandbox/certification/signing-key': 'anyone',
  // The operator's probes and metrics (docs/operating.md): no partner token. /metrics is open on a
  // local sandbox; on a hosted one it takes its own token (SANDBOX_METRICS_TOKEN), as the operator
  // API takes the operator's, checked by its route.
  'GET /livez': 'anyone',
  'GET /readyz': 'anyone',
  'GET /metrics': 'anyone',

  // The reference lists: one rule for the family, one route per list of the taxonomy registry.
  'GET /v1/taxonomy/{list}': 'partner',

  // The bank's API: each broker's own simulations and processes.
  'POST /v1/simulations/validate': 'broker',
  'GET /v1/simulations': 'broker',
  'POST /v1/simulations': 'broker',
  'GET /v1/simulations/{simulationUniqueId}': 'broker',
  'PATCH /v1/simulations/{simulationUniqueId}': 'broker',
  'DELETE /v1/simulations/{simulationUniqueId}': 'broker',
  'GET /v1/simulations/{simulationUniqueId}/message': 'broker',
  'POST /v1/simulations/{simulationUniqueId}/message': 'broker',
  'GET /v1/simulations/{simulationUniqueId}/esis': 'broker',
  'GET /v1/simulations/{simulationUniqueId}/esis/email': 'broker',
  'GET /v1/processes': 'broker',
  'POST /v1/processes': 'broker',
  'GET /v1/processes/{processUniqueId}': 'broker',
  'PUT /v1/processes/{processUniqueId}': 'broker',
  'DELETE /v1/processes/{processUniqueId}': 'broker',
  'POST /v1/processes/{processUniqueId}/submit': 'broker',
  'GET /v1/processes/{processUniqueId}/borrower': 'broker',
  'POST /v1/processes/{processUniqueId}/borrower': 'broker',
  'GET /v1/processes/{processUniqueId}/borrower/{borrowerUniqueId}': 'broker',
  'PUT /v1/processes/{processUniqueId}/borrower/{borrowerUniqueId}': 'broker',
  'DELETE /v1/processes/{processUniqueId}/borrower/{borrowerUniqueId}': 'broker',
  'GET /v1/processes/{processUniqueId}/document': 'broker',
  'POST /v1/processes/{processUniqueId}/document': 'broker',
  'GET /v1/processes/{processUniqueId}/document/{documentUniqueId}': 'broker',
  'PUT /v1/processes/{processUniqueId}/document/{documentUniqueId}': 'broker',
  'DELETE /v1/processes/{processUniqueId}/document/{documentUniqueId}': 'broker',
  'GET /v1/processes/{processUniqueId}/document/{documentUniqueId}/content': 'broker',
  'GET /v1/processes/{processUniqueId}/property': 'broker',
  'PUT /v1/processes/{processUniqueId}/property/{propertyUniqueId}': 'broker',
  'GET /v1/processes/{processUniqueId}/message': 'broker',
  'POST /v1/processes/{processUniqueId}/message': 'broker',
  'GET /v1/processes/{processUniqueId}/esis': 'broker',
  'GET /v1/processes/{processUniqueId}/esis/email': 'broker',
  // Callbacks: the partner's, listed by any of its users, changed by its administrators (the
  // bank's document lets a partner manage them; the role is the sandbox's rule on top). Echo
  // names one of the broker's own simulations or processes.
  'GET /{partnerUniqueID}/callbacks': 'partner',
  'PUT /{partnerUniqueID}/callbacks/{notificationType}': 'admin',
  'DELETE /{partnerUniqueID}/callbacks/{notificationType}': 'admin',
  'POST /v1/callbacks/echo/{partnerUniqueID}/{notificationTypeID}': 'broker',

  // The sandbox control API.
  'GET /sandbox/scenarios': 'partner',
  // The partner's own scenarios: used by every user, written by its administrators, as its callbacks.
  'POST /sandbox/scenarios': 'admin',
  'GET /sandbox/scenarios/{name}': 'partner',
  'PUT /sandbox/scenarios/{name}': 'admin',
  'DELETE /sandbox/scenarios/{name}': 'admin',
  'POST /sandbox/simulations/{simulationUniqueId}/status': 'broker',
  'POST /sandbox/processes/{processUniqueId}/status': 'broker',
  'POST /sandbox/simulations/{simulationUniqueId}/message': 'broker',
  'POST /sandbox/processes/{processUniqueId}/message': 'broker',
  // One notification made on a record of the caller's broker (or records created for it, its broker's), as the status and message controls.
  'POST /sandbox/trigger': 'broker',
  'GET /sandbox/requests': 'broker',
  'GET /sandbox/requests/{requestId}': 'broker',
  'GET /sandbox/deliveries': 'broker',
  'POST /sandbox/deliveries/{notificationId}/retry': 'broker',
  // mortgage-sandbox listen: a user's listener gets its broker's notifications, an administrator's the partner's (the service scopes them).
  'GET /sandbox/listen': 'partner',
  'POST /sandbox/listen/{listenerId}/attempts': 'partner',
  'GET /sandbox/mailbox': 'broker',
  'GET /sandbox/mailbox/{messageId}/attachment': 'broker',
  'GET /sandbox/jobs': 'broker',
  'GET /sandbox/clock': 'partner',
  'GET /sandbox/test-data/borrowers': 'partner',
  'POST /sandbox/clock/advance': 'admin',
  'POST /sandbox/clock/return': 'admin',
  'POST /sandbox/reset': 'admin',
  // A run reads every broker's journal (its evidence cites their requests): the partner's administrators'.
  'POST /sandbox/certification/runs': 'admin',
  'GET /sandbox/certification/runs': 'admin',
  'GET /sandbox/certification/runs/{runId}': 'admin',
  'GET /sandbox/certification/runs/{runId}/report': 'admin',
  'POST /sandbox/certification/window': 'admin',

  // The partner's account.
  'GET /sandbox/account': 'partner',
  'POST /sandbox/account/brokers': 'admin',
  'POST /sandbox/account/users': 'admin',
  'POST /sandbox/account/users/{userId}/password': 'admin',
  'POST /sandbox/account/users/{userId}/revoke-tokens': 'admin',
  'PUT /sandbox/account/users/{userId}/admin': 'admin',
  'PUT /sandbox/account/language': 'admin',
  'DELETE /sandbox/account/users/{userId}': 'admin',
  'GET /sandbox/account/mail-recipients': 'admin',
  'POST /sandbox/account/mail-recipients': 'admin',
  'POST /sandbox/account/mail-recipients/{recipientId}/verify': 'admin',
  'DELETE /sandbox/account/mail-recipients/{recipientId}': 'admin',
  'GET /sandbox/account/audit': 'admin',

  // The operator API.
  'GET /sandbox/operator/partners': 'operator',
  'POST /sandbox/operator/partners': 'operator',
  'POST /sandbox/operator/partners/{partnerUniqueID}/suspend': 'operator',
  'POST /sandbox/operator/partners/{partnerUniqueID}/resume': 'operator',
  'DELETE /sandbox/operator/partners/{partnerUniqueID}': 'operator',
  'GET /sandbox/operator/invitations': 'operator',
  'POST /sandbox/operator/invitations': 'operator',
  'GET /sandbox/operator/audit': 'operator',

  // The console: its session is a user's token, held in a cookie.
  'GET /console/login': 'anyone',
  'POST /console/login': 'anyone',
  'GET /console/assets/{file}': 'anyone',
  'GET /console/lang/{lang}': 'anyone',
  // Only a redirect to the requests page, which asks for the login.
  'GET /console': 'anyone',
  'POST /console/logout': 'partner',
  'GET /console/requests': 'broker',
  'GET /console/requests/rows': 'broker',
  'GET /console/requests/{requestId}': 'broker',
  'GET /console/simulations': 'broker',
  'GET /console/simulations/{id}': 'broker',
  'GET /console/processes': 'broker',
  'GET /console/processes/{id}': 'broker',
  'POST /console/{simulations|processes}/{id}/status': 'broker',
  'POST /console/{simulations|processes}/{id}/message': 'broker',
  'POST /console/{simulations|processes}/{id}/echo': 'broker',
  'GET /console/{simulations|processes}/{id}/esis.pdf': 'broker',
  'GET /console/deliveries': 'broker',
  'POST /console/deliveries/{notificationId}/retry': 'broker',
  'POST /console/deliveries/trigger': 'broker',
  'GET /console/callbacks/{notificationType}/secret': 'admin',
  'GET /console/mailbox': 'broker',
  'GET /console/mailbox/{messageId}/attachments/{position}': 'broker',
  'GET /console/drive': 'partner',
  'POST /console/drive/advance': 'admin',
  'POST /console/drive/reset': 'admin',
  'GET /console/scenarios': 'partner',
  // The scenario picked for the partner's next call applies to whichever broker calls first.
  'POST /console/scenarios/{name}/next': 'admin',
  'POST /console/scenarios/next/cancel': 'admin',
  'POST /console/scenarios/{name}/try': 'broker',
  'POST /console/scenarios': 'admin',
  'GET /console/scenarios/{name}/edit': 'admin',
  'POST /console/scenarios/{name}': 'admin',
  'POST /console/scenarios/{name}/delete': 'admin',
  'GET /console/certification': 'admin',
  'POST /console/certification/runs': 'admin',
  'POST /console/certification/window': 'admin',
  'GET /console/certification/{runId}': 'admin',
  'GET /console/certification/{runId}/section': 'admin',
  'GET /console/certification/{runId}/report.json': 'admin',
  // Search opens only what the caller's broker holds; a notification's page is its broker's, as its log is.
  'GET /console/search': 'broker',
  'GET /console/deliveries/{notificationId}': 'broker',
  'GET /console/processes/{id}/documents/{documentUniqueId}': 'broker',
  // The account: every user reads it (an administrator sees every broker); only an administrator changes it.
  'GET /console/account': 'partner',
  'POST /console/account/users': 'admin',
  'POST /console/account/users/{userId}/password': 'admin',
  'POST /console/account/users/{userId}/revoke-tokens': 'admin',
  'POST /console/account/users/{userId}/deactivate': 'admin',
} as const satisfies Record<string, Access>

const REFERENCE_LIST = /^GET \/v1\/taxonomy\/[\w-]+$/

export type RouteKey = keyof typeof ACCESS_RULES

/**
 * A route path as Hono registers it (`/v1/simulations/:simulationUniqueId`,
 * `/console/:kind{simulations|processes}/:id/status`) written as the rules write it.
 */
export const rulePathOf = (honoPath: string) => honoPath.replace(/:\w+\{([^}]+)\}/g, '{$1}').replace(/:(\w+)/g, '{$1}')

/** A rule's path as Hono registers it (for the middleware put on it). */
export const honoPathOf = (rulePath: string) => rulePath.replace(/\{(\w+)\}/g, ':$1')

/** The rule of a route (method and path as Hono registers it), and the key it is declared under; undefined when none. */
export function accessOf(method: string, honoPath: string): { key: RouteKey; access: Access } | undefined {
  const asWritten = `${method.toUpperCase()} ${rulePathOf(honoPath)}`
  const key = (REFERENCE_LIST.test(asWritten) ? 'GET /v1/taxonomy/{list}' : asWritten) as RouteKey
  return key in ACCESS_RULES ? { key, access: ACCESS_RULES[key] } : undefined
}

/** Every rule, in the declaration's order. */
export const allRules = (): Array<{ key: RouteKey; access: Access }> => Object.entries(ACCESS_RULES).map(([key, access]) => ({ key: key as RouteKey, access }))

/** The `admin` routes under a prefix (`''` for the API, `/console` for the console), as method and Hono path relative to it. */
export function adminRoutes(under: '' | '/console'): Array<{ method: string; path: string }> {
  return Object.entries(ACCESS_RULES)
    .filter(([key, access]) => access === 'admin' && (under === '/console') === key.includes(' /console/'))
    .map(([key]) => {
      const [method, path] = key.split(' ') as [string, string]
      return { method, path: honoPathOf(path).slice(under.length) }
    })
}
