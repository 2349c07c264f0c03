import type { MiddlewareHandler } from 'hono'
import type { TrustProxy } from '../../platform/config.ts'
import type { AppEnv } from '../../http/router/app-env.ts'
import { negotiateLanguage } from '../../common/language.ts'
import { viaTrustedProxy } from '../../http/node-adapter/index.ts'
import { t } from './console-text.ts'

/** The host a browser's Origin header names, or undefined when it names none (`null`, garbage). */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host || undefined
  } catch {
    return undefined
  }
}

/**
 * Every POST of the console, the login's included, must come from the console's own pages
 * (docs/design.md "Console"): a browser says where a request comes from, in `Sec-Fetch-Site` or
 * else in `Origin`, and a page of any other site, a same-site one included, is refused with a 403
 * before anything is read or done (against login CSRF: a cross-site form logging a victim into the
 * attacker's account). A request naming neither is no browser's (or one too old to tell): the
 * forms' CSRF token still guards every form behind the login.
 */
export function sameOriginPosts(options: { trustProxy: TrustProxy }): MiddlewareHandler<AppEnv> {
  return async function sameOriginOnly(c, next) {
    if (c.req.method !== 'POST') return next()
    const site = c.req.header('sec-fetch-site')
    const origin = c.req.header('origin')
    let allowed: boolean
    if (site !== undefined) allowed = site === 'same-origin' || site === 'none'
    else if (origin !== undefined) {
      // Behind a trusted proxy the browser named the proxy's host, which the proxy may pass on.
      const forwarded = viaTrustedProxy(c, options.trustProxy) ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined
      allowed = hostOf(origin) === (forwarded || new URL(c.req.url).host)
    } else allowed = true
    if (allowed) return next()
    return c.text(t(c.get('lang') ?? negotiateLanguage(c.req.header('accept-language')), 'crossSite'), 403)
  }
}
