import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { keysetPage, seqCursor, seqOfCursor } from '../../src/common/pagination.ts'
import { createSeqKeyset, whereClause } from '../../src/db/seq-keyset.ts'

const db = new Database(':memory:')
db.exec(`CREATE TABLE entry (seq INTEGER PRIMARY KEY, owner TEXT NOT NULL, at TEXT NOT NULL)`)
const insert = db.prepare('INSERT INTO entry (owner, at) VALUES (?, ?)')
for (let i = 1; i <= 7; i += 1) insert.run(i % 2 === 0 ? 'b' : 'a', `2026-01-0${i}`)
const keyset = createSeqKeyset(db, 'entry')
const ofOwner = (owner: string) => whereClause('owner = @owner', { owner }).build()

/** The seqs of a page the way a list route reads it. */
const seqs = (owner: string, query: { nextRecord?: string; previousRecord?: string }) => {
  const where = ofOwner(owner)
  const page = keysetPage(
    { lineCount: 2, ...query },
    {
      positionOf: (id) => keyset.positionOf(where, seqOfCursor(id)),
      rows: (cursor, limit) => keyset.page<{ seq: number }>(where, cursor, limit),
    },
  )
  return { seqs: page.rows.map((r) => r.seq), hasMoreResults: page.hasMoreResults }
}

describe('keyset paging by seq', () => {
  it('reads newest first, forwards from a next cursor and back from a previous one, in display order', () => {
    expect(seqs('a', {})).toEqual({ seqs: [7, 5], hasMoreResults: true })
    expect(seqs('a', { nextRecord: seqCursor(5) })).toEqual({ seqs: [3, 1], hasMoreResults: false })
    expect(seqs('a', { previousRecord: seqCursor(3) })).toEqual({ seqs: [7, 5], hasMoreResults: false })
  })

  it('refuses a cursor that names no row the filter sees, or no number at all', () => {
    expect(() => seqs('a', { nextRecord: seqCursor(4) })).toThrow(expect.objectContaining({ key: 'INVALID_VALUE' }))
    for (const cursor of ['x', '-1', '1'.repeat(16), '']) expect(seqOfCursor(cursor)).toBeUndefined()
    expect(keyset.positionOf(ofOwner('a'), seqOfCursor('abc'))).toBeUndefined()
  })

  it('builds a clause of only the conditions set, and counts what it sees', () => {
    expect(whereClause().between('at', undefined, undefined).build()).toEqual({ sql: '1 = 1', params: {} })
    const window = whereClause('owner = @owner', { owner: 'b' }).between('at', '2026-01-03', undefined).build()
    expect(window).toEqual({ sql: 'owner = @owner AND at >= @from', params: { owner: 'b', from: '2026-01-03' } })
    expect(keyset.count(window)).toBe(2)
  })
})
