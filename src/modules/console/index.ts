import { Hono, type MiddlewareHandler } from 'hono'
import type { TrustProxy } from '../../config.ts'
import { adminRoutes } from '../../http/access-rules.ts'
import type { AppEnv } from '../../http/app-env.ts'
import { requireAdmin } from '../../http/require-admin.ts'
import type { AuthService } from '../auth/index.ts'
import type { RequestJournalService } from '../request-journal/index.ts'
import { assetPages } from './assets.page.ts'
import { consoleErrorHandler } from './error.page.ts'
import { loginPages, logoutPage } from './login.page.ts'
import { journeyPages, type JourneyDeps } from './journeys.page.ts'
import { operationPages, type OperationDeps } from './operations.page.ts'
import { certificationPages, type CertificationPageDeps } from './certification.page.ts'
import { requestPages } from './requests.page.ts'
import { scenarioPages, type ScenarioPageDeps } from './scenarios.page.ts'
import { sameOriginPosts } from './console-origin-middleware.ts'
import { createConsoleSession, type ConsoleEnv } from './console-session-middleware.ts'

export interface ConsoleDeps extends JourneyDeps, OperationDeps, ScenarioPageDeps, CertificationPageDeps {
  auth: Pick<AuthService, 'login' | 'authenticate'>
  journal: Pick<RequestJournalService, 'recent' | 'get'>
  trustProxy: TrustProxy
  /** The partner's fair share (rate limit and concurrency bound), taken by every page behind the login; none without a rate limit. */
  partnerShare?: MiddlewareHandler<AppEnv> | undefined
}

/**
 * The partner console at /console (docs/design.md "Console"): server-rendered
 * pages in pt-PT and en on the same services as the API, behind a login of the partner's user.
 */
export function consoleRouter(deps: ConsoleDeps) {
  const session = createConsoleSession({ authenticate: deps.auth.authenticate, trustProxy: deps.trustProxy })
  const pages = new Hono<ConsoleEnv>()
  pages.use('*', session.required)
  // Behind the session, which names the partner: its pages count against the share its API calls take.
  if (deps.partnerShare) pages.use('*', deps.partnerShare)
  // The partner-wide pages and forms are an administrator's (http/access-rules.ts), as in the API.
  for (const { method, path } of adminRoutes('/console')) pages.on(method, path, requireAdmin)
  pages.route('/', requestPages(deps.journal))
  pages.route('/', journeyPages(deps))
  pages.route('/', operationPages(deps))
  pages.route('/', scenarioPages(deps))
  pages.route('/', certificationPages(deps))
  pages.onError(consoleErrorHandler)
  pages.route('/', logoutPage(session))

  const app = new Hono<AppEnv>()
  app.use('/console/*', sameOriginPosts({ trustProxy: deps.trustProxy }))
  app.route('/', assetPages())
  app.route('/', loginPages({ auth: deps.auth, session, trustProxy: deps.trustProxy }))
  app.route('/console', pages)
  return app
}
