import { renderProblem, type Problem } from '../../common/api-error.ts'
import { invalidCombination, notAllowed, text } from '../../common/problems.ts'
import { processTransition } from '../../domain/workflow/index.ts'
import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { ScenarioFileError } from './scenario-loader.ts'
import type { Scenario } from './scenario.schemas.ts'

/** A scenario's code that is not in its reference list. */
const unknownCode = (field: string, value: string | number, list: string): Problem => ({ key: 'UNKNOWN_REFERENCE', field, params: { value, list } })

/**
 * What the schema alone cannot see in a scenario: the reference-list codes and ids it names must
 * exist, and its process lifecycle must follow the workflow from Submitted (a step the workflow
 * refuses would only be skipped when due, long after the mistake). Each problem names its field
 * (`effects.0.steps.1.status`).
 */
export function scenarioProblems(scenario: Scenario, taxonomy: TaxonomyCatalog): Problem[] {
  const problems: Problem[] = []
  const code = (list: string, value: string | undefined, field: string) => {
    if (value !== undefined && !taxonomy.byCode(list, value)) problems.push(unknownCode(field, value, list))
  }
  scenario.effects.forEach((effect, index) => {
    const where = `effects.${index}`
    if (effect.type === 'simulationEligibility') code('simulation-reject-reasons', effect.reasonCode, `${where}.reasonCode`)
    if (effect.type === 'processLifecycle') {
      let from: Parameters<typeof processTransition>[0] = 'SUBMITTED'
      effect.steps.forEach((step, n) => {
        const field = `${where}.steps.${n}`
        const move = processTransition(from, step.status)
        if (!move.allowed) {
          const next = move.next.join(', ') || '-'
          problems.push(
            invalidCombination(
              `${field}.status`,
              text(
                `o fluxo não passa um processo de ${from} a ${step.status} (de ${from}: ${next}).`,
                `the workflow does not move a process from ${from} to ${step.status} (from ${from}: ${next}).`,
              ),
            ),
          )
        }
        from = step.status
        if (step.rejectReasonCode !== undefined && step.status !== 'REJECTED') {
          problems.push(notAllowed(`${field}.rejectReasonCode`, text('só um passo REJECTED tem motivo de recusa.', 'only a REJECTED step has a reject reason.')))
        }
        code('proposal-reject-reasons', step.rejectReasonCode, `${field}.rejectReasonCode`)
      })
    }
    if (effect.type === 'documentRequested' && !taxonomy.has('document-types', effect.documentTypeId)) {
      problems.push(unknownCode(`${where}.documentTypeId`, effect.documentTypeId, 'document-types'))
    }
  })
  return problems
}

function fileMessage(problem: Problem): string {
  const { value, list } = problem.params ?? {}
  if (problem.key !== 'UNKNOWN_REFERENCE') return renderProblem(problem, 'en').errorMessage
  return typeof value === 'number' ? `${value} is not an id of ${list}` : `"${value}" is not a code of ${list}`
}

/**
 * The scenario files' problems stop the start, naming the scenario: a typo in a partner's file would
 * otherwise surface only when its effect runs.
 * @throws ScenarioFileError
 */
export function checkScenarioReferences(scenarios: readonly Scenario[], taxonomy: TaxonomyCatalog): void {
  const problems = scenarios.flatMap((scenario) => scenarioProblems(scenario, taxonomy).map((p) => `scenario ${scenario.name}, ${p.field}: ${fileMessage(p)}`))
  if (problems.length > 0) throw new ScenarioFileError(`Scenario files name unknown reference data: ${problems.join('; ')}`)
}
