import type { AppDeps } from '../../composition-root.ts'
import { ApiError, type Problem } from '../../http/api-error.ts'
import type { Lang } from '../../http/language.ts'
import { pageDirection } from '../../http/pagination.ts'
import type { AuthContext } from '../auth/token.service.ts'
import { invalidCombination, text } from '../../http/problems.ts'
import { statusDateMs } from '../simulations/simulations.schemas.ts'
import { searchWords, type ProcessListCursor, type ProcessListFilter } from './process-list.repository.ts'
import { toProcessListItem } from './process-view.ts'
import type { ProcessListQuery } from './processes.schemas.ts'

function filterOf(deps: AppDeps, auth: AuthContext, query: ProcessListQuery): ProcessListFilter {
  const problems: Problem[] = []
  const filter: ProcessListFilter = { brokerId: auth.brokerId }
  // A text without letters or digits filters nothing.
  const words = query.filterByText ? searchWords(query.filterByText) : []
  if (words.length > 0) filter.words = words
  if (query.filterProcessStatus !== undefined) {
    if (!deps.taxonomy.has('workflow-states-proposal', query.filterProcessStatus)) {
      problems.push({ key: 'UNKNOWN_REFERENCE', field: 'filterProcessStatus', params: { value: query.filterProcessStatus, list: 'workflow-states-proposal' } })
    }
    filter.statusId = query.filterProcessStatus
  }
  if (query.filterStatusLastDateFrom) filter.from = statusDateMs(query.filterStatusLastDateFrom, 'from')
  if (query.filterStatusLastDateTo) filter.to = statusDateMs(query.filterStatusLastDateTo, 'to')
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to) {
    problems.push(invalidCombination('filterStatusLastDateTo', text('filterStatusLastDateTo é anterior a filterStatusLastDateFrom.', 'filterStatusLastDateTo is before filterStatusLastDateFrom.')))
  }
  if (problems.length > 0) throw ApiError.validation(problems)
  return filter
}

/**
 * Process List (DESIGN.md "Lists"), as Simulation List: the broker's processes matching the
 * filters, newest first, keyset paging with processUniqueID cursors.
 */
export function listProcesses(deps: AppDeps, auth: AuthContext, query: ProcessListQuery, lang: Lang) {
  const lists = deps.processes.lists
  const filter = filterOf(deps, auth, query)
  const direction = pageDirection(query)
  let cursor: ProcessListCursor = { kind: 'first' }
  if (direction.kind !== 'first') {
    const position = lists.positionOf(direction.cursor, auth.brokerId)
    if (!position) throw new ApiError('INVALID_VALUE', { field: direction.kind === 'next' ? 'nextRecord' : 'previousRecord' })
    cursor = { kind: direction.kind, ...position }
  }
  const rows = lists.page(filter, cursor, query.lineCount + 1)
  const hasMoreResults = rows.length > query.lineCount
  const page = !hasMoreResults ? rows : direction.kind === 'previous' ? rows.slice(1) : rows.slice(0, query.lineCount)
  return { totalRecords: lists.count(filter), hasMoreResults, listProcessDetail: page.map((row) => toProcessListItem(deps, row, lang)) }
}
