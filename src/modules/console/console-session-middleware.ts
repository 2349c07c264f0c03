import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { TrustProxy } from '../../platform/config.ts'
import type { AppEnv } from '../../http/router/app-env.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import { ApiError } from '../../common/api-error.ts'
import { viaTrustedProxy } from '../../http/node-adapter/index.ts'
import { t } from './console-text.ts'

export const SESSION_COOKIE = 'sandbox_console'
const LANG_COOKIE = 'sandbox_console_lang'
/** How many sessions the console keeps: in all, and of one user (whose oldest goes for its next login). */
export interface SessionBounds {
  total: number
  perUser: number
}

/**
 * Every session needs a login, itself throttled; one user's logins take the place of its own oldest
 * sessions only, never another user's: a user logging in again and again logs nobody else out.
 */
export const SESSION_BOUNDS: SessionBounds = { total: 10_000, perUser: 5 }

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
  /** Whose it is: the bound of sessions a user counts them. */
  userId: number
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
export function createConsoleSession(deps: { authenticate: (authorization: string | undefined) => AuthContext; trustProxy: TrustProxy; bounds?: SessionBounds }) {
  const bounds = deps.bounds ?? SESSION_BOUNDS
  // The CSRF key lives as long as the process, like the sessions it guards.
  const key = randomBytes(32)
  const sessions = new Map<string, Session>()
  // Each user's session ids, oldest first.
  const ofUser = new Map<number, string[]>()
  const csrfOf = (id: string) => createHmac('sha256', key).update(`console-csrf:${id}`).digest('base64url')
  const secure = (c: Context) => new URL(c.req.url).protocol === 'https:' || (viaTrustedProxy(c, deps.trustProxy) && c.req.header('x-forwarded-proto') === 'https')
  const langOf = (c: Context): Lang => {
    const chosen = getCookie(c, LANG_COOKIE)
    return chosen === 'en' || chosen === 'pt-PT' ? chosen : ((c.get('lang') as Lang | undefined) ?? 'pt-PT')
  }
  const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

  function forget(id: string): void {
    const session = sessions.get(id)
    if (!session) return
    sessions.delete(id)
    const ids = ofUser.get(session.userId)!
    ids.splice(ids.indexOf(id), 1)
    if (ids.length === 0) ofUser.delete(session.userId)
  }

  /** Forgets sessions past their time, oldest first (they were made in order, each for a token of the same life). */
  function sweep(now: number): void {
    for (const [id, session] of sessions) {
      if (session.expiresAt > now) break
      forget(id)
    }
  }

  /**
   * Room for one more session of the user: its own oldest go past its share, or when every session
   * is taken; another user's never do.
   * @throws ApiError 503 when every session is another user's, still live (Retry-After: when the first ends).
   */
  function makeRoom(userId: number, now: number): void {
    sweep(now)
    const own = ofUser.get(userId)
    while (own !== undefined && own.length > 0 && (own.length >= bounds.perUser || sessions.size >= bounds.total)) forget(own[0]!)
    if (sessions.size < bounds.total) return
    const first = sessions.values().next().value!
    const seconds = String(Math.max(1, Math.ceil((first.expiresAt - now) / 1000)))
    throw new ApiError(
      'SERVICE_UNAVAILABLE',
      {
        field: '',
        params: { detail: '' },
        message: {
          'pt-PT': `A consola tem todas as ${bounds.total} sessões ocupadas por outros utilizadores: tente de novo dentro de ${seconds} s. A API não é afetada.`,
          en: `Every one of the console's ${bounds.total} sessions is another user's: log in again in ${seconds} s. The API is not affected.`,
        },
      },
      { 'Retry-After': seconds },
    )
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
        if (id !== undefined) forget(id)
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
    /**
     * A new session for the access token of a login: its random id in the cookie. The user's oldest
     * session goes past its share (SessionBounds).
     * @throws ApiError 503 (Retry-After) when every session is another user's, still live.
     */
    start(c: Context, login: { accessToken: string; expiresIn: number; userId: number }): void {
      const { accessToken, expiresIn, userId } = login
      const now = Date.now()
      makeRoom(userId, now)
      const id = randomBytes(32).toString('base64url')
      sessions.set(id, { accessToken, userId, expiresAt: now + expiresIn * 1000 })
      const own = ofUser.get(userId)
      if (own) own.push(id)
      else ofUser.set(userId, [id])
      setCookie(c, SESSION_COOKIE, id, { httpOnly: true, sameSite: 'Lax', secure: secure(c), path: '/console', maxAge: expiresIn })
    },
    /** Logout: the session is forgotten here, so its cookie opens nothing any more, and the cookie goes. */
    end(c: Context): void {
      const id = getCookie(c, SESSION_COOKIE)
      if (id !== undefined) forget(id)
      deleteCookie(c, SESSION_COOKIE, { path: '/console' })
    },
    chooseLanguage(c: Context, lang: Lang): void {
      setCookie(c, LANG_COOKIE, lang, { httpOnly: true, sameSite: 'Lax', secure: secure(c), path: '/console', maxAge: 365 * 86_400 })
    },
  }
}

export type ConsoleSession = ReturnType<typeof createConsoleSession>
