import { createRoute } from '@hono/zod-openapi'
import { authedErrors, bearerSecurity, jsonContent } from '../../http/openapi/openapi-schemas.ts'
import { pagingQuerySchema } from '../../common/pagination.ts'
import {
  itemListSchema,
  listPageSchema,
  LISTS,
  nestedItemSchema,
  parentFilterSchema,
  responseItemSchema,
  storedList,
  type ListDefinition,
  type NestedList,
  type StoredList,
} from './taxonomy.schemas.ts'

function storedRoute(list: StoredList) {
  const item = responseItemSchema(list)
  if (list.paginated) {
    const body = listPageSchema(list, item)
    return createRoute({
      method: 'get',
      path: `/v1/taxonomy/${list.name}`,
      tags: ['Taxonomy'],
      summary: list.title,
      operationId: operationIdOf(list.name),
      description: `Reference list "${list.title}", paginated like Simulation List: ordered by id, \`nextRecord\` / \`previousRecord\` take an id.`,
      security: bearerSecurity,
      request: { query: pagingQuerySchema },
      responses: { 200: jsonContent(body, list.title), ...authedErrors(400) },
    })
  }
  return createRoute({
    method: 'get',
    path: `/v1/taxonomy/${list.name}`,
    tags: ['Taxonomy'],
    summary: list.title,
    operationId: operationIdOf(list.name),
    description: `Reference list "${list.title}", descriptions in the language of Accept-Language.`,
    security: bearerSecurity,
    request: list.parentKey ? { query: parentFilterSchema(list.parentKey) } : {},
    responses: { 200: jsonContent(itemListSchema(item), list.title), ...authedErrors(400) },
  })
}

function nestedRoute(list: NestedList) {
  const parent = storedList(list.parent)
  return createRoute({
    method: 'get',
    path: `/v1/taxonomy/${list.name}`,
    tags: ['Taxonomy'],
    summary: list.title,
    operationId: operationIdOf(list.name),
    description: `The ${parent.title.toLowerCase()} with their ${list.childrenKey} nested; \`${list.filterKey}\` keeps one.`,
    security: bearerSecurity,
    request: { query: parentFilterSchema(list.filterKey) },
    responses: { 200: jsonContent(itemListSchema(nestedItemSchema(list)), list.title), ...authedErrors(400) },
  })
}

/** The list's operationId: taxonomy and its path name in PascalCase (product-schemes → taxonomyProductSchemes). */
function operationIdOf(name: string): string {
  return `taxonomy${name.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, letter: string) => letter.toUpperCase())}`
}

export const taxonomyRoute = (list: ListDefinition) => (list.kind === 'stored' ? storedRoute(list) : nestedRoute(list))

export const TAXONOMY_ROUTES = LISTS.map((list) => ({ list, route: taxonomyRoute(list) }))
