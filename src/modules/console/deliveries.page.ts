import { Hono, type Context } from 'hono'
import { html } from 'hono/html'
import { ApiError } from '../../common/api-error.ts'
import type { Lang } from '../../common/language.ts'
import type { CallbackService } from '../callbacks/index.ts'
import type { TriggerService } from '../sandbox-control/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { chrome, csrfField, page, pretty, statusClass, when } from './console-layout.ts'
import type { ConsoleEnv } from './console-session-middleware.ts'
import { t } from './console-text.ts'
import { back, partnerOf, scopeOf } from './operations.page.ts'

export interface DeliveryPageDeps {
  callbacks: Pick<CallbackService, 'deliveries' | 'delivery' | 'redeliver' | 'list' | 'configuration'>
  taxonomy: Pick<TaxonomyCatalog, 'items'>
  /** One real notification of a type, sent from the page (POST /sandbox/trigger's service). */
  trigger: Pick<TriggerService, 'trigger'>
}

const STATUSES = ['pending', 'delivered', 'failed', 'disabled', 'skipped'] as const
const NOTIFICATION_TYPES = 'notification-types'

const deliveryClass = (status: string) => (status === 'delivered' ? 'ok' : status === 'failed' ? 'failed' : 'refused')

/** The simulation or process a notification is about, linked. */
function recordLink(lang: Lang, n: { processUniqueId: string | null; simulationUniqueId: string | null }) {
  if (n.processUniqueId) return html`<a href="/console/processes/${n.processUniqueId}">${t(lang, 'process')} ${n.processUniqueId.slice(0, 8)}</a>`
  if (n.simulationUniqueId) return html`<a href="/console/simulations/${n.simulationUniqueId}">${t(lang, 'simulation')} ${n.simulationUniqueId.slice(0, 8)}</a>`
  return ''
}

/** The type's name in the page's language, from the notification-types list. */
function typeNames(deps: DeliveryPageDeps, lang: Lang) {
  const items = deps.taxonomy.items(NOTIFICATION_TYPES)
  const names = new Map(items.map((item) => [item.id, item.description[lang]]))
  return { items, nameOf: (id: number) => names.get(id) ?? String(id) }
}

/** The delivery log as one compact table (a row a notification) and the partner's configurations. */
function logPage(c: Context<ConsoleEnv>, deps: DeliveryPageDeps, lang: Lang, revealed?: { notificationTypeId: number; signingSecret: string }) {
  const query = c.req.query()
  const status = STATUSES.find((s) => s === query.status)
  const type = query.type && /^\d{1,3}$/.test(query.type) ? Number(query.type) : undefined
  const log = deps.callbacks.deliveries(scopeOf(c), { lineCount: 50, status, notificationTypeId: type })
  const configurations = deps.callbacks.list(c.get('auth'), partnerOf(c), lang)
  const { items, nameOf } = typeNames(deps, lang)
  return html`<form class="filters" method="get">
      <label>${t(lang, 'status')} <select name="status"><option value="">${t(lang, 'all')}</option>${STATUSES.map((s) => html`<option ${s === status ? 'selected' : ''}>${s}</option>`)}</select></label>
      <label>${t(lang, 'type')} <select name="type"><option value="">${t(lang, 'all')}</option>${items.map((i) => html`<option value="${i.id}" ${i.id === type ? 'selected' : ''}>${i.id} ${i.description[lang]}</option>`)}</select></label>
      <button>${t(lang, 'filter')}</button>
    </form>
    <form class="filters" method="post" action="/console/deliveries/trigger" id="trigger-form">${csrfField(c.get('csrf'))}
      <label>${t(lang, 'type')} <select name="notificationType">${items.map((i) => html`<option value="${i.code ?? i.id}">${i.id} ${i.description[lang]}</option>`)}</select></label>
      <button>${t(lang, 'sendNotification')}</button> <span class="hint">${t(lang, 'sendNotificationHint')}</span>
    </form>
    <div class="scroll" tabindex="0"><table class="deliveries compact">
      <thead><tr><th>${t(lang, 'time')}</th><th>${t(lang, 'type')}</th><th>${t(lang, 'record')}</th><th>${t(lang, 'status')}</th><th>${t(lang, 'attempts')}</th><th>${t(lang, 'lastAnswer')}</th></tr></thead>
      <tbody>
      ${log.entries.map((n) => {
        const last = n.attemptList.at(-1)
        return html`<tr data-notification-id="${n.notificationId}">
          <td><a href="/console/deliveries/${n.notificationId}">${when(n.createdAt)}</a></td>
          <td>${nameOf(n.notificationTypeId)}${n.test ? html` <span class="muted">(test)</span>` : ''}</td>
          <td>${recordLink(lang, n)}</td>
          <td class="${deliveryClass(n.status)}">${n.status}${n.listen?.status === 'delivered' ? html` <span class="muted">(listen${n.listen.replayed ? ', replayed' : ''})</span>` : ''}</td>
          <td>${n.attempts}</td>
          <td class="excerpt">${last ? html`<span class="${statusClass(last.httpStatus)}">${last.httpStatus ?? ''}</span> <code>${(last.responseExcerpt ?? last.error ?? '').slice(0, 80)}</code>` : ''}</td>
        </tr>`
      })}
      ${log.entries.length === 0 ? html`<tr><td colspan="6">${t(lang, 'none')}</td></tr>` : ''}
      </tbody>
    </table></div>
    <h2>${t(lang, 'configurations')}</h2>
    ${configurationTable(c, lang, configurations, revealed)}`
}

