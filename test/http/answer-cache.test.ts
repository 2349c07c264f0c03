import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { createAnswerCache } from '../../src/http/pipeline/answer-cache.ts'
import { createWriteBatch } from '../../src/db/write-batch.ts'

function setup() {
  const db = new Database(':memory:')
  db.exec("CREATE TABLE record (id TEXT PRIMARY KEY, label TEXT); INSERT INTO record VALUES ('r1', 'a'), ('r2', 'b')")
  const answers = createAnswerCache(db, { table: 'record', keyColumn: 'id', param: 'id', size: 10 })
  return { db, answers, writes: createWriteBatch(db, () => {}) }
}

describe('the answer cache of a read route', () => {
  it("answers a record's rendering only to the broker that read it, in its language", () => {
    const { answers } = setup()
    answers.set('r1', 7, 'en', '{"en":1}')
    expect(answers.get('r1', 7, 'en')).toBe('{"en":1}')
    expect(answers.get('r1', 7, 'pt-PT')).toBeUndefined()
    expect(answers.get('r1', 8, 'en')).toBeUndefined()
  })

  it("forgets a record's answers when its row is updated or deleted, whoever writes it", () => {
    const { db, answers } = setup()
    answers.set('r1', 7, 'en', '{}')
    answers.set('r2', 7, 'en', '{}')
    db.prepare("UPDATE record SET label = 'c' WHERE id = 'r1'").run()
    expect(answers.get('r1', 7, 'en')).toBeUndefined()
    expect(answers.get('r2', 7, 'en')).toBe('{}')
    db.prepare("DELETE FROM record WHERE id = 'r2'").run()
    expect(answers.get('r2', 7, 'en')).toBeUndefined()
  })

  it('forgets every answer when a write batch is rolled back', async () => {
    const { db, answers, writes } = setup()
    writes.begin()
    answers.set('r1', 7, 'en', '{"read":"inside the batch"}')
    db.exec('ROLLBACK')
    await expect(writes.settled()).rejects.toThrow()
    expect(answers.get('r1', 7, 'en')).toBeUndefined()
  })
})
