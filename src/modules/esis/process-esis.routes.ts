import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../http/openapi/openapi-schemas.ts'
import { ProcessParamsSchema } from '../processes/index.ts'
import { EsisEmailResultSchema, EsisPdfSchema, ProcessEsisEmailQuerySchema } from './esis.schemas.ts'
import { EMAIL_RULES } from './simulation-esis.routes.ts'

const tags = ['ProcessesESIS']

const ABOUT = `The ESIS (European Standardised Information Sheet, FINE in Portuguese) of the process: Directive 2014/17/EU Annex II, the 15 sections, built by the same code as the simulation ESIS from the figures Process Detail answers (the process's loan, every borrower as consumer, the broker as credit intermediary), in the language of Accept-Language. Not issued for a Rejected or Cancelled process (400, 010301). An unknown processUniqueId, or one of another broker, is a 404.`

export const esis = createRoute({
  method: 'get',
  path: '/v1/processes/{processUniqueId}/esis',
  tags,
  summary: 'Process ESIS Get',
  operationId: 'processEsisGet',
  description: ABOUT,
  security: bearerSecurity,
  request: { params: ProcessParamsSchema },
  responses: {
    200: { description: 'The ESIS as a PDF', content: { 'application/pdf': { schema: EsisPdfSchema } } },
    ...authedErrors(400, 404),
  },
})

export const email = createRoute({
  method: 'get',
  path: '/v1/processes/{processUniqueId}/esis/email',
  tags,
  summary: 'Process ESIS Email',
  operationId: 'processEsisEmail',
  description: `Sends the ESIS PDF to \`email\`, or else to the key borrower's e-mail. ${EMAIL_RULES} ${ABOUT}`,
  security: bearerSecurity,
  request: { params: ProcessParamsSchema, query: ProcessEsisEmailQuerySchema },
  responses: { 200: jsonContent(EsisEmailResultSchema, 'Sent'), ...authedErrors(400, 404, 409) },
})
