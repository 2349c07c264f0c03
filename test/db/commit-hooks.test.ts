import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { deferUntilCommit } from '../../src/db/commit-hooks.ts'
import { createGroupCommit } from '../../src/db/group-commit.ts'

function setup() {
  const db = new Database(':memory:')
  db.exec('CREATE TABLE log (entry TEXT)')
  const groupCommit = createGroupCommit(db, () => {})
  const entries = () => db.prepare('SELECT entry FROM log').pluck().all()
  const write = (entry: string) => () => void db.prepare('INSERT INTO log VALUES (?)').run(entry)
  return { db, groupCommit, entries, write }
}

describe('deferUntilCommit', () => {
  it('runs at once when no write batch is open', () => {
    const { db, entries, write } = setup()
    deferUntilCommit(db, 'a', write('now'))
    expect(entries()).toEqual(['now'])
  })

  it('runs once the batch is done, before it commits, outside the savepoints', async () => {
    const { db, groupCommit, entries, write } = setup()
    groupCommit.begin()
    db.transaction(() => deferUntilCommit(db, 'a', write('deferred')))()
    expect(entries()).toEqual([])
    await groupCommit.settled()
    expect(entries()).toEqual(['deferred'])
  })

  it('keeps the last task of a key, in the order the keys came', async () => {
    const { db, groupCommit, entries, write } = setup()
    groupCommit.begin()
    deferUntilCommit(db, 'a', write('a1'))
    deferUntilCommit(db, 'b', write('b'))
    deferUntilCommit(db, 'a', write('a2'))
    await groupCommit.settled()
    expect(entries()).toEqual(['a2', 'b'])
  })

  it('drops the work of a batch that was rolled back', async () => {
    const { db, groupCommit, entries, write } = setup()
    groupCommit.begin()
    deferUntilCommit(db, 'a', write('lost'))
    db.exec('ROLLBACK')
    await expect(groupCommit.settled()).rejects.toThrow()
    deferUntilCommit(db, 'b', write('after'))
    expect(entries()).toEqual(['after'])
  })
})
