import type { PartnerClock } from '../../platform/clock.ts'
import type { Lang } from '../../common/language.ts'
import type { Scenario } from './scenario.schemas.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'

/** What a trial needs to know of a scenario: the journey that shows it and how it is triggered. */
export type TrialJourney = 'request' | 'simulation' | 'process'

/** One call the trial made, as the journal has it. */
export interface TrialCall {
  method: string
  path: string
  status: number
  requestId: string
}

export interface ScenarioTrial {
  scenario: string
  journey: TrialJourney
  calls: TrialCall[]
  simulationUniqueId?: string
  processUniqueId?: string
  /** The call that did not answer as the journey expects, when the trial stopped early. */
  failedCall?: TrialCall
}

/**
 * The records of the sample journey a trial sends (the sandbox control's sample data, given by the
 * composition root: the trials stand below the simulations and processes those records are typed by).
 */
export interface TrialSamples {
  eligibleSimulation: object
  keyBorrowerCompletion(now: Date): object
  coBorrowerCompletion(now: Date): object
  propertyCompletion: object
  pdf: Uint8Array<ArrayBuffer>
  mandatoryDocuments(taxonomy: Pick<TaxonomyCatalog, 'items'>, borrowerUniqueIds: readonly string[]): { documentTypeId: number; borrowerUniqueId?: string; fileName: string }[]
}

export interface TrialDeps {
  samples: TrialSamples
  /** The sandbox's own HTTP application: the trial's calls go through everything a partner's calls do. */
  dispatch: (request: Request) => Promise<Response>
  taxonomy: Pick<TaxonomyCatalog, 'items'>
  clock: Pick<PartnerClock, 'now'>
  version: string
  /** The request header that names a scenario. */
  scenarioHeader: string
}

const PROCESS_EFFECTS = new Set(['processLifecycle', 'documentRequested'])
const SIMULATION_EFFECTS = new Set(['simulationEligibility', 'simulationStatus', 'bankMessage'])
const SIMULATION_FIELDS = /^(loanSimulator|borrowersSimulator|propertySimulator)\./
/** Whether a trial can trigger the scenario: by its header, or by a magic value of a Simulation Create field. */
const canTry = (scenario: Scenario): boolean => scenario.triggers.header || scenario.triggers.magicValues.some((m) => SIMULATION_FIELDS.test(m.field))

/** The journey that shows what a scenario does: a process to Submit, a simulation, or one call. */
export function journeyOf(scenario: Scenario): TrialJourney {
  const types = scenario.effects.map((e) => e.type)
  if (types.some((t) => PROCESS_EFFECTS.has(t))) return 'process'
  if (types.some((t) => SIMULATION_EFFECTS.has(t))) return 'simulation'
  return 'request'
}

/**
 * Whether a trial can trigger the scenario: by its header, or by a magic value of a Simulation
 * Create field (a partner's scenario triggered only by another operation's field cannot be tried).
 */

/** The sample simulation with the scenario's magic values of Simulation Create written in. */
function simulationBody(samples: TrialSamples, scenario: Scenario, withMagicValues: boolean): Record<string, unknown> {
  const body = structuredClone(samples.eligibleSimulation) as Record<string, Record<string, unknown>>
  if (!withMagicValues) return body
  for (const { field, equals } of scenario.triggers.magicValues) {
    if (!SIMULATION_FIELDS.test(field)) continue
    const [group, name] = field.split('.') as [string, string]
    body[group]![name] = equals
  }
  return body
}

class TrialStopped extends Error {}

/**
 * Plays a scenario's sample journey as the partner's client would, with the user's own token, so
 * every call lands in the partner's request journal and every record is the partner's: the console's
 * "try it" (docs/design.md "Console"). The scenario is named by its header on the call it acts on
 * (Simulation Create, Process Submit, or a simulation list for the answer scenarios), or, when it has
 * no header trigger, by its magic values in the simulation.
 */
