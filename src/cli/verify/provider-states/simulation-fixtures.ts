import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { SAMPLE_JOURNEY } from '../../../modules/sandbox-control/index.ts'
import { defineFixture, FixtureError, partnerParam, type FixtureContext } from './fixture.ts'

const { eligibleSimulation: ELIGIBLE_SIMULATION, notEligibleSimulation: NOT_ELIGIBLE_SIMULATION } = SAMPLE_JOURNEY

const simulationParams = z.strictObject({ simulationUniqueId: z.uuid(), ...partnerParam })

/** Creates a simulation through Simulation Create's service, with the id given. */
export function createSimulation(ctx: FixtureContext, simulationUniqueId: string, input: unknown = ELIGIBLE_SIMULATION) {
  const outcome = ctx.services.simulations.create(ctx.actor, input, {}, simulationUniqueId)
  if (input === ELIGIBLE_SIMULATION && !outcome.eligible) {
    throw new FixtureError(`the fixture simulation is not eligible any more: ${outcome.failures.map((f) => f.code).join(', ')}`)
  }
  return outcome
}

export const simulationExists = defineFixture({
  name: 'a simulation exists',
  description: 'An eligible simulation (Simulated) with this id: two borrowers, 200,000 € over 30 years on a 250,000 € home, variable rate.',
  params: simulationParams,
  load: (ctx, p) => void createSimulation(ctx, p.simulationUniqueId),
})

export const completedSimulationExists = defineFixture({
  name: 'a completed simulation exists',
  description: "A simulation made Completed by creating a process from it (processUniqueId, if given, is that process's id).",
  params: simulationParams.extend({ processUniqueId: z.uuid().optional() }),
  load(ctx, p) {
    createSimulation(ctx, p.simulationUniqueId)
    ctx.services.processes.create(ctx.actor, p.simulationUniqueId, { processUniqueId: p.processUniqueId ?? randomUUID() })
  },
})

export const nonEligibleSimulationExists = defineFixture({
  name: 'a non-eligible simulation exists',
  description: 'A simulation the engine finds not eligible (Not eligible, DSTI above the limit): cancelable, but no process can be created from it.',
  params: simulationParams,
  load(ctx, p) {
    const outcome = createSimulation(ctx, p.simulationUniqueId, NOT_ELIGIBLE_SIMULATION)
    if (outcome.eligible) throw new FixtureError('the non-eligible fixture simulation came out eligible')
  },
})

export const cancelledSimulationExists = defineFixture({
  name: 'a cancelled simulation exists',
  description: 'A simulation cancelled with the first simulation cancel reason and a comment (Cancelled).',
  params: simulationParams,
  load(ctx, p) {
    createSimulation(ctx, p.simulationUniqueId)
    const reason = ctx.services.taxonomy.items('simulation-cancel-reasons')[0]!
    ctx.services.simulations.cancel(ctx.actor, p.simulationUniqueId, reason.id, 'Cancelada pelo cliente.')
  },
})

export const simulationHasBankMessage = defineFixture({
  name: 'a simulation has a bank message',
  description: 'An eligible simulation with one message written by the bank (notification 7 raised).',
  params: simulationParams.extend({ messageText: z.string().min(1).max(2000).optional() }),
  load(ctx, p) {
    createSimulation(ctx, p.simulationUniqueId)
    ctx.services.messages.simulation.addBankMessage(ctx.actor, p.simulationUniqueId, p.messageText ?? 'Precisamos do último recibo de vencimento.')
  },
})

export const SIMULATION_FIXTURES = [simulationExists, completedSimulationExists, nonEligibleSimulationExists, cancelledSimulationExists, simulationHasBankMessage]
