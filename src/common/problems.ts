import type { Problem } from './api-error.ts'
import { ERRORS, type ErrorKey } from './error-catalogue.ts'
import { interpolate, LANGUAGES, type Lang, type LocalizedText } from './language.ts'

/** The same text in both languages of the sandbox. */
export const text = (pt: string, en: string): LocalizedText => ({ 'pt-PT': pt, en })

/**
 * A problem whose catalogue message takes values that differ by language (a detail sentence, a
 * status description): the message is filled per language here, `{field}` is left for rendering.
 */
export function localizedProblem(key: ErrorKey, field: string, values: Record<string, LocalizedText | string | number>): Problem {
  const message = Object.fromEntries(
    LANGUAGES.map((lang: Lang) => {
      const filled = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'object' ? value[lang] : value]))
      return [lang, interpolate(ERRORS[key].message[lang], filled)]
    }),
  ) as LocalizedText
  return { key, field, message }
}

export const missing = (field: string): Problem => ({ key: 'MISSING_FIELD', field })

export const unknownReference = (field: string, value: number, list: string): Problem => ({
  key: 'UNKNOWN_REFERENCE',
  field,
  params: { value, list },
})

export const notAllowed = (field: string, detail: LocalizedText): Problem => localizedProblem('FIELD_NOT_ALLOWED', field, { detail })

export const invalidCombination = (field: string, detail: LocalizedText): Problem => localizedProblem('INVALID_COMBINATION', field, { detail })

export const outOfRange = (field: string, limit: string): Problem => ({ key: 'OUT_OF_RANGE', field, params: { limit } })
