import type { AppEnv } from '../../http/app-env.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { loadScenarios } from './scenario-loader.ts'
import { checkScenarioReferences } from './scenario-references.ts'
import { createScenarioRegistry, type ScenarioRegistry } from './scenario-registry.ts'
import * as routes from './sandbox-scenarios.routes.ts'
import { createRouter } from '../../http/create-router.ts'

export { scenarioMiddleware, SCENARIO_HEADER, type ScenarioEnv } from './scenario-middleware.ts'
export { createScenarioPicks, type ScenarioPicks } from './scenario-picks.ts'
export { createScenarioScheduler, JOB_KIND, JobPayloadSchemas, type ScenarioScheduler } from './scenario-scheduler.ts'
export { effectOf, type Scenario } from './scenario.schema.ts'
export { ScenarioFileError } from './scenario-loader.ts'
export { scenarioJsonSchema } from './scenario-json-schema.ts'
export type { ScenarioRegistry } from './scenario-registry.ts'

/**
 * The scenarios of this sandbox: the shipped folder's, then the partner's own (which may replace
 * them by name), validated at start, their reference-list codes checked against the catalogue.
 * @throws ScenarioFileError naming the file or scenario and the problem.
 */
export function createScenarios(folders: string[], taxonomy: TaxonomyCatalog): ScenarioRegistry {
  const registry = createScenarioRegistry(loadScenarios(folders))
  checkScenarioReferences(registry.all(), taxonomy)
  return registry
}

/** Sandbox control API: GET /sandbox/scenarios. */
export const sandboxScenariosRouter = (scenarios: ScenarioRegistry) =>
  createRouter().openapi(routes.listScenarios, (c) =>
    c.json(
      {
        scenarioList: scenarios.all().map((s) => ({
          name: s.name,
          description: s.description[c.get('lang')],
          header: s.triggers.header,
          magicValues: s.triggers.magicValues,
          effects: s.effects,
        })),
      },
      200,
    ),
  )
