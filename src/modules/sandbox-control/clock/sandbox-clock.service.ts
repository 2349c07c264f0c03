import type { PinnableClock } from '../../../platform/clock.ts'
import type { WriteBatch } from '../../../db/write-batch.ts'
import { ApiError } from '../../../common/api-error.ts'
import type { Logger } from '../../../platform/logger.ts'
import { MAX_OFFSET_SECONDS, type ClockOffsetRepository } from './clock-offsets.repository.ts'

/** The longest one advance may move a clock: 400 days. */
export const MAX_ADVANCE_SECONDS = 400 * 24 * 60 * 60

/** What the advance needs of a worker: leave the partner to it, bring its items forward, run the next one due. */
interface DueItems<Item> {
  hold(partnerUniqueID: string): void
  release(partnerUniqueID: string): void
  bringForward(partnerUniqueID: string, ms: number): number
  nextDueOfPartner(partnerUniqueID: string, now: string): Item | undefined
}

export interface SandboxClockDeps<Job extends { dueAt: string }, Attempt extends { nextAttemptAt: string | null }> {
  /** Jobs due together share a write batch: one commit for a run of them, as requests do. */
  writes: Pick<WriteBatch, 'transaction' | 'begin' | 'settled'>
  clock: PinnableClock
  offsets: ClockOffsetRepository
  logger: Logger
  /** The scenario jobs: run synchronously, each in its transaction. */
  jobs: DueItems<Job> & { run(job: Job): void }
  /** The callback deliveries: each attempt really sent, awaited. */
  deliveries: DueItems<Attempt> & { settle(partnerUniqueID: string): Promise<void>; deliverNow(attempt: Attempt): Promise<void> }
}

export interface ReturnResult {
  now: string
  offsetSeconds: number
  returnedSeconds: number
}

export interface AdvanceResult {
  now: string
  offsetSeconds: number
  advancedSeconds: number
  jobsRun: number
  deliveryAttempts: number
}

/**
 * The partners' test clocks (docs/design.md "Test clock"). An advance moves the partner's offset
 * forward, brings its pending jobs and retries as much closer, then runs those now due, one at a
 * time in due order, exactly as the workers would have, with the partner's clock pinned to each
 * item's due time. Meanwhile the workers leave that partner alone; every other partner's clock,
 * jobs and retries are untouched.
 */
export function createSandboxClockService<Job extends { dueAt: string }, Attempt extends { nextAttemptAt: string | null }>(deps: SandboxClockDeps<Job, Attempt>) {
  const { clock, offsets, jobs, deliveries } = deps
  const advancing = new Set<string>()
  let stopped = false

  const status = (partnerUniqueID: string) => ({ now: clock.now(partnerUniqueID).toISOString(), offsetSeconds: offsets.offsetMs(partnerUniqueID) / 1000 })

  const moveForward = deps.writes.transaction((partnerUniqueID: string, ms: number) => {
    offsets.add(partnerUniqueID, ms, clock.machine.now().toISOString())
    jobs.bringForward(partnerUniqueID, ms)
    deliveries.bringForward(partnerUniqueID, ms)
  })

  /** Runs the partner's items due by the machine's now, earliest first (a job before an attempt due at the same time). */
  async function runDue(partnerUniqueID: string) {
    let jobsRun = 0
    let deliveryAttempts = 0
    while (!stopped) {
      const now = clock.machine.now().toISOString()
      const job = jobs.nextDueOfPartner(partnerUniqueID, now)
      const attempt = deliveries.nextDueOfPartner(partnerUniqueID, now)
      if (job && (!attempt?.nextAttemptAt || job.dueAt <= attempt.nextAttemptAt)) {
        clock.pin(partnerUniqueID, Date.parse(job.dueAt) + offsets.offsetMs(partnerUniqueID))
        // Each job is its own savepoint, all in the batch: the jobs up to the next delivery commit once.
        deps.writes.begin()
        jobs.run(job)
        jobsRun += 1
      } else if (attempt?.nextAttemptAt) {
        clock.pin(partnerUniqueID, Date.parse(attempt.nextAttemptAt) + offsets.offsetMs(partnerUniqueID))
        await deliveries.deliverNow(attempt)
        deliveryAttempts += 1
      } else break
    }
    return { jobsRun, deliveryAttempts }
  }

  return {
    status,

    /**
     * Moves the partner's clock `seconds` forward and runs what falls due; resolves when all of it
     * ran (deliveries included). @throws ApiError 409 while another advance of the partner runs;
     * 400 (010104) past MAX_OFFSET_SECONDS ahead of the machine's clock in all.
     */
    async advance(partnerUniqueID: string, seconds: number): Promise<AdvanceResult> {
      if (advancing.has(partnerUniqueID)) throw new ApiError('CLOCK_ADVANCING', { field: 'seconds' })
      const room = Math.floor(MAX_OFFSET_SECONDS - offsets.offsetMs(partnerUniqueID) / 1000)
      if (seconds > room) throw new ApiError('OUT_OF_RANGE', { field: 'seconds', params: { limit: `<= ${room}` } })
      advancing.add(partnerUniqueID)
      // From here until the end the partner's clock only moves forward: held at its time before the
      // advance, then at each item's due time, then released to the machine's time plus the new offset.
      clock.pin(partnerUniqueID, clock.now(partnerUniqueID).getTime())
      jobs.hold(partnerUniqueID)
      deliveries.hold(partnerUniqueID)
      const started = performance.now()
      try {
        await deliveries.settle(partnerUniqueID)
        moveForward(partnerUniqueID, seconds * 1000)
        const ran = await runDue(partnerUniqueID)
        await deps.writes.settled()
        deps.logger.info('test clock advanced', { partnerUniqueID, seconds, ...ran, ms: Math.round(performance.now() - started) })
        clock.unpin(partnerUniqueID)
        return { ...status(partnerUniqueID), advancedSeconds: seconds, ...ran }
      } finally {
        clock.unpin(partnerUniqueID)
        advancing.delete(partnerUniqueID)
        jobs.release(partnerUniqueID)
        deliveries.release(partnerUniqueID)
      }
    },

    /**
     * The partner's clock back to the real time, keeping all its data (docs/decisions/0311-the-clock-returns-to-the-real-time.md):
     * records keep the dates they were written with; jobs and retries, whose due times are on the
     * machine's time line, keep their distance from now. @throws ApiError 409 while an advance runs.
     */
    returnToRealTime: deps.writes.transaction((partnerUniqueID: string): ReturnResult => {
      if (advancing.has(partnerUniqueID)) throw new ApiError('CLOCK_ADVANCING', { field: 'partnerUniqueID' })
      const returnedMs = offsets.offsetMs(partnerUniqueID)
      offsets.removeOfPartner(partnerUniqueID)
      return { ...status(partnerUniqueID), returnedSeconds: returnedMs / 1000 }
    }),

    /** The partner's clock back to the machine's (sandbox reset): nothing of its data is left to contradict it. */
    resetOfPartner: (partnerUniqueID: string): number => offsets.removeOfPartner(partnerUniqueID),

    /** Ends advances in progress after their current item (the server is stopping). */
    stop(): void {
      stopped = true
    },
  }
}

export type SandboxClockService = ReturnType<typeof createSandboxClockService>
