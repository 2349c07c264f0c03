import type { AppRouteHandler } from '../../http/router/app-env.ts'
import type { ScenarioRegistry } from './scenario-registry.ts'
import type * as routes from './sandbox-scenarios.routes.ts'

export const sandboxScenariosHandlers = (scenarios: Pick<ScenarioRegistry, 'all'>) => ({
  list: ((c) =>
    c.json(
      {
        scenarioList: scenarios.all(c.get('auth').partnerUniqueID).map(({ scenario: s, owner }) => ({
          name: s.name,
          owner,
          description: s.description[c.get('lang')],
          header: s.triggers.header,
          magicValues: s.triggers.magicValues,
          effects: s.effects,
        })),
      },
      200,
    )) satisfies AppRouteHandler<typeof routes.listScenarios>,
})
