import { html, raw } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import type { Context } from 'hono'
import type { Lang } from '../../common/language.ts'
import type { ConsoleEnv, ConsoleWho } from './console-session-middleware.ts'
import { utcTime } from './console-format.ts'
import { t, type TextKey } from './console-text.ts'

type Html = HtmlEscapedString | Promise<HtmlEscapedString>

const SECTIONS: Array<[string, TextKey]> = [
  ['/console/requests', 'requests'],
  ['/console/simulations', 'simulations'],
  ['/console/processes', 'processes'],
  ['/console/deliveries', 'deliveries'],
  ['/console/drive', 'drive'],
  ['/console/mailbox', 'mailbox'],
  ['/console/scenarios', 'scenarios'],
  ['/console/certification', 'certification'],
  ['/console/account', 'account'],
]

/** What every page behind the login puts in its header: the CSRF token of its forms and who is logged in. */
export const chrome = (c: Context<ConsoleEnv>) => ({ csrf: c.get('csrf'), who: c.get('consoleWho') })

/** The header's line of who is logged in, where, and the search box that opens any id the partner holds. */
function identity(lang: Lang, who: ConsoleWho) {
  return html`<div class="who">
      <span class="badge" title="${t(lang, 'modeExplained')}">Sandbox · ${who.mode}</span>
      <span><strong>${who.partnerName}</strong> · ${who.username}${who.admin ? html` <span class="muted">(${t(lang, 'admin')})</span>` : ''}</span>
      <a href="/docs">${t(lang, 'apiDocs')}</a>
    </div>
    <form class="search" role="search" method="get" action="/console/search">
      <label for="console-search" class="visually-hidden">${t(lang, 'search')}</label>
      <input id="console-search" type="search" name="q" placeholder="${t(lang, 'searchPlaceholder')}" size="28" maxlength="200" />
      <button>${t(lang, 'search')}</button>
    </form>`
}

/**
 * A whole console page: the navigation, the language switch, the page's content. Its policy allows
 * no inline script or style (http/pipeline/security-headers.ts): htmx is told not to inject its indicator
 * styles and not to evaluate code.
 */
export function page(options: { lang: Lang; title: string; current?: string; csrf?: string; who?: ConsoleWho | undefined; flash?: string | Html | undefined }, content: Html) {
  const { lang } = options
  const other: Lang = lang === 'en' ? 'pt-PT' : 'en'
  const nav = options.csrf
    ? html`<nav aria-label="${t(lang, 'title')}">
        ${SECTIONS.map(([href, key]) => html`<a href="${href}" ${options.current === href ? raw('aria-current="page"') : ''}>${t(lang, key)}</a>`)}
        <form method="post" action="/console/logout" class="inline"><input type="hidden" name="csrf" value="${options.csrf}" /><button>${t(lang, 'logout')}</button></form>
      </nav>`
    : ''
  return html`<!doctype html>
    <html lang="${lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title} · ${t(lang, 'title')}</title>
        <link rel="stylesheet" href="/console/assets/console.css" />
        <meta name="htmx-config" content='{"includeIndicatorStyles":false,"allowEval":false}' />
        <script src="/console/assets/htmx.min.js" defer></script>
        <script src="/console/assets/console.js" defer></script>
      </head>
      <body>
        <a class="skip" href="#content">${t(lang, 'skip')}</a>
        <header>
          <div class="bar">
            <strong class="brand">${t(lang, 'title')}</strong>
            ${options.who ? identity(lang, options.who) : ''}
            <a class="lang" href="/console/lang/${other}" lang="${other}">${other === 'en' ? 'English' : 'Português'}</a>
          </div>
          ${nav}
        </header>
        <main id="content" tabindex="-1">
          <h1>${options.title}</h1>
          ${options.flash ? html`<p class="flash" role="status">${options.flash}</p>` : ''}
          ${content}
        </main>
      </body>
    </html>`
}

/** A hidden CSRF field for a form of the console. */
export const csrfField = (csrf: string) => html`<input type="hidden" name="csrf" value="${csrf}" />`

/** JSON pretty-printed for a <pre>, or the text as it is. */
export function pretty(body: string | null): string {
  if (body === null) return ''
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

/** A status code's class for colouring (ok, redirect, refused, failed). */
export const statusClass = (status: number | null) => (status === null ? 'failed' : status < 300 ? 'ok' : status < 400 ? 'redirect' : status < 500 ? 'refused' : 'failed')

/** A time on the partner's clock with its zone (the API's times are UTC), the full value on hover. */
export const when = (iso: string | null) => (iso ? html`<time datetime="${iso}" title="${iso}">${utcTime(iso)}</time>` : '')

/**
 * A time of the partner's clock and, when its test clock runs ahead (`offsetMs`), the real time
 * beside it: a partner who advanced its clock still finds a request by when it made it.
 */
export function clockTime(lang: Lang, iso: string, offsetMs: number) {
  if (offsetMs === 0) return when(iso)
  const real = new Date(Date.parse(iso) - offsetMs).toISOString()
  return html`${when(iso)} <span class="muted real-time">(${t(lang, 'realTime')} <time datetime="${real}">${utcTime(real)}</time>)</span>`
}
