import { BlockList, isIPv4, isIPv6 } from 'node:net'

/** Why an address may not receive callbacks unless SANDBOX_CALLBACK_ALLOW_PRIVATE is set. */
export type ForbiddenRange = 'unspecified' | 'loopback' | 'private' | 'CGNAT' | 'metadata' | 'link-local' | 'multicast' | 'documentation' | 'reserved'

/*
 * The ranges follow IANA's IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and its
 * updates): every block they mark not globally reachable is refused, and multicast. Blocks marked
 * globally reachable (AS112's DNS sinks, AMT, NAT64's well-known prefix) are not: they are public.
 * docs/design.md "Callbacks", "Address safety".
 */

// The cloud metadata address comes first: it lies inside link-local but deserves its own name.
const V4: ReadonlyArray<[ForbiddenRange, string, number]> = [
  ['metadata', '169.254.169.254', 32],
  ['unspecified', '0.0.0.0', 8],
  ['private', '10.0.0.0', 8],
  ['CGNAT', '100.64.0.0', 10],
  ['loopback', '127.0.0.0', 8],
  ['link-local', '169.254.0.0', 16],
  ['private', '172.16.0.0', 12],
  // IETF protocol assignments (DS-Lite, NAT64 discovery, anycast services): no partner's server.
  ['reserved', '192.0.0.0', 24],
  ['documentation', '192.0.2.0', 24],
  // The 6to4 relay anycast, deprecated (RFC 7526).
  ['reserved', '192.88.99.0', 24],
  ['private', '192.168.0.0', 16],
  // Benchmarking (RFC 2544).
  ['reserved', '198.18.0.0', 15],
  ['documentation', '198.51.100.0', 24],
  ['documentation', '203.0.113.0', 24],
  ['multicast', '224.0.0.0', 4],
  // Reserved for future use, and the limited broadcast 255.255.255.255.
  ['reserved', '240.0.0.0', 4],
]

const V6: ReadonlyArray<[ForbiddenRange, string, number]> = [
  ['unspecified', '::', 128],
  ['loopback', '::1', 128],
  ['private', 'fc00::', 7],
  // Site-local (RFC 3879 deprecated it, some networks still route it inside): private all the same.
  ['private', 'fec0::', 10],
  ['link-local', 'fe80::', 10],
  ['multicast', 'ff00::', 8],
  // NAT64 for local use (RFC 8215): translates to whatever IPv4 the local network chooses.
  ['reserved', '64:ff9b:1::', 48],
  ['documentation', '2001:db8::', 32],
  ['documentation', '3fff::', 20],
  // IETF protocol assignments: benchmarking, ORCHID, anycast services; Teredo (2001::/32, inside it)
  // is judged by the IPv4 addresses it carries before this list is read.
  ['reserved', '2001::', 23],
]

function blockList(type: 'ipv4' | 'ipv6', ranges: ReadonlyArray<[ForbiddenRange, string, number]>) {
  return ranges.map(([label, network, prefix]) => {
    const list = new BlockList()
    list.addSubnet(network, prefix, type)
    return { label, list }
  })
}

const V4_LISTS = blockList('ipv4', V4)
const V6_LISTS = blockList('ipv6', V6)

const subnet = (network: string, prefix: number) => {
  const list = new BlockList()
  list.addSubnet(network, prefix, 'ipv6')
  return list
}
/** Global unicast: the only IPv6 space IANA allocates to networks; everything outside it is reserved by the IETF. */
const GLOBAL_UNICAST = subnet('2000::', 3)
/** NAT64's well-known prefix (RFC 6052): outside global unicast, globally reachable, judged by its IPv4. */
const NAT64 = subnet('64:ff9b::', 96)
const TEREDO = subnet('2001::', 32)

/** The 8 groups of an IPv6 address, with `::` expanded and a dotted IPv4 tail converted. */
function ipv6Groups(address: string): number[] {
  let text = address
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number]
    text = text.slice(0, -tail[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [left = '', right] = text.split('::')
  const head = left ? left.split(':') : []
  const rest = right === undefined ? [] : right ? right.split(':') : []
  const zeros = right === undefined ? [] : Array<string>(8 - head.length - rest.length).fill('0')
  return [...head, ...zeros, ...rest].map((g) => parseInt(g, 16))
}

const v4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.')

/**
 * The IPv4 addresses an IPv6 address carries, so `::ffff:127.0.0.1` and its cousins are named by the
 * IPv4 range they reach: IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d), 6to4 (2002:AABB:CCDD::, the IPv4 in groups 2
 * and 3) and Teredo (2001:0::/32: the server's IPv4 in groups 3 and 4, the client's in the last two,
 * inverted).
 */
function embeddedIpv4(address: string): string[] {
  const g = ipv6Groups(address)
  const zeroPrefix = (n: number) => g.slice(0, n).every((x) => x === 0)
  if (zeroPrefix(5) && g[5] === 0xffff) return [v4Of(g[6]!, g[7]!)]
  if (zeroPrefix(4) && g[4] === 0xffff && g[5] === 0) return [v4Of(g[6]!, g[7]!)]
  if (zeroPrefix(6) && (g[6]! !== 0 || g[7]! > 1)) return [v4Of(g[6]!, g[7]!)]
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return [v4Of(g[6]!, g[7]!)]
  if (g[0] === 0x2002) return [v4Of(g[1]!, g[2]!)]
  if (g[0] === 0x2001 && g[1] === 0) return [v4Of(g[2]!, g[3]!), v4Of(g[6]! ^ 0xffff, g[7]! ^ 0xffff)]
  return []
}

/**
 * The forbidden range an IP address falls in, or null for a public address. An IPv6 address that
 * carries an IPv4 one is named by the IPv4's range when that is forbidden; otherwise NAT64, 6to4 and
 * Teredo addresses are public like their IPv4, and the mapped, translated and compatible forms are
 * reserved (no partner's DNS answers with them: a callback address written so is a trick).
 * @example forbiddenRange('169.254.169.254') // 'metadata'
 * @example forbiddenRange('::ffff:10.0.0.1') // 'private'
 * @example forbiddenRange('::ffff:8.8.8.8') // 'reserved'
 */
export function forbiddenRange(address: string): ForbiddenRange | null {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (isIPv4(ip)) return V4_LISTS.find(({ list }) => list.check(ip, 'ipv4'))?.label ?? null
  if (!isIPv6(ip)) return 'reserved'
  for (const v4 of embeddedIpv4(ip)) {
    const range = forbiddenRange(v4)
    if (range) return range
  }
  if (TEREDO.check(ip, 'ipv6')) return null
  const named = V6_LISTS.find(({ list }) => list.check(ip, 'ipv6'))?.label
  if (named) return named
  return GLOBAL_UNICAST.check(ip, 'ipv6') || NAT64.check(ip, 'ipv6') ? null : 'reserved'
}
