import { Hono } from 'hono'
import { html } from 'hono/html'
import { ApiError } from '../../common/api-error.ts'
import type { Lang } from '../../common/language.ts'
import { presentRun, type CertificationService } from '../certification/index.ts'
import { csrfField, chrome, page, when } from './console-layout.ts'
import type { ConsoleEnv } from './console-session-middleware.ts'
import { t } from './console-text.ts'

export interface CertificationPageDeps {
  certification: Pick<CertificationService, 'start' | 'get' | 'list' | 'report'>
}

type Run = ReturnType<typeof presentRun>

const statusClassOf = (status: string) => (status === 'passed' ? 'ok' : status === 'failed' ? 'failed' : 'refused')

/** One run: its checks, each with the evidence and the advice; re-read every 2 s while it runs. */
function runSection(lang: Lang, run: Run) {
  const live = run.status === 'running' ? html`hx-get="/console/certification/${run.runId}/section" hx-trigger="every 2s" hx-swap="outerHTML"` : ''
  return html`<section id="run" data-status="${run.status}" ${live}>
    <p><span class="${statusClassOf(run.status)}">${t(lang, `run_${run.status}`)}</span> · ${when(run.window.from)} → ${when(run.window.to)} · <code>${run.runId}</code>
      ${run.status === 'passed' ? html` · <a href="/console/certification/${run.runId}/report.json">${t(lang, 'signedReport')}</a>` : ''}</p>
    <p class="summary">${run.summary}</p>
    ${run.checksLeftOut.length > 0 ? html`<details class="left-out"><summary>${t(lang, 'checksLeftOut')}</summary><ul>${run.checksLeftOut.map((check) => html`<li data-left-out="${check.id}">${check.name} <code>${check.id}</code></li>`)}</ul></details>` : ''}
    <table class="checks"><thead><tr><th>${t(lang, 'check')}</th><th>${t(lang, 'status')}</th><th>${t(lang, 'evidence')}</th></tr></thead><tbody>
      ${run.checks.map(
        (check) => html`<tr data-check="${check.id}" data-status="${check.status}"><td><strong>${check.name}</strong><br /><code>${check.id}</code></td>
          <td class="${statusClassOf(check.status)}">${t(lang, `check_${check.status}`)}</td>
          <td><ul>${check.evidence.map((e) => html`<li>${e.text}${e.requestId ? html` <a href="/console/requests/${e.requestId}">${e.request ?? e.requestId}</a>` : ''}${e.notificationId ? html` <code>${e.notificationId}</code>` : ''}</li>`)}</ul>
            ${check.advice ? html`<p class="advice">${check.advice}</p>` : ''}</td></tr>`,
      )}
    </tbody></table>
  </section>`
}

/** Certification in the console: start a run of every check, read the runs and their evidence, fetch the signed report. */
export function certificationPages(deps: CertificationPageDeps) {
  return new Hono<ConsoleEnv>()
    .get('/certification', (c) => {
      const lang = c.get('consoleLang')
      const runs = deps.certification.list(c.get('auth').partnerUniqueID).map((r) => presentRun(r, lang))
      return c.html(
        page(
          { lang, title: t(lang, 'certification'), current: '/console/certification', ...chrome(c), flash: c.req.query('done') },
          html`<p>${t(lang, 'certificationExplained')}</p>
            <form method="post" action="/console/certification/runs">${csrfField(c.get('csrf'))}<button>${t(lang, 'startRun')}</button></form>
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
    .get('/certification/:runId/report.json', (c) => {
      const report = deps.certification.report(c.get('auth').partnerUniqueID, c.req.param('runId'))
      return c.body(`${JSON.stringify(report, null, 2)}\n`, 200, { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename="certification-${report.report.runId}.json"` })
    })
    .get('/certification/:runId/section', (c) => c.html(runSection(c.get('consoleLang'), presentRun(deps.certification.get(c.get('auth').partnerUniqueID, c.req.param('runId')), c.get('consoleLang')))))
    .get('/certification/:runId', (c) => {
      const lang = c.get('consoleLang')
      const run = presentRun(deps.certification.get(c.get('auth').partnerUniqueID, c.req.param('runId')), lang)
      return c.html(page({ lang, title: t(lang, 'certification'), current: '/console/certification', ...chrome(c) }, runSection(lang, run)))
    })
}
