import type { Context } from 'hono'
import { renderProblem } from '../../http/api-error.ts'
import type { AppEnv, AppRouteHandler } from '../../http/app-env.ts'
import type { Lang } from '../../http/language.ts'
import type { TaxonomyCatalog } from '../taxonomy/taxonomy.catalog.ts'
import { operationStatus } from './simulation-envelope.ts'
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
const scenarioOf = (c: Context<AppEnv>): ScenarioOptions => ({ scenario: c.var.scenario, lang: c.var.lang })

export const respondCreate = (c: Context<AppEnv>, raw: unknown) =>
  c.json(result(c.var.deps.simulations.create(c.var.auth, raw, 'API', undefined, scenarioOf(c)), c.var.deps.taxonomy, c.var.lang), 201)

export const respondValidate = (c: Context<AppEnv>, raw: unknown) =>
  c.json({ errors: c.var.deps.simulations.validate(raw).map((p) => renderProblem(p, c.var.lang)) }, 200)

export const respondUpdate = (c: Context<AppEnv>, raw: unknown) =>
  c.json(result(c.var.deps.simulations.update(c.var.auth, c.req.param('simulationUniqueId')!, raw, scenarioOf(c)), c.var.deps.taxonomy, c.var.lang), 200)

export const create: AppRouteHandler<typeof routes.create> = async (c) => respondCreate(c, await c.req.json()) as never

export const validate: AppRouteHandler<typeof routes.validate> = async (c) => respondValidate(c, await c.req.json()) as never

export const update: AppRouteHandler<typeof routes.update> = async (c) => respondUpdate(c, await c.req.json()) as never

export const detail: AppRouteHandler<typeof routes.detail> = (c) => {
  const json = c.var.deps.simulations.detailJson(c.var.auth, c.req.valid('param').simulationUniqueId, c.var.lang)
  return c.body(json, 200, { 'Content-Type': 'application/json' }) as never
}

export const list: AppRouteHandler<typeof routes.list> = (c) => {
  const { simulations, taxonomy } = c.var.deps
  return c.json(listSimulations(simulations.lists, taxonomy, c.var.auth, c.req.valid('query'), c.var.lang), 200)
}

export const cancel: AppRouteHandler<typeof routes.cancel> = (c) => {
  const { simulationCancelReasonId, cancelComments } = c.req.valid('json')
  c.var.deps.simulations.cancel(c.var.auth, c.req.valid('param').simulationUniqueId, simulationCancelReasonId, cancelComments)
  return c.json({ operationStatus: operationStatus(c.var.lang) }, 200)
}
