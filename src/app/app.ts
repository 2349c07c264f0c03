import { OpenAPIHono } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { Sandbox } from './composition-root.ts'
import type { TrustProxy } from '../platform/config.ts'
import type { AppEnv } from '../http/router/app-env.ts'
import { requestBodyLimits } from '../http/body/body-limit.ts'
import { drainGate } from '../http/pipeline/draining.ts'
import { apiDocuments, documentRoutes } from '../http/openapi/api-documents.ts'
import { jsonTextGuard } from '../http/body/json-text.ts'
import { docsPage } from '../http/openapi/docs-page.ts'
import { errorHandler, notFoundHandler } from '../http/router/error-handler.ts'
import { MemoRouter } from '../http/router/memo-router.ts'
import { requestContext } from '../http/pipeline/request-context.ts'
import { requireAuth } from '../http/access/require-auth.ts'
import { requireAdmin } from '../http/access/require-admin.ts'
import { adminRoutes } from '../http/access/access-rules.ts'
import { clientAddress } from '../http/node-adapter/index.ts'
import { partnerFairShare } from '../http/fair-share/fair-share.ts'
import { createTokenBuckets } from '../http/fair-share/token-buckets.ts'
import { ApiError } from '../common/api-error.ts'
import { addressKey } from '../common/address-key.ts'
import { validationHook } from '../http/router/validation-hook.ts'
import { writeBatching } from '../http/pipeline/write-batching.ts'
import { asyncApiDocument, callbacksRouter, sandboxDeliveriesRouter, sandboxListenRouter } from '../modules/callbacks/index.ts'
import { processEsisRouter, simulationEsisRouter } from '../modules/esis/index.ts'
import { mailboxRouter, mailRecipientsRouter } from '../modules/mailbox/index.ts'
import { accountRouter, authRouter, operatorAuth, operatorRouter } from '../modules/partners/index.ts'
import { consoleRouter } from '../modules/console/index.ts'
import { auditRouter, auditTrail, journalRequests, requestJournalRouter } from '../modules/journal/index.ts'
import { processesRouter, simulationMessagesRouter } from '../modules/processes/index.ts'
import { sandboxClockRouter, sandboxControlRouter, testDataRouter, triggerRouter } from '../modules/sandbox-control/index.ts'
import { housekeepingRouter } from '../modules/housekeeping/index.ts'
import { sandboxJobsRouter, sandboxScenariosRouter, scenarioMiddleware } from '../modules/sandbox-scenarios/index.ts'
import { simulationsRouter } from '../modules/simulations/index.ts'
import { taxonomyRouter } from '../modules/taxonomy/index.ts'
import { certificationRouter } from '../modules/certification/index.ts'
import { healthRouter, operationsRouter, requestMetrics } from '../modules/operations/index.ts'
import { ANONYMOUS_BODY, routeBodyRule } from './route-bodies.ts'
import { wayIn, type WayIn } from '../common/way-in.ts'

/**
 * Paths answered without a partner's token: health, version, login, sign-up, the API reference, and
 * the operator API (which has a token of its own).
 */
const WITHOUT_PARTNER_TOKEN =
  /^\/(livez|readyz|metrics|v1\/health(\/version)?|v1\/authentication|sandbox\/signup|openapi\.json|openapi\/sandbox\.json|asyncapi\.json|postman\.json|postman\/sandbox\.json|docs(\/.*)?|sandbox\/operator(\/.*)?|sandbox\/certification\/signing-key|console(\/.*)?)$/

