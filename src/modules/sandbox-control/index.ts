import type { Db } from '../../db/connection.ts'
import { createRouter } from '../../http/router/create-router.ts'
import type { Logger } from '../../platform/logger.ts'
import { createClockOffsetRepository } from './clock/clock-offsets.repository.ts'
import { sandboxClockHandlers } from './clock/sandbox-clock.handlers.ts'
import * as clockRoutes from './clock/sandbox-clock.routes.ts'
import { createSandboxClockService, type SandboxClockDeps, type SandboxClockService } from './clock/sandbox-clock.service.ts'
import { sandboxControlHandlers, type SandboxControlDeps } from './sandbox-control.handlers.ts'
import * as routes from './sandbox-control.routes.ts'
import { testDataHandlers } from './test-data/test-data.handlers.ts'
import * as testDataRoutes from './test-data/test-data.routes.ts'
import { createTestDataService, type TestDataService } from './test-data/test-data.service.ts'
import { triggerHandlers } from './trigger/trigger.handlers.ts'
import * as triggerRoutes from './trigger/trigger.routes.ts'
import { createTrigger, type TriggerDeps, type TriggerService } from './trigger/trigger.service.ts'

export type { SandboxClockService } from './clock/sandbox-clock.service.ts'
export type { TriggerService } from './trigger/trigger.service.ts'
export { BankMessageRequestSchema } from './sandbox-control.schemas.ts'
// The sample records are data, not code: the Pact provider states, the scenarios' trials and the tests build the same journeys from them.
export { SAMPLE_JOURNEY } from './sample-data.ts'

/**
 * Each partner's test clock offset, held in memory and written through: the partners' clock reads it,
 * so the composition root builds it before every service whose data is dated.
 */
export const createClockOffsets = (db: Db, logger?: Pick<Logger, 'warn'>) => createClockOffsetRepository(db, logger)

/**
 * The sandbox's controls of the bank's side, above the simulations and processes they move: the
 * partners' test clocks (advance and return, driving the scenario jobs and the callback retries) and
 * the test data (valid identities); the bank's statuses and messages are its router's.
 */
export function createSandboxControl<Job extends { dueAt: string }, Attempt extends { nextAttemptAt: string | null }>(deps: SandboxClockDeps<Job, Attempt>) {
  return { testClock: createSandboxClockService(deps), testData: createTestDataService({ clock: deps.clock }) }
}

/** Sandbox control API: the bank's side of simulations and processes (statuses, messages). */
export function sandboxControlRouter(deps: SandboxControlDeps) {
  const handlers = sandboxControlHandlers(deps)
  return createRouter()
    .openapi(routes.simulationStatus, handlers.simulationStatus)
    .openapi(routes.processStatus, handlers.processStatus)
    .openapi(routes.simulationMessage, handlers.simulationMessage)
    .openapi(routes.processMessage, handlers.processMessage)
}

/** Sandbox control API: GET /sandbox/clock, POST /sandbox/clock/advance and /return, the caller partner's test clock. */
export function sandboxClockRouter(clocks: Pick<SandboxClockService, 'status' | 'advance' | 'returnToRealTime'>) {
  const handlers = sandboxClockHandlers(clocks)
  return createRouter().openapi(clockRoutes.status, handlers.status).openapi(clockRoutes.advance, handlers.advance).openapi(clockRoutes.returnToRealTime, handlers.returnToRealTime)
}

/** Sandbox control API: GET /sandbox/test-data/borrowers, valid identities to test with. */
export function testDataRouter(testData: TestDataService) {
  return createRouter().openapi(testDataRoutes.borrowers, testDataHandlers(testData).borrowers)
}

/**
 * `trigger`: one real notification of a type, made by the bank's side of a record named or created
 * for it, published through the callbacks' outbox (POST /sandbox/trigger, the console, message pacts).
 */
export const createNotificationTrigger = (deps: TriggerDeps): TriggerService => createTrigger(deps)

/** Sandbox control API: POST /sandbox/trigger. */
export function triggerRouter(trigger: Pick<TriggerService, 'trigger'>) {
  return createRouter().openapi(triggerRoutes.trigger, triggerHandlers(trigger).trigger)
}
