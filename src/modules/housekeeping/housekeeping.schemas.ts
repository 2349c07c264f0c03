import { z } from '@hono/zod-openapi'
import { envelopeSchema } from '../../http/openapi/openapi-schemas.ts'

const count = (description: string) => z.number().int().openapi({ description, example: 0 })

export const ResetResultSchema = envelopeSchema(
  z.object({
    partnerUniqueID: z.uuid(),
    deleted: z
      .object({
        simulations: count('Simulations, with their status history and messages'),
        processes: count('Processes, with their history, borrowers, documents, property and messages'),
        borrowers: count('Borrowers of those processes'),
        documents: count('Documents of those processes'),
        messages: count('Messages of those simulations and processes'),
        mailboxMessages: count('Captured e-mails'),
        notifications: count('Notifications, with their delivery attempts'),
        callbackConfigurations: count('Callback configurations'),
        jobs: count('Scenario jobs, pending or finished'),
        journalEntries: count('Entries of the request journal (the reset itself is journaled after it)'),
        certificationRuns: count('Certification runs, with their results'),
        testClock: count("The partner's test clock: 1 when it was ahead and is back to the sandbox's time"),
      })
      .openapi('SandboxResetCounts'),
  }),
  'SandboxResetResult',
)
