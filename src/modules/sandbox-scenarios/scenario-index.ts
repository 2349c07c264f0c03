import type { Scenario } from './scenario.schemas.ts'

function valueAt(body: unknown, path: readonly string[]): unknown {
  let current = body
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

/** A set of scenarios (the files', or one partner's own) by name and by magic value. */
export function createScenarioIndex(scenarios: readonly Scenario[]) {
  const byName = new Map(scenarios.map((s) => [s.name, s]))
  // Magic values by field: a body is read once per field, whatever the number of scenarios. When
  // several match, the first declared wins (its position in `order`).
  const byField = new Map<string, { path: string[]; byValue: Map<unknown, { order: number; scenario: Scenario }> }>()
  let order = 0
  for (const scenario of scenarios) {
    for (const { field, equals } of scenario.triggers.magicValues) {
      const entry = byField.get(field) ?? { path: field.split('.'), byValue: new Map() }
      byField.set(field, entry)
      if (!entry.byValue.has(equals)) entry.byValue.set(equals, { order, scenario })
      order += 1
    }
  }
  const fields = [...byField.values()]
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
      let first: { order: number; scenario: Scenario } | undefined
      for (const { path, byValue } of fields) {
        const value = valueAt(document, path)
        const match = value === undefined ? undefined : byValue.get(value)
        if (match && (!first || match.order < first.order)) first = match
      }
      return first?.scenario
    },
  }
}

export type ScenarioIndex = ReturnType<typeof createScenarioIndex>
