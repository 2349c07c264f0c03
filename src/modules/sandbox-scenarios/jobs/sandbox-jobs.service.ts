import type { PartnerClock } from '../../../platform/clock.ts'
import type { BrokerScope } from '../../../db/broker-scope.ts'
import type { Db } from '../../../db/connection.ts'
import type { Transactions } from '../../../db/write-batch.ts'
import type { Logger } from '../../../platform/logger.ts'
import { createSandboxJobRepository } from './sandbox-jobs.repository.ts'
import { createSandboxJobWorker } from './sandbox-job-worker.ts'

/**
 * The sandbox's delayed actions (scenario steps of the bank's side): stored jobs, run when due by
 * one worker (started by the server), each kind by the action registered for it.
 */
export function createSandboxJobs(deps: { db: Db; writes: Transactions; clock: PartnerClock; logger: Logger }) {
  const repository = createSandboxJobRepository(deps.db)
  const worker = createSandboxJobWorker({ writes: deps.writes, clock: deps.clock, logger: deps.logger, repository })
  return {
    ...worker,
    /** The jobs the scope sees (a broker's; docs/design.md "Roles"), newest first, their due times on the partner's clock. */
    list: (scope: BrokerScope, limit?: number) => repository.list(scope, limit).map((job) => ({ ...job, dueAt: deps.clock.onPartnerTime(scope.partnerUniqueID, job.dueAt) })),
    nextDueOfPartner: repository.nextDueOfPartner,
    bringForward: repository.bringForward,
    pendingCountOfPartner: repository.pendingCountOfPartner,
    /** Deletes every job of the partner, pending or finished (sandbox reset); returns how many. */
    deleteOfPartner: repository.removeOfPartner,
    /** Retention: deletes up to `limit` jobs older than `cutoff`; returns how many. */
    deleteOlderThan: (cutoff: Date, limit: number) => repository.removeOlderThan(cutoff.toISOString(), limit),
  }
}

export type SandboxJobs = ReturnType<typeof createSandboxJobs>

/** What stores a job to run when due: the scenarios schedule through it. */
export type JobScheduler = Pick<SandboxJobs, 'schedule'>
