import type { StateHandlers } from '@pact-foundation/pact/src/dsl/verifier/proxy/types.js'
import type { AuthContext } from '../../common/auth-context.ts'
import { fixtureActor, fixtureNames, FIXTURES, loadFixture, unknownFixtureMessage } from './provider-states/fixture-registry.ts'
import { produceNotification, type MessageDescriptor, type ProducedMessage } from './message-producer.ts'
import { metadataOf, type ExpectedMessage } from './pact-messages.ts'
import type { VerificationSandbox } from './verification-sandbox.ts'

/** Where pact-js's verification proxy receives provider-state calls (Verifier.stateSetupPath). */
export const STATE_SETUP_PATH = '/_pactSetup'

/** Where pact-js's verification proxy receives the verifier's message requests (Verifier.messageTransportPath). */
export const MESSAGE_PATH = '/_messages'

/** What a message failure is recorded as, in place of a state's name. */
export const MESSAGE_FAILURE = 'the notification of the message'

export interface StateFailure {
  /** Which interaction of the run (0 for the first), in the verifier's order. */
  interaction: number
  state: string
  params: unknown
  message: string
}

/** The express request and response as the proxy hands them to the request filter (only what is used here). */
interface FilterRequest {
  path: string
  body?: { action?: string; state?: string; params?: unknown; description?: unknown }
  headers: Record<string, string | string[] | undefined>
}
interface FilterResponse {
  status(code: number): FilterResponse
  json(body: unknown): void
}

/**
 * Follows the verifier through each interaction: its provider-state setups, then its request,
 * then its teardown. The first setup of an interaction starts it on a fresh sandbox; each state
 * loads the fixture of that name; the request goes out as a broker of the state's partner with a
 * token issued now (so a pact may carry any token).
 */
export function createProviderStateBridge(sandbox: VerificationSandbox, messages: readonly ExpectedMessage[] = []) {
  let phase: 'idle' | 'setup' | 'request' | 'teardown' = 'idle'
  let interaction = -1
  let actor: AuthContext | undefined
  /** The failed state of the interaction; `rejected` when the verifier was answered 500 (it retries, then moves on). */
  let failure: (StateFailure & { rejected: boolean }) | undefined
  const failures: StateFailure[] = []

  const record = (state: string, params: unknown, message: string, rejected: boolean) => {
    failure = { interaction, state, params, message, rejected }
    failures.push({ interaction, state, params, message })
    return failure
  }

  function beginInteraction() {
    interaction += 1
    sandbox.reset()
    actor = undefined
    failure = undefined
  }

  async function setUp(state: string, params: unknown) {
    try {
      const stateActor = await loadFixture(sandbox.services, state, params)
      if ((params as { partnerUniqueID?: unknown } | undefined)?.partnerUniqueID !== undefined || !actor) actor = stateActor
      return { partnerUniqueID: stateActor.partnerUniqueID, brokerId: stateActor.brokerId, userId: stateActor.userId }
    } catch (error) {
      throw new Error(record(state, params, error instanceof Error ? error.message : String(error), false).message)
    }
  }

  /** pact-js state handlers, one per fixture: the Pact mechanism that runs each provider state. */
  const stateHandlers: StateHandlers = Object.fromEntries(fixtureNames().map((name) => [name, { setup: (params?: unknown) => setUp(name, params) }]))

  /**
   * The verification proxy's request filter. It sees provider-state calls before the state handlers
   * (pact-js would skip an unknown state with a warning: here it fails the interaction), and every
   * request before it reaches the sandbox.
   */
  function requestFilter(req: FilterRequest, res: FilterResponse, next: () => void): void {
    if (req.path === STATE_SETUP_PATH) {
      const { action, state = '', params } = req.body ?? {}
      if (action !== 'setup') {
        phase = 'teardown'
        return next()
      }
      // A setup after a request or teardown starts the next interaction. So does one after a rejected
      // state, unless it is the verifier retrying that state (it does, then moves on without teardown).
      const retry = failure?.rejected === true && failure.state === state && JSON.stringify(failure.params ?? {}) === JSON.stringify(params ?? {})
      if (phase !== 'setup' || (failure?.rejected && !retry)) beginInteraction()
      phase = 'setup'
      if (retry) return void res.status(500).json({ error: failure!.message })
      if (!state) return void res.json({})
      if (!FIXTURES.has(state)) return void res.status(500).json({ error: record(state, params, unknownFixtureMessage(state), true).message })
      return next()
    }
    // A request with no setup since the last one is an interaction of its own (a verifier that skips stateless setups).
    if (phase !== 'setup') beginInteraction()
    phase = 'request'
    if (failure) {
      // The state handler failed (pact-js answers the verifier 200 anyway): the request must not pass.
      return void res.status(500).json({ errors: [{ errorCode: 'PROVIDER_STATE', errorMessage: failure.message, errorField: failure.state }] })
    }
    // A message interaction (pact-js's message transport): its description is looked up next.
    const description: unknown = req.body?.description
    if (req.path === MESSAGE_PATH && typeof description === 'string') messageProviders[description] = produce
    if (req.headers.authorization !== undefined) {
      actor ??= fixtureActor(sandbox.services, undefined)
      req.headers.authorization = `Bearer ${sandbox.services.auth.issueToken(actor).accessToken}`
    }
    next()
  }

  /**
   * The one pact-js message provider, whatever the message's description: it makes the notification
   * the message names on the sandbox of its interaction (its states were loaded by the handlers
   * above). A failure is answered to the verifier (the interaction fails) and kept for the report,
   * which names the known kinds.
   */
  async function produce(descriptor: MessageDescriptor): Promise<ProducedMessage> {
    actor ??= fixtureActor(sandbox.services, undefined)
    try {
      // The verifier does not pass a message's metadata on: the pact's, read before the run.
      const metadata = descriptor.metadata ?? metadataOf(messages, descriptor)
      return await produceNotification(sandbox.services, actor, metadata ? { ...descriptor, metadata } : descriptor)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      failures.push({ interaction, state: MESSAGE_FAILURE, params: descriptor.metadata ?? {}, message })
      // A string, not an Error: the proxy sends it as the answer's body, which the verifier shows.
      throw message
    }
  }
  /** Filled as messages come: the request filter names each message's description before pact-js looks it up. */
  const messageProviders: Record<string, (descriptor: MessageDescriptor) => Promise<ProducedMessage>> = {}

  return { stateHandlers, requestFilter, messageProviders, failures: (): readonly StateFailure[] => failures }
}
