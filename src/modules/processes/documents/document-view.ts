import { withoutNulls } from '../../../common/answer-fields.ts'
import type { Lang } from '../../../common/language.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import type { DocumentRecord } from './documents.repository.ts'
import type { DocumentContentType, ProcessDocument } from './documents.schemas.ts'

const iso = (ms: number) => new Date(ms).toISOString()

export const documentContentUrl = (d: Pick<DocumentRecord, 'processUniqueId' | 'documentUniqueId'>) => `/v1/processes/${d.processUniqueId}/document/${d.documentUniqueId}/content`

export function documentView(d: DocumentRecord, taxonomy: TaxonomyCatalog, lang: Lang): ProcessDocument {
  const type = taxonomy.get('document-types', d.documentTypeId)
  const categoryId = (type?.attributes.documentCategoryId as number | undefined) ?? null
  return withoutNulls({
    documentUniqueID: d.documentUniqueId,
    documentTypeID: d.documentTypeId,
    documentTypeDescription: type?.description[lang] ?? String(d.documentTypeId),
    documentCategoryID: categoryId,
    documentCategoryDescription: taxonomy.describe('document-categories', categoryId, lang),
    borrowerUniqueID: d.borrowerUniqueId,
    description: d.description,
    fileName: d.fileName,
    contentType: d.contentType as DocumentContentType,
    size: d.size,
    sha256: d.sha256,
    uploadDate: iso(d.createdAt),
    lastUpdateDate: iso(d.updatedAt),
    userId: d.userId,
    contentUrl: documentContentUrl(d),
  })
}
