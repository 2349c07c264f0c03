import { OpenAPIHono } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { AppDeps } from './composition-root.ts'
import type { AppEnv } from './http/app-env.ts'
import { jsonBodyLimit } from './http/body-limit.ts'
import { MemoRouter } from './http/memo-router.ts'
import { docsPage } from './http/docs-page.ts'
import { errorHandler, JSON_BODY_LIMIT_BYTES, notFoundHandler } from './http/error-handler.ts'
import { requestContext } from './http/request-context.ts'
import { requireAuth } from './http/require-auth.ts'
import { validationHook } from './http/validation-hook.ts'
import { writeBatching } from './http/write-batching.ts'
import { scenarioMiddleware } from './modules/sandbox-scenarios/scenario-middleware.ts'
import { authRouter } from './modules/auth/auth.index.ts'
import { callbacksRouter } from './modules/callbacks/callbacks.index.ts'
import { healthRouter } from './modules/health/health.index.ts'
import { sandboxScenariosRouter } from './modules/sandbox-scenarios/sandbox-scenarios.index.ts'
import { sandboxDeliveriesRouter } from './modules/sandbox-deliveries/sandbox-deliveries.index.ts'
import { sandboxControlRouter } from './modules/sandbox-control/sandbox-control.index.ts'
import { sandboxMailboxRouter } from './modules/mailbox/sandbox-mailbox.index.ts'
import { sandboxJobsRouter } from './modules/sandbox-jobs/sandbox-jobs.index.ts'
import { sandboxResetRouter } from './modules/sandbox-reset/sandbox-reset.index.ts'
import { taxonomyRouter } from './modules/taxonomy/taxonomy.index.ts'
import { simulationEsisRouter } from './modules/esis/simulation-esis.index.ts'
import { simulationMessagesRouter } from './modules/messages/simulation-messages.index.ts'
import { simulationsRouter } from './modules/simulations/simulations.index.ts'
import { processBorrowersRouter } from './modules/processes/borrowers/borrowers.index.ts'
import { processesRouter } from './modules/processes/processes.index.ts'
import { processDocumentsRouter } from './modules/processes/documents/documents.index.ts'
import { processPropertiesRouter } from './modules/processes/property/properties.index.ts'
import { processMessagesRouter } from './modules/messages/process-messages.index.ts'
import { processEsisRouter } from './modules/esis/process-esis.index.ts'

/** Paths answered without a token: health, version, login and the API reference. */
const PUBLIC_PATHS = /^\/(v1\/health(\/version)?|v1\/authentication|openapi\.json|docs(\/.*)?)$/

const authUnlessPublic: MiddlewareHandler<AppEnv> = (c, next) =>
  PUBLIC_PATHS.test(c.req.path) ? next() : requireAuth(c, next)

const DESCRIPTION = `Sandbox of the bank's Mortgage Partner Portal API: the bank's operations with real validation,
mortgage maths, state and callbacks, plus a sandbox control API (tag "Sandbox", not part of the bank's API).

Authenticate with \`POST /v1/authentication\` (\`broker-a\` / \`sandbox\`) and send \`Authorization: Bearer <accessToken>\`.
Answers are localized by \`Accept-Language\` (pt-PT by default, en). Every error answers the same body:
\`{ operationStatus, errors: [{ errorCode, errorMessage, errorField }] }\`.`

/** Builds the whole HTTP application on its dependencies. */
export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook as never, router: new MemoRouter() })
  app.use('*', requestContext(deps))
  app.use('*', jsonBodyLimit(JSON_BODY_LIMIT_BYTES))
  app.use('*', authUnlessPublic)
  app.use('*', (c, next) => (PUBLIC_PATHS.test(c.req.path) ? next() : scenarioMiddleware(c, next)))
  app.use('*', writeBatching(deps.groupCommit))
  app.onError(errorHandler)
  app.notFound(notFoundHandler)

  app.route('/', healthRouter())
  app.route('/', authRouter())
  app.route('/', taxonomyRouter())
  app.route('/', simulationsRouter())
  app.route('/', simulationMessagesRouter())
  app.route('/', simulationEsisRouter())
  app.route('/', processesRouter())
  app.route('/', processBorrowersRouter())
  app.route('/', processDocumentsRouter())
  app.route('/', processPropertiesRouter())
  app.route('/', processMessagesRouter())
  app.route('/', processEsisRouter())
  app.route('/', callbacksRouter())
  app.route('/', sandboxDeliveriesRouter())
  app.route('/', sandboxScenariosRouter())
  app.route('/', sandboxControlRouter())
  app.route('/', sandboxMailboxRouter())
  app.route('/', sandboxJobsRouter())
  app.route('/', sandboxResetRouter())

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
      info: { title: 'Mortgage Partner Portal API (sandbox)', version: deps.version, description: DESCRIPTION },
      servers: [{ url: '/', description: 'This sandbox' }],
      tags: [
        { name: 'Authentication' },
        { name: 'Health' },
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
      ],
    }))
  app.get('/openapi.json', (c) => c.json(openApiDocument()))
  app.route('/', docsPage())
  return Object.assign(app, { openApiDocument })
}

export type App = ReturnType<typeof createApp>
