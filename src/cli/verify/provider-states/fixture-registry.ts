import { ApiError, renderProblem } from '../../../common/api-error.ts'
import type { AuthContext } from '../../../common/auth-context.ts'
import { FixtureError, type Fixture, type FixtureServices } from './fixture.ts'
import { PARTNER_FIXTURES } from './partner-fixtures.ts'
import { PROCESS_FIXTURES } from './process-fixtures.ts'
import { SIMULATION_FIXTURES } from './simulation-fixtures.ts'

/** The seeded user whose broker owns the records of a fixture that names no partner (README "Demo credentials"). */
const DEFAULT_USERNAME = 'broker-a'

/** Every fixture by name: the provider states a pact can use (docs/contract-testing.md lists them). */
export const FIXTURES: ReadonlyMap<string, Fixture> = new Map([...PARTNER_FIXTURES, ...SIMULATION_FIXTURES, ...PROCESS_FIXTURES].map((f) => [f.name, f as Fixture]))

export const fixtureNames = (): string[] => [...FIXTURES.keys()]

export const unknownFixtureMessage = (name: string) =>
  `Unknown provider state "${name}". Known states: ${fixtureNames()
    .map((n) => `"${n}"`)
    .join(', ')}.`

/** The broker and user a fixture acts as: the first of the partner (created when absent), else broker A's. */
export function fixtureActor(services: FixtureServices, partnerUniqueID: string | undefined): AuthContext {
  const identity = partnerUniqueID ? services.partners.ensurePartnerIdentity(partnerUniqueID) : services.partners.identityOfUsername(DEFAULT_USERNAME)
  if (!identity) throw new FixtureError(`the seeded user ${DEFAULT_USERNAME} is missing`)
  return { partnerUniqueID: identity.partnerUniqueID, brokerId: identity.brokerId, userId: identity.userId, admin: identity.isAdmin }
}

/** An error as one line: an ApiError's problems rendered in English, else its message. */
export const describeError = (error: unknown): string => {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error)
  return error.problems
    .map((problem) => renderProblem(problem, 'en'))
    .map((item) => `${item.errorCode} ${item.errorField}: ${item.errorMessage}`)
    .join('; ')
}

/**
 * Loads a fixture by name with its parameters, through the domain services, and answers who the
 * records belong to (the requests of the interaction are sent as that broker and user).
 * @throws FixtureError for an unknown name (listing the known ones), bad parameters, or a refusal.
 * @example await loadFixture(services, 'a simulation exists', { simulationUniqueId: '5b0e8f0a-3c1d-4e2f-9a7b-6c5d4e3f2a10' })
 */
export async function loadFixture(services: FixtureServices, name: string, params: unknown = {}): Promise<AuthContext> {
  const fixture = FIXTURES.get(name)
  if (!fixture) throw new FixtureError(unknownFixtureMessage(name))
  const parsed = fixture.params.safeParse(params ?? {})
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    throw new FixtureError(`Provider state "${name}" has bad parameters: ${problems.join('; ')}`)
  }
  const values = parsed.data as { partnerUniqueID?: string }
  try {
    const actor = fixtureActor(services, values.partnerUniqueID)
    await fixture.load({ services, actor }, values)
    return actor
  } catch (error) {
    throw new FixtureError(`Provider state "${name}" could not be set up: ${describeError(error)}`)
  }
}
