import { OpenAPIHono } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import type { AppDeps } from './app-deps.ts'
import type { AppEnv } from './http/app-env.ts'
import { jsonBodyLimit } from './http/body-limit.ts'
import { docsPage } from './http/docs-page.ts'
import { errorHandler, JSON_BODY_LIMIT_BYTES, notFoundHandler } from './http/error-handler.ts'
import { requestContext } from './http/request-context.ts'
import { requireAuth } from './http/require-auth.ts'
import { validationHook } from './http/validation-hook.ts'
import { authRouter } from './modules/auth/auth.index.ts'
import { healthRouter } from './modules/health/health.index.ts'
import { taxonomyRouter } from './modules/taxonomy/taxonomy.index.ts'

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
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook as never })
  app.use('*', requestContext(deps))
  app.use('*', jsonBodyLimit(JSON_BODY_LIMIT_BYTES))
  app.use('*', authUnlessPublic)
  app.onError(errorHandler)
  app.notFound(notFoundHandler)

  app.route('/', healthRouter())
  app.route('/', authRouter())
  app.route('/', taxonomyRouter())

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
      ],
    }))
  app.get('/openapi.json', (c) => c.json(openApiDocument()))
  app.route('/', docsPage())
  return Object.assign(app, { openApiDocument })
}

export type App = ReturnType<typeof createApp>
