/** Refused logins an address gets answered at once in a second; past them, each answer waits. */
const AT_ONCE_PER_SECOND = 10
/** How long a refusal past them waits before it is answered. */
const PACED_MS = 1000
/** Addresses remembered; past it the memory starts over (a flood from that many addresses is not paced). */
const MAX_ADDRESSES = 10_000

/**
 * The pace of a client that asks again and again past its 429s (decision 0316, "Paced refusals"): an address's first
 * 10 refused logins in a second are answered at once, each further one a second later. A client that
 * honours Retry-After never meets it; one that ignores it, on 28 keep-alive connections, sent 6,000 to
 * 10,000 logins a second, each answered on the event loop every partner's requests need: now each
 * connection gets one answer a second. The wait holds no CPU, only the connection.
 */
export function createRefusalPace() {
  const seen = new Map<string, { second: number; count: number }>()
  return {
    /** A login from `address` (its key) was refused: how long its answer waits, in ms. */
    refused(address: string, now: number = performance.now()): number {
      const second = Math.floor(now / 1000)
      let entry = seen.get(address)
      if (!entry || entry.second !== second) {
        if (!entry && seen.size >= MAX_ADDRESSES) seen.clear()
        entry = { second, count: 0 }
        seen.set(address, entry)
      }
      entry.count += 1
      return entry.count > AT_ONCE_PER_SECOND ? PACED_MS : 0
    },
  }
}
