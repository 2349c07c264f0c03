import type { Lang, LocalizedText } from '../../http/language.ts'
import type { TaxonomyRow } from './taxonomy.repository.ts'

export interface TaxonomyItem {
  id: number
  code: string | null
  parentId: number | null
  description: LocalizedText
  attributes: Record<string, unknown>
}

export type LocalizedItem = { id: number; code: string | null; description: string } & Record<string, unknown>

/**
 * The reference lists held in memory: read once from the database at start, then every lookup
 * (validation of ids, descriptions in answers) is a map access.
 */
export function createTaxonomyCatalog(rows: TaxonomyRow[]) {
  const lists = new Map<string, TaxonomyItem[]>()
  const byId = new Map<string, Map<number, TaxonomyItem>>()
  const localizedCache = new Map<string, LocalizedItem[]>()
  const childrenCache = new Map<string, Map<number, TaxonomyItem[]>>()
  for (const row of rows) {
    const item: TaxonomyItem = {
      id: row.id,
      code: row.code,
      parentId: row.parentId,
      description: { 'pt-PT': row.descriptionPt, en: row.descriptionEn },
      attributes: row.attributes,
    }
    if (!lists.has(row.list)) {
      lists.set(row.list, [])
      byId.set(row.list, new Map())
    }
    lists.get(row.list)!.push(item)
    byId.get(row.list)!.set(row.id, item)
  }

  const localize = (item: TaxonomyItem, lang: Lang): LocalizedItem => ({
    id: item.id,
    code: item.code,
    description: item.description[lang],
    ...item.attributes,
  })

  return {
    items: (list: string): readonly TaxonomyItem[] => lists.get(list) ?? [],
    get: (list: string, id: number): TaxonomyItem | undefined => byId.get(list)?.get(id),
    has: (list: string, id: number): boolean => byId.get(list)?.has(id) ?? false,
    byCode: (list: string, code: string): TaxonomyItem | undefined => lists.get(list)?.find((i) => i.code === code),
    /** The description of an id in a language, or null when the id is not in the list. */
    describe: (list: string, id: number | null | undefined, lang: Lang): string | null =>
      id === null || id === undefined ? null : (byId.get(list)?.get(id)?.description[lang] ?? null),
    localize,
    /** The items of a list whose parent is the given id, in list order. */
    childrenOf(list: string, parentId: number): readonly TaxonomyItem[] {
      let groups = childrenCache.get(list)
      if (!groups) {
        groups = new Map()
        for (const item of lists.get(list) ?? []) {
          if (item.parentId === null) continue
          const group = groups.get(item.parentId) ?? []
          group.push(item)
          groups.set(item.parentId, group)
        }
        childrenCache.set(list, groups)
      }
      return groups.get(parentId) ?? []
    },
    /** A whole list in one language, computed once per list and language. */
    localized(list: string, lang: Lang): LocalizedItem[] {
      const key = `${list}|${lang}`
      let items = localizedCache.get(key)
      if (!items) {
        items = (lists.get(list) ?? []).map((item) => localize(item, lang))
        localizedCache.set(key, items)
      }
      return items
    },
  }
}

export type TaxonomyCatalog = ReturnType<typeof createTaxonomyCatalog>