const forPartners = (middleware: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> =>
  function partnersOnly(c, next) {
    return WITHOUT_PARTNER_TOKEN.test(c.req.path) ? next() : middleware(c, next)
  }

/**
 * Sign-ups a client address (an IPv6 one by its /64: common/address-key.ts) may make
 * (SANDBOX_SIGNUPS_PER_HOUR): anyone on the internet reaches it.
 */
function signupThrottle(perHour: number | null, trustProxy: TrustProxy): MiddlewareHandler<AppEnv> {
  if (perHour === null)
    return function signupsUnthrottled(_c, next) {
      return next()
    }
  const buckets = createTokenBuckets({ perSecond: perHour / 3600, burst: perHour })
  return async function throttleSignup(c, next) {
    const take = buckets.take(addressKey(clientAddress(c, trustProxy)))
    if (!take.allowed) {
      const seconds = String(take.retryAfterSeconds)
      throw new ApiError('RATE_LIMITED', { field: '', params: { seconds } }, { 'Retry-After': seconds })
    }
    await next()
  }
}

/** What both documents say of authentication (its way in: common/way-in.ts), languages and errors. */
const commonDescription = (way: WayIn) => `${way.documents}
Answers are localized by \`Accept-Language\` (pt-PT by default, en). Every error answers the same body:
\`{ operationStatus, errors: [{ errorCode, errorMessage, errorField }] }\`.`

const bankDescription = (way: WayIn) => `The bank's Mortgage Partner Portal API, as the sandbox serves it: the bank's operations with real validation,
mortgage maths, state and callbacks (the webhooks). The sandbox's own API (control, clock, request journal, account,
certification, scenarios…) is a document of its own: \`/openapi/sandbox.json\`. \`/openapi.json?scenarios=true\` adds the
sandbox's \`X-Sandbox-Scenario\` request header to the bank's operations, for a client that wants to force scenarios.

${commonDescription(way)}`

const sandboxDescription = (way: WayIn) => `The sandbox's own API under /sandbox, not part of the bank's API: control of the bank's side, the test clock,
scenarios and their jobs, the request journal, callback deliveries, the mailbox, the partner's account, certification, sign-up
and the operator's API of a hosted sandbox. The bank's API is the document at \`/openapi.json\`.

${commonDescription(way)}`

const documentHeads = (way: WayIn) => ({
  bank: { title: 'Mortgage Partner Portal API (sandbox)', description: bankDescription(way) },
  sandbox: { title: 'Mortgage Partner Portal sandbox: its own API', description: sandboxDescription(way) },
})

const TAGS = [
  { name: 'Authentication', description: "A broker user's credentials exchanged for a bearer token" },
  { name: 'Health', description: 'Whether the sandbox answers, and its version' },
  { name: 'Taxonomy', description: 'Reference lists' },
  { name: 'Simulations', description: 'Mortgage loan simulations: validation, eligibility, figures and lifecycle' },
  { name: 'SimulationsESIS', description: 'The ESIS (FINE) of a simulation, as a PDF or by e-mail' },
  { name: 'SimulationsMessages', description: 'Messages between the broker and the bank about a simulation' },
  { name: 'Processes', description: 'Mortgage processes created from eligible simulations: loan, lifecycle, submission' },
  { name: 'ProcessesBorrower', description: 'The borrowers of a process' },
  { name: 'ProcessesDocument', description: 'The documents of a process: uploads of PDF, JPEG and PNG files up to 10 MiB' },
  { name: 'ProcessesProperty', description: 'The property of a process' },
  { name: 'ProcessesMessage', description: 'Messages between the broker and the bank about a process' },
  { name: 'ProcessesESIS', description: 'The ESIS (FINE) of a process, as a PDF or by e-mail' },
  { name: 'Partners', description: 'Partner callbacks: registration, echo, and the signed notifications pushed to the registered addresses' },
  { name: 'Sandbox', description: "Sandbox control API under /sandbox: not part of the bank's API" },
  { name: 'Operator', description: "The operator's API of a hosted sandbox (partners, invitations), with the operator token: not part of the bank's API" },
]

/**
 * The HTTP application of a sandbox (docs/architecture.md "A request's way"): the middleware every
 * request goes through, then the routers of the modules, each built with the services it uses.
 */
export function createApp(sandbox: Sandbox) {
  const { config, logger, taxonomy, simulations, processes, messages, esis } = sandbox
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook, router: new MemoRouter() })
  const way = wayIn(config)
  const onError = errorHandler(logger, sandbox.operations.metrics)
  // First: every request counted, the ones refused by any later step too.
  if (config.metrics.enabled) app.use('*', requestMetrics(sandbox.operations.metrics))
  app.use('*', requestContext(logger))
  app.use('*', drainGate(sandbox.drain))
  app.use('*', forPartners(requireAuth(sandbox.auth.authenticate)))
  // Right after authentication, the journal: refusals of the rate limit and of validation are journaled too.
  // A request without a partner's token has no caller here, and the journal lets it straight on.
  app.use('*', journalRequests(sandbox.journal))
  // Before the body is read: a partner flooding past its share costs the others as little as can be.
  // The console's pages take the same share behind their session (consoleRouter).
  const fairShare = sandbox.fairShare ? partnerFairShare(sandbox.fairShare) : undefined
  if (fairShare) app.use('*', forPartners(fairShare))
  // The partner-wide changes need an administrator (http/access/access-rules.ts), refused before their body
  // is read: only those routes carry the check, so the bank's hot paths pay nothing for it.
  // The audit trail records every operator and administrator action once, after its answer, and so
  // sits before the admin door to see its refusals too (docs/design.md "Audit trail").
  for (const { method, path, middleware } of auditTrail(sandbox.audit, {
    operatorToken: config.operatorToken,
    trustProxy: config.trustProxy,
    usernameOf: (userId) => sandbox.partners.liveUser(userId)?.username,
  }))
    app.on(method, path, middleware)
  for (const { method, path } of adminRoutes('')) app.on(method, path, requireAdmin)
  // Before anything reads a body: each route's media type and limit (route-bodies.ts).
  app.use('*', requestBodyLimits(routeBodyRule, ANONYMOUS_BODY))
  app.use('*', jsonTextGuard())
  app.use('*', forPartners(scenarioMiddleware(sandbox.scenarios, sandbox.scenarioPicks, sandbox.faults)))
  app.use('/sandbox/signup', signupThrottle(config.signupsPerHour, config.trustProxy))
  app.use('*', writeBatching(sandbox.writes))
  app.onError(onError)
  sandbox.loopback.attach(async (request, env) => app.fetch(request, env))
  app.notFound(notFoundHandler(onError))

  app.route('/', healthRouter(sandbox.health))
  app.route('/', operationsRouter(sandbox.operations))
  app.route('/', authRouter(sandbox.auth, { trustProxy: config.trustProxy, wayIn: way }))
  app.route('/', taxonomyRouter(taxonomy))
  app.route('/', simulationsRouter(simulations, taxonomy, sandbox.simulationDetailAnswers))
  app.route('/', simulationMessagesRouter(messages))
  app.route('/', simulationEsisRouter(esis))
  app.route('/', processesRouter(processes, taxonomy, messages))
  app.route('/', processEsisRouter(esis))
  app.route('/', callbacksRouter(sandbox.callbacks, sandbox.echo))
  app.route('/', sandboxDeliveriesRouter(sandbox.callbacks))
  app.route('/', sandboxListenRouter(sandbox.callbacks.listen))
  app.route('/', sandboxScenariosRouter(sandbox.scenarios, sandbox.partnerScenarios))
  app.route('/', sandboxControlRouter({ taxonomy, simulations, processes, messages }))
  app.route('/', mailboxRouter(sandbox.mailbox))
  app.route('/', sandboxJobsRouter(sandbox.jobs))
  app.route('/', sandboxClockRouter(sandbox.testClock))
  app.route('/', testDataRouter(sandbox.testData))
  app.route('/', triggerRouter(sandbox.trigger))
  app.route('/', requestJournalRouter(sandbox.journal))
  app.route('/', certificationRouter(sandbox.certification))
  app.route('/', consoleRouter({ ...sandbox, trustProxy: config.trustProxy, partnerShare: fairShare }))
  app.route('/', housekeepingRouter(sandbox.reset))
  app.route('/', accountRouter(sandbox.partners, sandbox.partners.account))
  app.route('/', mailRecipientsRouter(sandbox.mailbox.recipients))
  // One door for every operator route: its failures are counted together.
  const operatorDoor = operatorAuth(config.operatorToken, { trustProxy: config.trustProxy })
  app.route('/', operatorRouter(sandbox.partners, operatorDoor))
  app.route('/', auditRouter(sandbox.audit, operatorDoor))

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The accessToken of POST /v1/authentication',
  })
  // Generated on first use: a start does not pay for it, every later request reads the cache.
  let document: ReturnType<typeof app.getOpenAPI31Document> | undefined
  const openApiDocument = () =>
    (document ??= app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: 'Mortgage Partner Portal API (sandbox)', version: sandbox.version, description: bankDescription(way) },
      tags: TAGS,
    }))
  const scenarioNames = sandbox.scenarios
    .files()
    .filter((s) => s.triggers.header)
    .map((s) => s.name)
  const openApiDocuments = apiDocuments({ whole: openApiDocument, heads: documentHeads(way), scenarios: scenarioNames })
  const asyncApiFor = (servers: Array<{ url: string; description: string }>) => asyncApiDocument({ version: sandbox.version, servers })
  app.route('/', documentRoutes({ documents: openApiDocuments, asyncApi: asyncApiFor, trustProxy: config.trustProxy, publicUrl: config.publicUrl, wayIn: way }))
  app.route('/', docsPage(way))
  return Object.assign(app, { openApiDocument, openApiDocuments, sandbox })
}

export type App = ReturnType<typeof createApp>
