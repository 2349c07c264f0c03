import type { MiddlewareHandler } from 'hono'
import { setTimeout as sleep } from 'node:timers/promises'
import { ApiError } from '../../common/api-error.ts'
import { jsonBody } from '../../http/json-body.ts'
import { answerWithFault, type FaultEnv, type FaultSettings } from './fault-middleware.ts'
import type { FaultHolds } from './fault-holds.ts'

/** The network faults' bound on held connections and their settings. */
export interface NetworkFaults {
  holds: FaultHolds
  settings: FaultSettings
}
import type { ScenarioPicks } from './scenario-picks.ts'
import type { ScenarioRegistry } from './scenario-registry.ts'
import { effectOf, type Scenario } from './scenario.schemas.ts'

/** The request variables of the routes whose services apply scenario effects. */
export interface ScenarioEnv {
  Variables: FaultEnv['Variables'] & {
    /** The sandbox scenario of the request (header or magic value), if any. */
    scenario?: Scenario
  }
}

export const SCENARIO_HEADER = 'x-sandbox-scenario'

async function jsonBodyOf(c: Parameters<MiddlewareHandler<ScenarioEnv>>[0]): Promise<unknown> {
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(c.req.method)) return undefined
  if (!/^application\/(.+\+)?json/i.test(c.req.header('content-type') ?? '')) return undefined
  try {
    // Parsed once: the handler reads the same value (json-body.ts).
    return await jsonBody(c)
  } catch {
    return undefined // malformed JSON is the validator's to report
  }
}

function httpErrorOf(scenario: Scenario): ApiError | undefined {
  if (effectOf(scenario, 'tokenExpired')) return new ApiError('TOKEN_EXPIRED', { field: 'Authorization' })
  const error = effectOf(scenario, 'httpError')
  if (!error) return undefined
  const retryAfter = String(error.retryAfterSeconds ?? 30)
  switch (error.status) {
    case 500:
      return new ApiError('INTERNAL_ERROR', { field: '', params: { requestId: `scenario ${scenario.name}` } })
    case 503:
      return new ApiError('SERVICE_UNAVAILABLE', { field: '', params: { detail: `scenario ${scenario.name}` } }, { 'Retry-After': retryAfter })
    case 429:
      return new ApiError('RATE_LIMITED', { field: '', params: { seconds: retryAfter } }, { 'Retry-After': retryAfter })
  }
}

/**
 * Finds the scenario of a request (the X-Sandbox-Scenario header, else a magic value of the JSON
 * body, else for a /v1 call the scenario the partner picked in the console), applies the effects every operation shares (latency, HTTP errors, expired token, network faults) and
 * leaves it in `c.get('scenario')` for the services, which apply the domain effects.
 */
export const scenarioMiddleware =
  (scenarios: ScenarioRegistry, picks: Pick<ScenarioPicks, 'take'> | undefined, faults: NetworkFaults): MiddlewareHandler<ScenarioEnv> =>
  async (c, next) => {
    const name = c.req.header(SCENARIO_HEADER)
    let scenario: Scenario | undefined
    if (name !== undefined) {
      scenario = scenarios.byHeader(name.trim())
      if (!scenario) {
        throw new ApiError('INVALID_VALUE', {
          field: 'X-Sandbox-Scenario',
          message: {
            'pt-PT': `Cenário desconhecido: "${name}". Os cenários disponíveis estão em GET /sandbox/scenarios.`,
            en: `Unknown scenario "${name}". GET /sandbox/scenarios lists the available ones.`,
          },
        })
      }
    } else {
      scenario = scenarios.matchMagic(await jsonBodyOf(c))
      // Else the scenario the partner picked in the console for its next call to the bank's API.
      if (!scenario && picks && c.req.path.startsWith('/v1/')) scenario = picks.take(c.get('auth').partnerUniqueID)
    }
    if (!scenario) return next()
    c.set('scenario', scenario)
    c.header('X-Sandbox-Scenario', scenario.name)
    const latency = effectOf(scenario, 'latency')
    if (latency) await sleep(latency.ms)
    const error = httpErrorOf(scenario)
    if (error) throw error
    const fault = effectOf(scenario, 'fault')
    if (fault) return answerWithFault(c, next, fault, faults.holds, faults.settings)
    await next()
  }
