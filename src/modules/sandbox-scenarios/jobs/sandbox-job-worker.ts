import type { PartnerClock } from '../../../platform/clock.ts'
import type { Transactions } from '../../../db/write-batch.ts'
import type { Logger } from '../../../platform/logger.ts'
import type { NewSandboxJob, SandboxJob, SandboxJobRepository } from './sandbox-jobs.repository.ts'

/**
 * What a job does, inside the transaction that marks it done. Returns an outcome text; a job whose
 * action no longer applies (a process cancelled meanwhile) returns `{ skipped: reason }`.
 */
export type SandboxJobHandler = (job: SandboxJob) => string | { skipped: string }

const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * Runs the scenarios' delayed actions when due: one timer set for the earliest pending job, reset
 * whenever a job is scheduled. Jobs run one at a time, each in its own transaction, so an action
 * and its notifications are stored together or not at all; pending jobs resume after a restart.
 * What each kind of job does is registered with `handle` by whoever owns that action.
 */
export function createSandboxJobWorker(options: { writes: Transactions; clock: PartnerClock; logger: Logger; repository: SandboxJobRepository }) {
  const { writes, clock, logger, repository } = options
  const handlers = new Map<string, SandboxJobHandler>()
  // Partners whose clock an advance is moving: their jobs are run by the advance, not by the timer.
  const held = new Set<string>()
  let running = false
  let timer: NodeJS.Timeout | undefined

  function runOne(job: SandboxJob): void {
    const finishedAt = () => clock.now(job.partnerUniqueID).toISOString()
    try {
      writes.transaction(() => {
        const handler = handlers.get(job.kind)
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`)
        const outcome = handler(job)
        if (typeof outcome === 'string') repository.finish(job.id, 'done', outcome, finishedAt())
        else repository.finish(job.id, 'skipped', outcome.skipped, finishedAt())
      })()
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      logger.error('sandbox job failed', { jobId: job.id, kind: job.kind, error: message })
      repository.finish(job.id, 'failed', message, finishedAt())
    }
  }

  /** Runs every job due by the clock now; returns how many ran. */
  function runDue(): number {
    let count = 0
    for (;;) {
      const batch = repository.due(clock.machine.now().toISOString(), [...held])
      if (batch.length === 0) return count
      for (const job of batch) runOne(job)
      count += batch.length
    }
  }

  function arm(): void {
    clearTimeout(timer)
    timer = undefined
    if (!running) return
    const next = repository.earliestDueAt([...held])
    if (!next) return
    const delay = Math.min(Math.max(0, Date.parse(next) - clock.machine.now().getTime()), MAX_TIMER_MS)
    timer = setTimeout(tick, delay)
    timer.unref()
  }

  function tick(): void {
    runDue()
    arm()
  }

  return {
    /** Registers what jobs of a kind do. */
    handle(kind: string, handler: SandboxJobHandler): void {
      handlers.set(kind, handler)
    },
    /** Stores a job; call inside the transaction of the change that schedules it. */
    schedule(job: NewSandboxJob): number {
      const id = repository.add(job, clock.now(job.partnerUniqueID).toISOString())
      // After the caller's transaction commits, the timer is re-armed for the new earliest job.
      if (running) setImmediate(arm)
      return id
    },
    runDue,
    /** Runs one job now, as the timer would (the clock advance runs a partner's due jobs with it). */
    run: runOne,
    /** Leaves the partner's jobs alone until `release` (its clock is being advanced). */
    hold(partnerUniqueID: string): void {
      held.add(partnerUniqueID)
    },
    release(partnerUniqueID: string): void {
      held.delete(partnerUniqueID)
      if (running) setImmediate(arm)
    },
    start(): void {
      running = true
      tick()
    },
    stop(): void {
      running = false
      clearTimeout(timer)
    },
  }
}
