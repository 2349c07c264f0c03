import type { z } from '@hono/zod-openapi'
import { Hono } from 'hono'
import { html } from 'hono/html'
import { ApiError } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import { textProblems } from '../../http/json-text.ts'
import { zodProblems } from '../../common/zod-problems.ts'
import type { Lang } from '../../common/language.ts'
import type { EchoService } from '../callbacks/index.ts'
import type { EsisService } from '../esis/index.ts'
import type { MessageService } from '../messages/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { ProcessListQuerySchema, type ProcessService } from '../processes/index.ts'
import { BankMessageRequestSchema } from '../sandbox-control/index.ts'
import type { LoanService } from '../loan/index.ts'
import { SimulationListQuerySchema, type SimulationService } from '../simulations/index.ts'
import { repaymentChart } from './console-chart.ts'
import { csrfField, page, when } from './console-layout.ts'
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
const STATUS_LIST: Record<Kind, string> = { simulations: 'workflow-states-simulation', processes: 'workflow-states-proposal' }
/** The notification types Callback Echo sends about each kind of resource. */
const ECHO_TYPES: Record<Kind, readonly number[]> = { simulations: [6, 7], processes: [5, 7] }

/** The bank's side by hand, as the sandbox control API does it: a status through the workflow, a bank message. */
function driveForms(lang: Lang, kind: Kind, id: string, csrf: string, taxonomy: JourneyDeps['taxonomy']) {
  return html`<h2>${t(lang, 'drive')}</h2>
    <form method="post" action="/console/${kind}/${id}/status" class="filters">${csrfField(csrf)}
      <select name="statusId">${taxonomy.items(STATUS_LIST[kind]).map((s) => html`<option value="${s.id}">${s.id} ${s.description[lang]}</option>`)}</select>
      <button>${t(lang, 'forceStatus')}</button>
    </form>
    <form method="post" action="/console/${kind}/${id}/message" class="filters">${csrfField(csrf)}
      <label>${t(lang, 'bankMessage')} <input name="messageText" size="60" maxlength="1000" required /></label> <button>${t(lang, 'send')}</button>
    </form>
    <form method="post" action="/console/${kind}/${id}/echo" class="filters">${csrfField(csrf)}
      <select name="type">${ECHO_TYPES[kind].map((type) => html`<option>${type}</option>`)}</select> <button>${t(lang, 'echo')}</button>
    </form>`
}

type HistoryItem = { statusId: number; description: string; at: string; origin: string; userId: number | null }

/** Who moved a status: the partner's user, a scenario, the sandbox control. */
function byWhom(lang: Lang, origin: string, userId: number | null) {
  if (origin === 'api') return t(lang, 'byPartner', { user: userId ?? '?' })
  if (origin === 'scenario') return t(lang, 'byScenario')
  if (origin === 'sandbox' || origin === 'control') return t(lang, 'byControl')
  return origin
}

const timeline = (lang: Lang, items: HistoryItem[]) => html`<ol class="timeline">
  ${items.map((h) => html`<li data-status="${h.statusId}">${when(h.at)} <strong>${h.description}</strong> <span class="muted">${byWhom(lang, h.origin, h.userId)}</span></li>`)}
</ol>`

const FIGURES = ['loanAmount', 'loanDurationMonths', 'monthlyInstallmentAmount', 'tan', 'taeg', 'mtic', 'loanToValue'] as const

/** The engine's figures of a loan (instalment, TAN, TAEG, MTIC, LTV) and the borrowers' effort rate when the detail has it. */
function figures(lang: Lang, loan: Record<string, unknown>, borrowers?: Record<string, unknown>) {
  const effort = Object.entries(borrowers ?? {}).filter(([key]) => /dsti|effort/i.test(key))
  return html`<h2>${t(lang, 'figures')}</h2><dl class="figures">
    ${[...FIGURES.map((key) => [key, loan[key]] as const), ...effort].map(([key, value]) => html`<dt>${key}</dt><dd data-figure="${key}">${String(value ?? '')}</dd>`)}
  </dl>`
}

