import type { ProcessService } from '../../../modules/processes/index.ts'
import { SAMPLE_JOURNEY } from '../../../modules/sandbox-control/index.ts'
import { webBodySource } from '../../../common/body-source.ts'

/** What Document Create reads: the upload's media type, declared length and body. */
type UploadRequest = Parameters<ProcessService['documents']['create']>[2]

/** A multipart upload as Document Create reads it from a request, built in memory. */
export function pdfUpload(fields: Record<string, string>, fileName: string): UploadRequest {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('file', new Blob([SAMPLE_JOURNEY.pdf], { type: 'application/pdf' }), fileName)
  const request = new Request('http://fixture.invalid/', { method: 'POST', body: form })
  return { contentType: request.headers.get('content-type'), contentLength: null, source: webBodySource(request.body) }
}
