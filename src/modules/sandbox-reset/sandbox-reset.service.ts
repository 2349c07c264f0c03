import type { Transactions } from '../../db/write-batch.ts'
import type { Logger } from '../../logger.ts'

type Deletes<T> = (partnerUniqueID: string) => T

/** Each module's deletion of a partner's data, as its front door offers it. */
export interface PartnerData {
  messages: Deletes<number>
  processes: Deletes<{ processes: number; borrowers: number; documents: number }>
  simulations: Deletes<number>
  mailbox: Deletes<number>
  callbacks: Deletes<{ notifications: number; callbackConfigurations: number }>
  jobs: Deletes<number>
  /** The partner's test clock back to the machine's: 1 if it was ahead. */
  clock: Deletes<number>
  journal: Deletes<number>
  certificationRuns: Deletes<number>
}

/**
 * Sandbox reset: everything a partner made, for every broker of the partner, deleted in one
 * transaction by the modules that own it, in an order the foreign keys accept (messages and
 * processes before the simulations they refer to). Identities, reference lists and every other
 * partner's data stay. Numbers (simulationNumber, processNumber) are not reused.
 */
export function createSandboxResetService(deps: { writes: Transactions; logger: Logger; data: PartnerData }) {
  const { data } = deps
  const reset = deps.writes.transaction((partnerUniqueID: string) => {
    const messages = data.messages(partnerUniqueID)
    const processes = data.processes(partnerUniqueID)
    return {
      simulations: data.simulations(partnerUniqueID),
      ...processes,
      messages,
      mailboxMessages: data.mailbox(partnerUniqueID),
      ...data.callbacks(partnerUniqueID),
      jobs: data.jobs(partnerUniqueID),
      testClock: data.clock(partnerUniqueID),
      journalEntries: data.journal(partnerUniqueID),
      certificationRuns: data.certificationRuns(partnerUniqueID),
    }
  })
  return {
    reset(partnerUniqueID: string) {
      const deleted = reset(partnerUniqueID)
      deps.logger.info('sandbox reset', { partnerUniqueID, ...deleted })
      return deleted
    },
  }
}

export type SandboxResetService = ReturnType<typeof createSandboxResetService>
