import type { Context } from 'hono'
import type { AppEnv, AppRouteHandler } from '../../../http/app-env.ts'
import { jsonBody } from '../../../http/json-body.ts'
import { operationStatus } from '../../../http/envelope.ts'
import type * as routes from './properties.routes.ts'
import { listProperties, updateProperty } from './property.service.ts'
import { toProperty } from './property-view.ts'

export const list: AppRouteHandler<typeof routes.list> = (c) => {
  const properties = listProperties(c.get('deps'), c.get('auth'), c.req.valid('param').processUniqueId)
  return c.json({ propertyList: properties.map((p) => toProperty(p, c.get('deps').taxonomy, c.get('lang'))) }, 200)
}

/** Property Update validates the raw body itself, so type and rule problems come in one answer. */
export const respondUpdate = (c: Context<AppEnv>, raw: unknown) => {
  updateProperty(c.get('deps'), c.get('auth'), c.req.param('processUniqueId')!, c.req.param('propertyUniqueId')!, raw)
  return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
}

export const update: AppRouteHandler<typeof routes.update> = async (c) => respondUpdate(c, await jsonBody(c)) as never
