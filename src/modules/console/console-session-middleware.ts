import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { TrustProxy } from '../../platform/config.ts'
import type { AppEnv } from '../../http/router/app-env.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import { viaTrustedProxy } from '../../http/node-adapter/index.ts'
import { t } from './console-text.ts'

export const SESSION_COOKIE = 'sandbox_console'
const LANG_COOKIE = 'sandbox_console_lang'
/** Sessions kept at most: past it the oldest goes (every session needs a login, itself throttled). */
const MAX_SESSIONS = 10_000

/** What the console's pages carry: the partner's user, its session's access token, its CSRF token, the page language. */
export interface ConsoleEnv {
  Variables: AppEnv['Variables'] & { auth: AuthContext; accessToken: string; csrf: string; consoleLang: Lang; consoleWho?: ConsoleWho }
}

/** Who is logged in, as the header shows it. */
export interface ConsoleWho {
  partnerName: string
  username: string
  admin: boolean
  mode: 'local' | 'hosted'
}

interface Session {
  /** The access token of the login, kept here only: never in a cookie, never on a page. */
  accessToken: string
  /** When the memory may let it go (the token's own expiry ends it for every request before). */
  expiresAt: number
}

/**
 * The console's session (docs/design.md "Console"): a random id in an HttpOnly, SameSite=Lax cookie
 * scoped to /console (Secure over HTTPS), naming a session held in memory with the login's access
 * token. Every page checks that token like a bearer token (a revoked or suspended user is out at
 * once, and the session ends with the token); logout forgets the session, so the cookie opens
 * nothing after it; a restart forgets them all (a new login, no data lost). The id is no token of
 * the API. Every form carries a CSRF token, an HMAC of the session id under a key of the process: a
 * page of another site can neither read it nor forge it.
 */
export function createConsoleSession(deps: { authenticate: (authorization: string | undefined) => AuthContext; trustProxy: TrustProxy }) {
  // The CSRF key lives as long as the process, like the sessions it guards.
  const key = randomBytes(32)
  const sessions = new Map<string, Session>()
  const csrfOf = (id: string) => createHmac('sha256', key).update(`console-csrf:${id}`).digest('base64url')
  const secure = (c: Context) => new URL(c.req.url).protocol === 'https:' || (viaTrustedProxy(c, deps.trustProxy) && c.req.header('x-forwarded-proto') === 'https')
  const langOf = (c: Context): Lang => {
    const chosen = getCookie(c, LANG_COOKIE)
    return chosen === 'en' || chosen === 'pt-PT' ? chosen : ((c.get('lang') as Lang | undefined) ?? 'pt-PT')
  }
  const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

  /** Forgets sessions past their time, oldest first (they were made in order), and the oldest past the bound. */
  function sweep(now: number): void {
    for (const [id, session] of sessions) {
      if (session.expiresAt > now && sessions.size < MAX_SESSIONS) break
      sessions.delete(id)
    }
  }

  return {
    /** Pages behind a login: a GET without a valid session goes to the login page; a form without its CSRF token is a 403. */
    required: (async (c, next) => {
      c.set('consoleLang', langOf(c))
      const id = getCookie(c, SESSION_COOKIE)
      const session = id === undefined ? undefined : sessions.get(id)
      let auth: AuthContext | undefined
      try {
        auth = session ? deps.authenticate(`Bearer ${session.accessToken}`) : undefined
      } catch {
        auth = undefined
      }
      if (!auth || !session || id === undefined) {
        if (id !== undefined) sessions.delete(id)
        if (c.req.method === 'GET') return c.redirect('/console/login', 303)
        return c.text(t(c.get('consoleLang'), 'sessionExpired'), 401)
      }
      const csrf = csrfOf(id)
      if (c.req.method === 'POST') {
        const form = await c.req.parseBody()
        if (typeof form.csrf !== 'string' || !sameToken(form.csrf, csrf)) return c.text(t(c.get('consoleLang'), 'csrfInvalid'), 403)
      }
      c.set('auth', auth)
      c.set('accessToken', session.accessToken)
      c.set('csrf', csrf)
      await next()
    }) satisfies MiddlewareHandler<ConsoleEnv>,
    language: (c: Context) => langOf(c),
    /** A new session for the access token of a login: its random id in the cookie. */
    start(c: Context, accessToken: string, expiresIn: number): void {
      const now = Date.now()
      sweep(now)
      const id = randomBytes(32).toString('base64url')
      sessions.set(id, { accessToken, expiresAt: now + expiresIn * 1000 })
      setCookie(c, SESSION_COOKIE, id, { httpOnly: true, sameSite: 'Lax', secure: secure(c), path: '/console', maxAge: expiresIn })
    },
    /** Logout: the session is forgotten here, so its cookie opens nothing any more, and the cookie goes. */
    end(c: Context): void {
      const id = getCookie(c, SESSION_COOKIE)
      if (id !== undefined) sessions.delete(id)
      deleteCookie(c, SESSION_COOKIE, { path: '/console' })
    },
    chooseLanguage(c: Context, lang: Lang): void {
      setCookie(c, LANG_COOKIE, lang, { httpOnly: true, sameSite: 'Lax', secure: secure(c), path: '/console', maxAge: 365 * 86_400 })
    },
  }
}

export type ConsoleSession = ReturnType<typeof createConsoleSession>
