import { describe, expect, it } from 'vitest'
import { createTestSandbox } from '../../support/test-app.ts'
import { draftProcess } from '../processes/process-fixtures.ts'
import { createSimulation } from '../simulations/simulation-fixtures.ts'

const DAY = 86_400_000
const count = (s: Awaited<ReturnType<typeof createTestSandbox>>, table: string) => s.db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number

describe('retention', () => {
  it('deletes the data older than the retention age and keeps the newer', async () => {
    const s = await createTestSandbox({ retentionDays: 30, tokenTtlSeconds: 400 * 86_400 })
    const old = await createSimulation(s)
    await s.call('GET', `/v1/simulations/${old.id}/esis/email?email=old@example.com`)
    s.clock.advance(20 * DAY)
    const recent = await createSimulation(s)
    s.clock.advance(11 * DAY)
    const swept = s.services.retention.sweepNow()
    expect(swept).toMatchObject({ simulations: 1, mailboxMessages: 1, notifications: 1 })
    expect((await s.call('GET', `/v1/simulations/${old.id}`)).status).toBe(404)
    expect((await s.call('GET', `/v1/simulations/${recent.id}`)).status).toBe(200)
    expect((await s.call('GET', '/sandbox/account')).json.retention).toEqual({ days: 30 })
  })

  it('keeps an old simulation a newer process stands on, and sweeps both once the process is old', async () => {
    const s = await createTestSandbox({ retentionDays: 30, tokenTtlSeconds: 400 * 86_400 })
    const { simulationUniqueId } = await createSimulation(s).then(({ id }) => ({ simulationUniqueId: id }))
    s.clock.advance(25 * DAY)
    const process = await s.call('POST', '/v1/processes', { body: { simulationUniqueId } })
    expect(process.status).toBe(201)
    s.clock.advance(10 * DAY)
    expect(s.services.retention.sweepNow()).toMatchObject({ simulations: 0, processes: 0 })
    expect((await s.call('GET', `/v1/simulations/${simulationUniqueId}`)).status).toBe(200)
    s.clock.advance(30 * DAY)
    expect(s.services.retention.sweepNow()).toMatchObject({ simulations: 1, processes: 1 })
  })

  it('sweeps in batches of 200, every one in its own transaction, until nothing old is left', async () => {
    const s = await createTestSandbox({ retentionDays: 1 })
    await draftProcess(s)
    const insert = s.db.prepare(`INSERT INTO mailbox_message (mailbox_message_id, partner_unique_id, created_at, from_address, to_address, subject, body_text, relay_status)
      VALUES (?, '7d1c3f2a-5b6e-4c8d-9a0f-1e2d3c4b5a60', ?, 'a', 'b', 's', 't', 'captured')`)
    const at = s.clock.now().getTime()
    s.db.transaction(() => {
      for (let i = 0; i < 450; i++) insert.run(`m-${i}`, at)
    })()
    s.clock.advance(2 * DAY)
    expect(s.services.retention.sweepNow()).toMatchObject({ mailboxMessages: 450, processes: 1, simulations: 1 })
    expect(count(s, 'mailbox_message')).toBe(0)
  })

  it('keeps everything when retention is off (the local default)', async () => {
    const s = await createTestSandbox()
    await createSimulation(s)
    s.clock.advance(3650 * DAY)
    expect(s.services.retention.sweepNow()).toEqual({})
    expect(count(s, 'simulation')).toBe(1)
  })
})
