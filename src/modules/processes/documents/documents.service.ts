import { randomUUID } from 'node:crypto'
import type { PartnerClock } from '../../../platform/clock.ts'
import { ApiError, type Problem } from '../../../common/api-error.ts'
import type { AuthContext } from '../../../common/auth-context.ts'
import { invalidCombination, missing, notAllowed, outOfRange, text, unknownReference } from '../../../common/problems.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import type { ProcessAccess } from '../process-access.ts'
import type { ProcessRepositories } from '../process-repositories.ts'
import type { ProcessRow } from '../processes.repository.ts'
import type { DocumentContent, DocumentRecord } from './documents.repository.ts'
import { MAX_DOCUMENT_BYTES, MAX_UPLOAD_BODY_BYTES } from './documents.schemas.ts'
import { sniffContentType } from './file-type.ts'
import type { BodySource } from '../../../common/body-source.ts'
import { ContentStager } from './content-stager.ts'
import { multipartBoundary, readMultipart } from './multipart-upload.ts'

/** The form fields besides the file: a few hundred bytes of multipart overhead and text. */
const FORM_OVERHEAD_BYTES = MAX_UPLOAD_BODY_BYTES - MAX_DOCUMENT_BYTES
const FIELDS = new Set(['file', 'documentTypeId', 'borrowerUniqueId', 'description'])
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const documentNotFound = (id: string) =>
  new ApiError('NOT_FOUND', {
    field: 'documentUniqueId',
    params: { resource: 'document', id },
    message: { 'pt-PT': `Documento não encontrado: ${id}.`, en: `Document not found: ${id}.` },
  })

/** The upload as the handler hands it over: headers it needs and the body, not yet read. */
export interface UploadRequest {
  contentType: string | null
  contentLength: string | null
  source: BodySource
}

type Upload = Pick<DocumentRecord, 'documentTypeId' | 'borrowerUniqueId' | 'description' | 'fileName' | 'contentType' | 'size' | 'sha256'>

const MAX_FIELD_BYTES = 4096

