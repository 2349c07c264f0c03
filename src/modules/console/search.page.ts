import { Hono } from 'hono'
import { html } from 'hono/html'
import { ApiError } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import { brokerScopeOf } from '../../db/broker-scope.ts'
import type { CallbackService } from '../callbacks/index.ts'
import type { ProcessService } from '../processes/index.ts'
import type { RequestJournalService } from '../journal/index.ts'
import type { SimulationService } from '../simulations/index.ts'
import { chrome, page } from './console-layout.ts'
import type { ConsoleEnv } from './console-session-middleware.ts'
import { t } from './console-text.ts'

export interface SearchDeps {
  simulations: Pick<SimulationService, 'find'>
  processes: Pick<ProcessService, 'find' | 'ownerOfPart'>
  journal: Pick<RequestJournalService, 'get'>
  callbacks: Pick<CallbackService, 'delivery'>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The page of the first lookup that finds the id; undefined when none does. Only a not-found is a miss: anything else is a fault. */
function locate(deps: SearchDeps, auth: AuthContext, q: string): string | undefined {
  const scope = brokerScopeOf(auth)
  const lookups: Array<() => string> = q.startsWith('msg_')
    ? [() => `/console/deliveries/${encodeURIComponent(deps.callbacks.delivery(scope, q).notificationId)}`]
    : UUID.test(q)
      ? [
          () => `/console/simulations/${deps.simulations.find(auth, q.toLowerCase()).simulationUniqueId}`,
          () => `/console/processes/${deps.processes.find(auth, q.toLowerCase()).processUniqueId}`,
          () => {
            const { process, kind } = deps.processes.ownerOfPart(auth, q.toLowerCase())
            return `/console/processes/${process.processUniqueId}#${kind}-${q.toLowerCase()}`
          },
        ]
      : []
  // Any string may be a request id (a client chooses its X-Request-Id).
  lookups.push(() => `/console/requests/${encodeURIComponent(deps.journal.get(scope, q).requestId)}`)
  for (const lookup of lookups) {
    try {
      return lookup()
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error
    }
  }
  return undefined
}

/**
 * GET /console/search?q=: the header's search box. Any id the caller's broker holds opens its page
 * (303); another partner's or broker's id is not found, like a miss, so the answer tells nothing of it.
 */
export function searchPages(deps: SearchDeps) {
  return new Hono<ConsoleEnv>().get('/search', (c) => {
    const lang = c.get('consoleLang')
    const q = (c.req.query('q') ?? '').trim().slice(0, 200)
    // Nothing asked: the page of the box itself, not a miss.
    if (q === '') return c.html(page({ lang, title: t(lang, 'search'), ...chrome(c) }, html`<p class="hint">${t(lang, 'searchPlaceholder')}</p>`))
    const found = locate(deps, c.get('auth'), q)
    if (found) return c.redirect(found, 303)
    return c.html(page({ lang, title: t(lang, 'notFound'), ...chrome(c) }, html`<p id="not-found">${t(lang, 'notFoundExplained', { q })}</p>`), 404)
  })
}
