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

/** Replaces the whole content of the reference lists named by the rows, in the caller's transaction. */
export function replaceLists(db: Db, lists: string[], rows: TaxonomyRow[]): void {
  const clear = db.prepare('DELETE FROM taxonomy_item WHERE list = ?')
  for (const list of lists) clear.run(list)
  const insert = db.prepare(`INSERT INTO taxonomy_item
    (list, id, position, code, parent_id, description_pt, description_en, attributes)
    VALUES (@list, @id, @position, @code, @parentId, @descriptionPt, @descriptionEn, @attributes)`)
  for (const row of rows) insert.run({ ...row, attributes: JSON.stringify(row.attributes) })
}

/** A reader of one list's items in their display order. */
export function listReader(db: Db): (list: string) => TaxonomyRow[] {
  const select = db.prepare('SELECT * FROM taxonomy_item WHERE list = ? ORDER BY position')
  return (list) => (select.all(list) as StoredRow[]).map(toRow)
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
