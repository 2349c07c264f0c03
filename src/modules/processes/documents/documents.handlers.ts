import type { Context } from 'hono'
import type { AppEnv, AppRouteHandler } from '../../../http/router/app-env.ts'
import { operationStatus } from '../../../common/envelope.ts'
import { requestBodySource } from '../../../http/node-adapter/index.ts'
import type { TaxonomyCatalog } from '../../taxonomy/index.ts'
import type { DocumentService, UploadRequest } from './documents.service.ts'
import { documentView } from './document-view.ts'
import type * as routes from './documents.routes.ts'

/** The upload as it arrives, read only when the service streams it (http/node-request.ts). */
const uploadOf = (c: Context<AppEnv>): UploadRequest => ({
  contentType: c.req.header('content-type') ?? null,
  contentLength: c.req.header('content-length') ?? null,
  source: requestBodySource(c),
})

/** Document List, Create, Get (metadata and content), Update and Delete. */
export function documentsHandlers(documents: DocumentService, taxonomy: TaxonomyCatalog) {
  const list = ((c) => {
    const all = documents.list(c.get('auth'), c.req.valid('param').processUniqueId)
    return c.json({ documentList: all.map((d) => documentView(d, taxonomy, c.get('lang'))) }, 200)
  }) satisfies AppRouteHandler<typeof routes.list>

  const create = (async (c) => {
    const id = await documents.create(c.get('auth'), c.req.valid('param').processUniqueId, uploadOf(c))
    return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { documentUniqueID: id } }, 201)
  }) satisfies AppRouteHandler<typeof routes.create>

  const get = ((c) => {
    const { processUniqueId, documentUniqueId } = c.req.valid('param')
    return c.json(documentView(documents.get(c.get('auth'), processUniqueId, documentUniqueId), taxonomy, c.get('lang')), 200)
  }) satisfies AppRouteHandler<typeof routes.get>

  const content = ((c) => {
    const { processUniqueId, documentUniqueId } = c.req.valid('param')
    const file = documents.content(c.get('auth'), processUniqueId, documentUniqueId)
    const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_')
    // Streamed slice by slice: the bytes are never joined into one buffer.
    let next = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const slice = file.slices[next++]
        if (slice) controller.enqueue(new Uint8Array(slice.buffer as ArrayBuffer, slice.byteOffset, slice.byteLength))
        else controller.close()
      },
    })
    return c.body(body, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      ETag: `"${file.sha256}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    })
  }) satisfies AppRouteHandler<typeof routes.content>

  const update = (async (c) => {
    const { processUniqueId, documentUniqueId } = c.req.valid('param')
    await documents.update(c.get('auth'), processUniqueId, documentUniqueId, uploadOf(c))
    return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
  }) satisfies AppRouteHandler<typeof routes.update>

  const remove = ((c) => {
    const { processUniqueId, documentUniqueId } = c.req.valid('param')
    documents.remove(c.get('auth'), processUniqueId, documentUniqueId)
    return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
  }) satisfies AppRouteHandler<typeof routes.remove>

  return { list, create, get, content, update, remove }
}
