import { BlockList, isIP } from 'node:net'
import type { TrustProxy } from '../../platform/config.ts'

/** The longest text kept of an entry that is not an address: a throttle's key stays small whatever is sent. */
const MAX_ENTRY_CHARS = 64

/**
 * One X-Forwarded-For entry or socket address as a plain IP: without a port (`1.2.3.4:80`,
 * `[::1]:80`) or the IPv4-mapped prefix (`::ffff:1.2.3.4`), so one client is one key however its
 * address is written. Anything else is kept as text, cut short.
 */
export function plainAddress(entry: string): string {
  let address = entry.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address)
  if (bracketed) address = bracketed[1]!
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'))
  const mapped = /^::ffff:([\d.]+)$/i.exec(address)
  if (mapped && isIP(mapped[1]!) === 4) address = mapped[1]!
  return isIP(address) === 0 ? address.slice(0, MAX_ENTRY_CHARS) : address.toLowerCase()
}

const rangesCache = new WeakMap<readonly string[], BlockList>()

/** The trusted ranges as a BlockList, built once per setting. */
function rangesOf(ranges: readonly string[]): BlockList {
  let list = rangesCache.get(ranges)
  if (!list) {
    list = new BlockList()
    for (const range of ranges) {
      const [address, prefix] = range.split('/') as [string, string | undefined]
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
      if (prefix === undefined) list.addAddress(address, family)
      else list.addSubnet(address, Number(prefix), family)
    }
    rangesCache.set(ranges, list)
  }
  return list
}

const inRanges = (list: BlockList, address: string) => {
  const family = isIP(address)
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4')
}

/**
 * The client's address behind the operator's proxies (docs/design.md "Authentication"): the hops
 * from the socket's peer leftwards through X-Forwarded-For are walked past the trusted proxies,
 * and the first untrusted one is the client. Each proxy appends the address it was reached from,
 * so everything left of that is whatever the client chose to send and is never read.
 *
 * `trust`: a number of hops (the socket's peer is the first; `true` is one, `false` none), or the
 * address ranges of the proxies. `peer` undefined: no socket (`app.request()` in tests), where the
 * caller stands in for one trusted proxy.
 */
export function clientFromForwarded(forwardedFor: string | undefined, peer: string | undefined, trust: TrustProxy): string {
  const socket = peer === undefined ? 'local' : plainAddress(peer)
  if (!forwardedFor) return socket
  const chain = [
    ...forwardedFor
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
    socket,
  ]
  if (Array.isArray(trust)) {
    const ranges = rangesOf(trust)
    if (peer !== undefined && !inRanges(ranges, socket)) return socket
    let at = chain.length - 2
    while (at > 0 && inRanges(ranges, plainAddress(chain[at]!))) at -= 1
    return at < 0 ? socket : plainAddress(chain[at]!)
  }
  const configured = trust === true ? 1 : trust === false ? 0 : (trust as number)
  const hops = peer === undefined ? Math.max(1, configured) : configured
  if (hops === 0) return socket
  return plainAddress(chain[Math.max(0, chain.length - 1 - hops)]!)
}

/** Whether the request reached us through a proxy the operator trusts (so its X-Forwarded-* headers speak for it). */
export function fromTrustedProxy(peer: string | undefined, trust: TrustProxy): boolean {
  if (Array.isArray(trust)) return peer === undefined || inRanges(rangesOf(trust), plainAddress(peer))
  return trust === true || (typeof trust === 'number' && trust > 0)
}
