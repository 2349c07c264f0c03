import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { forgetAllRowWrites, watchRowWrites } from '../../src/db/row-writes.ts'

function database() {
  const db = new Database(':memory:')
  db.pragma('foreign_keys = ON')
  db.exec(`CREATE TABLE parent (id TEXT PRIMARY KEY);
    CREATE TABLE child (id TEXT PRIMARY KEY, parent_id TEXT REFERENCES parent (id) ON DELETE CASCADE, label TEXT);
    INSERT INTO parent VALUES ('p1');
    INSERT INTO child VALUES ('c1', 'p1', 'a'), ('c2', 'p1', 'b'), ('c3', NULL, 'c');`)
  return db
}

function watched(db: Database.Database, table = 'child') {
  const seen: (string | null)[] = []
  const stop = watchRowWrites(db, table, 'id', (key) => seen.push(key))
  return { seen, stop }
}

describe('watchRowWrites', () => {
  it('reports the key of every row updated or deleted, whatever statement wrote it', () => {
    const db = database()
    const { seen } = watched(db)
    db.prepare("UPDATE child SET label = 'z' WHERE id = ?").run('c1')
    db.exec("UPDATE child SET label = label || '!' WHERE id IN ('c2', 'c3')")
    db.prepare('DELETE FROM child WHERE id = ?').run('c3')
    expect(seen).toEqual(['c1', 'c2', 'c3', 'c3'])
  })

  it('reports rows deleted by a foreign-key cascade', () => {
    const db = database()
    const { seen } = watched(db)
    db.exec("DELETE FROM parent WHERE id = 'p1'")
    expect(seen.sort()).toEqual(['c1', 'c2'])
  })

  it('does not report inserts, nor writes of other tables', () => {
    const db = database()
    const { seen } = watched(db)
    db.exec("INSERT INTO child VALUES ('c4', NULL, 'd'); INSERT INTO parent VALUES ('p2'); UPDATE parent SET id = 'p3' WHERE id = 'p2'")
    expect(seen).toEqual([])
  })

  it('tells every listener of the table, until it stops listening', () => {
    const db = database()
    const first = watched(db)
    const second = watched(db)
    db.exec("UPDATE child SET label = 'x' WHERE id = 'c1'")
    first.stop()
    db.exec("UPDATE child SET label = 'y' WHERE id = 'c2'")
    expect(first.seen).toEqual(['c1'])
    expect(second.seen).toEqual(['c1', 'c2'])
  })

  it('tells every listener to forget everything after a rolled-back batch', () => {
    const db = database()
    const children = watched(db)
    const parents = watched(db, 'parent')
    forgetAllRowWrites(db)
    expect(children.seen).toEqual([null])
    expect(parents.seen).toEqual([null])
  })

  it('refuses a table or column that is not a plain identifier', () => {
    const db = database()
    expect(() => watchRowWrites(db, 'child; DROP TABLE parent', 'id', () => {})).toThrow(/plain identifier/)
    expect(() => watchRowWrites(db, 'child', 'id)--', () => {})).toThrow(/plain identifier/)
  })
})
