import type { Context } from 'hono'
import { html } from 'hono/html'
import { ApiError, renderError } from '../../common/api-error.ts'
import { page } from './console-layout.ts'
import type { ConsoleEnv } from './console-session-middleware.ts'
import { t } from './console-text.ts'

/** An error of a console page, as a page: the API's message in the console's language. */
export function consoleErrorPage(error: ApiError, lang: 'pt-PT' | 'en') {
  const body = renderError(error, lang)
  return page(
    { lang, title: `${error.status}`, flash: body.operationStatus.operationStatusMessage },
    html`<ul class="errors">${body.errors.map((e) => html`<li><code>${e.errorField}</code> <span class="error">${e.errorCode} ${e.errorMessage}</span></li>`)}</ul>
      <p><a href="/console/requests">${t(lang, 'back')}</a></p>`,
  )
}

/** A refusal of a service (an unknown id, a final status) is a page in the console's language, not a JSON body. */
export function consoleErrorHandler(error: Error, c: Context<ConsoleEnv>) {
  if (!(error instanceof ApiError)) throw error
  // With the error's own headers: a 429's Retry-After tells the browser, as the API's tells a client.
  return c.html(consoleErrorPage(error, c.get('consoleLang') ?? 'pt-PT'), error.status as 404, error.headers)
}
