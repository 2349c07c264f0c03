import { brokerScopeOf } from '../../../db/broker-scope.ts'
import type { AppRouteHandler } from '../../../http/router/app-env.ts'
import { operationStatus } from '../../../common/envelope.ts'
import type { CallbackService } from '../callbacks.service.ts'
import type * as routes from './sandbox-deliveries.routes.ts'

export const sandboxDeliveriesHandlers = (callbacks: Pick<CallbackService, 'deliveries' | 'redeliver'>) => ({
  list: ((c) => {
    const { totalRecords, hasMoreResults, entries } = callbacks.deliveries(brokerScopeOf(c.get('auth')), c.req.valid('query'))
    return c.json({ totalRecords, hasMoreResults, deliveryList: entries.map((entry) => ({ ...entry, notificationType: entry.notification.notificationType })) }, 200)
  }) satisfies AppRouteHandler<typeof routes.list>,

  retry: ((c) => {
    const { notificationId } = c.req.valid('param')
    callbacks.redeliver(brokerScopeOf(c.get('auth')), notificationId)
    return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { notificationId, status: 'pending' as const } }, 200)
  }) satisfies AppRouteHandler<typeof routes.retry>,
})
