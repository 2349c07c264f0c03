import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIMULATION_INPUT_EXAMPLE } from '../../../src/modules/simulations/simulation-input.schemas.ts'
import { createCallbackSandbox, PARTNER_A, type CallbackSandbox } from '../callbacks/support/callback-sandbox.ts'
import { createThrowawayCa, type ThrowawayCa } from '../callbacks/support/throwaway-ca.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../callbacks/support/webhook-receiver.ts'
import { parsePrometheusText, valueOf, type Family } from '../../support/prometheus-text.ts'
import { createTestSandbox } from '../../support/test-app.ts'

let ca: ThrowawayCa
let receiver: WebhookReceiver
let sandbox: CallbackSandbox
/** What the journey did, as the partner saw it. */
const journey = { simulationUniqueId: '', loginCredentials: 0, loginThrottled: 0 }
let scraped: Map<string, Family>
let scrapedText: string

const scrape = async (s: { app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> } }, headers: Record<string, string> = {}) =>
  s.app.request('/metrics', { headers })

beforeAll(async () => {
  ca = createThrowawayCa()
  receiver = await startWebhookReceiver({ cert: ca.cert, key: ca.key })
  sandbox = await createCallbackSandbox({ callbackCaFile: ca.caFile })
  receiver.setSecret(await sandbox.register(PARTNER_A, 6, receiver.url()))
  const created = await sandbox.call('POST', '/v1/simulations', { body: SIMULATION_INPUT_EXAMPLE })
  expect(created.status).toBe(201)
  journey.simulationUniqueId = created.json.additionalData.simulationUniqueID
  await receiver.waitFor(1)
  // One refusal: a simulation that does not exist.
  expect((await sandbox.call('GET', '/v1/simulations/00000000-0000-4000-8000-000000000000')).status).toBe(404)
  // Wrong passwords until the username is throttled.
  for (let i = 0; i < 8; i += 1) {
    const res = await sandbox.app.request('/v1/authentication', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'broker-b', password: 'wrong' }),
    })
    if (res.status === 401) journey.loginCredentials += 1
    else if (res.status === 429) journey.loginThrottled += 1
    else throw new Error(`login answered ${res.status}`)
  }
  const res = await scrape(sandbox)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  scrapedText = await res.text()
  scraped = parsePrometheusText(scrapedText)
})
afterAll(async () => {
  await sandbox.close()
  await receiver.close()
  ca.remove()
})