export function createScenarioTrials(deps: TrialDeps) {
  return {
    journeyOf,
    canTry,
    async run(scenario: Scenario, session: { accessToken: string; partnerUniqueID: string; lang: Lang }): Promise<ScenarioTrial> {
      const trial: ScenarioTrial = { scenario: scenario.name, journey: journeyOf(scenario), calls: [] }
      const byHeader = scenario.triggers.header
      const named: Record<string, string> = byHeader ? { [deps.scenarioHeader]: scenario.name } : {}

      const call = async (method: string, path: string, options: { json?: unknown; form?: FormData; headers?: Record<string, string>; expect?: number }) => {
        const headers: Record<string, string> = {
          Authorization: `Bearer ${session.accessToken}`,
          'Accept-Language': session.lang,
          'User-Agent': `mortgage-sandbox-console/${deps.version} (try it)`,
          ...options.headers,
        }
        let body: string | FormData | undefined
        if (options.json !== undefined) {
          headers['Content-Type'] = 'application/json'
          body = JSON.stringify(options.json)
        } else if (options.form) body = options.form
        const res = await deps.dispatch(new Request(`http://sandbox.internal${path}`, { method, headers, ...(body ? { body } : {}) }))
        const text = await res.text()
        const record: TrialCall = { method, path, status: res.status, requestId: res.headers.get('x-request-id') ?? '' }
        trial.calls.push(record)
        if (options.expect !== undefined && res.status !== options.expect) {
          trial.failedCall = record
          throw new TrialStopped()
        }
        return text ? (JSON.parse(text) as Record<string, any>) : {}
      }

      try {
        if (trial.journey === 'request') {
          // An answer scenario answers as it says (a 401, a 503, a slow 200): any status shows it.
          if (byHeader) await call('GET', '/v1/simulations?lineCount=1', { headers: named })
          else await call('POST', '/v1/simulations', { json: simulationBody(deps.samples, scenario, true) })
          return trial
        }
        const created = await call('POST', '/v1/simulations', {
          json: simulationBody(deps.samples, scenario, !byHeader),
          headers: trial.journey === 'simulation' ? named : {},
          expect: 201,
        })
        trial.simulationUniqueId = created.additionalData.simulationUniqueID as string
        if (trial.journey === 'simulation') return trial

        const process = await call('POST', '/v1/processes', { json: { simulationUniqueId: trial.simulationUniqueId }, expect: 201 })
        const processUniqueId = process.additionalData.processUniqueID as string
        trial.processUniqueId = processUniqueId
        await completeProcess(call, deps, processUniqueId, deps.clock.now(session.partnerUniqueID))
        await call('POST', `/v1/processes/${processUniqueId}/submit`, { headers: named, expect: 200 })
        return trial
      } catch (error) {
        if (error instanceof TrialStopped) return trial
        throw error
      }
    },
  }
}

type TrialCallFn = (method: string, path: string, options: { json?: unknown; form?: FormData; expect: number }) => Promise<Record<string, any>>

/** Completes a Draft process through the API until Submit accepts it: borrowers, mandatory documents, property. */
async function completeProcess(call: TrialCallFn, deps: TrialDeps, processUniqueId: string, now: Date) {
  const base = `/v1/processes/${processUniqueId}`
  const { borrowerList } = await call('GET', `${base}/borrower`, { expect: 200 })
  const borrowers = (borrowerList as Array<{ borrowerUniqueID: string }>).map((b) => b.borrowerUniqueID)
  for (const [index, id] of borrowers.entries()) {
    await call('PUT', `${base}/borrower/${id}`, { json: index === 0 ? deps.samples.keyBorrowerCompletion(now) : deps.samples.coBorrowerCompletion(now), expect: 200 })
  }
  for (const { documentTypeId, borrowerUniqueId, fileName } of deps.samples.mandatoryDocuments(deps.taxonomy, borrowers)) {
    const form = new FormData()
    form.append('documentTypeId', String(documentTypeId))
    if (borrowerUniqueId) form.append('borrowerUniqueId', borrowerUniqueId)
    form.append('file', new Blob([deps.samples.pdf], { type: 'application/pdf' }), fileName)
    await call('POST', `${base}/document`, { form, expect: 201 })
  }
  const { propertyList } = await call('GET', `${base}/property`, { expect: 200 })
  const property = (propertyList as Array<{ propertyUniqueId: string }>)[0]!
  await call('PUT', `${base}/property/${property.propertyUniqueId}`, { json: deps.samples.propertyCompletion, expect: 200 })
}

export type ScenarioTrials = ReturnType<typeof createScenarioTrials>
