import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { createGroupCommit } from '../../src/db/group-commit.ts'
import { createSequence } from '../../src/db/sequence.ts'

function setup(start = 41) {
  const db = new Database(':memory:')
  db.exec(`CREATE TABLE sequence_counter (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
    INSERT INTO sequence_counter VALUES ('n', ${start})`)
  const stored = () => db.prepare("SELECT value FROM sequence_counter WHERE name = 'n'").pluck().get()
  return { db, stored, groupCommit: createGroupCommit(db, () => {}) }
}

describe('createSequence', () => {
  it('continues from the stored value and stores each number at once outside a write batch', () => {
    const { db, stored } = setup()
    const sequence = createSequence(db, 'n')
    expect([sequence.next(), sequence.next()]).toEqual([42, 43])
    expect(stored()).toBe(43)
  })

  it('stores the last number of a write batch once, when it commits', async () => {
    const { db, stored, groupCommit } = setup()
    const sequence = createSequence(db, 'n')
    groupCommit.begin()
    expect([sequence.next(), sequence.next(), sequence.next()]).toEqual([42, 43, 44])
    expect(stored()).toBe(41)
    await groupCommit.settled()
    expect(stored()).toBe(44)
  })

  it('never hands out a number twice, even after a batch was rolled back', async () => {
    const { db, stored, groupCommit } = setup()
    const sequence = createSequence(db, 'n')
    groupCommit.begin()
    sequence.next()
    db.exec('ROLLBACK')
    await expect(groupCommit.settled()).rejects.toThrow()
    expect(sequence.next()).toBe(43)
    expect(stored()).toBe(43)
  })

  it('is one counter for every user of the same name on a connection (an app restarted on it)', () => {
    const { db } = setup()
    const first = createSequence(db, 'n')
    const second = createSequence(db, 'n')
    expect([first.next(), second.next(), first.next()]).toEqual([42, 43, 44])
  })
})
