import { brokerScopeOf } from '../../../db/broker-scope.ts'
import type { AppRouteHandler } from '../../../http/router/app-env.ts'
import { pageOf } from '../../../common/pagination.ts'
import type { SandboxJobRepository } from './sandbox-jobs.repository.ts'
import type * as routes from './sandbox-jobs.routes.ts'

/** A partner's jobs are few (a handful per scenario run): the list is read whole, newest first, and paged in memory. */
const MAX_JOBS = 1000

const stringOr = (value: unknown) => (typeof value === 'string' ? value : null)

export const sandboxJobsHandlers = (jobs: Pick<SandboxJobRepository, 'list'>) => ({
  list: ((c) => {
    const query = c.req.valid('query')
    const all = jobs.list(brokerScopeOf(c.get('auth')), MAX_JOBS).filter((job) => !query.status || job.status === query.status)
    const page = pageOf(all, (job) => String(job.id), query)
    return c.json(
      {
        totalRecords: all.length,
        hasMoreResults: page.hasMoreResults,
        jobList: page.items.map((job) => ({
          jobId: job.id,
          kind: job.kind as 'process-status' | 'bank-message' | 'document-requested',
          scenario: job.scenario,
          status: job.status,
          simulationUniqueId: stringOr(job.payload.simulationUniqueId),
          processUniqueId: stringOr(job.payload.processUniqueId),
          dueAt: job.dueAt,
          createdAt: job.createdAt,
          finishedAt: job.finishedAt,
          outcome: job.outcome,
          payload: job.payload,
        })),
      },
      200,
    )
  }) satisfies AppRouteHandler<typeof routes.list>,
})
