import type { Problem } from '../../common/api-error.ts'
import { withoutNulls } from '../../common/json-merge-patch.ts'
import { zodProblems } from '../../common/zod-problems.ts'
import { SimulationInputSchema, type SimulationInput } from './simulation-input.schemas.ts'
import type { LoanService } from '../loan/index.ts'

export interface SimulationValidation {
  problems: Problem[]
  /** The canonical input (no nulls), when there is no problem. */
  input: SimulationInput | null
}

/**
 * The one validation of Simulation Create, Update (on the merged result) and Validate: the schema's
 * types and bounds, then the rules, every problem one item naming its field. A field sent as null
 * counts as absent.
 */
export function validateSimulationInput(raw: unknown, loan: Pick<LoanService, 'ruleProblems'>, today: string): SimulationValidation {
  const input = withoutNulls(raw)
  const parsed = SimulationInputSchema.safeParse(input)
  const problems = parsed.success ? [] : zodProblems(parsed.error, input)
  problems.push(...loan.ruleProblems(input, today, parsed.success ? parsed.data : undefined))
  return { problems, input: parsed.success && problems.length === 0 ? parsed.data : null }
}
