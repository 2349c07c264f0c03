import { describe, expect, it } from 'vitest'
import { createTestSandbox } from '../../support/test-app.ts'
import { createSimulation } from '../simulations/simulation-fixtures.ts'

describe('the ESIS render threads on a stop', () => {
  it("answer the render under way, then end: the server's stop of the workers waits for it", async () => {
    // Threads of its own, which its stop ends.
    const s = await createTestSandbox({ esisRendering: { threads: 1, perPartner: null, queue: 8 } })
    const { id } = await createSimulation(s)
    const pool = s.services.esisRenders
    const answering = s.request(`/v1/simulations/${id}/esis`, { headers: { Authorization: `Bearer ${s.tokens.a}` } })
    for (let i = 0; pool.status().running === 0; i++) {
      if (i > 4000) throw new Error('the render never started')
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
    const stopped = s.services.workers.stop()
    const answer = await answering
    expect(answer.status).toBe(200)
    expect(
      Buffer.from(await answer.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-')
    await stopped
    expect(pool.status()).toEqual({ threadIds: [], running: 0, waiting: 0 })
  })
})
