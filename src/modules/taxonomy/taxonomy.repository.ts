import type { Db } from '../../db/connection.ts'

export interface TaxonomyRow {
  list: string
  id: number
  position: number
  code: string | null
  parentId: number | null
  descriptionPt: string
  descriptionEn: string
  attributes: Record<string, unknown>
}

interface StoredRow {
  list: string
  id: number
  position: number
  code: string | null
  parent_id: number | null
  description_pt: string
  description_en: string
  attributes: string
}

/** The reference lists (taxonomy_item). */
export function createTaxonomyRepository(db: Db) {
  const select = db.prepare('SELECT * FROM taxonomy_item WHERE list = ? ORDER BY position')
  return {
    /** One list's items in their display order. */
    readList: (list: string): TaxonomyRow[] => (select.all(list) as StoredRow[]).map(toRow),
    /** Replaces the whole content of the named lists with the rows, in the caller's transaction. */
    replaceLists(lists: readonly string[], rows: readonly TaxonomyRow[]): void {
      const clear = db.prepare('DELETE FROM taxonomy_item WHERE list = ?')
      for (const list of lists) clear.run(list)
      const insert = db.prepare(`INSERT INTO taxonomy_item
        (list, id, position, code, parent_id, description_pt, description_en, attributes)
        VALUES (@list, @id, @position, @code, @parentId, @descriptionPt, @descriptionEn, @attributes)`)
      for (const row of rows) insert.run({ ...row, attributes: JSON.stringify(row.attributes) })
    },
  }
}

function toRow(r: StoredRow): TaxonomyRow {
  return {
    list: r.list,
    id: r.id,
    position: r.position,
    code: r.code,
    parentId: r.parent_id,
    descriptionPt: r.description_pt,
    descriptionEn: r.description_en,
    attributes: JSON.parse(r.attributes) as Record<string, unknown>,
  }
}
