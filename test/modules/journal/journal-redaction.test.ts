import { describe, expect, it } from 'vitest'
import { redactBody, redactHeaders, redactQuery } from '../../../src/modules/journal/journal-redaction.ts'
import { createTestSandbox } from '../../support/test-app.ts'

const R = '[redacted]'

describe('journal redaction of query strings', () => {
  it.each([
    ['lineCount=5&nextRecord=abc', 'lineCount=5&nextRecord=abc'],
    ['token=eyJhbGciOi&lineCount=5', `token=${R}&lineCount=5`],
    ['access_token=abc&api_key=k1&apiKey=k2&X-Api-Key=k3', `access_token=${R}&api_key=${R}&apiKey=${R}&X-Api-Key=${R}`],
    ['password=hunter2&signature=v1,abc&client_secret=s', `password=${R}&signature=${R}&client_secret=${R}`],
    ['%74oken=abc&email=a%40b.pt', `%74oken=${R}&email=a%40b.pt`],
    ['token&flag', `token=${R}&flag`],
    ['invitationCode=inv_123', `invitationCode=${R}`],
  ])('%s → %s', (query, stored) => {
    expect(redactQuery(query)).toBe(stored)
  })
})

describe('journal redaction of headers', () => {
  it('keeps the scheme of Authorization and redacts every header named like a key, token, secret, authentication, signature or cookie', () => {
    const stored = redactHeaders({
      Authorization: 'Bearer eyJhbGciOi.x.y',
      'Proxy-Authorization': 'Basic dXNlcjpwYXNz',
      'X-Api-Key': 'k-123',
      'X-Auth-Token': 't-123',
      'X-Client-Secret': 's-123',
      'webhook-signature': 'v1,abc',
      Cookie: 'sandbox_console=abc',
      'X-Operator-Token': 'op-123',
      'Idempotency-Key': 'idem-1',
      'Accept-Language': 'pt-PT',
      'Content-Type': 'application/json',
      'X-Request-Id': 'req-1',
      'X-Sandbox-Scenario': 'slow-response',
    })
    expect(stored).toEqual({
      authorization: `Bearer ${R}`,
      'proxy-authorization': `Basic ${R}`,
      'x-api-key': R,
      'x-auth-token': R,
      'x-client-secret': R,
      'webhook-signature': R,
      cookie: R,
      'x-operator-token': R,
      'idempotency-key': R,
      'accept-language': 'pt-PT',
      'content-type': 'application/json',
      'x-request-id': 'req-1',
      'x-sandbox-scenario': 'slow-response',
    })
  })
})

describe('journal redaction of JSON bodies', () => {
  it.each([
    ['a string', { password: 'hunter2' }, { password: R }],
    ['an array under a secret name, whole', { tokens: ['a', 'b'], lineCount: 1 }, { tokens: R, lineCount: 1 }],
    ['an object under a secret name, whole', { secrets: { signingSecret: 'whsec_x', note: 'n' } }, { secrets: R }],
    ['a number', { apiKey: 12345 }, { apiKey: R }],
    ['deep in arrays of objects', { items: [{ credentials: { user: 'u', pass: 'p' } }, { name: 'x' }] }, { items: [{ credentials: R }, { name: 'x' }] }],
    ['bank fields named like keys are kept', { borrowersSimulator: { keyBorrowerName: 'Ana' } }, { borrowersSimulator: { keyBorrowerName: 'Ana' } }],
    ['null stays null', { token: null }, { token: null }],
  ])('%s', (_case, body, stored) => {
    expect(JSON.parse(redactBody(JSON.stringify(body)).body!)).toEqual(stored)
  })

  it('redacts a secret name spelled with a \\u escape', () => {
    expect(JSON.parse(redactBody('{"\\u0070assword":"hunter2"}').body!)).toEqual({ password: R })
  })
})

describe('the journal of a request', () => {
  it('keeps a secret-named query parameter and a secret-like header out of the stored entry', async () => {
    const s = await createTestSandbox()
    const res = await s.call('GET', '/v1/simulations?lineCount=1&access_token=leak-1', { headers: { 'X-Api-Key': 'leak-2', 'X-Request-Id': 'redacted-1' } })
    expect(res.status).toBe(200)
    const entry = (await s.call('GET', '/sandbox/requests/redacted-1')).json
    expect(entry.query).toBe(`lineCount=1&access_token=${R}`)
    expect(entry.requestHeaders['x-api-key']).toBe(R)
    const stored = JSON.stringify([s.db.prepare('SELECT * FROM request_journal').all(), s.db.prepare('SELECT * FROM request_journal_body').all()])
    expect(stored).not.toContain('leak-1')
    expect(stored).not.toContain('leak-2')
  })
})
