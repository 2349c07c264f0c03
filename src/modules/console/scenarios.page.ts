import { Hono, type Context } from 'hono'
import { html } from 'hono/html'
import { ApiError, renderProblems, type ErrorItem } from '../../common/api-error.ts'
import type { Lang } from '../../common/language.ts'
import type { PartnerScenarios, ScenarioPicks, ScenarioRegistry, ScenarioTrials } from '../sandbox-scenarios/index.ts'

type ScenarioTrial = Awaited<ReturnType<ScenarioTrials['run']>>
import { csrfField, chrome, page } from './console-layout.ts'
import { back, partnerOf } from './operations.page.ts'
import type { ConsoleEnv } from './console-session-middleware.ts'
import { t } from './console-text.ts'

export interface ScenarioPageDeps {
  scenarios: Pick<ScenarioRegistry, 'all' | 'get'>
  scenarioPicks: Pick<ScenarioPicks, 'pick' | 'current' | 'cancel'>
  trials: Pick<ScenarioTrials, 'run' | 'canTry' | 'journeyOf'>
  partnerScenarios: Pick<PartnerScenarios, 'create' | 'put' | 'delete' | 'get'>
}

/** The words of the partner's own scenarios (this page's alone). */
const OWN_WORDS = {
  whose: ['De quem', 'Whose'],
  sandbox: ['Sandbox', 'Sandbox'],
  yours: ['Seu', 'Yours'],
  add: ['Juntar um cenário (cole o JSON de um ficheiro de cenário)', 'Add a scenario (paste the JSON of a scenario file)'],
  edit: ['Editar', 'Edit'],
  save: ['Guardar', 'Save'],
  scenarioDocument: ['O documento do cenário (JSON)', 'The scenario document (JSON)'],
  delete: ['Apagar', 'Delete'],
  saved: ['Cenário guardado:', 'Scenario saved:'],
  deleted: ['Cenário apagado:', 'Scenario deleted:'],
  refused: ['O cenário foi recusado:', 'The scenario was refused:'],
  notJson: ['O texto não é JSON válido:', 'The text is not valid JSON:'],
} satisfies Record<string, [string, string]>
const w = (lang: Lang, key: keyof typeof OWN_WORDS) => OWN_WORDS[key][lang === 'en' ? 1 : 0]

const lang = (c: Context<ConsoleEnv>) => c.get('consoleLang')

/** Where a trial leads: the process or simulation it made, else the call the scenario answered. */
function pageOf(trial: ScenarioTrial): string {
  const last = trial.failedCall ?? trial.calls.at(-1)
  if (trial.failedCall || trial.journey === 'request') return `/console/requests/${encodeURIComponent(last?.requestId ?? '')}`
  if (trial.processUniqueId) return `/console/processes/${trial.processUniqueId}`
  return `/console/simulations/${trial.simulationUniqueId}`
}

/** The JSON editor of a scenario, with the refusal of the last attempt beside it, each error naming its field. */
function editor(lang: Lang, csrf: string, action: string, text: string, errors: ErrorItem[] = []) {
  return html`<form method="post" action="${action}" class="scenario-editor">${csrfField(csrf)}
      ${
        errors.length > 0
          ? html`<p class="error">${w(lang, 'refused')}</p><ul class="errors">${errors.map((e) => html`<li><code>${e.errorField}</code> <span class="error">${e.errorCode} ${e.errorMessage}</span></li>`)}</ul>`
          : ''
      }
      <label for="scenario-document">${w(lang, 'scenarioDocument')}</label>
      <textarea id="scenario-document" name="document" rows="16" cols="80" spellcheck="false">${text}</textarea>
      <button>${w(lang, 'save')}</button></form>`
}

type Save = (document: unknown) => { scenario: { name: string } }

/**
 * Saves the editor's JSON through the same service as the API: back to the list when stored, else
 * the editor again with the text as sent and the API's refusal, field by field (400 or 409).
 */
async function saveFrom(c: Context<ConsoleEnv>, action: string, title: string, save: Save) {
  const lang = c.get('consoleLang')
  const text = String((await c.req.parseBody()).document ?? '')
  const again = (errors: ErrorItem[], status: 400 | 409) =>
    c.html(page({ lang, title, current: '/console/scenarios', csrf: c.get('csrf') }, editor(lang, c.get('csrf'), action, text, errors)), status)
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch (error) {
    return again([{ errorCode: '010109', errorMessage: `${w(lang, 'notJson')} ${(error as Error).message}`, errorField: 'document' }], 400)
  }
  try {
    return back(c, '/console/scenarios', `${w(lang, 'saved')} ${save(document).scenario.name}`)
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) throw error
    return again(renderProblems(error.problems, lang), error.status)
  }
}

