import type { AppEnv } from '../../http/app-env.ts'
import { sandboxClockHandlers } from './sandbox-clock.handlers.ts'
import * as routes from './sandbox-clock.routes.ts'
import type { SandboxClockService } from './sandbox-clock.service.ts'
import { createRouter } from '../../http/create-router.ts'

export { createClockOffsetRepository as createClockOffsets, MAX_OFFSET_SECONDS, type ClockOffsetRepository } from './clock-offsets.repository.ts'
export { createSandboxClockService as createSandboxClock, MAX_ADVANCE_SECONDS, type AdvanceResult, type ReturnResult, type SandboxClockService } from './sandbox-clock.service.ts'

/** Sandbox control API: GET /sandbox/clock, POST /sandbox/clock/advance and /return, the caller partner's test clock. */
export function sandboxClockRouter(clocks: Pick<SandboxClockService, 'status' | 'advance' | 'returnToRealTime'>) {
  const handlers = sandboxClockHandlers(clocks)
  return createRouter().openapi(routes.status, handlers.status).openapi(routes.advance, handlers.advance).openapi(routes.returnToRealTime, handlers.returnToRealTime)
}
