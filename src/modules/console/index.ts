import { Hono, type MiddlewareHandler } from 'hono'
import { html } from 'hono/html'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { TrustProxy } from '../../config.ts'
import { ApiError, renderError } from '../../common/api-error.ts'
import { adminRoutes } from '../../http/access-rules.ts'
import type { AppEnv } from '../../http/app-env.ts'
import { requireAdmin } from '../../http/require-admin.ts'
import { clientAddress } from '../../http/node-adapter/index.ts'
import { fromRoot } from '../../package-root.ts'
import type { AuthService } from '../auth/index.ts'
import type { RequestJournalService } from '../request-journal/index.ts'
import { page } from './console-layout.ts'
import { journeyPages, type JourneyDeps } from './console-journeys.ts'
import { operationPages, type OperationDeps } from './console-operations.ts'
import { certificationPages, type CertificationPageDeps } from './console-certification.ts'
import { requestPages } from './console-requests.ts'
import { scenarioPages, type ScenarioPageDeps } from './console-scenarios.ts'
import { sameOriginPosts } from './console-origin.ts'
import { createConsoleSession, type ConsoleEnv } from './console-session.ts'
import { t } from './console-text.ts'

export interface ConsoleDeps extends JourneyDeps, OperationDeps, ScenarioPageDeps, CertificationPageDeps {
  auth: Pick<AuthService, 'login' | 'authenticate'>
  journal: Pick<RequestJournalService, 'recent' | 'get'>
  trustProxy: TrustProxy
  /** The partner's fair share (rate limit and concurrency bound), taken by every page behind the login; none without a rate limit. */
  partnerShare?: MiddlewareHandler<AppEnv> | undefined
}

/** The console's static files: its stylesheet and script from the repository, htmx from node_modules. Read once. */
function assets() {
  const require = createRequire(fromRoot('package.json'))
  const files: Record<string, { type: string; body: string }> = {
    'console.css': { type: 'text/css; charset=utf-8', body: readFileSync(fromRoot('src/modules/console/assets/console.css'), 'utf8') },
    'console.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(fromRoot('src/modules/console/assets/console.js'), 'utf8') },
    'htmx.min.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(require.resolve('htmx.org/dist/htmx.min.js'), 'utf8') },
  }
  return files
}

/**
 * The partner console at /console (docs/design.md "Console"): server-rendered
 * pages in pt-PT and en on the same services as the API, behind a login of the partner's user.
 */
export function consoleRouter(deps: ConsoleDeps) {
  const session = createConsoleSession({ authenticate: deps.auth.authenticate, trustProxy: deps.trustProxy })
  const files = assets()
  const loginPage = (lang: 'pt-PT' | 'en', failed?: string) =>
    page(
      { lang, title: t(lang, 'login'), flash: failed },
      html`<form method="post" action="/console/login" class="login">
        <label>${t(lang, 'username')} <input name="username" autocomplete="username" required autofocus /></label>
        <label>${t(lang, 'password')} <input name="password" type="password" autocomplete="current-password" required /></label>
        <button>${t(lang, 'login')}</button>
      </form>`,
    )

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
  // A refusal of a service (an unknown id, a final status) is a page in the console's language, not a JSON body.
  pages.onError((error, c) => {
    if (!(error instanceof ApiError)) throw error
    // With the error's own headers: a 429's Retry-After tells the browser, as the API's tells a client.
    return c.html(consoleErrorPage(error, c.get('consoleLang') ?? 'pt-PT'), error.status as 404, error.headers)
  })
  pages.post('/logout', (c) => {
    session.end(c)
    return c.redirect('/console/login', 303)
  })

  const app = new Hono<AppEnv>()
  app.use('/console/*', sameOriginPosts({ trustProxy: deps.trustProxy }))
  app.get('/console/assets/:file', (c) => {
    const file = files[c.req.param('file')]
    if (!file) return c.notFound()
    return c.body(file.body, 200, { 'Content-Type': file.type, 'Cache-Control': 'public, max-age=3600' })
  })
  app.get('/console', (c) => c.redirect('/console/requests', 303))
  app.get('/console/login', (c) => c.html(loginPage(session.language(c))))
  app.post('/console/login', async (c) => {
    const lang = session.language(c)
    const form = await c.req.parseBody()
    const username = typeof form.username === 'string' ? form.username : ''
    const password = typeof form.password === 'string' ? form.password : ''
    try {
      const login = await deps.auth.login(username, password, clientAddress(c, deps.trustProxy))
      session.start(c, login.accessToken, login.expiresIn)
      return c.redirect('/console/requests', 303)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      return c.html(loginPage(lang, renderError(error, lang).operationStatus.operationStatusMessage), error.status as 401)
    }
  })
  app.get('/console/lang/:lang', (c) => {
    const lang = c.req.param('lang') === 'en' ? 'en' : 'pt-PT'
    session.chooseLanguage(c, lang)
    const referer = c.req.header('referer')
    const back = referer && new URL(referer, c.req.url).pathname.startsWith('/console/') ? new URL(referer, c.req.url).pathname : '/console/requests'
    return c.redirect(back, 303)
  })
  app.route('/console', pages)
  return app
}

/** An error of a console page, as a page: the API's message in the console's language. */
export function consoleErrorPage(error: ApiError, lang: 'pt-PT' | 'en') {
  const body = renderError(error, lang)
  return page(
    { lang, title: `${error.status}`, flash: body.operationStatus.operationStatusMessage },
    html`<ul class="errors">${body.errors.map((e) => html`<li><code>${e.errorField}</code> <span class="error">${e.errorCode} ${e.errorMessage}</span></li>`)}</ul>
      <p><a href="/console/requests">${t(lang, 'back')}</a></p>`,
  )
}
