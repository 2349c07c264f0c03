import type { AppRouteHandler } from '../../http/app-env.ts'
import { operationStatus } from '../../http/envelope.ts'
import type * as routes from './process-esis.routes.ts'
import { emailProcessEsis, renderProcessEsis } from './process-esis.service.ts'

export const esis: AppRouteHandler<typeof routes.esis> = async (c) => {
  const { pdf, filename } = await renderProcessEsis(c.get('deps'), c.get('auth'), c.req.valid('param').processUniqueId, c.get('lang'))
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${filename}"`,
    'Content-Language': c.get('lang'),
  }) as never
}

export const email: AppRouteHandler<typeof routes.email> = async (c) => {
  const receipt = await emailProcessEsis(c.get('deps'), c.get('auth'), c.req.valid('param').processUniqueId, c.req.valid('query').email, c.get('lang'))
  return c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { emailUniqueID: receipt.mailboxMessageId, relayStatus: receipt.relayStatus } }, 200)
}
