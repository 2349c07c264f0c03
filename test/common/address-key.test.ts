import { describe, expect, it } from 'vitest'
import { addressKey } from '../../src/common/address-key.ts'

describe('the throttle key of a client address', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('203.0.113.8')).toBe('203.0.113.8')
  })

  it('buckets an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64'
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2:a:b:1.2.3.4', '2001:db8:1:2::5%eth0']) {
      expect(addressKey(address), address).toBe(key)
    }
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
  })

  it('takes an IPv4-mapped IPv6 address as its IPv4 address, dotted or in hex', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7')
    expect(addressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7')
  })

  it('keeps what is no address as it is, and a key as its own key', () => {
    expect(addressKey('local')).toBe('local')
    expect(addressKey('2001:db8:1:2::/64')).toBe('2001:db8:1:2::/64')
  })
})
