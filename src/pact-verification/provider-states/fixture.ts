import { z } from 'zod'
import type { AppDeps } from '../../composition-root.ts'
import type { AuthContext } from '../../modules/auth/token.service.ts'

/**
 * A scenario fixture: a named, parameterised set of records created through the domain services
 * (same validation, engine, status history and notifications as the API). Pact provider states are
 * these fixtures by name (DESIGN.md "Scenarios and sandbox control": one mechanism, not two).
 */
export interface Fixture<P extends object = object> {
  name: string
  /** One sentence for the provider-state table and the unknown-state message. */
  description: string
  params: z.ZodType<P, unknown>
  load(ctx: FixtureContext, params: P): void | Promise<void>
}

export interface FixtureContext {
  deps: AppDeps
  /** The broker and user the records belong to: of the partner named by `partnerUniqueID`, else broker A's. */
  actor: AuthContext
}

/** Keeps the parameter type of `load` tied to the schema. */
export const defineFixture = <P extends object>(fixture: Fixture<P>): Fixture<P> => fixture

/** Every fixture takes `partnerUniqueID`: whose records they are (created with a broker and a user if absent). */
export const partnerParam = { partnerUniqueID: z.uuid().optional() }

/** A fixture that cannot be loaded: an unknown name, bad parameters, or a domain refusal. */
export class FixtureError extends Error {
  override name = 'FixtureError'
}
