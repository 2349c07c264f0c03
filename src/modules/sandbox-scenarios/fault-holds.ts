/**
 * The connections held by `timeout` and `slow-body` faults: at most `maxHeld` in the whole sandbox
 * and `maxHeldPerPartner` of one partner, so faults asked for cannot take every socket or file
 * descriptor of the server (docs/design.md "Network faults"). Under a rate limit a held fault also
 * keeps its turn among the partner's requests at once (http/fair-share/partner-concurrency.ts), as any request.
 */
export function createFaultHolds(bounds: { maxHeld: number; maxHeldPerPartner: number }) {
  const byPartner = new Map<string, number>()
  let held = 0
  return {
    /** @returns false when a bound is reached: the fault is refused, nothing held. */
    take(partnerUniqueID: string): boolean {
      const mine = byPartner.get(partnerUniqueID) ?? 0
      if (held >= bounds.maxHeld || mine >= bounds.maxHeldPerPartner) return false
      held += 1
      byPartner.set(partnerUniqueID, mine + 1)
      return true
    },
    release(partnerUniqueID: string): void {
      const mine = byPartner.get(partnerUniqueID) ?? 0
      if (mine === 0) return
      held -= 1
      if (mine === 1) byPartner.delete(partnerUniqueID)
      else byPartner.set(partnerUniqueID, mine - 1)
    },
    /** Held now: in the sandbox, and of a partner. */
    held: (partnerUniqueID?: string): number => (partnerUniqueID === undefined ? held : (byPartner.get(partnerUniqueID) ?? 0)),
  }
}

export type FaultHolds = ReturnType<typeof createFaultHolds>
