import type { Scenario } from './scenario.schema.ts'

function valueAt(body: unknown, path: string): unknown {
  let current = body
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

/** The scenarios known to this sandbox, by name and by magic value. */
export function createScenarioRegistry(scenarios: Scenario[]) {
  const byName = new Map(scenarios.map((s) => [s.name, s]))
  const magic = scenarios.flatMap((scenario) => scenario.triggers.magicValues.map((m) => ({ ...m, scenario })))
  return {
    all: (): readonly Scenario[] => scenarios,
    byHeader: (name: string): Scenario | undefined => {
      const scenario = byName.get(name)
      return scenario?.triggers.header ? scenario : undefined
    },
    get: (name: string): Scenario | undefined => byName.get(name),
    /** The scenario whose magic value the document (a request body or a stored record) carries. */
    matchMagic(document: unknown): Scenario | undefined {
      if (document === null || typeof document !== 'object') return undefined
      return magic.find((m) => valueAt(document, m.field) === m.equals)?.scenario
    },
  }
}

export type ScenarioRegistry = ReturnType<typeof createScenarioRegistry>
