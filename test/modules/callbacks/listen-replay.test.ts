import { describe, expect, it } from 'vitest'
import type { Config } from '../../../src/platform/config.ts'
import { SIMULATION_INPUT_EXAMPLE } from '../../../src/modules/simulations/simulation-input.schemas.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'

const NO_QUOTAS = { simulations: null, processes: null, documentBytes: null, callbackConfigurations: null, scenarios: null, storageBytes: null }
const DAY_MS = 24 * 3600 * 1000

/** A sandbox with retention on and no journal ring in the storage quota (its room is all the notifications'). */
const sandboxWith = (overrides: Partial<Config> = {}) => createTestSandbox({ retentionDays: 30, journal: { maxEntries: 0, maxBytes: 0, maxPerSecond: 0 }, ...overrides })

/** A new simulation of the token's broker: its notification (type 6) is published in the same transaction. */
async function newSimulation(s: TestSandbox, token = s.tokens.a): Promise<string> {
  const res = await s.call('POST', '/v1/simulations', { body: SIMULATION_INPUT_EXAMPLE, token })
  expect(res.status, res.text).toBe(201)
  return res.json.additionalData.simulationUniqueID as string
}

const keptBytes = (s: TestSandbox) => s.services.partners.quotas.of(PARTNER_A).storageBytes.byKind.keptNotificationBytes
const keptRows = (s: TestSandbox) => s.db.prepare('SELECT COUNT(*) FROM listen_kept').pluck().get() as number
const log = async (s: TestSandbox, token = s.tokens.a) =>
  (await s.call('GET', '/sandbox/deliveries?lineCount=100', { token })).json.deliveryList as Array<{
    notificationId: string
    simulationUniqueId: string
    status: string
    listen: { replayed: boolean } | null
  }>

/**
 * A listener as `mortgage-sandbox listen` opens one (its stream's events kept), of the user the token
 * names. No worker runs: what it was offered stays a pending listen delivery the test reads.
 */
function connect(s: TestSandbox, token: string, query: { types?: string; since?: string; replay?: 'true' | 'false' } = {}) {
  const auth = s.services.partners.auth.authenticate(`Bearer ${token}`)
  const listener = s.services.callbacks.listen.open(auth, query)
  const events: Array<{ event: string; data: string }> = []
  listener.attach({ send: (event) => (events.push(event), true), close: () => undefined })
  const replay = () => events.filter((e) => e.event === 'replay').map((e) => JSON.parse(e.data) as { notifications: number; since: string })
  return { replay, detach: listener.detach }
}

