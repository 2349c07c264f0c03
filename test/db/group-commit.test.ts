import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { createGroupCommit } from '../../src/db/group-commit.ts'
import { watchRowWrites } from '../../src/db/row-writes.ts'

function setup() {
  const db = new Database(':memory:')
  db.exec("CREATE TABLE item (id TEXT PRIMARY KEY, label TEXT); INSERT INTO item VALUES ('a', 'first')")
  const failures: unknown[] = []
  const groupCommit = createGroupCommit(db, (error) => failures.push(error))
  const labelOf = (id: string) => db.prepare('SELECT label FROM item WHERE id = ?').pluck().get(id)
  return { db, groupCommit, failures, labelOf }
}

describe('group commit', () => {
  it('commits the writes of one event-loop turn together and answers once they are stored', async () => {
    const { db, groupCommit, labelOf } = setup()
    groupCommit.begin()
    db.prepare("INSERT INTO item VALUES ('b', 'second')").run()
    groupCommit.begin() // a second request joins the open batch
    db.prepare("UPDATE item SET label = 'changed' WHERE id = 'a'").run()
    expect(db.inTransaction).toBe(true)
    await groupCommit.settled()
    expect(db.inTransaction).toBe(false)
    expect([labelOf('a'), labelOf('b')]).toEqual(['changed', 'second'])
  })

  it("rolls back a failing request's own writes and keeps the others'", async () => {
    const { db, groupCommit, labelOf } = setup()
    groupCommit.begin()
    db.prepare("INSERT INTO item VALUES ('b', 'kept')").run()
    const failing = db.transaction(() => {
      db.prepare("INSERT INTO item VALUES ('c', 'undone')").run()
      throw new Error('refused')
    })
    expect(() => failing()).toThrow('refused')
    await groupCommit.settled()
    expect([labelOf('b'), labelOf('c')]).toEqual(['kept', undefined])
  })

  it('tells every waiting request, and every cache, when SQLite rolled the batch back itself', async () => {
    const { db, groupCommit, failures, labelOf } = setup()
    const forgotten: (string | null)[] = []
    watchRowWrites(db, 'item', 'id', (key) => forgotten.push(key))
    groupCommit.begin()
    db.prepare("UPDATE item SET label = 'lost' WHERE id = 'a'").run()
    // What SQLite does after a failed write such as SQLITE_FULL: the whole transaction is undone.
    db.exec('ROLLBACK')
    await expect(groupCommit.settled()).rejects.toThrow(/rolled back/)
    expect(failures).toHaveLength(1)
    expect(forgotten).toEqual(['a', null])
    expect(labelOf('a')).toBe('first')
  })
})
