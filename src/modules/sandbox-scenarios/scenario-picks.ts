import type { ScenarioRegistry } from './scenario-registry.ts'
import type { Scenario } from './scenario.schemas.ts'

/**
 * Scenarios a partner picked in the console for its next call to the bank's API: applied once, to
 * the next /v1 request of the partner that names no scenario itself (header or magic value), then
 * forgotten. Kept in memory: a pick is a moment's intention, not data.
 */
export function createScenarioPicks(scenarios: Pick<ScenarioRegistry, 'get'>) {
  const picks = new Map<string, Scenario>()
  return {
    /** @returns false when no scenario has that name. */
    pick(partnerUniqueID: string, name: string): boolean {
      const scenario = scenarios.get(partnerUniqueID, name)
      if (!scenario) return false
      picks.set(partnerUniqueID, scenario)
      return true
    },
    current: (partnerUniqueID: string): Scenario | undefined => picks.get(partnerUniqueID),
    cancel: (partnerUniqueID: string): void => void picks.delete(partnerUniqueID),
    /** The partner's pick, taken (it applies once). */
    take(partnerUniqueID: string): Scenario | undefined {
      const scenario = picks.get(partnerUniqueID)
      picks.delete(partnerUniqueID)
      return scenario
    },
  }
}

export type ScenarioPicks = ReturnType<typeof createScenarioPicks>
