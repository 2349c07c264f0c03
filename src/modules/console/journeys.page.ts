import type { z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { html } from 'hono/html'
import { ApiError } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import { textProblems } from '../../http/body/json-text.ts'
import { zodProblems } from '../../common/zod-problems.ts'
import type { Lang } from '../../common/language.ts'
import type { EchoService } from '../callbacks/index.ts'
import type { EsisService } from '../esis/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { ProcessListQuerySchema, type MessageService, type ProcessService } from '../processes/index.ts'
import { BankMessageRequestSchema } from '../sandbox-control/index.ts'
import type { LoanService } from '../loan/index.ts'
import { SimulationListQuerySchema, type SimulationService } from '../simulations/index.ts'
import { chrome, page, when } from './console-layout.ts'
import { euros } from './console-format.ts'
import type { ConsoleEnv } from './console-session-middleware.ts'
import { t } from './console-text.ts'

export interface JourneyDeps {
  simulations: Pick<SimulationService, 'list' | 'detailJson' | 'statusHistory' | 'forceStatus' | 'describeStatus' | 'find'>
  processes: Pick<ProcessService, 'list' | 'detail' | 'forceStatus' | 'find'>
  esis: Pick<EsisService, 'simulation' | 'process'>
  messages: Pick<MessageService, 'simulation' | 'process'>
  taxonomy: Pick<TaxonomyCatalog, 'items'>
  echo: Pick<EchoService, 'echo'>
  loan: Pick<LoanService, 'repaymentTable'>
}

type Kind = 'simulations' | 'processes'

/** A filter form with the API's own list filters, passed through its query schema. */
function listFilters(lang: Lang, query: Record<string, string>, statusName: string) {
  return html`<form class="filters" method="get">
    ${['filterByText', statusName, 'filterStatusLastDateFrom', 'filterStatusLastDateTo'].map(
      (name) => html`<label><code>${name}</code> <input name="${name}" value="${query[name] ?? ''}" size="${name === statusName ? 4 : 12}" /></label>`,
    )}
    <button>${t(lang, 'filter')}</button>
  </form>`
}

/**
 * The query of a list page read by the API's own schema: a bad filter is the API's 400, naming the
 * field in the page's language (the console's error page lists them).
 */
function apiQuery<T>(schema: z.ZodType<T>, query: Record<string, string>): T {
  const input = { lineCount: '50', ...Object.fromEntries(Object.entries(query).filter(([, v]) => v !== '')) }
  const parsed = schema.safeParse(input)
  if (!parsed.success) throw ApiError.validation(zodProblems(parsed.error, input))
  return parsed.data
}

export function journeyPages(deps: JourneyDeps) {
  const auth = (c: { get(key: 'auth'): AuthContext }) => c.get('auth')
  return new Hono<ConsoleEnv>()
    .get('/simulations', (c) => {
      const lang = c.get('consoleLang')
      const list = deps.simulations.list(auth(c), apiQuery(SimulationListQuerySchema, c.req.query()), lang)
      return c.html(
        page(
          { lang, title: t(lang, 'simulations'), current: '/console/simulations', ...chrome(c) },
          html`${listFilters(lang, c.req.query(), 'filterSimulationStatus')}
            <table><thead><tr><th>#</th><th>${t(lang, 'status')}</th><th>keyBorrowerName</th><th>loanAmount</th><th>statusLastDate</th><th>origin</th></tr></thead><tbody>
            ${list.listSimulationDetail.map(
              (s) =>
                html`<tr><td><a href="/console/simulations/${s.simulationUniqueID}">${s.simulationNumber}</a></td><td>${s.simulationStatusDescription}</td><td>${s.keyBorrowerName}</td><td class="num">${euros(lang, s.loanAmount)}</td><td>${when(s.statusLastDate)}</td><td>${s.origin}</td></tr>`,
            )}
            </tbody></table>`,
        ),
      )
    })
    .get('/processes', (c) => {
      const lang = c.get('consoleLang')
      const list = deps.processes.list(auth(c), apiQuery(ProcessListQuerySchema, c.req.query()), lang)
      return c.html(
        page(
          { lang, title: t(lang, 'processes'), current: '/console/processes', ...chrome(c) },
          html`${listFilters(lang, c.req.query(), 'filterProcessStatus')}
            <table><thead><tr><th>#</th><th>${t(lang, 'status')}</th><th>keyBorrowerName</th><th>loanAmount</th><th>statusLastDate</th></tr></thead><tbody>
            ${list.listProcessDetail.map(
              (p) =>
                html`<tr><td><a href="/console/processes/${p.processUniqueID}">${p.processNumber}</a></td><td>${p.processStatusDescription}</td><td>${p.keyBorrowerName ?? ''}</td><td class="num">${euros(lang, p.loanAmount)}</td><td>${when(p.statusLastDate)}</td></tr>`,
            )}
            </tbody></table>`,
        ),
      )
    })
    .post('/:kind{simulations|processes}/:id/status', async (c) => {
      const kind = c.req.param('kind') as Kind
      const statusId = Number((await c.req.parseBody()).statusId)
      if (kind === 'simulations') deps.simulations.forceStatus(auth(c), c.req.param('id'), statusId)
      else deps.processes.forceStatus(auth(c), c.req.param('id'), statusId, undefined)
      return c.redirect(`/console/${kind}/${c.req.param('id')}`, 303)
    })
    .post('/:kind{simulations|processes}/:id/message', async (c) => {
      const kind = c.req.param('kind') as Kind
      // The API's own rules for a bank message: its schema, and no control characters.
      const form = { messageText: String((await c.req.parseBody()).messageText ?? '') }
      const parsed = BankMessageRequestSchema.safeParse(form)
      const problems = parsed.success ? textProblems(form) : zodProblems(parsed.error, form)
      if (!parsed.success || problems.length > 0) throw ApiError.validation(problems)
      deps.messages[kind === 'simulations' ? 'simulation' : 'process'].addBankMessage(auth(c), c.req.param('id'), parsed.data.messageText)
      return c.redirect(`/console/${kind}/${c.req.param('id')}`, 303)
    })
    .post('/:kind{simulations|processes}/:id/echo', async (c) => {
      const kind = c.req.param('kind') as Kind
      const type = Number((await c.req.parseBody()).type)
      const about = kind === 'simulations' ? { simulationUniqueId: c.req.param('id') } : { processUniqueId: c.req.param('id') }
      const notificationId = deps.echo.echo(auth(c), auth(c).partnerUniqueID, type, about, c.get('consoleLang'))
      return c.redirect(`/console/deliveries?done=${encodeURIComponent(`${t(c.get('consoleLang'), 'echoSent')} ${notificationId}`)}`, 303)
    })
    .get('/:kind{simulations|processes}/:id/esis.pdf', async (c) => {
      const esis = c.req.param('kind') === 'simulations' ? deps.esis.simulation : deps.esis.process
      const pdf = await esis.render(auth(c), c.req.param('id'), c.get('consoleLang'))
      return c.body(new Uint8Array(pdf.pdf), 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${pdf.filename}"` })
    })
}
