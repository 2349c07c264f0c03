import { Hono, type Context } from 'hono'
import { html } from 'hono/html'
import { brokerScopeOf } from '../../db/broker-scope.ts'
import { ApiError } from '../../common/api-error.ts'
import type { Lang } from '../../common/language.ts'
import type { CallbackService } from '../callbacks/index.ts'
import type { MailboxService } from '../mailbox/index.ts'
import type { SandboxClockService } from '../sandbox-clock/index.ts'
import type { SandboxResetService } from '../housekeeping/index.ts'
import { csrfField, page, pretty, statusClass, when } from './console-layout.ts'
import type { ConsoleEnv } from './console-session-middleware.ts'
import { t } from './console-text.ts'

export interface OperationDeps {
  callbacks: Pick<CallbackService, 'deliveries' | 'redeliver' | 'list' | 'configuration'>
  testClock: Pick<SandboxClockService, 'status' | 'advance'>
  reset: Pick<SandboxResetService, 'reset'>
  mailbox: Pick<MailboxService, 'list' | 'attachment'>
}

export const partnerOf = (c: Context<ConsoleEnv>) => c.get('auth').partnerUniqueID
/** What the caller's pages show of the partner's records: its broker's (docs/design.md "Roles"). */
export const scopeOf = (c: Context<ConsoleEnv>) => brokerScopeOf(c.get('auth'))

/** After a form: back to the page with a message (the page reads ?done=). */
export const back = (c: Context<ConsoleEnv>, to: string, done: string) => c.redirect(`${to}?done=${encodeURIComponent(done)}`, 303)

/** The deliveries of the caller's broker and the partner's configurations; `revealed`: one configuration whose secret an administrator asked to see. */
function deliveriesPage(c: Context<ConsoleEnv>, deps: OperationDeps, lang: Lang, revealed?: { notificationTypeId: number; signingSecret: string }) {
  const query = c.req.query()
  const status = ['pending', 'delivered', 'failed', 'disabled', 'skipped'].find((s) => s === query.status) as 'pending' | undefined
  const type = query.type && /^\d{1,3}$/.test(query.type) ? Number(query.type) : undefined
  const log = deps.callbacks.deliveries(scopeOf(c), { lineCount: 50, status, notificationTypeId: type })
  const configurations = deps.callbacks.list(c.get('auth'), partnerOf(c), lang)
  const admin = c.get('auth').admin
  return html`<form class="filters" method="get">
      <select name="status"><option value="">${t(lang, 'all')}</option>${['pending', 'delivered', 'failed', 'disabled', 'skipped'].map((s) => html`<option ${s === status ? 'selected' : ''}>${s}</option>`)}</select>
      <label>${t(lang, 'type')} <input name="type" value="${query.type ?? ''}" size="4" /></label>
      <button>${t(lang, 'filter')}</button>
    </form>
    ${log.entries.map(
      (n) => html`<section class="delivery" data-notification-id="${n.notificationId}">
        <h2>${n.notification.notificationType} <span class="${n.status === 'delivered' ? 'ok' : n.status === 'failed' ? 'failed' : 'refused'}">${n.status}</span></h2>
        <p><code>${n.notificationId}</code> · ${when(n.createdAt)} · ${t(lang, 'attempts')}: ${n.attempts} ${n.nextAttemptAt ? html`· ${t(lang, 'nextAttempt')} ${when(n.nextAttemptAt)}` : ''} ${n.statusReason ? html`· ${n.statusReason}` : ''}</p>
        <table class="attempts"><thead><tr><th>#</th><th>${t(lang, 'time')}</th><th>${t(lang, 'status')}</th><th>${t(lang, 'latency')}</th><th>${t(lang, 'reply')}</th></tr></thead><tbody>
          ${n.attemptList.map(
            (a) => html`<tr><td>${a.attemptNumber}${a.through === 'listen' ? ' listen' : ''}</td><td>${when(a.attemptedAt)}</td><td class="${statusClass(a.httpStatus)}">${a.httpStatus ?? a.error ?? ''}</td><td>${a.latencyMs} ms</td><td><code>${a.responseExcerpt ?? a.error ?? ''}</code></td></tr>
              ${a.requestHeaders ? html`<tr class="sent"><td></td><td colspan="4"><details><summary>${t(lang, 'headers')}</summary><pre class="attempt-headers">${Object.entries(a.requestHeaders).map(([k, v]) => `${k}: ${v}`).join('\n')}</pre></details></td></tr>` : ''}`,
          )}
        </tbody></table>
        <details><summary>${t(lang, 'body')}</summary><pre>${pretty(JSON.stringify(n.notification))}</pre></details>
        <form method="post" action="/console/deliveries/${n.notificationId}/retry">${csrfField(c.get('csrf'))}<button>${t(lang, 'redeliver')}</button></form>
      </section>`,
    )}
    ${log.entries.length === 0 ? html`<p>${t(lang, 'none')}</p>` : ''}
    <h2>${t(lang, 'configurations')}</h2>
    <table><thead><tr><th>${t(lang, 'type')}</th><th>${t(lang, 'address')}</th><th>${t(lang, 'status')}</th><th>${t(lang, 'secret')}</th></tr></thead><tbody>
      ${configurations.map(
        (k) => html`<tr><td>${k.notificationType} ${k.notificationTypeDescription}</td><td><code>${k.callbackUrl}</code></td><td>${k.status}</td>
          <td>${revealed && revealed.notificationTypeId === k.notificationType ? html`<code class="secret">${revealed.signingSecret}</code>` : html`<code>${k.signingSecretPrefix}…</code> ${admin ? html`<a href="/console/callbacks/${k.notificationType}/secret">${t(lang, 'reveal')}</a>` : ''}`}</td></tr>`,
      )}
    </tbody></table>`
}

