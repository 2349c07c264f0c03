import type { AppRouteHandler } from '../../../http/router/app-env.ts'
import { operationStatus } from '../../../common/envelope.ts'
import { jsonBody } from '../../../http/body/json-body.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import type { BorrowerService } from './borrowers.service.ts'
import { toBorrower, toBorrowerListItem } from './borrower-view.ts'
import type * as routes from './borrowers.routes.ts'

/** Borrower Get, Update, Delete, List and Create. */
export function borrowersHandlers(borrowers: BorrowerService, taxonomy: TaxonomyCatalog) {
  const get = ((c) => {
    const { processUniqueId, borrowerUniqueId } = c.req.valid('param')
    return c.json(toBorrower(borrowers.get(c.get('auth'), processUniqueId, borrowerUniqueId), taxonomy, c.get('lang')), 200)
  }) satisfies AppRouteHandler<typeof routes.get>

  const list = ((c) => {
    const all = borrowers.list(c.get('auth'), c.req.valid('param').processUniqueId)
    return c.json({ borrowerList: all.map((b) => toBorrowerListItem(b, taxonomy, c.get('lang'))) }, 200)
  }) satisfies AppRouteHandler<typeof routes.list>

  const remove = ((c) => {
    const { processUniqueId, borrowerUniqueId } = c.req.valid('param')
    borrowers.remove(c.get('auth'), processUniqueId, borrowerUniqueId)
    return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
  }) satisfies AppRouteHandler<typeof routes.remove>

  // Create and Update validate the raw body themselves: type and rule problems come in one answer.
  const create = (async (c) => {
    const id = borrowers.create(c.get('auth'), c.req.valid('param').processUniqueId, await jsonBody(c))
    return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { borrowerUniqueID: id } }, 201)
  }) satisfies AppRouteHandler<typeof routes.create>

  const update = (async (c) => {
    const { processUniqueId, borrowerUniqueId } = c.req.valid('param')
    borrowers.update(c.get('auth'), processUniqueId, borrowerUniqueId, await jsonBody(c))
    return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
  }) satisfies AppRouteHandler<typeof routes.update>

  return { list, create, get, update, remove }
}