/** A file name safe to store and to echo in Content-Disposition: its last path segment, printable, at most 200 characters. */
const cleanFileName = (name: string | null) =>
  (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(0, 200) || 'document'

/** The form's text fields and its file, the file written to `stager` as it streams in. */
async function receiveForm(upload: UploadRequest, boundary: string, stager: ContentStager, reservation: UploadReservation | undefined) {
  const fields = new Map<string, string>()
  const problems: Problem[] = []
  let fileName: string | null = null
  const field = (name: string, value: string, truncated: boolean) => {
    if (name === 'file') return
    if (!FIELDS.has(name)) problems.push(notAllowed(name, text('não é um campo do formulário.', 'it is not a field of the form.')))
    else if (truncated) problems.push(outOfRange(name, `<= ${MAX_FIELD_BYTES} bytes`))
    else fields.set(name, value.trim())
  }
  await readMultipart(
    upload,
    boundary,
    { bodyBytes: MAX_UPLOAD_BODY_BYTES, bodyText: '10 MB', fieldBytes: MAX_FIELD_BYTES },
    {
      field,
      file(part) {
        // A text field (or an unknown one) sent with a file name: its bytes are its value.
        if (part.name !== 'file') return 'field'
        if (fileName === null) {
          fileName = part.filename
          return {
            data(bytes) {
              // Counted before the stager keeps anything: past the room left, nothing more is read or written.
              reservation?.take(bytes.length)
              stager.write(bytes)
            },
            end: () => undefined,
          }
        }
        problems.push(invalidCombination('file', text('só um ficheiro por documento.', 'one file per document.')))
        return null
      },
    },
  )
  return { fields, problems, fileName: fileName as string | null }
}

/**
 * 409 before reading when the declared body cannot fit the partner's room (the room plus the form's
 * allowance for its other parts); a body too large for any room is left to the 413.
 */
function assertDeclaredFits(request: UploadRequest, reservation: UploadReservation | undefined): void {
  const declared = request.contentLength !== null && /^\d{1,15}$/.test(request.contentLength) ? Number(request.contentLength) : null
  const room = reservation?.room()
  if (declared === null || !room || declared > MAX_UPLOAD_BODY_BYTES || declared <= room.bytes + FORM_OVERHEAD_BYTES) return
  reservation!.assertFits(declared - FORM_OVERHEAD_BYTES)
}

/**
 * Reads and checks the multipart form of Document Create and Update, the file streamed into SQLite
 * under `stagingKey` as it arrives (discarded on any refusal). 415 for a body that is not
 * multipart/form-data or a file that is not PDF, JPEG or PNG by its content; 413 beyond 10 MiB,
 * before reading when Content-Length says so; 409 past the partner's byte quotas, before reading
 * when Content-Length says so, else as soon as the file passes them, before the bytes past the
 * room are kept; 400 with every problem of the fields.
 */
async function readUpload(deps: DocumentServiceDeps, process: ProcessRow, request: UploadRequest, stagingKey: string, reservation: UploadReservation | undefined): Promise<Upload> {
  const boundary = multipartBoundary(request.contentType ?? undefined)
  if (!boundary) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', { field: 'Content-Type', params: { detail: `${request.contentType ?? '(none)'}; expected multipart/form-data` } })
  }
  assertDeclaredFits(request, reservation)
  const stager = new ContentStager(deps.repos.documents, stagingKey, MAX_DOCUMENT_BYTES)
  try {
    const { fields, problems, fileName } = await receiveForm(request, boundary, stager, reservation)
    const sha256 = stager.close()
    if (fileName === null) problems.push(missing('file'))
    else if (stager.size === 0) problems.push(outOfRange('file', '> 0 bytes'))

    const typeText = fields.get('documentTypeId')
    const documentTypeId = typeText !== undefined && /^\d{1,9}$/.test(typeText) ? Number(typeText) : undefined
    const type = documentTypeId === undefined ? undefined : deps.taxonomy.get('document-types', documentTypeId)
    if (typeText === undefined || typeText === '') problems.push(missing('documentTypeId'))
    else if (documentTypeId === undefined) problems.push({ key: 'INVALID_TYPE', field: 'documentTypeId', params: { expected: 'integer' } })
    else if (!type) problems.push(unknownReference('documentTypeId', documentTypeId, 'document-types'))

    const borrowerUniqueId = fields.get('borrowerUniqueId') || null
    if (borrowerUniqueId !== null && !UUID.test(borrowerUniqueId)) problems.push({ key: 'INVALID_FORMAT', field: 'borrowerUniqueId', params: { format: 'uuid' } })
    else if (borrowerUniqueId !== null && !deps.repos.borrowers.find(process.processUniqueId, borrowerUniqueId)) {
      problems.push({ key: 'BORROWER_NOT_IN_PROCESS', field: 'borrowerUniqueId', params: { id: borrowerUniqueId } })
    }
    if (type?.attributes.scope === 'borrower' && borrowerUniqueId === null) problems.push(missing('borrowerUniqueId'))
    if (type && type.attributes.scope !== 'borrower' && borrowerUniqueId !== null) {
      problems.push(
        notAllowed(
          'borrowerUniqueId',
          text(
            `o tipo "${type.description['pt-PT']}" é do processo ou do imóvel, não de um proponente.`,
            `the type "${type.description.en}" belongs to the process or the property, not to a borrower.`,
          ),
        ),
      )
    }
    const description = fields.get('description') || null
    if (description !== null && description.length > 500) problems.push(outOfRange('description', '<= 500 characters'))
    if (problems.length > 0) throw ApiError.validation(problems)

    const contentType = sniffContentType(stager.head)
    if (!contentType) throw new ApiError('UNSUPPORTED_MEDIA_TYPE', { field: 'file', params: { detail: 'the file is not a PDF, JPEG or PNG' } })
    return { documentTypeId: documentTypeId!, borrowerUniqueId, description, fileName: cleanFileName(fileName), contentType, size: stager.size, sha256 }
  } catch (error) {
    stager.discard()
    throw error
  }
}

function record(upload: Upload, base: Pick<DocumentRecord, 'documentUniqueId' | 'processUniqueId' | 'createdAt'>, at: number, userId: number): DocumentRecord {
  const { documentTypeId, borrowerUniqueId, description, fileName, contentType, size, sha256 } = upload
  return { ...base, documentTypeId, borrowerUniqueId, description, fileName, contentType, size, sha256, updatedAt: at, userId }
}

