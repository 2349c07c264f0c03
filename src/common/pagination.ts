import { z } from '@hono/zod-openapi'
import { ApiError } from './api-error.ts'

/** docs/design.md "Lists": lineCount default 20, at most 100. */
export const DEFAULT_LINE_COUNT = 20
export const MAX_LINE_COUNT = 100

export const pagingQuerySchema = z.object({
  lineCount: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LINE_COUNT)
    .default(DEFAULT_LINE_COUNT)
    .openapi({ description: `Maximum number of records to return (default ${DEFAULT_LINE_COUNT}, at most ${MAX_LINE_COUNT})`, example: 20 }),
  nextRecord: z.string().min(1).optional().openapi({
    description: 'Identifier of the last record already seen: the page continues after it (older records)',
  }),
  previousRecord: z.string().min(1).optional().openapi({
    description: 'Identifier of the first record already seen: the page holds the records just before it (newer records)',
  }),
})

export type PagingQuery = z.infer<typeof pagingQuerySchema>

export interface Page<T> {
  items: T[]
  hasMoreResults: boolean
}

export type PageDirection = { kind: 'first' } | { kind: 'next'; cursor: string } | { kind: 'previous'; cursor: string }

/** @throws ApiError when both cursors are given. */
export function pageDirection(query: PagingQuery): PageDirection {
  if (query.nextRecord && query.previousRecord) {
    throw new ApiError('INVALID_COMBINATION', {
      field: 'previousRecord',
      params: { detail: 'nextRecord and previousRecord cannot be used together' },
    })
  }
  if (query.nextRecord) return { kind: 'next', cursor: query.nextRecord }
  if (query.previousRecord) return { kind: 'previous', cursor: query.previousRecord }
  return { kind: 'first' }
}

/**
 * Keyset paging over a list already in its display order (small, in-memory lists). A cursor that
 * names no record of the list is a 400 naming the parameter.
 */
export function pageOf<T>(items: readonly T[], keyOf: (item: T) => string, query: PagingQuery): Page<T> {
  const direction = pageDirection(query)
  const n = query.lineCount
  if (direction.kind === 'first') return { items: items.slice(0, n), hasMoreResults: items.length > n }
  const index = items.findIndex((item) => keyOf(item) === direction.cursor)
  if (index < 0) {
    const field = direction.kind === 'next' ? 'nextRecord' : 'previousRecord'
    throw new ApiError('INVALID_VALUE', { field })
  }
  if (direction.kind === 'next') {
    return { items: items.slice(index + 1, index + 1 + n), hasMoreResults: index + 1 + n < items.length }
  }
  const start = Math.max(0, index - n)
  return { items: items.slice(start, index), hasMoreResults: start > 0 }
}

/** Where a keyset-paged list starts reading: its head, or after (next) or before (previous) a record's position. */
export type KeysetCursor<Position> = { kind: 'first' } | ({ kind: 'next' | 'previous' } & Position)

/** A keyset-paged list as its repository reads it. */
export interface KeysetList<Position, Row> {
  /** The position of a record of the list named by a cursor, or undefined when it is not one of them. */
  positionOf(id: string): Position | undefined
  /** Up to `limit` rows from the cursor, in display order (newest first) whichever way they were read. */
  rows(cursor: KeysetCursor<Position>, limit: number): Row[]
}

/**
 * One page of a keyset-paged list (docs/design.md "Lists"): resolves the cursor the query names (a
 * 400 naming nextRecord or previousRecord when it is not a record of the list), reads one row more
 * than asked, and tells from it whether more lie in the direction read.
 */
export function keysetPage<Position, Row>(query: PagingQuery, list: KeysetList<Position, Row>): { rows: Row[]; hasMoreResults: boolean } {
  const direction = pageDirection(query)
  let cursor: KeysetCursor<Position> = { kind: 'first' }
  if (direction.kind !== 'first') {
    const position = list.positionOf(direction.cursor)
    if (!position) throw new ApiError('INVALID_VALUE', { field: direction.kind === 'next' ? 'nextRecord' : 'previousRecord' })
    cursor = { kind: direction.kind, ...position }
  }
  const rows = list.rows(cursor, query.lineCount + 1)
  const hasMoreResults = rows.length > query.lineCount
  // Read towards the newer records, the extra row is the first in display order.
  const page = !hasMoreResults ? rows : direction.kind === 'previous' ? rows.slice(1) : rows.slice(0, query.lineCount)
  return { rows: page, hasMoreResults }
}

/** A row id as a list's cursor (nextRecord, previousRecord): its sequence number in decimal. */
export const seqCursor = (seq: number): string => String(seq)

/** The sequence number a cursor names, or undefined when it cannot name one (not up to 15 digits). */
export const seqOfCursor = (cursor: string): number | undefined => (/^\d{1,15}$/.test(cursor) ? Number(cursor) : undefined)
