import type { AppRouteHandler } from '../../http/app-env.ts'
import { operationStatus } from '../simulations/simulation-envelope.ts'
import type * as routes from './simulation-esis.routes.ts'

export const esis: AppRouteHandler<typeof routes.esis> = async (c) => {
  const { pdf, filename } = await c.var.deps.simulationEsis.render(c.var.auth, c.req.valid('param').simulationUniqueId, c.var.lang)
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${filename}"`,
    'Content-Language': c.var.lang,
  }) as never
}

export const email: AppRouteHandler<typeof routes.email> = async (c) => {
  const receipt = await c.var.deps.simulationEsis.email(c.var.auth, c.req.valid('param').simulationUniqueId, c.req.valid('query').email, c.var.lang)
  return c.json(
    { operationStatus: operationStatus(c.var.lang), additionalData: { emailUniqueID: receipt.mailboxMessageId, relayStatus: receipt.relayStatus } },
    200,
  )
}
