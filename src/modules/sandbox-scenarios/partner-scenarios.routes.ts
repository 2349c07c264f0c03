import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, EnvelopeSchema, jsonContent, serviceValidatedJsonBody } from '../../http/openapi/openapi-schemas.ts'
import { ScenarioDocumentSchema, ScenarioNameParamsSchema } from './partner-scenarios.schemas.ts'

const tags = ['Sandbox']
const SANDBOX = "Sandbox control API, not part of the bank's API."
const ADMIN = "For an administrator of the caller's partner (403 otherwise): the partner's scenarios are shared by all its users."
const DOCUMENT =
  'The body is a scenario document, the same as a scenario file (GET /sandbox/scenarios lists the effects; the JSON Schema is scenarios/scenario.schema.json): validated against the schema, the reference lists (reason codes, document types) and the workflow (a lifecycle step the workflow refuses), each problem naming its field (400). Stored for the partner only: its users see and trigger it, by `X-Sandbox-Scenario: <name>` or its magic values, and no other partner does. Counted in the `scenarios` quota and its bytes in `storageBytes` (409, 010605).'
const EXAMPLE = {
  name: 'submit-refused',
  description: { 'pt-PT': 'Process Submit recusado pelo banco.', en: 'Process Submit refused by the bank.' },
  triggers: { header: true, magicValues: [] },
  effects: [
    {
      type: 'errorAnswer',
      status: 422,
      errors: [{ errorCode: '030201', errorMessage: { 'pt-PT': 'Documentação incompleta.', en: 'Documentation incomplete.' }, errorField: 'documents' }],
    },
  ],
}

export const createScenario = createRoute({
  method: 'post',
  path: '/sandbox/scenarios',
  tags,
  summary: 'Create a scenario',
  operationId: 'sandboxScenarioCreate',
  description: `${SANDBOX} ${ADMIN} ${DOCUMENT} A name the sandbox's scenarios or the partner's own already take is a 409 (010611) naming \`name\`: PUT replaces one of the partner's own.`,
  security: bearerSecurity,
  request: { body: serviceValidatedJsonBody('Scenario', EXAMPLE) },
  responses: { 201: jsonContent(ScenarioDocumentSchema, 'Created'), ...authedErrors(400, 403, 409) },
})

export const getScenario = createRoute({
  method: 'get',
  path: '/sandbox/scenarios/{name}',
  tags,
  summary: 'Read a scenario',
  operationId: 'sandboxScenarioGet',
  description: `${SANDBOX} One scenario the caller may use, the sandbox's or its partner's own, as its document. Another partner's is a 404.`,
  security: bearerSecurity,
  request: { params: ScenarioNameParamsSchema },
  responses: { 200: jsonContent(ScenarioDocumentSchema, 'The scenario'), ...authedErrors(404) },
})

export const putScenario = createRoute({
  method: 'put',
  path: '/sandbox/scenarios/{name}',
  tags,
  summary: 'Create or replace a scenario',
  operationId: 'sandboxScenarioPut',
  description: `${SANDBOX} ${ADMIN} ${DOCUMENT} The body's \`name\`, when given, is the path's. 201 when created, 200 when it replaced the partner's own; a name of the sandbox's scenarios is a 409 (010611).`,
  security: bearerSecurity,
  request: { params: ScenarioNameParamsSchema, body: serviceValidatedJsonBody('Scenario', EXAMPLE) },
  responses: { 200: jsonContent(ScenarioDocumentSchema, 'Replaced'), 201: jsonContent(ScenarioDocumentSchema, 'Created'), ...authedErrors(400, 403, 409) },
})

export const deleteScenario = createRoute({
  method: 'delete',
  path: '/sandbox/scenarios/{name}',
  tags,
  summary: 'Delete a scenario',
  operationId: 'sandboxScenarioDelete',
  description: `${SANDBOX} ${ADMIN} Deletes one of the partner's own scenarios; the records made under it stay. A sandbox's scenario is a 409 (010611), a name the partner has none of a 404.`,
  security: bearerSecurity,
  request: { params: ScenarioNameParamsSchema },
  responses: { 200: jsonContent(EnvelopeSchema, 'Deleted'), ...authedErrors(403, 404, 409) },
})
