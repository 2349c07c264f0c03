import type { Lang } from '../../common/language.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'

/** The texts of a notification's data that describe an id of a reference list, with that id and list. */
const DESCRIBED = [
  { text: 'processStatusDescription', id: 'processStatusId', list: 'workflow-states-proposal' },
  { text: 'simulationStatusDescription', id: 'simulationStatusId', list: 'workflow-states-simulation' },
  { text: 'documentTypeDescription', id: 'documentTypeId', list: 'document-types' },
  { text: 'rejectReasonDescription', id: 'rejectReasonId', list: 'proposal-reject-reasons' },
] as const

/**
 * A notification's data with every description written in the partner's language (docs/design.md
 * "Callbacks"): whoever published it, in whichever request's language, the description is read
 * again from its id. The bank's message texts are chosen in that language where they are written
 * (the scenarios' scheduler).
 */
export function inPartnerLanguage(data: Record<string, unknown>, lang: Lang, taxonomy: TaxonomyCatalog): Record<string, unknown> {
  let out = data
  for (const { text, id, list } of DESCRIBED) {
    const value = data[id]
    if (!(text in data) || typeof value !== 'number') continue
    const description = taxonomy.describe(list, value, lang)
    if (description !== undefined && description !== data[text]) out = { ...out, [text]: description }
  }
  return out
}
