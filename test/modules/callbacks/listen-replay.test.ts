import { describe, expect, it } from 'vitest'
import type { Config } from '../../../src/platform/config.ts'
import { SIMULATION_INPUT_EXAMPLE } from '../../../src/modules/simulations/simulation-input.schemas.ts'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'

const DAY_MS = 24 * 3600 * 1000

/** A sandbox with retention on and no journal ring in the storage quota: what a replay stores would show. */
const sandboxWith = (overrides: Partial<Config> = {}) => createTestSandbox({ retentionDays: 30, journal: { maxEntries: 0, maxBytes: 0, maxPerSecond: 0 }, ...overrides })

/** A new simulation of the token's broker: its notification (type 6) is published in the same transaction. */
async function newSimulation(s: TestSandbox, token = s.tokens.a): Promise<string> {
  const res = await s.call('POST', '/v1/simulations', { body: SIMULATION_INPUT_EXAMPLE, token })
  expect(res.status, res.text).toBe(201)
  return res.json.additionalData.simulationUniqueID as string
}

const storedBytes = (s: TestSandbox) => s.services.partners.quotas.of(PARTNER_A).storageBytes.used
const listenRows = (s: TestSandbox) => s.db.prepare('SELECT COUNT(*) FROM listen_delivery').pluck().get() as number
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

describe('a listener replays what reached no receiver, read from the outbox', () => {
  it('replays only what no receiver took; publishing writes nothing for it, and a replay stores nothing but its deliveries', async () => {
    const s = await sandboxWith()
    const missed = await newSimulation(s)
    expect([listenRows(s), storedBytes(s)]).toEqual([0, 0])

    // A connected listener takes it: its listen delivery, not replayed again.
    const listener = connect(s, s.tokens.a, { replay: 'false' })
    await newSimulation(s)
    listener.detach()
    expect(listenRows(s)).toBe(1)

    // An address registered for the type receives it: not replayed.
    expect((await s.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: 'https://partner.example.com/hooks' } })).status).toBe(201)
    const sent = await newSimulation(s)

    const later = connect(s, s.tokens.a)
    expect(later.replay().map((r) => r.notifications)).toEqual([1])
    later.detach()
    expect((await log(s)).filter((d) => d.listen?.replayed).map((d) => d.simulationUniqueId)).toEqual([missed])

    // The address deleted before it went out: that one reached no receiver either.
    await s.call('DELETE', `/${PARTNER_A}/callbacks/6`)
    const last = connect(s, s.tokens.a)
    expect(last.replay().map((r) => r.notifications)).toEqual([1])
    last.detach()
    expect((await log(s)).filter((d) => d.listen?.replayed).map((d) => d.simulationUniqueId)).toEqual([sent, missed])
    expect([listenRows(s), storedBytes(s)]).toEqual([3, 0])
  })

  it("replays to a listener what it takes (its broker's, its types, since), once; replay=false moves nothing", async () => {
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

    // The last hour: the two recent ones of broker A's, not the older one.
    const lastHour = connect(s, admin, { since: '1h' })
    expect(lastHour.replay()).toEqual([{ notifications: 2, since: new Date(s.clock.now().getTime() - 3600 * 1000).toISOString() }])
    lastHour.detach()
    const replayed = (await log(s, admin)).filter((d) => d.listen?.replayed).map((d) => d.simulationUniqueId)
    expect(replayed.sort()).toEqual([...recent].sort())
    expect((await log(s, user)).map((d) => [d.simulationUniqueId, d.listen?.replayed])).toEqual([[otherBroker, true]])

    // Replayed once: a listener connecting again gets only what none had (the default: 24 hours).
    const again = connect(s, admin)
    expect(again.replay().map((r) => r.notifications)).toEqual([1])
    again.detach()
    expect((await log(s, admin)).find((d) => d.simulationUniqueId === old)!.listen).toMatchObject({ status: 'pending', replayed: true })
    const last = connect(s, admin)
    expect(last.replay()).toEqual([])
    last.detach()
  })

  it("looks among the partner's newest 1,000 notifications only", async () => {
    for (const [newer, replayed] of [
      [999, [1]],
      [1000, []],
    ] as const) {
      const s = await sandboxWith()
      await newSimulation(s)
      // Newer notifications an address received, as a load test leaves them: copies of the first.
      const copy = s.db.prepare(`INSERT INTO notification (notification_id, partner_unique_id, broker_id, notification_type_id, simulation_unique_id,
          resource_key, body, status, created_at, updated_at, published_at)
        SELECT ? || notification_id, partner_unique_id, broker_id, notification_type_id, simulation_unique_id,
          resource_key, body, 'delivered', created_at, updated_at, published_at FROM notification WHERE seq = 1`)
      s.db.transaction(() => {
        for (let n = 0; n < newer; n++) copy.run(`copy-${n}-`)
      })()
      const listener = connect(s, s.tokens.a)
      expect(
        listener.replay().map((r) => r.notifications),
        `${newer} newer`,
      ).toEqual(replayed)
      listener.detach()
    }
  })

  it('reaches 24 hours back at most, on the machine clock; the notification itself stays in the delivery log', async () => {
    const s = await sandboxWith()
    const dayOld = await newSimulation(s)
    s.clock.advance(DAY_MS / 2)
    const halfDayOld = await newSimulation(s, await s.login())
    s.clock.advance(DAY_MS / 2 + 1000)
    const token = await s.login()
    const listener = connect(s, token, { since: '24h' })
    expect(listener.replay().map((r) => r.notifications)).toEqual([1])
    listener.detach()
    const entries = await log(s, token)
    expect(entries.map((d) => [d.simulationUniqueId, d.listen?.replayed ?? null])).toEqual([
      [halfDayOld, true],
      [dayOld, null],
    ])
  })

  it("goes with the partner's data at a reset", async () => {
    const s = await sandboxWith()
    await newSimulation(s)
    expect((await s.call('POST', '/sandbox/reset')).status).toBe(200)
    const listener = connect(s, s.tokens.a)
    expect(listener.replay()).toEqual([])
    listener.detach()
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
