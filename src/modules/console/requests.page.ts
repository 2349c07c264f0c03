import { Hono, type Context } from 'hono'
import { html, raw } from 'hono/html'
import { allRules } from '../../http/access/access-rules.ts'
import type { SandboxClockService } from '../sandbox-control/index.ts'
import { brokerScopeOf } from '../../db/broker-scope.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import type { JournalEntry, JournalSummary, RequestJournalService } from '../journal/index.ts'
import { chrome, clockTime, page, pretty, statusClass } from './console-layout.ts'
import type { ConsoleEnv } from './console-session-middleware.ts'
import { t } from './console-text.ts'

type Stored = JournalEntry & { seq: number }
type ErrorItem = { errorCode: string; errorMessage: string; errorField: string }

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
const CLASSES = ['2xx', '4xx', '5xx'] as const

/** The operations a partner's client calls (the bank's and the sandbox's), as their rules write them. */
const OPERATIONS = allRules()
  .map((r) => r.key as string)
  .filter((key) => / \/(v1|sandbox|\{partnerUniqueID\})\//.test(key) && !key.includes('/operator/'))

/** A time of a datetime-local field (`2026-11-26T10:00`) as the journal's ISO times compare, to the minute's start or end. */
function minuteOf(value: string | undefined, end: boolean): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined
  return `${value}${end ? ':59.999Z' : ':00.000Z'}`
}

/** The journal's filters from the page's query (those of GET /sandbox/requests and more), on the caller's broker's requests. */
function filterOf(query: Record<string, string>, auth: AuthContext) {
  const status = CLASSES.find((s) => s === query.status)
  const operation = OPERATIONS.find((o) => o === query.operation)
  const [opMethod, opPath] = operation ? (operation.split(' ') as [string, string]) : [undefined, undefined]
  return {
    scope: brokerScopeOf(auth),
    method: opMethod ?? METHODS.find((m) => m === query.method),
    statusClass: status ? Number(status[0]) : undefined,
    path: query.path || undefined,
    pathTemplate: opPath,
    scenario: query.scenario || undefined,
    from: minuteOf(query.from, false),
    to: minuteOf(query.to, true),
  }
}

const FILTER_NAMES = ['method', 'status', 'operation', 'path', 'scenario', 'from', 'to'] as const

