import type { MiddlewareHandler } from 'hono'
import type { ConsoleEnv } from './console-session-middleware.ts'
import { t } from './console-text.ts'

/**
 * The console's live parts (the request journal's new rows, a running certification's progress) are
 * htmx requests repeated every 2 s, each checked like any page: its session's token against the user
 * as it stands now. A refusal must stop them, not be swapped into the page while the polling goes on
 * (a browser follows the session's redirect itself, so htmx would show the login form inside the
 * table, every 2 s):
 * - the session is gone (tokens revoked, a new password, the user deactivated, its partner suspended
 *   or deleted, the token expired): the whole window goes to the login page (`HX-Redirect`);
 * - the user may no longer see the part (a demoted administrator's certification run): the page
 *   reloads (`HX-Refresh`) and says why, as a page.
 */
export const liveUpdatesStop: MiddlewareHandler<ConsoleEnv> = async function liveUpdatesStop(c, next) {
  await next()
  if (c.req.method !== 'GET' || c.req.header('hx-request') !== 'true') return
  const status = c.res.status
  if (status === 303 && c.res.headers.get('location') === '/console/login') {
    c.res = new Response(t(c.get('consoleLang') ?? 'pt-PT', 'sessionExpired'), {
      status: 401,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'HX-Redirect': '/console/login' },
    })
    // Hono carries the redirect's headers over to the new answer: its Location is not this answer's.
    c.res.headers.delete('location')
  } else if (status === 403) {
    c.res.headers.set('HX-Refresh', 'true')
  }
}
