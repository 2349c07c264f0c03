import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../../http/openapi/openapi-schemas.ts'
import { SimulationParamsSchema } from '../../simulations/index.ts'
import { SimulationMessageCreatedSchema, SimulationMessageCreateRequestSchema, SimulationMessageListQuerySchema, SimulationMessageListSchema } from './messages.schemas.ts'

const tags = ['SimulationsMessages']
const PATH_ERRORS = 'An unknown simulationUniqueId, or one of another broker, is a 404.'

export const list = createRoute({
  method: 'get',
  path: '/v1/simulations/{simulationUniqueId}/message',
  tags,
  summary: 'Simulations Message List',
  operationId: 'simulationsMessageList',
  description: `The messages of the simulation, from the broker (origin BROKER) and from the bank (origin BANK), newest first, paged like Simulation List with messageUniqueID cursors. ${PATH_ERRORS}`,
  security: bearerSecurity,
  request: { params: SimulationParamsSchema, query: SimulationMessageListQuerySchema },
  responses: { 200: jsonContent(SimulationMessageListSchema, 'A page of messages'), ...authedErrors(400, 404) },
})

export const create = createRoute({
  method: 'post',
  path: '/v1/simulations/{simulationUniqueId}/message',
  tags,
  summary: 'Simulations Message Create',
  operationId: 'simulationsMessageCreate',
  description: `Sends a message from the token's user to the bank about the simulation. Refused (400, 010301) when the simulation is Completed, Cancelled or Expired, and (409, 010605, \`storageBytes\`) past the partner's storage quota. ${PATH_ERRORS}`,
  security: bearerSecurity,
  request: {
    params: SimulationParamsSchema,
    body: {
      required: true,
      content: {
        'application/json': { schema: SimulationMessageCreateRequestSchema, example: { messageText: 'Os proponentes pretendem avançar com o processo na próxima semana.' } },
      },
    },
  },
  responses: { 201: jsonContent(SimulationMessageCreatedSchema, 'Sent'), ...authedErrors(400, 404, 409, 413, 415) },
})
