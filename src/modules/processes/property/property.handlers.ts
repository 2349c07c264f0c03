import type { AppRouteHandler } from '../../../http/router/app-env.ts'
import { operationStatus } from '../../../common/envelope.ts'
import { jsonBody } from '../../../http/body/json-body.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import type * as routes from './property.routes.ts'
import type { PropertyService } from './property.service.ts'
import { toProperty } from './property-view.ts'

/** Property List and Update. */
export function propertyHandlers(property: PropertyService, taxonomy: TaxonomyCatalog) {
  const list = ((c) => {
    const properties = property.list(c.get('auth'), c.req.valid('param').processUniqueId)
    return c.json({ propertyList: properties.map((p) => toProperty(p, taxonomy, c.get('lang'))) }, 200)
  }) satisfies AppRouteHandler<typeof routes.list>

  // Update validates the raw body itself, so type and rule problems come in one answer.
  const update = (async (c) => {
    const { processUniqueId, propertyUniqueId } = c.req.valid('param')
    property.update(c.get('auth'), processUniqueId, propertyUniqueId, await jsonBody(c))
    return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
  }) satisfies AppRouteHandler<typeof routes.update>

  return { list, update }
}
