import type { AppRouteHandler } from '../../http/app-env.ts'
import { operationStatus } from '../../http/envelope.ts'
import type * as routes from './simulation-esis.routes.ts'

export const esis: AppRouteHandler<typeof routes.esis> = async (c) => {
  const { pdf, filename } = await c.get('deps').simulationEsis.render(c.get('auth'), c.req.valid('param').simulationUniqueId, c.get('lang'))
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${filename}"`,
    'Content-Language': c.get('lang'),
  }) as never
}

export const email: AppRouteHandler<typeof routes.email> = async (c) => {
  const receipt = await c.get('deps').simulationEsis.email(c.get('auth'), c.req.valid('param').simulationUniqueId, c.req.valid('query').email, c.get('lang'))
  return c.json(
    { operationStatus: operationStatus(c.get('lang')), additionalData: { emailUniqueID: receipt.mailboxMessageId, relayStatus: receipt.relayStatus } },
    200,
  )
}
