import { Hono, type Context } from 'hono'
import { html } from 'hono/html'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import { brokerScopeOf } from '../../db/broker-scope.ts'
import { PROCESS_STATUSES, SIMULATION_STATUSES } from '../../domain/workflow/index.ts'
import type { CallbackService } from '../callbacks/index.ts'
import type { LoanService } from '../loan/index.ts'
import type { MessageService, ProcessService } from '../processes/index.ts'
import type { SimulationService } from '../simulations/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { repaymentChart } from './console-chart.ts'
import { figure } from './console-format.ts'
import { chrome, page, when } from './console-layout.ts'
import type { ConsoleEnv } from './console-session-middleware.ts'
import { t } from './console-text.ts'
import { driveForms, fields, figures, nextStatuses, timeline } from './record-views.ts'

export interface RecordPageDeps {
  simulations: Pick<SimulationService, 'detailJson' | 'statusHistory' | 'describeStatus' | 'find'>
  processes: Pick<ProcessService, 'detail' | 'find' | 'borrowersOf' | 'documents'>
  messages: Pick<MessageService, 'simulation' | 'process'>
  callbacks: Pick<CallbackService, 'deliveriesOf'>
  taxonomy: Pick<TaxonomyCatalog, 'items'>
  loan: Pick<LoanService, 'repaymentTable'>
}

/** The notification types Callback Echo sends about each kind of resource. */
const ECHO_TYPES = { simulations: [6, 7], processes: [5, 7] } as const

const auth = (c: Context<ConsoleEnv>): AuthContext => c.get('auth')

function namesOf(taxonomy: RecordPageDeps['taxonomy'], list: string, lang: Lang) {
  const names = new Map(taxonomy.items(list).map((item) => [item.id, item.description[lang]]))
  return (id: number) => names.get(id) ?? String(id)
}

/** The record's messages, both ways, oldest first. */
function messageList(lang: Lang, messages: Array<{ messageUniqueID: string; messageText: string; messageDate: string; origin: string; userName?: string | null }>) {
  if (messages.length === 0) return html`<p class="muted">${t(lang, 'none')}</p>`
  return html`<ol class="messages">${[...messages].reverse().map(
    (m) => html`<li class="${m.origin === 'BANK' ? 'bank' : 'broker'}" data-message-id="${m.messageUniqueID}">
      <span class="muted">${when(m.messageDate)} · ${m.origin === 'BANK' ? t(lang, 'fromBank') : `${t(lang, 'fromBroker')}${m.userName ? ` (${m.userName})` : ''}`}</span>
      <p>${m.messageText}</p></li>`,
  )}</ol>`
}

function chartOf(lang: Lang, loan: RecordPageDeps['loan'], row: { engineInput: string; loanAmount: number }) {
  return html`<h2>${t(lang, 'repayment')}</h2>${repaymentChart(lang, loan.repaymentTable(JSON.parse(row.engineInput)), row.loanAmount)}`
}

