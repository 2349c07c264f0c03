import type { Context } from 'hono'
import type { AppEnv } from '../../http/router/app-env.ts'
import { pageOf, type PagingQuery } from '../../common/pagination.ts'
import type { TaxonomyCatalog } from './taxonomy.catalog.ts'
import type { ListDefinition, NestedList, StoredList } from './taxonomy.schemas.ts'

type Handler = (c: Context<AppEnv>) => Response

function storedHandler(taxonomy: TaxonomyCatalog, list: StoredList): Handler {
  return (c) => {
    const items = taxonomy.localized(list.name, c.get('lang'))
    if (list.paginated) {
      const query = (c.req as unknown as { valid(t: 'query'): PagingQuery }).valid('query')
      const page = pageOf(items, (item) => String(item.id), query)
      return c.json({ totalRecords: items.length, hasMoreResults: page.hasMoreResults, notificationTypeList: page.items })
    }
    const parentId = list.parentKey ? c.req.query(list.parentKey) : undefined
    return c.json(parentId ? items.filter((item) => item[list.parentKey!] === Number(parentId)) : items)
  }
}

function nestedHandler(taxonomy: TaxonomyCatalog, list: NestedList): Handler {
  return (c) => {
    const lang = c.get('lang')
    const filter = c.req.query(list.filterKey)
    const parents = taxonomy.localized(list.parent, lang).filter((p) => !filter || p.id === Number(filter))
    return c.json(
      parents.map((parent) => ({
        ...parent,
        [list.childrenKey]: taxonomy.childrenOf(list.child, parent.id).map((child) => taxonomy.localize(child, lang)),
      })),
    )
  }
}

export const taxonomyHandler = (taxonomy: TaxonomyCatalog, list: ListDefinition): Handler =>
  list.kind === 'stored' ? storedHandler(taxonomy, list) : nestedHandler(taxonomy, list)
