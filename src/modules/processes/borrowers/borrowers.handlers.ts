import type { Context } from 'hono'
import type { AppEnv, AppRouteHandler } from '../../../http/app-env.ts'
import { jsonBody } from '../../../http/json-body.ts'
import { operationStatus } from '../../../http/envelope.ts'
import type * as routes from './borrowers.routes.ts'
import { createBorrower, deleteBorrower, getBorrower, listBorrowers, updateBorrower } from './borrower.service.ts'
import { toBorrower, toBorrowerListItem } from './borrower-view.ts'

export const get: AppRouteHandler<typeof routes.get> = (c) => {
  const { processUniqueId, borrowerUniqueId } = c.req.valid('param')
  return c.json(toBorrower(getBorrower(c.get('deps'), c.get('auth'), processUniqueId, borrowerUniqueId), c.get('deps').taxonomy, c.get('lang')), 200)
}

export const list: AppRouteHandler<typeof routes.list> = (c) => {
  const borrowers = listBorrowers(c.get('deps'), c.get('auth'), c.req.valid('param').processUniqueId)
  return c.json({ borrowerList: borrowers.map((b) => toBorrowerListItem(b, c.get('deps').taxonomy, c.get('lang'))) }, 200)
}

export const remove: AppRouteHandler<typeof routes.remove> = (c) => {
  const { processUniqueId, borrowerUniqueId } = c.req.valid('param')
  deleteBorrower(c.get('deps'), c.get('auth'), processUniqueId, borrowerUniqueId)
  return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
}

/** Create and Update validate the raw body themselves: type and rule problems come in one answer. */
export const respondCreate = (c: Context<AppEnv>, raw: unknown) => {
  const id = createBorrower(c.get('deps'), c.get('auth'), c.req.param('processUniqueId')!, raw)
  return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { borrowerUniqueID: id } }, 201)
}

export const respondUpdate = (c: Context<AppEnv>, raw: unknown) => {
  updateBorrower(c.get('deps'), c.get('auth'), c.req.param('processUniqueId')!, c.req.param('borrowerUniqueId')!, raw)
  return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
}

export const create: AppRouteHandler<typeof routes.create> = async (c) => respondCreate(c, await jsonBody(c)) as never

export const update: AppRouteHandler<typeof routes.update> = async (c) => respondUpdate(c, await jsonBody(c)) as never
