import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, EnvelopeSchema, jsonContent } from '../../../http/openapi/openapi-schemas.ts'
import { DocumentParamsSchema, ProcessParamsSchema } from '../process-params.schemas.ts'
import { DOCUMENT_FORM_SCHEMA, DocumentCreatedSchema, DocumentFileSchema, DocumentListSchema, DocumentSchema } from './documents.schemas.ts'

const tags = ['ProcessesDocument']
const PATH = '/v1/processes/{processUniqueId}/document'
const NOT_FOUND = 'An unknown processUniqueId or documentUniqueId, or a process of another broker, is a 404.'
const UPLOAD = `multipart/form-data with the parts \`file\` (PDF, JPEG or PNG, recognised by its content: 415 otherwise), \`documentTypeId\` (document-types), \`borrowerUniqueId\` (required for the types of scope "borrower", refused for the others) and \`description\`. At most 10 MiB: a larger Content-Length is refused with 413 before the body is read, and a body without Content-Length is refused as soon as it passes the limit. The content is stored with its size and SHA-256. Past the partner's stored-data quotas (\`documentBytes\`, \`storageBytes\`): 409 (010605) naming the quota, before the body is read when Content-Length says the file cannot fit the room left, else as soon as the file passes it, nothing of it kept. Taken until the process reaches a final status (400, 010301).`

// Not a zod schema on purpose: no validator parses (and buffers) the upload before the handler streams it.
const form = { required: true, content: { 'multipart/form-data': { schema: DOCUMENT_FORM_SCHEMA as never } } }

export const list = createRoute({
  method: 'get',
  path: PATH,
  tags,
  summary: 'Document List',
  operationId: 'documentList',
  description: `The documents of the process, oldest first (metadata; each names its contentUrl). ${NOT_FOUND}`,
  security: bearerSecurity,
  request: { params: ProcessParamsSchema },
  responses: { 200: jsonContent(DocumentListSchema, 'The documents'), ...authedErrors(400, 404) },
})

export const create = createRoute({
  method: 'post',
  path: PATH,
  tags,
  summary: 'Document Create',
  operationId: 'documentCreate',
  description: `Uploads a document: ${UPLOAD} ${NOT_FOUND}`,
  security: bearerSecurity,
  request: { params: ProcessParamsSchema, body: form },
  responses: { 201: jsonContent(DocumentCreatedSchema, 'Stored'), ...authedErrors(400, 404, 409, 413, 415) },
})

export const get = createRoute({
  method: 'get',
  path: `${PATH}/{documentUniqueId}`,
  tags,
  summary: 'Document Get',
  operationId: 'documentGet',
  description: `The document's metadata; its bytes are at \`contentUrl\` (GET …/document/{documentUniqueId}/content). ${NOT_FOUND}`,
  security: bearerSecurity,
  request: { params: DocumentParamsSchema },
  responses: { 200: jsonContent(DocumentSchema, 'The document'), ...authedErrors(400, 404) },
})

export const content = createRoute({
  method: 'get',
  path: `${PATH}/{documentUniqueId}/content`,
  tags,
  summary: 'Document Get (content)',
  operationId: 'documentGetContent',
  description: `The bytes of the document with their Content-Type, Content-Length, an ETag of their SHA-256 and the file name in Content-Disposition. ${NOT_FOUND}`,
  security: bearerSecurity,
  request: { params: DocumentParamsSchema },
  responses: {
    200: {
      description: 'The file',
      content: Object.fromEntries(['application/pdf', 'image/jpeg', 'image/png'].map((type) => [type, { schema: DocumentFileSchema }])),
    },
    ...authedErrors(400, 404),
  },
})

export const update = createRoute({
  method: 'put',
  path: `${PATH}/{documentUniqueId}`,
  tags,
  summary: 'Document Update',
  operationId: 'documentUpdate',
  description: `Replaces the document (file and fields): ${UPLOAD} ${NOT_FOUND}`,
  security: bearerSecurity,
  request: { params: DocumentParamsSchema, body: form },
  responses: { 200: jsonContent(EnvelopeSchema, 'Replaced'), ...authedErrors(400, 404, 409, 413, 415) },
})

export const remove = createRoute({
  method: 'delete',
  path: `${PATH}/{documentUniqueId}`,
  tags,
  summary: 'Document Delete',
  operationId: 'documentDelete',
  description: `Deletes the document while the process is in Draft (400, 010301, afterwards). ${NOT_FOUND}`,
  security: bearerSecurity,
  request: { params: DocumentParamsSchema },
  responses: { 200: jsonContent(EnvelopeSchema, 'Deleted'), ...authedErrors(400, 404) },
})
