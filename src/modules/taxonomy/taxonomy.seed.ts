import { readFileSync } from 'node:fs'
import type { Db } from '../../db/connection.ts'
import { join } from 'node:path'
import { STORED_LISTS, seedFileSchema } from './taxonomy.schemas.ts'
import { createTaxonomyRepository, type TaxonomyRow } from './taxonomy.repository.ts'

interface SeedItem {
  id: number
  code?: string
  description: { 'pt-PT': string; en: string }
}

/** Seed file paths of every stored list, in registry order. */
export const taxonomySeedFiles = (seedsDir: string): string[] => STORED_LISTS.map((list) => join(seedsDir, 'taxonomies', `${list.name}.json`))

/**
 * Reads and validates every reference-list seed file.
 * @throws Error naming the file and the first problems found.
 */
export function readTaxonomySeeds(seedsDir: string): TaxonomyRow[] {
  return STORED_LISTS.flatMap((list) => {
    const file = join(seedsDir, 'taxonomies', `${list.name}.json`)
    const parsed = seedFileSchema(list).safeParse(JSON.parse(readFileSync(file, 'utf8')))
    if (!parsed.success) {
      const problems = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`)
      throw new Error(`Invalid seed file ${file}: ${problems.join('; ')}`)
    }
    const seen = new Set<number>()
    const items = parsed.data.items as Array<SeedItem & Record<string, unknown>>
    return items.map((item, position): TaxonomyRow => {
      if (seen.has(item.id)) throw new Error(`Invalid seed file ${file}: id ${item.id} appears twice`)
      seen.add(item.id)
      const { id, code, description, ...attributes } = item
      const parentId = list.parentKey ? (attributes[list.parentKey] as number) : null
      return {
        list: list.name,
        id,
        position,
        code: code ?? null,
        parentId,
        descriptionPt: description['pt-PT'],
        descriptionEn: description.en,
        attributes,
      }
    })
  })
}

/** Replaces every stored reference list with the seed files' content, in the caller's transaction. */
export function seedTaxonomy(db: Db, seedsDir: string): void {
  createTaxonomyRepository(db).replaceLists(
    STORED_LISTS.map((l) => l.name),
    readTaxonomySeeds(seedsDir),
  )
}