/** The loan's repayment chart, from the engine input it was priced with (the ESIS's own table). */
function chartOf(lang: Lang, loan: JourneyDeps['loan'], row: { engineInput: string; loanAmount: number }) {
  return html`<h2>${t(lang, 'repayment')}</h2>${repaymentChart(lang, loan.repaymentTable(JSON.parse(row.engineInput)), row.loanAmount)}`
}

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
          { lang, title: t(lang, 'simulations'), current: '/console/simulations', csrf: c.get('csrf') },
          html`${listFilters(lang, c.req.query(), 'filterSimulationStatus')}
            <table><thead><tr><th>#</th><th>${t(lang, 'status')}</th><th>keyBorrowerName</th><th>loanAmount</th><th>statusLastDate</th><th>origin</th></tr></thead><tbody>
            ${list.listSimulationDetail.map(
              (s) => html`<tr><td><a href="/console/simulations/${s.simulationUniqueID}">${s.simulationNumber}</a></td><td>${s.simulationStatusDescription}</td><td>${s.keyBorrowerName}</td><td>${s.loanAmount}</td><td>${when(s.statusLastDate)}</td><td>${s.origin}</td></tr>`,
            )}
            </tbody></table>`,
        ),
      )
    })
    .get('/simulations/:id', (c) => {
      const lang = c.get('consoleLang')
      const id = c.req.param('id')
      const detail = JSON.parse(deps.simulations.detailJson(auth(c), id, lang)) as Record<string, Record<string, unknown>>
      const section = detail.simulationDetail!
      const history = deps.simulations.statusHistory(auth(c), id).map((h) => ({ statusId: h.statusId, description: deps.simulations.describeStatus(h.statusId, lang), at: new Date(h.changedAt).toISOString(), origin: h.origin, userId: h.userId }))
      return c.html(
        page(
          { lang, title: `${t(lang, 'simulations')} ${section.simulationNumber}`, current: '/console/simulations', csrf: c.get('csrf'), flash: c.req.query('done') },
          html`<p><strong data-status="${section.simulationStatusId}">${section.simulationStatusDescription}</strong> · ${section.origin} ${section.processUniqueId ? html`· <a href="/console/processes/${section.processUniqueId}">${t(lang, 'processes')} ${section.processNumber}</a>` : ''}</p>
            <p><a class="button" href="/console/simulations/${id}/esis.pdf">${t(lang, 'esis')}</a></p>
            ${figures(lang, detail.loanSimulationDetail ?? {}, detail.borrowerSimulationDetail)}
            ${chartOf(lang, deps.loan, deps.simulations.find(auth(c), id))}
            <h2>${t(lang, 'timeline')}</h2>${timeline(lang, history)}
            ${driveForms(lang, 'simulations', id, c.get('csrf'), deps.taxonomy)}`,
        ),
      )
    })
    .get('/processes', (c) => {
      const lang = c.get('consoleLang')
      const list = deps.processes.list(auth(c), apiQuery(ProcessListQuerySchema, c.req.query()), lang)
      return c.html(
        page(
          { lang, title: t(lang, 'processes'), current: '/console/processes', csrf: c.get('csrf') },
          html`${listFilters(lang, c.req.query(), 'filterProcessStatus')}
            <table><thead><tr><th>#</th><th>${t(lang, 'status')}</th><th>keyBorrowerName</th><th>loanAmount</th><th>statusLastDate</th></tr></thead><tbody>
            ${list.listProcessDetail.map(
              (p) => html`<tr><td><a href="/console/processes/${p.processUniqueID}">${p.processNumber}</a></td><td>${p.processStatusDescription}</td><td>${p.keyBorrowerName ?? ''}</td><td>${p.loanAmount}</td><td>${when(p.statusLastDate)}</td></tr>`,
            )}
            </tbody></table>`,
        ),
      )
    })
    .get('/processes/:id', (c) => {
      const lang = c.get('consoleLang')
      const detail = deps.processes.detail(auth(c), c.req.param('id'), lang)
      const section = detail.processDetail
      const history = detail.statusHistory.map((h) => ({ statusId: h.processStatusId, description: h.processStatusDescription, at: h.statusDate, origin: h.origin, userId: h.userId ?? null }))
      return c.html(
        page(
          { lang, title: `${t(lang, 'processes')} ${section.processNumber}`, current: '/console/processes', csrf: c.get('csrf'), flash: c.req.query('done') },
          html`<p><strong id="process-status" data-status="${section.processStatusId}">${section.processStatusDescription}</strong>${section.rejectReasonDescription ? ` · ${section.rejectReasonDescription}` : ''}</p>
            <p><a class="button" href="/console/processes/${section.processUniqueId}/esis.pdf">${t(lang, 'esis')}</a></p>
            <h2>${t(lang, 'timeline')}</h2>${timeline(lang, history)}
            ${figures(lang, detail.loanProcessDetail as unknown as Record<string, unknown>)}
            ${chartOf(lang, deps.loan, deps.processes.find(auth(c), section.processUniqueId))}
            ${driveForms(lang, 'processes', section.processUniqueId, c.get('csrf'), deps.taxonomy)}`,
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
