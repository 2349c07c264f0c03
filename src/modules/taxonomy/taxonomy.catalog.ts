import { withoutNulls } from '../../common/answer-fields.ts'
import type { Lang, LocalizedText } from '../../common/language.ts'
import type { TaxonomyRow } from './taxonomy.repository.ts'

export interface TaxonomyItem {
  id: number
  code: string | null
  parentId: number | null
  description: LocalizedText
  attributes: Record<string, unknown>
}

/** An item as the reference-list operations answer it: no code when the item has none (never null). */
export type LocalizedItem = { id: number; code?: string; description: string } & Record<string, unknown>

/**
 * The reference lists held in memory: each read once from the database, then every lookup
 * (validation of ids, descriptions in answers) is a map access.
 */
export function createTaxonomyCatalog(loadList: (list: string) => TaxonomyRow[]) {
  const lists = new Map<string, TaxonomyItem[]>()
  const byId = new Map<string, Map<number, TaxonomyItem>>()
  const localizedCache = new Map<string, LocalizedItem[]>()
  const childrenCache = new Map<string, Map<number, TaxonomyItem[]>>()

  // A list is read from the database the first time it is used: a start does not pay for the
  // 3,000 parishes until someone asks for them.
  const itemsOf = (list: string): TaxonomyItem[] => {
    let items = lists.get(list)
    if (!items) {
      items = loadList(list).map((row) => ({
        id: row.id,
        code: row.code,
        parentId: row.parentId,
        description: { 'pt-PT': row.descriptionPt, en: row.descriptionEn },
        attributes: row.attributes,
      }))
      lists.set(list, items)
      byId.set(list, new Map(items.map((item) => [item.id, item])))
    }
    return items
  }
  const index = (list: string): Map<number, TaxonomyItem> => {
    itemsOf(list)
    return byId.get(list)!
  }

  const localize = (item: TaxonomyItem, lang: Lang): LocalizedItem => ({
    ...withoutNulls({ id: item.id, code: item.code, description: item.description[lang] }),
    ...item.attributes,
  })

  return {
    items: (list: string): readonly TaxonomyItem[] => itemsOf(list),
    get: (list: string, id: number): TaxonomyItem | undefined => index(list).get(id),
    has: (list: string, id: number): boolean => index(list).has(id),
    byCode: (list: string, code: string): TaxonomyItem | undefined => itemsOf(list).find((i) => i.code === code),
    /** The description of an id in a language, or null when the id is not in the list. */
    describe: (list: string, id: number | null | undefined, lang: Lang): string | null =>
      id === null || id === undefined ? null : (index(list).get(id)?.description[lang] ?? null),
    localize,
    /** The items of a list whose parent is the given id, in list order. */
    childrenOf(list: string, parentId: number): readonly TaxonomyItem[] {
      let groups = childrenCache.get(list)
      if (!groups) {
        groups = new Map()
        for (const item of itemsOf(list)) {
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
        items = itemsOf(list).map((item) => localize(item, lang))
        localizedCache.set(key, items)
      }
      return items
    },
  }
}

export type TaxonomyCatalog = ReturnType<typeof createTaxonomyCatalog>
