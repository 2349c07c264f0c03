import type { TaxonomyCatalog } from '../taxonomy/index.ts'
import { ScenarioFileError } from './scenario-loader.ts'
import type { Scenario } from './scenario.schemas.ts'

/**
 * The reference-list codes and ids scenario files name must exist, or the start stops naming the
 * scenario: a typo in a partner's file would otherwise surface only when its effect runs.
 * @throws ScenarioFileError
 */
export function checkScenarioReferences(scenarios: readonly Scenario[], taxonomy: TaxonomyCatalog): void {
  const problems: string[] = []
  const code = (list: string, value: string | undefined, where: string) => {
    if (value !== undefined && !taxonomy.byCode(list, value)) problems.push(`${where}: "${value}" is not a code of ${list}`)
  }
  for (const scenario of scenarios) {
    scenario.effects.forEach((effect, index) => {
      const where = `scenario ${scenario.name}, effects.${index}`
      if (effect.type === 'simulationEligibility') code('simulation-reject-reasons', effect.reasonCode, `${where}.reasonCode`)
      if (effect.type === 'processLifecycle') {
        effect.steps.forEach((step, n) => code('proposal-reject-reasons', step.rejectReasonCode, `${where}.steps.${n}.rejectReasonCode`))
      }
      if (effect.type === 'documentRequested' && !taxonomy.has('document-types', effect.documentTypeId)) {
        problems.push(`${where}.documentTypeId: ${effect.documentTypeId} is not an id of document-types`)
      }
    })
  }
  if (problems.length > 0) throw new ScenarioFileError(`Scenario files name unknown reference data: ${problems.join('; ')}`)
}
