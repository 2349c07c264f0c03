import type { AppRouteHandler } from '../../http/app-env.ts'
import { processStatuses } from '../processes/process-status.ts'
import { operationStatus } from '../../http/envelope.ts'
import type * as routes from './sandbox-control.routes.ts'
import { bankProcessMessage, bankSimulationMessage, forceProcessStatus, forceSimulationStatus } from './sandbox-control.service.ts'

export const simulationStatus: AppRouteHandler<typeof routes.simulationStatus> = (c) => {
  const { simulationUniqueId } = c.req.valid('param')
  const moved = forceSimulationStatus(c.get('deps'), c.get('auth'), simulationUniqueId, c.req.valid('json').simulationStatusId)
  return c.json(
    {
      operationStatus: operationStatus(c.get('lang')),
      additionalData: {
        simulationUniqueID: simulationUniqueId,
        previousSimulationStatusId: moved.previousStatusId,
        simulationStatusId: moved.statusId,
        simulationStatusDescription: c.get('deps').taxonomy.describe('workflow-states-simulation', moved.statusId, c.get('lang')) ?? '',
      },
    },
    200,
  )
}

export const processStatus: AppRouteHandler<typeof routes.processStatus> = (c) => {
  const { processUniqueId } = c.req.valid('param')
  const { processStatusId, rejectReasonId } = c.req.valid('json')
  const deps = c.get('deps')
  const lang = c.get('lang')
  const moved = forceProcessStatus(deps, c.get('auth'), processUniqueId, processStatusId, rejectReasonId)
  return c.json(
    {
      operationStatus: operationStatus(lang),
      additionalData: {
        processUniqueID: processUniqueId,
        previousProcessStatusId: moved.previousStatusId,
        processStatusId: moved.statusId,
        processStatusDescription: processStatuses(deps.taxonomy).describe(moved.statusId, lang),
        rejectReasonId: moved.rejectReasonId,
        rejectReasonDescription: deps.taxonomy.describe('proposal-reject-reasons', moved.rejectReasonId, lang),
      },
    },
    200,
  )
}

export const simulationMessage: AppRouteHandler<typeof routes.simulationMessage> = (c) => {
  const messageUniqueID = bankSimulationMessage(c.get('deps'), c.get('auth'), c.req.valid('param').simulationUniqueId, c.req.valid('json').messageText)
  return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { messageUniqueID } }, 201)
}

export const processMessage: AppRouteHandler<typeof routes.processMessage> = (c) => {
  const messageUniqueID = bankProcessMessage(c.get('deps'), c.get('auth'), c.req.valid('param').processUniqueId, c.req.valid('json').messageText)
  return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { messageUniqueID } }, 201)
}
