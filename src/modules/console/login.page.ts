import { Hono } from 'hono'
import { html } from 'hono/html'
import type { TrustProxy } from '../../platform/config.ts'
import { ApiError, renderError } from '../../common/api-error.ts'
import type { AppEnv } from '../../http/router/app-env.ts'
import { clientAddress } from '../../http/node-adapter/index.ts'
import type { AuthService } from '../partners/index.ts'
import { page } from './console-layout.ts'
import type { ConsoleSession } from './console-session-middleware.ts'
import { t } from './console-text.ts'

const loginPage = (lang: 'pt-PT' | 'en', failed?: string) =>
  page(
    { lang, title: t(lang, 'login'), flash: failed },
    html`<form method="post" action="/console/login" class="login">
        <label>${t(lang, 'username')} <input name="username" autocomplete="username" required autofocus /></label>
        <label>${t(lang, 'password')} <input name="password" type="password" autocomplete="current-password" required /></label>
        <button>${t(lang, 'login')}</button>
      </form>`,
  )

/** The way in, before a session: /console, the login page and its form, the language choice. */
export function loginPages(deps: { auth: Pick<AuthService, 'login'>; session: ConsoleSession; trustProxy: TrustProxy }) {
  const { session } = deps
  return new Hono<AppEnv>()
    .get('/console', (c) => c.redirect('/console/requests', 303))
    .get('/console/login', (c) => c.html(loginPage(session.language(c))))
    .post('/console/login', async (c) => {
      const lang = session.language(c)
      const form = await c.req.parseBody()
      const username = typeof form.username === 'string' ? form.username : ''
      const password = typeof form.password === 'string' ? form.password : ''
      try {
        const login = await deps.auth.login(username, password, clientAddress(c, deps.trustProxy))
        session.start(c, login)
        return c.redirect('/console/requests', 303)
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        // A 429 or 503 says when to come back.
        for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
        return c.html(loginPage(lang, renderError(error, lang).operationStatus.operationStatusMessage), error.status as 401)
      }
    })
    .get('/console/lang/:lang', (c) => {
      const lang = c.req.param('lang') === 'en' ? 'en' : 'pt-PT'
      session.chooseLanguage(c, lang)
      const referer = c.req.header('referer')
      const back = referer && new URL(referer, c.req.url).pathname.startsWith('/console/') ? new URL(referer, c.req.url).pathname : '/console/requests'
      return c.redirect(back, 303)
    })
}

/** Logout, behind the session: it is forgotten, and the browser goes back to the login page. */
export function logoutPage(session: ConsoleSession) {
  return new Hono().post('/logout', (c) => {
    session.end(c)
    return c.redirect('/console/login', 303)
  })
}
