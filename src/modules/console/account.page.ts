import { Hono, type Context } from 'hono'
import { html } from 'hono/html'
import { ApiError } from '../../common/api-error.ts'
import type { Lang } from '../../common/language.ts'
import { zodProblems } from '../../common/zod-problems.ts'
import type { CallbackService } from '../callbacks/index.ts'
import type { createPartners } from '../partners/index.ts'
import { chrome, csrfField, page, when } from './console-layout.ts'
import type { ConsoleEnv } from './console-session-middleware.ts'
import { costlyOperations } from '../../http/fair-share/operation-costs.ts'
import { RENDER_BUDGET, type FairShareSettings } from '../../http/fair-share/fair-share.ts'
import { t } from './console-text.ts'
import { AddUserFormSchema, UserIdParamSchema } from './console.schemas.ts'
import { configurationTable } from './deliveries.page.ts'
import { back, partnerOf } from './operations.page.ts'

type Account = ReturnType<typeof createPartners>['account']

export interface AccountPageDeps {
  partners: { account: Pick<Account, 'view' | 'addUser' | 'resetPassword' | 'revokeTokens' | 'deactivate'> }
  callbacks: Pick<CallbackService, 'list'>
  /** The partner's fair share (a hosted sandbox's): its settings say what requests cost. */
  fairShare?: { settings: FairShareSettings } | undefined
}

const MiB = 1024 * 1024
const amount = (lang: Lang, kind: string, n: number | null) =>
  n === null || n === 0
    ? n === null
      ? t(lang, 'noLimit')
      : '0'
    : kind === 'storageBytes'
      ? `${(n / MiB).toLocaleString(lang, { maximumFractionDigits: 1 })} MB`
      : n.toLocaleString(lang)

/** The partner, its brokers and users, its callbacks, quotas, rate limit and retention; an administrator's forms. */
function accountView(c: Context<ConsoleEnv>, deps: AccountPageDeps, lang: Lang) {
  const auth = c.get('auth')
  const view = deps.partners.account.view(auth)
  const settings = deps.fairShare?.settings
  const renders = settings ? (settings.renders ?? RENDER_BUDGET) : undefined
  const csrf = c.get('csrf')
  const userForms = (userId: number, self: boolean) =>
    auth.admin
      ? html`<form method="post" action="/console/account/users/${userId}/password" class="inline">${csrfField(csrf)}<button>${t(lang, 'resetPassword')}</button></form>
          <form method="post" action="/console/account/users/${userId}/revoke-tokens" class="inline">${csrfField(csrf)}<button class="secondary">${t(lang, 'revokeTokens')}</button></form>
          ${self ? '' : html`<form method="post" action="/console/account/users/${userId}/deactivate" class="inline">${csrfField(csrf)}<button class="danger">${t(lang, 'deactivate')}</button></form>`}`
      : ''
  return html`<dl class="figures">
      <dt>${t(lang, 'title')}</dt><dd><strong>${view.partnerName}</strong> <code>${view.partnerUniqueID}</code></dd>
      <dt>${t(lang, 'status')}</dt><dd>${view.status} · Sandbox ${view.mode}</dd>
      <dt>${t(lang, 'rateLimit')}</dt><dd id="rate-limit">${view.rateLimit ? t(lang, 'rateLimitText', { perSecond: view.rateLimit.perSecond.toLocaleString(lang), burst: view.rateLimit.burst.toLocaleString(lang) }) : t(lang, 'noLimit')}</dd>
      ${renders ? html`<dt>${t(lang, 'renderBudget')}</dt><dd id="render-budget">${t(lang, 'renderBudgetText', { perSecond: renders.msPerSecond.toLocaleString(lang), burst: renders.burstMs.toLocaleString(lang) })}</dd>` : ''}
      <dt>${t(lang, 'retention')}</dt><dd>${view.retention.days === null ? t(lang, 'noLimit') : `${view.retention.days} ${t(lang, 'days')}`}</dd>
    </dl>
    ${auth.admin ? '' : html`<p class="hint" id="admin-only">${t(lang, 'accountAdminOnly')}</p>`}
    <h2>${t(lang, 'brokers')} · ${t(lang, 'users')}</h2>
    <div class="scroll" tabindex="0"><table class="users">
      <thead><tr><th>${t(lang, 'brokers')}</th><th>${t(lang, 'username')}</th><th>${t(lang, 'name')}</th><th>${t(lang, 'email')}</th><th>${t(lang, 'status')}</th><th></th></tr></thead>
      <tbody>${view.brokers.flatMap((b) =>
        b.users.map(
          (
            u,
          ) => html`<tr data-user="${u.username}"><td>${b.name}</td><td><code>${u.username}</code>${u.admin ? html` <span class="muted">(${t(lang, 'admin')})</span>` : ''}</td><td>${u.name}</td><td>${u.email}</td><td>${u.status}</td>
            <td>${u.status === 'active' ? userForms(u.userId, u.userId === auth.userId) : ''}</td></tr>`,
        ),
      )}</tbody>
    </table></div>
    ${
      auth.admin
        ? html`<h3>${t(lang, 'addUser')}</h3>
        <form method="post" action="/console/account/users" class="filters">${csrfField(csrf)}
          <label>${t(lang, 'brokers')} <select name="brokerId">${view.brokers.map((b) => html`<option value="${b.brokerId}">${b.name}</option>`)}</select></label>
          <label>${t(lang, 'name')} <input name="name" required minlength="2" maxlength="120" /></label>
          <label>${t(lang, 'email')} <input name="email" type="email" required maxlength="254" /></label>
          <label><input type="checkbox" name="admin" value="yes" /> ${t(lang, 'admin')}</label>
          <button>${t(lang, 'addUser')}</button>
        </form>`
        : ''
    }
    <h2>${t(lang, 'configurations')}</h2>
    ${configurationTable(c, lang, deps.callbacks.list(auth, partnerOf(c), lang))}
    <h2>${t(lang, 'quotas')}</h2>
    <div class="scroll" tabindex="0"><table class="quotas"><thead><tr><th>${t(lang, 'quotas')}</th><th>${t(lang, 'used')}</th><th>${t(lang, 'limit')}</th></tr></thead><tbody>
      ${Object.entries(view.quotas).map(([kind, q]) => html`<tr data-quota="${kind}"><td>${kind}</td><td>${amount(lang, kind, q.used)}</td><td>${amount(lang, kind, q.limit)}</td></tr>`)}
    </tbody></table></div>
    ${settings ? costsSection(lang, settings) : ''}
    <p class="muted">${when(view.createdAt)}</p>`
}

