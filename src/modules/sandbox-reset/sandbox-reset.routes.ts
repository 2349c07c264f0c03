import { createRoute, z } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, envelopeSchema, jsonContent } from '../../http/openapi-schemas.ts'

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

export const reset = createRoute({
  method: 'post',
  path: '/sandbox/reset',
  tags: ['Sandbox'],
  summary: "Reset the caller partner's data",
  operationId: 'sandboxReset',
  description:
    "Sandbox control API (not part of the bank's API): deletes everything the caller's partner made, for every broker of the partner: simulations and processes with everything under them, messages, the captured mailbox, notifications and their deliveries, callback configurations, scenario jobs (pending ones never run). The partner is back to the seeds: its identities and the reference lists stay, as does every other partner's data. Numbers (simulationNumber, processNumber) are not reused. No body. It needs a user who administers the partner (403 otherwise).",
  security: bearerSecurity,
  responses: { 200: jsonContent(ResetResultSchema, 'Reset, with how many records went'), ...authedErrors(403) },
})
