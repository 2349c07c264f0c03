import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../../http/openapi/openapi-schemas.ts'
import { SimulationMessageCreatedSchema, SimulationMessageCreateRequestSchema, SimulationMessageListQuerySchema, SimulationMessageListSchema } from './messages.schemas.ts'
import { ProcessParamsSchema } from '../process-params.schemas.ts'

const tags = ['ProcessesMessage']
const NOT_FOUND = 'An unknown processUniqueId, or one of another broker, is a 404.'

// The same message records and requests as the simulation messages (SimulationMessage* components).
export const list = createRoute({
  method: 'get',
  path: '/v1/processes/{processUniqueId}/message',
  tags,
  summary: 'Processes Message List',
  operationId: 'processesMessageList',
  description: `The messages of the process, from the broker (origin BROKER) and from the bank (origin BANK), newest first, paged with messageUniqueID cursors; the same records as Simulations Message List. ${NOT_FOUND}`,
  security: bearerSecurity,
  request: { params: ProcessParamsSchema, query: SimulationMessageListQuerySchema },
  responses: { 200: jsonContent(SimulationMessageListSchema, 'A page of messages'), ...authedErrors(400, 404) },
})

export const create = createRoute({
  method: 'post',
  path: '/v1/processes/{processUniqueId}/message',
  tags,
  summary: 'Processes Message Create',
  operationId: 'processesMessageCreate',
  description: `Sends a message from the token's user to the bank about the process. Refused (400, 010301) once the process is Rejected, Contracted or Cancelled, and (409, 010605, \`storageBytes\`) past the partner's storage quota. ${NOT_FOUND}`,
  security: bearerSecurity,
  request: {
    params: ProcessParamsSchema,
    body: {
      required: true,
      content: { 'application/json': { schema: SimulationMessageCreateRequestSchema, example: { messageText: 'Enviámos a certidão predial atualizada.' } } },
    },
  },
  responses: { 201: jsonContent(SimulationMessageCreatedSchema, 'Sent'), ...authedErrors(400, 404, 409, 413, 415) },
})