/** The partner's callback configurations; the secret of one shown when an administrator asked for it. */
export function configurationTable(
  c: Context<ConsoleEnv>,
  lang: Lang,
  configurations: ReturnType<CallbackService['list']>,
  revealed?: { notificationTypeId: number; signingSecret: string },
) {
  const admin = c.get('auth').admin
  return html`<div class="scroll" tabindex="0"><table><thead><tr><th>${t(lang, 'type')}</th><th>${t(lang, 'address')}</th><th>${t(lang, 'status')}</th><th>${t(lang, 'secret')}</th></tr></thead><tbody>
      ${configurations.map(
        (k) => html`<tr><td>${k.notificationType} ${k.notificationTypeDescription}</td><td><code>${k.callbackUrl}</code></td><td>${k.status}</td>
          <td>${revealed && revealed.notificationTypeId === k.notificationType ? html`<code class="secret">${revealed.signingSecret}</code>` : html`<code>${k.signingSecretPrefix}…</code> ${admin ? html`<a href="/console/callbacks/${k.notificationType}/secret">${t(lang, 'reveal')}</a>` : ''}`}</td></tr>`,
      )}
      ${configurations.length === 0 ? html`<tr><td colspan="4">${t(lang, 'none')}</td></tr>` : ''}
    </tbody></table></div>`
}

