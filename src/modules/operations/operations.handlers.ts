import type { AppRouteHandler } from '../../http/router/app-env.ts'
import type * as routes from './operations.routes.ts'
import type { ReadinessService } from './readiness.service.ts'

export interface MetricsScrape {
  contentType: string
  scrape(): Promise<string>
}

export const operationsHandlers = (readiness: ReadinessService, scrape: MetricsScrape | undefined) => ({
  livez: ((c) => c.json({ status: 'alive' as const }, 200)) satisfies AppRouteHandler<typeof routes.livez>,

  readyz: ((c) => {
    const { ready, checks } = readiness.check()
    const notReady = (Object.keys(checks) as Array<keyof typeof checks>).filter((name) => checks[name] !== 'ok')
    const body = { status: ready ? ('ready' as const) : ('not ready' as const), checks, notReady }
    c.header('Cache-Control', 'no-store')
    if (ready) return c.json(body, 200)
    c.header('Retry-After', '5')
    return c.json(body, 503)
  }) satisfies AppRouteHandler<typeof routes.readyz>,

  metrics: (async (c) => {
    // metricsToken() answers 404 before this when metrics are off.
    const text = scrape ? await scrape.scrape() : ''
    // The exposition format's own media type (with its version) over c.text's plain one.
    return c.text(text, 200, { 'Content-Type': scrape?.contentType ?? 'text/plain; version=0.0.4; charset=utf-8', 'Cache-Control': 'no-store' })
  }) satisfies AppRouteHandler<typeof routes.metrics>,
})