function rows(lang: Lang, entries: JournalSummary[], offsetMs: number) {
  if (entries.length === 0) return html`<tr><td colspan="6">${t(lang, 'none')}</td></tr>`
  return html`${entries.map(
    (e) => html`<tr data-request-id="${e.requestId}" data-seq="${e.seq}">
      <td>${clockTime(lang, e.at, offsetMs)}</td>
      <td>${e.method}</td>
      <td class="path"><a href="/console/requests/${encodeURIComponent(e.requestId)}">${e.path}${e.query ? `?${e.query}` : ''}</a></td>
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

/**
 * The errors of a refusal beside the fields they name. Only a JSON body's own fields are rows; an
 * error naming a field the body lacks is a missing field only when there was a body to lack it.
 * Otherwise (a rate limit, an expired token) the errors are listed as they came, nothing invented.
 */
function fieldsWithErrors(lang: Lang, body: string | null, errors: ErrorItem[]) {
  let parsed: unknown
  try {
    parsed = body ? JSON.parse(body) : undefined
  } catch {
    parsed = undefined
  }
  const isDocument = parsed !== null && typeof parsed === 'object'
  const present = isDocument ? leaves(parsed) : []
  const named = new Set(present.map(([field]) => field))
  const lines: Array<[string, unknown, ErrorItem[]]> = present.map(([field, value]) => [field, value, errors.filter((e) => e.errorField === field)])
  const elsewhere: ErrorItem[] = []
  for (const error of errors) {
    if (named.has(error.errorField)) continue
    if (isDocument && error.errorField) lines.push([error.errorField, undefined, [error]])
    else elsewhere.push(error)
  }
  const list = elsewhere.length
    ? html`<ul class="errors">${elsewhere.map((e) => html`<li>${e.errorField ? html`<code>${e.errorField}</code> ` : ''}<span class="error">${e.errorCode} ${e.errorMessage}</span></li>`)}</ul>`
    : ''
  if (lines.length === 0) return list
  return html`${list}<div class="scroll" tabindex="0"><table class="fields">
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
  </table></div>`
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

const PAGE_SIZE = 50
/** The most entries the pager counts: past it, "1000+". */
const COUNT_UP_TO = 1000

/** The console's request journal: the whole journal page by page (live on its first), one request with its bodies and errors. */
export function requestPages(journal: Pick<RequestJournalService, 'list' | 'recent' | 'get'>, clock: Pick<SandboxClockService, 'status'>) {
  const offsetOf = (c: Context<ConsoleEnv>) => clock.status(c.get('auth').partnerUniqueID).offsetSeconds * 1000
  return new Hono<ConsoleEnv>()
    .get('/requests', (c) => {
      const lang = c.get('consoleLang')
      const query = c.req.query()
      const filter = filterOf(query, c.get('auth'))
      const cursor = /^\d{1,15}$/.test(query.before ?? '') ? { nextRecord: query.before } : /^\d{1,15}$/.test(query.after ?? '') ? { previousRecord: query.after } : {}
      // Counted no further than a page could use: a filter over a large journal costs what its page costs.
      const list = journal.list(filter, { lineCount: PAGE_SIZE, ...cursor }, { countUpTo: COUNT_UP_TO })
      const first = !('nextRecord' in cursor) && !('previousRecord' in cursor)
      const kept = Object.fromEntries(FILTER_NAMES.filter((name) => query[name]).map((name) => [name, query[name]!]))
      const link = (extra: Record<string, string>) => `/console/requests?${new URLSearchParams({ ...kept, ...extra }).toString()}`
      const older = list.entries.at(-1)
      const newer = list.entries[0]
      const moreOlder = 'previousRecord' in cursor ? older !== undefined : list.hasMoreResults
      const moreNewer = 'nextRecord' in cursor ? newer !== undefined : 'previousRecord' in cursor && list.hasMoreResults
      const select = (name: string, label: string, values: readonly string[], current: string | undefined) =>
        html`<label>${label} <select name="${name}"><option value="">${t(lang, 'all')}</option>${values.map((v) => html`<option ${v === current ? 'selected' : ''}>${v}</option>`)}</select></label>`
      const pager = html`<nav class="pager" aria-label="${t(lang, 'requests')}">
          ${moreNewer && newer ? html`<a href="${link({ after: String(newer.seq) })}" rel="prev">← ${t(lang, 'newer')}</a>` : ''}
          <span class="muted" id="total">${list.moreThanTotal ? `${list.totalRecords.toLocaleString(lang)}+` : list.totalRecords}</span>
          ${moreOlder && older ? html`<a href="${link({ before: String(older.seq) })}" rel="next" id="older">${t(lang, 'older')} →</a>` : ''}
        </nav>`
      return c.html(
        page(
          { lang, title: t(lang, 'requests'), current: '/console/requests', ...chrome(c) },
          html`<form class="filters" method="get">
              ${select('status', t(lang, 'status'), CLASSES, query.status)} ${select('method', t(lang, 'method'), METHODS, query.method)}
              ${select('operation', t(lang, 'operation'), OPERATIONS, query.operation)}
              <label>${t(lang, 'path')} <input name="path" title="/v1/simulations · /v1/processes/*" value="${query.path ?? ''}" size="18" /></label>
              <label>${t(lang, 'scenario')} <input name="scenario" value="${query.scenario ?? ''}" size="14" /></label>
              <label>${t(lang, 'from')} <input name="from" type="datetime-local" value="${query.from ?? ''}" /></label>
              <label>${t(lang, 'until')} <input name="to" type="datetime-local" value="${query.to ?? ''}" /></label>
              <button>${t(lang, 'filter')}</button>
            </form>
            ${first ? html`<p class="hint">${t(lang, 'live')}</p>` : ''}
            <div class="scroll" tabindex="0"><table class="journal compact">
              <thead><tr><th>${t(lang, 'time')}</th><th>${t(lang, 'method')}</th><th>${t(lang, 'path')}</th><th>${t(lang, 'status')}</th><th>${t(lang, 'duration')}</th><th>${t(lang, 'scenario')}</th></tr></thead>
              <tbody id="journal-rows" ${first ? raw(`hx-get="/console/requests/rows?${new URLSearchParams(kept).toString().replace(/&/g, '&amp;')}" hx-trigger="every 2s" hx-swap="innerHTML"`) : ''}>${rows(lang, list.entries, offsetOf(c))}</tbody>
            </table></div>
            ${pager}`,
        ),
      )
    })
    .get('/requests/rows', (c) => {
      const entries = journal.recent(filterOf(c.req.query(), c.get('auth')), PAGE_SIZE)
      return c.html(rows(c.get('consoleLang'), entries, offsetOf(c)))
    })
    .get('/requests/:requestId', (c) => {
      const lang = c.get('consoleLang')
      const e = journal.get(brokerScopeOf(c.get('auth')), c.req.param('requestId'))
      const errors = (e.errors ?? []) as ErrorItem[]
      const origin = new URL(c.req.url).origin
      const headers = e.responseHeaders ?? (e.retryAfter ? { 'retry-after': e.retryAfter } : {})
      return c.html(
        page(
          { lang, title: `${e.method} ${e.path}`, current: '/console/requests', ...chrome(c), flash: c.req.query('done') },
          html`<p>${clockTime(lang, e.at, offsetOf(c))} · <span class="${statusClass(e.status)}">${e.status}</span> · ${e.durationMs} ms · <code>${e.requestId}</code>${e.scenario ? html` · ${t(lang, 'scenario')} <code>${e.scenario}</code>` : ''}
              ${e.fault ? html` · <span id="fault">${t(lang, 'fault')} <code>${e.fault.kind}</code>${e.fault.afterWrite ? ` (${t(lang, 'faultAfterWrite')})` : ''}</span>` : ''}</p>
            ${errors.length > 0 ? html`<h2>${t(lang, 'errors')}</h2>${fieldsWithErrors(lang, e.requestBody, errors)}` : ''}
            <h2>${t(lang, 'copyCurl')}</h2>
            <pre tabindex="0" class="curl" id="curl">${curlOf(origin, e)}</pre>
            <button type="button" data-copy="curl" data-copied="${t(lang, 'copied')}">${t(lang, 'copyCurl')}</button>
            <h2>${t(lang, 'request')}</h2>
            <h3>${t(lang, 'headers')}</h3>
            <pre tabindex="0">${JSON.stringify(e.requestHeaders, null, 2)}</pre>
            <h3>${t(lang, 'body')} ${e.requestTruncated ? t(lang, 'truncated') : ''}</h3>
            <pre tabindex="0" class="request-body">${pretty(e.requestBody)}</pre>
            <h2>${t(lang, 'answer')} (${e.responseContentType ?? ''})</h2>
            <h3>${t(lang, 'headers')}</h3>
            <div class="scroll" tabindex="0"><table class="response-headers compact"><tbody>
              ${Object.entries(headers).map(([name, value]) => html`<tr data-header="${name}"><th scope="row"><code>${name}</code></th><td><code>${value}</code></td></tr>`)}
            </tbody></table></div>
            <h3>${t(lang, 'body')}</h3>
            <pre tabindex="0" class="response-body">${pretty(e.responseBody)}</pre>
            <p><a href="/console/requests">${t(lang, 'back')}</a></p>`,
        ),
      )
    })
}
