import { SIMULATION_INPUT_EXAMPLE, type SimulationInput } from '../../../src/modules/simulations/simulation-input.schemas.ts'
import type { TestSandbox } from '../../support/test-app.ts'

type Loose = Record<string, unknown>
export interface InputOverrides {
  loanSimulator?: Loose
  borrowersSimulator?: Loose
  propertySimulator?: Loose
}

/**
 * The OpenAPI example (eligible: two borrowers in their thirties, 200,000 € on 250,000 €, variable
 * Euribor 6M) with group fields replaced; a field set to undefined is removed.
 */
export function simulationInput(overrides: InputOverrides = {}): SimulationInput {
  const merge = (base: Loose, patch: Loose = {}) => {
    const out: Loose = { ...base, ...patch }
    for (const [key, value] of Object.entries(patch)) if (value === undefined) delete out[key]
    return out
  }
  return {
    loanSimulator: merge(SIMULATION_INPUT_EXAMPLE.loanSimulator, overrides.loanSimulator),
    borrowersSimulator: merge(SIMULATION_INPUT_EXAMPLE.borrowersSimulator, overrides.borrowersSimulator),
    propertySimulator: merge(SIMULATION_INPUT_EXAMPLE.propertySimulator, overrides.propertySimulator),
  } as SimulationInput
}

/** A single borrower: the key borrower of the example alone. */
export const SINGLE_BORROWER: Loose = Object.fromEntries(
  Object.keys(SIMULATION_INPUT_EXAMPLE.borrowersSimulator)
    .filter((key) => key.startsWith('borrower'))
    .map((key) => [key, undefined]),
)
Object.assign(SINGLE_BORROWER, { numberOfborrowers: 1, keyBorrowerIncomeWagesPensions: 4200 })

export const FIXED_RATE = { interestRateTypeID: 1, indexTypeID: undefined, fixedPeriodID: 5 }
export const MIXED_RATE = { interestRateTypeID: 3, indexTypeID: undefined, indexTypeMixedID: 2, fixedPeriodID: 3 }

/** Creates a simulation as broker A (or the token given); returns its id and the create answer. */
export async function createSimulation(s: TestSandbox, input: unknown = simulationInput(), token?: string) {
  const res = await s.call('POST', '/v1/simulations', { body: input, ...(token ? { token } : {}) })
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`)
  return { id: res.json.additionalData.simulationUniqueID as string, res }
}

/** Moves a simulation of broker A to a status, as the sandbox control API will. */
export function forceStatus(s: TestSandbox, id: string, code: 'COMPLETED' | 'CANCELLED' | 'EXPIRED', brokerId = 1001) {
  const { simulations } = s.services
  simulations.changeStatus(brokerId, id, simulations.statuses.id(code), 'sandbox')
}
