import type { MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Lang } from '../../common/language.ts'
import { setTimeout as sleep } from 'node:timers/promises'
import { ApiError } from '../../common/api-error.ts'
import { jsonBody } from '../../http/body/json-body.ts'
import { held } from '../../http/fair-share/fair-share.ts'
import { answerWithFault, type FaultEnv, type FaultSettings } from './fault-middleware.ts'
import type { FaultHolds } from './fault-holds.ts'

/** The network faults' bound on held connections and their settings. */
export interface NetworkFaults {
  holds: FaultHolds
  settings: FaultSettings
}
import type { ScenarioPicks } from './scenario-picks.ts'
import type { ScenarioRegistry } from './scenario-registry.ts'
import { effectOf, type EffectOf, type Scenario } from './scenario.schemas.ts'

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

/** The error body a scenario's answer sets, in the request's language: its first item is the operation's status. */
function errorAnswerBody(answer: EffectOf<'errorAnswer'>, lang: Lang) {
  const errors = answer.errors.map((e) => ({ errorCode: e.errorCode, errorMessage: e.errorMessage[lang], errorField: e.errorField }))
  return { operationStatus: { operationStatusCode: errors[0]!.errorCode, operationStatusMessage: errors[0]!.errorMessage }, errors }
}

/**
 * Finds the scenario of a request (the X-Sandbox-Scenario header, else a magic value of the JSON
 * body, else for a /v1 call the scenario the partner picked in the console), among the sandbox's and
 * the calling partner's own, applies the effects every operation shares (latency, HTTP errors, an
 * expired token, an error answer of its own in place of the operation's, network faults) and
 * leaves it in `c.get('scenario')` for the services, which apply the domain effects.
 */
export const scenarioMiddleware = (scenarios: ScenarioRegistry, picks: Pick<ScenarioPicks, 'take'> | undefined, faults: NetworkFaults): MiddlewareHandler<ScenarioEnv> =>
  async function applyScenario(c, next) {
    const name = c.req.header(SCENARIO_HEADER)
    const partnerUniqueID = c.get('auth').partnerUniqueID
    let scenario: Scenario | undefined
    if (name !== undefined) {
      scenario = scenarios.byHeader(partnerUniqueID, name.trim())
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
      scenario = scenarios.matchMagic(partnerUniqueID, await jsonBodyOf(c))
      // Else the scenario the partner picked in the console for its next call to the bank's API.
      if (!scenario && picks && c.req.path.startsWith('/v1/')) scenario = picks.take(partnerUniqueID)
    }
    if (!scenario) return next()
    c.set('scenario', scenario)
    c.header('X-Sandbox-Scenario', scenario.name)
    const latency = effectOf(scenario, 'latency')
    // Held: the wait uses no CPU, and keeps the partner's concurrency slot (the fair share sits before this).
    if (latency) await held(c, sleep(latency.ms))
    const error = httpErrorOf(scenario)
    if (error) throw error
    const answer = effectOf(scenario, 'errorAnswer')
    if (answer) return c.json(errorAnswerBody(answer, c.get('lang')), answer.status as ContentfulStatusCode, answer.headers ?? {})
    const fault = effectOf(scenario, 'fault')
    if (fault) return answerWithFault(c, next, fault, faults.holds, faults.settings)
    await next()
  }
