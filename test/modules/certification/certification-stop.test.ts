import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestSandbox, PARTNER_A, type TestSandbox } from '../../support/test-app.ts'

/** A callback receiver that holds every probe until the test answers it. */
async function heldReceiver() {
  const held: ServerResponse[] = []
  let probed!: () => void
  const firstProbe = new Promise<void>((resolve) => (probed = resolve))
  const server = createServer((req: IncomingMessage, res) => {
    req.resume()
    held.push(res)
    probed()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    firstProbe,
    answerAll: () => held.splice(0).forEach((res) => res.writeHead(204).end()),
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}

let receiver: Awaited<ReturnType<typeof heldReceiver>> | undefined
afterEach(() => receiver?.close())

async function startRunAgainst(url: string): Promise<{ s: TestSandbox; runId: string }> {
  const s = await createTestSandbox({ callbackAllowHttp: true, callbackAllowPrivate: true })
  expect((await s.call('PUT', `/${PARTNER_A}/callbacks/6`, { body: { callbackUrl: url } })).status).toBe(201)
  const started = await s.call('POST', '/sandbox/certification/runs', { body: { checks: ['receiver-answers-in-time'] } })
  expect(started.status, started.text).toBe(202)
  return { s, runId: started.json.runId as string }
}

describe("a server's stop and the certification runs under way", () => {
  it('awaits a running certification: its own verdict is stored before the database closes', async () => {
    receiver = await heldReceiver()
    const { s, runId } = await startRunAgainst(receiver.url)
    await receiver.firstProbe
    const stopped = s.services.workers.stop(10_000)
    receiver.answerAll()
    await stopped
    const run = s.services.certification.get(PARTNER_A, runId)
    s.db.close()
    expect(run.status).not.toBe('running')
    // Probed and judged, not cut short by the stop.
    const evidence = JSON.stringify(run.results)
    expect(evidence).not.toContain('interrupted')
  })

  it('stores a run still probing at the end of the grace as failed (interrupted), never left running', async () => {
    receiver = await heldReceiver()
    const { s, runId } = await startRunAgainst(receiver.url)
    await receiver.firstProbe
    await s.services.workers.stop(50)
    const run = s.services.certification.get(PARTNER_A, runId)
    s.db.close()
    expect(run.status).toBe('failed')
    expect(JSON.stringify(run.results)).toContain('interrupted')
  })
})
