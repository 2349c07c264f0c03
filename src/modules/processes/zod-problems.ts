import type { z } from 'zod'
import type { Problem } from '../../http/api-error.ts'
import { problemsFromZod } from '../../http/validation-hook.ts'
import { notAllowed, text } from '../../http/problems.ts'

const UNKNOWN_FIELD = text('não é um campo deste grupo (atenção às maiúsculas).', 'it is not a field of this group (mind the casing).')

/**
 * The problems of a schema's failure, as the app's validation hook words them, with an unknown
 * field named one by one (a misspelt name never passes unnoticed) and every path under `prefix`.
 */
export function zodProblems(error: z.ZodError, input: unknown, prefix: readonly string[] = []): Problem[] {
  const wrapped = prefix.reduceRight<unknown>((inner, key) => ({ [key]: inner }), input)
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => notAllowed([...prefix, ...issue.path.map(String), key].join('.'), UNKNOWN_FIELD))
      : problemsFromZod({ issues: [{ ...issue, path: [...prefix, ...issue.path] }] } as z.ZodError, wrapped),
  )
}