describe('notifications that reached no receiver, kept for a listener', () => {
  it('keeps only what no receiver took, each counted in the storage quota by its body and row', async () => {
    const s = await sandboxWith()
    await newSimulation(s)
    const stored = s.db.prepare('SELECT octet_length(n.body) FROM listen_kept k JOIN notification n ON n.seq = k.notification_seq').pluck().all() as number[]
    expect(stored).toHaveLength(1)
    expect(keptBytes(s)).toBe(256 + stored[0]!)

    // An address registered for the type receives it: not kept.
    expect((await s.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: 'https://partner.example.com/hooks' } })).status).toBe(201)
    await newSimulation(s)
    expect(keptRows(s)).toBe(1)
    await s.call('DELETE', `/${PARTNER_A}/callbacks/6`)

    // A connected listener takes it: a listen delivery, not kept.
    const listener = connect(s, s.tokens.a, { replay: 'false' })
    await newSimulation(s)
    expect(keptRows(s)).toBe(1)
    listener.detach()
  })

  it("replays to a listener what it takes (its broker's, its types, since), once; replay=false leaves them kept", async () => {
    const s = await sandboxWith()
    // A second broker of the partner, with a user who does not administer it.
    const broker = await s.call('POST', '/sandbox/account/brokers', { body: { name: 'Casa Certa Faro' } })
    const made = await s.call('POST', '/sandbox/account/users', { body: { brokerId: broker.json.brokerId, name: 'Rita Faro', email: 'rita@casacerta.example' } })
    expect(made.status, made.text).toBe(201)
    const old = await newSimulation(s)
    s.clock.advance(2 * 3600 * 1000)
    // Two hours on, the tokens of the start have expired.
    const [admin, user] = [await s.login('broker-a'), await s.login(made.json.username, made.json.password)]
    const recent = [await newSimulation(s, admin), await newSimulation(s, admin)]
    const otherBroker = await newSimulation(s, user)
    expect(keptRows(s)).toBe(4)

    // No replay asked: nothing moves.
    const quiet = connect(s, admin, { replay: 'false' })
    expect(quiet.replay()).toEqual([])
    expect((await log(s, admin)).every((d) => d.listen === null)).toBe(true)
    quiet.detach()

    // Another type only: nothing of type 6.
    const typed = connect(s, admin, { types: '5,9' })
    expect(typed.replay()).toEqual([])
    typed.detach()

    // The other broker's user: its own broker's only.
    const theirs = connect(s, user)
    expect(theirs.replay().map((r) => r.notifications)).toEqual([1])
    theirs.detach()

    // The last hour: the two recent ones of broker A's, the older one kept still.
    const lastHour = connect(s, admin, { since: '1h' })
    expect(lastHour.replay()).toEqual([{ notifications: 2, since: new Date(s.clock.now().getTime() - 3600 * 1000).toISOString() }])
    lastHour.detach()
    const replayed = (await log(s, admin)).filter((d) => d.listen?.replayed).map((d) => d.simulationUniqueId)
    expect(replayed.sort()).toEqual([...recent].sort())
    expect((await log(s, user)).map((d) => [d.simulationUniqueId, d.listen?.replayed])).toEqual([[otherBroker, true]])
    expect(keptRows(s)).toBe(1)

    // Replayed once: a listener connecting again gets only what is still kept (the default: 24 hours).
    const again = connect(s, admin)
    expect(again.replay().map((r) => r.notifications)).toEqual([1])
    again.detach()
    expect((await log(s, admin)).find((d) => d.simulationUniqueId === old)!.listen).toMatchObject({ status: 'pending', replayed: true })
    expect(keptRows(s)).toBe(0)
    expect(keptBytes(s)).toBe(0)
  })

  it('keeps nothing past the storage quota, and the change is made all the same', async () => {
    const s = await sandboxWith({ quotas: { ...NO_QUOTAS, storageBytes: 1200 } })
    await newSimulation(s)
    const first = keptBytes(s)
    expect(first).toBeGreaterThan(256)
    await newSimulation(s)
    expect(keptBytes(s)).toBe(first)
    expect((await log(s)).map((d) => d.status)).toEqual(['skipped', 'skipped'])
  })

  it('forgets what it kept after 24 hours: the retention sweep frees its room, and a later listener gets nothing', async () => {
    const s = await sandboxWith()
    await newSimulation(s)
    s.clock.advance(DAY_MS - 1000)
    expect(s.services.retention.sweepNow()).toMatchObject({ keptNotifications: 0 })
    expect(keptRows(s)).toBe(1)
    s.clock.advance(2000)
    expect(s.services.retention.sweepNow()).toMatchObject({ keptNotifications: 1 })
    expect(keptBytes(s)).toBe(0)
    const token = await s.login()
    const listener = connect(s, token)
    expect(listener.replay()).toEqual([])
    listener.detach()
    // The notification itself stays in the delivery log for the retention's days.
    expect(await log(s, token)).toHaveLength(1)
  })

  it("goes with the partner's data at a reset, its room freed", async () => {
    const s = await sandboxWith()
    await newSimulation(s)
    expect(keptBytes(s)).toBeGreaterThan(0)
    expect((await s.call('POST', '/sandbox/reset')).status).toBe(200)
    expect([keptRows(s), keptBytes(s)]).toEqual([0, 0])
  })

  it('refuses a since that is not a duration, and a replay that is not true or false, naming the field', async () => {
    const s = await sandboxWith()
    for (const [query, field] of [
      ['since=yesterday', 'since'],
      ['since=1d', 'since'],
      ['replay=no', 'replay'],
    ] as const) {
      const res = await s.call('GET', `/sandbox/listen?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.json.errors[0].errorField).toBe(field)
    }
  })
})