/** What an upload calls of its hold on the partner's byte quotas (the partners' quotas give it). */
interface UploadReservation {
  /** The bytes the upload may take in all; null when no byte quota applies. */
  room(): { bytes: number } | null
  /** @throws ApiError 409 when `bytes` more cannot fit the room (a declared length). */
  assertFits(bytes: number): void
  /** @throws ApiError 409 as soon as the upload's running total passes its room. */
  take(bytes: number): void
  /** Ends the hold: after the upload is stored or refused. */
  release(): void
}

export interface DocumentServiceDeps {
  repos: ProcessRepositories
  access: ProcessAccess
  clock: PartnerClock
  taxonomy: TaxonomyCatalog
  /** Holds an upload's bytes against the partner's byte quotas while it streams in; `replaced`: the size of the file it replaces, null for a new one. */
  room?: { reserve(partnerUniqueID: string, replaced: number | null): UploadReservation } | undefined
}

/** The documents of a process: uploads streamed into SQLite, their metadata and content. */
export function createDocumentService(deps: DocumentServiceDeps) {
  const { repos, access } = deps
  const documents = repos.documents

  function documentOf(process: ProcessRow, documentUniqueId: string): DocumentRecord {
    const document = documents.find(process.processUniqueId, documentUniqueId)
    if (!document) throw documentNotFound(documentUniqueId)
    return document
  }

  return {
    /**
     * Document Create: until the process reaches a final status. `documentUniqueId`: an explicit id
     * (provider-state fixtures), a new one otherwise. @throws ApiError 404, 400, 413, 415.
     */
    async create(auth: AuthContext, processUniqueId: string, request: UploadRequest, documentUniqueId: string = randomUUID()): Promise<string> {
      const process = access.owned(auth, processUniqueId)
      access.assertOpen(process)
      const reservation = deps.room?.reserve(process.partnerUniqueID, null)
      try {
        const upload = await readUpload(deps, process, request, documentUniqueId, reservation)
        const at = deps.clock.now(process.partnerUniqueID).getTime()
        try {
          documents.insert(record(upload, { documentUniqueId, processUniqueId: process.processUniqueId, createdAt: at }, at, auth.userId))
        } catch (error) {
          documents.discardStaged(documentUniqueId)
          throw error
        }
        return documentUniqueId
      } finally {
        reservation?.release()
      }
    },

    /** Document Update: replaces the file and its fields. @throws ApiError 404, 400, 413, 415. */
    async update(auth: AuthContext, processUniqueId: string, documentUniqueId: string, request: UploadRequest): Promise<void> {
      const process = access.owned(auth, processUniqueId)
      const current = documentOf(process, documentUniqueId)
      access.assertOpen(process)
      const stagingKey = `staging:${randomUUID()}`
      const reservation = deps.room?.reserve(process.partnerUniqueID, current.size)
      try {
        const upload = await readUpload(deps, process, request, stagingKey, reservation)
        try {
          documents.replace(record(upload, current, deps.clock.now(process.partnerUniqueID).getTime(), auth.userId), stagingKey)
        } catch (error) {
          documents.discardStaged(stagingKey)
          throw error
        }
      } finally {
        reservation?.release()
      }
    },

    /** Document Delete: while the process is in Draft. @throws ApiError 404, 400. */
    remove(auth: AuthContext, processUniqueId: string, documentUniqueId: string): void {
      const process = access.owned(auth, processUniqueId)
      documentOf(process, documentUniqueId)
      access.assertEditable(process)
      documents.remove(process.processUniqueId, documentUniqueId)
    },

    get: (auth: AuthContext, processUniqueId: string, documentUniqueId: string): DocumentRecord => documentOf(access.owned(auth, processUniqueId), documentUniqueId),

    list: (auth: AuthContext, processUniqueId: string): DocumentRecord[] => documents.list(access.owned(auth, processUniqueId).processUniqueId),

    content(auth: AuthContext, processUniqueId: string, documentUniqueId: string): DocumentContent {
      const process = access.owned(auth, processUniqueId)
      const content = documents.content(process.processUniqueId, documentUniqueId)
      if (!content) throw documentNotFound(documentUniqueId)
      return content
    },
  }
}

export type DocumentService = ReturnType<typeof createDocumentService>
