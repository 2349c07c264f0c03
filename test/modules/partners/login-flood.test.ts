import type { ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import type { LoginLimits } from '../../../src/platform/config.ts'
import { serveApp } from '../../../src/http/node-adapter/index.ts'
import { createTestSandbox } from '../../support/test-app.ts'

/** The hosted limits, one hash at a time: the flood and the other partner's login share one slot. */
const HOSTED: LoginLimits = { perUser: { burst: 10, perMinute: 10 }, perAddress: { burst: 30, perMinute: 30 }, hashes: 1, queuePerPartner: 10, queue: 40 }

let server: ServerType | undefined
afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

/**
 * A sandbox on a real Node server on loopback, hashing at 2^15 (a quarter of the production cost's
 * memory and time): long enough that the flood's hashes are still waiting when its refusals are
 * all answered.
 */
async function listeningSandbox() {
  const s = await createTestSandbox({ trustProxy: true, logins: HOSTED, passwordCost: { N: 2 ** 15, r: 8, p: 1 } })
  await new Promise<void>((resolve) => (server = serveApp((request, env) => s.app.fetch(request, env), { port: 0, hostname: '127.0.0.1' }, resolve)))
  const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`
  const login = async (username: string, address: string) => {
    const started = performance.now()
    const res = await fetch(`${base}/v1/authentication`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify({ username, password: 'sandbox' }),
    })
    const body = (await res.json()) as { errors?: Array<{ errorCode: string }> }
    return { status: res.status, retryAfter: res.headers.get('retry-after'), code: body.errors?.[0]?.errorCode, ms: performance.now() - started }
  }
  return { s, login }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describe('a flood of one user’s logins', () => {
  it("answers one user's 50 parallel successful logins past its burst with 429s, while another partner's login answers in time", async () => {
    const { login } = await listeningSandbox()
    // Partner B's login alone (its hash already upgraded when the sandbox logged it in).
    const alone = median([(await login('broker-b', '192.0.2.20')).ms, (await login('broker-b', '192.0.2.20')).ms, (await login('broker-b', '192.0.2.20')).ms])

    const finished: string[] = []
    let refusalsAnswered!: () => void
    const refusals = new Promise<void>((resolve) => (refusalsAnswered = resolve))
    const flood = Array.from({ length: 50 }, (_, i) =>
      login('broker-a', `198.51.100.${i}`).then((answer) => {
        finished.push(`A${answer.status}`)
        // 41 answers: as many as the refusals should be, whatever they turn out to be.
        if (finished.length === 41) refusalsAnswered()
        return answer
      }),
    )
    // The refusals answer at once: then every login of the flood has been read, and the admitted ones wait for the slot.
    await refusals
    const during = await login('broker-b', '192.0.2.20')
    finished.push('B')
    const answers = await Promise.all(flood)

    // broker-a logged in once when the sandbox started: nine of its ten are left.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(9)
    const tooMany = answers.filter((a) => a.status === 429)
    expect(tooMany).toHaveLength(41)
    for (const answer of tooMany) expect([answer.code, Number(answer.retryAfter) >= 1]).toEqual(['010511', true])

    // B took the slot after the hash running when it came, not after A's whole queue.
    expect(during.status).toBe(200)
    const aAfterB = finished.slice(finished.indexOf('B')).filter((a) => a === 'A200').length
    expect(aAfterB).toBeGreaterThanOrEqual(5)
    // About one and a half hashes against one alone; behind A's queue it would be ten. Loose, for a busy machine.
    expect(during.ms).toBeLessThan(4 * alone + 50)
  })
})
