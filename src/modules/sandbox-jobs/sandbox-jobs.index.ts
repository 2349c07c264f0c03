import { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from '../../http/app-env.ts'
import { pageOf } from '../../http/pagination.ts'
import * as routes from './sandbox-jobs.routes.ts'

/** A partner's jobs are few (a handful per scenario run): the list is read whole, newest first, and paged in memory. */
const MAX_JOBS = 1000

/** Sandbox control API: the scenario jobs of the caller's partner. */
export const sandboxJobsRouter = () =>
  new OpenAPIHono<AppEnv>().openapi(routes.list, (c) => {
    const query = c.req.valid('query')
    const jobs = c.get('deps').sandboxJobs.repository
      .listForPartner(c.get('auth').partnerUniqueID, MAX_JOBS)
      .filter((job) => !query.status || job.status === query.status)
    const page = pageOf(jobs, (job) => String(job.id), query)
    return c.json(
      {
        totalRecords: jobs.length,
        hasMoreResults: page.hasMoreResults,
        jobList: page.items.map((job) => ({
          jobId: job.id,
          kind: job.kind as 'process-status' | 'bank-message' | 'document-requested',
          scenario: job.scenario,
          status: job.status,
          simulationUniqueId: typeof job.payload.simulationUniqueId === 'string' ? job.payload.simulationUniqueId : null,
          processUniqueId: typeof job.payload.processUniqueId === 'string' ? job.payload.processUniqueId : null,
          dueAt: job.dueAt,
          createdAt: job.createdAt,
          finishedAt: job.finishedAt,
          outcome: job.outcome,
          payload: job.payload,
        })),
      },
      200,
    )
  })
