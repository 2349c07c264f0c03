import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { TrustProxy } from '../../config.ts'
import type { AuthContext, AppEnv } from '../../http/app-env.ts'
import type { Lang } from '../../http/language.ts'
import { viaTrustedProxy } from '../../http/node-request.ts'
import { t } from './console-text.ts'

export const SESSION_COOKIE = 'sandbox_console'
const LANG_COOKIE = 'sandbox_console_lang'

/** What the console's pages carry: the partner's user, its session's access token, its CSRF token, the page language. */
export interface ConsoleEnv {
  Variables: AppEnv['Variables'] & { auth: AuthContext; accessToken: string; csrf: string; consoleLang: Lang }
}

/**
 * The console's session (docs/design.md "Console"): the access token of a login,
 * in an HttpOnly, SameSite=Lax cookie scoped to /console (Secure over HTTPS), checked on every page
 * like a bearer token (a revoked or suspended user is out at once). Every form carries a CSRF token,
 * an HMAC of the session's token under a key of the process: a page of another site can neither read
 * it nor forge it.
 */
export function createConsoleSession(deps: { authenticate: (authorization: string | undefined) => AuthContext; trustProxy: TrustProxy }) {
  // The CSRF key lives as long as the process: after a restart, a form loaded before asks for a reload.
  const key = randomBytes(32)
  const csrfOf = (token: string) => createHmac('sha256', key).update(`console-csrf:${token}`).digest('base64url')
  const secure = (c: Context) => new URL(c.req.url).protocol === 'https:' || (viaTrustedProxy(c, deps.trustProxy) && c.req.header('x-forwarded-proto') === 'https')
  const langOf = (c: Context): Lang => {
    const chosen = getCookie(c, LANG_COOKIE)
    return chosen === 'en' || chosen === 'pt-PT' ? chosen : ((c.get('lang') as Lang | undefined) ?? 'pt-PT')
  }
  const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

  return {
    /** Pages behind a login: a GET without a valid session goes to the login page; a form without its CSRF token is a 403. */
    required: (async (c, next) => {
      c.set('consoleLang', langOf(c))
      const token = getCookie(c, SESSION_COOKIE)
      let auth: AuthContext | undefined
      try {
        auth = token ? deps.authenticate(`Bearer ${token}`) : undefined
      } catch {
        auth = undefined
      }
      if (!auth || !token) {
        if (c.req.method === 'GET') return c.redirect('/console/login', 303)
        return c.text(t(c.get('consoleLang'), 'sessionExpired'), 401)
      }
      const csrf = csrfOf(token)
      if (c.req.method === 'POST') {
        const form = await c.req.parseBody()
        if (typeof form.csrf !== 'string' || !sameToken(form.csrf, csrf)) return c.text(t(c.get('consoleLang'), 'csrfInvalid'), 403)
      }
      c.set('auth', auth)
      c.set('accessToken', token)
      c.set('csrf', csrf)
      await next()
    }) satisfies MiddlewareHandler<ConsoleEnv>,
    language: (c: Context) => langOf(c),
    start(c: Context, accessToken: string, expiresIn: number): void {
      setCookie(c, SESSION_COOKIE, accessToken, { httpOnly: true, sameSite: 'Lax', secure: secure(c), path: '/console', maxAge: expiresIn })
    },
    end(c: Context): void {
      deleteCookie(c, SESSION_COOKIE, { path: '/console' })
    },
    chooseLanguage(c: Context, lang: Lang): void {
      setCookie(c, LANG_COOKIE, lang, { httpOnly: true, sameSite: 'Lax', secure: secure(c), path: '/console', maxAge: 365 * 86_400 })
    },
  }
}

export type ConsoleSession = ReturnType<typeof createConsoleSession>
