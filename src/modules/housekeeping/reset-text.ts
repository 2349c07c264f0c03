import { ACCOUNT_TABLES } from './partner-data.ts'

/**
 * What the reset deletes, in a partner's words, for each table an owner of a partner's data declares
 * (`PartnerDataOwner.tables`). The reset's OpenAPI description is written from it and docs/sandbox-api.md
 * repeats it; a test holds both to the owners' tables, so a table added to an owner without its
 * words here fails the build instead of going unsaid.
 */
export const RESET_DELETES: Readonly<Record<string, string>> = {
  simulation: 'simulations and their status history',
  simulation_status_history: 'simulations and their status history',
  process: 'processes and their status history',
  process_status_history: 'processes and their status history',
  process_borrower: 'borrowers',
  process_property: 'properties',
  process_document: 'documents and their files',
  process_document_content: 'documents and their files',
  simulation_message: 'messages',
  process_message: 'messages',
  mailbox_message: 'the captured mailbox (e-mails and PDFs)',
  mailbox_attachment: 'the captured mailbox (e-mails and PDFs)',
  notification: 'notifications and their delivery attempts',
  delivery_attempt: 'notifications and their delivery attempts',
  callback_configuration: 'callback configurations and their signing secrets',
  listen_delivery: 'notifications and their delivery attempts',
  sandbox_job: 'scenario jobs (pending ones never run)',
  partner_clock: "the test clock's offset (the clock is back on the real time)",
  request_journal: 'the request journal',
  request_journal_body: 'the request journal',
  certification_run: 'certification runs and the open certification window',
  certification_window: 'certification runs and the open certification window',
}

/** What the reset keeps, for each account table (`ACCOUNT_TABLES`): the partner's identity and account. */
export const RESET_KEEPS: Readonly<Record<keyof typeof ACCOUNT_TABLES & string, string>> = {
  partner: "the partner's account",
  broker: 'its brokers and users',
  invitation: "the operator's invitations",
  partner_usage: 'its quota counters',
  mail_recipient: 'its verified e-mail addresses',
  partner_mail_day: "the day's count of real e-mails",
  listen_secret: 'the secret `mortgage-sandbox listen` signs with',
  partner_scenario: 'its own scenarios',
  audit_entry: 'the audit trail',
}

const unique = (phrases: Readonly<Record<string, string>>) => [...new Set(Object.values(phrases))]

/** The sentence of what a reset deletes and keeps, as the OpenAPI document and docs/sandbox-api.md say it. */
export const RESET_SUMMARY =
  `Deletes, for every broker of the partner: ${unique(RESET_DELETES).join('; ')}. ` +
  `Keeps ${unique(RESET_KEEPS).join('; ')}; the reference lists and seeded identities; and every other partner's data.`
