import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { createSequence } from '../../src/db/sequence.ts'
import { createWriteBatch } from '../../src/db/write-batch.ts'

function setup(start = 41) {
  const db = new Database(':memory:')
  db.exec(`CREATE TABLE sequence_counter (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
    INSERT INTO sequence_counter VALUES ('n', ${start})`)
  const stored = () => db.prepare("SELECT value FROM sequence_counter WHERE name = 'n'").pluck().get()
  return { db, stored, writes: createWriteBatch(db, () => {}) }
}

describe('createSequence', () => {
  it('continues from the stored value and stores each number at once outside a write batch', () => {
    const { db, stored, writes } = setup()
    const sequence = createSequence(db, writes, 'n')
    expect([sequence.next(), sequence.next()]).toEqual([42, 43])
    expect(stored()).toBe(43)
  })

  it('stores the last number of a write batch once, when it commits', async () => {
    const { db, stored, writes } = setup()
    const sequence = createSequence(db, writes, 'n')
    writes.begin()
    expect([sequence.next(), sequence.next(), sequence.next()]).toEqual([42, 43, 44])
    expect(stored()).toBe(41)
    await writes.settled()
    expect(stored()).toBe(44)
  })

  it('never hands out a number twice, even after a batch was rolled back', async () => {
    const { db, stored, writes } = setup()
    const sequence = createSequence(db, writes, 'n')
    writes.begin()
    sequence.next()
    db.exec('ROLLBACK')
    await expect(writes.settled()).rejects.toThrow()
    expect(sequence.next()).toBe(43)
    expect(stored()).toBe(43)
  })

  it('is one counter for every user of the same name on a connection (an app restarted on it)', () => {
    const { db, writes } = setup()
    const first = createSequence(db, writes, 'n')
    const second = createSequence(
      db,
      createWriteBatch(db, () => {}),
      'n',
    )
    expect([first.next(), second.next(), first.next()]).toEqual([42, 43, 44])
  })
})
