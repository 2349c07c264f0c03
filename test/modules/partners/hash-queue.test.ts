import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/common/api-error.ts'
import { createHashQueue } from '../../../src/modules/partners/hash-queue.ts'

/** Hashes the test ends by hand: each records when it started, and finishes when told. */
function handHashes() {
  const started: string[] = []
  const finishers: Array<() => void> = []
  let running = 0
  let peak = 0
  const hash = (name: string) => () => {
    started.push(name)
    running += 1
    peak = Math.max(peak, running)
    return new Promise<string>((resolve) =>
      finishers.push(() => {
        running -= 1
        resolve(name)
      }),
    )
  }
  /** Ends the oldest hash running, and lets the queue hand its slot on. */
  const finishOne = async () => {
    finishers.shift()!()
    for (let i = 0; i < 5; i++) await Promise.resolve()
  }
  return { started, hash, finishOne, peak: () => peak }
}

describe('the password hash queue', () => {
  it("serves partner B's login before partner A's 20 queued ones finish: a free slot goes to the partners in turn", async () => {
    const queue = createHashQueue({ slots: 1, perKey: 50, total: 100 })
    const hashes = handHashes()
    const a = Array.from({ length: 21 }, (_, i) => queue.run('partner:A', hashes.hash(`A${i}`)))
    const b = queue.run('partner:B', hashes.hash('B'))
    expect(queue.sizes()).toEqual({ running: 1, waiting: 21, keys: 2 })
    // A0 held the slot when B arrived; the next slot is B's, whatever A has waiting.
    await hashes.finishOne()
    expect(hashes.started).toEqual(['A0', 'B'])
    await hashes.finishOne()
    await expect(b).resolves.toBe('B')
    while (hashes.started.length < 22) await hashes.finishOne()
    await hashes.finishOne()
    expect(await Promise.all(a)).toHaveLength(21)
    expect(hashes.started.slice(2)).toEqual(Array.from({ length: 20 }, (_, i) => `A${i + 1}`))
  })

  it('takes the waiting partners in turn, one hash each, and never runs more hashes than its slots', async () => {
    const queue = createHashQueue({ slots: 2, perKey: 10, total: 100 })
    const hashes = handHashes()
    const all = [
      ...['A0', 'A1', 'A2', 'A3'].map((name) => queue.run('partner:A', hashes.hash(name))),
      ...['B0', 'B1'].map((name) => queue.run('partner:B', hashes.hash(name))),
      queue.run('address:203.0.113.7', hashes.hash('C0')),
    ]
    while (hashes.started.length < 7) await hashes.finishOne()
    await hashes.finishOne()
    await hashes.finishOne()
    await Promise.all(all)
    // A had two slots when B and C came: each of them is served before A again.
    expect(hashes.started).toEqual(['A0', 'A1', 'B0', 'C0', 'A2', 'B1', 'A3'])
    expect(hashes.peak()).toBe(2)
    expect(queue.sizes()).toEqual({ running: 0, waiting: 0, keys: 0 })
  })

  it("refuses a hash past a partner's bound, or the whole queue's, at once: 429 (010512) with Retry-After", async () => {
    const queue = createHashQueue({ slots: 1, perKey: 2, total: 3 })
    const hashes = handHashes()
    const admitted = [queue.run('partner:A', hashes.hash('A0')), queue.run('partner:A', hashes.hash('A1')), queue.run('partner:A', hashes.hash('A2'))]
    const refusal = await queue.run('partner:A', hashes.hash('A3')).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ApiError)
    expect(refusal).toMatchObject({ key: 'PASSWORD_CHECKS_BUSY', status: 429 })
    expect(Number((refusal as ApiError).headers['Retry-After'])).toBeGreaterThanOrEqual(1)
    // Another partner still has room until the queue as a whole is full.
    const b = queue.run('partner:B', hashes.hash('B0'))
    await expect(queue.run('partner:C', hashes.hash('C0'))).rejects.toMatchObject({ key: 'PASSWORD_CHECKS_BUSY' })
    while (hashes.started.length < 4) await hashes.finishOne()
    await hashes.finishOne()
    await Promise.all([...admitted, b])
    expect(hashes.started).toEqual(['A0', 'B0', 'A1', 'A2'])
  })

  it('hands the slot on when a hash fails', async () => {
    const queue = createHashQueue({ slots: 1, perKey: 5, total: 5 })
    const failing = queue.run('partner:A', () => Promise.reject(new Error('scrypt failed')))
    const next = queue.run('partner:B', () => Promise.resolve('B'))
    await expect(failing).rejects.toThrow('scrypt failed')
    await expect(next).resolves.toBe('B')
  })
})
