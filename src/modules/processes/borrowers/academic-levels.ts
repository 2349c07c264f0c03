import type { Lang, LocalizedText } from '../../../common/language.ts'

/**
 * academicLevelID of Borrower Get: the document lists no reference list for it, so the sandbox
 * keeps this one (the Portuguese education levels, ISCED 2011 mapping) and publishes it in the
 * field's description.
 */
export const ACADEMIC_LEVELS: ReadonlyMap<number, LocalizedText> = new Map([
  [1, { 'pt-PT': 'Sem escolaridade', en: 'No formal education' }],
  [2, { 'pt-PT': 'Ensino básico - 1.º ciclo', en: 'Primary education (4th grade)' }],
  [3, { 'pt-PT': 'Ensino básico - 2.º e 3.º ciclos', en: 'Lower secondary education (9th grade)' }],
  [4, { 'pt-PT': 'Ensino secundário', en: 'Upper secondary education (12th grade)' }],
  [5, { 'pt-PT': 'Ensino pós-secundário não superior', en: 'Post-secondary non-tertiary education' }],
  [6, { 'pt-PT': 'Bacharelato', en: 'Bachelor (former 3-year degree)' }],
  [7, { 'pt-PT': 'Licenciatura', en: "Bachelor's degree (licenciatura)" }],
  [8, { 'pt-PT': 'Mestrado', en: "Master's degree" }],
  [9, { 'pt-PT': 'Doutoramento', en: 'Doctorate' }],
])

export const describeAcademicLevel = (id: number | null | undefined, lang: Lang): string | null =>
  id === null || id === undefined ? null : (ACADEMIC_LEVELS.get(id)?.[lang] ?? null)

export const ACADEMIC_LEVELS_TEXT = [...ACADEMIC_LEVELS].map(([id, text]) => `${id} ${text.en}`).join(', ')
