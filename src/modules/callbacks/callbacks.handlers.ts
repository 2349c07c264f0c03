import type { AppRouteHandler } from '../../http/app-env.ts'
import { SUCCESS_CODE, SUCCESS_MESSAGE } from '../../http/error-catalogue.ts'
import type { Lang } from '../../http/language.ts'
import type * as routes from './callbacks.routes.ts'
import { deleteCallback, listCallbacks, updateCallback } from './callbacks.service.ts'
import { echo as sendEcho } from './echo.service.ts'

const operationStatus = (lang: Lang) => ({ operationStatusCode: SUCCESS_CODE, operationStatusMessage: SUCCESS_MESSAGE[lang] })

export const update: AppRouteHandler<typeof routes.update> = async (c) => {
  const { partnerUniqueID, notificationType } = c.req.valid('param')
  const { callbackUrl } = c.req.valid('json')
  const { created, result } = await updateCallback(c.get('deps'), c.get('auth'), partnerUniqueID, notificationType, callbackUrl)
  return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: result }, created ? 201 : 200)
}

export const list: AppRouteHandler<typeof routes.list> = (c) => {
  const { partnerUniqueID } = c.req.valid('param')
  return c.json({ callbackList: listCallbacks(c.get('deps'), c.get('auth'), partnerUniqueID, c.get('lang')) }, 200)
}

export const remove: AppRouteHandler<typeof routes.remove> = (c) => {
  const { partnerUniqueID, notificationType } = c.req.valid('param')
  deleteCallback(c.get('deps'), c.get('auth'), partnerUniqueID, notificationType)
  return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
}

export const echo: AppRouteHandler<typeof routes.echo> = (c) => {
  const { partnerUniqueID, notificationTypeID } = c.req.valid('param')
  const notificationId = sendEcho(c.get('deps'), c.get('auth'), partnerUniqueID, notificationTypeID, c.req.valid('json'), c.get('lang'))
  return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { notificationId } }, 200)
}
