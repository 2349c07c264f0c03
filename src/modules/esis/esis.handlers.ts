import type { Context } from 'hono'
import type { AppEnv, AppRouteHandler } from '../../http/router/app-env.ts'
import { held } from '../../http/fair-share/fair-share.ts'
import { operationStatus } from '../../common/envelope.ts'
import type { Lang } from '../../common/language.ts'
import type { MailReceipt } from '../mailbox/index.ts'
import type { EsisService } from './esis.service.ts'
import type * as processRoutes from './process-esis.routes.ts'
import type * as simulationRoutes from './simulation-esis.routes.ts'

const pdfAnswer = (c: Context<AppEnv>, esis: { pdf: Buffer; filename: string }, lang: Lang) =>
  c.body(new Uint8Array(esis.pdf), 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${esis.filename}"`, 'Content-Language': lang })

const emailAnswer = (c: Context<AppEnv>, receipt: MailReceipt) =>
  c.json({ operationStatus: operationStatus(c.get('lang')), additionalData: { emailUniqueID: receipt.mailboxMessageId, relayStatus: receipt.relayStatus } }, 200)

export const esisHandlers = (esis: EsisService) => ({
  simulation: {
    esis: (async (c) =>
      pdfAnswer(c, await held(c, esis.simulation.render(c.get('auth'), c.req.valid('param').simulationUniqueId, c.get('lang'))), c.get('lang'))) satisfies AppRouteHandler<
      typeof simulationRoutes.esis
    >,
    email: (async (c) =>
      emailAnswer(
        c,
        await held(c, esis.simulation.email(c.get('auth'), c.req.valid('param').simulationUniqueId, c.req.valid('query').email, c.get('lang'))),
      )) satisfies AppRouteHandler<typeof simulationRoutes.email>,
  },
  process: {
    esis: (async (c) =>
      pdfAnswer(c, await held(c, esis.process.render(c.get('auth'), c.req.valid('param').processUniqueId, c.get('lang'))), c.get('lang'))) satisfies AppRouteHandler<
      typeof processRoutes.esis
    >,
    email: (async (c) =>
      emailAnswer(c, await held(c, esis.process.email(c.get('auth'), c.req.valid('param').processUniqueId, c.req.valid('query').email, c.get('lang'))))) satisfies AppRouteHandler<
      typeof processRoutes.email
    >,
  },
})
