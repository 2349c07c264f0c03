import { describe, expect, it } from 'vitest'
import { createAddressPolicy, type HostResolver } from '../../../src/modules/callbacks/address-policy.ts'

const dns =
  (table: Record<string, string[]>): HostResolver =>
  async (host) => {
    const addresses = table[host]
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }

const resolve = dns({
  'hooks.partner.example': ['93.184.216.34'],
  'internal.partner.example': ['10.0.0.7'],
  'mixed.partner.example': ['93.184.216.34', '192.168.0.2'],
  'v6.partner.example': ['fd00::5'],
  'docs.partner.example': ['203.0.113.5'],
  'mapped.partner.example': ['::ffff:93.184.216.34'],
  'sitelocal.partner.example': ['fec0::5'],
})

const strict = createAddressPolicy({ allowHttp: false, allowPrivate: false, resolve })

describe('address policy at registration (defaults: https only, public addresses only)', () => {
  it.each([
    ['https://hooks.partner.example/callbacks', true],
    ['https://93.184.216.34:8443/callbacks?x=1', true],
    ['https://unknown.partner.example/callbacks', true],
    ['http://hooks.partner.example/callbacks', 'scheme'],
    ['ftp://hooks.partner.example/callbacks', 'scheme'],
    ['https://user:secret@hooks.partner.example/', 'credentials'],
    ['not a url', 'invalid-url'],
    ['https://127.0.0.1/hook', 'forbidden-address'],
    ['https://[::1]/hook', 'forbidden-address'],
    ['https://localhost/hook', 'forbidden-address'],
    ['https://api.localhost/hook', 'forbidden-address'],
    ['https://169.254.169.254/latest/meta-data', 'forbidden-address'],
    ['https://10.0.0.1/hook', 'forbidden-address'],
    ['https://internal.partner.example/hook', 'forbidden-address'],
    ['https://mixed.partner.example/hook', 'forbidden-address'],
    ['https://v6.partner.example/hook', 'forbidden-address'],
    ['https://[::ffff:10.0.0.1]/hook', 'forbidden-address'],
    ['https://2130706433/hook', 'forbidden-address'],
    ['https://0x7f.0.0.1/hook', 'forbidden-address'],
    ['https://localhost./hook', 'forbidden-address'],
    // IPv6 forms that carry an IPv4 address: the IPv4 is checked against the same ranges.
    ['https://[2002:7f00:1::]/', 'forbidden-address'],
    ['https://[2002:a00:1::1]/hook', 'forbidden-address'],
    ['https://[2002:5db8:d822::1]/hook', true],
    ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook', 'forbidden-address'],
    ['https://[2001:0:7f00:1:8000:63bf:a2ff:fffe]/hook', 'forbidden-address'],
    ['https://[2001:0:4136:e378:8000:63bf:a247:2bdd]/hook', true],
    ['https://[64:ff9b::7f00:1]/hook', 'forbidden-address'],
    ['https://[64:ff9b::a9fe:a9fe]/hook', 'forbidden-address'],
    ['https://[64:ff9b:1::5db8:d822]/hook', 'forbidden-address'],
    ['https://[::7f00:1]/hook', 'forbidden-address'],
    ['https://[::ffff:7f00:1]/hook', 'forbidden-address'],
    // The rest of IANA's special-purpose registries, and the IPv4-mapped and site-local ranges as a whole.
    ['https://[::ffff:93.184.216.34]/hook', 'forbidden-address'],
    ['https://[fec0::1]/hook', 'forbidden-address'],
    ['https://[2001:db8::1]/hook', 'forbidden-address'],
    ['https://192.0.2.10/hook', 'forbidden-address'],
    ['https://docs.partner.example/hook', 'forbidden-address'],
    ['https://mapped.partner.example/hook', 'forbidden-address'],
    ['https://sitelocal.partner.example/hook', 'forbidden-address'],
    ['https://[2606:4700::6810:85e5]/hook', true],
  ])('%s → %s', async (url, expected) => {
    const check = await strict.checkForRegistration(url)
    if (expected === true) expect(check.ok).toBe(true)
    else expect(check.ok ? 'accepted' : check.refusal.kind).toBe(expected)
  })

  it('names the address and its range', async () => {
    const check = await strict.checkForRegistration('https://internal.partner.example/hook')
    expect(check).toEqual({ ok: false, refusal: { kind: 'forbidden-address', address: '10.0.0.7', range: 'private', local: true, url: 'https://internal.partner.example/hook' } })
  })

  it("tells an address of the partner's own machine or network from another refused one", async () => {
    const local = async (url: string) => {
      const check = await strict.checkForRegistration(url)
      return check.ok ? 'accepted' : 'local' in check.refusal && check.refusal.local
    }
    expect(await local('http://localhost:3000/hooks')).toBe(true)
    expect(await local('http://127.0.0.1:3000/hooks')).toBe(true)
    expect(await local('https://192.168.1.20/hooks')).toBe(true)
    expect(await local('https://[fe80::1]/hook')).toBe(true)
    expect(await local('http://hooks.partner.example/')).toBe(false)
    expect(await local('https://169.254.169.254/latest/meta-data/')).toBe(false)
    expect(await local('https://192.0.2.10/hook')).toBe(false)
  })

  it('accepts http and private addresses only when the settings allow them', async () => {
    const open = createAddressPolicy({ allowHttp: true, allowPrivate: true, resolve })
    expect((await open.checkForRegistration('http://127.0.0.1:9000/hook')).ok).toBe(true)
    expect((await open.checkForRegistration('https://internal.partner.example/hook')).ok).toBe(true)
    expect((await createAddressPolicy({ allowHttp: true, allowPrivate: false, resolve }).checkForRegistration('http://10.0.0.1/')).ok).toBe(false)
  })
})

