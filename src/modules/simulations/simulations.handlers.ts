import type { Context, MiddlewareHandler } from 'hono'
import { renderProblem } from '../../http/api-error.ts'
import { jsonBody } from '../../http/json-body.ts'
import type { AppEnv, AppRouteHandler } from '../../http/app-env.ts'
import type { Lang } from '../../http/language.ts'
import type { TaxonomyCatalog } from '../taxonomy/taxonomy.catalog.ts'
import { operationStatus } from '../../http/envelope.ts'
import { listSimulations } from './simulation-list.ts'
import { nonEligibilityDescription } from './simulation-scenario.ts'
import type * as routes from './simulations.routes.ts'
import type { ScenarioOptions, SimulationOutcome } from './simulations.service.ts'

const result = (outcome: SimulationOutcome, taxonomy: TaxonomyCatalog, lang: Lang) => ({
  operationStatus: operationStatus(lang),
  additionalData: {
    simulationUniqueID: outcome.simulationUniqueID,
    simulationNumber: String(outcome.simulationNumber),
    elegibility: outcome.eligible,
    nonElegibilityDescription: nonEligibilityDescription(taxonomy, outcome, lang),
  },
})

/** The request's sandbox scenario and language, for the effects the service applies. */
const scenarioOf = (c: Context<AppEnv>): ScenarioOptions => ({ scenario: c.get('scenario'), lang: c.get('lang') })

export const respondCreate = (c: Context<AppEnv>, raw: unknown) =>
  c.json(result(c.get('deps').simulations.create(c.get('auth'), raw, 'API', undefined, scenarioOf(c)), c.get('deps').taxonomy, c.get('lang')), 201)

export const respondValidate = (c: Context<AppEnv>, raw: unknown) =>
  c.json({ errors: c.get('deps').simulations.validate(raw).map((p) => renderProblem(p, c.get('lang'))) }, 200)

export const respondUpdate = (c: Context<AppEnv>, raw: unknown) =>
  c.json(result(c.get('deps').simulations.update(c.get('auth'), c.req.param('simulationUniqueId')!, raw, scenarioOf(c)), c.get('deps').taxonomy, c.get('lang')), 200)

// The simulation input is validated by the service, every problem at once (simulation-validation.ts).
export const create: AppRouteHandler<typeof routes.create> = async (c) => respondCreate(c, await jsonBody(c)) as never

export const validate: AppRouteHandler<typeof routes.validate> = async (c) => respondValidate(c, await jsonBody(c)) as never

export const update: AppRouteHandler<typeof routes.update> = async (c) => respondUpdate(c, await jsonBody(c)) as never

/**
 * Route middleware of Simulation Detail, before the path's validation: a detail already rendered
 * for this broker and language is answered as it is. Only a valid id of an existing simulation is
 * ever kept, so the validation it skips could not fail; anything else goes on to it.
 */
export const cachedDetail: MiddlewareHandler<AppEnv> = async (c, next) => {
  const json = c.get('deps').simulations.cachedDetailJson(c.get('auth'), c.req.param('simulationUniqueId') ?? '', c.get('lang'))
  return json === undefined ? next() : c.body(json, 200, { 'Content-Type': 'application/json' })
}

export const detail: AppRouteHandler<typeof routes.detail> = (c) => {
  const json = c.get('deps').simulations.detailJson(c.get('auth'), c.req.valid('param').simulationUniqueId, c.get('lang'))
  return c.body(json, 200, { 'Content-Type': 'application/json' }) as never
}

export const list: AppRouteHandler<typeof routes.list> = (c) => {
  const { simulations, taxonomy } = c.get('deps')
  return c.json(listSimulations(simulations.lists, taxonomy, c.get('auth'), c.req.valid('query'), c.get('lang')), 200)
}

export const cancel: AppRouteHandler<typeof routes.cancel> = (c) => {
  const { simulationCancelReasonId, cancelComments } = c.req.valid('json')
  c.get('deps').simulations.cancel(c.get('auth'), c.req.valid('param').simulationUniqueId, simulationCancelReasonId, cancelComments)
  return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
}
