import type { AppRouteHandler } from '../../http/router/app-env.ts'
import { operationStatus } from '../../common/envelope.ts'
import { held } from '../../http/fair-share/fair-share.ts'
import type * as routes from './callbacks.routes.ts'
import type { CallbackService } from './callbacks.service.ts'
import type { EchoService } from './echo.service.ts'

export const callbacksHandlers = (callbacks: CallbackService, echo: EchoService) => ({
  update: (async (c) => {
    const { partnerUniqueID, notificationType } = c.req.valid('param')
    const { created, result } = await held(c, callbacks.update(c.get('auth'), partnerUniqueID, notificationType, c.req.valid('json').callbackUrl))
    return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: result }, created ? 201 : 200)
  }) satisfies AppRouteHandler<typeof routes.update>,

  list: ((c) => c.json({ callbackList: callbacks.list(c.get('auth'), c.req.valid('param').partnerUniqueID, c.get('lang')) }, 200)) satisfies AppRouteHandler<typeof routes.list>,

  remove: ((c) => {
    const { partnerUniqueID, notificationType } = c.req.valid('param')
    callbacks.remove(c.get('auth'), partnerUniqueID, notificationType)
    return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
  }) satisfies AppRouteHandler<typeof routes.remove>,

  echo: ((c) => {
    const { partnerUniqueID, notificationTypeID } = c.req.valid('param')
    const notificationId = echo.echo(c.get('auth'), partnerUniqueID, notificationTypeID, c.req.valid('json'), c.get('lang'))
    return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { notificationId } }, 200)
  }) satisfies AppRouteHandler<typeof routes.echo>,
})
