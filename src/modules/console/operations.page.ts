import { Hono, type Context } from 'hono'
import { html } from 'hono/html'
import { brokerScopeOf } from '../../db/broker-scope.ts'
import { ApiError } from '../../common/api-error.ts'
import type { Lang } from '../../common/language.ts'
import type { CallbackService } from '../callbacks/index.ts'
import type { MailboxService } from '../mailbox/index.ts'
import type { SandboxClockService } from '../sandbox-control/index.ts'
import type { SandboxResetService } from '../housekeeping/index.ts'
import { csrfField, chrome, page, pretty, statusClass, when } from './console-layout.ts'
import type { ConsoleEnv } from './console-session-middleware.ts'
import { t } from './console-text.ts'

export interface OperationDeps {
  callbacks: Pick<CallbackService, 'deliveries' | 'delivery' | 'redeliver' | 'list' | 'configuration'>
  testClock: Pick<SandboxClockService, 'status' | 'advance'>
  reset: Pick<SandboxResetService, 'reset'>
  mailbox: Pick<MailboxService, 'list' | 'attachment'>
}

export const partnerOf = (c: Context<ConsoleEnv>) => c.get('auth').partnerUniqueID
/** What the caller's pages show of the partner's records: its broker's (docs/design.md "Roles"). */
export const scopeOf = (c: Context<ConsoleEnv>) => brokerScopeOf(c.get('auth'))

/** After a form: back to the page with a message (the page reads ?done=). */
export const back = (c: Context<ConsoleEnv>, to: string, done: string) => c.redirect(`${to}?done=${encodeURIComponent(done)}`, 303)

function drivePage(c: Context<ConsoleEnv>, deps: OperationDeps, lang: Lang) {
  const clock = deps.testClock.status(partnerOf(c))
  const now = html`<h2>${t(lang, 'clock')}</h2>
    <p><strong id="clock-now">${when(clock.now)}</strong> · ${t(lang, 'offset')} <span id="clock-offset">${clock.offsetSeconds}</span> ${t(lang, 'seconds')}</p>`
  // Moving the partner's clock and erasing its data are partner-wide: an administrator's.
  if (!c.get('auth').admin) return html`${now}<p class="hint" id="admin-only">${t(lang, 'adminOnly')}</p>`
  return html`${now}
    <form method="post" action="/console/drive/advance">${csrfField(c.get('csrf'))}
      <label>${t(lang, 'advance')} <input name="seconds" type="number" min="1" max="34560000" value="35" required /> ${t(lang, 'seconds')}</label> <button>${t(lang, 'advance')}</button>
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
    .get('/drive', (c) => {
      const lang = c.get('consoleLang')
      return c.html(page({ lang, title: t(lang, 'drive'), current: '/console/drive', ...chrome(c), flash: flash(c) }, drivePage(c, deps, lang)))
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
          { lang, title: t(lang, 'mailbox'), current: '/console/mailbox', ...chrome(c) },
          html`<table><thead><tr><th>${t(lang, 'time')}</th><th>${t(lang, 'to')}</th><th>${t(lang, 'subject')}</th><th>${t(lang, 'attachment')}</th></tr></thead><tbody>
            ${mailList.map(
              (m) =>
                html`<tr><td>${when(m.sentAt)}</td><td>${m.to}</td><td>${m.subject}</td><td>${m.attachments.map((a) => html`<a href="/console/mailbox/${m.messageId}/attachments/${a.position}">${a.filename}</a> `)}</td></tr>`,
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
