import { describe, expect, it } from 'vitest'
import { forbiddenRange } from '../../../src/modules/callbacks/ip-ranges.ts'

describe('forbiddenRange: IANA IPv4 Special-Purpose Address Registry', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.255', 'CGNAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'metadata'],
    ['169.254.10.10', 'link-local'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'reserved'],
    ['192.0.0.170', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', 'reserved'],
    ['192.168.1.10', 'private'],
    ['198.18.0.1', 'reserved'],
    ['198.19.255.255', 'reserved'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.7', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['not-an-ip', 'reserved'],
  ])('refuses %s as %s', (address, range) => {
    expect(forbiddenRange(address)).toBe(range)
  })

  // Globally reachable per the registry (AS112, AMT, Direct Delegation AS112), and ordinary addresses.
  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '169.253.255.255', '192.31.196.1', '192.52.193.1', '192.175.48.1', '198.20.0.1', '203.0.114.1'])(
    'accepts the public address %s',
    (address) => {
      expect(forbiddenRange(address)).toBe(null)
    },
  )
})

describe('forbiddenRange: IANA IPv6 Special-Purpose Address Registry', () => {
  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fec0::1', 'private'],
    ['feff::1', 'private'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['64:ff9b:1::5db8:d822', 'reserved'],
    ['100::1', 'reserved'],
    ['100:0:0:1::1', 'reserved'],
    ['2001:1::1', 'reserved'],
    ['2001:2::1', 'reserved'],
    ['2001:10::1', 'reserved'],
    ['2001:1ff::1', 'reserved'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['3fff:fff::1', 'documentation'],
    ['5f00::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['e000::1', 'reserved'],
  ])('refuses %s as %s', (address, range) => {
    expect(forbiddenRange(address)).toBe(range)
  })

  it.each([
    '2606:4700::6810:85e5',
    '2a00:1450:4003:80f::200e',
    '2620:4f:8000::1',
    '2001:200::1',
    '3ffe::1',
    '2002:5db8:d822::1',
    '64:ff9b::8.8.8.8',
    '2001:0:4136:e378:8000:63bf:a247:2bdd',
  ])('accepts the public address %s', (address) => {
    expect(forbiddenRange(address)).toBe(null)
  })
})

describe('forbiddenRange: IPv6 addresses carrying an IPv4 address', () => {
  it.each([
    // IPv4-mapped (::ffff:0:0/96): named by a forbidden IPv4, else reserved as a whole.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:192.0.2.1', 'documentation'],
    ['::ffff:8.8.8.8', 'reserved'],
    // IPv4-translated (::ffff:0:0:0/96, SIIT).
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:a00:1', 'private'],
    ['::ffff:0:8.8.8.8', 'reserved'],
    // IPv4-compatible (::/96, deprecated).
    ['::127.0.0.1', 'loopback'],
    ['::192.168.0.1', 'private'],
    ['::8.8.8.8', 'reserved'],
    // NAT64, well-known prefix (64:ff9b::/96): public like its IPv4.
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    // 6to4 (2002::/16): the IPv4 in groups 2 and 3.
    ['2002:7f00:1::', 'loopback'],
    ['2002:a00:1::1', 'private'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:6440:1::1', 'CGNAT'],
    ['2002:c000:201::1', 'documentation'],
    // Teredo (2001::/32): the server's IPv4 in groups 3 and 4, the client's inverted in the last two.
    ['2001:0:7f00:1:8000:63bf:a247:2bdd', 'loopback'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdfe', 'documentation'],
  ])('refuses %s as %s', (address, range) => {
    expect(forbiddenRange(address)).toBe(range)
  })
})
