import type { createHousekeeping, OlderThanDeletion } from '../modules/housekeeping/index.ts'

/** A module that deletes a partner's rows, counting them. */
type Deletes<R> = { deleteOfPartner: (partnerUniqueID: string) => R }
/** A module that ages its rows out: the retention's deletion of those older than a cutoff. */
type Ages = { deleteOlderThan: OlderThanDeletion }

/**
 * The one list of a partner's data (docs/decisions/0301-housekeeping-partner-data-owners.md): each
 * module's tables and how it deletes a partner's rows and ages its old ones, in an order the foreign
 * keys accept. The reset, a partner's deletion and the retention sweep walk it.
 */
export function addPartnerDataOwners(
  housekeeping: Pick<ReturnType<typeof createHousekeeping>, 'owners'>,
  m: {
    messages: Deletes<number>
    processes: Deletes<Record<string, number>> & { deleteOlderThan: OlderThanDeletion }
    simulations: Deletes<number> & Ages
    mailbox: Deletes<number> & Ages
    callbacks: Deletes<Record<string, number>> & Ages
    jobs: Deletes<number> & Ages
    testClock: { resetOfPartner: (partnerUniqueID: string) => number }
    journal: Deletes<number> & Ages
    certification: Deletes<number> & Ages
  },
): void {
  const { messages, processes, simulations, mailbox, callbacks, jobs, testClock, journal, certification } = m
  housekeeping.owners.add(
    {
      owner: 'messages',
      tables: ['simulation_message', 'process_message'],
      deleteOfPartner: (p) => ({ messages: messages.deleteOfPartner(p) }),
      notAged: 'deleted with the simulation or process it is on',
    },
    {
      owner: 'processes',
      tables: ['process', 'process_status_history', 'process_borrower', 'process_document', 'process_document_content', 'process_property'],
      deleteOfPartner: processes.deleteOfPartner,
      olderThan: { processes: processes.deleteOlderThan },
    },
    {
      owner: 'simulations',
      tables: ['simulation', 'simulation_status_history'],
      deleteOfPartner: (p) => ({ simulations: simulations.deleteOfPartner(p) }),
      olderThan: { simulations: simulations.deleteOlderThan },
    },
    {
      owner: 'mailbox',
      tables: ['mailbox_message', 'mailbox_attachment'],
      deleteOfPartner: (p) => ({ mailboxMessages: mailbox.deleteOfPartner(p) }),
      olderThan: { mailboxMessages: mailbox.deleteOlderThan },
    },
    {
      owner: 'callbacks',
      tables: ['notification', 'delivery_attempt', 'callback_configuration', 'listen_delivery'],
      deleteOfPartner: callbacks.deleteOfPartner,
      olderThan: { notifications: callbacks.deleteOlderThan },
    },
    { owner: 'sandbox-scenarios', tables: ['sandbox_job'], deleteOfPartner: (p) => ({ jobs: jobs.deleteOfPartner(p) }), olderThan: { jobs: jobs.deleteOlderThan } },
    {
      owner: 'sandbox-clock',
      tables: ['partner_clock'],
      deleteOfPartner: (p) => ({ testClock: testClock.resetOfPartner(p) }),
      notAged: 'an offset is a setting of the partner, not a record',
    },
    {
      owner: 'request-journal',
      tables: ['request_journal', 'request_journal_body'],
      deleteOfPartner: (p) => ({ journalEntries: journal.deleteOfPartner(p) }),
      olderThan: { journalEntries: journal.deleteOlderThan },
    },
    {
      owner: 'certification',
      tables: ['certification_run', 'certification_window'],
      deleteOfPartner: (p) => ({ certificationRuns: certification.deleteOfPartner(p) }),
      olderThan: { certificationRuns: certification.deleteOlderThan },
    },
  )
}
