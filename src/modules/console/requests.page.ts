import { Hono } from 'hono'
import { html } from 'hono/html'
import { brokerScopeOf } from '../../db/broker-scope.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import type { JournalEntry, JournalSummary, RequestJournalService } from '../request-journal/index.ts'
import { page, pretty, statusClass, when } from './console-layout.ts'
import type { ConsoleEnv } from './console-session-middleware.ts'
import { t } from './console-text.ts'

type Stored = JournalEntry & { seq: number }
type ErrorItem = { errorCode: string; errorMessage: string; errorField: string }

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
const CLASSES = ['2xx', '4xx', '5xx'] as const

/** The journal's filters from the page's query (the same as GET /sandbox/requests), on the caller's broker's requests. */
function filterOf(query: Record<string, string>, auth: AuthContext) {
  const method = METHODS.find((m) => m === query.method)
  const status = CLASSES.find((s) => s === query.status)
  return { scope: brokerScopeOf(auth), method, statusClass: status ? Number(status[0]) : undefined, path: query.path || undefined }
}

function rows(lang: Lang, entries: JournalSummary[]) {
  if (entries.length === 0) return html`<tr><td colspan="6">${t(lang, 'none')}</td></tr>`
  return html`${entries.map(
    (e) => html`<tr data-request-id="${e.requestId}">
      <td>${when(e.at)}</td>
      <td>${e.method}</td>
      <td><a href="/console/requests/${encodeURIComponent(e.requestId)}">${e.path}${e.query ? `?${e.query}` : ''}</a></td>
      <td class="${statusClass(e.status)}">${e.status}</td>
      <td>${e.durationMs} ms</td>
      <td>${e.scenario ?? ''}</td>
    </tr>`,
  )}`
}

/** Every (path, value) of a JSON body, for showing each error beside the field it names. */
function leaves(value: unknown, path: string[] = [], out: Array<[string, unknown]> = []): Array<[string, unknown]> {
  if (Array.isArray(value)) value.forEach((v, i) => leaves(v, [...path, String(i)], out))
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) leaves(v, [...path, k], out)
  else out.push([path.join('.'), value])
  return out
}

function fieldsWithErrors(lang: Lang, body: string | null, errors: ErrorItem[]) {
  let parsed: unknown
  try {
    parsed = body ? JSON.parse(body) : undefined
  } catch {
    parsed = undefined
  }
  const present = leaves(parsed ?? {})
  const named = new Set(present.map(([field]) => field))
  const lines: Array<[string, unknown, ErrorItem[]]> = present.map(([field, value]) => [field, value, errors.filter((e) => e.errorField === field)])
  for (const error of errors) if (!named.has(error.errorField)) lines.push([error.errorField, undefined, [error]])
  return html`<table class="fields">
    <thead><tr><th>${t(lang, 'field')}</th><th>${t(lang, 'value')}</th><th>${t(lang, 'errors')}</th></tr></thead>
    <tbody>
      ${lines.map(
        ([field, value, errs]) => html`<tr class="${errs.length ? 'has-error' : ''}" data-field="${field}">
          <td><code>${field}</code></td>
          <td>${value === undefined ? t(lang, 'missing') : JSON.stringify(value)}</td>
          <td>${errs.map((e) => html`<span class="error">${e.errorCode} ${e.errorMessage}</span>`)}</td>
        </tr>`,
      )}
    </tbody>
  </table>`
}

