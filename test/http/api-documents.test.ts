import { describe, expect, it } from 'vitest'
import { createTestSandbox } from '../support/test-app.ts'

const forwarded = { 'X-Forwarded-Host': 'sandbox.casacerta.example', 'X-Forwarded-Proto': 'https' }

describe('the served documents name the host they were asked on', () => {
  it('honours X-Forwarded-Host and -Proto only from a trusted proxy, and puts SANDBOX_PUBLIC_URL first', async () => {
    const trusted = await createTestSandbox({ trustProxy: true, publicUrl: 'https://sandbox.bank.example' })
    const viaProxy = (await trusted.call('GET', '/openapi.json', { token: null, headers: forwarded })).json
    expect(viaProxy.servers.map((s: { url: string }) => s.url)).toEqual(['https://sandbox.bank.example', 'https://sandbox.casacerta.example'])
    const collection = (await trusted.call('GET', '/postman.json', { token: null, headers: forwarded })).json
    expect(collection.variable.find((v: { key: string }) => v.key === 'baseUrl').value).toBe('https://sandbox.casacerta.example')
    const sandboxDocument = (await trusted.call('GET', '/openapi/sandbox.json', { token: null, headers: { 'X-Forwarded-Host': 'evil.example/"><script>' } })).json
    expect(sandboxDocument.servers.map((s: { url: string }) => s.url)).toEqual(['https://sandbox.bank.example', 'http://localhost'])

    const untrusted = await createTestSandbox({ trustProxy: false })
    const direct = (await untrusted.call('GET', '/openapi.json', { token: null, headers: forwarded })).json
    expect(direct.servers.map((s: { url: string }) => s.url)).toEqual(['http://localhost'])
  })

  it('answers the four documents without a token, uncharged by the fair share, storing nothing', async () => {
    const s = await createTestSandbox({ rateLimit: { perSecond: 1, burst: 1 } })
    for (const path of ['/openapi.json', '/openapi/sandbox.json', '/postman.json', '/postman/sandbox.json', '/openapi.json', '/openapi/sandbox.json']) {
      const res = await s.call('GET', path, { token: null })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('RateLimit-Limit'), path).toBeNull()
    }
  })
})
