import type { Context } from 'hono'
import type { AppEnv, AppRouteHandler } from '../../http/app-env.ts'
import { jsonBody } from '../../http/json-body.ts'
import { operationStatus } from '../../http/envelope.ts'
import { cancelProcess } from './process-cancel.ts'
import { createProcess } from './process-creation.ts'
import { listProcesses } from './process-list.ts'
import { updateProcessLoan } from './process-loan-update.ts'
import { processStatuses } from './process-status.ts'
import { submitProcess } from './process-submission.ts'
import { ownedProcess } from './process-access.ts'
import { toProcessDetail } from './process-view.ts'
import type * as routes from './processes.routes.ts'

export const list: AppRouteHandler<typeof routes.list> = (c) => c.json(listProcesses(c.get('deps'), c.get('auth'), c.req.valid('query'), c.get('lang')), 200)

export const create: AppRouteHandler<typeof routes.create> = (c) => {
  const created = createProcess(c.get('deps'), c.get('auth'), c.req.valid('json').simulationUniqueId, {}, { scenario: c.get('scenario') })
  return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { processUniqueID: created.processUniqueId, processNumber: created.processNumber } }, 201)
}

export const detail: AppRouteHandler<typeof routes.detail> = (c) => {
  const row = ownedProcess(c.get('deps'), c.get('auth'), c.req.valid('param').processUniqueId)
  return c.json(toProcessDetail(c.get('deps'), row, c.get('lang')), 200)
}

/** Process Update validates the raw body itself, so type and rule problems come in one answer. */
export const respondUpdate = (c: Context<AppEnv>, raw: unknown) => {
  const row = updateProcessLoan(c.get('deps'), c.get('auth'), c.req.param('processUniqueId')!, raw)
  return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { processUniqueID: row.processUniqueId, processNumber: row.processNumber } }, 200)
}

export const update: AppRouteHandler<typeof routes.update> = async (c) => respondUpdate(c, await jsonBody(c)) as never

export const cancel: AppRouteHandler<typeof routes.cancel> = (c) => {
  const { proposalCancelReasonId, cancelComments } = c.req.valid('json')
  cancelProcess(c.get('deps'), c.get('auth'), c.req.valid('param').processUniqueId, proposalCancelReasonId, cancelComments)
  return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
}

export const submit: AppRouteHandler<typeof routes.submit> = (c) => {
  const id = c.req.valid('param').processUniqueId
  const statusId = submitProcess(c.get('deps'), c.get('auth'), id, { scenario: c.get('scenario'), lang: c.get('lang') })
  return c.json(
    {
      operationStatus: operationStatus(c.get('lang')),
      additionalData: { processUniqueID: id, processStatusId: statusId, processStatusDescription: processStatuses(c.get('deps').taxonomy).describe(statusId, c.get('lang')) },
    },
    200,
  )
}