describe('address policy before each attempt', () => {
  it('pins the first checked address', async () => {
    const check = await strict.resolveForDelivery('https://hooks.partner.example/callbacks')
    expect(check.ok && check.address).toEqual({ address: '93.184.216.34', family: 4 })
  })

  it('refuses a name that now resolves to a private address (DNS rebinding)', async () => {
    let answer = '93.184.216.34'
    const policy = createAddressPolicy({ allowHttp: false, allowPrivate: false, resolve: async () => [{ address: answer, family: 4 }] })
    expect((await policy.checkForRegistration('https://rebind.partner.example/')).ok).toBe(true)
    answer = '127.0.0.1'
    const check = await policy.resolveForDelivery('https://rebind.partner.example/')
    expect(check.ok ? 'sent' : check.refusal).toEqual({ kind: 'forbidden-address', address: '127.0.0.1', range: 'loopback', local: true, url: 'https://rebind.partner.example/' })
  })

  it('refuses a name that now resolves to a 6to4 address around a loopback IPv4', async () => {
    let answer: { address: string; family: 4 | 6 } = { address: '93.184.216.34', family: 4 }
    const policy = createAddressPolicy({ allowHttp: false, allowPrivate: false, resolve: async () => [answer] })
    expect((await policy.checkForRegistration('https://rebind6.partner.example/')).ok).toBe(true)
    answer = { address: '2002:7f00:1::', family: 6 }
    const check = await policy.resolveForDelivery('https://rebind6.partner.example/')
    expect(check.ok ? 'sent' : check.refusal).toEqual({
      kind: 'forbidden-address',
      address: '2002:7f00:1::',
      range: 'loopback',
      local: true,
      url: 'https://rebind6.partner.example/',
    })
  })

  it('reports a name that does not resolve', async () => {
    const check = await strict.resolveForDelivery('https://unknown.partner.example/')
    expect(check.ok ? 'sent' : check.refusal).toEqual({ kind: 'unresolvable', error: 'ENOTFOUND' })
  })

  it('refuses http stored while it was allowed, once it is not', async () => {
    const check = await strict.resolveForDelivery('http://hooks.partner.example/')
    expect(check.ok ? 'sent' : check.refusal.kind).toBe('scheme')
  })
})