/** A curl command that replays the request (the token left for the reader to fill in). */
function curlOf(origin: string, e: Stored): string {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`
  const parts = [`curl -X ${e.method} ${quote(`${origin}${e.path}${e.query ? `?${e.query}` : ''}`)}`, `-H 'Authorization: Bearer $TOKEN'`]
  for (const name of ['content-type', 'accept-language', 'x-sandbox-scenario', 'x-request-id']) {
    const value = e.requestHeaders[name]
    if (value) parts.push(`-H ${quote(`${name}: ${value}`)}`)
  }
  if (e.requestBody && e.requestBody.startsWith('{')) parts.push(`--data-raw ${quote(e.requestBody)}`)
  return parts.join(' \\\n  ')
}

/** The console's request journal: the live list and one request with its bodies and errors. */
export function requestPages(journal: Pick<RequestJournalService, 'recent' | 'get'>) {
  return new Hono<ConsoleEnv>()
    .get('/requests', (c) => {
      const lang = c.get('consoleLang')
      const query = c.req.query()
      const filter = filterOf(query, c.get('auth'))
      const entries = journal.recent(filter, 100)
      const search = new URLSearchParams(Object.entries({ method: filter.method ?? '', status: query.status ?? '', path: filter.path ?? '' })).toString()
      const select = (name: string, values: readonly string[], current: string | undefined) =>
        html`<select name="${name}"><option value="">${t(lang, 'all')}</option>${values.map((v) => html`<option ${v === current ? 'selected' : ''}>${v}</option>`)}</select>`
      return c.html(
        page(
          { lang, title: t(lang, 'requests'), current: '/console/requests', csrf: c.get('csrf') },
          html`<form class="filters" method="get">
              ${select('method', METHODS, filter.method)} ${select('status', CLASSES, query.status)}
              <label>${t(lang, 'path')} <input name="path" title="/v1/simulations · /v1/processes/*" value="${filter.path ?? ''}" /></label>
              <button>${t(lang, 'filter')}</button>
            </form>
            <p class="hint">${t(lang, 'live')}</p>
            <table class="journal">
              <thead><tr><th>${t(lang, 'time')}</th><th>${t(lang, 'method')}</th><th>${t(lang, 'path')}</th><th>${t(lang, 'status')}</th><th>${t(lang, 'duration')}</th><th>${t(lang, 'scenario')}</th></tr></thead>
              <tbody id="journal-rows" hx-get="/console/requests/rows?${search}" hx-trigger="every 2s" hx-swap="innerHTML">${rows(lang, entries)}</tbody>
            </table>`,
        ),
      )
    })
    .get('/requests/rows', (c) => {
      const entries = journal.recent(filterOf(c.req.query(), c.get('auth')), 100)
      return c.html(rows(c.get('consoleLang'), entries))
    })
    .get('/requests/:requestId', (c) => {
      const lang = c.get('consoleLang')
      const e = journal.get(brokerScopeOf(c.get('auth')), c.req.param('requestId'))
      const errors = (e.errors ?? []) as ErrorItem[]
      const origin = new URL(c.req.url).origin
      return c.html(
        page(
          { lang, title: `${e.method} ${e.path}`, current: '/console/requests', csrf: c.get('csrf'), flash: c.req.query('done') },
          html`<p>${when(e.at)} · <span class="${statusClass(e.status)}">${e.status}</span> · ${e.durationMs} ms · <code>${e.requestId}</code>${e.scenario ? html` · ${t(lang, 'scenario')} <code>${e.scenario}</code>` : ''}</p>
            ${errors.length > 0 || e.requestBody ? html`<h2>${t(lang, 'request')}: ${t(lang, 'field')} / ${t(lang, 'errors')}</h2>${fieldsWithErrors(lang, e.requestBody, errors)}` : ''}
            <h2>${t(lang, 'copyCurl')}</h2>
            <pre class="curl" id="curl">${curlOf(origin, e)}</pre>
            <button type="button" data-copy="curl" data-copied="${t(lang, 'copied')}">${t(lang, 'copyCurl')}</button>
            <h2>${t(lang, 'request')}</h2>
            <h3>${t(lang, 'headers')}</h3>
            <pre>${JSON.stringify(e.requestHeaders, null, 2)}</pre>
            <h3>${t(lang, 'body')} ${e.requestTruncated ? t(lang, 'truncated') : ''}</h3>
            <pre class="request-body">${pretty(e.requestBody)}</pre>
            <h2>${t(lang, 'answer')} (${e.responseContentType ?? ''})</h2>
            <pre class="response-body">${pretty(e.responseBody)}</pre>
            <p><a href="/console/requests">${t(lang, 'back')}</a></p>`,
        ),
      )
    })
}
