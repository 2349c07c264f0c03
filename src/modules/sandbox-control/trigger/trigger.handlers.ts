import { operationStatus } from '../../../common/envelope.ts'
import type { AppRouteHandler } from '../../../http/router/app-env.ts'
import type * as routes from './trigger.routes.ts'
import type { TriggerService } from './trigger.service.ts'

export const triggerHandlers = (trigger: Pick<TriggerService, 'trigger'>) => ({
  trigger: (async (c) => {
    const result = await trigger.trigger(c.get('auth'), c.req.valid('json'))
    return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: result }, 201)
  }) satisfies AppRouteHandler<typeof routes.trigger>,
})
