import type { ScenarioIndex } from './scenario-index.ts'
import type { Scenario } from './scenario.schemas.ts'

/** Whose a scenario is: the sandbox's (the shipped files and the operator's folder) or the calling partner's own. */
export type ScenarioOwner = 'sandbox' | 'partner'

export interface OwnedScenario {
  scenario: Scenario
  owner: ScenarioOwner
}

/**
 * The scenarios a partner's requests may run under: the sandbox's files and the partner's own.
 * Every lookup names the partner, so another partner's scenarios are never found, by name or by
 * magic value. The partner's own come first: a magic value it defined wins over a file's (it
 * asked for it), and should an operator's file later take the name of a stored scenario, the
 * partner keeps its own.
 */
export function createScenarioRegistry(files: ScenarioIndex, ownOf: (partnerUniqueID: string) => ScenarioIndex) {
  return {
    /** The sandbox's files, the same for every partner (the OpenAPI document's header values). */
    files: (): readonly Scenario[] => files.all(),
    /** What the partner may use: the sandbox's scenarios, then its own. */
    all(partnerUniqueID: string): OwnedScenario[] {
      const own = ownOf(partnerUniqueID)
      return [
        ...files
          .all()
          .filter((s) => !own.get(s.name))
          .map((scenario): OwnedScenario => ({ scenario, owner: 'sandbox' })),
        ...own.all().map((scenario): OwnedScenario => ({ scenario, owner: 'partner' })),
      ]
    },
    byHeader(partnerUniqueID: string, name: string): Scenario | undefined {
      const own = ownOf(partnerUniqueID)
      return own.get(name) ? own.byHeader(name) : files.byHeader(name)
    },
    get: (partnerUniqueID: string, name: string): Scenario | undefined => ownOf(partnerUniqueID).get(name) ?? files.get(name),
    /** The scenario whose magic value the document (a request body or a stored record) carries. */
    matchMagic: (partnerUniqueID: string, document: unknown): Scenario | undefined => ownOf(partnerUniqueID).matchMagic(document) ?? files.matchMagic(document),
  }
}

export type ScenarioRegistry = ReturnType<typeof createScenarioRegistry>
