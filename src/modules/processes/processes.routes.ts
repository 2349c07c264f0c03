import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, EnvelopeSchema, jsonContent, serviceValidatedJsonBody } from '../../http/openapi/openapi-schemas.ts'
import {
  ProcessCancelRequestSchema,
  ProcessCreatedSchema,
  ProcessCreateRequestSchema,
  ProcessDetailSchema,
  ProcessListQuerySchema,
  ProcessListSchema,
  ProcessParamsSchema,
  ProcessStatusResultSchema,
} from './processes.schemas.ts'

const tags = ['Processes']
const NOT_FOUND = 'An unknown processUniqueId, or one of another broker, is a 404.'
const json = <T>(schema: T, example?: unknown) => ({
  required: true,
  content: { 'application/json': { schema, ...(example === undefined ? {} : { example }) } },
})

export const list = createRoute({
  method: 'get',
  path: '/v1/processes',
  tags,
  summary: 'Process List',
  operationId: 'processList',
  description: "The broker's processes matching the filters, newest first, paged like Simulation List with processUniqueID cursors.",
  security: bearerSecurity,
  request: { query: ProcessListQuerySchema },
  responses: { 200: jsonContent(ProcessListSchema, 'A page of processes'), ...authedErrors(400) },
})

export const create = createRoute({
  method: 'post',
  path: '/v1/processes',
  tags,
  summary: 'Process Create',
  operationId: 'processCreate',
  description:
    'Creates a Draft process from a Simulated (eligible) simulation of the broker: its loan, key borrower, second borrower and property are copied (of the property, its typology, district, built area and values: the county and parish are for the partner to set with Property Update, and Submit lists them while missing). The simulation becomes Completed and its detail names the process. Notifications 1 (process created), 5 (process status) and 6 (simulation status). A simulation of another broker is a 404; one that is not Simulated (Not eligible, Completed, Cancelled, Expired) is a 400 (010301).',
  security: bearerSecurity,
  request: { body: json(ProcessCreateRequestSchema, { simulationUniqueId: '3d5b7a9e-2c41-4f6a-8e0d-9b1c2a3f4e5d' }) },
  responses: { 201: jsonContent(ProcessCreatedSchema, 'Created'), ...authedErrors(400, 404, 409, 413, 415) },
})

export const detail = createRoute({
  method: 'get',
  path: '/v1/processes/{processUniqueId}',
  tags,
  summary: 'Process Detail',
  operationId: 'processDetail',
  description: `Every section of the process: process, loan (the engine's figures, as in the simulation detail), borrowers, property, documents and status history. ${NOT_FOUND}`,
  security: bearerSecurity,
  request: { params: ProcessParamsSchema },
  responses: { 200: jsonContent(ProcessDetailSchema, 'The process'), ...authedErrors(400, 404) },
})

export const update = createRoute({
  method: 'put',
  path: '/v1/processes/{processUniqueId}',
  tags,
  summary: 'Process Update',
  operationId: 'processUpdate',
  description: `Changes the loan of a Draft process and prices it again (400, 010301, in another status). ${NOT_FOUND}`,
  security: bearerSecurity,
  // The service validates the body (every problem at once); the example is the schema's own.
  request: { params: ProcessParamsSchema, body: serviceValidatedJsonBody('ProcessUpdateRequest', undefined) },
  responses: { 200: jsonContent(ProcessCreatedSchema, 'Updated'), ...authedErrors(400, 404, 413, 415) },
})

export const cancel = createRoute({
  method: 'delete',
  path: '/v1/processes/{processUniqueId}',
  tags,
  summary: 'Process Cancel',
  operationId: 'processCancel',
  description: `Cancels the process from a status the workflow marks cancelable (Draft, Submitted, In analysis, Approved; 400, 010301, otherwise), with a reason from proposal-cancel-reasons. Notification 5. ${NOT_FOUND}`,
  security: bearerSecurity,
  request: { params: ProcessParamsSchema, body: json(ProcessCancelRequestSchema, { proposalCancelReasonId: 1, cancelComments: 'Os clientes desistiram da compra.' }) },
  responses: { 200: jsonContent(EnvelopeSchema, 'Cancelled'), ...authedErrors(400, 404, 413, 415) },
})

export const submit = createRoute({
  method: 'post',
  path: '/v1/processes/{processUniqueId}/submit',
  tags,
  summary: 'Process Submit',
  operationId: 'processSubmit',
  description: `Submits a complete Draft process to the bank (Draft to Submitted, notification 5); no body. Complete means: every borrower's mandatory personal, financial and professional data (the "Required to submit" fields of the borrower request), no social security debt, one document of each mandatory type of document-types for its scope (each borrower, the process, the property), the property data, and a loan still eligible with today's data. Otherwise 400 with one item per missing thing, its errorField naming it: \`borrowers[1].personalData.socialSecurityNumber\`, \`borrowers[0].documents.documentTypeId=5\`, \`documents.documentTypeId=21\`, \`property.matrixArticle\`. The process's sandbox scenario (X-Sandbox-Scenario on this request, else the one of Process Create or of its simulation, e.g. the key borrower "Teste Aprovado") then drives the bank's side: status steps, bank messages, document requests (GET /sandbox/jobs). ${NOT_FOUND}`,
  security: bearerSecurity,
  request: { params: ProcessParamsSchema },
  responses: { 200: jsonContent(ProcessStatusResultSchema, 'Submitted'), ...authedErrors(400, 404) },
})