/** What the partner's requests cost in its fair share: the rule, and the operations that cost more than a token. */
function costsSection(lang: Lang, settings: FairShareSettings) {
  const ms = (n: number | undefined) => (n === undefined ? '' : `${n.toLocaleString(lang)} ms`)
  return html`<h2>${t(lang, 'costs')}</h2>
    <p class="hint">${t(lang, 'costsExplained', { costMs: settings.costMs.toLocaleString(lang) })}</p>
    <div class="scroll" tabindex="0"><table class="costs compact">
      <thead><tr><th>${t(lang, 'operation')}</th><th class="num">${t(lang, 'tokens')}</th><th class="num">${t(lang, 'serverTime')}</th><th class="num">${t(lang, 'renderTime')}</th></tr></thead>
      <tbody>${costlyOperations().map(
        ({ operation, cost }) =>
          html`<tr data-operation="${operation}"><td><code>${operation}</code></td><td class="num">${cost.tokens}</td><td class="num">${ms(cost.typicalMs)}</td><td class="num">${ms(cost.renderMs)}</td></tr>`,
      )}</tbody>
    </table></div>`
}

/** A user's new password, shown on the answer to the form only: never in a URL, never stored in the clear. */
const passwordShown = (lang: Lang, shown: { username: string; password: string }) =>
  html`${t(lang, 'passwordShownOnce', { username: shown.username })} <code id="new-password">${shown.password}</code>`

const userIdOf = (c: Context<ConsoleEnv>) => {
  const parsed = UserIdParamSchema.safeParse(c.req.param('userId'))
  if (!parsed.success) throw ApiError.validation(zodProblems(parsed.error, c.req.param('userId'), ['userId']))
  return parsed.data
}

/** GET /console/account and an administrator's forms on it (http/access/access-rules.ts). */
export function accountPages(deps: AccountPageDeps) {
  const render = (c: Context<ConsoleEnv>, flash?: ReturnType<typeof passwordShown> | string) => {
    const lang = c.get('consoleLang')
    return page({ lang, title: t(lang, 'account'), current: '/console/account', ...chrome(c), flash }, accountView(c, deps, lang))
  }
  return new Hono<ConsoleEnv>()
    .get('/account', (c) => c.html(render(c, c.req.query('done'))))
    .post('/account/users', async (c) => {
      const form = await c.req.parseBody()
      const parsed = AddUserFormSchema.safeParse(form)
      if (!parsed.success) throw ApiError.validation(zodProblems(parsed.error, form))
      const created = await deps.partners.account.addUser(c.get('auth'), { ...parsed.data, admin: parsed.data.admin === 'yes' })
      return c.html(render(c, passwordShown(c.get('consoleLang'), created)), 201)
    })
    .post('/account/users/:userId/password', async (c) => {
      const shown = await deps.partners.account.resetPassword(c.get('auth'), userIdOf(c))
      return c.html(render(c, passwordShown(c.get('consoleLang'), shown)))
    })
    .post('/account/users/:userId/revoke-tokens', (c) => {
      deps.partners.account.revokeTokens(c.get('auth'), userIdOf(c))
      return back(c, '/console/account', t(c.get('consoleLang'), 'tokensRevoked'))
    })
    .post('/account/users/:userId/deactivate', (c) => {
      deps.partners.account.deactivate(c.get('auth'), userIdOf(c))
      return back(c, '/console/account', t(c.get('consoleLang'), 'deactivated'))
    })
}
