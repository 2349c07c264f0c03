import { describe, expect, it } from 'vitest'
import { openSandbox } from '../../src/app/server.ts'
import { testConfig } from '../../src/platform/config.ts'
import { createTestSandbox, PARTNER_A } from '../support/test-app.ts'

const sandbox = await createTestSandbox()
const { call } = sandbox
const login = (body: string, headers: Record<string, string> = {}) =>
  call('POST', '/v1/authentication', { token: null, body, headers: { 'Content-Type': 'application/json', ...headers } })

describe('one error body for every failure', () => {
  it('a validation failure is 400 with one item per problem', async () => {
    const res = await call('POST', '/v1/authentication', { token: null, body: { username: 7 } })
    expect(res.status).toBe(400)
    expect(res.json).toEqual({
      operationStatus: { operationStatusCode: '010100', operationStatusMessage: 'O pedido contém dados inválidos.' },
      errors: [
        { errorCode: '010102', errorMessage: 'O campo username deve ser do tipo string.', errorField: 'username' },
        { errorCode: '010101', errorMessage: 'Campo obrigatório em falta: password.', errorField: 'password' },
      ],
    })
  })

  it('messages follow Accept-Language', async () => {
    const res = await call('POST', '/v1/authentication', { token: null, body: {}, headers: { 'Accept-Language': 'en' } })
    expect(res.headers.get('content-language')).toBe('en')
    expect(res.json.errors[0].errorMessage).toBe('Missing required field: username.')
  })

  it('malformed JSON is 400 with code 010109', async () => {
    const res = await login('{"username": ')
    expect(res.status).toBe(400)
    expect(res.json.errors).toEqual([{ errorCode: '010109', errorMessage: expect.any(String), errorField: 'body' }])
  })

  it('a content type other than JSON is 415 naming Content-Type', async () => {
    const res = await login('username=broker-a', { 'Content-Type': 'application/x-www-form-urlencoded' })
    expect(res.status).toBe(415)
    expect(res.json.errors).toEqual([{ errorCode: '010602', errorMessage: expect.stringContaining('application/x-www-form-urlencoded'), errorField: 'Content-Type' }])
  })

  it('a body over 1 MB is 413 without being read', async () => {
    const res = await login(JSON.stringify({ username: 'x'.repeat(1024 * 1024), password: 'sandbox' }))
    expect(res.status).toBe(413)
    expect(res.json.errors[0]).toMatchObject({ errorCode: '010601', errorField: 'body' })
  })

  it('a body over 1 MB sent in chunks without Content-Length is 413 too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    let sent = 0
    const body = new ReadableStream({
      pull(controller) {
        if (sent++ < 20) controller.enqueue(chunk)
        else controller.close()
      },
    })
    const res = await sandbox.request('/v1/authentication', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
  })

  it('an unknown route is 404 with code 010402', async () => {
    const res = await call('GET', '/v1/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.json.errors).toEqual([{ errorCode: '010402', errorMessage: 'Operação inexistente: GET /v1/no-such-thing.', errorField: 'path' }])
  })

  it('an unexpected exception is 500 naming the request id, without a stack, and is logged', async () => {
    const lines: string[] = []
    const { app, sandbox } = openSandbox({
      config: testConfig(),
      logger: { enabled: () => true, debug() {}, info() {}, warn() {}, flush() {}, error: (msg, fields) => lines.push(JSON.stringify({ msg, ...fields })) },
    })
    app.get('/v1/health/boom', () => {
      throw new Error('database exploded')
    })
    const { accessToken } = sandbox.auth.issueToken({ partnerUniqueID: PARTNER_A, brokerId: 1001, userId: 5001 })
    const res = await app.request('/v1/health/boom', { headers: { 'X-Request-Id': 'req-123', Authorization: `Bearer ${accessToken}` } })
    const body = await res.json()
    expect(res.status).toBe(500)
    expect(res.headers.get('x-request-id')).toBe('req-123')
    expect(body).toEqual({
      operationStatus: { operationStatusCode: '090101', operationStatusMessage: 'Erro interno. Referência do pedido: req-123.' },
      errors: [{ errorCode: '090101', errorMessage: 'Erro interno. Referência do pedido: req-123.', errorField: '' }],
    })
    expect(JSON.stringify(body)).not.toContain('exploded')
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'unhandled error', requestId: 'req-123', error: 'database exploded' })
  })

  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const kept = await call('GET', '/v1/health', { token: null, headers: { 'X-Request-Id': 'abc-1' } })
    expect(kept.headers.get('x-request-id')).toBe('abc-1')
    const replaced = await call('GET', '/v1/health', { token: null, headers: { 'X-Request-Id': 'bad id <script>' } })
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('the number of errors in an answer', () => {
  const unknownFields = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`unknown${i}`, 1]))
  const LEFT_OUT_EN = /^(\d+) more problems were left out: an answer lists at most 100 errors\.$/
  const LEFT_OUT_PT = /^Mais (\d+) problemas não foram listados: uma resposta lista no máximo 100 erros\.$/

  it('lists at most 100 errors in a refusal, the last one counting those left out (pt-PT and en)', async () => {
    for (const [lang, leftOut] of [
      ['pt-PT', LEFT_OUT_PT],
      ['en', LEFT_OUT_EN],
    ] as const) {
      const res = await call('POST', '/v1/simulations', { body: unknownFields(4000), headers: { 'Accept-Language': lang } })
      expect(res.status).toBe(400)
      expect(res.json.operationStatus.operationStatusCode).toBe('010100')
      expect(res.json.errors).toHaveLength(100)
      expect(res.json.errors.slice(0, 99).every((e: { errorCode: string }) => e.errorCode === '010108' || e.errorCode === '010101')).toBe(true)
      const last = res.json.errors[99]
      expect(last).toMatchObject({ errorCode: '010114', errorField: 'body', errorMessage: expect.stringMatching(leftOut) })
      // Every field unknown plus the three groups missing: 4,003 problems, 99 listed.
      expect(Number(leftOut.exec(last.errorMessage)![1])).toBe(4003 - 99)
    }
  })

  it('caps Simulation Validate the same way, under 20 KB', async () => {
    const res = await call('POST', '/v1/simulations/validate', { body: unknownFields(4000), headers: { 'Accept-Language': 'en' } })
    expect(res.status).toBe(200)
    expect(res.json.errors).toHaveLength(100)
    expect(res.json.errors[99]).toMatchObject({ errorCode: '010114', errorField: 'body', errorMessage: '3904 more problems were left out: an answer lists at most 100 errors.' })
    expect(res.text.length).toBeLessThan(20 * 1024)
  })

  it('lists every problem of an answer with 100 or fewer', async () => {
    const res = await call('POST', '/v1/simulations/validate', { body: unknownFields(97) })
    expect(res.json.errors).toHaveLength(100)
    expect(res.json.errors.some((e: { errorCode: string }) => e.errorCode === '010114')).toBe(false)
  })
})
