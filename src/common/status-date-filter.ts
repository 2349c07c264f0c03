import { z } from '@hono/zod-openapi'
import type { Problem } from './api-error.ts'
import { invalidCombination, text } from './problems.ts'

/** A calendar date, or a date-time with or without offset (UTC when without). */
const DATE_OR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/

/**
 * Epoch ms of a status-date filter, NaN when malformed. A date alone stands for its first (from) or
 * last (to) millisecond, UTC; a date-time without offset is UTC.
 */
export function statusDateMs(value: string, bound: 'from' | 'to'): number {
  const match = DATE_OR_DATE_TIME.exec(value)
  if (!match) return Number.NaN
  const day = value.slice(0, 10)
  if (Number.isNaN(Date.parse(day)) || new Date(Date.parse(day)).toISOString().slice(0, 10) !== day) return Number.NaN
  if (value.length === 10) return Date.parse(`${day}T${bound === 'from' ? '00:00:00.000' : '23:59:59.999'}Z`)
  return Date.parse(match[4] ? value : `${value}Z`)
}

const statusDate = (bound: 'from' | 'to') =>
  z
    .string()
    .refine((v) => !Number.isNaN(statusDateMs(v, bound)), {
      params: { errorKey: 'INVALID_FORMAT', format: 'date-time' },
    })
    .optional()
    .openapi({
      description:
        bound === 'from'
          ? 'Minimum status date (statusLastDate), inclusive. A date-time (UTC when it has no offset) or a date (its first instant, UTC)'
          : 'Maximum status date (statusLastDate), inclusive. A date-time (UTC when it has no offset) or a date (its last instant, UTC)',
      example: bound === 'from' ? '2026-01-01T00:00:00Z' : '2026-12-31',
    })

/** The status-date filters of Simulation List and Process List: one pair of fields, the same words in both. */
export const STATUS_DATE_FILTERS = {
  filterStatusLastDateFrom: statusDate('from'),
  filterStatusLastDateTo: statusDate('to'),
}

/**
 * The status-date range of a list's query, as the filter's `from` and `to` (epoch ms): a `to` before
 * the `from` is a problem naming filterStatusLastDateTo.
 */
export function statusDateRange(
  query: { filterStatusLastDateFrom?: string | undefined; filterStatusLastDateTo?: string | undefined },
  filter: { from?: number; to?: number },
  problems: Problem[],
): void {
  if (query.filterStatusLastDateFrom) filter.from = statusDateMs(query.filterStatusLastDateFrom, 'from')
  if (query.filterStatusLastDateTo) filter.to = statusDateMs(query.filterStatusLastDateTo, 'to')
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to) {
    problems.push(
      invalidCombination(
        'filterStatusLastDateTo',
        text('filterStatusLastDateTo é anterior a filterStatusLastDateFrom.', 'filterStatusLastDateTo is before filterStatusLastDateFrom.'),
      ),
    )
  }
}
