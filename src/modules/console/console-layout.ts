import { html, raw } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import type { Lang } from '../../common/language.ts'
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
]

/**
 * A whole console page: the navigation, the language switch, the page's content. Its policy allows
 * no inline script or style (http/security-headers.ts): htmx is told not to inject its indicator
 * styles and not to evaluate code.
 */
export function page(options: { lang: Lang; title: string; current?: string; csrf?: string; flash?: string | undefined }, content: Html) {
  const { lang } = options
  const other: Lang = lang === 'en' ? 'pt-PT' : 'en'
  const nav = options.csrf
    ? html`<nav>
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
        <header>
          <strong>${t(lang, 'title')}</strong>
          ${nav}
          <a class="lang" href="/console/lang/${other}">${other === 'en' ? 'English' : 'Português'}</a>
        </header>
        <main>
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

/** A time on the partner's clock, short (HH:MM:SS) with the full value on hover. */
export const when = (iso: string | null) => (iso ? html`<time datetime="${iso}" title="${iso}">${iso.replace('T', ' ').slice(0, 19)}</time>` : '')
