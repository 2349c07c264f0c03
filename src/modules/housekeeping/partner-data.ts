/** Deletes up to `limit` records of one kind older than `cutoff`, oldest first; returns how many. */
export type OlderThanDeletion = (cutoff: Date, limit: number) => number

/**
 * One owner of a partner's data, as the module that owns it offers it: the tables it keeps, how
 * it deletes what a partner made (reset, the operator's partner deletion) and how retention ages it.
 * An owner says why its data is not aged rather than leaving it out: forgetting is a compile error.
 */
export type PartnerDataOwner = {
  /** The module. */
  owner: string
  /** The tables with a partner's rows this owner deletes (checked against the schema by the tests). */
  tables: readonly string[]
  /** Deletes everything of the partner; returns how many of each kind (the reset's answer). */
  deleteOfPartner: (partnerUniqueID: string) => Record<string, number>
} & (
  | {
      /** Retention: each kind's deletion of what is older than the cutoff. */
      olderThan: Readonly<Record<string, OlderThanDeletion>>
    }
  | {
      /** Why retention leaves this data alone. */
      notAged: string
    }
)

/**
 * Tables that hold a partner's rows but are not data it made: its identity and account, which a
 * reset keeps and the partners module deletes with the partner itself.
 */
export const ACCOUNT_TABLES: Readonly<Record<string, string>> = {
  partner: 'the partner itself',
  broker: 'its brokers (with their users)',
  invitation: 'the operator’s invitations',
  partner_usage: 'its quota use, counted as the owners write (their triggers, the journal’s batches)',
  mail_recipient: 'the addresses it verified for real e-mail',
  partner_mail_day: 'its real e-mails of the day (a quota)',
  listen_secret: 'the secret its listeners sign with, kept across resets as the developer’s receiver keeps it',
  partner_scenario: 'its own scenarios, test tooling it wrote like its users: a reset keeps them (docs/decisions/0304-partner-scenarios.md)',
  audit_entry: 'the audit trail of its administrators and the operator, kept past its data for SANDBOX_AUDIT_RETENTION_DAYS',
}

/**
 * The owners of a partner's data, in an order the foreign keys accept (messages and processes
 * before the simulations they refer to). Created first, so the partners module (built before the
 * owners) erases through it; filled as the owners are built, closed at the first use.
 */
export function createPartnerDataOwners() {
  const owners: PartnerDataOwner[] = []
  let closed = false
  return {
    /** Adds owners, in deletion order. @throws Error once the list has been used. */
    add(...more: PartnerDataOwner[]): void {
      if (closed) throw new Error(`partner data owners added after their first use: ${more.map((o) => o.owner).join(', ')}`)
      owners.push(...more)
    },
    /** The owners, in deletion order; the list is closed from here on. */
    list(): readonly PartnerDataOwner[] {
      closed = true
      return owners
    },
  }
}

export type PartnerDataOwners = ReturnType<typeof createPartnerDataOwners>
