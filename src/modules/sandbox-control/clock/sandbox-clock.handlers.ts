import type { AppRouteHandler } from '../../../http/router/app-env.ts'
import type * as routes from './sandbox-clock.routes.ts'
import type { SandboxClockService } from './sandbox-clock.service.ts'

export const sandboxClockHandlers = (clocks: Pick<SandboxClockService, 'status' | 'advance' | 'returnToRealTime'>) => ({
  status: ((c) => c.json(clocks.status(c.get('auth').partnerUniqueID), 200)) satisfies AppRouteHandler<typeof routes.status>,
  advance: (async (c) => c.json(await clocks.advance(c.get('auth').partnerUniqueID, c.req.valid('json').seconds), 200)) satisfies AppRouteHandler<typeof routes.advance>,
  returnToRealTime: ((c) => c.json(clocks.returnToRealTime(c.get('auth').partnerUniqueID), 200)) satisfies AppRouteHandler<typeof routes.returnToRealTime>,
})
