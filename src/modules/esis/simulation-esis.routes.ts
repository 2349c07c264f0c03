import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../http/openapi/openapi-schemas.ts'
import { SimulationParamsSchema } from '../simulations/index.ts'
import { EsisEmailQuerySchema, EsisEmailResultSchema, EsisPdfSchema } from './esis.schemas.ts'

const tags = ['SimulationsESIS']

/** What ESIS Email says of the relay and the day's allowance, for both ESIS Email operations. */
export const EMAIL_RULES =
  "Captured in the partner's sandbox mailbox; with SANDBOX_SMTP_URL also relayed over SMTP, but only to the addresses the partner verified, its contact address included (POST /sandbox/account/mail-recipients): to any other address it stays in the mailbox, and the answer says `relayStatus: withheld`. Each e-mail counts against the partner's e-mails a day (409, 010605, `mailsPerDay`, with Retry-After) and its storage quota (409, 010605, `storageBytes`)."

const ABOUT = `The ESIS (European Standardised Information Sheet, FINE in Portuguese) of the simulation: Directive 2014/17/EU Annex II, the 15 sections, filled with the same figures Simulation Detail answers and the engine's repayment table, in the language of Accept-Language (pt-PT by default, en), marked as a sandbox document. Issued for Simulated and Completed simulations (400, 010301, otherwise). An unknown simulationUniqueId, or one of another broker, is a 404.`

export const esis = createRoute({
  method: 'get',
  path: '/v1/simulations/{simulationUniqueId}/esis',
  tags,
  summary: 'Simulation ESIS Get',
  operationId: 'simulationEsisGet',
  description: ABOUT,
  security: bearerSecurity,
  request: { params: SimulationParamsSchema },
  responses: {
    200: { description: 'The ESIS as a PDF', content: { 'application/pdf': { schema: EsisPdfSchema } } },
    ...authedErrors(400, 404),
  },
})

export const email = createRoute({
  method: 'get',
  path: '/v1/simulations/{simulationUniqueId}/esis/email',
  tags,
  summary: 'Simulation ESIS Email',
  operationId: 'simulationEsisEmail',
  description: `Sends the ESIS PDF to the address of the query parameter \`email\` (required: 400 when missing or malformed). ${EMAIL_RULES} ${ABOUT}`,
  security: bearerSecurity,
  request: { params: SimulationParamsSchema, query: EsisEmailQuerySchema },
  responses: { 200: jsonContent(EsisEmailResultSchema, 'Sent'), ...authedErrors(400, 404, 409) },
})
