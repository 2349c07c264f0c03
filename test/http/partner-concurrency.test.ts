import { describe, expect, it } from 'vitest'
import { createPartnerConcurrency, TurnRefused } from '../../src/http/fair-share/partner-concurrency.ts'

/** Settles to 'admitted' or the refusal's reason. */
const outcome = (turn: true | Promise<void>) =>
  turn === true
    ? Promise.resolve('admitted')
    : turn.then(
        () => 'admitted',
        (error: TurnRefused) => error.reason,
      )

describe("a partner's requests at once", () => {
  it('lets in up to the bound at once, then queues in order, each next one taking the turn a leaving one frees', async () => {
    const turns = createPartnerConcurrency({ inFlight: 2, queue: 5, waitMs: 60_000 })
    expect([turns.enter('a'), turns.enter('a')]).toEqual([true, true])
    const order: string[] = []
    const third = (turns.enter('a') as Promise<void>).then(() => order.push('third'))
    const fourth = (turns.enter('a') as Promise<void>).then(() => order.push('fourth'))
    expect(turns.of('a')).toEqual({ running: 2, waiting: 2 })
    turns.leave('a')
    await third
    expect(order).toEqual(['third'])
    turns.leave('a')
    await fourth
    expect(order).toEqual(['third', 'fourth'])
    turns.leave('a')
    turns.leave('a')
    expect(turns.of('a')).toEqual({ running: 0, waiting: 0 })
  })

  it('refuses at once past the queue, and after the wait bound a request whose turn did not come, each with a retry after a second', async () => {
    const turns = createPartnerConcurrency({ inFlight: 1, queue: 1, waitMs: 20 })
    turns.enter('a')
    const refusal = (turn: true | Promise<void>) => (turn as Promise<void>).catch((error: TurnRefused) => error)
    const waiting = refusal(turns.enter('a'))
    expect(await refusal(turns.enter('a'))).toMatchObject({ reason: 'queue-full', retryAfterSeconds: 1 })
    expect(await waiting).toMatchObject({ reason: 'waited-too-long', retryAfterSeconds: 1 })
    expect(turns.of('a')).toEqual({ running: 1, waiting: 0 })
  })

  it("never makes a partner wait behind another's queue", async () => {
    const turns = createPartnerConcurrency({ inFlight: 1, queue: 0, waitMs: 60_000 })
    turns.enter('a')
    expect(await outcome(turns.enter('a'))).toBe('queue-full')
    expect(turns.enter('b')).toBe(true)
  })
})
