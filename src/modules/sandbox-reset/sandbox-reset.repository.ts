import type { Db } from '../../db/connection.ts'

export interface ResetCounts {
  simulations: number
  processes: number
  borrowers: number
  documents: number
  messages: number
  mailboxMessages: number
  notifications: number
  callbackConfigurations: number
  jobs: number
}

const PROCESSES = 'SELECT process_unique_id FROM process WHERE partner_unique_id = @partner'
const SIMULATIONS = 'SELECT simulation_unique_id FROM simulation WHERE partner_unique_id = @partner'

/**
 * Deletes everything a partner made: simulations and processes with all under them (history,
 * borrowers, documents and their bytes, property, messages: foreign keys and triggers cascade),
 * the mailbox, the notifications with their attempts, the callback configurations and the scenario
 * jobs. Seeded identities and reference lists, and every other partner's data, stay.
 */
export function createSandboxResetRepository(db: Db) {
  const counts = {
    borrowers: db.prepare(`SELECT COUNT(*) FROM process_borrower WHERE process_unique_id IN (${PROCESSES})`).pluck(),
    documents: db.prepare(`SELECT COUNT(*) FROM process_document WHERE process_unique_id IN (${PROCESSES})`).pluck(),
    processMessages: db.prepare(`SELECT COUNT(*) FROM process_message WHERE process_unique_id IN (${PROCESSES})`).pluck(),
    simulationMessages: db.prepare(`SELECT COUNT(*) FROM simulation_message WHERE simulation_unique_id IN (${SIMULATIONS})`).pluck(),
  }
  const deletes = {
    // Processes first: they reference their simulations.
    processes: db.prepare('DELETE FROM process WHERE partner_unique_id = @partner'),
    simulations: db.prepare('DELETE FROM simulation WHERE partner_unique_id = @partner'),
    mailboxMessages: db.prepare('DELETE FROM mailbox_message WHERE partner_unique_id = @partner'),
    notifications: db.prepare('DELETE FROM notification WHERE partner_unique_id = @partner'),
    callbackConfigurations: db.prepare('DELETE FROM callback_configuration WHERE partner_unique_id = @partner'),
    jobs: db.prepare('DELETE FROM sandbox_job WHERE partner_unique_id = @partner'),
  }
  return {
    reset: db.transaction((partner: string): ResetCounts => {
      const args = { partner }
      const borrowers = counts.borrowers.get(args) as number
      const documents = counts.documents.get(args) as number
      const messages = (counts.processMessages.get(args) as number) + (counts.simulationMessages.get(args) as number)
      const deleted = Object.fromEntries(Object.entries(deletes).map(([name, statement]) => [name, statement.run(args).changes]))
      return { ...(deleted as Omit<ResetCounts, 'borrowers' | 'documents' | 'messages'>), borrowers, documents, messages }
    }),
  }
}
