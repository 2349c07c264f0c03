import { chmodSync, cpSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/db/connection.ts'
import { migrate } from '../../src/db/migrate.ts'
import { prepareDatabase, SEEDS_DIR } from '../../src/app/database-setup.ts'
import { tempDir } from '../support/temp-dir.ts'

describe('database set-up', () => {
  it('a file database is created with its folder, in WAL mode with foreign keys on', () => {
    const dir = tempDir('sandbox-db')
    const db = openDatabase(join(dir, 'nested', 'sandbox.db'))
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000)
    db.close()
  })

  it("keeps a file database, its WAL and shared-memory files the owner's only (0600), in a folder of 0700", () => {
    const dir = tempDir('sandbox-db')
    const file = join(dir, 'data', 'sandbox.db')
    const db = openDatabase(file)
    db.exec('CREATE TABLE secret (value TEXT); INSERT INTO secret VALUES (1)')
    const mode = (path: string) => statSync(path).mode & 0o777
    expect([mode(file), mode(`${file}-wal`), mode(`${file}-shm`), mode(join(dir, 'data'))]).toEqual([0o600, 0o600, 0o600, 0o700])
    db.close()
  })

  it('tightens an older database of 0644 at open, and its own folder; a folder shared with other files keeps its mode', () => {
    const mode = (path: string) => statSync(path).mode & 0o777
    const dir = tempDir('sandbox-db')
    const own = join(dir, 'own')
    const shared = join(dir, 'shared')
    for (const folder of [own, shared]) {
      mkdirSync(folder, { mode: 0o755 })
      chmodSync(folder, 0o755)
      openDatabase(join(folder, 'sandbox.db')).close()
      chmodSync(join(folder, 'sandbox.db'), 0o644)
      chmodSync(folder, 0o755)
    }
    writeFileSync(join(shared, 'notes.txt'), 'the operator keeps other files here')
    for (const folder of [own, shared]) openDatabase(join(folder, 'sandbox.db')).close()
    expect([mode(join(own, 'sandbox.db')), mode(own)]).toEqual([0o600, 0o700])
    expect([mode(join(shared, 'sandbox.db')), mode(shared)]).toEqual([0o600, 0o755])
  })

  it('migrations are applied once and recorded', () => {
    const db = openDatabase(':memory:')
    const first = migrate(db)
    expect(first[0]).toBe('001_foundation.sql')
    expect(migrate(db)).toEqual([])
    expect(db.prepare('SELECT name FROM schema_migration ORDER BY version').pluck().all()).toEqual(first)
  })

  it('a failing migration leaves the database as it was', () => {
    const dir = tempDir('sandbox-migrations')
    writeFileSync(join(dir, '001_ok.sql'), 'CREATE TABLE a (x INTEGER);')
    writeFileSync(join(dir, '002_broken.sql'), 'CREATE TABLE b (x INTEGER); THIS IS NOT SQL;')
    const db = openDatabase(':memory:')
    expect(() => migrate(db, dir)).toThrow()
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name IN ('a', 'b')").pluck().get()).toBe(0)
    expect(db.prepare('SELECT count(*) FROM schema_migration').pluck().get()).toBe(0)
  })

  it('seeds load once: a second start with the same files writes nothing', () => {
    const path = join(tempDir('sandbox-seeded'), 'sandbox.db')
    const first = prepareDatabase(path)
    expect(first.seeded).toBe(true)
    first.db.close()
    const second = prepareDatabase(path)
    expect(second.seeded).toBe(false)
    expect(second.db.prepare("SELECT count(*) FROM taxonomy_item WHERE list = 'counties'").pluck().get()).toBe(308)
    second.db.close()
  })

  it('a broken seed file stops the load with a message naming the file and the field', () => {
    const dir = tempDir('sandbox-seeds')
    cpSync(SEEDS_DIR, dir, { recursive: true })
    const genders = join(dir, 'taxonomies', 'genders.json')
    const content = JSON.parse(readFileSync(genders, 'utf8'))
    delete content.items[0].description.en
    writeFileSync(genders, JSON.stringify(content))
    const path = join(tempDir('sandbox-broken-seed'), 'sandbox.db')
    expect(() => prepareDatabase(path, { seedsDir: dir })).toThrow(/genders\.json: items\.0\.description\.en/)
    const db = openDatabase(path)
    expect(db.prepare('SELECT count(*) FROM taxonomy_item').pluck().get()).toBe(0)
    db.close()
  })
})
