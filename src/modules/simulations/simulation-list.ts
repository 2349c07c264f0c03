import { ApiError, type Problem } from '../../common/api-error.ts'
import type { AuthContext } from '../../common/auth-context.ts'
import type { Lang } from '../../common/language.ts'
import { keysetPage } from '../../common/pagination.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { toSimulationListItem } from './simulation-detail.mapper.ts'
import type { SimulationListFilter, SimulationListRepository } from './simulation-list.repository.ts'
import { searchQuery, searchWords, wordsBeyondBranch } from './simulation-search.ts'
import { statusDateRange } from '../../common/status-date-filter.ts'
import type { SimulationListQuery } from './simulations.schemas.ts'

function filterOf(auth: AuthContext, query: SimulationListQuery, taxonomy: TaxonomyCatalog, lists: SimulationListRepository): SimulationListFilter {
  const problems: Problem[] = []
  const filter: SimulationListFilter = { brokerId: auth.brokerId }
  // A text without letters or digits filters nothing, nor does a word of the broker's only branch.
  const words = query.filterByText ? searchWords(query.filterByText) : []
  const text = words.length === 0 ? null : searchQuery(auth.brokerId, wordsBeyondBranch(words, lists.branchesOf(auth.brokerId)))
  if (text) filter.text = text
  if (query.filterSimulationStatus !== undefined) {
    if (!taxonomy.has('workflow-states-simulation', query.filterSimulationStatus)) {
      problems.push({
        key: 'UNKNOWN_REFERENCE',
        field: 'filterSimulationStatus',
        params: { value: query.filterSimulationStatus, list: 'workflow-states-simulation' },
      })
    }
    filter.statusId = query.filterSimulationStatus
  }
  statusDateRange(query, filter, problems)
  if (problems.length > 0) throw ApiError.validation(problems)
  return filter
}

/**
 * Simulation List (docs/design.md "Lists"): the broker's simulations matching the filters, newest first;
 * nextRecord reads the older ones after a simulation, previousRecord the newer ones before it (still
 * newest first). A cursor that names no simulation of the broker is a 400 naming the parameter.
 */
export function listSimulations(lists: SimulationListRepository, taxonomy: TaxonomyCatalog, auth: AuthContext, query: SimulationListQuery, lang: Lang) {
  const filter = filterOf(auth, query, taxonomy, lists)
  const totalRecords = lists.count(filter)
  const { rows, hasMoreResults } = keysetPage(query, {
    positionOf: (id) => lists.positionOf(id, auth.brokerId),
    rows: (cursor, limit) => lists.page(filter, cursor, limit, totalRecords),
  })
  return { totalRecords, hasMoreResults, listSimulationDetail: rows.map((row) => toSimulationListItem(row, taxonomy, lang)) }
}
