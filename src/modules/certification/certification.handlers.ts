import type { AppRouteHandler } from '../../http/router/app-env.ts'
import type * as routes from './certification.routes.ts'
import { presentRun, type CertificationService } from './certification.service.ts'

export const certificationHandlers = (certification: Pick<CertificationService, 'start' | 'get' | 'list' | 'report' | 'signingKey' | 'openWindow'>) => ({
  start: ((c) => {
    // The body is optional (no body is validated as none): every check over the last day.
    const run = certification.start(c.get('auth'), c.req.valid('json') ?? {})
    return c.json(presentRun(run, c.get('lang')), 202)
  }) satisfies AppRouteHandler<typeof routes.start>,
  list: ((c) => c.json({ runList: certification.list(c.get('auth').partnerUniqueID).map((run) => presentRun(run, c.get('lang'))) }, 200)) satisfies AppRouteHandler<
    typeof routes.list
  >,
  get: ((c) => c.json(presentRun(certification.get(c.get('auth').partnerUniqueID, c.req.valid('param').runId), c.get('lang')), 200)) satisfies AppRouteHandler<typeof routes.get>,
  report: ((c) => c.json(certification.report(c.get('auth').partnerUniqueID, c.req.valid('param').runId), 200)) satisfies AppRouteHandler<typeof routes.report>,
  signingKey: ((c) => c.json(certification.signingKey(), 200)) satisfies AppRouteHandler<typeof routes.signingKey>,
  openWindow: ((c) => {
    const { windowId, openedAt, markerHeader } = certification.openWindow(c.get('auth'))
    return c.json({ windowId, openedAt, markerHeader }, 201)
  }) satisfies AppRouteHandler<typeof routes.openWindow>,
})
