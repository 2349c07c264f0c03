import { describe, expect, it } from 'vitest'
import { parseTrustProxy, type TrustProxy } from '../../src/platform/config.ts'
import { clientFromForwarded, plainAddress } from '../../src/http/pipeline/forwarded-for.ts'
import { createTestSandbox } from '../support/test-app.ts'

describe('the client address behind trusted proxies', () => {
  it.each<[string, string | undefined, string | undefined, TrustProxy, string]>([
    ['no proxy trusted: the socket, whatever X-Forwarded-For says', '6.6.6.6', '10.0.0.2', false, '10.0.0.2'],
    ['one hop (true): the entry the proxy appended, not the left-most the client sent', '6.6.6.6, 203.0.113.5', '10.0.0.2', true, '203.0.113.5'],
    ['one hop, a single entry', '203.0.113.5', '10.0.0.2', 1, '203.0.113.5'],
    ['two hops: past the second proxy too', '6.6.6.6, 203.0.113.5, 10.0.0.9', '10.0.0.2', 2, '203.0.113.5'],
    ['more hops than entries: the left-most there is', '203.0.113.5', '10.0.0.2', 3, '203.0.113.5'],
    ['no header: the socket', undefined, '10.0.0.2', 1, '10.0.0.2'],
    ['ranges: every trusted hop skipped from the right', '6.6.6.6, 203.0.113.5, 10.1.2.3', '10.0.0.2', ['10.0.0.0/8'], '203.0.113.5'],
    ['ranges: a peer outside them is the client, its header ignored', '203.0.113.5', '198.51.100.1', ['10.0.0.0/8'], '198.51.100.1'],
    ['ranges: IPv6 and IPv4-mapped peers', '2001:db8::7', '::ffff:10.0.0.2', ['10.0.0.0/8', 'fd00::/8'], '2001:db8::7'],
    ['ports and brackets are not part of the address', '[2001:DB8::7]:4711, 203.0.113.5:80', '10.0.0.2', 1, '203.0.113.5'],
    ['no socket (app.request()): the caller stands for one trusted proxy', '6.6.6.6, 203.0.113.5', undefined, false, '203.0.113.5'],
  ])('%s', (_, header, peer, trust, client) => {
    expect(clientFromForwarded(header, peer, trust)).toBe(client)
  })

  it('keeps an entry that is not an address short, so a key stays small', () => {
    expect(plainAddress(`x${'y'.repeat(10_000)}`)).toHaveLength(64)
    expect(plainAddress('::ffff:192.0.2.1')).toBe('192.0.2.1')
  })

  it.each([
    ['true', 1],
    ['yes', 1],
    ['1', 1],
    ['false', 0],
    ['0', 0],
    ['3', 3],
    ['10.0.0.0/8, 192.168.1.7,fd00::/8', ['10.0.0.0/8', '192.168.1.7', 'fd00::/8']],
    ['17', undefined],
    ['10.0.0.0/33', undefined],
    ['proxy.example', undefined],
  ])('reads SANDBOX_TRUST_PROXY=%s', (text, trust) => {
    expect(parseTrustProxy(text)).toEqual(trust)
  })
})

describe('throttles behind one trusted proxy', () => {
  // The proxy appends the address it was reached from; the client writes whatever it likes before it.
  const through = (spoofed: string, real: string) => ({ 'X-Forwarded-For': `${spoofed}, ${real}` })

  it('throttles 15 sign-ups whose left-most X-Forwarded-For changes each time: the key is the address the proxy saw', async () => {
    const s = await createTestSandbox({ trustProxy: 1, signupsPerHour: 10 })
    const statuses: number[] = []
    for (let n = 0; n < 15; n++) {
      const res = await s.call('POST', '/sandbox/signup', {
        token: null,
        headers: through(`198.51.100.${n}`, '203.0.113.44'),
        body: { partnerName: `Disfarce ${n}`, contactEmail: `d${n}@disfarce.example` },
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(5).fill(429)])
    const other = await s.call('POST', '/sandbox/signup', {
      token: null,
      headers: through('198.51.100.1', '203.0.113.45'),
      body: { partnerName: 'Outro', contactEmail: 'o@outro.example' },
    })
    expect(other.status).toBe(201)
  })

  it('throttles a password spray whose left-most X-Forwarded-For changes each time', async () => {
    const s = await createTestSandbox({ trustProxy: true })
    const statuses: number[] = []
    for (let n = 0; n < 32; n++) {
      const res = await s.call('POST', '/v1/authentication', {
        token: null,
        headers: through(`198.51.100.${n}`, '203.0.113.60'),
        body: { username: `vitima-${n}`, password: 'Verao2026!' },
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([...Array(30).fill(401), 429, 429])
  })
})
