import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../http/openapi/openapi-schemas.ts'
import { ProcessParamsSchema } from '../processes/index.ts'
import { SimulationParamsSchema } from '../simulations/index.ts'
import {
  BANK_MESSAGE_EXAMPLE,
  BankMessageRequestSchema,
  BankMessageResultSchema,
  PROCESS_STATUS_EXAMPLE,
  ProcessStatusRequestSchema,
  ProcessStatusResultSchema,
  SIMULATION_STATUS_EXAMPLE,
  SimulationStatusRequestSchema,
  SimulationStatusResultSchema,
} from './sandbox-control.schemas.ts'

const tags = ['Sandbox']
const CONTROL = "Sandbox control API, not part of the bank's API: it plays the bank's side on the caller's own data."
const NOT_FOUND = 'An unknown id, or one of another broker or partner, is a 404.'
const body = <T>(schema: T, example: object) => ({ required: true, content: { 'application/json': { schema, example } } })

export const simulationStatus = createRoute({
  method: 'post',
  path: '/sandbox/simulations/{simulationUniqueId}/status',
  tags,
  summary: 'Force a simulation status',
  operationId: 'sandboxSimulationStatusSet',
  description: `${CONTROL} Moves the simulation through the simulation workflow: Simulated and Not eligible may swap (Not eligible gets the reason "bank credit policy"); either may become Cancelled or Expired; Simulated may become Completed; Completed, Cancelled and Expired are final. The same history (origin \`sandbox\`) and notifications as a real change: 6, and 8 for Expired. An impossible transition is a 400 (010301) naming the current status and the allowed ones; an id not in workflow-states-simulation is a 400 (010106). ${NOT_FOUND}`,
  security: bearerSecurity,
  request: { params: SimulationParamsSchema, body: body(SimulationStatusRequestSchema, SIMULATION_STATUS_EXAMPLE) },
  responses: { 200: jsonContent(SimulationStatusResultSchema, 'Moved'), ...authedErrors(400, 404, 413, 415) },
})

export const processStatus = createRoute({
  method: 'post',
  path: '/sandbox/processes/{processUniqueId}/status',
  tags,
  summary: 'Force a process status',
  operationId: 'sandboxProcessStatusSet',
  description: `${CONTROL} Moves the process through the process workflow: Draft → Submitted (no completeness check) → In analysis → Approved → Contracted; Submitted or In analysis → Rejected (with \`rejectReasonId\` from proposal-reject-reasons, 13 when left out); Draft, Submitted, In analysis and Approved → Cancelled; Rejected, Contracted and Cancelled are final. The same history (origin \`sandbox\`) and notifications as a real change: 5, and 9 for Approved and Rejected. An impossible transition is a 400 (010301) naming the current status and the allowed ones; an unknown status or reason id is a 400 (010106). ${NOT_FOUND}`,
  security: bearerSecurity,
  request: { params: ProcessParamsSchema, body: body(ProcessStatusRequestSchema, PROCESS_STATUS_EXAMPLE) },
  responses: { 200: jsonContent(ProcessStatusResultSchema, 'Moved'), ...authedErrors(400, 404, 413, 415) },
})

export const simulationMessage = createRoute({
  method: 'post',
  path: '/sandbox/simulations/{simulationUniqueId}/message',
  tags,
  summary: 'Write a bank message on a simulation',
  operationId: 'sandboxSimulationBankMessageCreate',
  description: `${CONTROL} The bank writes a message on the simulation (origin BANK in Simulations Message List), in any status, and notification 7 is raised; past the partner's storage quota, 409 (010605, \`storageBytes\`). ${NOT_FOUND}`,
  security: bearerSecurity,
  request: { params: SimulationParamsSchema, body: body(BankMessageRequestSchema, BANK_MESSAGE_EXAMPLE) },
  responses: { 201: jsonContent(BankMessageResultSchema, 'Written'), ...authedErrors(400, 404, 409, 413, 415) },
})

export const processMessage = createRoute({
  method: 'post',
  path: '/sandbox/processes/{processUniqueId}/message',
  tags,
  summary: 'Write a bank message on a process',
  operationId: 'sandboxProcessBankMessageCreate',
  description: `${CONTROL} The bank writes a message on the process (origin BANK in Processes Message List), in any status, and notification 7 is raised; past the partner's storage quota, 409 (010605, \`storageBytes\`). ${NOT_FOUND}`,
  security: bearerSecurity,
  request: { params: ProcessParamsSchema, body: body(BankMessageRequestSchema, BANK_MESSAGE_EXAMPLE) },
  responses: { 201: jsonContent(BankMessageResultSchema, 'Written'), ...authedErrors(400, 404, 409, 413, 415) },
})
