import type { RouteConfig } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { renderProblems } from '../../common/api-error.ts'
import type { AnswerCache } from '../../http/pipeline/answer-cache.ts'
import type { AppRouteHandler } from '../../http/router/app-env.ts'
import { withoutNulls } from '../../common/answer-fields.ts'
import { operationStatus } from '../../common/envelope.ts'
import { jsonBody, serializedJson } from '../../http/body/json-body.ts'
import type { Lang } from '../../common/language.ts'
import type { ScenarioEnv } from '../sandbox-scenarios/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import type { SimulationDetail } from './simulation-detail.schemas.ts'
import { nonEligibilityDescription } from './simulation-scenario.ts'
import type * as routes from './simulations.routes.ts'
import type { ScenarioOptions, SimulationOutcome, SimulationService } from './simulations.service.ts'

type Handler<R extends RouteConfig> = AppRouteHandler<R, ScenarioEnv>

/** The request's sandbox scenario and language, for the effects the service applies. */
const scenarioOf = (c: Context<ScenarioEnv>): ScenarioOptions => ({ scenario: c.get('scenario'), lang: c.get('lang') })

export function simulationsHandlers(simulations: SimulationService, taxonomy: TaxonomyCatalog, detailAnswers: Pick<AnswerCache, 'set'>) {
  const result = (outcome: SimulationOutcome, lang: Lang) => ({
    operationStatus: operationStatus(lang),
    additionalData: withoutNulls({
      simulationUniqueID: outcome.simulationUniqueID,
      simulationNumber: String(outcome.simulationNumber),
      elegibility: outcome.eligible,
      nonElegibilityDescription: nonEligibilityDescription(taxonomy, outcome, lang),
    }),
  })

  return {
    list: ((c) => c.json(simulations.list(c.get('auth'), c.req.valid('query'), c.get('lang')), 200)) satisfies Handler<typeof routes.list>,

    // The simulation input is validated by the service, every problem at once (simulation-validation.ts).
    create: (async (c) => c.json(result(simulations.create(c.get('auth'), await jsonBody(c), scenarioOf(c)), c.get('lang')), 201)) satisfies Handler<typeof routes.create>,

    validate: (async (c) => {
      const problems = simulations.validate(c.get('auth'), await jsonBody(c))
      return c.json({ errors: renderProblems(problems, c.get('lang')) }, 200)
    }) satisfies Handler<typeof routes.validate>,

    // Rendered once, then answered from the cache (mounted before the route) until the row is next written.
    detail: ((c) => {
      const { brokerId } = c.get('auth')
      const id = c.req.valid('param').simulationUniqueId
      const lang = c.get('lang')
      const json = simulations.detailJson({ brokerId }, id, lang)
      detailAnswers.set(id, brokerId, lang, json)
      return serializedJson<SimulationDetail>(c, json)
    }) satisfies Handler<typeof routes.detail>,

    update: (async (c) => {
      const outcome = simulations.update(c.get('auth'), c.req.valid('param').simulationUniqueId, await jsonBody(c), scenarioOf(c))
      return c.json(result(outcome, c.get('lang')), 200)
    }) satisfies Handler<typeof routes.update>,

    cancel: ((c) => {
      const { simulationCancelReasonId, cancelComments } = c.req.valid('json')
      simulations.cancel(c.get('auth'), c.req.valid('param').simulationUniqueId, simulationCancelReasonId, cancelComments)
      return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
    }) satisfies Handler<typeof routes.cancel>,
  }
}