/** The scenario catalogue: triggers and effects, "use on my next call", "try it" (a sample journey played now), and the partner's own. */
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
          html`<p id="next-scenario">${
            picked
              ? html`${t(lang, 'nextCallScenario')} <strong>${picked.name}</strong>
                  ${admin ? html`<form method="post" action="/console/scenarios/next/cancel" class="inline">${csrf}<button>${t(lang, 'cancel')}</button></form>` : ''}`
              : t(lang, admin ? 'nextCallNone' : 'nextCallAdminOnly')
          }</p>
            <p>${t(lang, 'tryExplained')}</p>
            <table><thead><tr><th>${t(lang, 'scenario')}</th><th>${w(lang, 'whose')}</th><th>${t(lang, 'triggers')}</th><th>${t(lang, 'effects')}</th><th></th></tr></thead><tbody>
            ${deps.scenarios.all(partnerOf(c)).map(
              ({ scenario: s, owner }) => html`<tr data-scenario="${s.name}" data-owner="${owner}"><td><strong>${s.name}</strong><br />${s.description[lang]}</td>
                <td>${w(lang, owner === 'partner' ? 'yours' : 'sandbox')}</td>
                <td>${s.triggers.header ? html`<code>X-Sandbox-Scenario: ${s.name}</code>` : ''} ${(s.triggers.magicValues ?? []).map((m) => html`<br /><code>${m.field} = ${JSON.stringify(m.equals)}</code>`)}</td>
                <td>${s.effects.map((e) => e.type).join(', ')}<br /><small>${t(lang, `journey_${deps.trials.journeyOf(s)}`)}</small></td>
                <td>${admin ? html`<form method="post" action="/console/scenarios/${s.name}/next">${csrf}<button>${t(lang, 'useNext')}</button></form>` : ''}
                  ${
                    deps.trials.canTry(s)
                      ? html`<form method="post" action="/console/scenarios/${s.name}/try">${csrf}<button class="try">${t(lang, 'tryIt')}</button></form>`
                      : html`<small>${t(lang, 'cannotTry')}</small>`
                  }
                  ${
                    admin && owner === 'partner'
                      ? html`<a href="/console/scenarios/${s.name}/edit">${w(lang, 'edit')}</a>
                        <form method="post" action="/console/scenarios/${s.name}/delete" class="inline">${csrf}<button>${w(lang, 'delete')}</button></form>`
                      : ''
                  }</td></tr>`,
            )}
          </tbody></table>
          ${admin ? html`<h2>${w(lang, 'add')}</h2>${editor(lang, c.get('csrf'), '/console/scenarios', '')}` : ''}`,
        ),
      )
    })
    .post('/scenarios', (c) => saveFrom(c, '/console/scenarios', t(lang(c), 'scenarios'), (document) => deps.partnerScenarios.create(c.get('auth'), document)))
    .get('/scenarios/:name/edit', (c) => {
      const name = c.req.param('name')
      const own = deps.partnerScenarios.get(partnerOf(c), name)
      const action = `/console/scenarios/${encodeURIComponent(name)}`
      return c.html(
        page({ lang: lang(c), title: name, current: '/console/scenarios', csrf: c.get('csrf') }, editor(lang(c), c.get('csrf'), action, JSON.stringify(own.scenario, null, 2))),
      )
    })
    .post('/scenarios/next/cancel', (c) => {
      deps.scenarioPicks.cancel(partnerOf(c))
      return c.redirect('/console/scenarios', 303)
    })
    .post('/scenarios/:name/delete', (c) => {
      const name = c.req.param('name')
      deps.partnerScenarios.delete(c.get('auth'), name)
      return back(c, '/console/scenarios', `${w(lang(c), 'deleted')} ${name}`)
    })
    .post('/scenarios/:name/next', (c) => {
      const name = c.req.param('name')
      if (!deps.scenarioPicks.pick(partnerOf(c), name)) return c.notFound()
      return back(c, '/console/scenarios', `${t(lang(c), 'nextCallScenario')} ${name}`)
    })
    .post('/scenarios/:name/try', async (c) => {
      const scenario = deps.scenarios.get(partnerOf(c), c.req.param('name'))
      if (!scenario || !deps.trials.canTry(scenario)) return c.notFound()
      const trial = await deps.trials.run(scenario, { accessToken: c.get('accessToken'), partnerUniqueID: partnerOf(c), lang: lang(c) })
      const summary = trial.failedCall
        ? `${t(lang(c), 'tryStopped')} ${trial.failedCall.method} ${trial.failedCall.path} → ${trial.failedCall.status}`
        : `${t(lang(c), 'tried')} ${scenario.name}: ${trial.calls.length} ${t(lang(c), 'callsInJournal')}`
      return back(c, pageOf(trial), summary)
    })
    .post('/scenarios/:name', (c) => {
      const name = c.req.param('name')
      return saveFrom(c, `/console/scenarios/${encodeURIComponent(name)}`, name, (document) => deps.partnerScenarios.put(c.get('auth'), name, document))
    })
}