/** One notification: what was sent, each attempt with the headers sent and the partner server's answer, redeliver. */
function detailPage(c: Context<ConsoleEnv>, deps: DeliveryPageDeps, lang: Lang, n: ReturnType<CallbackService['delivery']>) {
  const { nameOf } = typeNames(deps, lang)
  return html`<p><span class="${deliveryClass(n.status)}" id="delivery-status">${n.status}</span> · ${nameOf(n.notificationTypeId)} · ${recordLink(lang, n)} · <code>${n.notificationId}</code> · ${when(n.createdAt)}
      ${n.nextAttemptAt ? html`· ${t(lang, 'nextAttempt')} ${when(n.nextAttemptAt)}` : ''} ${n.statusReason ? html`· ${n.statusReason}` : ''}</p>
    <form method="post" action="/console/deliveries/${n.notificationId}/retry">${csrfField(c.get('csrf'))}<button>${t(lang, 'redeliver')}</button></form>
    <h2>${t(lang, 'attempts')} (${n.attempts})</h2>
    <div class="scroll" tabindex="0"><table class="attempts"><thead><tr><th>#</th><th>${t(lang, 'time')}</th><th>${t(lang, 'address')}</th><th>${t(lang, 'status')}</th><th>${t(lang, 'latency')}</th><th>${t(lang, 'reply')}</th></tr></thead><tbody>
      ${n.attemptList.map(
        (
          a,
        ) => html`<tr><td>${a.attemptNumber}${a.through === 'listen' ? ' listen' : ''}</td><td>${when(a.attemptedAt)}</td><td><code>${a.callbackUrl}</code></td><td class="${statusClass(a.httpStatus)}">${a.httpStatus ?? a.error ?? ''}</td><td>${a.latencyMs} ms</td><td><code>${a.responseExcerpt ?? a.error ?? ''}</code></td></tr>
          ${
            a.requestHeaders
              ? html`<tr class="sent"><td></td><td colspan="5"><details><summary>${t(lang, 'headers')}</summary><pre tabindex="0" class="attempt-headers">${Object.entries(
                  a.requestHeaders,
                )
                  .map(([k, v]) => `${k}: ${v}`)
                  .join('\n')}</pre></details></td></tr>`
              : ''
          }`,
      )}
      ${n.attemptList.length === 0 ? html`<tr><td colspan="6">${t(lang, 'none')}</td></tr>` : ''}
    </tbody></table></div>
    <h2>${t(lang, 'body')}</h2><pre tabindex="0" class="notification-body">${pretty(JSON.stringify(n.notification))}</pre>
    <p><a href="/console/deliveries">${t(lang, 'back')}</a></p>`
}

/** Deliveries: the log, one notification, redelivery, a notification of a type sent on demand, a configuration's secret. */
export function deliveryPages(deps: DeliveryPageDeps) {
  const flash = (c: Context<ConsoleEnv>) => c.req.query('done')
  return new Hono<ConsoleEnv>()
    .get('/deliveries', (c) => {
      const lang = c.get('consoleLang')
      return c.html(page({ lang, title: t(lang, 'deliveries'), current: '/console/deliveries', ...chrome(c), flash: flash(c) }, logPage(c, deps, lang)))
    })
    .get('/deliveries/:notificationId', (c) => {
      const lang = c.get('consoleLang')
      const n = deps.callbacks.delivery(scopeOf(c), c.req.param('notificationId'))
      const { nameOf } = typeNames(deps, lang)
      return c.html(
        page(
          { lang, title: `${t(lang, 'notification')} ${nameOf(n.notificationTypeId)}`, current: '/console/deliveries', ...chrome(c), flash: flash(c) },
          detailPage(c, deps, lang, n),
        ),
      )
    })
    .get('/callbacks/:notificationType/secret', (c) => {
      const lang = c.get('consoleLang')
      const type = c.req.param('notificationType')
      const revealed = /^\d{1,3}$/.test(type) ? deps.callbacks.configuration(partnerOf(c), Number(type)) : undefined
      if (!revealed) throw new ApiError('NOT_FOUND', { field: 'notificationType', params: { resource: 'callback configuration', id: type } })
      return c.html(page({ lang, title: t(lang, 'deliveries'), current: '/console/deliveries', ...chrome(c) }, logPage(c, deps, lang, revealed)))
    })
    .post('/deliveries/trigger', async (c) => {
      const notificationType = String((await c.req.parseBody()).notificationType ?? '')
      const made = await deps.trigger.trigger(c.get('auth'), { notificationType })
      return back(c, `/console/deliveries/${encodeURIComponent(made.notificationId)}`, `${t(c.get('consoleLang'), 'notificationSent')} ${made.notificationType}`)
    })
    .post('/deliveries/:notificationId/retry', (c) => {
      const id = c.req.param('notificationId')
      deps.callbacks.redeliver(scopeOf(c), id)
      return back(c, `/console/deliveries/${encodeURIComponent(id)}`, t(c.get('consoleLang'), 'redelivered'))
    })
}
