import { z } from '@hono/zod-openapi'
import { ApiError } from './api-error.ts'

/** DESIGN.md "Lists": lineCount default 20, at most 100. */
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
