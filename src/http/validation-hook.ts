import type { Hook } from '@hono/zod-openapi'
import type { z } from 'zod'
import { ApiError, type Problem } from './api-error.ts'
import type { ErrorKey } from './error-catalogue.ts'

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let current = data
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return current
}

function limitText(issue: { code: string; minimum?: unknown; maximum?: unknown; inclusive?: boolean; origin?: string }): string {
  const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : ''
  if (issue.code === 'too_small') return `${issue.inclusive === false ? '>' : '>='} ${String(issue.minimum)}${unit}`
  return `${issue.inclusive === false ? '<' : '<='} ${String(issue.maximum)}${unit}`
}

/**
 * Turns zod issues into problems of the catalogue, naming each field by its dotted path
 * (`loanSimulator.loanAmount`). A field absent from the input is 010101, as the document says.
 * Refinements set `params.errorKey` (and the message values) to pick their own catalogue entry.
 */
export function problemsFromZod(error: z.ZodError, input: unknown): Problem[] {
  return error.issues.map((issue): Problem => {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body'
    switch (issue.code) {
      case 'invalid_type':
        return valueAt(input, issue.path) === undefined
          ? { key: 'MISSING_FIELD', field }
          : { key: 'INVALID_TYPE', field, params: { expected: issue.expected } }
      case 'too_small':
      case 'too_big':
        return { key: 'OUT_OF_RANGE', field, params: { limit: limitText(issue as never) } }
      case 'invalid_format':
        return { key: 'INVALID_FORMAT', field, params: { format: issue.format } }
      case 'custom': {
        const { errorKey, ...params } = (issue.params ?? {}) as { errorKey?: ErrorKey } & Record<string, string | number>
        return errorKey ? { key: errorKey, field, params } : { key: 'INVALID_VALUE', field }
      }
      default:
        return { key: 'INVALID_VALUE', field }
    }
  })
}

/** The app's defaultHook: every request validation failure becomes the same 400 body. */
export const validationHook: Hook<unknown, never, string, unknown> = (result) => {
  if (!result.success) {
    const input = (result as { data?: unknown }).data
    throw ApiError.validation(problemsFromZod(result.error as z.ZodError, input))
  }
}
