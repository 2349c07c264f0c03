import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { forbiddenRange, type ForbiddenRange } from './ip-ranges.ts'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** Resolves a host name to all its addresses; injectable so tests can play DNS (rebinding included). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }))

/**
 * `local`: the address is on the partner's own machine or network (a loopback, private or link-local
 * address, a `localhost` name), which the sandbox cannot reach: `mortgage-sandbox listen` can. `url`
 * is the address as given, for the command the refusal suggests.
 */
export type AddressRefusal =
  | { kind: 'invalid-url' }
  | { kind: 'scheme'; protocol: string; allowHttp: boolean; local: boolean; url: string }
  | { kind: 'credentials' }
  | { kind: 'forbidden-address'; address: string; range: ForbiddenRange; local: boolean; url: string }
  | { kind: 'unresolvable'; error: string }

/** The ranges of the partner's own machine or network. */
const LOCAL_RANGES: ReadonlySet<ForbiddenRange> = new Set(['loopback', 'private', 'link-local', 'unspecified'])

export type AddressCheck<T> = ({ ok: true } & T) | { ok: false; refusal: AddressRefusal }

export const MAX_CALLBACK_URL_LENGTH = 2048

/** A refusal in words, for the delivery log (the API localizes its own). */
export function describeRefusal(refusal: AddressRefusal): string {
  switch (refusal.kind) {
    case 'invalid-url':
      return 'the callback URL is not a valid absolute URL'
    case 'scheme':
      return `the callback URL must use ${refusal.allowHttp ? 'https or http' : 'https'}, not ${refusal.protocol}`
    case 'credentials':
      return 'the callback URL must not carry a user name or password'
    case 'forbidden-address':
      return `the callback host resolves to ${refusal.address}, a ${refusal.range} address`
    case 'unresolvable':
      return `the callback host could not be resolved (${refusal.error})`
  }
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '')
const isLocalhostName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname)
/** Whether a host, as written, is on the partner's own machine or network (no DNS asked). */
function isLocalHost(hostname: string): boolean {
  const host = bare(hostname)
  if (isLocalhostName(host)) return true
  const range = isIP(host) ? forbiddenRange(host) : null
  return range !== null && LOCAL_RANGES.has(range)
}

/**
 * Where callbacks may go (docs/design.md "Callbacks", SSRF): https only unless http is allowed, and no
 * loopback, private, link-local, CGNAT or metadata address unless private addresses are allowed.
 * Checked at registration and again before every attempt, because DNS answers change.
 */
export function createAddressPolicy(options: { allowHttp: boolean; allowPrivate: boolean; resolve?: HostResolver }) {
  const { allowHttp, allowPrivate, resolve = systemResolver } = options

  function checkSyntax(raw: string): AddressCheck<{ url: URL }> {
    let url: URL
    try {
      url = new URL(raw)
    } catch {
      return { ok: false, refusal: { kind: 'invalid-url' } }
    }
    if (!url.hostname) return { ok: false, refusal: { kind: 'invalid-url' } }
    if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) {
      return { ok: false, refusal: { kind: 'scheme', protocol: url.protocol.replace(/:$/, ''), allowHttp, local: isLocalHost(url.hostname), url: raw } }
    }
    if (url.username || url.password) return { ok: false, refusal: { kind: 'credentials' } }
    return { ok: true, url }
  }

  const refuseRange = (address: string, url: string): AddressCheck<object> | null => {
    if (allowPrivate) return null
    const range = forbiddenRange(address)
    return range ? { ok: false, refusal: { kind: 'forbidden-address', address, range, local: LOCAL_RANGES.has(range), url } } : null
  }

  /** All addresses must be allowed: a name mixing public and private answers is refused. */
  function checkAddresses(addresses: ResolvedAddress[], url: string): AddressCheck<object> | null {
    for (const { address } of addresses) {
      const refused = refuseRange(address, url)
      if (refused) return refused
    }
    return null
  }

  return {
    /**
     * The check of Callback Update. A name that does not resolve is accepted (an offline sandbox
     * resolves nothing, and every attempt checks again); one that resolves to a forbidden range is not.
     */
    async checkForRegistration(raw: string): Promise<AddressCheck<{ url: string }>> {
      const syntax = checkSyntax(raw)
      if (!syntax.ok) return syntax
      const host = bare(syntax.url.hostname)
      if (!allowPrivate) {
        if (isIP(host)) {
          const refused = refuseRange(host, raw)
          if (refused) return refused as AddressCheck<{ url: string }>
        } else if (isLocalhostName(host)) {
          return { ok: false, refusal: { kind: 'forbidden-address', address: host, range: 'loopback', local: true, url: raw } }
        } else {
          const addresses = await resolve(host).catch(() => [])
          const refused = checkAddresses(addresses, raw)
          if (refused) return refused as AddressCheck<{ url: string }>
        }
      }
      return { ok: true, url: syntax.url.toString() }
    },

    /** The check before an attempt: the URL and the one address to connect to (pinned). */
    async resolveForDelivery(raw: string): Promise<AddressCheck<{ url: URL; address: ResolvedAddress }>> {
      const syntax = checkSyntax(raw)
      if (!syntax.ok) return syntax
      const host = bare(syntax.url.hostname)
      const family = isIP(host)
      let addresses: ResolvedAddress[]
      if (family) addresses = [{ address: host, family: family === 6 ? 6 : 4 }]
      else {
        try {
          addresses = await resolve(host)
        } catch (error) {
          return { ok: false, refusal: { kind: 'unresolvable', error: (error as NodeJS.ErrnoException).code ?? String(error) } }
        }
        if (addresses.length === 0) return { ok: false, refusal: { kind: 'unresolvable', error: 'no address' } }
      }
      const refused = checkAddresses(addresses, raw)
      if (refused) return refused as AddressCheck<{ url: URL; address: ResolvedAddress }>
      return { ok: true, url: syntax.url, address: addresses[0]! }
    },
  }
}

export type AddressPolicy = ReturnType<typeof createAddressPolicy>
