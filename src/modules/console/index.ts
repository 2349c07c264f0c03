import { Hono, type MiddlewareHandler } from 'hono'
import type { Config, TrustProxy } from '../../platform/config.ts'
import { adminRoutes } from '../../http/access/access-rules.ts'
import type { AppEnv } from '../../http/router/app-env.ts'
import { requireAdmin } from '../../http/access/require-admin.ts'
import type { CallbackService } from '../callbacks/index.ts'
import type { AuthService, PartnerService } from '../partners/index.ts'
import type { ProcessService } from '../processes/index.ts'
import type { RequestJournalService } from '../journal/index.ts'
import { assetPages } from './assets.page.ts'
import { consoleErrorHandler } from './error.page.ts'
import { loginPages, logoutPage } from './login.page.ts'
import { journeyPages, type JourneyDeps } from './journeys.page.ts'
import { operationPages, type OperationDeps } from './operations.page.ts'
import { certificationPages, type CertificationPageDeps } from './certification.page.ts'
import { requestPages } from './requests.page.ts'
import { scenarioPages, type ScenarioPageDeps } from './scenarios.page.ts'
import { searchPages, type SearchDeps } from './search.page.ts'
import { deliveryPages, type DeliveryPageDeps } from './deliveries.page.ts'
import { accountPages, type AccountPageDeps } from './account.page.ts'
import { recordPages } from './record.page.ts'
import { sameOriginPosts } from './console-origin-middleware.ts'
import { createConsoleSession, type ConsoleEnv } from './console-session-middleware.ts'
import { liveUpdatesStop } from './console-live-middleware.ts'

export interface ConsoleDeps extends JourneyDeps, OperationDeps, ScenarioPageDeps, CertificationPageDeps, AccountPageDeps, DeliveryPageDeps {
  auth: Pick<AuthService, 'login' | 'authenticate'>
  journal: Pick<RequestJournalService, 'recent' | 'get' | 'list'>
  callbacks: OperationDeps['callbacks'] & SearchDeps['callbacks'] & Pick<CallbackService, 'deliveriesOf'>
  processes: JourneyDeps['processes'] & SearchDeps['processes'] & Pick<ProcessService, 'borrowersOf' | 'documents'>
  partners: AccountPageDeps['partners'] & Pick<PartnerService, 'liveUser'>
  config: Pick<Config, 'mode'>
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
  // Outside the session's check, which it turns into the end of a live part's polling.
  pages.use('*', liveUpdatesStop)
  pages.use('*', session.required)
  // Behind the session, which names the partner: its pages count against the share its API calls take.
  if (deps.partnerShare) pages.use('*', deps.partnerShare)
  pages.use('*', async function consoleWho(c, next) {
    const auth = c.get('auth')
    const user = deps.partners.liveUser(auth.userId)
    if (user) c.set('consoleWho', { partnerName: user.partnerName, username: user.username, admin: auth.admin, mode: deps.config.mode })
    await next()
  })
  // The partner-wide pages and forms are an administrator's (http/access/access-rules.ts), as in the API.
  for (const { method, path } of adminRoutes('/console')) pages.on(method, path, requireAdmin)
  pages.route('/', requestPages(deps.journal, deps.testClock))
  pages.route('/', recordPages(deps))
  pages.route('/', journeyPages(deps))
  pages.route('/', operationPages(deps))
  pages.route('/', scenarioPages(deps))
  pages.route('/', certificationPages(deps))
  pages.route('/', searchPages(deps))
  pages.route('/', deliveryPages(deps))
  pages.route('/', accountPages(deps))
  pages.onError(consoleErrorHandler)
  pages.route('/', logoutPage(session))

  const app = new Hono<AppEnv>()
  app.use('/console/*', sameOriginPosts({ trustProxy: deps.trustProxy }))
  app.route('/', assetPages())
  app.route('/', loginPages({ auth: deps.auth, session, trustProxy: deps.trustProxy }))
  app.route('/console', pages)
  return app
}
