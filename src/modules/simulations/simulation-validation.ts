import type { z } from 'zod'
import type { Problem } from '../../http/api-error.ts'
import { problemsFromZod } from '../../http/validation-hook.ts'
import { notAllowed, text } from '../../http/problems.ts'
import { SimulationInputSchema, type SimulationInput } from './simulation-input.schemas.ts'
import { simulationRuleProblems, type RuleContext } from './simulation-rules.ts'

export interface SimulationValidation {
  problems: Problem[]
  /** The canonical input (no nulls), when there is no problem. */
  input: SimulationInput | null
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Create and Validate: a field sent as null counts as absent (generated clients often send nulls). */
export function withoutNulls(raw: unknown): unknown {
  if (!isObject(raw)) return raw
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(raw)) {
    const group = raw[key]
    if (group === null) continue
    if (!isObject(group)) {
      ownField(out, key, group)
      continue
    }
    const fields: Record<string, unknown> = {}
    for (const field of Object.keys(group)) if (group[field] !== null) ownField(fields, field, group[field])
    ownField(out, key, fields)
  }
  return out
}

/** Sets a field as an own property, even one named `__proto__` (so the schema reports it as unknown). */
function ownField(target: Record<string, unknown>, key: string, value: unknown) {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}

const UNKNOWN_FIELD = text('não é um campo deste grupo (atenção às maiúsculas).', 'it is not a field of this group (mind the casing).')

function schemaProblems(error: z.ZodError, input: unknown): Problem[] {
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => notAllowed([...issue.path.map(String), key].join('.'), UNKNOWN_FIELD))
    }
    return problemsFromZod({ issues: [issue] } as z.ZodError, input)
  })
}

/**
 * The one validation of Simulation Create, Update (on the merged result) and Validate: the schema's
 * types and bounds, then the rules, every problem one item naming its field.
 */
export function validateSimulationInput(raw: unknown, ctx: RuleContext): SimulationValidation {
  const input = withoutNulls(raw)
  const parsed = SimulationInputSchema.safeParse(input)
  const problems = parsed.success ? [] : schemaProblems(parsed.error, input)
  problems.push(...simulationRuleProblems(input, ctx))
  return { problems, input: parsed.success && problems.length === 0 ? parsed.data : null }
}

/**
 * Simulation Update: JSON Merge Patch (RFC 7396) of the stored input, two levels deep. A field
 * left out keeps its value; null removes it. Whatever the patch holds is validated afterwards.
 */
export function mergeSimulationPatch(stored: SimulationInput, patch: unknown): unknown {
  if (!isObject(patch)) return patch
  const merged: Record<string, unknown> = { ...stored }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      delete merged[key]
    } else if (isObject(value) && isObject(merged[key])) {
      const group: Record<string, unknown> = { ...(merged[key] as Record<string, unknown>) }
      for (const [field, fieldValue] of Object.entries(value)) {
        if (fieldValue === null) delete group[field]
        else group[field] = fieldValue
      }
      merged[key] = group
    } else {
      merged[key] = value
    }
  }
  return merged
}