/** A simulation's and a process's page: the whole journey of the record on one page. */
export function recordPages(deps: RecordPageDeps) {
  return new Hono<ConsoleEnv>()
    .get('/simulations/:id', (c) => {
      const lang = c.get('consoleLang')
      const id = c.req.param('id')
      const detail = JSON.parse(deps.simulations.detailJson(auth(c), id, lang)) as Record<string, Record<string, unknown>>
      const section = detail.simulationDetail!
      const statusId = Number(section.simulationStatusId)
      const history = deps.simulations.statusHistory(auth(c), id).map((h) => ({
        statusId: h.statusId,
        description: deps.simulations.describeStatus(h.statusId, lang),
        at: new Date(h.changedAt).toISOString(),
        origin: h.origin,
        userId: h.userId,
      }))
      const sent = deps.callbacks.deliveriesOf(brokerScopeOf(auth(c)), { simulationUniqueId: id })
      const messages = deps.messages.simulation.list(auth(c), id, { lineCount: 100 }).listMessageDetail
      const next = nextStatuses(SIMULATION_STATUSES, statusId).map((s) => ({ id: s, name: deps.simulations.describeStatus(s, lang) }))
      const loan = detail.loanSimulationDetail ?? {}
      return c.html(
        page(
          {
            lang,
            title: `${t(lang, 'simulation')} ${section.simulationNumber} · ${section.keyBorrowerName ?? ''} · ${figure(lang, 'loanAmount', loan.loanAmount)}`,
            current: '/console/simulations',
            ...chrome(c),
            flash: c.req.query('done'),
          },
          html`<p><strong data-status="${statusId}" id="simulation-status">${section.simulationStatusDescription}</strong> · ${section.origin} · <code>${id}</code>
              ${section.processUniqueId ? html`· <a href="/console/processes/${section.processUniqueId}">${t(lang, 'process')} ${section.processNumber}</a>` : ''}</p>
            <p><a class="button" href="/console/simulations/${id}/esis.pdf">${t(lang, 'esis')}</a></p>
            <div class="columns">
              <section>${figures(lang, loan, detail.borrowerSimulationDetail)}</section>
              <section><h2>${t(lang, 'timeline')}</h2>${timeline(lang, history, sent, namesOf(deps.taxonomy, 'notification-types', lang))}</section>
            </div>
            <h2>${t(lang, 'messages')}</h2>${messageList(lang, messages)}
            ${chartOf(lang, deps.loan, deps.simulations.find(auth(c), id))}
            ${driveForms(lang, 'simulations', id, c.get('csrf'), { next, echoTypes: ECHO_TYPES.simulations, open: true })}`,
        ),
      )
    })
    .get('/processes/:id', (c) => {
      const lang = c.get('consoleLang')
      const detail = deps.processes.detail(auth(c), c.req.param('id'), lang)
      const section = detail.processDetail
      const id = section.processUniqueId
      const history = detail.statusHistory.map((h) => ({
        statusId: h.processStatusId,
        description: h.processStatusDescription,
        at: h.statusDate,
        origin: h.origin,
        userId: h.userId ?? null,
      }))
      const sent = deps.callbacks.deliveriesOf(brokerScopeOf(auth(c)), { processUniqueId: id })
      const messages = deps.messages.process.list(auth(c), id, { lineCount: 100 }).listMessageDetail
      const statusName = namesOf(deps.taxonomy, 'workflow-states-proposal', lang)
      const next = nextStatuses(PROCESS_STATUSES, section.processStatusId).map((s) => ({ id: s, name: statusName(s) }))
      const borrowers = deps.processes.borrowersOf(id)
      const keyName = (borrowers[0]?.personal as Record<string, unknown> | undefined)?.name
      const property = detail.propertyProcessDetail
      return c.html(
        page(
          {
            lang,
            title: `${t(lang, 'process')} ${section.processNumber}${keyName ? ` · ${String(keyName)}` : ''} · ${figure(lang, 'loanAmount', detail.loanProcessDetail.loanAmount)}`,
            current: '/console/processes',
            ...chrome(c),
            flash: c.req.query('done'),
          },
          html`<p><strong id="process-status" data-status="${section.processStatusId}">${section.processStatusDescription}</strong>${section.rejectReasonDescription ? ` · ${section.rejectReasonDescription}` : ''}
              · <code>${id}</code> · ${t(lang, 'cameFrom')} <a href="/console/simulations/${section.simulationUniqueId}" id="from-simulation">${t(lang, 'simulation')}</a></p>
            <p><a class="button" href="/console/processes/${id}/esis.pdf">${t(lang, 'esis')}</a></p>
            <div class="columns">
              <section>${figures(lang, detail.loanProcessDetail as unknown as Record<string, unknown>)}</section>
              <section><h2>${t(lang, 'timeline')}</h2>${timeline(lang, history, sent, namesOf(deps.taxonomy, 'notification-types', lang))}</section>
            </div>
            <h2>${t(lang, 'borrowers')} (${borrowers.length})</h2>
            ${borrowers.map(
              (
                b,
                i,
              ) => html`<details class="borrower" id="borrower-${b.borrowerUniqueId}" ${i < 2 ? 'open' : ''}><summary>${String((b.personal as Record<string, unknown>).name ?? b.borrowerUniqueId)} <code>${b.borrowerUniqueId}</code></summary>
                ${fields(lang, { personal: b.personal, financial: b.financial, professional: b.professional })}</details>`,
            )}
            <h2>${t(lang, 'documents')} (${detail.documents.length})</h2>
            <div class="scroll" tabindex="0"><table class="documents"><thead><tr><th>${t(lang, 'type')}</th><th>${t(lang, 'name')}</th><th>${t(lang, 'time')}</th><th></th></tr></thead><tbody>
              ${detail.documents.map(
                (
                  d,
                ) => html`<tr id="document-${d.documentUniqueID}"><td>${d.documentTypeDescription}</td><td>${d.fileName} <span class="muted">${Math.ceil(d.size / 1024)} KB</span></td><td>${when(d.uploadDate)}</td>
                  <td><a href="/console/processes/${id}/documents/${d.documentUniqueID}">${t(lang, 'download')}</a></td></tr>`,
              )}
              ${detail.documents.length === 0 ? html`<tr><td colspan="4">${t(lang, 'none')}</td></tr>` : ''}
            </tbody></table></div>
            <h2>${t(lang, 'property')}</h2>
            ${property ? html`<div id="property-${property.propertyUniqueId}">${fields(lang, property as unknown as Record<string, unknown>)}</div>` : html`<p class="muted">${t(lang, 'none')}</p>`}
            <h2>${t(lang, 'messages')}</h2>${messageList(lang, messages)}
            ${chartOf(lang, deps.loan, deps.processes.find(auth(c), id))}
            ${driveForms(lang, 'processes', id, c.get('csrf'), { next, echoTypes: ECHO_TYPES.processes, open: true })}`,
        ),
      )
    })
    .get('/processes/:id/documents/:documentUniqueId', (c) => {
      const content = deps.processes.documents.content(auth(c), c.req.param('id'), c.req.param('documentUniqueId'))
      const name = content.fileName.replace(/["\\\r\n]/g, '_')
      return c.body(new Uint8Array(Buffer.concat(content.slices)), 200, { 'Content-Type': content.contentType, 'Content-Disposition': `attachment; filename="${name}"` })
    })
}
