import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createWebhookSender, type WebhookSender } from '../../../src/modules/callbacks/webhook-sender.ts'
import { createThrowawayCa, type ThrowawayCa } from './support/throwaway-ca.ts'
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts'

let ca: ThrowawayCa
let receiver: WebhookReceiver
let sender: WebhookSender

beforeAll(() => {
  ca = createThrowawayCa()
})
afterAll(() => ca.remove())
beforeEach(async () => {
  receiver = await startWebhookReceiver({ cert: ca.cert, key: ca.key })
  sender = createWebhookSender({ caFile: ca.caFile })
})
afterEach(async () => {
  sender.close()
  await receiver.close()
})

const send = (timeoutMs = 2000, signal?: AbortSignal) =>
  sender.send({
    url: new URL(receiver.url('/hooks?tenant=1')),
    address: { address: '127.0.0.1', family: 4 },
    headers: { 'Content-Type': 'application/json', 'webhook-id': 'msg_test' },
    body: '{"hello":"world"}',
    timeoutMs,
    ...(signal ? { signal } : {}),
  })

describe('webhook sender', () => {
  it('posts the body to the path and query of the URL', async () => {
    receiver.onRequest(() => ({ status: 202, body: 'accepted' }))
    const outcome = await send()
    expect(outcome).toMatchObject({ httpStatus: 202, error: null, responseExcerpt: 'accepted' })
    expect(receiver.received[0]).toMatchObject({ path: '/hooks?tenant=1', body: '{"hello":"world"}' })
  })

  it('keeps only the first 1 KB of the answer', async () => {
    receiver.onRequest(() => ({ status: 500, body: 'x'.repeat(5000) }))
    const outcome = await send()
    expect(outcome.responseExcerpt).toHaveLength(1024)
  })

  it('does not follow redirects', async () => {
    receiver.onRequest((_hook, index) => (index === 0 ? { status: 302, headers: { Location: 'https://127.0.0.1:1/elsewhere' } } : { status: 204 }))
    const outcome = await send()
    expect(outcome).toMatchObject({ httpStatus: 302, error: 'redirect not followed (Location: https://127.0.0.1:1/elsewhere)' })
    expect(receiver.received).toHaveLength(1)
  })

  it('gives up when no answer arrives in time', async () => {
    receiver.onRequest(() => 'hang')
    const outcome = await send(150)
    expect(outcome).toMatchObject({ httpStatus: null, error: 'no answer within 0.15 s' })
    expect(outcome.latencyMs).toBeGreaterThanOrEqual(140)
  })

  it('passes the Retry-After header on', async () => {
    receiver.onRequest(() => ({ status: 503, headers: { 'Retry-After': '120' } }))
    expect((await send()).retryAfter).toBe('120')
  })

  it('stops at once when the sandbox stops', async () => {
    receiver.onRequest(() => 'hang')
    const controller = new AbortController()
    const pending = send(5000, controller.signal)
    await receiver.waitFor(1)
    controller.abort()
    expect((await pending).error).toBe('aborted: the sandbox is stopping')
  })

  it('refuses to start when the CA file cannot be read', () => {
    expect(() => createWebhookSender({ caFile: '/nonexistent/ca.pem' })).toThrow(/SANDBOX_CALLBACK_CA_FILE/)
  })
})
