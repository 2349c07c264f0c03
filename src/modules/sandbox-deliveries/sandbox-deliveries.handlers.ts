import type { AppRouteHandler } from '../../http/app-env.ts'
import { SUCCESS_CODE, SUCCESS_MESSAGE } from '../../http/error-catalogue.ts'
import type * as routes from './sandbox-deliveries.routes.ts'
import { listDeliveries, redeliver } from './sandbox-deliveries.service.ts'

export const list: AppRouteHandler<typeof routes.list> = (c) =>
  c.json(listDeliveries(c.get('deps'), c.get('auth'), c.req.valid('query')), 200)

export const retry: AppRouteHandler<typeof routes.retry> = (c) => {
  const { notificationId } = c.req.valid('param')
  redeliver(c.get('deps'), c.get('auth'), notificationId)
  return c.json(
    {
      operationStatus: { operationStatusCode: SUCCESS_CODE, operationStatusMessage: SUCCESS_MESSAGE[c.get('lang')] },
      additionalData: { notificationId, status: 'pending' as const },
    },
    200,
  )
}
