import { Hono } from 'hono'
import { html } from 'hono/html'
import type { ScenarioTrial, ScenarioTrials } from '../sandbox-control/index.ts'
import type { ScenarioPicks, ScenarioRegistry } from '../sandbox-scenarios/index.ts'
import { csrfField, chrome, page } from './console-layout.ts'
import { back, partnerOf } from './operations.page.ts'
import type { ConsoleEnv } from './console-session-middleware.ts'
import { t } from './console-text.ts'

export interface ScenarioPageDeps {
  scenarios: Pick<ScenarioRegistry, 'all' | 'get'>
  scenarioPicks: Pick<ScenarioPicks, 'pick' | 'current' | 'cancel'>
  trials: Pick<ScenarioTrials, 'run' | 'canTry' | 'journeyOf'>
}

/** Where a trial leads: the process or simulation it made, else the call the scenario answered. */
function pageOf(trial: ScenarioTrial): string {
  const last = trial.failedCall ?? trial.calls.at(-1)
  if (trial.failedCall || trial.journey === 'request') return `/console/requests/${encodeURIComponent(last?.requestId ?? '')}`
  if (trial.processUniqueId) return `/console/processes/${trial.processUniqueId}`
  return `/console/simulations/${trial.simulationUniqueId}`
}

/** The scenario catalogue: triggers and effects, "use on my next call", and "try it" (a sample journey played now). */
export function scenarioPages(deps: ScenarioPageDeps) {
  return new Hono<ConsoleEnv>()
    .get('/scenarios', (c) => {
      const lang = c.get('consoleLang')
      const picked = deps.scenarioPicks.current(partnerOf(c))
      const csrf = csrfField(c.get('csrf'))
      // The pick applies to the partner's next call, whichever broker makes it: an administrator's to make.
      const admin = c.get('auth').admin
      return c.html(
        page(
          { lang, title: t(lang, 'scenarios'), current: '/console/scenarios', ...chrome(c), flash: c.req.query('done') },
          html`<p id="next-scenario">${picked
              ? html`${t(lang, 'nextCallScenario')} <strong>${picked.name}</strong>
                  ${admin ? html`<form method="post" action="/console/scenarios/next/cancel" class="inline">${csrf}<button>${t(lang, 'cancel')}</button></form>` : ''}`
              : t(lang, admin ? 'nextCallNone' : 'nextCallAdminOnly')}</p>
            <p>${t(lang, 'tryExplained')}</p>
            <table><thead><tr><th>${t(lang, 'scenario')}</th><th>${t(lang, 'triggers')}</th><th>${t(lang, 'effects')}</th><th></th></tr></thead><tbody>
            ${deps.scenarios.all().map(
              (s) => html`<tr data-scenario="${s.name}"><td><strong>${s.name}</strong><br />${s.description[lang]}</td>
                <td>${s.triggers.header ? html`<code>X-Sandbox-Scenario: ${s.name}</code>` : ''} ${(s.triggers.magicValues ?? []).map((m) => html`<br /><code>${m.field} = ${JSON.stringify(m.equals)}</code>`)}</td>
                <td>${s.effects.map((e) => e.type).join(', ')}<br /><small>${t(lang, `journey_${deps.trials.journeyOf(s)}`)}</small></td>
                <td>${admin ? html`<form method="post" action="/console/scenarios/${s.name}/next">${csrf}<button>${t(lang, 'useNext')}</button></form>` : ''}
                  ${deps.trials.canTry(s)
                    ? html`<form method="post" action="/console/scenarios/${s.name}/try">${csrf}<button class="try">${t(lang, 'tryIt')}</button></form>`
                    : html`<small>${t(lang, 'cannotTry')}</small>`}</td></tr>`,
            )}
          </tbody></table>`,
        ),
      )
    })
    .post('/scenarios/next/cancel', (c) => {
      deps.scenarioPicks.cancel(partnerOf(c))
      return c.redirect('/console/scenarios', 303)
    })
    .post('/scenarios/:name/next', (c) => {
      const lang = c.get('consoleLang')
      const name = c.req.param('name')
      if (!deps.scenarioPicks.pick(partnerOf(c), name)) return c.notFound()
      return back(c, '/console/scenarios', `${t(lang, 'nextCallScenario')} ${name}`)
    })
    .post('/scenarios/:name/try', async (c) => {
      const lang = c.get('consoleLang')
      const scenario = deps.scenarios.get(c.req.param('name'))
      if (!scenario || !deps.trials.canTry(scenario)) return c.notFound()
      const trial = await deps.trials.run(scenario, { accessToken: c.get('accessToken'), partnerUniqueID: partnerOf(c), lang })
      const summary = trial.failedCall
        ? `${t(lang, 'tryStopped')} ${trial.failedCall.method} ${trial.failedCall.path} → ${trial.failedCall.status}`
        : `${t(lang, 'tried')} ${scenario.name}: ${trial.calls.length} ${t(lang, 'callsInJournal')}`
      return back(c, pageOf(trial), summary)
    })
}
