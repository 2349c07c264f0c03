import { z } from '@hono/zod-openapi'
import { pagingQuerySchema } from '../../../common/pagination.ts'

export const JOB_STATUSES = ['pending', 'done', 'skipped', 'failed'] as const
const STATUS_HELP =
  'pending: waiting for its time; done: carried out; skipped: no longer applied when due (the process was cancelled meanwhile, …), the outcome says why; failed: an error, the outcome says which'

export const JobsQuerySchema = pagingQuerySchema.extend({
  status: z.enum(JOB_STATUSES).optional().openapi({ description: STATUS_HELP }),
  nextRecord: z.string().min(1).optional().openapi({ description: 'jobId of the last job already seen: the page holds the older ones' }),
  previousRecord: z.string().min(1).optional().openapi({ description: 'jobId of the first job already seen: the page holds the newer ones' }),
})

export const JobSchema = z
  .object({
    jobId: z.number().int().openapi({ example: 12 }),
    kind: z.enum(['process-status', 'bank-message', 'document-requested']).openapi({
      description: 'process-status: a step of a process lifecycle; bank-message: a message of the bank; document-requested: the bank asks for a document',
    }),
    scenario: z.string().nullable().openapi({ example: 'process-approved' }),
    status: z.enum(JOB_STATUSES).openapi({ description: STATUS_HELP }),
    simulationUniqueId: z.uuid().nullable(),
    processUniqueId: z.uuid().nullable(),
    dueAt: z.iso.datetime().openapi({ description: 'When it runs: its delay times SANDBOX_TIME_SCALE after the request that scheduled it' }),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    outcome: z.string().nullable().openapi({ example: 'step 2: process 7 moved from In analysis to Approved' }),
    payload: z.record(z.string(), z.unknown()).openapi({ description: 'What the job does (target status, message text, document type…)' }),
  })
  .openapi('SandboxJob')

export const JobsPageSchema = z.object({ totalRecords: z.number().int(), hasMoreResults: z.boolean(), jobList: z.array(JobSchema) }).openapi('SandboxJobsPage')
