import type { RouteConfig } from '@hono/zod-openapi'
import type { AppRouteHandler } from '../../http/router/app-env.ts'
import { operationStatus } from '../../common/envelope.ts'
import { jsonBody } from '../../http/body/json-body.ts'
import type { ScenarioEnv } from '../sandbox-scenarios/index.ts'
import type * as routes from './processes.routes.ts'
import type { ProcessService } from './processes.service.ts'

type Handler<R extends RouteConfig> = AppRouteHandler<R, ScenarioEnv>

export function processesHandlers(processes: ProcessService) {
  return {
    list: ((c) => c.json(processes.list(c.get('auth'), c.req.valid('query'), c.get('lang')), 200)) satisfies Handler<typeof routes.list>,

    create: ((c) => {
      const created = processes.create(c.get('auth'), c.req.valid('json').simulationUniqueId, {}, { scenario: c.get('scenario') })
      return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { processUniqueID: created.processUniqueId, processNumber: created.processNumber } }, 201)
    }) satisfies Handler<typeof routes.create>,

    detail: ((c) => c.json(processes.detail(c.get('auth'), c.req.valid('param').processUniqueId, c.get('lang')), 200)) satisfies Handler<typeof routes.detail>,

    // Update validates the raw body itself, so type and rule problems come in one answer.
    update: (async (c) => {
      const row = processes.updateLoan(c.get('auth'), c.req.valid('param').processUniqueId, await jsonBody(c))
      return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { processUniqueID: row.processUniqueId, processNumber: row.processNumber } }, 200)
    }) satisfies Handler<typeof routes.update>,

    cancel: ((c) => {
      const { proposalCancelReasonId, cancelComments } = c.req.valid('json')
      processes.cancel(c.get('auth'), c.req.valid('param').processUniqueId, proposalCancelReasonId, cancelComments)
      return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
    }) satisfies Handler<typeof routes.cancel>,

    submit: ((c) => {
      const id = c.req.valid('param').processUniqueId
      const lang = c.get('lang')
      const statusId = processes.submit(c.get('auth'), id, { scenario: c.get('scenario'), lang })
      return c.json(
        {
          operationStatus: operationStatus(lang),
          additionalData: { processUniqueID: id, processStatusId: statusId, processStatusDescription: processes.statuses.describe(statusId, lang) },
        },
        200,
      )
    }) satisfies Handler<typeof routes.submit>,
  }
}
