import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, EnvelopeSchema, jsonContent, serviceValidatedJsonBody } from '../../../http/openapi/openapi-schemas.ts'
import { ProcessParamsSchema, PropertyParamsSchema } from '../process-params.schemas.ts'
import { PropertyListSchema } from './property.schemas.ts'

const tags = ['ProcessesProperty']
const NOT_FOUND = 'An unknown processUniqueId or propertyUniqueId, or a process of another broker, is a 404.'

export const list = createRoute({
  method: 'get',
  path: '/v1/processes/{processUniqueId}/property',
  tags,
  summary: 'Property List',
  operationId: 'propertyList',
  description: `The property of the process (one per process): copied from the simulation at Process Create, with its location in the reference hierarchy (district, county, parish), areas and values. ${NOT_FOUND}`,
  security: bearerSecurity,
  request: { params: ProcessParamsSchema },
  responses: { 200: jsonContent(PropertyListSchema, 'The property'), ...authedErrors(400, 404) },
})

export const update = createRoute({
  method: 'put',
  path: '/v1/processes/{processUniqueId}/property/{propertyUniqueId}',
  tags,
  summary: 'Property Update',
  operationId: 'propertyUpdate',
  description: `Changes the property of a Draft process (400, 010301, in another status) and evaluates the loan again. ${NOT_FOUND}`,
  security: bearerSecurity,
  request: {
    params: PropertyParamsSchema,
    // The service validates the body (every problem at once); the example is the schema's own.
    body: serviceValidatedJsonBody('PropertyUpdateRequest', undefined),
  },
  responses: { 200: jsonContent(EnvelopeSchema, 'Updated'), ...authedErrors(400, 404, 413, 415) },
})
