import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../../../../src/platform/logger.ts'
import { MAX_OFFSET_SECONDS } from '../../../../src/modules/sandbox-control/clock/clock-offsets.repository.ts'
import { MAX_ADVANCE_SECONDS } from '../../../../src/modules/sandbox-control/clock/sandbox-clock.service.ts'
import { PARTNER_A, createTestSandbox } from '../../../support/test-app.ts'
import { simulationInput } from '../../simulations/simulation-fixtures.ts'

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

/** A partner's plain HTTP receiver on loopback that accepts every callback; resolves `first` on the first. */
async function receiver() {
  let arrived!: () => void
  const first = new Promise<void>((resolve) => (arrived = resolve))
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(204).end()
      arrived()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise((resolve) => server.close(() => resolve())))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, first }
}

describe("the test clock's total offset is bounded", () => {
  it('takes advances up to 10 years ahead in all, and refuses one past it with a 400 naming seconds', async () => {
    const s = await createTestSandbox()
    const advance = (seconds: number) => s.call('POST', '/sandbox/clock/advance', { body: { seconds } })
    let offset = 0
    while (MAX_OFFSET_SECONDS - offset > MAX_ADVANCE_SECONDS) {
      expect((await advance(MAX_ADVANCE_SECONDS)).status).toBe(200)
      offset += MAX_ADVANCE_SECONDS
    }
    const room = MAX_OFFSET_SECONDS - offset
    const past = await advance(room + 1)
    expect(past.status, past.text).toBe(400)
    expect(past.json.errors).toEqual([expect.objectContaining({ errorCode: '010104', errorField: 'seconds' })])
    expect(past.json.errors[0].errorMessage).toContain(`<= ${room}`)
    expect((await advance(room)).json.offsetSeconds).toBe(MAX_OFFSET_SECONDS)
    expect((await advance(1)).status).toBe(400)
    expect((await s.call('GET', '/sandbox/clock')).json.offsetSeconds).toBe(MAX_OFFSET_SECONDS)
  })

  it('reads a stored offset of 10^15 s as the bound, with one warning: the requests and the delivery worker go on', async () => {
    const hooks = await receiver()
    const settings = { callbackAllowHttp: true, callbackAllowPrivate: true }
    const before = await createTestSandbox(settings)
    expect((await before.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: hooks.url } })).status).toBe(201)
    expect((await before.call('POST', '/v1/simulations', { body: simulationInput() })).status).toBe(201)
    // Written by hand, as a bug or an edit could leave it: far beyond JavaScript's last date.
    before.db.prepare('INSERT INTO partner_clock (partner_unique_id, offset_ms, advanced_at) VALUES (?, 1000000000000000000, ?)').run(PARTNER_A, new Date().toISOString())

    const lines: Array<{ level: string; msg: string }> = []
    const s = await createTestSandbox(settings, { db: before.db, logger: createLogger('debug', (line) => lines.push(JSON.parse(line))) })
    const worker = s.services.callbacks.worker
    worker.start()
    closers.push(() => worker.stop(100))
    await hooks.first
    await worker.idle()

    const clock = await s.call('GET', '/sandbox/clock')
    expect(clock.status, clock.text).toBe(200)
    expect(clock.json.offsetSeconds).toBe(MAX_OFFSET_SECONDS)
    expect((await s.call('POST', '/v1/simulations', { body: simulationInput() })).status).toBe(201)
    expect((await s.call('GET', '/v1/simulations')).status).toBe(200)
    expect((await s.call('POST', '/sandbox/clock/advance', { body: { seconds: 1 } })).status).toBe(400)
    expect((await s.call('POST', '/sandbox/reset')).status).toBe(200)
    expect((await s.call('GET', '/sandbox/clock')).json.offsetSeconds).toBe(0)

    expect(lines.filter((l) => l.msg.startsWith('partner clock offset out of bounds'))).toHaveLength(1)
    expect(lines.filter((l) => l.level === 'error')).toEqual([])
  })
})
