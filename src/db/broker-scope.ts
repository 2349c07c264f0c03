/**
 * Which of a partner's records a read may see (docs/design.md "Roles"): those of one broker, and,
 * to the partner's administrators, also the partner's own (records of no broker, such as a welcome
 * e-mail); or, for the sandbox's own partner-wide work (a certification run), all of them.
 */
export interface BrokerScope {
  partnerUniqueID: string
  /** null: every broker of the partner. */
  brokerId: number | null
  /** Whether the records of no broker are seen. */
  partnerLevel: boolean
}

/** What the caller may see: its broker's records, and the partner's own when it administers the partner. */
export const brokerScopeOf = (caller: { partnerUniqueID: string; brokerId: number; admin: boolean }): BrokerScope => ({
  partnerUniqueID: caller.partnerUniqueID,
  brokerId: caller.brokerId,
  partnerLevel: caller.admin,
})

/** Every record of the partner, whatever its broker. */
export const wholePartner = (partnerUniqueID: string): BrokerScope => ({ partnerUniqueID, brokerId: null, partnerLevel: true })

/**
 * The condition of a scoped read of a table with `partner_unique_id` and `broker_id`, on the named
 * parameters of `scopeParams` (`alias` is the table's, with its dot).
 */
export const inBrokerScope = (alias = '') =>
  `${alias}partner_unique_id = @scopePartner AND (@scopeBroker IS NULL OR ${alias}broker_id = @scopeBroker OR (${alias}broker_id IS NULL AND @scopePartnerLevel = 1))`

export const scopeParams = (scope: BrokerScope) => ({
  scopePartner: scope.partnerUniqueID,
  scopeBroker: scope.brokerId,
  scopePartnerLevel: scope.partnerLevel ? 1 : 0,
})
