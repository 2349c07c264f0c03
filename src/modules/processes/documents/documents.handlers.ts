import type { Context } from 'hono'
import type { IncomingMessage } from 'node:http'
import type { AppEnv, AppRouteHandler } from '../../../http/app-env.ts'
import { nodeBodySource, webBodySource } from './body-source.ts'
import { operationStatus } from '../../../http/envelope.ts'
import { createDocument, deleteDocument, documentContent, getDocument, listDocuments, updateDocument, type UploadRequest } from './document.service.ts'
import { documentView } from './document-view.ts'
import type * as routes from './documents.routes.ts'

/** The body as it arrives: from the Node request when served by @hono/node-server, else the web stream. The source is opened only when read. */
function uploadOf(c: Context<AppEnv>): UploadRequest {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  let source: UploadRequest['source'] | undefined
  const open = () => (source ??= incoming ? nodeBodySource(incoming) : webBodySource(c.req.raw.body))
  return {
    contentType: c.req.header('content-type') ?? null,
    contentLength: c.req.header('content-length') ?? null,
    source: { next: () => open().next(), release: () => source?.release() },
  }
}

export const list: AppRouteHandler<typeof routes.list> = (c) => {
  const documents = listDocuments(c.get('deps'), c.get('auth'), c.req.valid('param').processUniqueId)
  return c.json({ documentList: documents.map((d) => documentView(d, c.get('deps').taxonomy, c.get('lang'))) }, 200)
}

export const create: AppRouteHandler<typeof routes.create> = async (c) => {
  const id = await createDocument(c.get('deps'), c.get('auth'), c.req.valid('param').processUniqueId, uploadOf(c))
  return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { documentUniqueID: id } }, 201)
}

export const get: AppRouteHandler<typeof routes.get> = (c) => {
  const { processUniqueId, documentUniqueId } = c.req.valid('param')
  return c.json(documentView(getDocument(c.get('deps'), c.get('auth'), processUniqueId, documentUniqueId), c.get('deps').taxonomy, c.get('lang')), 200)
}

export const content: AppRouteHandler<typeof routes.content> = (c) => {
  const { processUniqueId, documentUniqueId } = c.req.valid('param')
  const file = documentContent(c.get('deps'), c.get('auth'), processUniqueId, documentUniqueId)
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
  }) as never
}

export const update: AppRouteHandler<typeof routes.update> = async (c) => {
  const { processUniqueId, documentUniqueId } = c.req.valid('param')
  await updateDocument(c.get('deps'), c.get('auth'), processUniqueId, documentUniqueId, uploadOf(c))
  return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
}

export const remove: AppRouteHandler<typeof routes.remove> = (c) => {
  const { processUniqueId, documentUniqueId } = c.req.valid('param')
  deleteDocument(c.get('deps'), c.get('auth'), processUniqueId, documentUniqueId)
  return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
}
