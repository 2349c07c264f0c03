import { expect } from 'vitest'
import { createPartnerClient, PartnerApiError } from '../../../../contracts/consumer/partner-client.ts'
import { resilientFetch } from '../../../../contracts/consumer/resilient-fetch.ts'
import {
  coBorrowerCompletion,
  ELIGIBLE_SIMULATION,
  keyBorrowerCompletion,
  mandatoryDocuments,
  PROPERTY_COMPLETION,
  SAMPLE_PDF,
} from '../../../../src/modules/sandbox-control/sample-data.ts'
import { PARTNER_A } from '../../../support/test-app.ts'

/** What the script needs of a sandbox: its app in-process, the machine clock it waits on, the reference lists. */
export interface ScriptedSandbox {
  app: { fetch(request: Request): Response | Promise<Response> }
  clock: { advance(ms: number): void; now(): Date }
  services: { taxonomy: Parameters<typeof mandatoryDocuments>[0] }
}

/** How a scripted client strays from the reference client; the reference makes none of these mistakes. */
export type Mistake = 'retries-429-at-once' | 'reuses-expired-token' | 'repeats-refused-request'

const BASE = 'http://sandbox.test'
const EXPIRED_TOKEN = '010502'

/**
 * The partner's transport under the reference client: the sandbox's app in-process. A mistake is
 * played here, beneath the reference client's own handling: a 429 repeated at once, or an expired
 * token sent again, before the reference client does what it should.
 */
function transport(s: ScriptedSandbox, mistake: Mistake | undefined): typeof fetch {
  const send = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => s.app.fetch(new Request(String(input), init))
  return async (input, init) => {
    const response = await send(input, init)
    if (mistake === 'retries-429-at-once' && response.status === 429) return send(input, init)
    if (mistake === 'reuses-expired-token' && response.status === 401) {
      const body = (await response.clone().json()) as { errors?: Array<{ errorCode: string }> }
      if (body.errors?.[0]?.errorCode === EXPIRED_TOKEN) return send(input, init)
    }
    return response
  }
}

/**
 * A partner's client playing every journey the certification reads, built on the reference consumer
 * (contracts/consumer) with its resilient fetch: it waits for Retry-After on the sandbox's test clock.
 * The decision reaches the partner's server at `receiverUrl`, registered for type 9; without one,
 * through `mortgage-sandbox listen`, which `decisionArrived` awaits. Returns what the test needs to
 * drive the bank's side.
 */
export async function playScriptedClient(
  s: ScriptedSandbox,
  options: { receiverUrl?: string; decisionArrived: () => Promise<void>; mistake?: Mistake; login?: { username: string; password: string; partnerUniqueID: string } },
) {
  const login = options.login ?? { username: 'broker-a', password: 'sandbox', partnerUniqueID: PARTNER_A }
  let scenario: string | undefined
  const fetch = resilientFetch({
    baseUrl: BASE,
    username: login.username,
    password: login.password,
    language: 'pt-PT',
    fetch: transport(s, options.mistake),
    // The client waits as told; the sandbox's machine clock moves instead of the test sleeping.
    wait: async (seconds) => s.clock.advance(seconds * 1000),
    nextHeaders: () => {
      const once = scenario ? { 'X-Sandbox-Scenario': scenario } : undefined
      scenario = undefined
      return once
    },
  })
  const api = createPartnerClient({ baseUrl: BASE, language: 'pt-PT', fetch })
  const withScenario = <T>(name: string, call: () => Promise<T>) => {
    scenario = name
    return call()
  }

  // Callbacks: the decision (type 9) reaches the partner's server.
  if (options.receiverUrl) await api.callbacks.update(login.partnerUniqueID, 9, options.receiverUrl)

  // Journeys: an eligible simulation, one that is not eligible.
  const eligible = (await api.simulations.create(ELIGIBLE_SIMULATION)).additionalData!
  expect(eligible.elegibility).toBe(true)
  const notEligible = (await withScenario('simulation-not-eligible', () => api.simulations.create(ELIGIBLE_SIMULATION))).additionalData!
  expect(notEligible.elegibility).toBe(false)

  // A refused request, fixed on the field it names (or, by mistake, repeated as it was).
  const refused = { ...ELIGIBLE_SIMULATION, loanSimulator: { ...ELIGIBLE_SIMULATION.loanSimulator, loanDurationMonths: 1000 } }
  for (let attempt = 0; attempt < (options.mistake === 'repeats-refused-request' ? 3 : 1); attempt += 1) {
    const error = await api.simulations.create(refused).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PartnerApiError)
    expect((error as PartnerApiError).body?.errors[0]?.errorField).toBe('loanSimulator.loanDurationMonths')
  }
  await api.simulations.create(ELIGIBLE_SIMULATION)

  // A list walked with nextRecord.
  const first = await api.simulations.list({ lineCount: 1 })
  expect(first.hasMoreResults).toBe(true)
  await api.simulations.list({ lineCount: 1, nextRecord: first.listSimulationDetail[0]!.simulationUniqueID })

  // An expired token, a 429 and a 503: the reference client renews the token and waits as told.
  await withScenario('token-expired', () => api.simulations.detail(eligible.simulationUniqueID))
  await withScenario('rate-limited', () => api.simulations.detail(eligible.simulationUniqueID))
  await withScenario('service-unavailable', () => api.simulations.detail(eligible.simulationUniqueID))

  // A process to submission, with a bank decision followed through the callback.
  const { processUniqueID } = (await api.processes.create(eligible.simulationUniqueID)).additionalData!
  const now = s.clock.now()
  const borrowers = (await api.borrowers.list(processUniqueID)).borrowerList.map((b) => b.borrowerUniqueID)
  await api.borrowers.update(processUniqueID, borrowers[0]!, keyBorrowerCompletion(now) as never)
  await api.borrowers.update(processUniqueID, borrowers[1]!, coBorrowerCompletion(now) as never)
  for (const { documentTypeId, borrowerUniqueId, fileName } of mandatoryDocuments(s.services.taxonomy, borrowers)) {
    await api.documents.upload(processUniqueID, {
      documentTypeId,
      ...(borrowerUniqueId ? { borrowerUniqueId } : {}),
      file: { bytes: SAMPLE_PDF, fileName, contentType: 'application/pdf' },
    })
  }
  const [property] = (await api.processes.properties(processUniqueID)).propertyList
  await api.processes.updateProperty(processUniqueID, property!.propertyUniqueId, PROPERTY_COMPLETION)
  await withScenario('process-approved', () => api.processes.submit(processUniqueID))

  // The bank decides: the test clock moves past the scenario's steps; the decision is delivered.
  const advanced = await fetch(`${BASE}/sandbox/clock/advance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ seconds: 40 }) })
  expect(advanced.status).toBe(200)
  await options.decisionArrived()
  const detail = await api.processes.detail(processUniqueID)
  expect(detail.processDetail.processStatusId).toBe(4)
  return { fetch, processUniqueID }
}
