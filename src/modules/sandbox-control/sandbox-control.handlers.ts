import type { AppRouteHandler } from '../../http/router/app-env.ts'
import { operationStatus } from '../../common/envelope.ts'
import type { MessageService, ProcessService } from '../processes/index.ts'
import type { SimulationService } from '../simulations/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import type * as routes from './sandbox-control.routes.ts'

export interface SandboxControlDeps {
  taxonomy: TaxonomyCatalog
  simulations: Pick<SimulationService, 'forceStatus' | 'describeStatus'>
  processes: Pick<ProcessService, 'forceStatus' | 'statuses'>
  messages: MessageService
}

/** The bank's side of simulations and processes, driven by hand: statuses through their workflows, bank messages. */
export const sandboxControlHandlers = ({ taxonomy, simulations, processes, messages }: SandboxControlDeps) => ({
  simulationStatus: ((c) => {
    const { simulationUniqueId } = c.req.valid('param')
    const moved = simulations.forceStatus(c.get('auth'), simulationUniqueId, c.req.valid('json').simulationStatusId)
    return c.json(
      {
        operationStatus: operationStatus(c.get('lang')),
        additionalData: {
          simulationUniqueID: simulationUniqueId,
          previousSimulationStatusId: moved.previousStatusId,
          simulationStatusId: moved.statusId,
          simulationStatusDescription: simulations.describeStatus(moved.statusId, c.get('lang')),
        },
      },
      200,
    )
  }) satisfies AppRouteHandler<typeof routes.simulationStatus>,

  processStatus: ((c) => {
    const { processUniqueId } = c.req.valid('param')
    const { processStatusId, rejectReasonId } = c.req.valid('json')
    const lang = c.get('lang')
    const moved = processes.forceStatus(c.get('auth'), processUniqueId, processStatusId, rejectReasonId)
    return c.json(
      {
        operationStatus: operationStatus(lang),
        additionalData: {
          processUniqueID: processUniqueId,
          previousProcessStatusId: moved.previousStatusId,
          processStatusId: moved.statusId,
          processStatusDescription: processes.statuses.describe(moved.statusId, lang),
          rejectReasonId: moved.rejectReasonId,
          rejectReasonDescription: taxonomy.describe('proposal-reject-reasons', moved.rejectReasonId, lang),
        },
      },
      200,
    )
  }) satisfies AppRouteHandler<typeof routes.processStatus>,

  simulationMessage: ((c) => {
    const messageUniqueID = messages.simulation.addBankMessage(c.get('auth'), c.req.valid('param').simulationUniqueId, c.req.valid('json').messageText)
    return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { messageUniqueID } }, 201)
  }) satisfies AppRouteHandler<typeof routes.simulationMessage>,

  processMessage: ((c) => {
    const messageUniqueID = messages.process.addBankMessage(c.get('auth'), c.req.valid('param').processUniqueId, c.req.valid('json').messageText)
    return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { messageUniqueID } }, 201)
  }) satisfies AppRouteHandler<typeof routes.processMessage>,
})
