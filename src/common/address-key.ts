import { isIP } from 'node:net'

/** The 16-bit groups of an IPv6 address (a valid one: `isIP(text) === 6`), its `::` and a dotted IPv4 tail expanded. */
function groupsOf(ipv6: string): number[] {
  let text = ipv6
  const tail: number[] = []
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    tail.push((a << 8) | b, (c << 8) | d)
    text = text.slice(0, dotted.index)
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1)
  }
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : [])
  const [head, rest] = text.split('::')
  if (rest === undefined) return [...parse(head), ...tail]
  const left = parse(head)
  const right = [...parse(rest), ...tail]
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right]
}

/**
 * The key a client address is throttled under (docs/design.md "Authentication"): an IPv4 address
 * as it is, an IPv4-mapped IPv6 address as its IPv4 address, and any other IPv6 address as its /64
 * (`2001:db8:1:2::/64`). A /64 is what one customer or one machine is given: an IPv6 client holds
 * billions of addresses in it, so a throttle keyed by the whole address would give it billions of
 * buckets. Anything that is no address (`local` in tests) is kept as it is.
 */
export function addressKey(address: string): string {
  const family = isIP(address)
  if (family === 4) return address
  if (family !== 6) return address
  const groups = groupsOf(address.split('%')[0]!)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}
