import { z } from '@hono/zod-openapi'
import { envelopeSchema } from '../../../http/openapi/openapi-schemas.ts'

/** 10 MiB: the largest file a document takes. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024
/** The whole body of an upload: the file and the form around it (a few hundred bytes of fields, part headers and boundaries). */
export const MAX_UPLOAD_BODY_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number]

/**
 * A document of a process (Document Get, Document List, the documents of Process Detail). Named as
 * the borrower records are (`…UniqueID`, `…ID`), the ids the multipart form takes as `…Id`.
 */
export const DocumentSchema = z
  .object({
    documentUniqueID: z.uuid(),
    documentTypeID: z.number().int().openapi({ description: 'From document-types', example: 1 }),
    documentTypeDescription: z.string(),
    documentCategoryID: z.number().int().optional().openapi({ description: 'From document-categories' }),
    documentCategoryDescription: z.string().optional(),
    borrowerUniqueID: z.uuid().optional().openapi({ description: 'The borrower the document belongs to (types of scope "borrower"); absent for process and property documents' }),
    description: z.string().optional().openapi({ description: 'The description sent with the file, when there was one' }),
    fileName: z.string().openapi({ example: 'cartao-cidadao.pdf' }),
    contentType: z.enum(DOCUMENT_CONTENT_TYPES).openapi({ description: 'Recognised from the content (magic bytes), not from the name or the part header' }),
    size: z.number().int().openapi({ description: 'Bytes', example: 183_442 }),
    sha256: z.string().openapi({ description: 'SHA-256 of the content, hexadecimal', example: 'a3f1…' }),
    uploadDate: z.iso.datetime(),
    lastUpdateDate: z.iso.datetime(),
    userId: z.number().int().openapi({ description: 'The user who uploaded the current content' }),
    contentUrl: z.string().openapi({ description: 'GET it (with the token) for the bytes', example: '/v1/processes/6f0c…/document/0b9e…/content' }),
  })
  .openapi('ProcessDocument')

export const DocumentListSchema = z.object({ documentList: z.array(DocumentSchema) }).openapi('ProcessDocumentList')

export const DocumentCreatedSchema = envelopeSchema(z.object({ documentUniqueID: z.uuid() }).openapi('ProcessDocumentCreated'), 'ProcessDocumentCreatedEnvelope')

/**
 * The multipart form of Document Create and Update, documented as a plain JSON schema: the route
 * does not let a validator parse the body (that would read it whole into memory); the handler
 * streams it with the size limit.
 */
export const DOCUMENT_FORM_SCHEMA = {
  type: 'object',
  required: ['file', 'documentTypeId'],
  properties: {
    file: { type: 'string', format: 'binary', description: `PDF, JPEG or PNG, recognised by its content; at most ${MAX_DOCUMENT_BYTES} bytes (10 MiB)` },
    documentTypeId: { type: 'integer', description: 'From document-types', example: 1 },
    borrowerUniqueId: { type: 'string', format: 'uuid', description: 'Required for the types of scope "borrower" (a borrower of this process), refused for the others' },
    description: { type: 'string', maxLength: 500, description: 'Free text' },
  },
} as const

export type ProcessDocument = z.infer<typeof DocumentSchema>

/** A document's bytes, as Document Content answers them. */
export const DocumentFileSchema = z.string().openapi({ format: 'binary' })
