import type { Statement } from 'better-sqlite3'
import type { KeysetCursor } from '../common/pagination.ts'
import type { Db } from './connection.ts'

/** A WHERE clause and its named parameters. */
export interface Where {
  sql: string
  params: Record<string, unknown>
}

/**
 * Builds the WHERE clause of a list's filter from only the conditions it sets, so that each shape of
 * filter is one statement, prepared once (`createSeqKeyset`).
 */
export function whereClause(first = '1 = 1', params: Record<string, unknown> = {}) {
  const parts = [first]
  const all = { ...params }
  const builder = {
    /** Adds a condition with its parameters. */
    and(sql: string, named: Record<string, unknown> = {}) {
      parts.push(sql)
      Object.assign(all, named)
      return builder
    },
    /** Adds `column >= @from` and `column <= @to` for the bounds given. */
    between(column: string, from: string | undefined, to: string | undefined) {
      if (from !== undefined) builder.and(`${column} >= @from`, { from })
      if (to !== undefined) builder.and(`${column} <= @to`, { to })
      return builder
    },
    build: (): Where => ({ sql: parts.join(' AND '), params: all }),
  }
  return builder
}

/**
 * Keyset paging, newest first, over a table whose rows are ordered by an integer `seq` (the audit
 * trail, the request journal): the statements of each filter's shape prepared once.
 */
export function createSeqKeyset(db: Db, table: string) {
  const statements = new Map<string, Statement>()
  const prepared = (sql: string) => {
    let statement = statements.get(sql)
    if (!statement) statements.set(sql, (statement = db.prepare(sql)))
    return statement
  }

  return {
    /** The rows the clause sees; with `upTo`, counted no further than that many (the newest first). */
    count(where: Where, upTo?: number): number {
      if (upTo === undefined) return prepared(`SELECT COUNT(*) FROM ${table} WHERE ${where.sql}`).pluck().get(where.params) as number
      return prepared(`SELECT COUNT(*) FROM (SELECT 1 FROM ${table} WHERE ${where.sql} ORDER BY seq DESC LIMIT @upTo)`)
        .pluck()
        .get({ upTo, ...where.params }) as number
    },
    /** The position of a row the clause sees, for a paging cursor. */
    positionOf(where: Where, seq: number | undefined): { seq: number } | undefined {
      if (seq === undefined) return undefined
      const found = prepared(`SELECT seq FROM ${table} WHERE ${where.sql} AND seq = @seq`)
        .pluck()
        .get({ seq, ...where.params }) as number | undefined
      return found === undefined ? undefined : { seq: found }
    },
    /** Up to `limit` rows from the cursor, newest first whichever way they were read. */
    page<Row>(where: Where, cursor: KeysetCursor<{ seq: number }>, limit: number): Row[] {
      const sql =
        cursor.kind === 'first'
          ? `SELECT * FROM ${table} WHERE ${where.sql} ORDER BY seq DESC LIMIT @limit`
          : cursor.kind === 'next'
            ? `SELECT * FROM ${table} WHERE ${where.sql} AND seq < @seq ORDER BY seq DESC LIMIT @limit`
            : `SELECT * FROM ${table} WHERE ${where.sql} AND seq > @seq ORDER BY seq ASC LIMIT @limit`
      const rows = prepared(sql).all({ limit, seq: cursor.kind === 'first' ? 0 : cursor.seq, ...where.params }) as Row[]
      return cursor.kind === 'previous' ? rows.reverse() : rows
    },
  }
}
