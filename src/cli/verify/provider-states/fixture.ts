import { z } from 'zod'
import type { Clock } from '../../../platform/clock.ts'
import type { AuthContext } from '../../../common/auth-context.ts'
import type { AuthService, PartnerService } from '../../../modules/partners/index.ts'
import type { CallbackService } from '../../../modules/callbacks/index.ts'
import type { MessageService, ProcessService } from '../../../modules/processes/index.ts'
import type { SimulationService } from '../../../modules/simulations/index.ts'
import type { TaxonomyCatalog } from '../../../modules/taxonomy/index.ts'

/**
 * A provider-state fixture: a named, parameterised set of records created through the sandbox's own
 * services (same validation, engine, status history and notifications as the API).
 */
export interface Fixture<P extends object = object> {
  name: string
  /** One sentence for the provider-state table and the unknown-state message. */
  description: string
  params: z.ZodType<P, unknown>
  load(ctx: FixtureContext, params: P): void | Promise<void>
}

/** The services fixtures write through: those of the sandbox now answering. */
export interface FixtureServices {
  clock: { machine: Clock }
  taxonomy: TaxonomyCatalog
  auth: Pick<AuthService, 'issueToken'>
  partners: Pick<PartnerService, 'ensurePartnerIdentity' | 'identityOfUsername'>
  simulations: Pick<SimulationService, 'create' | 'cancel'>
  processes: Pick<ProcessService, 'create' | 'submit' | 'borrowers' | 'documents' | 'property'>
  messages: MessageService
  callbacks: Pick<CallbackService, 'update'>
}

export interface FixtureContext {
  services: FixtureServices
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
