import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../src/common/api-error.ts'
import { createHashQueue } from '../../../src/modules/partners/hash-queue.ts'
import type { HashPriority } from '../../../src/modules/partners/hash-threads.ts'

/** Hashes the test ends by hand: each records when it started and at which priority, and finishes when told. */
function handHashes() {
  const started: string[] = []
  const finishers: Array<() => void> = []
  let running = 0
  let peak = 0
  const hash = (name: string) => (priority: HashPriority) => {
    started.push(`${name} ${priority}`)
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

/** Lets the queue's promises settle: a hash starts a few microtasks after its turn is given. */
const settled = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

describe('the password hash queue', () => {
  it("runs partner B's login beside partner A's burst, not behind it: A's later hashes run below everything", async () => {
    const queue = createHashQueue({ slots: 1, perKey: 50, total: 100 })
    const hashes = handHashes()
    const a = Array.from({ length: 21 }, (_, i) => queue.run('partner:A', hashes.hash(`A${i}`)))
    await settled()
    // A0 alone: at the process's priority. A1 has A0 beside it: in the backlog, at once.
    expect(hashes.started).toEqual(['A0 first', 'A1 backlog'])
    const b = queue.run('partner:B', hashes.hash('B'))
    expect(queue.sizes()).toEqual({ running: 2, first: 1, backlog: 1, waiting: 20, keys: 2 })
    // A0 held the one first slot when B arrived: B takes it next, whatever A has waiting.
    await hashes.finishOne()
    expect(hashes.started).toEqual(['A0 first', 'A1 backlog', 'B first'])
    await hashes.finishOne()
    await hashes.finishOne()
    await expect(b).resolves.toBe('B')
    while (hashes.started.length < 22) await hashes.finishOne()
    while (queue.sizes().running > 0) await hashes.finishOne()
    expect(await Promise.all(a)).toHaveLength(21)
    // A's hashes after its first run in the backlog while others of A wait; its last one alone, first.
    expect(hashes.started.slice(3)).toEqual([...Array.from({ length: 18 }, (_, i) => `A${i + 2} backlog`), 'A20 first'])
  })

  it('takes the waiting partners in turn, one hash each, and never runs more hashes of a priority than its slots', async () => {
    const queue = createHashQueue({ slots: 2, perKey: 10, total: 100 })
    const hashes = handHashes()
    const all = [
      ...['A0', 'A1', 'A2', 'A3'].map((name) => queue.run('partner:A', hashes.hash(name))),
      ...['B0', 'B1'].map((name) => queue.run('partner:B', hashes.hash(name))),
      queue.run('address:203.0.113.7', hashes.hash('C0')),
    ]
    await settled()
    // A0 first, A1 and A2 in the backlog's two slots, A3 waits; B0 takes the second first slot;
    // B1 (B0 beside it) and C0 (both first slots taken) wait.
    expect(hashes.started).toEqual(['A0 first', 'A1 backlog', 'A2 backlog', 'B0 first'])
    while (queue.sizes().running > 0) await hashes.finishOne()
    await Promise.all(all)
    // A0's first slot goes to C0 (A's and B's next are backlog hashes); A1's backlog slot to A3, A
    // served less recently than B (A2 was given its slot before B0), then B1.
    expect(hashes.started.slice(4)).toEqual(['C0 first', 'A3 backlog', 'B1 backlog'])
    expect(hashes.peak()).toBe(4)
    expect(queue.sizes()).toEqual({ running: 0, first: 0, backlog: 0, waiting: 0, keys: 0 })
  })

  it("refuses a hash past a partner's bound, or the whole queue's, at once: 429 (010512) with Retry-After", async () => {
    const queue = createHashQueue({ slots: 1, perKey: 2, total: 3 })
    const hashes = handHashes()
    // A0 and A1 run (first and backlog), A2 and A3 wait: A's bound.
    const admitted = ['A0', 'A1', 'A2', 'A3'].map((name) => queue.run('partner:A', hashes.hash(name)))
    const refusal = await queue.run('partner:A', hashes.hash('A4')).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(ApiError)
    expect(refusal).toMatchObject({ key: 'PASSWORD_CHECKS_BUSY', status: 429 })
    expect(Number((refusal as ApiError).headers['Retry-After'])).toBeGreaterThanOrEqual(1)
    // Another partner still has room until the queue as a whole is full.
    const b = queue.run('partner:B', hashes.hash('B0'))
    await expect(queue.run('partner:C', hashes.hash('C0'))).rejects.toMatchObject({ key: 'PASSWORD_CHECKS_BUSY' })
    while (queue.sizes().running > 0) await hashes.finishOne()
    await Promise.all([...admitted, b])
    expect(hashes.started).toEqual(['A0 first', 'A1 backlog', 'B0 first', 'A2 backlog', 'A3 first'])
  })

  it('hands the slot on when a hash fails', async () => {
    const queue = createHashQueue({ slots: 1, perKey: 5, total: 5 })
    const failing = queue.run('partner:A', () => Promise.reject(new Error('scrypt failed')))
    const next = queue.run('partner:B', () => Promise.resolve('B'))
    await expect(failing).rejects.toThrow('scrypt failed')
    await expect(next).resolves.toBe('B')
  })
})
