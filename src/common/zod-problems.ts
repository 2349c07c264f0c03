import type { z } from 'zod'
import type { Problem } from './api-error.ts'
import type { ErrorKey } from './error-catalogue.ts'
import type { LocalizedText } from './language.ts'
import { localizedProblem, notAllowed, text } from './problems.ts'

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

interface BoundIssue {
  code: 'too_small' | 'too_big'
  minimum?: unknown
  maximum?: unknown
  inclusive?: boolean
  origin?: string
}

/** The bound an issue broke, in each language: '>= 12', or '>= 2 caracteres' / '>= 2 characters'. */
function limitText(issue: BoundIssue): LocalizedText | string {
  const bound =
    issue.code === 'too_small' ? `${issue.inclusive === false ? '>' : '>='} ${String(issue.minimum)}` : `${issue.inclusive === false ? '<' : '<='} ${String(issue.maximum)}`
  if (issue.origin === 'string') return text(`${bound} caracteres`, `${bound} characters`)
  if (issue.origin === 'array') return text(`${bound} elementos`, `${bound} items`)
  return bound
}

const UNKNOWN_FIELD = text('não é um campo deste grupo (atenção às maiúsculas).', 'it is not a field of this group (mind the casing).')

function problemOf(issue: z.core.$ZodIssue, input: unknown): Problem {
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body'
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined ? { key: 'MISSING_FIELD', field } : { key: 'INVALID_TYPE', field, params: { expected: issue.expected } }
    case 'too_small':
    case 'too_big': {
      const limit = limitText(issue)
      return typeof limit === 'string' ? { key: 'OUT_OF_RANGE', field, params: { limit } } : localizedProblem('OUT_OF_RANGE', field, { limit })
    }
    case 'invalid_format':
      return { key: 'INVALID_FORMAT', field, params: { format: issue.format } }
    case 'custom': {
      const { errorKey, ...params } = (issue.params ?? {}) as { errorKey?: ErrorKey } & Record<string, string | number>
      return errorKey ? { key: errorKey, field, params } : { key: 'INVALID_VALUE', field }
    }
    default:
      return { key: 'INVALID_VALUE', field }
  }
}

/**
 * Turns zod issues into problems of the catalogue, naming each field by its dotted path
 * (`loanSimulator.loanAmount`). A field absent from the input is 010101, as the document says.
 * Refinements set `params.errorKey` (and the message values) to pick their own catalogue entry.
 * What the validators of the routes answer.
 */
export const problemsFromZod = (error: z.ZodError, input: unknown): Problem[] => error.issues.map((issue) => problemOf(issue, input))

/**
 * The same for the bodies the services validate themselves, where an unknown field is also named one
 * by one (010108: a misspelt `numberOfBorrowers` never passes unnoticed). With a `prefix`, every path
 * is reported under it (a group the schema validates on its own).
 */
export function zodProblems(error: z.ZodError, input: unknown, prefix: readonly string[] = []): Problem[] {
  const wrapped = prefix.reduceRight<unknown>((inner, key) => ({ [key]: inner }), input)
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => notAllowed([...prefix, ...issue.path.map(String), key].join('.'), UNKNOWN_FIELD))
      : [problemOf({ ...issue, path: [...prefix, ...issue.path] }, wrapped)],
  )
}
