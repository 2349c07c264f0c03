import type { MiddlewareHandler } from 'hono'
import { ApiError } from '../../common/api-error.ts'
import type { AppEnv } from '../router/app-env.ts'
import { setResponseHeader } from '../node-adapter/index.ts'

/** After SIGTERM, requests already on an open connection are still answered for this long (docs/design.md "Command line"). */
export const DRAIN_GRACE_MS = 1_000
/** By then every connection is closed, answered or not: `docker stop` waits 10 s before it kills. */
export const DRAIN_BOUND_MS = 4_000

/** Whether the sandbox is stopping, and since when. */
export function createDrainState(now: () => number = () => performance.now()) {
  let since: number | undefined
  const onStart: Array<() => void> = []
  return {
    start(): void {
      if (since !== undefined) return
      since = now()
      for (const run of onStart) run()
    },
    /** Runs `run` when the stop begins: what holds a connection open on purpose (a stream) lets it go. */
    whenDraining(run: () => void): void {
      onStart.push(run)
    },
    get draining(): boolean {
      return since !== undefined
    },
    /** Past the grace: a request that arrives now is refused (503). */
    get refusing(): boolean {
      return since !== undefined && now() - since > DRAIN_GRACE_MS
    },
  }
}

export type DrainState = ReturnType<typeof createDrainState>

/**
 * While the sandbox stops: every answer says `Connection: close`, so keep-alive clients go away
 * after their answer; past the grace, a request still arriving on an open connection is answered
 * 503 with Retry-After and the error body, never reset without an answer.
 */
export function drainGate(state: DrainState): MiddlewareHandler<AppEnv> {
  return async function refuseWhileDraining(c, next) {
    if (!state.draining) return next()
    setResponseHeader(c, 'Connection', 'close')
    if (state.refusing) {
      throw new ApiError('SERVICE_UNAVAILABLE', { field: '', params: { detail: 'the sandbox is stopping; retry in a few seconds' } }, { 'Retry-After': '5', Connection: 'close' })
    }
    await next()
  }
}
