import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { isFinal, SIMULATION_STATUS_CODES, SIMULATION_WORKFLOW, simulationTransition, type SimulationStatusCode } from '../../../src/domain/workflow/index.ts'

const ALLOWED: Array<[SimulationStatusCode, SimulationStatusCode]> = [
  ['SIMULATED', 'NOT_ELIGIBLE'],
  ['SIMULATED', 'COMPLETED'],
  ['SIMULATED', 'CANCELLED'],
  ['SIMULATED', 'EXPIRED'],
  ['NOT_ELIGIBLE', 'SIMULATED'],
  ['NOT_ELIGIBLE', 'CANCELLED'],
  ['NOT_ELIGIBLE', 'EXPIRED'],
]
const key = (from: string, to: string) => `${from}>${to}`
const allowed = new Set(ALLOWED.map(([from, to]) => key(from, to)))
const pairs = SIMULATION_STATUS_CODES.flatMap((from) => SIMULATION_STATUS_CODES.map((to) => [from, to] as const))

describe('the simulation workflow', () => {
  it.each(ALLOWED)('allows %s to %s', (from, to) => {
    expect(simulationTransition(from, to)).toEqual({ allowed: true })
  })

  it.each(pairs.filter(([from, to]) => !allowed.has(key(from, to))))('refuses %s to %s, naming where it may go instead', (from, to) => {
    expect(simulationTransition(from, to)).toEqual({ allowed: false, from, to, next: SIMULATION_WORKFLOW[from] })
  })

  it('agrees with the final and cancelable flags of workflow-states-simulation', () => {
    const items = JSON.parse(readFileSync('seeds/taxonomies/workflow-states-simulation.json', 'utf8')).items as Array<{
      code: SimulationStatusCode
      final: boolean
      cancelable: boolean
    }>
    expect(items.map((i) => i.code).sort()).toEqual([...SIMULATION_STATUS_CODES].sort())
    for (const item of items) {
      expect(isFinal(SIMULATION_WORKFLOW, item.code), item.code).toBe(item.final)
      expect(SIMULATION_WORKFLOW[item.code].includes('CANCELLED'), item.code).toBe(item.cancelable)
    }
  })
})