function drivePage(c: Context<ConsoleEnv>, deps: OperationDeps, lang: Lang) {
  const clock = deps.testClock.status(partnerOf(c))
  const now = html`<h2>${t(lang, 'clock')}</h2>
    <p><strong id="clock-now">${when(clock.now)}</strong> · ${t(lang, 'offset')} <span id="clock-offset">${clock.offsetSeconds}</span> ${t(lang, 'seconds')}</p>`
  // Moving the partner's clock and erasing its data are partner-wide: an administrator's.
  if (!c.get('auth').admin) return html`${now}<p class="hint" id="admin-only">${t(lang, 'adminOnly')}</p>`
  return html`${now}
    <form method="post" action="/console/drive/advance">${csrfField(c.get('csrf'))}
      <input name="seconds" type="number" min="1" max="34560000" value="35" required /> ${t(lang, 'seconds')} <button>${t(lang, 'advance')}</button>
    </form>
    <h2>${t(lang, 'reset')}</h2>
    <form method="post" action="/console/drive/reset">${csrfField(c.get('csrf'))}
      <label><input type="checkbox" name="confirm" value="yes" /> ${t(lang, 'resetConfirm')}</label> <button class="danger">${t(lang, 'reset')}</button>
    </form>`
}

/** Deliveries, the drive controls (clock, reset) and the mailbox. */
export function operationPages(deps: OperationDeps) {
  const flash = (c: Context<ConsoleEnv>) => c.req.query('done')
  return new Hono<ConsoleEnv>()
    .get('/deliveries', (c) => {
      const lang = c.get('consoleLang')
      return c.html(page({ lang, title: t(lang, 'deliveries'), current: '/console/deliveries', csrf: c.get('csrf'), flash: flash(c) }, deliveriesPage(c, deps, lang)))
    })
    .get('/callbacks/:notificationType/secret', (c) => {
      const lang = c.get('consoleLang')
      const type = c.req.param('notificationType')
      const revealed = /^\d{1,3}$/.test(type) ? deps.callbacks.configuration(partnerOf(c), Number(type)) : undefined
      if (!revealed) throw new ApiError('NOT_FOUND', { field: 'notificationType', params: { resource: 'callback configuration', id: type } })
      return c.html(page({ lang, title: t(lang, 'deliveries'), current: '/console/deliveries', csrf: c.get('csrf') }, deliveriesPage(c, deps, lang, revealed)))
    })
    .post('/deliveries/:notificationId/retry', (c) => {
      deps.callbacks.redeliver(scopeOf(c), c.req.param('notificationId'))
      return back(c, '/console/deliveries', t(c.get('consoleLang'), 'redelivered'))
    })
    .get('/drive', (c) => {
      const lang = c.get('consoleLang')
      return c.html(page({ lang, title: t(lang, 'drive'), current: '/console/drive', csrf: c.get('csrf'), flash: flash(c) }, drivePage(c, deps, lang)))
    })
    .post('/drive/advance', async (c) => {
      const lang = c.get('consoleLang')
      const seconds = Number((await c.req.parseBody()).seconds)
      if (!Number.isInteger(seconds) || seconds < 1 || seconds > 34_560_000) return back(c, '/console/drive', `seconds: 1 … 34560000`)
      const result = await deps.testClock.advance(partnerOf(c), seconds)
      return back(c, '/console/drive', t(lang, 'advanced', { jobs: result.jobsRun, attempts: result.deliveryAttempts }))
    })
    .post('/drive/reset', async (c) => {
      const lang = c.get('consoleLang')
      if ((await c.req.parseBody()).confirm !== 'yes') return back(c, '/console/drive', t(lang, 'resetNeedsConfirm'))
      deps.reset.reset(partnerOf(c))
      return back(c, '/console/drive', t(lang, 'resetDone'))
    })
    .get('/mailbox', (c) => {
      const lang = c.get('consoleLang')
      const { mailList } = deps.mailbox.list(scopeOf(c), { lineCount: 50 })
      return c.html(
        page(
          { lang, title: t(lang, 'mailbox'), current: '/console/mailbox', csrf: c.get('csrf') },
          html`<table><thead><tr><th>${t(lang, 'time')}</th><th>${t(lang, 'to')}</th><th>${t(lang, 'subject')}</th><th>${t(lang, 'attachment')}</th></tr></thead><tbody>
            ${mailList.map(
              (m) => html`<tr><td>${when(m.sentAt)}</td><td>${m.to}</td><td>${m.subject}</td><td>${m.attachments.map((a) => html`<a href="/console/mailbox/${m.messageId}/attachments/${a.position}">${a.filename}</a> `)}</td></tr>`,
            )}
          </tbody></table>${mailList.length === 0 ? html`<p>${t(lang, 'none')}</p>` : ''}`,
        ),
      )
    })
    .get('/mailbox/:messageId/attachments/:position', (c) => {
      const found = deps.mailbox.attachment(scopeOf(c), c.req.param('messageId'), Number(c.req.param('position')))
      return c.body(new Uint8Array(found.content), 200, { 'Content-Type': found.contentType, 'Content-Disposition': `attachment; filename="${found.filename}"` })
    })
}
