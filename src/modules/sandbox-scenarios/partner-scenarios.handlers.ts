import { operationStatus } from '../../common/envelope.ts'
import type { AppRouteHandler } from '../../http/router/app-env.ts'
import { jsonBody } from '../../http/body/json-body.ts'
import type { PartnerScenario, PartnerScenarios } from './partner-scenarios.service.ts'
import type * as routes from './partner-scenarios.routes.ts'
import type { ScenarioRegistry } from './scenario-registry.ts'

const ownAnswer = (own: PartnerScenario) => ({ owner: 'partner' as const, createdAt: own.createdAt, updatedAt: own.updatedAt, scenario: own.scenario })

export const partnerScenariosHandlers = (own: PartnerScenarios, registry: Pick<ScenarioRegistry, 'all'>) => ({
  create: (async (c) => c.json(ownAnswer(own.create(c.get('auth'), await jsonBody(c))), 201)) satisfies AppRouteHandler<typeof routes.createScenario>,

  get: ((c) => {
    const { name } = c.req.valid('param')
    const found = registry.all(c.get('auth').partnerUniqueID).find((s) => s.scenario.name === name)
    if (found?.owner === 'sandbox') return c.json({ owner: 'sandbox' as const, createdAt: null, updatedAt: null, scenario: found.scenario }, 200)
    return c.json(ownAnswer(own.get(c.get('auth').partnerUniqueID, name)), 200)
  }) satisfies AppRouteHandler<typeof routes.getScenario>,

  put: (async (c) => {
    const stored = own.put(c.get('auth'), c.req.valid('param').name, await jsonBody(c))
    return stored.replaced ? c.json(ownAnswer(stored), 200) : c.json(ownAnswer(stored), 201)
  }) satisfies AppRouteHandler<typeof routes.putScenario>,

  delete: ((c) => {
    own.delete(c.get('auth'), c.req.valid('param').name)
    return c.json({ operationStatus: operationStatus(c.get('lang')) }, 200)
  }) satisfies AppRouteHandler<typeof routes.deleteScenario>,
})
