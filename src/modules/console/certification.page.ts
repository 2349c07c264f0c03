import { Hono } from 'hono'
import { html } from 'hono/html'
import { ApiError } from '../../common/api-error.ts'
import type { Lang } from '../../common/language.ts'
import { presentRun, type CertificationService } from '../certification/index.ts'
import { csrfField, chrome, page, when } from './console-layout.ts'
import type { ConsoleEnv } from './console-session-middleware.ts'
import { t } from './console-text.ts'

export interface CertificationPageDeps {
  certification: Pick<CertificationService, 'start' | 'get' | 'list' | 'report' | 'openWindow' | 'windowOf'>
}

const MARKER = 'X-Sandbox-Certification'

type Run = ReturnType<typeof presentRun>

const statusClassOf = (status: string) => (status === 'passed' ? 'ok' : status === 'failed' ? 'failed' : 'refused')

/** A request a check cites: when it came, its method and path (a link to it in Requests) and its status, before what it shows. */
function evidenceRequest(e: Run['checks'][number]['evidence'][number]) {
  if (!e.requestId) return ''
  return html`<span class="evidence-request">${e.at ? html`<time datetime="${e.at}">${when(e.at)}</time> ` : ''}<a href="/console/requests/${e.requestId}"><code>${e.request ?? e.requestId}</code></a>${e.status === undefined ? '' : html` → ${e.status}`}:</span> `
}

/** One run: its checks, each with the evidence and the advice; re-read every 2 s while it runs. */
function runSection(lang: Lang, run: Run) {
  const live = run.status === 'running' ? html`hx-get="/console/certification/${run.runId}/section" hx-trigger="every 2s" hx-swap="outerHTML"` : ''
  return html`<section id="run" data-status="${run.status}" ${live}>
    <p><span class="${statusClassOf(run.status)}">${t(lang, `run_${run.status}`)}</span> · ${when(run.window.from)} → ${when(run.window.to)} · <code>${run.runId}</code>
      ${run.status === 'passed' ? html` · <a href="/console/certification/${run.runId}/report.json">${t(lang, 'signedReport')}</a>` : ''}</p>
    <p class="summary">${run.summary}</p>
    ${run.window.marker ? html`<p class="hint" id="judged-marked">${t(lang, 'judgedMarked', { header: MARKER, value: run.window.marker })}</p>` : ''}
    ${run.checksLeftOut.length > 0 ? html`<details class="left-out"><summary>${t(lang, 'checksLeftOut')}</summary><ul>${run.checksLeftOut.map((check) => html`<li data-left-out="${check.id}">${check.name} <code>${check.id}</code></li>`)}</ul></details>` : ''}
    <table class="checks"><thead><tr><th>${t(lang, 'check')}</th><th>${t(lang, 'status')}</th><th>${t(lang, 'evidence')}</th></tr></thead><tbody>
      ${run.checks.map(
        (check) => html`<tr data-check="${check.id}" data-status="${check.status}"><td><strong>${check.name}</strong><br /><code>${check.id}</code></td>
          <td class="${statusClassOf(check.status)}">${t(lang, `check_${check.status}`)}</td>
          <td><ul>${check.evidence.map((e) => html`<li>${evidenceRequest(e)}${e.text}${e.notificationId ? html` <code>${e.notificationId}</code>` : ''}</li>`)}</ul>
            ${check.advice ? html`<p class="advice">${check.advice}</p>` : ''}</td></tr>`,
      )}
    </tbody></table>
    ${run.goLive.map(
      (item) => html`<section class="go-live" data-go-live="${item.id}" data-status="${item.status}"><h2>${t(lang, 'goLive')}</h2>
        <p><strong>${item.name}</strong> <code>${item.id}</code> · <span class="${item.status === 'ready' ? 'ok' : 'refused'}">${t(lang, `goLive_${item.status}`)}</span></p>
        <ul>${item.evidence.map((e) => html`<li>${e.text}</li>`)}</ul>
        ${item.advice ? html`<p class="advice">${item.advice}</p>` : ''}</section>`,
    )}
  </section>`
}

/** Certification in the console: start a run of every check, read the runs and their evidence, fetch the signed report. */
export function certificationPages(deps: CertificationPageDeps) {
  return new Hono<ConsoleEnv>()
    .get('/certification', (c) => {
      const lang = c.get('consoleLang')
      const runs = deps.certification.list(c.get('auth').partnerUniqueID).map((r) => presentRun(r, lang))
      const window = deps.certification.windowOf(c.get('auth').partnerUniqueID)
      return c.html(
        page(
          { lang, title: t(lang, 'certification'), current: '/console/certification', ...chrome(c), flash: c.req.query('done') },
          html`<p>${t(lang, 'certificationExplained')}</p>
            <p class="hint">${t(lang, 'windowExplained', { header: MARKER, value: window?.windowId ?? '<windowId>' })}</p>
            ${window ? html`<p id="window" data-window="${window.windowId}">${t(lang, 'windowOpen', { at: window.openedAt })} <code>${MARKER}: ${window.windowId}</code></p>` : ''}
            <form method="post" action="/console/certification/window" class="inline">${csrfField(c.get('csrf'))}<button class="secondary">${t(lang, 'openWindow')}</button></form>
            <form method="post" action="/console/certification/runs" class="inline">${csrfField(c.get('csrf'))}<button>${t(lang, 'startRun')}</button></form>
            <table><thead><tr><th>${t(lang, 'time')}</th><th>${t(lang, 'status')}</th><th></th></tr></thead><tbody>
              ${runs.map((r) => html`<tr><td>${when(r.startedAt)}</td><td class="${statusClassOf(r.status)}">${t(lang, `run_${r.status}`)}</td><td><a href="/console/certification/${r.runId}">${r.summary}</a></td></tr>`)}
            </tbody></table>${runs.length === 0 ? html`<p>${t(lang, 'none')}</p>` : ''}`,
        ),
      )
    })
    .post('/certification/runs', (c) => {
      try {
        const run = deps.certification.start(c.get('auth'), {})
        return c.redirect(`/console/certification/${run.runId}`, 303)
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error
        return c.redirect(`/console/certification?done=${encodeURIComponent(t(c.get('consoleLang'), 'runAlreadyRunning'))}`, 303)
      }
    })
    .post('/certification/window', (c) => {
      deps.certification.openWindow(c.get('auth'))
      return c.redirect('/console/certification', 303)
    })
    .get('/certification/:runId/report.json', (c) => {
      const report = deps.certification.report(c.get('auth').partnerUniqueID, c.req.param('runId'))
      return c.body(`${JSON.stringify(report, null, 2)}\n`, 200, {
        'Content-Type': 'application/json',
        'Content-Disposition': `attachment; filename="certification-${report.report.runId}.json"`,
      })
    })
    .get('/certification/:runId/section', (c) =>
      c.html(runSection(c.get('consoleLang'), presentRun(deps.certification.get(c.get('auth').partnerUniqueID, c.req.param('runId')), c.get('consoleLang')))),
    )
    .get('/certification/:runId', (c) => {
      const lang = c.get('consoleLang')
      const run = presentRun(deps.certification.get(c.get('auth').partnerUniqueID, c.req.param('runId')), lang)
      return c.html(page({ lang, title: t(lang, 'certification'), current: '/console/certification', ...chrome(c) }, runSection(lang, run)))
    })
}
