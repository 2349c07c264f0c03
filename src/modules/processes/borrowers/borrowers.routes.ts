import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, EnvelopeSchema, jsonContent, serviceValidatedJsonBody } from '../../../http/openapi/openapi-schemas.ts'
import { BorrowerParamsSchema, ProcessParamsSchema } from '../process-params.schemas.ts'
import { BorrowerCreatedSchema, BorrowerListSchema, BorrowerSchema } from './borrowers.schemas.ts'
import { BORROWER_REQUEST_EXAMPLE, CO_BORROWER_COMPLETION_EXAMPLE, KEY_BORROWER_COMPLETION_EXAMPLE } from './borrower-request.schemas.ts'

const tags = ['ProcessesBorrower']
const PATH = '/v1/processes/{processUniqueId}/borrower'
const CHECKS =
  'As the interface document says, the process must exist for the current broker (else 400, 010201: a process of another broker is not told apart from an unknown one).'
const BORROWER_CHECK = 'The borrower must belong to the process (else 400, 010202).'
const CHANGES = "Taken while the process is in Draft (400, 010301, otherwise); the change is attributed to the token's user and re-runs the loan evaluation."

/** The borrower request, validated by the service (every problem at once): documented, not validated by the route. */
const body = (example: unknown, named?: Parameters<typeof serviceValidatedJsonBody>[2]) => serviceValidatedJsonBody('BorrowerRequest', example, named)

/** Borrower Update's examples: a change of contacts, and what each borrower copied by Process Create lacks for Submit. */
const UPDATE_EXAMPLES = {
  contacts: {
    summary: "The co-borrower's relation and contacts",
    value: { keyBorrowerRelationId: 1, personalDataBorrowerRequest: { mobile: '+351912345678', email: 'ana.martins@example.pt' } },
  },
  keyBorrowerComplete: { summary: 'What the key borrower copied from the simulation lacks for Submit', value: KEY_BORROWER_COMPLETION_EXAMPLE },
  coBorrowerComplete: { summary: 'What the co-borrower copied from the simulation lacks for Submit', value: CO_BORROWER_COMPLETION_EXAMPLE },
}

export const get = createRoute({
  method: 'get',
  path: `${PATH}/{borrowerUniqueId}`,
  tags,
  summary: 'Borrower Get',
  operationId: 'borrowerGet',
  description: `The borrower with every field of the interface document. ${CHECKS} ${BORROWER_CHECK}`,
  security: bearerSecurity,
  request: { params: BorrowerParamsSchema },
  responses: { 200: jsonContent(BorrowerSchema, 'The borrower'), ...authedErrors(400) },
})

export const update = createRoute({
  method: 'put',
  path: `${PATH}/{borrowerUniqueId}`,
  tags,
  summary: 'Borrower Update',
  operationId: 'borrowerUpdate',
  description: `Changes the borrower (JSON Merge Patch of the borrower request payload). ${CHECKS} ${BORROWER_CHECK} ${CHANGES}`,
  security: bearerSecurity,
  request: { params: BorrowerParamsSchema, body: body(undefined, UPDATE_EXAMPLES) },
  responses: { 200: jsonContent(EnvelopeSchema, 'Updated'), ...authedErrors(400, 413, 415) },
})

export const remove = createRoute({
  method: 'delete',
  path: `${PATH}/{borrowerUniqueId}`,
  tags,
  summary: 'Borrower Delete',
  operationId: 'borrowerDelete',
  description: `Removes a co-borrower and their documents. The key borrower is never deleted (400, 010203). ${CHECKS} ${BORROWER_CHECK} ${CHANGES}`,
  security: bearerSecurity,
  request: { params: BorrowerParamsSchema },
  responses: { 200: jsonContent(EnvelopeSchema, 'Deleted'), ...authedErrors(400) },
})

export const list = createRoute({
  method: 'get',
  path: PATH,
  tags,
  summary: 'Borrower List',
  operationId: 'borrowerList',
  description: `The borrowers of the process, the key borrower first. ${CHECKS}`,
  security: bearerSecurity,
  request: { params: ProcessParamsSchema },
  responses: { 200: jsonContent(BorrowerListSchema, 'The borrowers'), ...authedErrors(400) },
})

export const create = createRoute({
  method: 'post',
  path: PATH,
  tags,
  summary: 'Borrower Create',
  operationId: 'borrowerCreate',
  description: `Adds a borrower: one key borrower per process, a co-borrower with its relation to the key borrower, at most 4 borrowers; NIF and NISS check digits, identification document expiry after today, ids from the reference lists. ${CHECKS} ${CHANGES}`,
  security: bearerSecurity,
  request: { params: ProcessParamsSchema, body: body(BORROWER_REQUEST_EXAMPLE) },
  responses: { 201: jsonContent(BorrowerCreatedSchema, 'Created'), ...authedErrors(400, 413, 415) },
})