describe('GET /metrics after a journey', () => {
  it('counts the requests by operation (route template) and status class, with their latency', () => {
    const histogram = scraped.get('sandbox_http_request_duration_seconds')!
    expect(histogram.type).toBe('histogram')
    expect(valueOf(scraped, 'sandbox_http_request_duration_seconds_count', { operation: 'POST /v1/simulations', status_class: '2xx' })).toBe(1)
    expect(valueOf(scraped, 'sandbox_http_request_duration_seconds_count', { operation: 'GET /v1/simulations/:simulationUniqueId', status_class: '4xx' })).toBe(1)
    expect(valueOf(scraped, 'sandbox_http_request_duration_seconds_count', { operation: 'POST /v1/authentication', status_class: '4xx' })).toBe(8)
    expect(valueOf(scraped, 'sandbox_http_request_duration_seconds_bucket', { operation: 'POST /v1/simulations', status_class: '2xx', le: '+Inf' })).toBe(1)
    expect(valueOf(scraped, 'sandbox_http_request_duration_seconds_sum', { operation: 'POST /v1/simulations', status_class: '2xx' })).toBeGreaterThan(0)
  })

  it('counts the refusals by their catalogue key', () => {
    expect(valueOf(scraped, 'sandbox_http_refusals_total', { reason: 'NOT_FOUND', status: '404' })).toBe(1)
    expect(valueOf(scraped, 'sandbox_http_refusals_total', { reason: 'LOGIN_THROTTLED', status: '429' })).toBe(journey.loginThrottled)
  })

  it('counts the refused logins: wrong credentials and throttled', () => {
    expect(journey.loginThrottled).toBeGreaterThan(0)
    expect(valueOf(scraped, 'sandbox_login_refusals_total', { reason: 'credentials' })).toBe(journey.loginCredentials)
    expect(valueOf(scraped, 'sandbox_login_refusals_total', { reason: 'throttled' })).toBe(journey.loginThrottled)
  })

  it('counts the one delivery by notification type and outcome, with its latency', () => {
    expect(valueOf(scraped, 'sandbox_callback_delivery_seconds_count', { notification_type: '6', outcome: 'delivered' })).toBe(1)
    expect(valueOf(scraped, 'sandbox_callback_delivery_seconds_count', { outcome: 'failed' })).toBeUndefined()
  })

  it('reads the backlogs, the partners, their stored records and the journal from the database', () => {
    const count = (sql: string) => sandbox.db.prepare(sql).pluck().get() as number
    expect(valueOf(scraped, 'sandbox_outbox_pending')).toBe(count("SELECT COUNT(*) FROM notification WHERE status = 'pending'"))
    expect(valueOf(scraped, 'sandbox_outbox_oldest_overdue_seconds')).toBeGreaterThanOrEqual(0)
    expect(valueOf(scraped, 'sandbox_jobs_pending')).toBe(count("SELECT COUNT(*) FROM sandbox_job WHERE status = 'pending'"))
    expect(valueOf(scraped, 'sandbox_jobs_oldest_overdue_seconds')).toBe(0)
    expect(valueOf(scraped, 'sandbox_partners', { status: 'active' })).toBe(count("SELECT COUNT(*) FROM partner WHERE status = 'active'"))
    expect(valueOf(scraped, 'sandbox_stored_records', { kind: 'simulations' })).toBe(count('SELECT COUNT(*) FROM simulation'))
    expect(valueOf(scraped, 'sandbox_stored_records', { kind: 'callbackConfigurations' })).toBe(1)
    expect(valueOf(scraped, 'sandbox_journal_entries')).toBe(count('SELECT COUNT(*) FROM request_journal'))
    expect(valueOf(scraped, 'sandbox_journal_dropped_total')).toBeUndefined()
    expect(valueOf(scraped, 'sandbox_database_bytes')).toBeGreaterThan(0)
    expect(valueOf(scraped, 'sandbox_database_wal_bytes')).toBe(0)
  })

  it("carries the process's own metrics: memory and event-loop lag", () => {
    expect(valueOf(scraped, 'process_resident_memory_bytes')).toBeGreaterThan(0)
    expect(scraped.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge')
    expect(valueOf(scraped, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
  })

  it('names no partner, no record and no raw path in any label', () => {
    expect(scrapedText).not.toContain(PARTNER_A)
    expect(scrapedText).not.toContain(journey.simulationUniqueId)
    expect(scrapedText).not.toContain('00000000-0000-4000-8000-000000000000')
  })
})

describe('the requests not journaled', () => {
  const listOf = (s: Awaited<ReturnType<typeof createTestSandbox>>) => () => s.request('/v1/simulations', { headers: { Authorization: `Bearer ${s.tokens.a}` } })
  const droppedOf = async (s: Awaited<ReturnType<typeof createTestSandbox>>, reason: string) =>
    valueOf(parsePrometheusText(await (await scrape(s)).text()), 'sandbox_journal_dropped_total', { reason })

  it('are counted past the allowance a second', async () => {
    const s = await createTestSandbox({ journal: { maxEntries: 1000, maxBytes: 16 * 1024 * 1024, maxPerSecond: 1 }, metrics: { enabled: true, token: undefined } })
    const list = listOf(s)
    // The allowance's window is the monotonic second: a request that crossed into the next one is journaled again.
    const second = () => Math.floor(performance.now() / 1000)
    const startedIn = second()
    for (let i = 0; i < 3; i += 1) expect((await list()).status).toBe(200)
    const dropped = await droppedOf(s, 'allowance')
    if (second() === startedIn) expect(dropped).toBe(2)
    else expect(dropped).toBeGreaterThanOrEqual(1)
  })

  it('are counted when a failed write of the journal loses them', async () => {
    const s = await createTestSandbox({ metrics: { enabled: true, token: undefined } })
    s.db.exec('DROP TABLE request_journal_body')
    expect((await listOf(s)()).status).toBe(200)
    s.services.journal.flush()
    expect(await droppedOf(s, 'write_failed')).toBe(1)
  })
})

describe('who may scrape', () => {
  const TOKEN = 'm'.repeat(40)

  it('is anyone on a local sandbox', async () => {
    const s = await createTestSandbox()
    expect((await scrape(s)).status).toBe(200)
  })

  it('is the bearer of SANDBOX_METRICS_TOKEN when one is set: 401 without it or with another', async () => {
    const s = await createTestSandbox({ metrics: { enabled: true, token: TOKEN } })
    const missing = await scrape(s)
    expect(missing.status).toBe(401)
    expect(((await missing.json()) as { errors: unknown[] }).errors[0]).toMatchObject({ errorCode: '010501', errorField: 'Authorization' })
    expect((await scrape(s, { Authorization: `Bearer ${'x'.repeat(40)}` })).status).toBe(401)
    const allowed = await scrape(s, { Authorization: `Bearer ${TOKEN}` })
    expect(allowed.status).toBe(200)
    expect(parsePrometheusText(await allowed.text()).has('sandbox_partners')).toBe(true)
  })

  it('is nobody on a hosted sandbox without a metrics token (403)', async () => {
    const s = await createTestSandbox({ mode: 'hosted', metrics: { enabled: true, token: undefined } })
    const res = await scrape(s)
    expect(res.status).toBe(403)
    expect(((await res.json()) as { errors: unknown[] }).errors[0]).toMatchObject({ errorCode: '010504', errorField: 'Authorization' })
  })

  it('has no /metrics when metrics are off (404), and counts nothing', async () => {
    const s = await createTestSandbox({ metrics: { enabled: false, token: undefined } })
    expect((await scrape(s)).status).toBe(404)
    expect(s.services.operations.scrape).toBeUndefined()
  })
})
