import { ApiError, type Problem } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import { keysetPage } from '../../common/pagination.ts'
import { statusDateRange } from '../../common/status-date-filter.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { searchWords, type ProcessListFilter, type ProcessListRepository } from './process-list.repository.ts'
import { toProcessListItem } from './process-view.ts'
import type { ProcessListQuery } from './processes.schemas.ts'

function filterOf(taxonomy: TaxonomyCatalog, auth: AuthContext, query: ProcessListQuery): ProcessListFilter {
  const problems: Problem[] = []
  const filter: ProcessListFilter = { brokerId: auth.brokerId }
  // A text without letters or digits filters nothing.
  const words = query.filterByText ? searchWords(query.filterByText) : []
  if (words.length > 0) filter.words = words
  if (query.filterProcessStatus !== undefined) {
    if (!taxonomy.has('workflow-states-proposal', query.filterProcessStatus)) {
      problems.push({ key: 'UNKNOWN_REFERENCE', field: 'filterProcessStatus', params: { value: query.filterProcessStatus, list: 'workflow-states-proposal' } })
    }
    filter.statusId = query.filterProcessStatus
  }
  statusDateRange(query, filter, problems)
  if (problems.length > 0) throw ApiError.validation(problems)
  return filter
}

/**
 * Process List (docs/design.md "Lists"), as Simulation List: the broker's processes matching the
 * filters, newest first, keyset paging with processUniqueID cursors.
 */
export function listProcesses(lists: ProcessListRepository, taxonomy: TaxonomyCatalog, auth: AuthContext, query: ProcessListQuery, lang: Lang) {
  const filter = filterOf(taxonomy, auth, query)
  const { rows, hasMoreResults } = keysetPage(query, {
    positionOf: (id) => lists.positionOf(id, auth.brokerId),
    rows: (cursor, limit) => lists.page(filter, cursor, limit),
  })
  return { totalRecords: lists.count(filter), hasMoreResults, listProcessDetail: rows.map((row) => toProcessListItem(taxonomy, row, lang)) }
}
