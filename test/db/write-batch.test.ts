import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { watchRowWrites } from '../../src/db/row-writes.ts'
import { createWriteBatch } from '../../src/db/write-batch.ts'

function setup() {
  const db = new Database(':memory:')
  db.exec("CREATE TABLE item (id TEXT PRIMARY KEY, label TEXT); INSERT INTO item VALUES ('a', 'first'); CREATE TABLE log (entry TEXT)")
  const failures: unknown[] = []
  const writes = createWriteBatch(db, (error) => failures.push(error))
  const labelOf = (id: string) => db.prepare('SELECT label FROM item WHERE id = ?').pluck().get(id)
  const entries = () => db.prepare('SELECT entry FROM log').pluck().all()
  const log = (entry: string) => () => void db.prepare('INSERT INTO log VALUES (?)').run(entry)
  return { db, writes, failures, labelOf, entries, log }
}

describe('the write batch', () => {
  it('commits the writes of one event-loop turn together and answers once they are stored', async () => {
    const { db, writes, labelOf } = setup()
    writes.begin()
    db.prepare("INSERT INTO item VALUES ('b', 'second')").run()
    writes.begin() // a second request joins the open batch
    db.prepare("UPDATE item SET label = 'changed' WHERE id = 'a'").run()
    expect(db.inTransaction).toBe(true)
    await writes.settled()
    expect(db.inTransaction).toBe(false)
    expect([labelOf('a'), labelOf('b')]).toEqual(['changed', 'second'])
  })

  it("rolls back a failing request's own transaction and keeps the others' writes", async () => {
    const { db, writes, labelOf } = setup()
    writes.begin()
    db.prepare("INSERT INTO item VALUES ('b', 'kept')").run()
    const failing = writes.transaction(() => {
      db.prepare("INSERT INTO item VALUES ('c', 'undone')").run()
      throw new Error('refused')
    })
    expect(() => failing()).toThrow('refused')
    await writes.settled()
    expect([labelOf('b'), labelOf('c')]).toEqual(['kept', undefined])
  })

  it('runs a transaction on its own when no batch is open', () => {
    const { db, writes, labelOf } = setup()
    writes.transaction(() => db.prepare("INSERT INTO item VALUES ('b', 'alone')").run())()
    expect(db.inTransaction).toBe(false)
    expect(labelOf('b')).toBe('alone')
  })

  it('tells every waiting request, and every cache, when SQLite rolled the batch back itself', async () => {
    const { db, writes, failures, labelOf } = setup()
    const forgotten: (string | null)[] = []
    watchRowWrites(db, 'item', 'id', (key) => forgotten.push(key))
    writes.begin()
    db.prepare("UPDATE item SET label = 'lost' WHERE id = 'a'").run()
    // What SQLite does after a failed write such as SQLITE_FULL: the whole transaction is undone.
    db.exec('ROLLBACK')
    await expect(writes.settled()).rejects.toThrow(/rolled back/)
    expect(failures).toHaveLength(1)
    expect(forgotten).toEqual(['a', null])
    expect(labelOf('a')).toBe('first')
  })
})

describe('work deferred to the commit (beforeCommit)', () => {
  it('runs at once when no write batch is open', () => {
    const { writes, entries, log } = setup()
    writes.beforeCommit('a', log('now'))
    expect(entries()).toEqual(['now'])
  })

  it('runs once the batch is done, before it commits, outside the savepoints', async () => {
    const { writes, entries, log } = setup()
    writes.begin()
    writes.transaction(() => writes.beforeCommit('a', log('deferred')))()
    expect(entries()).toEqual([])
    await writes.settled()
    expect(entries()).toEqual(['deferred'])
  })

  it('keeps the last task of a key, in the order the keys came', async () => {
    const { writes, entries, log } = setup()
    writes.begin()
    writes.beforeCommit('a', log('a1'))
    writes.beforeCommit('b', log('b'))
    writes.beforeCommit('a', log('a2'))
    await writes.settled()
    expect(entries()).toEqual(['a2', 'b'])
  })

  it('drops the work of a batch that was rolled back', async () => {
    const { db, writes, entries, log } = setup()
    writes.begin()
    writes.beforeCommit('a', log('lost'))
    db.exec('ROLLBACK')
    await expect(writes.settled()).rejects.toThrow()
    writes.beforeCommit('b', log('after'))
    expect(entries()).toEqual(['after'])
  })
})
